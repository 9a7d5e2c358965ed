/**
 * What screening a list request by its signal filters may cost at most, before anything is spent
 * (./screening.ts; docs/decisions/0028-signal-filters-by-screening.md): the list calls reading its
 * first 500 companies, the signal calls per company, the page's sections; and the request split
 * into its signal keys and the rest.
 */
import type { ParsedListRequest, SkippedSection } from '../../contract/api';
import { type ListFilters, usesBffKeys } from '../../contract/filters';
import { bandRuns } from '../../contract/list-rules';
import {
  credits,
  enrichmentCost,
  listGenerationCost,
  PLAN_LABELS,
  PLAN_RULES,
  type Plan,
  PRICES,
} from '../../contract/pricing';
import type { StoredSection } from '../../contract/section-names';
import { countBound, everyMatchReadMax } from '../../contract/signal-cost';
import {
  HEADCOUNT_GROWTH_KEY,
  HIRING_KEY,
  MONTHLY_VISITS_KEY,
  SCREEN_ALL_MAX_COMPANIES,
  SCREEN_MAX_COMPANIES,
  type SignalFilters,
  screenPerCompany,
  usesSignalKeys,
} from '../../contract/signal-filters';
import { BffProblem, InvalidRequest } from '../proxy/problem';
import { countCreditsMax } from './count-price';
import { planList } from './exclusions';

/** Company-size probes a resolved list may make at most (as the exact count bounds them). */
const SIZE_PROBES_MAX = 40;

/** The signal keys of a request's filters, and the request without them (what the service is asked). */
export function splitSignals(request: ParsedListRequest): {
  base: ParsedListRequest;
  signals: SignalFilters;
} {
  const filters = { ...(request.filters ?? {}) } as Record<string, unknown>;
  const signals: SignalFilters = {};
  for (const k of [HEADCOUNT_GROWTH_KEY, HIRING_KEY, MONTHLY_VISITS_KEY] as const) {
    if (filters[k] !== undefined) (signals as Record<string, unknown>)[k] = filters[k];
    delete filters[k];
  }
  // `screen` says which of the list's companies are screened: the list read without it.
  const { screen: _screen, ...rest } = request;
  return { base: { ...rest, filters: filters as ListFilters }, signals };
}

export function hasSignals(request: Pick<ParsedListRequest, 'filters'>): boolean {
  return usesSignalKeys(request.filters as Record<string, unknown> | undefined);
}

/**
 * The most the list calls reading a list's first 500 companies may cost: its pages at the plan's
 * largest limit (each 1.5, plus 2.5 with a query the service reads), 0.2 a company; a resolved list
 * adds its set differences' member lists and company size's probes; a description the BFF reads, its
 * two filter-builder calls.
 */
export function listReadMax(request: ParsedListRequest, plan: Plan): number {
  const maxLimit = PLAN_RULES[plan].maxListLimit;
  const pages = Math.ceil(SCREEN_MAX_COMPANIES / maxLimit);
  const query = request.query !== undefined;
  const plain =
    pages * listGenerationCost({ matched: true, returned: 0, sections: [], query }) +
    SCREEN_MAX_COMPANIES * PRICES.listPerCompany;
  let extra = query ? 2 * PRICES.query : 0;
  if (usesBffKeys(request.filters as Record<string, unknown> | undefined) || request.exclude !== undefined) {
    const planned = planList(request.filters, request.exclude);
    if ('errors' in planned) throw new InvalidRequest(planned.errors);
    extra += planned.differences.length * plain;
    if (planned.bands) extra += SIZE_PROBES_MAX * (PRICES.listBase + PRICES.listPerCompany);
  }
  return credits(plain + extra);
}

/** The sections a page of screened companies carries (by enrichment), and those the plan skips. */
export function pageSections(
  asked: readonly string[] | undefined,
  plan: Plan,
): { served: StoredSection[]; skipped: SkippedSection[] } {
  const rules = PLAN_RULES[plan];
  const served: StoredSection[] = [];
  const skipped: SkippedSection[] = [];
  for (const s of new Set(asked ?? [])) {
    if (!rules.listSections)
      skipped.push({
        section: s,
        reason: `The ${PLAN_LABELS[plan]} plan does not include sections in list generation`,
      });
    else if (!rules.sections.includes(s as StoredSection))
      skipped.push({ section: s, reason: `${s} is not in the ${PLAN_LABELS[plan]} plan` });
    else served.push(s as StoredSection);
  }
  return { served, skipped };
}

/**
 * Whether a request screens every match (`screen: "all"`). Company size and exclusions are read
 * from the parts of an exact count (./count.ts, docs/decisions/0036); refused with 422: company size
 * beside exclusions by set difference, and a description the BFF did not read into filters beside
 * either. Account lists to leave out are the account-list step's, around the screening: their
 * companies are hidden from those that passed, as from any list's 500 served.
 */
export function screensAll(request: ParsedListRequest): boolean {
  if (request.screen !== 'all') return false;
  const refuse = (why: string) =>
    new BffProblem(
      422,
      `Screening every match ${why} Screen its first ${SCREEN_MAX_COMPANIES} instead, or take those out.`,
      { code: 'list_too_broad' },
    );
  const { base } = splitSignals(request);
  if (resolvedEveryMatch(base)) {
    if (base.query !== undefined)
      throw refuse('reads company size and exclusions from filters, not beside a description.');
    const planned = planList(base.filters, base.exclude);
    if ('errors' in planned) throw new InvalidRequest(planned.errors);
    if (planned.bands && planned.differences.length > 0)
      throw refuse(
        `cannot take company size together with exclusions of ${planned.differences.map((d) => d.key).join(', ')} (left out by set difference).`,
      );
  }
  return true;
}

/** Whether the list without its signals has company size or exclusions: read from a count's parts. */
export function resolvedEveryMatch(base: Pick<ParsedListRequest, 'filters' | 'exclude'>): boolean {
  return usesBffKeys(base.filters as Record<string, unknown> | undefined) || base.exclude !== undefined;
}

/**
 * The most the list calls of a screening of every match of a list with company size or exclusions
 * may cost (docs/decisions/0036): the exact count that cuts it into parts (its most at
 * SCREEN_ALL_MAX_COMPANIES: the slicing's bound for each list of the inclusion-exclusion sum, and
 * company size's probes in each slice), then each part read: a slice with set differences by the
 * resolver (the slice and each difference's companies in it, a call more each), a stretch of
 * company size by its positions. Given `sizes` (the parts of a count a few minutes ago), those
 * parts' reads alone.
 */
export function resolvedReadMax(base: ParsedListRequest, plan: Plan, sizes?: readonly number[]): number {
  const planned = planList(base.filters, base.exclude);
  if ('errors' in planned) throw new InvalidRequest(planned.errors);
  const maxLimit = PLAN_RULES[plan].maxListLimit;
  const reads = 1 + planned.differences.length;
  const extra = planned.differences.length > 0 ? 1 : 0;
  const pages = (n: number) =>
    n > 0 ? (Math.ceil(n / maxLimit) + extra) * PRICES.listBase + n * PRICES.listPerCompany : 0;
  if (sizes) return credits(reads * sizes.reduce((sum, n) => sum + pages(n), 0));
  const n = SCREEN_ALL_MAX_COMPANIES;
  // Each part holds a company; a slice has at most one stretch per run of bands.
  const slices = Math.ceil(countBound(n) / PRICES.listBase);
  const parts = slices * (planned.bands ? bandRuns(planned.bands).length : 1);
  return credits(
    countCreditsMax(base, n, plan) +
      reads * ((Math.ceil(n / maxLimit) + parts * (1 + extra)) * PRICES.listBase + n * PRICES.listPerCompany),
  );
}

/** What screening a request may cost at most, before anything is spent (the memory not counted). */
export function screeningCreditsMax(request: ParsedListRequest, plan: Plan, slices?: readonly number[]) {
  const { base, signals } = splitSignals(request);
  const perCompany = screenPerCompany(signals as Record<string, unknown>);
  const all = screensAll(request);
  const companies = all
    ? slices
      ? slices.reduce((a, b) => a + b, 0)
      : SCREEN_ALL_MAX_COMPANIES
    : SCREEN_MAX_COMPANIES;
  const list = !all
    ? listReadMax(base, plan)
    : resolvedEveryMatch(base)
      ? resolvedReadMax(base, plan, slices)
      : everyMatchReadMax(plan, slices);
  const limit = Math.min(request.limit, PLAN_RULES[plan].maxListLimit);
  const sections = limit * enrichmentCost(pageSections(request.sections, plan).served);
  return {
    companies,
    perCompany,
    list,
    all,
    credits: credits(companies * perCompany + list + sections),
  };
}
