import type { FilterBuilderResponse } from '@contract/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { invalidateUsage } from '@/lib/usage';

/** Plain language to filters (`POST /api/v1/list/filter-builder`); costs `PRICES.query` credits. */
export function buildFilters(query: string): Promise<FilterBuilderResponse> {
  return call('list.filterBuilder', { query });
}

export function useBuildFilters() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buildFilters,
    onSettled: () => invalidateUsage(queryClient),
  });
}
