/**
 * POST /bff/lists/count: the exact number of companies of a list past the service's 500, counted
 * by the BFF in slices of fewer than 500 (docs/decisions/0026-counting-by-slices.md); POST
 * /bff/lists/count/estimate: the most that may cost, free to ask. A count is a deliberate spend,
 * so it is a function the user's click calls (with an AbortController to cancel it), never a query
 * that could run by itself.
 */
import type { ListRequest } from '@contract/api';
import type { ListCountEstimate, ListCountResponse } from '@contract/bff-lists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** What decides the list's companies: the grid's request without its page, order, sections or marks. */
export function countBody(request: ListRequest): ListRequest {
  const {
    limit: _limit,
    offset: _offset,
    sort_by: _sortBy,
    sort_order: _sortOrder,
    sections: _sections,
    mark_account_lists: _marked,
    ...list
  } = request;
  return list;
}

export function countList(body: ListRequest, signal?: AbortSignal): Promise<ListCountResponse> {
  return call('bff.lists.count', body, { signal });
}

export const COUNT_ESTIMATE_KEY = ['bff', 'lists', 'count', 'estimate'] as const;

export const countEstimateQueryOptions = (body: ListRequest) =>
  queryOptions({
    queryKey: [...COUNT_ESTIMATE_KEY, body],
    queryFn: ({ signal }): Promise<ListCountEstimate> => call('bff.lists.count.estimate', body, { signal }),
    staleTime: 30_000,
    retry: false,
  });

/** The count's price, asked only while the offer to count is on screen (`enabled`). */
export function useCountEstimate(body: ListRequest, enabled: boolean) {
  return useQuery({ ...countEstimateQueryOptions(body), enabled });
}
