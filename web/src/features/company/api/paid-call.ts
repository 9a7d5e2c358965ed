/**
 * What every paid read of the company page returns besides its body: the credits it cost, and
 * whether the BFF answered from its cache (`x-cache: hit`, nothing charged).
 */
import { apiFetchWithHeaders } from '@/lib/api-client';

export type Paid<T> = { body: T; credits: number; cached: boolean };

export async function paidGet<T extends { credits_consumed: number }>(
  path: string,
  signal?: AbortSignal,
): Promise<Paid<T>> {
  const { data, headers } = await apiFetchWithHeaders<T>(path, signal ? { signal } : {});
  const cached = headers.get('x-cache') === 'hit';
  return { body: data, credits: cached ? 0 : (data.credits_consumed ?? 0), cached };
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
