/**
 * A saved list's runs: POST /bff/lists/{id}/runs (run it now, charged to the user), GET .../runs
 * (the history), GET .../runs/{run_id} (a past run with its members), and POST .../seen (mark the
 * latest run seen: the next run compares with it, and the badges go).
 */
import type { ListRequest } from '@contract/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateUsage } from '@/lib/usage';
import { isPageOfList } from '../list-view';
import { listsApi } from './endpoints';
import { LISTS_QUERY_KEY, listQueryKey } from './get-lists';
import { UNREAD_QUERY_KEY } from './unread';

const runsKey = (listId: string) => [...listQueryKey(listId), 'runs'] as const;
const runKey = (listId: string, runId: string) => [...runsKey(listId), runId] as const;

const runsQueryOptions = (listId: string) =>
  queryOptions({
    queryKey: runsKey(listId),
    queryFn: async ({ signal }) => (await listsApi.runs(listId, signal)).data,
    staleTime: 10_000,
  });

export function useRuns(listId: string) {
  return useQuery(runsQueryOptions(listId));
}

const runDetailQueryOptions = (listId: string, runId: string) =>
  queryOptions({
    queryKey: runKey(listId, runId),
    queryFn: ({ signal }) => listsApi.runDetail(listId, runId, signal),
    // A run never changes once made.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useRunDetail(listId: string, runId: string | null) {
  return useQuery({ ...runDetailQueryOptions(listId, runId ?? ''), enabled: runId !== null });
}

/**
 * Runs the list now; the answer (with what was added and removed) is kept as that run's detail. The
 * list's pages are read again: the run renewed what the BFF keeps of them (a company it found shows).
 */
export function useRunList(listId: string, request: ListRequest) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => listsApi.run(listId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: listQueryKey(listId) });
      void queryClient.invalidateQueries({ predicate: (q) => isPageOfList(q.queryKey, request) });
      void queryClient.invalidateQueries({ queryKey: LISTS_QUERY_KEY, exact: true });
    },
    onSettled: () => void invalidateUsage(queryClient),
  });
}

/** Marks the latest run seen for this user: the next run compares with it. */
export function useMarkSeen(listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => listsApi.seen(listId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: LISTS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: UNREAD_QUERY_KEY });
    },
  });
}

/** What a run would cost, as the BFF estimates it (null where it does not: the app estimates). */
export function useRunEstimate(listId: string) {
  return useQuery({
    queryKey: [...listQueryKey(listId), 'estimate'],
    queryFn: async ({ signal }) => {
      try {
        return await listsApi.estimate(listId, signal);
      } catch {
        return null;
      }
    },
    staleTime: 60_000,
  });
}
