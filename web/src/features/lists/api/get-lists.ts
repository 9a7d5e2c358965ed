/** GET /bff/lists: every list the user owns or can see; GET /bff/lists/{id}: one of them. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedList } from '../types';
import { listsApi } from './endpoints';

export const LISTS_QUERY_KEY = ['bff', 'lists'] as const;
export const listQueryKey = (id: string) => [...LISTS_QUERY_KEY, id] as const;

const listsQueryOptions = () =>
  queryOptions({
    queryKey: LISTS_QUERY_KEY,
    queryFn: async ({ signal }): Promise<SavedList[]> => (await listsApi.all(signal)).data,
    staleTime: 10_000,
  });

export function useSavedLists() {
  return useQuery(listsQueryOptions());
}

const savedListQueryOptions = (id: string) =>
  queryOptions({
    queryKey: listQueryKey(id),
    queryFn: ({ signal }) => listsApi.one(id, signal),
    // Free, and a scheduled check may have run it since: read afresh whenever the list is opened.
    staleTime: 0,
    retry: false,
  });

export function useSavedList(id: string) {
  return useQuery(savedListQueryOptions(id));
}
