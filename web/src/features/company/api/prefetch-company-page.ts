/**
 * A first visit to a company page asks for who is signed in, then whether the company exists (the
 * free search) and the plan's prices, then the header's sections and, on the Overview tab, its own.
 * Made by the components, each step waits for a render (the session unlocks the page, the search
 * unlocks the paid calls). Started here as soon as the app's code has run, the same queries (same
 * keys and options, so the components find them running or answered and nothing is paid twice)
 * follow each other while the page's code loads. Other tabs ask for themselves.
 */
import type { SessionInfo } from '@contract/bff';
import type { QueryClient } from '@tanstack/react-query';
import { mustSignIn, sessionQueryOptions } from '@/features/auth/api/get-session';
import { usageQueryOptions } from '@/features/usage/api/get-usage';
import { pricingQueryOptions } from '@/lib/pricing';
import { type CompanyTab, HEADER_SECTIONS, TAB_SECTIONS } from '../company-tabs';
import { enrichmentQueryOptions } from './get-enrichment';
import { resolveCompanyQueryOptions } from './resolve-company';

export async function prefetchCompanyPage(
  queryClient: QueryClient,
  company: string,
  tab: CompanyTab,
): Promise<void> {
  let session: SessionInfo;
  try {
    session = await queryClient.fetchQuery(sessionQueryOptions);
  } catch {
    return; // the page shows what went wrong itself
  }
  if (mustSignIn(session)) return;
  void queryClient.prefetchQuery(usageQueryOptions);
  void queryClient.prefetchQuery(pricingQueryOptions());
  // As the page reads the search: a failed search does not block the paid calls, nothing found does.
  const found = await queryClient.fetchQuery(resolveCompanyQueryOptions(company)).catch(() => undefined);
  if (found === null) return;
  void queryClient.prefetchQuery(enrichmentQueryOptions(company, HEADER_SECTIONS));
  if (tab === 'overview')
    void queryClient.prefetchQuery(enrichmentQueryOptions(company, TAB_SECTIONS.overview));
}
