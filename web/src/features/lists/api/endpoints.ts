/**
 * The saved lists' calls (issue 14's API). One place that writes their paths until the BFF's
 * endpoint table holds them; then each becomes `call(id, ...)` of `@/lib/api-client`.
 */
import { apiFetch } from '@/lib/api-client';
import type {
  ListAlert,
  ListChanges,
  ListRun,
  NewList,
  RunDetail,
  RunEstimate,
  RunSummary,
  SavedList,
} from '../types';

const json = (method: string, body?: unknown, signal?: AbortSignal): RequestInit => ({
  method,
  ...(body !== undefined
    ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
    : {}),
  ...(signal ? { signal } : {}),
});
const at = (id: string) => `/bff/lists/${encodeURIComponent(id)}`;

export const listsApi = {
  all: (signal?: AbortSignal) =>
    apiFetch<{ data: SavedList[] }>('/bff/lists', json('GET', undefined, signal)),
  one: (id: string, signal?: AbortSignal) => apiFetch<SavedList>(at(id), json('GET', undefined, signal)),
  create: (body: NewList) => apiFetch<SavedList>('/bff/lists', json('POST', body)),
  update: (id: string, body: ListChanges) => apiFetch<SavedList>(at(id), json('PATCH', body)),
  remove: (id: string) => apiFetch<undefined>(at(id), json('DELETE')),
  run: (id: string) => apiFetch<ListRun>(`${at(id)}/runs`, json('POST', {})),
  runs: (id: string, signal?: AbortSignal) =>
    apiFetch<{ data: RunSummary[] }>(`${at(id)}/runs`, json('GET', undefined, signal)),
  runDetail: (id: string, runId: string, signal?: AbortSignal) =>
    apiFetch<RunDetail>(`${at(id)}/runs/${encodeURIComponent(runId)}`, json('GET', undefined, signal)),
  alerts: (signal?: AbortSignal) =>
    apiFetch<{ unread: number; data: ListAlert[] }>('/bff/lists/alerts', json('GET', undefined, signal)),
  alertsRead: () => apiFetch<undefined>('/bff/lists/alerts/read', json('POST', {})),
  estimate: (id: string, signal?: AbortSignal) =>
    apiFetch<RunEstimate>(`${at(id)}/estimate`, json('GET', undefined, signal)),
  seen: (id: string) => apiFetch<undefined>(`${at(id)}/seen`, json('POST', {})),
};
