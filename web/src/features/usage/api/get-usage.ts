import { type UsageResponse, UsageResponse as UsageSchema } from '@contract/bff';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, call } from '@/lib/api-client';
import { subscribeBffEvent } from '@/lib/bff-events';
import { invalidateUsage, USAGE_QUERY_KEY } from '@/lib/usage';

/** Today's spend and budget (`GET /bff/usage`); null where the BFF does not keep a ledger. */
async function getUsage(): Promise<UsageResponse | null> {
  try {
    const parsed = UsageSchema.safeParse(await call('bff.usage'));
    return parsed.success ? parsed.data : null;
  } catch (e) {
    if (e instanceof SyntaxError || (e instanceof ApiError && e.status === 404)) return null;
    throw e;
  }
}

export const usageQueryOptions = queryOptions({
  queryKey: USAGE_QUERY_KEY,
  queryFn: getUsage,
  staleTime: 15_000,
  refetchInterval: 60_000,
});

/**
 * How long `usage.changed` events are gathered before one refetch: a bulk enrichment, a lookalike
 * search or an export sends one per paid call, and a refetch for each would spend the user's request
 * rate on the header (429s) while the work itself needs it.
 */
export const USAGE_EVENTS_GATHERED_MS = 500;

/**
 * Today's usage, kept current: this tab refetches it after its own paid calls (invalidateUsage), and
 * on `usage.changed` for what the user spends in another tab, or through another BFF instance (one
 * refetch per burst of events, at most every USAGE_EVENTS_GATHERED_MS).
 */
export function useUsage(enabled = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const stop = subscribeBffEvent('usage.changed', () => {
      if (pending !== undefined) return;
      pending = setTimeout(() => {
        pending = undefined;
        void invalidateUsage(queryClient);
      }, USAGE_EVENTS_GATHERED_MS);
    });
    return () => {
      stop();
      if (pending !== undefined) clearTimeout(pending);
    };
  }, [enabled, queryClient]);
  return useQuery({ ...usageQueryOptions, enabled });
}
