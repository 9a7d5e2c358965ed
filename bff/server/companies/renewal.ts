/**
 * A saved list's run renews the list orders the team's company store keeps of its list
 * (docs/decisions/0038-runs-renew-kept-orders.md): inside `renewingOrders(fn)`, every list order the
 * store's port buys marks its list (its query and filters, whatever the sort, page or sections) as
 * read afresh when the run began, and a kept order of that list fetched before is bought again
 * instead of served. So a saved list's page, composed through the kept orders, never shows an
 * older membership than the list's latest run found.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** One run's renewal: when it began (the store's clock, at its first list order), the lists it marked. */
export type Renewal = { since: string | undefined; marked: Set<string> };

const renewing = new AsyncLocalStorage<Renewal>();

/** A run's renewal, before it reads anything: one for all of its reads. */
export function newRenewal(): Renewal {
  return { since: undefined, marked: new Set() };
}

/** Runs `fn` (a read of a saved list's run) with the list orders it buys renewing their lists. */
export function renewingOrders<T>(renewal: Renewal, fn: () => Promise<T>): Promise<T> {
  return renewing.run(renewal, fn);
}

/** The renewal open here (inside `renewingOrders`), if any. */
export function openRenewal(): Renewal | undefined {
  return renewing.getStore();
}
