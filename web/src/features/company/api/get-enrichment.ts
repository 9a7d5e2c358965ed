/**
 * GET /api/v1/company/enrichment?company=&sections=: the sections of one company. Each tab asks for
 * its own sections, so a tab costs only what it shows; the header's sections are shared with the
 * Overview tab through the query cache.
 */

import { enrichmentCost } from '@contract/pricing';
import type { StoredSection } from '@contract/section-names';
import type { Sections } from '@contract/sections';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateUsage } from '@/lib/usage';
import { PAID_QUERY_DEFAULTS, type Paid, paidGet } from './paid-call';

export type Enrichment<S extends StoredSection> = {
  uuid: string;
  /** A section the service did not return (or returned as null) is absent. */
  sections: Partial<Pick<Sections, S>>;
};

async function getEnrichment<S extends StoredSection>(
  company: string,
  sections: readonly S[],
  signal?: AbortSignal,
  opts: { refresh?: boolean } = {},
): Promise<Paid<Enrichment<S>>> {
  const res = await paidGet('company.enrichment', { company, sections: sections.join(',') }, signal, opts);
  const { uuid, ...rest } = res.body.data;
  const picked: Partial<Pick<Sections, S>> = {};
  for (const s of sections) {
    const value = rest[s];
    if (value !== null && value !== undefined) (picked as Record<string, unknown>)[s] = value;
  }
  return { ...res, body: { uuid, sections: picked } };
}

export const enrichmentQueryOptions = <S extends StoredSection>(company: string, sections: readonly S[]) =>
  queryOptions({
    queryKey: ['company', company, 'enrichment', [...sections].sort()],
    queryFn: ({ signal }) => getEnrichment(company, sections, signal),
    ...PAID_QUERY_DEFAULTS,
  });

export function useEnrichment<S extends StoredSection>(
  company: string,
  sections: readonly S[],
  opts: { enabled?: boolean } = {},
) {
  return useQuery({ ...enrichmentQueryOptions(company, sections), enabled: opts.enabled ?? true });
}

/**
 * "Refresh": buys the sections afresh (the store is refreshed with them) and puts the answer where
 * the page reads it; `price` is what the service charges for them.
 */
export function useRefreshEnrichment<S extends StoredSection>(company: string, sections: readonly S[]) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => getEnrichment(company, sections, undefined, { refresh: true }),
    onSuccess: (fresh) => queryClient.setQueryData(enrichmentQueryOptions(company, sections).queryKey, fresh),
    onSettled: () => invalidateUsage(queryClient),
  });
  return {
    price: enrichmentCost(sections),
    onRefresh: () => mutation.mutate(),
    pending: mutation.isPending,
    error: mutation.error,
  };
}
