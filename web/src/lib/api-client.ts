import { type EndpointId, type InputOf, type OutputOf, requestOf } from '@contract/endpoints';
import type { Problem } from '@contract/problem';

/** One error type for every failed call: the service's problem details, or a network failure. */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem | undefined;
  constructor(status: number, message: string, problem?: Problem) {
    super(message);
    this.status = status;
    this.problem = problem;
  }
}

export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      ...init,
      headers: { accept: 'application/json', 'x-requested-with': 'list-builder', ...init.headers },
    });
  } catch {
    throw new ApiError(0, 'The server could not be reached. Check your connection and try again.');
  }
  const text = await res.text();
  const body = text ? (JSON.parse(text) as unknown) : undefined;
  if (!res.ok) {
    const problem = body as Problem | undefined;
    throw new ApiError(res.status, problem?.detail ?? `Request failed (${res.status})`, problem);
  }
  return body as T;
}

/**
 * Like `apiFetch`, and also gives the response's headers: the BFF says there whether an answer came
 * from its cache (`x-cache: hit`, which cost nothing).
 */
async function apiFetchWithHeaders<T>(
  path: string,
  init: RequestInit = {},
): Promise<{ data: T; headers: Headers }> {
  const res = await apiStream(path, init);
  const text = await res.text();
  return { data: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
}

/**
 * The raw response of a successful call, for bodies read as a stream (CSV exports); a failed call
 * throws the same `ApiError` as `apiFetch`.
 */
async function apiStream(path: string, init: RequestInit = {}): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(path, {
      ...init,
      headers: { accept: 'application/json', 'x-requested-with': 'list-builder', ...init.headers },
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'The server could not be reached. Check your connection and try again.');
  }
  if (!res.ok) {
    const text = await res.text();
    let problem: Problem | undefined;
    try {
      problem = text ? (JSON.parse(text) as Problem) : undefined;
    } catch {
      problem = undefined;
    }
    throw new ApiError(res.status, problem?.detail ?? `Request failed (${res.status})`, problem);
  }
  return res;
}

// ---------------------------------------------------------------------------------------------
// The typed client: every call named by its endpoint id (bff/contract/endpoints.ts), its input and
// answer typed from the contract's schemas. No path is written outside the endpoint table.

export type CallOptions = { signal?: AbortSignal | undefined; headers?: Record<string, string> };

/** The arguments after the id: the input (optional when the endpoint takes none), then options. */
type CallArgs<I extends EndpointId> =
  undefined extends InputOf<I>
    ? [input?: InputOf<I>, opts?: CallOptions]
    : [input: InputOf<I>, opts?: CallOptions];

function init(id: EndpointId, input: unknown, opts: CallOptions = {}): { url: string; init: RequestInit } {
  const req = requestOf(id, input);
  return {
    url: req.url,
    init: {
      method: req.method,
      headers: { ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      ...(req.body !== undefined ? { body: req.body } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
    },
  };
}

/** Calls an endpoint; resolves to its JSON answer, or throws an `ApiError`. */
export function call<I extends EndpointId>(id: I, ...[input, opts]: CallArgs<I>): Promise<OutputOf<I>> {
  const r = init(id, input, opts);
  return apiFetch<OutputOf<I>>(r.url, r.init);
}

/** Like `call`, with the answer's headers (the BFF says there whether an answer came from its cache). */
export function callWithHeaders<I extends EndpointId>(
  id: I,
  ...[input, opts]: CallArgs<I>
): Promise<{ data: OutputOf<I>; headers: Headers }> {
  const r = init(id, input, opts);
  return apiFetchWithHeaders<OutputOf<I>>(r.url, r.init);
}

/** The raw response of a successful call (bodies read as a stream: CSV exports). */
export function callStream<I extends EndpointId>(id: I, ...[input, opts]: CallArgs<I>): Promise<Response> {
  const r = init(id, input, opts);
  return apiStream(r.url, r.init);
}

/** The URL of an endpoint for what the browser opens itself (an EventSource, a link). */
export function urlOf<I extends EndpointId>(id: I, ...[input]: CallArgs<I>): string {
  return requestOf(id, input).url;
}
