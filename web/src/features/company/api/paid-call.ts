/**
 * What every paid read of the company page returns besides its body: the credits it cost, and
 * whether the BFF answered from its cache (`x-cache: hit`, nothing charged).
 */
import type { InputOf, OutputOf } from '@contract/endpoints';
import { callWithHeaders } from '@/lib/api-client';

export type Paid<T> = { body: T; credits: number; cached: boolean };

type PaidRead =
  | 'company.enrichment'
  | 'company.productReviews'
  | 'company.employeeReviews'
  | 'company.posts'
  | 'news';

export async function paidGet<I extends PaidRead>(
  id: I,
  input: InputOf<I>,
  signal?: AbortSignal,
): Promise<Paid<OutputOf<I>>> {
  const { data, headers } = await callWithHeaders<PaidRead>(id, input as InputOf<PaidRead>, { signal });
  const cached = headers.get('x-cache') === 'hit';
  return { body: data as OutputOf<I>, credits: cached ? 0 : (data.credits_consumed ?? 0), cached };
}

/**
 * Paid answers never go stale by themselves while the page is open: moving between tabs (or back
 * from another company) must not spend the credits again. They are dropped after 30 minutes unused.
 */
export const PAID_QUERY_DEFAULTS = {
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: 30 * 60_000,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  retry: false,
} as const;
