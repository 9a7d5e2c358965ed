/**
 * A first visit to the list builder asks the BFF for who is signed in, then for the plan's prices
 * (the page size depends on the plan), then for the first page of the list. Made by the components,
 * those three calls wait for each other and for React: the session call for the first render, the
 * prices for the render that the session unlocks, the list for the next. Started here as soon as
 * the app's code has run, the same queries (same keys, same options: the components then find them
 * running or answered) follow each other without waiting for any render, and the page's code loads
 * beside them.
 */
import type { SessionInfo } from '@contract/bff';
import type { QueryClient } from '@tanstack/react-query';
import { mustSignIn, sessionQueryOptions } from '@/features/auth/api/get-session';
import { usageQueryOptions } from '@/features/usage/api/get-usage';
import { pricingQueryOptions } from '@/lib/pricing';
import type { ListSearch } from '../list-search';
import { listRequestFor } from '../use-list-request';
import { generateListQueryOptions } from './generate-list';

export async function prefetchListBuilder(queryClient: QueryClient, search: ListSearch): Promise<void> {
  let session: SessionInfo;
  try {
    session = await queryClient.fetchQuery(sessionQueryOptions);
  } catch {
    return; // the pages show what went wrong themselves
  }
  // Signed out in team mode: the app goes to sign-in, and these calls could only answer 401.
  if (mustSignIn(session)) return;
  void queryClient.prefetchQuery(usageQueryOptions);
  const pricing = await queryClient.fetchQuery(pricingQueryOptions());
  await queryClient.prefetchQuery(
    generateListQueryOptions(listRequestFor(search, pricing.rules.maxListLimit)),
  );
}
