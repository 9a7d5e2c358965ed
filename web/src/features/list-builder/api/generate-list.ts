/**
 * POST /api/v1/list/generate/companies: one page of the list. Every call that matches anything
 * costs credits, so a page once fetched is kept (no refetch on focus) and the previous page stays
 * on screen while the next one loads.
 */
import type { ListGenerateRequest, ListGenerateResponse } from '@contract/api';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callWithHeaders } from '@/lib/api-client';
import { invalidateUsage } from '@/lib/usage';

type GeneratedList = ListGenerateResponse & {
  /** The BFF answered from its cache: nothing was charged. */
  cached: boolean;
};

export async function generateList(req: ListGenerateRequest, signal?: AbortSignal): Promise<GeneratedList> {
  const { data, headers } = await callWithHeaders('list.generate', req, { signal });
  return { ...data, cached: headers.get('x-cache') === 'hit' };
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
    // A fresh, charged answer changed today's spend: the header's figure must follow.
    if (charged && updatedAt > 0) void invalidateUsage(queryClient);
  }, [charged, updatedAt, queryClient]);
  return query;
}
