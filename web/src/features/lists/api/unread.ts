/**
 * The header's count of unread alerts (`GET /bff/lists/alerts`): a scheduled check that found new
 * companies in a list makes one, with a `list.new_matches` live event. The count is the BFF's on
 * load, raised by each event and fetched again when the stream (re)opens (events are not
 * replayed). The BFF clears a list's alerts when the user marks the list seen, and all of them with
 * `POST /bff/lists/alerts/read` (the Lists page's "Mark read").
 */
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '@/lib/api-client';
import { subscribeBffConnection } from '@/lib/bff-events';
import { useBffEvent } from '@/lib/use-bff-events';
import { isPageOfList } from '../list-view';
import type { ListAlert, SavedList } from '../types';
import { listsApi } from './endpoints';
import { listQueryKey } from './get-lists';

export const UNREAD_QUERY_KEY = ['bff', 'lists', 'unread'] as const;

export type Unread = { count: number; alerts: ListAlert[] };

/** The BFF's unread alerts; null where the BFF does not keep them. */
async function getUnread(signal?: AbortSignal): Promise<Unread | null> {
  try {
    const body = await listsApi.alerts(signal);
    return typeof body?.unread === 'number' ? unreadOf(body.data ?? []) : null;
  } catch (e) {
    if (e instanceof SyntaxError || (e instanceof ApiError && (e.status === 404 || e.status === 405)))
      return null;
    throw e;
  }
}

const unreadQueryOptions = () =>
  queryOptions({ queryKey: UNREAD_QUERY_KEY, queryFn: ({ signal }) => getUnread(signal), staleTime: 30_000 });

/** The header's figure: the new matches (companies) of the unread alerts. */
export function unreadOf(alerts: readonly ListAlert[]): Unread {
  return { count: alerts.reduce((sum, a) => sum + Math.max(0, a.count), 0), alerts: [...alerts] };
}

/** What a `list.new_matches` event adds to the figure before the BFF's count comes back: its `count`. */
export function newMatchesIn(data: unknown): number {
  const count = data && typeof data === 'object' ? (data as { count?: unknown }).count : undefined;
  return typeof count === 'number' && Number.isFinite(count) && count > 0 ? count : 0;
}

/** What a `list.new_matches` event changes in the app's queries: the figure, the list's pages and the lists. */
export function afterNewMatches(queryClient: QueryClient, data: unknown): void {
  const by = newMatchesIn(data);
  queryClient.setQueryData<Unread | null>(UNREAD_QUERY_KEY, (u) => (u ? { ...u, count: u.count + by } : u));
  // The BFF's figure is the truth (it may count a list once however many events came).
  void queryClient.invalidateQueries({ queryKey: UNREAD_QUERY_KEY });
  // A check ran a list: its pages (renewed by the run, docs/decisions/0038-runs-renew-kept-orders.md)
  // as the list's page last read them, then its last run, new count and history.
  const listId = data && typeof data === 'object' ? (data as { list_id?: unknown }).list_id : undefined;
  const request =
    typeof listId === 'string' ? queryClient.getQueryData<SavedList>(listQueryKey(listId))?.request : null;
  if (request) void queryClient.invalidateQueries({ predicate: (q) => isPageOfList(q.queryKey, request) });
  void queryClient.invalidateQueries({ queryKey: ['bff', 'lists'] });
}

/** The unread alerts, for the Lists page (no live updates of its own: the header's hook has them). */
export function useAlerts() {
  return useQuery(unreadQueryOptions());
}

/** Marks every alert of the user read. */
export function useMarkAlertsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => listsApi.alertsRead(),
    onSuccess: () =>
      queryClient.setQueryData<Unread | null>(UNREAD_QUERY_KEY, (u) => (u ? { count: 0, alerts: [] } : u)),
  });
}

export function useUnreadCount(enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...unreadQueryOptions(), enabled });
  useBffEvent('list.new_matches', (data) => afterNewMatches(queryClient, data));
  const { refetch } = query;
  useEffect(() => {
    if (!enabled) return;
    let first = true;
    return subscribeBffConnection((open) => {
      if (open && !first) void refetch();
      first = false;
    });
  }, [enabled, refetch]);
  return query.data?.count ?? 0;
}
