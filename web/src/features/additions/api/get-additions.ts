/**
 * GET /bff/additions: the signed-in user's addition requests with their latest states, newest first.
 * The BFF keeps them, so the list survives a reload; live events patch it in place.
 */
import type { AdditionStatus } from '@contract/api';
import { type AdditionRecord, AdditionsResponse } from '@contract/bff-lists';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const ADDITIONS_QUERY_KEY = ['bff', 'additions'] as const;

async function getAdditions(signal?: AbortSignal): Promise<AdditionRecord[]> {
  const body = await call('bff.additions', undefined, { signal });
  return AdditionsResponse.parse(body).data;
}

const additionsQueryOptions = () =>
  queryOptions({
    queryKey: ADDITIONS_QUERY_KEY,
    queryFn: ({ signal }) => getAdditions(signal),
    staleTime: 5_000,
  });

export function useAdditions() {
  return useQuery(additionsQueryOptions());
}

/** The record a status answer describes, as the Requests list shows it. */
function recordFromStatus(s: AdditionStatus, createdAt?: string): AdditionRecord {
  return {
    request_id: s.request_id,
    company_name: s.detail.company_name,
    domain: s.detail.domain,
    status: s.status,
    reason: s.detail.reason,
    company_uuid: s.detail.company_uuid,
    created_at: createdAt ?? s.detail.created_at,
    updated_at: s.detail.updated_at,
  };
}

/** Updates one request of the cached list; false when the list does not hold it (refetch instead). */
export function patchAdditionRecord(queryClient: QueryClient, s: AdditionStatus): boolean {
  let found = false;
  queryClient.setQueryData<AdditionRecord[]>(ADDITIONS_QUERY_KEY, (list) => {
    if (!list) return list;
    return list.map((r) => {
      if (r.request_id !== s.request_id) return r;
      found = true;
      return recordFromStatus(s, r.created_at);
    });
  });
  return found;
}
