/**
 * The upstream Company Data Service, as one `(Request) => Promise<Response>` (docs/product-rules.md, section 1):
 * the embedded service in-process when UPSTREAM_URL is unset, otherwise the remote service over
 * keep-alive connections.
 */
import type { EventEmitter } from 'node:events';
import type { IncomingHttpHeaders } from 'node:http';
import { type Dispatcher, Pool, request as undiciRequest } from 'undici';
import type { IndustryTree } from '../../contract/industry-tree';
import { PLAN_LABELS, PLANS, type Plan } from '../../contract/pricing';
import { industryTree } from '../../embedded/query/industry-search';
import { type Service, startService } from '../../embedded/service';
import { getMeta } from '../../embedded/store/db';
import { findKey } from '../../embedded/store/keys';

/** One call as the proxy makes it: path with query, the headers to send (key included), a JSON text body. */
export type UpstreamCall = {
  method: string;
  pathAndQuery: string;
  headers: Record<string, string>;
  body?: string;
  /** Emits 'abort' when the proxy gives up (its timeout): the call is cancelled. */
  abort: EventEmitter;
};

/** Reads one response header by name (any case), as `Headers.get` does; a WHATWG `Headers` is one. */
export type HeaderReader = { get(name: string): string | null };

/**
 * The whole answer: status, headers, body text; over the network also the body's bytes (without a
 * byte order mark), and then the text is decoded from them only when read.
 */
export type UpstreamAnswer = { status: number; headers: HeaderReader; readonly text: string; bytes?: Buffer };

/** An answer received as bytes; its text is decoded when first read. */
class BytesAnswer implements UpstreamAnswer {
  private decoded: string | undefined;
  constructor(
    readonly status: number,
    readonly headers: HeaderReader,
    readonly bytes: Buffer,
  ) {}
  get text(): string {
    this.decoded ??= this.bytes.toString('utf8');
    return this.decoded;
  }
}

export type Upstream = {
  kind: 'embedded' | 'remote';
  /** Never follows redirects: the proxy decides (docs/product-rules.md, section 1, the 307 rule). */
  fetch: (req: Request) => Promise<Response>;
  /**
   * The proxy's path: the same call without building WHATWG Request/Response objects and an
   * AbortController per call, which cost more CPU than the rest of the BFF's work together (remote:
   * undici's dispatcher directly, the body gathered as it arrives, no stream object per call).
   */
  send: (call: UpstreamCall) => Promise<UpstreamAnswer>;
  /** The key the BFF injects; never sent to or seen by the browser. */
  apiKey: string;
  /** The key's plan: UPSTREAM_PLAN, or the embedded key's own plan. */
  plan: Plan;
  /** The remote service's origin (a redirect is followed only within it). */
  origin?: string;
  /**
   * The day the service's data is dated from (YYYY-MM-DD): the embedded data set's today, from which
   * its job listings and signals are dated; undefined for the remote service (the calendar's today).
   * Signal filters count "posted within N days" from it (lists/screening.ts).
   */
  dataToday?: () => string | undefined;
  /**
   * The service's industry taxonomy as a tree (sectors, each with its industries): the embedded
   * service's own; undefined for the remote service, which documents no way to list it (the BFF then
   * serves the taxonomy it ships, ../industries/routes.ts).
   */
  industryTree?: () => IndustryTree;
  close: () => void;
};

export type UpstreamConfig = {
  upstreamUrl?: string;
  upstreamApiKey?: string;
  /** UPSTREAM_PLAN: the remote key's plan (the spec offers no way to ask); default enterprise. */
  upstreamPlan?: string;
  dataDir: string;
  companies?: number;
  seed?: number;
  log?: (line: string) => void;
};

export const DEFAULT_EMBEDDED_KEY = 'dev-enterprise-key';

export function parsePlan(raw: string | undefined, fallback: Plan): Plan {
  if (raw === undefined || raw === '') return fallback;
  const p = raw.trim().toLowerCase();
  const byLabel = PLANS.find((plan) => PLAN_LABELS[plan].toLowerCase() === p);
  const plan = (PLANS as readonly string[]).includes(p) ? (p as Plan) : byLabel;
  if (!plan) throw new Error(`UPSTREAM_PLAN must be one of ${PLANS.join(', ')}; got "${raw}"`);
  return plan;
}

/** The embedded service in-process: its Hono app's fetch, no network hop. */
export function embeddedUpstream(service: Service, apiKey = DEFAULT_EMBEDDED_KEY, plan?: string): Upstream {
  const key = findKey(service.ctx.db, apiKey);
  // The message names the problem, not the key: keys never appear in errors.
  if (!key)
    throw new Error('UPSTREAM_API_KEY is not a key of the embedded service (see `npm run keys list`)');
  return {
    kind: 'embedded',
    apiKey,
    plan: parsePlan(plan, key.plan),
    fetch: async (req) => service.fetch(req),
    dataToday: () => getMeta(service.ctx.db, 'dataset.today'),
    industryTree,
    send: async (call) => {
      const res = await service.fetch(
        new Request(`http://upstream${call.pathAndQuery}`, {
          method: call.method,
          headers: call.headers,
          ...(call.body !== undefined ? { body: call.body } : {}),
        }),
      );
      return { status: res.status, headers: res.headers, text: await res.text() };
    },
    close: () => service.close(),
  };
}

export type RemoteOptions = {
  /** Connections kept open per origin (default 64). */
  connections?: number;
  /** How long an idle connection stays open (ms, default 30 s). */
  keepAliveMs?: number;
};

/**
 * A remote service over one undici Pool for its origin: connections are kept alive and reused, so a
 * call pays no TCP (or TLS) set-up. The proxy's calls go through the pool's `dispatch` with a handler
 * that gathers the body, rather than `request` (a Readable per call) or `fetch` (WHATWG objects per
 * call): each cost a multiple of the CPU, which the BFF's overhead budget cannot spare.
 */
export function remoteUpstream(
  url: string,
  apiKey: string,
  plan?: string,
  opts: RemoteOptions = {},
): Upstream {
  const base = new URL(url);
  const prefix = base.pathname.replace(/\/$/, '');
  const pool = new Pool(base.origin, {
    connections: opts.connections ?? 64,
    keepAliveTimeout: opts.keepAliveMs ?? 30_000,
    keepAliveMaxTimeout: 10 * 60_000,
  });
  return {
    kind: 'remote',
    apiKey,
    origin: base.origin,
    plan: parsePlan(plan, 'enterprise'),
    fetch: async (req) => {
      const target = new URL(req.url);
      const headers: Record<string, string> = {};
      req.headers.forEach((v, k) => {
        headers[k] = v;
      });
      const body = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
      const res = await undiciRequest(`${base.origin}${prefix}${target.pathname}${target.search}`, {
        method: req.method as 'GET',
        headers,
        ...(body ? { body } : {}),
        signal: req.signal,
        dispatcher: pool,
      });
      const buf = await res.body.arrayBuffer();
      const noBody = res.statusCode === 204 || res.statusCode === 304;
      return new Response(noBody ? null : buf, { status: res.statusCode, headers: toHeaders(res.headers) });
    },
    send: (call) => dispatchCall(pool, `${prefix}${call.pathAndQuery}`, call),
    close: () => {
      void pool.close();
    },
  };
}

/**
 * One call through the dispatcher: the whole answer, or the connection's error. A class rather than
 * closures: this runs on every proxied call, and tsx names each closure it makes (a
 * `defineProperty` per closure per call).
 */
function dispatchCall(dispatcher: Dispatcher, path: string, call: UpstreamCall): Promise<UpstreamAnswer> {
  return new Promise((resolve, reject) => {
    const handler = new CallHandler(call, resolve, reject);
    dispatcher.dispatch(
      {
        path,
        method: call.method as Dispatcher.HttpMethod,
        headers: call.headers,
        ...(call.body !== undefined ? { body: call.body } : {}),
      },
      handler,
    );
  });
}

class CallHandler implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined;
  private aborted: Error | undefined;
  private status = 0;
  private headers: IncomingHttpHeaders = {};
  private readonly chunks: Buffer[] = [];
  private readonly onAbort: () => void;

  constructor(
    private readonly call: UpstreamCall,
    private readonly resolve: (answer: UpstreamAnswer) => void,
    private readonly reject: (err: Error) => void,
  ) {
    this.onAbort = this.abort.bind(this);
    call.abort.once('abort', this.onAbort);
  }

  private abort(): void {
    this.aborted = new Error('The proxy gave up on this call.');
    this.controller?.abort(this.aborted);
  }

  onRequestStart(c: Dispatcher.DispatchController): void {
    this.controller = c;
    if (this.aborted) c.abort(this.aborted);
  }

  onResponseStart(_c: Dispatcher.DispatchController, statusCode: number, h: IncomingHttpHeaders): void {
    this.status = statusCode;
    this.headers = h;
  }

  onResponseData(_c: Dispatcher.DispatchController, chunk: Buffer): void {
    this.chunks.push(chunk);
  }

  onResponseEnd(): void {
    this.call.abort.off('abort', this.onAbort);
    const { chunks } = this;
    const buf = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    // As `Response.text()` does: a byte order mark is no part of the text.
    const bom = buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf;
    this.resolve(new BytesAnswer(this.status, new RawHeaders(this.headers), bom ? buf.subarray(3) : buf));
  }

  onResponseError(_c: Dispatcher.DispatchController, err: Error): void {
    this.call.abort.off('abort', this.onAbort);
    this.reject(err);
  }
}

/** undici's parsed headers (names in lower case) read as `Headers.get` reads them. */
class RawHeaders implements HeaderReader {
  constructor(private readonly raw: IncomingHttpHeaders) {}
  get(name: string): string | null {
    const v = this.raw[name] ?? this.raw[name.toLowerCase()];
    return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
  }
}

function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const out = new Headers();
  for (const [k, v] of Object.entries(raw)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const one of v) out.append(k, one);
    else out.set(k, v);
  }
  return out;
}

export async function createUpstream(cfg: UpstreamConfig): Promise<Upstream> {
  if (cfg.upstreamUrl) {
    if (!cfg.upstreamApiKey) throw new Error('UPSTREAM_API_KEY is required when UPSTREAM_URL is set');
    return remoteUpstream(cfg.upstreamUrl, cfg.upstreamApiKey, cfg.upstreamPlan);
  }
  const service = await startService({
    dataDir: cfg.dataDir,
    ...(cfg.companies !== undefined ? { companies: cfg.companies } : {}),
    ...(cfg.seed !== undefined ? { seed: cfg.seed } : {}),
    ...(cfg.log ? { log: cfg.log } : {}),
  });
  try {
    return embeddedUpstream(service, cfg.upstreamApiKey ?? DEFAULT_EMBEDDED_KEY, cfg.upstreamPlan);
  } catch (err) {
    service.close();
    throw err;
  }
}
