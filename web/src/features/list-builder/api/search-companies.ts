import type { CompanySearchRecord } from '@contract/api';
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { rememberNames } from '../filter-names';

/** Company search (`GET /api/v1/company/search`, free) by name or by id. */
export async function searchCompanies(
  params: { name: string } | { uuid: string },
): Promise<CompanySearchRecord[]> {
  const body: { data?: CompanySearchRecord[] } | undefined = await call('company.search', {
    ...params,
    limit: 8,
  });
  const data = body?.data ?? [];
  rememberNames(
    'company',
    data.map((c) => [c.uuid, c.name]),
  );
  return data;
}

const searchCompaniesQueryOptions = (name: string) =>
  queryOptions({
    queryKey: ['company-search', 'name', name],
    queryFn: () => searchCompanies({ name }),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

export function useSearchCompanies(name: string) {
  const q = name.trim();
  return useQuery({ ...searchCompaniesQueryOptions(q), enabled: q.length > 0 });
}

const companyByIdQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: ['company-search', 'uuid', uuid],
    queryFn: () => searchCompanies({ uuid }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * Looks up the names of companies known only by id (investors in a shared link). Names land in
 * the name store (`useNames('company')`), which is what components read.
 */
export function useResolveCompanyNames(uuids: readonly string[], known: Readonly<Record<string, string>>) {
  const missing = uuids.filter((u) => known[u] === undefined);
  useQueries({ queries: missing.map((u) => companyByIdQueryOptions(u)) });
}
