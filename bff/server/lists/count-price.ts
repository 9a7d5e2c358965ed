/**
 * What a count may cost, before anything is spent (docs/decisions/0026-counting-by-slices.md, amended;
 * 0035 for account lists), and the parts of a request a count reads: what decides its companies, its
 * service filters, company size and set differences, with the refusals a count answers first.
 */
import type { ParsedListRequest } from '../../contract/api';
import type { HeadcountRange } from '../../contract/enums';
import type { Exclusions, Filters, ListFilters } from '../../contract/filters';
import { probeCost } from '../../contract/list-cost';
import { LIST_TOTAL_CAP } from '../../contract/list-params';
import { bandRuns } from '../../contract/list-rules';
import { credits, PLAN_RULES, type Plan, PRICES } from '../../contract/pricing';
import { countBound } from '../../contract/signal-cost';
import { BffProblem, InvalidRequest } from '../proxy/problem';
import { type Difference, planList } from './exclusions';

/** The position a count call reads: the 500th, which only a list of 500 or more has. */
export const COUNT_OFFSET = LIST_TOTAL_CAP - 1;

/** A list the BFF cannot cut into slices: 422 saying why. */
export class CannotCount extends BffProblem {
  constructor(why: string) {
    super(422, `This list cannot be counted past the first ${LIST_TOTAL_CAP}: ${why}`, {
      code: 'list_too_broad',
    });
  }
}

/** The list part of a request: what decides its companies (not its order, page or sections). */
export function countedPart(r: ParsedListRequest): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (r.query !== undefined) out.query = r.query;
  if (r.filters !== undefined) out.filters = r.filters;
  if (r.exclude !== undefined) out.exclude = r.exclude;
  if (r.exclude_account_lists !== undefined && r.exclude_account_lists.length > 0)
    out.exclude_account_lists = r.exclude_account_lists;
  return out;
}

/** The most differences a count resolves (2^n lists are counted). */
const MAX_DIFFERENCES = 3;

/**
 * The service filters, the bands of company size and the set differences of a filters-and-exclude
 * request; refusals thrown.
 */
export function planned(part: Record<string, unknown>): {
  filters: Filters;
  bands: HeadcountRange[] | undefined;
  differences: Difference[];
} {
  const plan = planList(part.filters as ListFilters | undefined, part.exclude as Exclusions | undefined);
  if ('errors' in plan) throw new InvalidRequest(plan.errors);
  if (plan.bands && plan.differences.length > 0)
    throw new CannotCount('company size and values left out by set difference are not counted together.');
  if (plan.differences.length > MAX_DIFFERENCES)
    throw new CannotCount(`it leaves out values of more than ${MAX_DIFFERENCES} open keys.`);
  for (const d of plan.differences)
    if (d.key in plan.service) throw new CannotCount(`it both asks for and leaves out values of ${d.key}.`);
  return { filters: plan.service, bands: plan.bands, differences: plan.differences };
}

/** One-company probes a run of bands needs at most within a slice under 500 (two binary searches). */
const PROBES_PER_SLICE_RUN = 2 * Math.ceil(Math.log2(LIST_TOTAL_CAP));

/**
 * What a count of `request` may cost at most when its list (without company size) has `n`
 * companies: the bound for each list of the inclusion-exclusion sum; with company size, the probes
 * of each run within each slice (a slice takes a call, so there are at most bound / 1.5 of them).
 * With a query, the translation's call first.
 */
function costAt(request: ParsedListRequest, plan: Plan, n: number): number {
  const part = countedPart(request);
  const first = part.query !== undefined ? PRICES.listBase + PRICES.listPerCompany + PRICES.query : 0;
  let differences = 0;
  let runs = 0;
  if (part.query === undefined) {
    try {
      const p = planned(part);
      differences = p.differences.length;
      runs = p.bands ? bandRuns(p.bands).length : 0;
    } catch {
      // Refused when counted, before anything is spent.
    }
  }
  const slicing = countBound(n) * 2 ** differences;
  const slices = Math.ceil(countBound(n) / PRICES.listBase);
  const membership = hidesAccountLists(part) ? membershipCost(plan, n, slices) : 0;
  return first + slicing + slices * runs * PROBES_PER_SLICE_RUN * probeCost(plan) + membership;
}

/** Whether a request leaves out account lists (`exclude_account_lists` not empty). */
export const hidesAccountLists = (part: Record<string, unknown>): boolean =>
  Array.isArray(part.exclude_account_lists) && part.exclude_account_lists.length > 0;

/**
 * What reading the members of `slices` slices holding `n` companies may cost at most (decision
 * 0035): each slice read from its start without sections, in pages of the plan's largest limit, so
 * one call a slice (and one more per full page) at its base price, and each company at list
 * generation's price per company. Rows the company store keeps cost nothing.
 */
function membershipCost(plan: Plan, n: number, slices: number): number {
  const pages = slices + Math.floor(n / PLAN_RULES[plan].maxListLimit);
  return pages * PRICES.listBase + n * PRICES.listPerCompany;
}

/**
 * The part of `countCreditsMax` that reads the slices' members to leave out account lists' companies
 * (0 when the request leaves out none).
 */
export function countMembershipMax(request: ParsedListRequest, max: number, plan: Plan): number {
  const part = countedPart(request);
  if (!hidesAccountLists(part)) return 0;
  return credits(membershipCost(plan, max, Math.ceil(countBound(max) / PRICES.listBase)));
}

/** The credits a count may cost at most, before anything is spent (the bound at `max` companies). */
export function countCreditsMax(request: ParsedListRequest, max: number, plan: Plan): number {
  return credits(costAt(request, plan, max));
}

/**
 * What a count spends at most to learn whether its list is under 500 (decision 0026, amended
 * 2026-12-03): the list's own first call (with a query, its translation), and with company size
 * the probes of each run within it. A list under 500 costs no more than this.
 */
export function countCreditsFirst(request: ParsedListRequest, plan: Plan): number {
  const part = countedPart(request);
  const call = PRICES.listBase + PRICES.listPerCompany;
  // Leaving out account lists: a list under 500 is read whole to find their companies in it.
  const members = hidesAccountLists(part) ? membershipCost(plan, LIST_TOTAL_CAP - 1, 1) : 0;
  if (part.query !== undefined) return credits(call + PRICES.query + members);
  let runs = 0;
  try {
    const p = planned(part);
    runs = p.bands ? bandRuns(p.bands).length : 0;
  } catch {
    // Refused when counted, before anything is spent.
  }
  return credits(call + runs * PROBES_PER_SLICE_RUN * probeCost(plan) + members);
}

/**
 * The most companies a count can count within `remaining` credits (at most `max`): the largest
 * list whose cost bound the budget covers.
 */
export function affordableRows(
  request: ParsedListRequest,
  plan: Plan,
  remaining: number,
  max: number,
): number {
  let lo = 0;
  let hi = max;
  if (costAt(request, plan, max) <= remaining) return max;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (costAt(request, plan, mid) <= remaining) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
