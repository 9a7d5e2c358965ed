/** GET /api/v1/company/search?query=: a name or a website, resolved as the user types (free). */
import type { CompanySearchRecord } from '@contract/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const SEARCH_LIMIT = 8;

export async function searchCompanies(query: string, signal?: AbortSignal): Promise<CompanySearchRecord[]> {
  const params = new URLSearchParams({ query, limit: String(SEARCH_LIMIT) });
  const body = await apiFetch<{ data?: CompanySearchRecord[] } | undefined>(
    `/api/v1/company/search?${params}`,
    signal ? { signal } : {},
  );
  // The real service may answer 204 with no body when nothing matches.
  return body?.data ?? [];
}

export const companySearchQueryOptions = (query: string) =>
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
