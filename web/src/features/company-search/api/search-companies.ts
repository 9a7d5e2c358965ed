/** GET /api/v1/company/search?query=: a name or a website, resolved as the user types (free). */
import type { CompanySearchRecord } from '@contract/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

const SEARCH_LIMIT = 8;

export async function searchCompanies(query: string, signal?: AbortSignal): Promise<CompanySearchRecord[]> {
  const body: { data?: CompanySearchRecord[] } | undefined = await call(
    'company.search',
    { query, limit: SEARCH_LIMIT },
    { signal },
  );
  // The real service may answer 204 with no body when nothing matches.
  return body?.data ?? [];
}

const companySearchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['company-search', query],
    queryFn: ({ signal }) => searchCompanies(query, signal),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useCompanySearch(query: string) {
  return useQuery({ ...companySearchQueryOptions(query), enabled: query.length >= 2 });
}
