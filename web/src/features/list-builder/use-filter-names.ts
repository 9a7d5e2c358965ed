import { type FundingRoundsCondition, INVESTOR_EXCLUSION_KEY } from '@contract/filters';
import { useMemo } from 'react';
import { useResolveCompanyNames } from './api/search-companies';
import { useIndustryCodes } from './filter-codes';
import { useNames } from './filter-names';
import type { FilterValues } from './filter-values';
import type { NameLookup } from './filter-words';
import { useIndustryTree } from './industry-tree';

/** Everything needed to put the given filters (and exclusions) into words, fetching names it lacks. */
export function useFilterNames(
  filters: FilterValues | undefined,
  exclude?: FilterValues | undefined,
): NameLookup {
  const industries = useNames('industry');
  const companies = useNames('company');
  const hasCodes = Boolean(
    filters?.['industry.naics'] ||
      filters?.['industry.sic'] ||
      exclude?.['industry.naics'] ||
      exclude?.['industry.sic'],
  );
  const codes = useIndustryCodes(hasCodes);
  const tree = useIndustryTree(Boolean(filters?.['industry.industry'] || exclude?.['industry.industry']));
  const investors = (filters?.['funding_detail.funding_rounds'] as FundingRoundsCondition | undefined)?.[
    'investors.uuid'
  ];
  // Investors left out ("Not backed by …") are named the same way.
  const notBackedBy = exclude?.[INVESTOR_EXCLUSION_KEY];
  useResolveCompanyNames(
    [...(investors ?? []), ...(Array.isArray(notBackedBy) ? notBackedBy.map(String) : [])],
    companies,
  );
  return useMemo(
    () => ({
      industry: (code) => industries[code],
      company: (uuid) => companies[uuid],
      naics: (code) => codes.data?.naics.titles.get(code),
      sic: (code) => codes.data?.sic.titles.get(code),
      ...(tree.data ? { sectors: tree.data } : {}),
    }),
    [industries, companies, codes.data, tree.data],
  );
}
