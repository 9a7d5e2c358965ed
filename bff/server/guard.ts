/**
 * The guard every request passes before any route (docs/decisions/0005-bff-guard.md), in this order:
 *
 *   security headers -> a host it serves (else 421) -> /healthz -> who is the user -> CSRF
 *   -> body size -> rate limit
 *
 * and the one error handler, which turns a thrown problem into its answer. `createApp` (app.ts)
 * registers them once, before every sub-app.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { API_PREFIXES, ENDPOINT_IDS, ENDPOINTS, type EndpointDef } from '../contract/endpoints';
import type { BffConfig } from './app-types';
import { resolveSessionUser } from './auth/session-routes';
import type { BffEnv, BffUser } from './context';
import { BffProblem, problem } from './proxy/problem';
import { csrfRefusal, isUnsafeMethod } from './security/csrf';
import { securityHeaders } from './security/headers';
import { hostCheck, misdirected } from './security/hosts';
import { type BffServices, LOCAL_USER } from './services';
import type { BffStore } from './store/store';
import { isStoreUnavailable, storeUnavailableAnswer, withinDeadline } from './store/unavailable';

/** The API's paths: the guard's steps after the host check, `no-store` and the 404 problems apply. */
export const GUARDED = new RegExp(`^(?:${API_PREFIXES.join('|')})(?:/|$)`);
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
const IMPORT_PATHS: ReadonlySet<string> = new Set([
  ENDPOINTS['bff.accounts.import'].path,
  ENDPOINTS['bff.accounts.preview'].path,
]);
const HEALTH_PATH = ENDPOINTS.health.path;

/** An unsafe request's body size is declared (a length, no chunks): checked without reading it. */
function declaresLength(req: Request): boolean {
  return req.headers.get('content-length') !== null && req.headers.get('transfer-encoding') === null;
}

/** node:http's error for a request whose client went before its body was whole (not a store's reset). */
function isClientGone(err: unknown): boolean {
  return (
    err instanceof Error && err.message === 'aborted' && (err as { code?: unknown }).code === 'ECONNRESET'
  );
}

/** The local port of the socket a request came in on (the Node adapter's bindings); undefined in-process. */
function arrivalPort(env: unknown): number | undefined {
  return (env as { incoming?: { socket?: { localPort?: number } } } | undefined)?.incoming?.socket?.localPort;
}

/** A spent token bucket is a 429 with the seconds until the next token. */
function refuseIfSpent(decision: Awaited<ReturnType<BffStore['takeToken']>>): void {
  if (!decision.ok) {
    throw new BffProblem(429, `Too many requests; try again in ${decision.retryAfterS} s.`, {
      headers: { 'retry-after': String(decision.retryAfterS) },
    });
  }
}

export type Guard = {
  /** Security headers on every answer, errors and static files included. */
  headers: MiddlewareHandler<BffEnv>;
  /** The host check, then on the API's paths: who, CSRF, body size, rate limit. */
  admit: MiddlewareHandler<BffEnv>;
  onError: (err: unknown) => Response;
  /** The security headers of an API answer, for the pipeline to build its answers with. */
  apiHeaders: (c: Context) => Readonly<Record<string, string>>;
  isHttps: (c: Context) => boolean;
  clientAddress: (c: Context) => string;
};

/** The request's scheme and client, as a trusted TLS proxy (BFF_TRUST_PROXY) may tell them. */
function requestFacts(trustProxy: boolean) {
  // The request's URL is absolute (scheme first): no URL parse per request to read it.
  const isHttps = (c: Context): boolean =>
    c.req.raw.url.startsWith('https:') ||
    (trustProxy && c.req.raw.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https');
  /**
   * The client's address (sign-in throttling, anonymous rate limits). Behind a trusted TLS proxy the
   * socket's address is the proxy's, the same for everybody: the client is the last address the
   * proxy appended to X-Forwarded-For (entries before it are the client's to write).
   */
  const clientAddress = (c: Context): string => {
    if (trustProxy) {
      const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
      if (forwarded) return forwarded;
    }
    try {
      return getConnInfo(c).remote.address ?? 'unknown';
    } catch {
      return 'unknown';
    }
  };
  return { isHttps, clientAddress };
}

/** A thrown problem is its answer; the store down is a 503; anything else is logged and a 500. */
function errorAnswerer(log: (line: string) => void): (err: unknown) => Response {
  /** One line a second at most while the store is down (every request would log one). */
  let storeDownLoggedAt = Number.NEGATIVE_INFINITY;
  return (err) => {
    if (err instanceof HTTPException) return err.getResponse();
    // A client gone before its body was whole (node:http's reset): nobody to answer, nothing wrong.
    if (isClientGone(err)) return problem(400, 'The request ended before its body was whole.');
    // The database down (or not answering in time): a 503 the client may retry, not a 500.
    if (isStoreUnavailable(err)) {
      const t = performance.now();
      if (t - storeDownLoggedAt >= 1000) {
        storeDownLoggedAt = t;
        log(
          `[bff] the store is unreachable; answering 503: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
      return storeUnavailableAnswer();
    }
    log(`[bff] unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return problem(500, 'The BFF failed to answer this request.');
  };
}

/** The headers' step: the security headers, and `no-store` on the API's answers unless they say otherwise. */
function headersStep(s: BffServices, isHttps: (c: Context) => boolean): MiddlewareHandler<BffEnv> {
  const headerSets = {
    http: Object.entries(securityHeaders(false)),
    https: Object.entries(securityHeaders(true)),
  };
  /** The answer with the security headers on (itself, or a copy when its headers are immutable). */
  const withSecurityHeaders = (res: Response, https: boolean, api: boolean): Response => {
    // The pipeline built it with them already.
    if (s.secured.has(res)) return res;
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
  return async (c, next) => {
    await next();
    const res = withSecurityHeaders(c.res, isHttps(c), GUARDED.test(c.req.path));
    if (res !== c.res) c.res = res;
  };
}

export function createGuard(s: BffServices, config: BffConfig): Guard {
  const { isHttps, clientAddress } = requestFacts(config.trustProxy === true);
  const { store, mode, now, maxBodyBytes, importMaxBytes } = s;
  const rateLimit = config.rateLimitPerMinute ?? 600;
  const servesHost = hostCheck(config.allowedHosts ?? []);
  const apiHeaders = {
    http: { ...securityHeaders(false), 'cache-control': 'no-store' },
    https: { ...securityHeaders(true), 'cache-control': 'no-store' },
  };

  // The rest of the body is never read, so the connection cannot carry another request.
  const tooLarge = (max: number) =>
    new BffProblem(413, `The request body is larger than ${max} bytes.`, {
      headers: { connection: 'close' },
    });
  const limitOf = (max: number) =>
    bodyLimit({
      maxSize: max,
      onError: () => {
        throw tooLarge(max);
      },
    });
  const limitBody = limitOf(maxBodyBytes);
  const limitImport = limitOf(importMaxBytes);
  // Per user (per client address without one), shared by every instance on PostgreSQL.
  // No promise where the store answers at once (SQLite), none at all with the limit off.
  const takeToken = (key: string): Promise<void> | undefined => {
    if (rateLimit <= 0) return undefined;
    const decision = withinDeadline(store.takeToken(key, rateLimit, Date.now()));
    if (decision instanceof Promise) return decision.then(refuseIfSpent);
    refuseIfSpent(decision);
    return undefined;
  };

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

  const admit: MiddlewareHandler<BffEnv> = async (c, next) => {
    const path = c.req.path;
    const req = c.req.raw;
    // Only the hosts it serves, before anything runs (DNS rebinding: security/hosts.ts). The one
    // exception is /healthz, which a load balancer's or an orchestrator's probe asks by the
    // instance's address: it learns that the BFF is up and nothing more (no upstream call, no store).
    if (!servesHost(req.url, arrivalPort(c.env))) {
      if (path === HEALTH_PATH && (req.method === 'GET' || req.method === 'HEAD'))
        return c.json({ status: 'ok' });
      throw new BffProblem(421, misdirected(req.url));
    }
    if (!GUARDED.test(path)) return next();

    const found = admitCaller(req, path);
    const user = found instanceof Promise ? await found : found;
    if (user) c.set('user', user);
    // A webhook's sender is the service, not a browser: its deliveries take tokens from a bucket of
    // their own per address, so sign-in attempts from the same address never crowd them out.
    const bucket = user
      ? `user:${user.id}`
      : `${CSRF_EXEMPT.has(path) ? 'hook' : 'addr'}:${clientAddress(c)}`;

    if (isUnsafeMethod(req.method)) {
      const isImport = req.method === 'POST' && IMPORT_PATHS.has(path);
      const max = isImport ? importMaxBytes : maxBodyBytes;
      // A declared length is checked without touching the body: Hono's bodyLimit would turn the
      // request into a full WHATWG Request with a stream, the costliest step of a proxied POST.
      if (!declaresLength(req)) {
        return (isImport ? limitImport : limitBody)(c, async () => {
          const taking = takeToken(bucket);
          if (taking) await taking;
          await next();
        });
      }
      const length = req.headers.get('content-length') ?? '';
      if (!/^\d+$/.test(length) || Number(length) > max) throw tooLarge(max);
    }

    const taking = takeToken(bucket);
    if (taking) await taking;
    return next();
  };

  return {
    headers: headersStep(s, isHttps),
    admit,
    onError: errorAnswerer(s.log),
    apiHeaders: (c) => apiHeaders[isHttps(c) ? 'https' : 'http'],
    isHttps,
    clientAddress,
  };
}
