import type { Problem } from '@contract/api';

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
export async function apiFetchWithHeaders<T>(
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
export async function apiStream(path: string, init: RequestInit = {}): Promise<Response> {
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
