/**
 * The backend-for-frontend (docs/decisions/0005-bff-guard.md): serves the built web app and proxies
 * the Company Data Service's endpoints with the API key injected server-side, behind one guard:
 *
 *   security headers -> a host it serves (else 421) -> /healthz -> who is the user -> CSRF -> body size -> rate limit
 *   -> /api/v1/* (route table, validation, cache, budget and team cap, upstream, ledger),
 *      /bff/session, /bff/pricing, /bff/usage, /bff/admin/*, the extras (exports, webhooks, events)
 *   -> 404 problems for any other /api, /v1 or /bff path -> the web app (SPA fallback).
 *
 * A request for the service's endpoints takes the same steps without Hono's router and middleware
 * chain (`directProxyPath`, `proxyDirect`; decision 0005, "The service proxy's way in"), and its GETs
 * and list requests are read and answered below Hono's Node adapter too (`listener`, `nodeWayPath`,
 * node-way-in.ts; decision 0005, "Below the Node adapter").
 */
import { existsSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import pkg from '../../package.json' with { type: 'json' };
import { IMPORT_MAX_BYTES } from '../contract/accounts';
import { certainlyPlainListRequest } from '../contract/api';
import type { BffMode } from '../contract/bff';
import {
  API_PREFIXES,
  ENDPOINT_IDS,
  ENDPOINTS,
  type EndpointDef,
  matchEndpoint,
  SERVICE_PREFIXES,
} from '../contract/endpoints';
import { readJsonText } from '../contract/http';
import { openApiDocument } from '../contract/openapi';
import { credits } from '../contract/pricing';
import { withAccountLists } from './accounts/exclusion';
import { defaultPace } from './accounts/pacer';
import { type Accounts, mountAccounts } from './accounts/routes';
import { SqlAccountStore } from './accounts/store';
import { mountAdminRoutes } from './admin/routes';
import { TeamCap } from './admin/team-cap';
import { mountSessionRoutes, resolveSessionUser } from './auth/session-routes';
import { ResponseCache } from './cache/cache';
import type { BffDeps, BffEnv, BffUser } from './context';
import { type BffExtras, type ExtrasOptions, mountBffExtras } from './extras';
import { Holds } from './ledger/budget';
import { LedgerJournal } from './ledger/journal';
import { Ledger } from './ledger/ledger';
import { mountLedgerRoutes } from './ledger/routes';
import { type ListResolverOptions, withListResolver } from './lists/resolver';
import { mountLookalikes } from './lookalikes/routes';
import { NodeRequest, plainUrl, writeAnswer } from './node-way-in';
import { createPipeline, relayedPartsOf, splitUrl } from './proxy/pipeline';
import { BffProblem, problem } from './proxy/problem';
import { scrub } from './proxy/tolerant';
import { route } from './routing';
import { mountSavedLists } from './saved-lists/routes';
import { type BudgetLeft, SavedListScheduler } from './saved-lists/scheduler';
import { type SavedListStore, SqlSavedListStore } from './saved-lists/store';
import { csrfRefusal, isUnsafeMethod } from './security/csrf';
import { securityHeaders } from './security/headers';
import { hostCheck, misdirected } from './security/hosts';
import { SignInThrottle } from './security/throttle';
import { bffDatabaseFile, SqliteStore } from './store/sqlite';
import type { BffStore, HoldLimits } from './store/store';
import { isStoreUnavailable, storeUnavailableAnswer, withinDeadline } from './store/unavailable';
import type { Upstream } from './upstream/upstream';
import { SYSTEM_USER } from './webhooks/register';
import { createWordsReader } from './words/filter-builder';

export type BffConfig = {
  upstream: Upstream;
  /** BFF_MODE: local (one implicit user, loopback only) or team (accounts and sessions). */
  mode?: BffMode;
  /**
   * The BFF's store (`openStore`: PostgreSQL when DATABASE_URL is set); by default SQLite in
   * DATA_DIR/bff.sqlite is opened (and closed by `close`). A store given is the caller's to close.
   */
  store?: BffStore;
  dataDir?: string;
  /** Where the ledger keeps lines its store cannot take (default: dataDir). */
  journalDir?: string;
  /** The built web app; not served when missing. */
  staticDir?: string;
  /** BFF_DAILY_BUDGET: credits per user per UTC day; null = unlimited. A team user's own budget wins. */
  dailyBudget?: number | null;
  /** UPSTREAM_TIMEOUT_MS: per attempt, the whole answer (default 15 s). */
  upstreamTimeoutMs?: number;
  /** UPSTREAM_RETRIES: extra attempts of a read after 502, 503 or a connection error (default 2). */
  retries?: number;
  retryBaseMs?: number;
  /** BFF_RATE_LIMIT: requests per minute per user (default 600; 0 = off). */
  rateLimitPerMinute?: number;
  /** BFF_CACHE_TTL_MS: life of a cached read (default 60 s; 0 = no cache). */
  cacheTtlMs?: number;
  cacheMaxEntries?: number;
  /** BFF_MAX_BODY_BYTES: largest request body (default 1 MiB, as the service). */
  maxBodyBytes?: number;
  /** Life of a team session (default 7 days). */
  sessionTtlMs?: number;
  /** BFF_TRUST_PROXY: believe X-Forwarded-Proto (behind a TLS-terminating proxy). */
  trustProxy?: boolean;
  /** BFF_ALLOWED_ORIGINS: origins besides the BFF's own that may send unsafe requests. */
  allowedOrigins?: readonly string[];
  /**
   * BFF_ALLOWED_HOSTS and the host of BFF_PUBLIC_URL: the names (host[:port]) the BFF answers for
   * besides loopback on the port a request came in on (security/hosts.ts); any other Host is a 421.
   */
  allowedHosts?: readonly string[];
  /** Options of the extras (exports, webhooks, events); `now` defaults to the BFF's clock. */
  extras?: ExtrasOptions;
  /**
   * The list resolver (company size and exclusions, bff/server/lists/): how long probe readings
   * are kept, and the hook that reads size and negation words of a `query`.
   */
  lists?: Omit<ListResolverOptions, 'plan'>;
  /**
   * Account imports (issue 15): the pace of background matching in requests a minute
   * (ACCOUNTS_MATCH_PER_MINUTE; null or 0 = not paced; default 90% of the plan's rate limit on a
   * remote service, not paced on the embedded one), rows matched at once, and the import's limits.
   */
  accounts?: {
    perMinute?: number | null;
    concurrency?: number;
    /** How long an instance's lease on an import it matches lasts (ms, default 30 s). */
    leaseMs?: number;
    maxRows?: number;
    maxBytes?: number;
    retryBaseMs?: number;
  };
  /**
   * Saved lists (bff/server/saved-lists/): the scheduler of their daily and weekly checks, started
   * with the app unless `false` (tests drive it with `savedLists.scheduler.tick()`), and its clock.
   */
  savedLists?: { scheduler?: false | { intervalMs?: number }; now?: () => Date };
  log?: (line: string) => void;
  now?: () => Date;
};

export type BffApp = {
  app: Hono<BffEnv>;
  /** The app's fetch; `env` carries the Node adapter's bindings (the client's socket). */
  fetch: (req: Request, env?: unknown) => Response | Promise<Response>;
  /**
   * The app as node:http's request listener (what `serveBff` serves): the service proxy's GETs and
   * list requests below Hono's Node adapter (`nodeWayPath`), everything else through the adapter to
   * `fetch`. `hostname` stands in for a missing Host header, as in the adapter's `serve`.
   */
  listener: (hostname?: string) => RequestListener;
  deps: BffDeps;
  extras: BffExtras;
  accounts: Accounts;
  savedLists: { store: SavedListStore; scheduler: SavedListScheduler };
  /** Ends event streams and timers, writes the ledger's pending records, closes a store it opened. */
  close: () => Promise<void>;
};

/** Local mode's one user: an admin (nobody else could run the team's settings). */
export const LOCAL_USER: BffUser = { id: 'local', name: 'Local user', role: 'admin' };
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** The version the API document states. */
export const API_VERSION = pkg.version;

const GUARDED = new RegExp(`^(?:${API_PREFIXES.join('|')})(?:/|$)`);
const ownPaths = (test: (d: EndpointDef) => boolean): ReadonlySet<string> =>
  new Set<string>(
    ENDPOINT_IDS.filter((id) => ENDPOINTS[id].scope !== 'service' && test(ENDPOINTS[id])).map(
      (id) => ENDPOINTS[id].path,
    ),
  );
/**
 * Reachable without a session in team mode: the endpoints the table marks public (who is signed in,
 * signing in, this API's document) and those a signature authenticates (webhooks).
 */
const SESSION_FREE = ownPaths((d) => d.auth !== 'user');
/** A webhook sender is no browser: its signature, not a CSRF header, proves it. */
const CSRF_EXEMPT = ownPaths((d) => d.auth === 'signature');

/** Methods the service proxy's own way in takes (Hono answers HEAD as a GET without its body). */
const DIRECT_METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** An unsafe request's body size is declared (a length, no chunks): checked without reading it. */
function declaresLength(req: Request): boolean {
  return req.headers.get('content-length') !== null && req.headers.get('transfer-encoding') === null;
}

/**
 * The path of a request the service proxy takes straight (decision 0005, "The service proxy's way
 * in"), or undefined for one Hono routes. Straight: through the same guard steps and with the same
 * answers, without Hono's router, middleware chain and context (a sixth of the BFF's own work per
 * proxied list call). Through Hono: every other path, HEAD and OPTIONS, a path with escapes (Hono
 * decodes them to route), and an unsafe request whose body size is not declared (Hono's bodyLimit
 * counts it as it is read).
 */
export function directProxyPath(req: Request): string | undefined {
  const method = req.method;
  if (!DIRECT_METHODS.has(method)) return undefined;
  const { pathname } = splitUrl(req.url);
  if (!SERVICE_PREFIXES.some((prefix) => pathname.startsWith(`${prefix}/`))) return undefined;
  if (pathname.includes('%')) return undefined;
  if (isUnsafeMethod(method) && !declaresLength(req)) return undefined;
  return pathname;
}

/**
 * The path of a request that `BffApp.listener` answers below Hono's Node adapter (node-way-in.ts;
 * decision 0005, "Below the Node adapter"), or undefined for one the adapter reads: of the requests
 * the service proxy takes straight, its GETs and list generation (the list builder's calls for every
 * page and every company). Other unsafe requests stay the adapter's: the filter builder's layer reads
 * its body as a WHATWG Request does (a clone).
 */
export function nodeWayPath(req: NodeRequest): string | undefined {
  if (req.method !== 'GET' && req.method !== 'POST') return undefined;
  const path = directProxyPath(req as unknown as Request);
  if (path === undefined || req.method === 'GET') return path;
  const m = matchEndpoint('POST', path, ['service']);
  return m?.kind === 'endpoint' && m.id === 'list.generate' ? path : undefined;
}

/** node:http's error for a request whose client went before its body was whole (not a store's reset). */
function isClientGone(err: unknown): boolean {
  return (
    err instanceof Error && err.message === 'aborted' && (err as { code?: unknown }).code === 'ECONNRESET'
  );
}

/**
 * The local port of the socket a request came in on, from the Node adapter's bindings (or a
 * NodeRequest's own message); undefined for a request handed to `fetch` in the process.
 */
function arrivalPort(env: unknown): number | undefined {
  return (env as { incoming?: { socket?: { localPort?: number } } } | undefined)?.incoming?.socket?.localPort;
}

const NO_LIMITS: HoldLimits = { budget: null, cap: null };

/** A spent token bucket is a 429 with the seconds until the next token. */
function refuseIfSpent(decision: Awaited<ReturnType<BffStore['takeToken']>>): void {
  if (!decision.ok) {
    throw new BffProblem(429, `Too many requests; try again in ${decision.retryAfterS} s.`, {
      headers: { 'retry-after': String(decision.retryAfterS) },
    });
  }
}

export function createBffApp(config: BffConfig): BffApp {
  const { upstream } = config;
  const mode = config.mode ?? 'local';
  const now = config.now ?? (() => new Date());
  const store = config.store ?? new SqliteStore(bffDatabaseFile(config.dataDir ?? './data'));
  const secret = upstream.apiKey;
  const log = (line: string) => (config.log ?? console.log)(scrub(line, secret));
  const defaultBudget = config.dailyBudget ?? null;
  // The ledger's journal, for lines the store cannot take while it is down (a store in memory would
  // lose them with the process anyway: none).
  const journal =
    store.where === ':memory:'
      ? undefined
      : new LedgerJournal(config.journalDir ?? config.dataDir ?? './data', store.where);
  const ledger = new Ledger(store, now, log, journal);
  void ledger
    .recover()
    .catch((err: Error) => log(`[bff] the ledger's journal could not be read: ${err.message}`));
  const timeoutMs = config.upstreamTimeoutMs ?? 15_000;
  const retries = config.retries ?? 2;
  // A hold outlives its call only when the call's instance died: the longest a call can take (every
  // attempt, the one redirect followed, the backoffs) and a minute for its line to be written.
  const holds = new Holds(store, timeoutMs * (retries + 2) + 60_000, now);
  const teamCap = new TeamCap(store, ledger, now);
  const cacheTtlMs = config.cacheTtlMs ?? 60_000;
  const cache =
    cacheTtlMs > 0
      ? new ResponseCache({
          ttlMs: cacheTtlMs,
          maxEntries: config.cacheMaxEntries ?? 1000,
          maxBytes: 64 * 1024 * 1024,
        })
      : undefined;
  const rateLimit = config.rateLimitPerMinute ?? 600;

  const maxBodyBytes = config.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  // The account import takes a CSV of up to 50,000 rows: its own, larger body limit.
  const importMaxBytes = config.accounts?.maxBytes ?? IMPORT_MAX_BYTES;
  const IMPORT_PATHS: ReadonlySet<string> = new Set([
    ENDPOINTS['bff.accounts.import'].path,
    ENDPOINTS['bff.accounts.preview'].path,
  ]);

  /** The user's daily budget: known at once for a signed-in user (read with the session). */
  const budgetOf = (user: BffUser): number | null | Promise<number | null> => {
    if (mode === 'local') return defaultBudget;
    if (user.dailyBudget !== undefined) return user.dailyBudget ?? defaultBudget;
    return withinDeadline(store.findUserById(user.id)).then((u) => u?.daily_budget ?? defaultBudget);
  };
  const budgetNow = async (user: BffUser): Promise<number | null> => budgetOf(user);
  const limitsOf = async (user: BffUser): Promise<HoldLimits> => ({
    budget: await budgetOf(user),
    cap: await teamCap.current(),
  });

  let extras: BffExtras | undefined;
  /** Answers the pipeline built with the security headers already on them. */
  const secured = new WeakSet<Response>();
  const pipeline = createPipeline({
    upstream,
    secured,
    ledger,
    ...(cache ? { cache } : {}),
    // The BFF's own calls (webhook registration, free) are the team's housekeeping, never refused.
    limitsOf: (user) => (user.id === SYSTEM_USER.id ? NO_LIMITS : limitsOf(user)),
    holds,
    plan: upstream.plan,
    timeoutMs,
    retries,
    retryBaseMs: config.retryBaseMs ?? 100,
    onProxied: (c) => extras?.onProxied(c),
    // A status lookup of another user's addition request is a 404 (additions/ownership.ts).
    additionOwner: (id) => store.additionOwner(id),
    log,
    now,
  });
  // Size and negation words in descriptions are read before the filter-builder (bff/server/words);
  // list generation with the BFF's own keys, `exclude`, or such words in its query is resolved before
  // anything reaches the service (bff/server/lists). The proxy route and `deps.call` (CSV exports)
  // both go through them.
  const words = createWordsReader(pipeline);
  const resolved = withListResolver(words.call, {
    plan: upstream.plan,
    log,
    translateQuery: (user, query) => words.translateQuery(user, query),
    ...config.lists,
  });
  // Account lists to hide or mark in a list (issue 15) are the accounts part's, around the resolver.
  let accounts: Accounts | undefined;
  const call = withAccountLists(resolved, { plan: upstream.plan, accounts: () => accounts });
  const deps: BffDeps = { call, store, plan: upstream.plan, log };
  /**
   * The service proxy's call. A list request whose body names no account lists and needs nothing the
   * resolver adds (`certainlyPlainListRequest`, which is what the layers ask too) goes straight to the
   * pipeline: its body read and parsed once, the endpoint matched once, no layer's async frame between
   * (15-20 µs of the BFF's CPU per list call in BENCH=bffwork; decision 0005). Any other request goes through the
   * layers, a list request's body passed on as read.
   */
  const proxyCall = (
    user: BffUser,
    req: Request,
    path: string,
    headers: Readonly<Record<string, string>>,
  ): Promise<Response> => {
    if (req.method !== 'POST') return call(user, req, { headers });
    const m = matchEndpoint('POST', path, ['service']);
    if (m?.kind !== 'endpoint' || m.id !== 'list.generate') return call(user, req, { headers });
    return req.text().then((text) => {
      const read = readJsonText(req.headers.get('content-type'), text);
      if (read.ok && !text.includes('_account_lists') && certainlyPlainListRequest(read.value))
        return pipeline(user, req, { headers, body: { value: read.value, text } });
      return call(user, req, { headers, bodyText: text });
    });
  };

  // The request's URL is absolute (scheme first): no URL parse per request to read it.
  const isHttpsRequest = (req: Request): boolean =>
    req.url.startsWith('https:') ||
    (config.trustProxy === true && req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https');
  const isHttps = (c: Context): boolean => isHttpsRequest(c.req.raw);
  /**
   * The client's address (sign-in throttling, anonymous rate limits). Behind a trusted TLS proxy
   * (BFF_TRUST_PROXY) the socket's address is the proxy's, the same for everybody: the client is the
   * last address the proxy appended to X-Forwarded-For (entries before it are the client's to write).
   */
  const clientAddress = (c: Context): string => {
    if (config.trustProxy === true) {
      const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
      if (forwarded) return forwarded;
    }
    try {
      return getConnInfo(c).remote.address ?? 'unknown';
    } catch {
      return 'unknown';
    }
  };

  const app = new Hono<BffEnv>();

  /** One line a second at most while the store is down (every request would log one). */
  let storeDownLoggedAt = Number.NEGATIVE_INFINITY;
  const logStoreDown = (err: unknown): void => {
    const t = performance.now();
    if (t - storeDownLoggedAt < 1000) return;
    storeDownLoggedAt = t;
    log(`[bff] the store is unreachable; answering 503: ${err instanceof Error ? err.message : String(err)}`);
  };
  // A thrown problem is its answer; anything else is logged and answered 500.
  const errorAnswer = (err: unknown): Response => {
    if (err instanceof HTTPException) return err.getResponse();
    // A client gone before its body was whole (node:http's reset, on either way in): nobody to answer,
    // and nothing wrong with the BFF.
    if (isClientGone(err)) return problem(400, 'The request ended before its body was whole.');
    // The database down (or not answering in time): a 503 the client may retry, not a 500.
    if (isStoreUnavailable(err)) {
      logStoreDown(err);
      return storeUnavailableAnswer();
    }
    log(`[bff] unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return problem(500, 'The BFF failed to answer this request.');
  };
  app.onError(errorAnswer);
  app.notFound((c) => problem(404, `Nothing at ${new URL(c.req.url).pathname}.`));

  // Security headers on every answer, errors and static files included; `no-store` on the API's
  // answers unless they say otherwise. The pipeline builds its answers with them (`secured`).
  const guardHeaders = {
    http: { ...securityHeaders(false), 'cache-control': 'no-store' },
    https: { ...securityHeaders(true), 'cache-control': 'no-store' },
  };
  const headerSets = {
    http: Object.entries(securityHeaders(false)),
    https: Object.entries(securityHeaders(true)),
  };
  /** The answer with the security headers on (itself, or a copy when its headers are immutable). */
  const withSecurityHeaders = (res: Response, https: boolean, api: boolean): Response => {
    if (secured.has(res)) return res;
    const headers = headerSets[https ? 'https' : 'http'];
    const noStore = api && !res.headers.has('cache-control');
    try {
      for (const [k, v] of headers) res.headers.set(k, v);
      if (noStore) res.headers.set('cache-control', 'no-store');
      return res;
    } catch {
      // Some responses carry immutable headers: copy them into a fresh response.
      const copy = new Response(res.body, res);
      for (const [k, v] of headers) copy.headers.set(k, v);
      if (noStore) copy.headers.set('cache-control', 'no-store');
      return copy;
    }
  };
  app.use('*', async (c, next) => {
    await next();
    const res = withSecurityHeaders(c.res, isHttps(c), GUARDED.test(c.req.path));
    if (res !== c.res) c.res = res;
  });

  // Only the hosts it serves, before anything runs (DNS rebinding: security/hosts.ts). The one
  // exception is /healthz, which a load balancer's or an orchestrator's probe asks by the instance's
  // address: it learns that the BFF is up and nothing more (no upstream call, no store).
  const servesHost = hostCheck(config.allowedHosts ?? []);
  const HEALTH_PATH = ENDPOINTS.health.path;
  app.use('*', async (c, next) => {
    if (servesHost(c.req.url, arrivalPort(c.env))) return next();
    if (c.req.path === HEALTH_PATH && (c.req.method === 'GET' || c.req.method === 'HEAD'))
      return c.json({ status: 'ok' });
    throw new BffProblem(421, misdirected(c.req.url));
  });

  // Anyone may ask whether the BFF is up; what it runs on (mode, upstream, plan, the service's own
  // figures) is told to an admin only, as the rest of the team's settings. Local mode's one user is
  // an admin: only this machine reaches it, by a host it serves.
  route(app, 'health', async (c) => {
    const found = mode === 'local' ? LOCAL_USER : resolveSessionUser(c.req.raw, store, now());
    const user = found instanceof Promise ? await found : found;
    if (user?.role !== 'admin') return c.json({ status: 'ok' });
    let upstreamHealth: Record<string, unknown> = { status: 'down' };
    try {
      const res = await upstream.fetch(
        new Request('http://upstream/healthz', { signal: AbortSignal.timeout(5000) }),
      );
      if (res.ok) upstreamHealth = (await res.json()) as Record<string, unknown>;
    } catch {
      // reported as down
    }
    return c.json({
      status: 'ok',
      mode,
      upstream: { kind: upstream.kind, plan: upstream.plan, ...upstreamHealth },
    });
  });

  // The rest of the body is never read, so the connection cannot carry another request.
  const tooLarge = (max = maxBodyBytes) =>
    new BffProblem(413, `The request body is larger than ${max} bytes.`, {
      headers: { connection: 'close' },
    });
  const limitBody = bodyLimit({
    maxSize: maxBodyBytes,
    onError: () => {
      throw tooLarge();
    },
  });
  const limitImport = bodyLimit({
    maxSize: importMaxBytes,
    onError: () => {
      throw tooLarge(importMaxBytes);
    },
  });
  // Per user (per client address without one), shared by every instance on PostgreSQL.
  // No promise where the store answers at once (SQLite), none at all with the limit off.
  const takeToken = (key: string): Promise<void> | undefined => {
    if (rateLimit <= 0) return undefined;
    const decision = withinDeadline(store.takeToken(key, rateLimit, Date.now()));
    if (decision instanceof Promise) return decision.then(refuseIfSpent);
    refuseIfSpent(decision);
    return undefined;
  };

  // The guard of the API, in this order: who the request is for, CSRF, body size, rate limit.
  // Its steps are plain functions run by one middleware, and by the service proxy's own way in
  // (`proxyDirect` below); each throws the BffProblem that answers a refused request.

  /** The CSRF step, on the request's user (checked after who it is for). */
  const csrfChecked = (req: Request, path: string, user: BffUser | undefined): BffUser | undefined => {
    if (!user && !SESSION_FREE.has(path)) throw new BffProblem(401, 'Sign in to use the list builder.');
    if (isUnsafeMethod(req.method) && !CSRF_EXEMPT.has(path)) {
      const refusal = csrfRefusal(req.headers, req.url, config.allowedOrigins);
      if (refusal) throw new BffProblem(403, refusal);
    }
    return user;
  };
  /** Who the request is for (the local user, or a team session's), and its CSRF check. */
  const admitCaller = (req: Request, path: string): BffUser | undefined | Promise<BffUser | undefined> => {
    if (mode === 'local') return csrfChecked(req, path, LOCAL_USER);
    // A session read less than a second ago answers at once; a read of the store is bounded.
    const found = withinDeadline(resolveSessionUser(req, store, now()));
    return found instanceof Promise
      ? found.then((user) => csrfChecked(req, path, user))
      : csrfChecked(req, path, found);
  };
  const isImportRequest = (req: Request, path: string): boolean =>
    req.method === 'POST' && IMPORT_PATHS.has(path);
  /** The declared length against the request's limit. */
  const checkDeclaredLength = (req: Request, path: string): void => {
    const max = isImportRequest(req, path) ? importMaxBytes : maxBodyBytes;
    const length = req.headers.get('content-length') ?? '';
    if (!/^\d+$/.test(length) || Number(length) > max) throw tooLarge(max);
  };

  /** The rate limit's bucket: the user's, or the client address's for a request without one. */
  const bucketOf = (c: Context, user: BffUser | undefined): string =>
    user ? `user:${user.id}` : `addr:${clientAddress(c)}`;

  app.use('*', async (c, next) => {
    const path = c.req.path;
    if (!GUARDED.test(path)) return next();
    const req = c.req.raw;

    const found = admitCaller(req, path);
    const user = found instanceof Promise ? await found : found;
    if (user) c.set('user', user);

    if (isUnsafeMethod(req.method)) {
      // A declared length is checked without touching the body: Hono's bodyLimit would turn the
      // request into a full WHATWG Request with a stream, the costliest step of a proxied POST.
      if (!declaresLength(req)) {
        return (isImportRequest(req, path) ? limitImport : limitBody)(c, async () => {
          const taking = takeToken(bucketOf(c, user));
          if (taking) await taking;
          await next();
        });
      }
      checkDeclaredLength(req, path);
    }

    const taking = takeToken(bucketOf(c, user));
    if (taking) await taking;
    return next();
  });

  const proxy = (c: Context<BffEnv>) =>
    call(c.get('user'), c.req.raw, { headers: guardHeaders[isHttps(c) ? 'https' : 'http'] });
  for (const prefix of SERVICE_PREFIXES) app.all(`${prefix}/*`, proxy);

  /**
   * The service proxy's own way in (`directProxyPath`): what Hono would do with the request (the
   * security headers' middleware, the guard's, then `proxy`), without Hono.
   */
  const proxyDirect = async (req: Request, path: string, port: number | undefined): Promise<Response> => {
    const https = isHttpsRequest(req);
    let res: Response;
    try {
      if (!servesHost(req.url, port)) throw new BffProblem(421, misdirected(req.url));
      // No service path is session-free: admitCaller refuses one without a user (401).
      const found = admitCaller(req, path);
      const user = (found instanceof Promise ? await found : found) as BffUser;
      if (isUnsafeMethod(req.method)) checkDeclaredLength(req, path);
      const taking = takeToken(`user:${user.id}`);
      if (taking) await taking;
      res = await proxyCall(user, req, path, guardHeaders[https ? 'https' : 'http']);
    } catch (err) {
      res = errorAnswer(err);
    }
    return withSecurityHeaders(res, https, true);
  };

  let document: string | undefined;
  route(app, 'bff.openapi', (c) => {
    document ??= JSON.stringify(openApiDocument({ version: API_VERSION }));
    return c.body(document, 200, { 'content-type': 'application/json', 'cache-control': 'no-cache' });
  });

  mountSessionRoutes(app, {
    mode,
    store,
    localUser: LOCAL_USER,
    sessionTtlMs: config.sessionTtlMs ?? 7 * 24 * 3600_000,
    throttle: new SignInThrottle(store),
    secure: isHttps,
    clientAddress,
    now,
  });
  mountLedgerRoutes(app, { plan: upstream.plan, ledger, budgetOf: budgetNow });
  mountAdminRoutes(app, {
    store,
    ledger,
    teamCap,
    defaultDailyBudget: defaultBudget,
    builtInUsers: [LOCAL_USER, SYSTEM_USER],
    now,
  });
  // What a user may still spend: their daily budget's rest, and the team's monthly cap's.
  const budgetLeft = async (user: BffUser): Promise<BudgetLeft> => {
    const budget = await budgetOf(user);
    const cap = await teamCap.current();
    return {
      daily: budget === null ? null : Math.max(0, credits(budget - (await ledger.spentToday(user.id)))),
      team: cap === null ? null : Math.max(0, credits(cap - (await teamCap.spentThisMonth()))),
    };
  };
  // What a user may still spend, in one figure (the lowest of the daily budget's and the cap's rest).
  const remaining = async (user: BffUser): Promise<number | null> => {
    const { daily, team } = await budgetLeft(user);
    return daily === null ? team : team === null ? daily : Math.min(daily, team);
  };
  mountLookalikes(app, {
    call,
    plan: upstream.plan,
    remaining,
    // The accounts part's own check of `exclude_account_lists` (mounted below, before any request).
    usableAccountLists: async (user, ids) => {
      if (!accounts) return problem(503, 'Account lists are not available yet; try again.');
      const lists = await accounts.usableLists(user, ids, 'exclude_account_lists');
      return lists instanceof Response ? lists : undefined;
    },
  });
  const accountStore = new SqlAccountStore(store);
  // Every export adds its companies to the user's "Exported before" list; `exclude_account_lists`
  // and bulk enrichment (`source: {account_list}`) are the accounts part's (bff/server/accounts/).
  const mounted = mountBffExtras(app, deps, {
    now,
    ...config.extras,
    // Team mode: a live event stream ends with its session (events/session-streams.ts).
    teamSessions: mode === 'team',
    exportHooks: {
      onRows: (user, rows) => accounts?.recordExport(user, rows),
    },
    exportExtension: () => accounts?.exportExtension,
  });
  extras = mounted;
  accounts = mountAccounts(app, {
    store: accountStore,
    call,
    plan: upstream.plan,
    remaining,
    hub: mounted.hub,
    perMinute:
      config.accounts?.perMinute === undefined
        ? defaultPace(upstream.plan, upstream.kind === 'embedded')
        : config.accounts.perMinute || null,
    ...(config.accounts?.concurrency !== undefined ? { concurrency: config.accounts.concurrency } : {}),
    ...(config.accounts?.leaseMs !== undefined ? { leaseMs: config.accounts.leaseMs } : {}),
    ...(config.accounts?.maxRows !== undefined ? { maxRows: config.accounts.maxRows } : {}),
    maxBytes: importMaxBytes,
    ...(config.accounts?.retryBaseMs !== undefined ? { retryBaseMs: config.accounts.retryBaseMs } : {}),
    log,
    now,
  });

  const savedListsNow = config.savedLists?.now ?? now;
  // Its tables are migration 3 of the BFF's store (store/migrations.ts), on either engine.
  const savedListStore = new SqlSavedListStore(store.sql, { applySchema: false });
  const runner = { call, plan: upstream.plan, store: savedListStore, now: savedListsNow };
  mountSavedLists(app, { store: savedListStore, runner, now: savedListsNow });
  const schedulerConfig = config.savedLists?.scheduler;
  const scheduler = new SavedListScheduler({
    runner,
    store: savedListStore,
    // Checks run as the list's owner, while the owner may still sign in.
    ownerOf: async (list) => {
      if (mode === 'local') return list.ownerId === LOCAL_USER.id ? LOCAL_USER : undefined;
      const u = await store.findUserById(list.ownerId);
      return u && !u.disabled
        ? { id: u.id, name: u.name, dailyBudget: u.daily_budget, role: u.role }
        : undefined;
    },
    budgetLeft,
    hub: mounted.hub,
    now: savedListsNow,
    ...(schedulerConfig ? { intervalMs: schedulerConfig.intervalMs } : {}),
    log,
  });
  if (schedulerConfig !== false) scheduler.start();

  const notFound = (c: Context) => problem(404, `No endpoint at ${c.req.method} ${c.req.path}.`);
  for (const prefix of API_PREFIXES) {
    app.all(prefix, notFound);
    app.all(`${prefix}/*`, notFound);
  }

  const staticDir = config.staticDir ?? 'dist';
  if (existsSync(path.join(staticDir, 'index.html'))) {
    app.use(
      '/*',
      serveStatic({
        root: staticDir,
        // The build writes brotli and gzip copies beside each text asset (static/precompress.ts).
        precompressed: true,
        onFound: (file, c) => {
          // Vite names built assets by content hash: they never change under their name.
          c.header(
            'cache-control',
            file.includes(`${path.sep}assets${path.sep}`) || file.includes('/assets/')
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      }),
    );
    // Client-side routes get the app's entry page.
    app.get(
      '*',
      serveStatic({
        root: staticDir,
        path: 'index.html',
        precompressed: true,
        onFound: (_file, c) => {
          c.header('cache-control', 'no-cache');
        },
      }),
    );
  }

  // The adapter's bindings must reach the app: the client's address (sign-in throttle, the
  // rate limit of requests without a user) is read from them.
  const fetch = (req: Request, env?: unknown): Response | Promise<Response> => {
    const path = directProxyPath(req);
    return path === undefined
      ? app.fetch(req, env as object | undefined)
      : proxyDirect(req, path, arrivalPort(env));
  };

  /** A request `nodeWayPath` admits: the proxy's own way in, read and answered without the adapter. */
  async function answerBelowAdapter(
    req: NodeRequest,
    path: string,
    outgoing: Parameters<RequestListener>[1],
  ): Promise<void> {
    let res: Response;
    try {
      res = await proxyDirect(req as unknown as Request, path, req.incoming.socket?.localPort);
    } catch (err) {
      // proxyDirect answers every refusal and fault itself; this is the last resort, as the
      // adapter's own (no request left without an answer, no rejection unhandled).
      res = withSecurityHeaders(errorAnswer(err), req.url.startsWith('https:'), true);
    }
    try {
      // From its parts only when the guard left it be (`secured`: it was built with the guard's
      // headers); an answer whose headers were set afterwards is written from the Response.
      const writing = writeAnswer(res, secured.has(res) ? relayedPartsOf(res) : undefined, outgoing);
      if (writing) await writing;
    } catch (err) {
      // The client is gone, or the answer could not be read: nothing more to send.
      log(`[bff] ${req.method} ${path}: the answer could not be written (${String(err)})`);
      outgoing.destroy();
    }
  }

  const listener = (hostname?: string): RequestListener => {
    const adapter = getRequestListener(fetch, hostname ? { hostname } : {});
    return (incoming, outgoing) => {
      const href = plainUrl(incoming);
      const req = href === undefined ? undefined : new NodeRequest(incoming, href);
      const path = req && nodeWayPath(req);
      if (path === undefined) return adapter(incoming, outgoing);
      void answerBelowAdapter(req!, path, outgoing);
    };
  };

  return {
    app,
    fetch,
    listener,
    deps,
    extras: mounted,
    accounts,
    savedLists: { store: savedListStore, scheduler },
    close: async () => {
      await scheduler.stop();
      // Stops matching at once (rows in flight are not recorded; a restart resumes them).
      await accounts.close();
      mounted.close();
      cache?.clear();
      // Every line written (or, the store down, in the journal for the next start) before the store goes.
      await ledger.close();
      if (!config.store) await store.close();
    },
  };
}
