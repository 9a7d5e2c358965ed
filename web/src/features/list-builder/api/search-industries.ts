import type { IndustryMatch } from '@contract/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { rememberNames } from '../filter-names';

/** Industry search (`GET /api/v1/industry/search?query=`, free): the service's industry codes. */
export async function searchIndustries(query: string): Promise<IndustryMatch[]> {
  const body: { data?: IndustryMatch[] } | undefined = await call('industry.search', { query });
  const data = body?.data ?? [];
  rememberNames(
    'industry',
    data.map((m) => [m.code, m.industry_name]),
  );
  return data;
}

export const searchIndustriesQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['industry-search', query],
    queryFn: () => searchIndustries(query),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

export function useSearchIndustries(query: string) {
  const q = query.trim();
  return useQuery({ ...searchIndustriesQueryOptions(q), enabled: q.length > 0 });
}
