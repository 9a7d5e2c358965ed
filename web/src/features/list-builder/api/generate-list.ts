/**
 * POST /api/v1/list/generate/companies: one page of the list. Every call that matches anything
 * costs credits the first time the team asks for it, so a page once fetched is kept (no refetch on
 * focus) and the previous page stays on screen while the next one loads. The answer's headers say
 * what the team's company store saved and when each row's data was fetched; a refresh asks for the
 * page afresh (bought again, and the store with it).
 */
import type { ListGenerateRequest, ListGenerateResponse } from '@contract/api';
import { REFRESH_HEADERS } from '@contract/company-store';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callWithHeaders } from '@/lib/api-client';
import { type StoreNote, storeNoteOf } from '@/lib/store-note';
import { invalidateUsage } from '@/lib/usage';

export type GeneratedList = ListGenerateResponse & StoreNote;

export async function generateList(
  req: ListGenerateRequest,
  signal?: AbortSignal,
  opts: { refresh?: boolean } = {},
): Promise<GeneratedList> {
  const { data, headers } = await callWithHeaders('list.generate', req, {
    signal,
    ...(opts.refresh ? { headers: { ...REFRESH_HEADERS } } : {}),
  });
  return { ...data, ...storeNoteOf(headers) };
}

export const generateListQueryOptions = (req: ListGenerateRequest) =>
  queryOptions({
    queryKey: ['list', 'generate', req],
    queryFn: ({ signal }) => generateList(req, signal),
    placeholderData: keepPreviousData,
    staleTime: 10 * 60_000,
    refetchOnWindowFocus: false,
    retry: false,
  });

export function useGenerateList(req: ListGenerateRequest, opts: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...generateListQueryOptions(req), enabled: opts.enabled ?? true });
  const charged = query.isSuccess && !query.isPlaceholderData && !query.data.cached;
  const updatedAt = query.dataUpdatedAt;
  useEffect(() => {
    // A fresh, charged answer changed today's spend (or what was saved): the header must follow.
    if (charged && updatedAt > 0) void invalidateUsage(queryClient);
  }, [charged, updatedAt, queryClient]);
  return query;
}

/** Buys the page afresh (`Cache-Control: no-cache`) and puts the answer where the grid reads it. */
export function useRefreshList(req: ListGenerateRequest) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => generateList(req, undefined, { refresh: true }),
    onSuccess: (fresh) => queryClient.setQueryData(generateListQueryOptions(req).queryKey, fresh),
    onSettled: () => invalidateUsage(queryClient),
  });
}
