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
