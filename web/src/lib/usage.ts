import type { QueryClient } from '@tanstack/react-query';

/** The query key of today's spend (`/bff/usage`), shown in the header. */
export const USAGE_QUERY_KEY = ['bff', 'usage'] as const;

/** Call after any request that may have cost credits, so the header shows the new spend. */
export function invalidateUsage(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: USAGE_QUERY_KEY });
}
