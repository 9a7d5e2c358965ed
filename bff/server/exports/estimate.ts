/**
 * `POST /bff/exports/estimate` for a list export (`request`): what the file would cost now, before
 * it is made, the team's company store counted (docs/decisions/0024-company-store.md). The export
 * reads the list's pages (export.ts); a page whose order the store keeps has known companies, so
 * its price is exact: the (company, section) pairs not stored. A page not kept is priced as if
 * nothing were stored, and the estimate says it is an upper bound (`exact: false`). A list the
 * planner serves (company size, exclusions, account lists) is priced the same way on its own
 * request, which makes it an estimate too. Bulk enrichment (`source`) is the accounts part's.
 */
import { EXPORT_MAX_ROWS } from '../../contract/bff';
import type { ListExportEstimate } from '../../contract/company-store';
import { credits } from '../../contract/pricing';
import type { StoredSection } from '../../contract/section-names';
import { SIGNAL_READING_PRICES } from '../../contract/signal-columns';
import { type PageQuote, quoteListPage } from '../companies/port';
import { quoteSignals } from '../companies/signals';
import type { CompanyStore } from '../companies/store';
import type { BffDeps, BffUser } from '../context';
import { serviceRequest } from '../lists/request';
import { exportPageLimit, planExport } from './export';

export type ListEstimateDeps = Pick<BffDeps, 'plan'> & {
  companies: CompanyStore;
  /** What the user may still spend (the lowest of the daily budget's and the team cap's rest). */
  remaining: (user: BffUser) => Promise<number | null>;
};

/** The page sizes the list builder's grid asks for: a kept grid page tells the list's size. */
const GRID_PAGE_SIZES = [50, 25, 100, 20];

export async function estimateListExport(
  deps: ListEstimateDeps,
  user: BffUser,
  body: unknown,
): Promise<ListExportEstimate | Response> {
  const plan = planExport(body, deps.plan);
  if (plan instanceof Response) return plan;
  const { exclude_account_lists: _a, ...rest } = plan.request as Record<string, unknown>;
  const request = serviceRequest(rest as never) as Record<string, unknown>;
  const planned = plan.excluding || 'exclude' in plan.request;
  const quote = (offset: number, limit: number, extra: readonly StoredSection[]) =>
    quoteListPage(deps.companies, { ...request, offset, limit } as never, extra);

  // The list's size: from the export's first page, or a page of the grid, when kept.
  let total: number | null = null;
  for (const limit of [plan.pageSize, ...GRID_PAGE_SIZES]) {
    total = (await quote(0, limit, [])).total;
    if (total !== null) break;
  }
  const end = Math.min(total ?? EXPORT_MAX_ROWS, EXPORT_MAX_ROWS);
  const pages: PageQuote[] = [];
  // Selected companies' sections are bought by enrichment, so the pages go without them.
  const pageExtra = plan.uuids ? [] : plan.enrich;
  // A selection is read until its last company is found: known when the pages are kept.
  const unfound = new Set(plan.uuids ?? []);
  for (let offset = 0; offset < end; offset += plan.pageSize) {
    const page = await quote(offset, exportPageLimit(plan.pageSize, offset), pageExtra);
    pages.push(page);
    for (const uuid of page.uuids ?? []) unfound.delete(uuid);
    if (plan.uuids && page.uuids && unfound.size === 0) break;
  }
  let price = pages.reduce((sum, p) => sum + p.credits, 0);
  let without = pages.reduce((sum, p) => sum + p.without, 0);
  const exact = total !== null && !planned && pages.every((p) => p.exact);
  let rows = end;
  if (plan.uuids) {
    const chosen = [...plan.uuids];
    const q = await deps.companies.quote(chosen, plan.enrich);
    price += q.credits;
    without += q.credits_without_store;
    rows = chosen.length;
  }
  // Signal columns (issue 36): the readings the store lacks for the companies known, each at its
  // most, and every reading of the rest.
  if (plan.signals.length > 0) {
    const known = plan.uuids ? [...plan.uuids] : pages.flatMap((p) => p.uuids ?? []);
    const q = await quoteSignals(deps.companies, known, plan.signals);
    const rest =
      Math.max(0, rows - known.length) * plan.signals.reduce((n, r) => n + SIGNAL_READING_PRICES[r], 0);
    price += q.credits + rest;
    without += q.credits_without_store + rest;
  }
  const remaining = await deps.remaining(user);
  return {
    kind: 'list',
    rows,
    sections: [...new Set([...((plan.request.sections as string[] | undefined) ?? []), ...plan.enrich])],
    credits: credits(price),
    exact,
    credits_without_store: credits(without),
    budget_remaining: remaining,
    within_budget: remaining === null || remaining >= credits(price),
  };
}
