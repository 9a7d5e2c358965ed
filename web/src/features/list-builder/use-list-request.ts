import type { ListRequest } from '@contract/api';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { FALLBACK_PRICING, usePricing } from '@/lib/pricing';
import { generateListQueryOptions } from './api/generate-list';
import { requestedSections } from './components/results/visible-columns';
import { type ListSearch, toListRequest } from './list-search';
import { useListSearch } from './use-list-search';

/**
 * The list request of a URL state on a plan: the sections its visible columns read, the page size
 * the plan allows. The grid's query and the first visit's early call (`prefetch-list-builder.ts`)
 * both build it here, so they are one query.
 */
export function listRequestFor(
  search: ListSearch,
  maxPageSize: number,
  sections: ListSearch['sections'] = requestedSections(search),
): ListRequest {
  return toListRequest({ ...search, sections }, maxPageSize);
}

/**
 * The list request the URL's state asks for on the user's plan: the sections its visible columns
 * read, the page size the plan allows. The grid runs it; other parts (the filter editor's note
 * about a list too broad to slice) read what it answered.
 */
export function useListRequest() {
  const { search, update } = useListSearch();
  const pricingQuery = usePricing();
  const pricing = pricingQuery.data ?? FALLBACK_PRICING;
  const planMax = pricing.rules.maxListLimit;
  const sections = useMemo(() => requestedSections(search), [search]);
  const request = useMemo(() => listRequestFor(search, planMax, sections), [search, sections, planMax]);
  return { search, update, pricing, pricingReady: !pricingQuery.isPending, sections, request };
}

/**
 * What the grid's list request last answered, without asking for it: an observer of the grid's
 * query (never fetching itself, so nothing is paid for twice and a page without the grid asks for
 * nothing).
 */
export function useListAnswer() {
  const { request } = useListRequest();
  return useQuery({ ...generateListQueryOptions(request), enabled: false });
}
