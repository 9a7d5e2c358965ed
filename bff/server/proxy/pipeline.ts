/**
 * One call to the upstream on behalf of a user, as the browser asked for it: route check,
 * validation against the contract, cache, the worst case held against the budget and the cap
 * (ledger/budget.ts), the upstream call with its key, timeout and retries (./send.ts), the tolerant
 * reader, the ledger line written before the answer. The `/api/v1/*` proxy and the typed port
 * (`BffDeps.port`: exports, saved lists, lookalikes, enrichment) both run it.
 */

import type { ServiceEndpointId } from '../../contract/endpoints';
import { readJsonBody } from '../../contract/http';
import type { Plan } from '../../contract/pricing';
import { PROBLEM_CONTENT_TYPE, zodFields } from '../../contract/problem';
import { ownAdditionLookup } from '../additions/ownership';
import type { ResponseCache } from '../cache/cache';
import { cacheKey } from '../cache/cache';
import type { BffUser, ProxiedCall } from '../context';
import { estimateCost, type Holds } from '../ledger/budget';
import type { Ledger } from '../ledger/ledger';
import type { Hold, HoldLimits } from '../store/store';
import type { Upstream } from '../upstream/upstream';
import { ADMINS_ONLY, invalidProblem, problem } from './problem';
import { fromUpstream, mayAdapt, toUpstream } from './real-service';
import { EMPTY_RESULTS, matchProxyRoute, type ProxyRoute } from './routes';
import { createSend } from './send';
import { creditsOf, type ReadAnswer, readAnswer, scrub } from './tolerant';

export type PipelineOptions = {
  upstream: Upstream;
  ledger: Ledger;
  cache?: ResponseCache;
  /**
   * The limits a user's paid call must fit: their daily budget and the team's monthly cap (null:
   * none). Known at once for most calls (a signed-in user's budget comes with the session; the cap
   * read is kept for a second).
   */
  limitsOf: (user: BffUser) => HoldLimits | Promise<HoldLimits>;
  /** Where paid calls hold their worst case (every instance's calls alike). */
  holds: Holds;
  /** The upstream key's plan: what a call may cost depends on it. */
  plan: Plan;
  /** Per attempt, covering the whole answer (headers and body). */
  timeoutMs: number;
  /** Extra attempts of a GET after a 502, a 503 or a connection error. */
  retries: number;
  /** First backoff step; each retry waits a random time up to base x 2^attempt (full jitter). */
  retryBaseMs: number;
  onProxied: (call: ProxiedCall) => void | Promise<void>;
  /**
   * Who submitted an addition request (null: nobody known). Given, a status lookup of another user's
   * request is a 404 before it goes upstream (../additions/ownership.ts).
   */
  additionOwner?: (requestId: string) => Promise<string | null>;
  /** Where answers built with `CallOptions.headers` are put, so that the guard leaves them be. */
  secured?: WeakSet<Response>;
  log: (line: string) => void;
  now?: () => Date;
};

/**
 * How the BFF's own parts call (the list planner, bff/server/lists/):
 * - `fresh`: neither answered from nor stored in the read cache (a resolution asks afresh, and its
 *   one-company probes would only crowd the cache);
 * - `body`: the JSON body already read and validated against the endpoint's input by the caller,
 *   so a request passed on unchanged is read and validated once.
 * And how the proxy route calls:
 * - `headers`: on every answer too (the guard's security headers), set as the answer is built
 *   rather than copied onto it afterwards (a second set of header objects per call); such answers
 *   are added to `PipelineOptions.secured`.
 */
export type CallOptions = {
  fresh?: boolean;
  body?: { value: unknown; text: string };
  headers?: Readonly<Record<string, string>>;
};

export type CallUpstream = (user: BffUser, req: Request, opts?: CallOptions) => Promise<Response>;

type Parsed = { query: URLSearchParams; body: unknown; bodyText: string | undefined };

function queryObject(
  query: URLSearchParams,
  route: ProxyRoute,
): { input: Record<string, unknown>; dup: string[] } {
  const input: Record<string, unknown> = {};
  const dup: string[] = [];
  const repeated = route.def.repeated;
  // One pass over the parameters: a repeated one collects its values, any other keeps its last.
  for (const [key, value] of query) {
    if (repeated?.includes(key)) {
      const values = input[key] as string[] | undefined;
      if (values) values.push(value);
      else input[key] = [value];
    } else {
      if (Object.hasOwn(input, key) && !dup.includes(key)) dup.push(key);
      input[key] = value;
    }
  }
  if (dup.length > 1) {
    // Named in the order they first appear, as the request wrote them (the error path only).
    const order = [...new Set(query.keys())];
    dup.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  }
  return { input, dup };
}

/**
 * The path and query of a request's URL, as `URL` gives them, without parsing the URL: a Request's
 * URL is absolute and already normalised (by the WHATWG Request, or by the Node adapter from the
 * request line), and one `new URL` per call was a measurable share of the BFF's work.
 */
export function splitUrl(url: string): { pathname: string; search: string } {
  const afterScheme = url.indexOf('//');
  const start = url.indexOf('/', afterScheme < 0 ? 0 : afterScheme + 2);
  if (start < 0) return { pathname: '/', search: '' };
  const hash = url.indexOf('#', start);
  const end = hash < 0 ? url.length : hash;
  const q = url.indexOf('?', start);
  if (q < 0 || q >= end) return { pathname: url.slice(start, end), search: '' };
  return { pathname: url.slice(start, q), search: q + 1 === end ? '' : url.slice(q, end) };
}

/** Validates the request against the contract; a Response is the 4xx answer (no upstream call). */
async function parseRequest(
  req: Request,
  route: ProxyRoute,
  query: URLSearchParams,
  given?: CallOptions['body'],
): Promise<Parsed | Response> {
  const schema = route.def.input;
  if (route.def.method === 'POST' || route.def.method === 'PATCH') {
    if (given) return { query, body: given.value, bodyText: given.text };
    const read = await readJsonBody(req);
    if (!read.ok) return problem(read.status, read.detail);
    const { value: body, text: bodyText } = read;
    if (schema) {
      const r = schema.safeParse(body);
      if (!r.success) return invalidProblem(zodFields(r.error));
    }
    return { query, body, bodyText };
  }
  if (!schema) {
    if ([...query.keys()].length > 0) return problem(400, 'This endpoint takes no query parameters.');
    return { query, body: undefined, bodyText: undefined };
  }
  const { input, dup } = queryObject(query, route);
  const r = schema.safeParse(input);
  const errors = [
    ...dup.map((k) => ({ path: k, message: `give ${k} once` })),
    ...(r.success ? [] : zodFields(r.error)),
  ];
  if (errors.length > 0) return invalidProblem(errors);
  return { query, body: undefined, bodyText: undefined };
}

/** What the `onProxied` hooks get: the answer's body is parsed only if a hook reads it. */
class Proxied implements ProxiedCall {
  readonly status: number;
  readonly request?: unknown;
  readonly #answer: ReadAnswer;

  constructor(
    readonly user: BffUser,
    readonly id: ServiceEndpointId,
    readonly method: string,
    readonly endpoint: string,
    answer: ReadAnswer,
    readonly creditsConsumed: number,
    request: unknown,
  ) {
    this.status = answer.status;
    this.#answer = answer;
    if (request !== undefined) this.request = request;
  }

  get body(): unknown {
    return this.#answer.body;
  }
}

/** A relayed answer's parts, as the tolerant reader (or the cache) gives them. */
type Answered = {
  status: number;
  text: string;
  bytes?: Buffer;
  contentType: string;
  headers?: Record<string, string>;
};

/** What one call carries from the limits to the upstream. */
type Forwarding = {
  user: BffUser;
  route: ProxyRoute;
  url: { pathname: string; search: string };
  parsed: Parsed;
  key: string | undefined;
  started: number;
  callOpts: CallOptions;
  hold?: Hold;
};

/**
 * The pipeline's steps, each a method: `relay` (route, validation, cache, limits) and `forward` (the
 * upstream, the ledger line, the answer).
 */
class Pipeline {
  private readonly send: ReturnType<typeof createSend>;
  /** The answers `respond` built: they carry the caller's headers already. */
  private readonly built = new WeakSet<Response>();

  constructor(private readonly opts: PipelineOptions) {
    this.send = createSend(opts);
  }

  async call(user: BffUser, req: Request, callOpts: CallOptions = {}): Promise<Response> {
    const res = await this.relay(user, req, callOpts);
    const { headers } = callOpts;
    if (headers) {
      // The pipeline's own problems (rare) take the headers the slow way.
      if (!this.built.has(res)) for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
      this.opts.secured?.add(res);
    }
    return res;
  }

  private respond(
    answer: Answered,
    cacheState: 'hit' | 'miss' | undefined,
    extra: Readonly<Record<string, string>> | undefined,
  ): Response {
    const headers: Record<string, string> = { ...answer.headers, ...extra };
    let res: Response;
    if (answer.status === 204) res = new Response(null, { status: 204, headers });
    else {
      headers['content-type'] = answer.contentType;
      if (cacheState) headers['x-cache'] = cacheState;
      // The upstream's bytes as they came when the answer was not changed: nothing encoded again.
      const body = answer.bytes ?? answer.text;
      res = new Response(body as Uint8Array<ArrayBuffer> | string, { status: answer.status, headers });
    }
    this.built.add(res);
    return res;
  }

  private async relay(user: BffUser, req: Request, callOpts: CallOptions): Promise<Response> {
    const { opts } = this;
    const started = performance.now();
    const url = splitUrl(req.url);
    const matched = matchProxyRoute(req.method, url.pathname);
    if (!matched) return problem(404, `No endpoint at ${url.pathname}.`);
    if (matched.kind === 'method') {
      return problem(405, `This endpoint allows ${matched.allow}.`, { headers: { allow: matched.allow } });
    }
    if (matched.route.def.role === 'admin' && user.role !== 'admin') return problem(403, ADMINS_ONLY);
    const route = matched.route;
    const parsed = await parseRequest(req, route, new URLSearchParams(url.search), callOpts.body);
    if (parsed instanceof Response) return parsed;

    const key =
      opts.cache && route.def.cacheable && !callOpts.fresh
        ? cacheKey(user.id, route.def.method, route.path, parsed.query, parsed.body)
        : undefined;
    if (key !== undefined) {
      const hit = opts.cache?.get(key);
      if (hit) {
        await opts.ledger.record({
          userId: user.id,
          method: route.def.method,
          endpoint: route.path,
          status: hit.status,
          creditsConsumed: 0,
          cache: 'hit',
          durationMs: performance.now() - started,
        });
        return this.respond(hit, 'hit', callOpts.headers);
      }
    }
    const f: Forwarding = { user, route, url, parsed, key, started, callOpts };

    // Another user's addition request is answered as an unknown one, before anything goes upstream.
    const { additionOwner } = opts;
    if (route.id === 'additions.status' && additionOwner) {
      return ownAdditionLookup(user.id, route.params.id!, additionOwner, () => this.forward(f));
    }

    // Money: the call's worst case held against the user's daily budget and the team's monthly cap
    // before it goes upstream, and settled with its ledger line at the real price (ledger/budget.ts).
    // A free endpoint (company and industry search, additions, status) spends nothing: spent limits
    // do not refuse it (account imports match through the company search).
    if (route.def.price === 'free') return this.forward(f);
    const pendingLimits = opts.limitsOf(user);
    const limits = pendingLimits instanceof Promise ? await pendingLimits : pendingLimits;
    if (limits.budget === null && limits.cap === null) return this.forward(f);
    const worst = estimateCost(route.id, opts.plan, parsed.query, parsed.body);
    const placing = opts.holds.place(user.id, worst, limits);
    const held = placing instanceof Promise ? await placing : placing;
    if (!held.ok) {
      return problem(402, held.refusal.detail, {
        headers: { 'retry-after': String(held.refusal.retryAfterS) },
      });
    }
    let settled = false;
    try {
      const res = await this.forward({ ...f, hold: held.hold });
      settled = true;
      return res;
    } finally {
      // A call that ended before its line was recorded (a fault in the BFF itself) frees its hold.
      if (!settled) opts.ledger.release(held.hold.id);
    }
  }

  /** The ledger line of a call that went upstream (it settles the call's hold, if any). */
  private record(f: Forwarding, status: number, creditsConsumed: number): Promise<void> {
    return this.opts.ledger.record(
      {
        userId: f.user.id,
        method: f.route.def.method,
        endpoint: f.route.path,
        status,
        creditsConsumed,
        cache: f.key !== undefined ? 'miss' : 'none',
        durationMs: performance.now() - f.started,
      },
      f.hold?.id,
    );
  }

  /**
   * The call past the limits: the upstream, then the ledger line (which settles the hold), written
   * before the answer is given.
   */
  private async forward(f: Forwarding): Promise<Response> {
    const { opts } = this;
    const { route, parsed } = f;
    const method = route.def.method;
    const secret = opts.upstream.apiKey;
    // What both upstreams accept (real-service.ts); unchanged requests go as the browser wrote them.
    const sent = toUpstream(route.id, {
      method,
      path: route.upstream,
      query: parsed.query,
      body: parsed.body,
    });
    const search = sent.query === parsed.query ? f.url.search : sent.query.size > 0 ? `?${sent.query}` : '';
    const bodyText = sent.body === parsed.body ? parsed.bodyText : JSON.stringify(sent.body);
    const result = await this.send(sent.path, search, sent.method, bodyText);
    if ('fault' in result) {
      const status = result.fault === 'timeout' ? 504 : 502;
      opts.log(`[bff] ${method} ${route.path}: ${scrub(result.message, secret)}`);
      await this.record(f, status, 0);
      return problem(status, scrub(result.message, secret));
    }
    const answer = this.adapted(
      route,
      parsed,
      readAnswer(result, {
        secret,
        ...(route.noContent ? { noContent: true } : {}),
        ...(EMPTY_RESULTS[route.id]
          ? { empty: { of: EMPTY_RESULTS[route.id]!, query: parsed.query, body: parsed.body } }
          : {}),
      }),
    );
    const consumed = answer.credits;
    const recorded = this.record(f, answer.status, consumed);
    if (answer.ok && f.key !== undefined) {
      // A repeat served from the cache costs nothing, and its body says so: the web app shows
      // `credits_consumed` as what the call cost, and would otherwise show the first call's price again.
      const body = consumed !== 0 ? answer.body : undefined;
      const repeat =
        body && typeof body === 'object'
          ? JSON.stringify({ ...(body as Record<string, unknown>), credits_consumed: 0 })
          : answer.text;
      opts.cache?.set(f.key, { status: answer.status, text: repeat, contentType: answer.contentType });
    }
    if (answer.contentType !== PROBLEM_CONTENT_TYPE || answer.status < 500) {
      try {
        const tracked = opts.onProxied(
          new Proxied(f.user, route.id, method, route.path, answer, consumed, parsed.body),
        );
        if (tracked) await tracked;
      } catch (err) {
        opts.log(`[bff] onProxied failed: ${scrub(String(err), secret)}`);
      }
    }
    // The answer goes out only with its ledger line written (the hooks above ran meanwhile).
    await recorded;
    return this.respond(answer, f.key !== undefined ? 'miss' : undefined, f.callOpts.headers);
  }

  /**
   * The answer in the embedded service's shape; already in it, the upstream's text is relayed as is.
   * Only the endpoints real-service.ts adapts read the body here: reading it parses it.
   */
  private adapted(route: ProxyRoute, parsed: Parsed, answer: ReadAnswer): ReadAnswer {
    if (!answer.ok || !mayAdapt(route.id, answer.bytes ?? answer.text)) return answer;
    const adapted = fromUpstream(route.id, answer.body, parsed);
    if (adapted === undefined) return answer;
    const { status, contentType, headers, ok } = answer;
    return {
      status,
      contentType,
      headers,
      ok,
      body: adapted,
      text: JSON.stringify(adapted),
      credits: creditsOf(adapted),
    };
  }
}

export function createPipeline(opts: PipelineOptions): CallUpstream {
  const pipeline = new Pipeline(opts);
  return (user, req, callOpts) => pipeline.call(user, req, callOpts);
}
