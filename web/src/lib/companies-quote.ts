/**
 * POST /bff/companies/quote: what some sections of some companies cost now, the team's company store
 * counted (what it holds is free). Asking is free; the list builder's Columns drawer shows the answer
 * on the button that applies the choice, the company page on the tabs whose data is stored.
 */
import type { CompanyQuote } from '@contract/company-store';
import type { StoredSection } from '@contract/section-names';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const QUOTE_KEY = ['bff', 'companies', 'quote'] as const;

export const quoteSectionsQueryOptions = (companies: readonly string[], sections: readonly StoredSection[]) =>
  queryOptions({
    queryKey: [...QUOTE_KEY, [...companies], [...sections].sort()],
    queryFn: ({ signal }): Promise<CompanyQuote> =>
      call('bff.companies.quote', { companies: [...companies], sections: [...sections] }, { signal }),
    // What the store holds changes as the team works: a quote is good for a short while only.
    staleTime: 10_000,
    retry: false,
  });

export function useSectionsQuote(companies: readonly string[], sections: readonly StoredSection[]) {
  return useQuery({
    ...quoteSectionsQueryOptions(companies, sections),
    enabled: companies.length > 0 && sections.length > 0,
  });
}
