/**
 * What every paid read of the company page returns besides its body: the credits it cost, whether
 * the BFF answered from its cache (`x-cache: hit`, nothing charged), what the team's company store
 * saved on it, and when its data was fetched from the service (sections only). A refresh asks with
 * `Cache-Control: no-cache`: bought afresh, and the store with it.
 */
import { REFRESH_HEADERS } from '@contract/company-store';
import type { InputOf, OutputOf } from '@contract/endpoints';
import { callWithHeaders } from '@/lib/api-client';
import { oldestOf, storeNoteOf } from '@/lib/store-note';

export type Paid<T> = {
  body: T;
  credits: number;
  cached: boolean;
  /** Credits the team's company store saved on this answer. */
  saved: number;
  /** When the data was fetched from the service (its oldest part); null when the answer does not say. */
  asOf: string | null;
};

type PaidRead =
  | 'company.enrichment'
  | 'company.productReviews'
  | 'company.employeeReviews'
  | 'company.posts'
  | 'company.headcountTrends'
  | 'company.jobs'
  | 'company.websiteTraffic'
  | 'news';

export async function paidGet<I extends PaidRead>(
  id: I,
  input: InputOf<I>,
  signal?: AbortSignal,
  opts: { refresh?: boolean } = {},
): Promise<Paid<OutputOf<I>>> {
  const { data, headers } = await callWithHeaders<PaidRead>(id, input as InputOf<PaidRead>, {
    signal,
    ...(opts.refresh ? { headers: { ...REFRESH_HEADERS } } : {}),
  });
  const note = storeNoteOf(headers);
  return {
    body: data as OutputOf<I>,
    credits: note.cached ? 0 : (data.credits_consumed ?? 0),
    cached: note.cached,
    saved: note.saved,
    asOf: oldestOf(note.asOf),
  };
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
