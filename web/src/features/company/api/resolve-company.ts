/**
 * GET /api/v1/company/search?uuid= (or `website=` for an address): whether the company of a page
 * exists, asked of the free search before any paid call. A wrong id then costs nothing and shows
 * "Company not found" without a failed request, and the header has the name and website at once.
 */
import type { CompanySearchRecord } from '@contract/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** A page address may name the company by its website (`/companies/acme.com`) instead of its id. */
export function looksLikeWebsite(id: string): boolean {
  return /^(https?:\/\/)?(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(\/.*)?$/i.test(id.trim());
}

/** The company's search record, or null when the data set has no such company. */
export async function resolveCompany(id: string, signal?: AbortSignal): Promise<CompanySearchRecord | null> {
  const body: { data?: CompanySearchRecord[] } | undefined = await call(
    'company.search',
    looksLikeWebsite(id) ? { website: id, limit: 1 } : { uuid: id, limit: 1 },
    { signal },
  );
  // The real service may answer 204 with no body when nothing matches.
  return body?.data?.[0] ?? null;
}

export const resolveCompanyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['company', id, 'resolve'],
    queryFn: ({ signal }) => resolveCompany(id, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
    refetchOnWindowFocus: false,
    retry: false,
  });

/**
 * Whether the page's company is known: `pending` while the search answers, `missing` when it found
 * nothing, `known` otherwise. A failed search does not block the page: the paid call then decides
 * (and says "not found" itself on a 404).
 */
export function useResolvedCompany(id: string): {
  state: 'pending' | 'missing' | 'known';
  record: CompanySearchRecord | null;
} {
  const q = useQuery(resolveCompanyQueryOptions(id));
  if (q.isError) return { state: 'known', record: null };
  if (q.isPending) return { state: 'pending', record: null };
  return q.data ? { state: 'known', record: q.data } : { state: 'missing', record: null };
}
