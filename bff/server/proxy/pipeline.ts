/**
 * One call to the upstream on behalf of a user, as the browser asked for it: route check,
 * validation against the contract, cache, the worst case held against the budget and the cap
 * (ledger/budget.ts), the upstream call with its key, timeout and retries (./send.ts), the tolerant
 * reader, the ledger line written before the answer. The `/api/v1/*` proxy and `BffDeps.call` (CSV export) both run it.
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
import type { AnswerParts } from '../node-way-in';
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
  const secret = upstream.apiKey;
  const send = createSend(opts);

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
        await ledger.record({
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

    // Another user's addition request is answered as an unknown one, before anything goes upstream.
    const { additionOwner } = opts;
    if (route.id === 'additions.status' && additionOwner) {
      return ownAdditionLookup(user.id, route.params.id!, additionOwner, () =>
        forward(user, route, method, url, parsed, key, started, callOpts),
      );
    }

    // Money: the call's worst case held against the user's daily budget and the team's monthly cap
    // before it goes upstream, and settled with its ledger line at the real price (ledger/budget.ts).
    // A free endpoint (company and industry search, additions, status) spends nothing: spent limits
    // do not refuse it (account imports match through the company search).
    if (route.def.price === 'free') return forward(user, route, method, url, parsed, key, started, callOpts);
    const pendingLimits = opts.limitsOf(user);
    const limits = pendingLimits instanceof Promise ? await pendingLimits : pendingLimits;
    if (limits.budget === null && limits.cap === null)
      return forward(user, route, method, url, parsed, key, started, callOpts);
    const worst = estimateCost(route.id, opts.plan, parsed.query, parsed.body);
    const held = await opts.holds.place(user.id, worst, limits);
    if (!held.ok) {
      return problem(402, held.refusal.detail, {
        headers: { 'retry-after': String(held.refusal.retryAfterS) },
      });
    }
    let settled = false;
    try {
      const res = await forward(user, route, method, url, parsed, key, started, callOpts, held.hold);
      settled = true;
      return res;
    } finally {
      // A call that ended before its line was recorded (a fault in the BFF itself) frees its hold.
      if (!settled) ledger.release(held.hold.id);
    }
  }

  /**
   * The call past the limits: the upstream, then the ledger line (which settles `hold`), written
   * before the answer is given.
   */
  async function forward(
    user: BffUser,
    route: ProxyRoute,
    method: ProxyRoute['def']['method'],
    url: { pathname: string; search: string },
    parsed: Parsed,
    key: string | undefined,
    started: number,
    callOpts: CallOptions,
    hold?: Hold,
  ): Promise<Response> {
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
      opts.log(`[bff] ${method} ${route.path}: ${scrub(result.message, secret)}`);
      await ledger.record(
        {
          userId: user.id,
          method,
          endpoint: route.path,
          status,
          creditsConsumed: 0,
          cache: key !== undefined ? 'miss' : 'none',
          durationMs: performance.now() - started,
        },
        hold?.id,
      );
      return p;
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
    const recorded = ledger.record(
      {
        userId: user.id,
        method,
        endpoint: route.path,
        status: answer.status,
        creditsConsumed: consumed,
        cache: key !== undefined ? 'miss' : 'none',
        durationMs: performance.now() - started,
      },
      hold?.id,
    );
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
    // The answer goes out only with its ledger line written (the hooks above ran meanwhile).
    await recorded;
    return respond(answer, key !== undefined ? 'miss' : undefined, callOpts.headers);
  }
}
