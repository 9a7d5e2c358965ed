import { type UsageResponse, UsageResponse as UsageSchema } from '@contract/bff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '@/lib/api-client';
import { USAGE_QUERY_KEY } from '@/lib/usage';

/** Today's spend and budget (`GET /bff/usage`); null where the BFF does not keep a ledger. */
export async function getUsage(): Promise<UsageResponse | null> {
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

export function useUsage(enabled = true) {
  return useQuery({ ...usageQueryOptions, enabled });
}
