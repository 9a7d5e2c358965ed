/**
 * A company's name by its id, from the free company search (`GET /api/v1/company/search?uuid=`),
 * for the ids a saved list's page shows without rows: the companies that left and a past run's
 * members. Same query as the company page's lookup, so a name found once is found everywhere.
 */
import type { CompanySearchRecord } from '@contract/api';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export function useCompanyName(uuid: string, enabled: boolean) {
  return useQuery({
    queryKey: ['company', uuid, 'resolve'],
    queryFn: async ({ signal }): Promise<CompanySearchRecord | null> => {
      const body: { data?: CompanySearchRecord[] } | undefined = await call(
        'company.search',
        { uuid, limit: 1 },
        { signal },
      );
      return body?.data?.[0] ?? null;
    },
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
