/**
 * What the page a visit opens needs before it can show anything, asked for before React's first
 * render: the calls its first paint waits for, which the components would otherwise make one
 * render after the other (session, then prices, then the list or the company). The page's code is
 * already loading (`page-code.ts`). Each early call is the component's own query (same key and
 * options), so the component finds it running or answered and nothing is asked or paid twice; a
 * failed one is left for the component, which shows it and offers to retry.
 */
import type { QueryClient } from '@tanstack/react-query';
import { prefetchCompanyPage } from '@/features/company/api/prefetch-company-page';
import type { CompanyPageSearch } from '@/features/company/company-tabs';
import { prefetchListBuilder } from '@/features/list-builder/api/prefetch-list-builder';
import type { ListSearch } from '@/features/list-builder/list-search';
import { prepareNumberFormats } from '@/lib/format';
import { type router as appRouter, companyRoute, listRoute } from './router';

export function startFirstVisit(router: typeof appRouter, queryClient: QueryClient): void {
  const match = router.matchRoutes(router.state.location).at(-1);
  let early: Promise<void> | undefined;
  if (match?.routeId === listRoute.id) {
    early = prefetchListBuilder(queryClient, match.search as ListSearch);
  } else if (match?.routeId === companyRoute.id) {
    const { companyId } = match.params as { companyId: string };
    early = prefetchCompanyPage(
      queryClient,
      companyId,
      (match.search as CompanyPageSearch).tab ?? 'overview',
    );
  }
  // A failure stays in the query's state, where the page reads it.
  early?.catch(() => {});
  // While those are on the wire, in a task of its own: what the first number shown costs.
  setTimeout(prepareNumberFormats, 0);
}
