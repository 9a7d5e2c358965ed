/**
 * The one test harness of the BFF: the real app (`createBffApp`) with the project's store (SQLite or
 * PostgreSQL by Vitest project), either on a loopback port (`startBff`) or in the test's own process
 * (`startInProcessBff`, what a web component test renders against). Its upstream is wrapped so that a
 * test sees every call that reached the service (`calls`) and may stand in for a misbehaving upstream
 * on chosen calls (`stage`: faults, hostile data); everything else is real. In team mode `as(name)`
 * signs a user in (the user is created, its id its name, when new). Also a real HTTP server that
 * misbehaves on purpose for fault tests.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../contract/bff';
import { type Service, type ServiceOptions, startService } from '../embedded/service';
import { type BffApp, type BffConfig, createBffApp } from '../server/app';
import { createSession, SESSION_COOKIE } from '../server/auth/sessions';
import { serveBff } from '../server/serve';
import type { BffStore } from '../server/store/store';
import { embeddedUpstream, type Upstream } from '../server/upstream/upstream';
import { startSeededService } from './dataset-cache';
import { testStore } from './test-store';

/**
 * A call that reached the upstream: method, the endpoint's path as the endpoint table writes it (no
 * query, no trailing slash: the BFF sends the slashed path the service serves) and the JSON body.
 */
export type RecordedCall = { method: string; path: string; body: unknown };

/**
 * Stands in for the upstream on a call: a Response to answer instead, or undefined to let the call
 * through. `n` counts the BFF's upstream calls from 1; `real()` makes this one for real.
 */
export type StageFn = (
  call: RecordedCall,
  n: number,
  real: () => Promise<Response>,
) => Promise<Response | undefined>;

export type StagedUpstream = {
  upstream: Upstream;
  calls: RecordedCall[];
  stage: (fn: StageFn | undefined) => void;
};

/** `inner`, recording every call and answering a staged call with the test's Response. */
export function stagedUpstream(inner: Upstream): StagedUpstream {
  const calls: RecordedCall[] = [];
  let staged: StageFn | undefined;
  const upstream: Upstream = {
    ...inner,
    send: async (call) => {
      const recorded: RecordedCall = {
        method: call.method,
        path: (call.pathAndQuery.split('?')[0] as string).replace(/(.)\/$/, '$1'),
        body: call.body ? JSON.parse(call.body) : undefined,
      };
      calls.push(recorded);
      if (!staged) return inner.send(call);
      const real = () =>
        inner.fetch(
          new Request(`http://upstream${call.pathAndQuery}`, {
            method: call.method,
            headers: call.headers,
            ...(call.body !== undefined ? { body: call.body } : {}),
          }),
        );
      const substitute = await staged(recorded, calls.length, real);
      if (!substitute) return inner.send(call);
      return { status: substitute.status, headers: substitute.headers, text: await substitute.text() };
    },
  };
  return {
    upstream,
    calls,
    stage: (fn) => {
      staged = fn;
    },
  };
}

/**
 * The embedded service (seed 11 unless told), as the harness's BFFs call it: on a copy of the data
 * set seeded once (./dataset-cache.ts), or in `opts.dataDir` when given.
 */
export function startEmbedded(companies = 2000, opts: Partial<ServiceOptions> = {}): Promise<Service> {
  const { dataDir, seed = 11, ...rest } = opts;
  return dataDir === undefined
    ? startSeededService(companies, seed, rest)
    : startService({ ...rest, dataDir, companies, seed });
}

export type HarnessConfig = Partial<BffConfig> & Pick<BffConfig, 'upstream'>;

/** The app as the harness builds it, before anything listens or fetches. */
type BuiltBff = StagedUpstream & {
  bff: BffApp;
  store: BffStore;
  logs: string[];
  /** Team mode: the headers of `name` signed in. */
  as: (name: string) => Promise<Record<string, string>>;
  close: () => Promise<void>;
};

async function buildBff(config: HarnessConfig): Promise<BuiltBff> {
  const logs: string[] = [];
  // The harness's own store (in memory, or a fresh PostgreSQL schema) unless the test gives one.
  const own = config.store ? undefined : await testStore();
  const store = config.store ?? (own as BffStore);
  // The ledger's journal (written only while a store refuses lines) in a folder of this BFF's own,
  // not the checkout's ./data where another run could find it.
  const ownJournal = config.journalDir === undefined && config.dataDir === undefined;
  const journalDir = config.journalDir ?? config.dataDir ?? mkdtempSync(path.join(tmpdir(), 'bff-journal-'));
  const staged = stagedUpstream(config.upstream);
  const bff = createBffApp({
    journalDir,
    store,
    staticDir: 'does-not-exist',
    log: (line) => logs.push(line),
    ...config,
    extras: { webhookSecret: undefined, heartbeatMs: 60_000, ...config.extras },
    upstream: staged.upstream,
  });
  const sessions = new Map<string, Promise<Record<string, string>>>();
  const signIn = async (name: string): Promise<Record<string, string>> => {
    // No password: nobody signs in as a harness user but through this session.
    await store.createUser(
      { id: name, name, hash: '', salt: '', role: 'member', dailyBudget: null },
      { id: 'harness', name: 'test harness' },
      new Date(),
    );
    const { id } = await createSession(store, name, 24 * 3600_000);
    return { cookie: `${SESSION_COOKIE}=${id}` };
  };
  return {
    ...staged,
    bff,
    store,
    logs,
    as: (name) => {
      if (config.mode !== 'team') throw new Error('as(name): only a team-mode BFF has users to sign in');
      let headers = sessions.get(name);
      if (!headers) {
        headers = signIn(name);
        sessions.set(name, headers);
      }
      return headers;
    },
    close: async () => {
      await bff.close();
      await own?.close();
      if (ownJournal) rmSync(journalDir, { recursive: true, force: true });
    },
  };
}

export type RunningBff = Omit<BuiltBff, 'close'> & {
  url: string;
  /** A browser-like call: same-origin Origin and the CSRF header unless overridden. */
  call: (path: string, init?: RequestInit) => Promise<Response>;
  post: (path: string, body: unknown, init?: RequestInit) => Promise<Response>;
  close: () => Promise<void>;
};

/** The real BFF on a loopback port. */
export async function startBff(config: HarnessConfig): Promise<RunningBff> {
  const built = await buildBff(config);
  const server = serveBff(built.bff, { port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has('origin')) headers.set('origin', url);
    if (!headers.has(CSRF_HEADER)) headers.set(CSRF_HEADER, CSRF_HEADER_VALUE);
    return fetch(`${url}${path}`, { ...init, headers, redirect: 'manual' });
  };
  return {
    ...built,
    url,
    call,
    post: (path, body, init = {}) => {
      const headers = new Headers(init.headers);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      return call(path, { ...init, method: init.method ?? 'POST', headers, body: JSON.stringify(body) });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          void built.close().then(resolve);
        });
        // Event streams and kept-alive sockets must not hold the close.
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}

export const IN_PROCESS_ORIGIN = 'http://app.test';

export type InProcessBff = {
  service: Service;
  bff: BffApp;
  store: BffStore;
  /** A call to the BFF as the app makes it (relative paths, the page's origin and CSRF header). */
  fetch: (path: string | URL, init?: RequestInit) => Promise<Response>;
  /** Points `globalThis.fetch` at the BFF (undone by `close`). */
  install: (onCall?: (url: URL, init: RequestInit | undefined) => void) => void;
  close: () => Promise<void>;
};

/**
 * The real BFF in the test's own process, in front of its own embedded service: the app's `fetch`
 * is handed to the BFF as the browser would send it from its own page (same origin, the CSRF header).
 */
export async function startInProcessBff(opts: {
  companies: number;
  seed: number;
  /** The team's company store's max age (off when absent, as `BFF_STORE_MAX_AGE=0`). */
  storeMaxAgeMs?: number;
}): Promise<InProcessBff> {
  const service = await startEmbedded(opts.companies, { seed: opts.seed });
  const built = await buildBff({
    upstream: embeddedUpstream(service),
    ...(opts.storeMaxAgeMs !== undefined ? { storeMaxAgeMs: opts.storeMaxAgeMs } : {}),
    // The page's host, as an operator names the host people open (BFF_ALLOWED_HOSTS).
    allowedHosts: [new URL(IN_PROCESS_ORIGIN).host],
  });
  const { bff } = built;
  const realFetch = globalThis.fetch;
  const toBff = (input: string | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), IN_PROCESS_ORIGIN);
    const headers = new Headers(init?.headers);
    headers.set('origin', IN_PROCESS_ORIGIN);
    headers.set(CSRF_HEADER, CSRF_HEADER_VALUE);
    return Promise.resolve(
      bff.fetch(new Request(url, { method: init?.method ?? 'GET', headers, body: init?.body ?? null })),
    );
  };
  return {
    service,
    bff,
    store: built.store,
    fetch: toBff,
    install: (onCall) => {
      globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
        onCall?.(new URL(String(input), IN_PROCESS_ORIGIN), init);
        return toBff(String(input), init);
      };
    },
    close: async () => {
      globalThis.fetch = realFetch;
      await built.close();
      service.close();
    },
  };
}

export type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: string };

/**
 * A request to `base` (a loopback server's URL) with the Host header given, as a page on another name
 * that resolves to this machine would send it (DNS rebinding): `fetch` sets Host from the URL itself.
 */
export function requestAsHost(
  base: string,
  path: string,
  host: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method: init.method ?? 'GET',
        headers: {
          ...init.headers,
          host,
          ...(init.body !== undefined ? { 'content-length': String(Buffer.byteLength(init.body)) } : {}),
        },
        agent: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

export type ReceivedRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: string };
export type FaultHandler = (req: ReceivedRequest, res: ServerResponse, nth: number) => void;

export type FaultServer = {
  url: string;
  received: ReceivedRequest[];
  /** Sockets opened to this server so far (keep-alive reuse shows as fewer sockets than requests). */
  sockets: () => number;
  handle: (handler: FaultHandler) => void;
  close: () => Promise<void>;
};

/** A real HTTP server whose every answer the test decides; it records what it received. */
export async function startFaultServer(): Promise<FaultServer> {
  const received: ReceivedRequest[] = [];
  let handler: FaultHandler = (_req, res) => {
    res.writeHead(500).end();
  };
  let sockets = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(r);
      handler(r, res, received.length);
    });
  });
  server.on('connection', () => {
    sockets++;
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    sockets: () => sockets,
    handle: (h) => {
      handler = h;
      received.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** A loopback port nothing listens on. */
export async function closedPort(): Promise<number> {
  const s = createServer();
  s.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => s.once('listening', () => resolve()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
