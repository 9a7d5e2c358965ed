/**
 * POST /bff/lookalikes: the companies most like a few seed companies. A run costs hundreds of
 * credits, so an answer once had is kept (no refetch on focus or remount) and a run starts only when
 * the user asked for it (`run-memory.ts`).
 */
import type { LookalikeRequest, LookalikeResponse } from '@contract/lookalikes';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '@/lib/api-client';
import { invalidateUsage } from '@/lib/usage';

export function findLookalikes(req: LookalikeRequest, signal?: AbortSignal): Promise<LookalikeResponse> {
  return call('bff.lookalikes', req, { signal });
}

export const lookalikesQueryOptions = (req: LookalikeRequest) =>
  queryOptions({
    queryKey: ['lookalikes', req],
    queryFn: ({ signal }) => findLookalikes(req, signal),
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
    retry: false,
  });

/** The run of `req` when `enabled`; otherwise only what an earlier run of it answered. */
export function useLookalikes(req: LookalikeRequest, enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...lookalikesQueryOptions(req), enabled });
  const charged = query.isSuccess && !query.isPlaceholderData && query.data.credits_consumed > 0;
  const updatedAt = query.dataUpdatedAt;
  useEffect(() => {
    // A charged answer changed today's spend: the header's figure must follow.
    if (charged && updatedAt > 0) void invalidateUsage(queryClient);
  }, [charged, updatedAt, queryClient]);
  return query;
}
