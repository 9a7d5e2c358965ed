/**
 * POST /bff/lists/count: the exact number of companies of a list past the service's 500, counted
 * by the BFF in slices of fewer than 500 (docs/decisions/0026-counting-by-slices.md); POST
 * /bff/lists/count/estimate: the most that may cost, free to ask. A count is a deliberate spend,
 * so it is a function the user's click calls (with an AbortController to cancel it), never a query
 * that could run by itself.
 */
import type { ListRequest } from '@contract/api';
// Types only: the contract's zod schemas stay out of the list page's first load (first-load.test.ts);
// the answers come from our own BFF, which validates what it sends.
import type {
  ListCountEstimate,
  ListCountProgress,
  ListCountResponse,
  ListCountStreamLine,
} from '@contract/bff-lists';
import { COUNT_STREAM_TYPE } from '@contract/list-params';
import type { Problem } from '@contract/problem';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, call, callStream } from '@/lib/api-client';

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

/**
 * Counts a list, its progress (slices done, companies and credits so far) told to `onProgress` as
 * the BFF streams it (`accept: application/x-ndjson`); resolves to the same answer as the plain
 * JSON call, or throws the `ApiError` of the refusal that stopped the count.
 */
export async function countList(
  body: ListRequest,
  signal?: AbortSignal,
  onProgress?: (p: ListCountProgress) => void,
): Promise<ListCountResponse> {
  const res = await callStream('bff.lists.count', body, {
    signal,
    headers: { accept: `${COUNT_STREAM_TYPE}, application/problem+json` },
  });
  // A BFF that answers the plain JSON (no progress to tell).
  if (!(res.headers.get('content-type') ?? '').includes(COUNT_STREAM_TYPE))
    return (await res.json()) as ListCountResponse;
  let result: ListCountResponse | undefined;
  const onLine = (text: string) => {
    if (text.trim() === '') return;
    const l = JSON.parse(text) as ListCountStreamLine;
    if ('progress' in l) onProgress?.(l.progress);
    else if ('result' in l) result = l.result;
    else throw new ApiError(l.problem.status, l.problem.detail, l.problem as unknown as Problem);
  };
  if (res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffered = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const text of lines) onLine(text);
    }
    onLine(buffered + decoder.decode());
  }
  if (!result) throw new ApiError(0, 'The count stopped before it finished.');
  return result;
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
