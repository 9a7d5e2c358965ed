/**
 * The pages of an export of every match, part by part of its count (./export-all.ts): a part read in
 * the list's order with the columns' sections (a stretch of company size by its positions), or,
 * with account lists left out (docs/decisions/0039-every-match-exported-without-account-lists.md),
 * a slice's members read as the count read them (../lists/count-accounts.ts: without sections, in
 * pages of the plan's largest limit from the slice's start; the company store keeps them, so they
 * are free once counted), the account lists' companies left out and the columns' sections bought
 * for the companies written only, by enrichment (the same price a company as in list generation,
 * without its price per company). What the latter may cost is priced here, before anything is
 * spent.
 */
import type { ParsedListRequest } from '../../contract/api';
import { LIST_TOTAL_CAP } from '../../contract/list-params';
import { credits, PLAN_RULES, PRICES } from '../../contract/pricing';
import type { StoredSection } from '../../contract/section-names';
import { quoteListPage } from '../companies/port';
import type { CompanyStore } from '../companies/store';
import type { BffUser } from '../context';
import type { ListCount } from '../lists/count';
import { countMembershipMax } from '../lists/count-price';
import {
  completeRows,
  type ExportDeps,
  type ExportHooks,
  type ExportRow,
  fetchPage,
  type Plan,
} from './export';

/** The sections bought for each company written: the columns' list sections and the plan's. */
export const sectionsOf = (plan: Plan): StoredSection[] => [
  ...new Set([
    ...(((plan.request.sections as StoredSection[] | undefined) ?? []) as StoredSection[]),
    ...plan.enrich,
  ]),
];

/**
 * What reading a part of `size` companies read through the planner (a list under 500 that is not
 * plain filters: a query, company size, a set difference) may cost with `hidden` of them in the
 * account lists: every company at the columns' price (+10% as any export), and a call more per
 * hidden company where a page is not read at once (a plan serving fewer than 500 a call).
 */
function plannedPartMax(deps: ExportDeps, per: number, size: number, hidden: number): number {
  const limit = PLAN_RULES[deps.plan].maxListLimit;
  const calls = limit >= LIST_TOTAL_CAP ? 1 : Math.ceil(size / limit) + hidden + 1;
  return per * size * 1.1 + PRICES.listBase * calls;
}

/**
 * The most the export of every match of `list` less its account lists may cost besides the count:
 * before the count, the slices' members read again (the count's membership bound, in case the
 * store does not keep them) and the sections of every row; once counted, each part's pages (nothing
 * when the store keeps them) and the sections of the rows written. `without`: as if nothing were
 * stored.
 */
export async function membersReadMax(
  deps: ExportDeps,
  store: CompanyStore | undefined,
  list: ParsedListRequest,
  per: number,
  maxRows: number,
  counted: ListCount | undefined,
): Promise<{ max: number; without: number }> {
  const sectionsPer = credits(per - PRICES.listPerCompany);
  if (!counted) {
    const bound = credits(
      Math.max(
        countMembershipMax(list, maxRows, deps.plan) + maxRows * sectionsPer,
        plannedPartMax(deps, per, LIST_TOTAL_CAP - 1, LIST_TOTAL_CAP - 1),
      ),
    );
    return { max: bound, without: bound };
  }
  const sizes = counted.sizes ?? [];
  if (!counted.members) {
    const bound = credits(plannedPartMax(deps, per, sizes[0] ?? 0, (sizes[0] ?? 0) - counted.count));
    return { max: bound, without: bound };
  }
  const limit = PLAN_RULES[deps.plan].maxListLimit;
  let max = counted.count * sectionsPer;
  let without = max;
  for (const [i, part] of counted.parts.entries()) {
    const size = sizes[i] ?? 0;
    for (let from = 0; from < size; from += limit) {
      const pageLimit = Math.min(limit, size - from);
      const price = PRICES.listBase + PRICES.listPerCompany * pageLimit;
      without += price;
      const q =
        store?.on === true
          ? await quoteListPage(store, { filters: part.filters, offset: from, limit: pageLimit } as never)
          : undefined;
      max += q?.exact === true ? q.credits : price;
    }
  }
  return { max: credits(max), without: credits(without) };
}

/** A page of the export's rows, and whether its part is done; or the reason it stopped. */
export type ReadPage = { rows: ExportRow[]; read: number; done: boolean } | { failed: string };

/** The positions of a part of company size in its slice's employee order, and the slice's size. */
export type Window = { from: number; to: number; total: number };

/**
 * The page of a part (the export's request shape with the part's list) from `offset`: read in the
 * list's order with the columns' sections; a part of company size is a stretch of its slice's
 * employee order, positions [from, to).
 */
export async function readPartPage(
  deps: ExportDeps,
  user: BffUser,
  plan: Plan,
  part: Record<string, unknown>,
  offset: number,
  hooks: ExportHooks,
): Promise<ReadPage> {
  const limit = PLAN_RULES[deps.plan].maxListLimit;
  const { window, ...request } = part as { window?: Window };
  const from = window?.from ?? 0;
  const pageLimit = window ? Math.min(limit, window.to - from - offset) : limit;
  const page = await fetchPage(deps, user, request, from + offset, pageLimit, hooks.onSpent);
  if (page instanceof Response) return { failed: `upstream answered ${page.status}` };
  const completed = await completeRows(deps, user, plan.enrich, page.rows, hooks.onSpent, plan.signals);
  if (completed instanceof Response) return { failed: `upstream answered ${completed.status}` };
  if (window && page.total !== window.total)
    return { failed: 'a slice of the list changed since it was counted' };
  const read = offset + page.rows.length;
  const done = window
    ? from + read >= window.to || page.rows.length === 0
    : page.rows.length < limit || read >= page.total;
  return { rows: completed, read: page.rows.length, done };
}

/**
 * The page of a counted part's members from `offset` (the count's own page there), the account
 * lists' companies left out and the columns' sections bought for the rest.
 */
export async function readMembersPage(
  deps: ExportDeps,
  user: BffUser,
  plan: Plan,
  counted: ListCount & { members: string[] },
  at: number,
  offset: number,
  hooks: ExportHooks,
): Promise<ReadPage> {
  const size = counted.sizes?.[at] ?? 0;
  const limit = Math.min(PLAN_RULES[deps.plan].maxListLimit, size - offset);
  if (limit <= 0) return { rows: [], read: 0, done: true };
  const part = counted.parts[at]!;
  const page = await fetchPage(deps, user, { filters: part.filters }, offset, limit, hooks.onSpent);
  if (page instanceof Response) return { failed: `upstream answered ${page.status}` };
  // The slice is not the one counted (a company came or went): the total would be wrong.
  if (page.total !== size || page.rows.length !== limit)
    return { failed: 'a slice of the list changed since it was counted' };
  const hidden = await deps.planner.hiddenAmong(
    user,
    counted.members,
    page.rows.map((r) => r.uuid),
  );
  const kept = page.rows.filter((r) => !hidden.has(r.uuid));
  const completed = await completeRows(deps, user, sectionsOf(plan), kept, hooks.onSpent, plan.signals);
  if (completed instanceof Response) return { failed: `upstream answered ${completed.status}` };
  return { rows: completed, read: page.rows.length, done: offset + page.rows.length >= size };
}
