/**
 * One call to the upstream on behalf of a user, as the browser asked for it: route check,
 * validation against the contract, cache, daily budget, key injection, timeout, retries of reads,
 * the tolerant reader, the ledger. The `/api/v1/*` proxy and `BffDeps.call` (CSV export) both run it.
 */

import { EventEmitter } from 'node:events';
import type { ServiceEndpointId } from '../../contract/endpoints';
import { readJsonBody } from '../../contract/http';
import type { Plan } from '../../contract/pricing';
import { PROBLEM_CONTENT_TYPE, zodFields } from '../../contract/problem';
import type { ResponseCache } from '../cache/cache';
import { cacheKey } from '../cache/cache';
import type { BffUser, ProxiedCall } from '../context';
import { type Budgets, estimateCost } from '../ledger/budget';
import type { Ledger } from '../ledger/ledger';
import type { AnswerParts } from '../node-way-in';
import type { Upstream } from '../upstream/upstream';
import { ADMINS_ONLY, invalidProblem, problem } from './problem';
import { fromUpstream, mayAdapt, toUpstream } from './real-service';
import { EMPTY_RESULTS, matchProxyRoute, type ProxyRoute } from './routes';
import { creditsOf, type RawAnswer, type ReadAnswer, readAnswer, scrub } from './tolerant';

export type PipelineOptions = {
  upstream: Upstream;
  ledger: Ledger;
  cache?: ResponseCache;
  /** The user's daily credit budget; null = unlimited. */
  budgetOf: (user: BffUser) => number | null | Promise<number | null>;
  /** Where daily budgets are reserved and settled (every instance's calls alike). */
  budgets: Budgets;
  /** The upstream key's plan: what a call may cost depends on it. */
  plan: Plan;
  /**
   * The team's monthly credit cap (bff/server/admin/team-cap.ts), checked after the daily budget:
   * a refusal when the team has spent it. Absent: no cap.
   */
  teamCap?: (user: BffUser) => Refusal | undefined | Promise<Refusal | undefined>;
  /** Per attempt, covering the whole answer (headers and body). */
  timeoutMs: number;
  /** Extra attempts of a GET after a 502, a 503 or a connection error. */
  retries: number;
  /** First backoff step; each retry waits a random time up to base x 2^attempt (full jitter). */
  retryBaseMs: number;
  onProxied: (call: ProxiedCall) => void | Promise<void>;
  /** Where answers built with `CallOptions.headers` are put, so that the guard leaves them be. */
  secured?: WeakSet<Response>;
  log: (line: string) => void;
  now?: () => Date;
};

/**
 * How the BFF's own parts call (the list resolver, bff/server/lists/):
 * - `fresh`: neither answered from nor stored in the read cache (a resolution asks afresh, and its
 *   one-company probes would only crowd the cache); a list the BFF resolves (company size,
 *   exclusions) reads none of the resolver's memory either, but what calls carrying the same
 *   `freshMemory` wrote (a saved list's run reads its pages with one: probes once per run, none
 *   older than the run);
 * - `body`: the JSON body already read and validated against the endpoint's input by the caller,
 *   so a request passed on unchanged is read and validated once.
 * And how the proxy route calls:
 * - `headers`: on every answer too (the guard's security headers), set as the answer is built
 *   rather than copied onto it afterwards (a second set of header objects per call); such answers
 *   are added to `PipelineOptions.secured`.
 */
export type CallOptions = {
  fresh?: boolean;
  freshMemory?: Set<string>;
  body?: { value: unknown; text: string };
  /**
   * The request's body as text, read by a layer in front that only looked at it (its stream is
   * spent): the list resolver reads it from here instead of the request.
   */
  bodyText?: string;
  headers?: Readonly<Record<string, string>>;
};

/** A call refused for want of credits: what to say, and when to try again. */
export type Refusal = { detail: string; retryAfterS: number };

export type CallUpstream = (user: BffUser, req: Request, opts?: CallOptions) => Promise<Response>;

/** A Retry-After longer than this is the upstream asking not to be retried now: relayed instead. */
const MAX_RETRY_AFTER_S = 2;

type Parsed = { query: URLSearchParams; body: unknown; bodyText: string | undefined };

type Fault = { fault: 'unreachable' | 'timeout'; message: string };

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

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function secondsToMidnightUtc(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/**
 * The answers `respond` built (they carry the caller's headers already), by their parts: the way in
 * below the Node adapter (node-way-in.ts) writes such an answer from these, not from the Response.
 */
const relayedParts = new WeakMap<Response, AnswerParts>();

/** The parts of an answer the pipeline relayed (its status, headers and body), if it is one. */
export function relayedPartsOf(res: Response): AnswerParts | undefined {
  return relayedParts.get(res);
}

export function createPipeline(opts: PipelineOptions): CallUpstream {
  const { upstream, ledger, cache } = opts;
  const now = opts.now ?? (() => new Date());
  const secret = upstream.apiKey;

  /**
   * One attempt: the whole answer read within the timeout, or a fault. One promise settled by
   * whichever comes first (no race of two promises and an async frame: this runs on every call).
   */
  function attempt(
    path: string,
    search: string,
    method: string,
    bodyText: string | undefined,
  ): Promise<RawAnswer | Fault> {
    const abort = new EventEmitter();
    const headers: Record<string, string> = { accept: 'application/json', 'x-api-key': secret };
    if (bodyText !== undefined) headers['content-type'] = 'application/json';
    return new Promise<RawAnswer | Fault>((resolve) => {
      const timer = setTimeout(() => {
        abort.emit('abort');
        resolve({
          fault: 'timeout',
          message: `The Company Data Service did not answer within ${opts.timeoutMs} ms.`,
        });
      }, opts.timeoutMs);
      upstream
        .send({
          method,
          pathAndQuery: `${path}${search}`,
          headers,
          ...(bodyText !== undefined ? { body: bodyText } : {}),
          abort,
        })
        .then(
          (answer) => {
            clearTimeout(timer);
            resolve(answer);
          },
          (err: unknown) => {
            clearTimeout(timer);
            const e = err as { code?: string; cause?: { code?: string } };
            const code = e.code ?? e.cause?.code;
            resolve({
              fault: 'unreachable',
              message: `The Company Data Service could not be reached${code ? ` (${code})` : ''}.`,
            });
          },
        );
    });
  }

  /** Attempts with retries (reads only) and the one 307/308 to the slashed path. */
  async function send(
    path: string,
    search: string,
    method: string,
    bodyText: string | undefined,
  ): Promise<RawAnswer | Fault> {
    const attempts = method === 'GET' ? 1 + opts.retries : 1;
    let currentPath = path;
    let redirected = false;
    let last: RawAnswer | Fault = {
      fault: 'unreachable',
      message: 'The Company Data Service could not be reached.',
    };
    for (let i = 0; i < attempts; i++) {
      if (i > 0) await sleep(Math.random() * opts.retryBaseMs * 2 ** (i - 1));
      let answer = await attempt(currentPath, search, method, bodyText);
      if (!('fault' in answer) && (answer.status === 307 || answer.status === 308)) {
        const target = redirected ? undefined : slashedTarget(currentPath, answer.headers.get('location'));
        if (!target) {
          return {
            fault: 'unreachable',
            message: 'The Company Data Service answered with a redirect the BFF does not follow.',
          };
        }
        redirected = true;
        currentPath = target;
        answer = await attempt(currentPath, search, method, bodyText);
        if (!('fault' in answer) && answer.status >= 300 && answer.status < 400) {
          return { fault: 'unreachable', message: 'The Company Data Service redirected more than once.' };
        }
      }
      last = answer;
      if ('fault' in answer) {
        if (answer.fault === 'timeout') return answer;
        continue;
      }
      if (answer.status === 502 || answer.status === 503) {
        const retryAfter = Number(answer.headers.get('retry-after') ?? 0);
        if (Number.isFinite(retryAfter) && retryAfter > MAX_RETRY_AFTER_S) return answer;
        continue;
      }
      return answer;
    }
    return last;
  }

  /**
   * Follows a redirect only to the same path with a trailing slash (the real service's habit), and
   * only on the upstream itself: the key is never sent anywhere else.
   */
  function slashedTarget(path: string, location: string | null): string | undefined {
    if (!location) return undefined;
    let target: URL;
    try {
      target = new URL(location, `http://upstream${path}`);
    } catch {
      return undefined;
    }
    const sameHost = target.origin === 'http://upstream' || target.origin === upstream.origin;
    const bare = path.replace(/\/$/, '');
    return sameHost && target.pathname.endsWith(`${bare}/`) ? `${bare}/` : undefined;
  }

  function respond(
    answer: {
      status: number;
      text: string;
      bytes?: Buffer;
      contentType: string;
      headers?: Record<string, string>;
    },
    cacheState: 'hit' | 'miss' | undefined,
    extra: Readonly<Record<string, string>> | undefined,
  ) {
    const headers: Record<string, string> = { ...answer.headers, ...extra };
    let res: Response;
    let body: Buffer | string | null = null;
    if (answer.status === 204) res = new Response(null, { status: 204, headers });
    else {
      headers['content-type'] = answer.contentType;
      if (cacheState) headers['x-cache'] = cacheState;
      // The upstream's bytes as they came when the answer was not changed: nothing encoded again.
      body = answer.bytes ?? answer.text;
      res = new Response(body as Uint8Array<ArrayBuffer> | string, { status: answer.status, headers });
    }
    relayedParts.set(res, { status: answer.status, headers, body });
    return res;
  }

  return async function call(user, req, callOpts = {}) {
    const res = await relay(user, req, callOpts);
    const { headers } = callOpts;
    if (headers) {
      // The pipeline's own problems (rare) take the headers the slow way.
      if (!relayedParts.has(res)) for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
      opts.secured?.add(res);
    }
    return res;
  };

  async function relay(user: BffUser, req: Request, callOpts: CallOptions): Promise<Response> {
    const started = performance.now();
    const url = splitUrl(req.url);
    const matched = matchProxyRoute(req.method, url.pathname);
    if (!matched) return problem(404, `No endpoint at ${url.pathname}.`);
    if (matched.kind === 'method') {
      return problem(405, `This endpoint allows ${matched.allow}.`, { headers: { allow: matched.allow } });
    }
    if (matched.route.def.role === 'admin' && user.role !== 'admin') return problem(403, ADMINS_ONLY);
    const route = matched.route;
    const method = route.def.method;
    const parsed = await parseRequest(req, route, new URLSearchParams(url.search), callOpts.body);
    if (parsed instanceof Response) return parsed;

    const key =
      cache && route.def.cacheable && !callOpts.fresh
        ? cacheKey(user.id, method, route.path, parsed.query, parsed.body)
        : undefined;
    if (key !== undefined) {
      const hit = cache?.get(key);
      if (hit) {
        ledger.record({
          userId: user.id,
          method,
          endpoint: route.path,
          status: hit.status,
          creditsConsumed: 0,
          cache: 'hit',
          durationMs: performance.now() - started,
        });
        return respond(hit, 'hit', callOpts.headers);
      }
    }

    // The daily budget: reserved before the upstream call, settled with what it cost (ledger/budget.ts).
    // A free endpoint (company and industry search, additions, status) spends nothing: a spent budget
    // or team cap does not refuse it (account imports match through the company search).
    const free = route.def.price === 'free';
    const pendingBudget = free ? null : opts.budgetOf(user);
    const budget = pendingBudget instanceof Promise ? await pendingBudget : pendingBudget;
    if (budget === null) return forward(user, route, method, url, parsed, key, started, callOpts).then(first);
    const estimate = estimateCost(route.id, opts.plan, parsed.query, parsed.body);
    const pendingReservation = opts.budgets.reserve(user.id, budget, estimate);
    const reservation = pendingReservation instanceof Promise ? await pendingReservation : pendingReservation;
    if (!reservation.ok) {
      const inFlight = reservation.spent < budget ? '; calls in flight hold the rest' : '';
      return problem(
        402,
        `Your daily budget of ${budget} credits is spent (${reservation.spent} used today${inFlight}); it renews at 00:00 UTC.`,
        {
          headers: { 'retry-after': String(secondsToMidnightUtc(now())) },
        },
      );
    }
    let spent = 0;
    try {
      const [res, consumed] = await forward(user, route, method, url, parsed, key, started, callOpts);
      spent = consumed;
      return res;
    } finally {
      opts.budgets.settle(reservation.lease, spent);
    }
  }

  /** The call past the budget: the team's cap, the upstream, the ledger; with what it cost. */
  async function forward(
    user: BffUser,
    route: ProxyRoute,
    method: ProxyRoute['def']['method'],
    url: { pathname: string; search: string },
    parsed: Parsed,
    key: string | undefined,
    started: number,
    callOpts: CallOptions,
  ): Promise<[Response, number]> {
    if (opts.teamCap && route.def.price !== 'free') {
      // Mostly known at once (no cap, or a cap read less than a second ago): no promise then.
      const pending = opts.teamCap(user);
      const refusal = pending instanceof Promise ? await pending : pending;
      if (refusal)
        return [problem(402, refusal.detail, { headers: { 'retry-after': String(refusal.retryAfterS) } }), 0];
    }

    // What both upstreams accept (real-service.ts); unchanged requests go as the browser wrote them.
    const sent = toUpstream(route.id, {
      method,
      path: route.upstream,
      query: parsed.query,
      body: parsed.body,
    });
    const search = sent.query === parsed.query ? url.search : sent.query.size > 0 ? `?${sent.query}` : '';
    const bodyText = sent.body === parsed.body ? parsed.bodyText : JSON.stringify(sent.body);
    const result = await send(sent.path, search, sent.method, bodyText);
    let answer: ReadAnswer;
    if ('fault' in result) {
      const status = result.fault === 'timeout' ? 504 : 502;
      const p = problem(status, scrub(result.message, secret));
      ledger.record({
        userId: user.id,
        method,
        endpoint: route.path,
        status,
        creditsConsumed: 0,
        cache: key !== undefined ? 'miss' : 'none',
        durationMs: performance.now() - started,
      });
      opts.log(`[bff] ${method} ${route.path}: ${scrub(result.message, secret)}`);
      return [p, 0];
    }
    const empty = EMPTY_RESULTS[route.id];
    answer = readAnswer(result, {
      secret,
      ...(route.noContent ? { noContent: true } : {}),
      ...(empty ? { empty: { of: empty, query: parsed.query, body: parsed.body } } : {}),
    });
    // The answer in the embedded service's shape; already in it, the upstream's text is relayed as is.
    // Only the endpoints real-service.ts adapts read the body here: reading it parses it.
    const adapted =
      answer.ok && mayAdapt(route.id, answer.bytes ?? answer.text)
        ? fromUpstream(route.id, answer.body, parsed)
        : undefined;
    if (adapted !== undefined) {
      const { status, contentType, headers, ok } = answer;
      answer = {
        status,
        contentType,
        headers,
        ok,
        body: adapted,
        text: JSON.stringify(adapted),
        credits: creditsOf(adapted),
      };
    }
    const consumed = answer.credits;
    ledger.record({
      userId: user.id,
      method,
      endpoint: route.path,
      status: answer.status,
      creditsConsumed: consumed,
      cache: key !== undefined ? 'miss' : 'none',
      durationMs: performance.now() - started,
    });
    if (answer.ok && key !== undefined) {
      // A repeat served from the cache costs nothing, and its body says so: the web app shows
      // `credits_consumed` as what the call cost, and would otherwise show the first call's price again.
      const body = consumed !== 0 ? answer.body : undefined;
      const repeat =
        body && typeof body === 'object'
          ? JSON.stringify({ ...(body as Record<string, unknown>), credits_consumed: 0 })
          : answer.text;
      cache?.set(key, { status: answer.status, text: repeat, contentType: answer.contentType });
    }
    if (answer.contentType !== PROBLEM_CONTENT_TYPE || answer.status < 500) {
      try {
        const tracked = opts.onProxied(
          new Proxied(user, route.id, method, route.path, answer, consumed, parsed.body),
        );
        if (tracked) await tracked;
      } catch (err) {
        opts.log(`[bff] onProxied failed: ${scrub(String(err), secret)}`);
      }
    }
    return [respond(answer, key !== undefined ? 'miss' : undefined, callOpts.headers), consumed];
  }
}

const first = ([res]: [Response, number]): Response => res;
