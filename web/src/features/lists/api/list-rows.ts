/**
 * The companies of a saved list, a page at a time: the list generation call the list builder's grid
 * makes for the same state (same query key and answer, so a page seen there is not paid again).
 */
import type { ListGenerateResponse, ListRequest } from '@contract/api';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callWithHeaders } from '@/lib/api-client';
import { type StoreNote, storeNoteOf } from '@/lib/store-note';
import { invalidateUsage } from '@/lib/usage';

type ListRows = ListGenerateResponse & StoreNote;

const listRowsQueryOptions = (req: ListRequest) =>
  queryOptions({
    queryKey: ['list', 'generate', req],
    queryFn: async ({ signal }): Promise<ListRows> => {
      const { data, headers } = await callWithHeaders('list.generate', req, { signal });
      return { ...data, ...storeNoteOf(headers) };
    },
    placeholderData: keepPreviousData,
    staleTime: 10 * 60_000,
    refetchOnWindowFocus: false,
    retry: false,
  });

export function useListRows(req: ListRequest, enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...listRowsQueryOptions(req), enabled });
  const charged = query.isSuccess && !query.isPlaceholderData && !query.data.cached;
  const updatedAt = query.dataUpdatedAt;
  useEffect(() => {
    if (charged && updatedAt > 0) void invalidateUsage(queryClient);
  }, [charged, updatedAt, queryClient]);
  return query;
}
