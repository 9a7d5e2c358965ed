/** What the real-service adapter's tests share: a browser's request as the adapters take it. */
import type { UpstreamRequest } from './real-service';

export const params = (s: string) => new URLSearchParams(s);
export const browser = (query = '', body?: unknown) => ({ query: params(query), body });

export function get(path: string, query = ''): UpstreamRequest {
  return { method: 'GET', path, query: params(query), body: undefined };
}
