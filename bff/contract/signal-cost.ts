/**
 * The signal filters' keys and what screening a company by them may cost, without zod: the web app's
 * first pages (a saved list's estimate, `./saved-list-cost.ts`) read it and must not build the
 * service's schemas (web/src/app/first-load.test.ts). The schemas: `./signal-filters.ts`.
 */
import { LIST_TOTAL_CAP } from './list-params';
import {
  credits,
  headcountTrendsCost,
  jobsCost,
  PLAN_RULES,
  type Plan,
  PRICES,
  websiteTrafficCost,
} from './pricing';

export const HEADCOUNT_GROWTH_KEY = 'signals.headcount_growth';
export const HIRING_KEY = 'signals.hiring';
export const MONTHLY_VISITS_KEY = 'signals.monthly_visits';
export const SIGNAL_FILTER_KEYS = [HEADCOUNT_GROWTH_KEY, HIRING_KEY, MONTHLY_VISITS_KEY] as const;
export type SignalFilterKey = (typeof SIGNAL_FILTER_KEYS)[number];

/** Which companies of a list a screening reads: its first 500, or every match (cut into slices). */
export const SCREEN_SCOPES = ['first_500', 'all'] as const;
export type ScreenScope = (typeof SCREEN_SCOPES)[number];
/** The most companies a screening of every match reads (past it: 422, narrow the list). */
export const SCREEN_ALL_MAX_COMPANIES = 5_000;

/** Whether a `filters` object has a signal key. */
export function usesSignalKeys(filters: Readonly<Record<string, unknown>> | undefined): boolean {
  return filters !== undefined && SIGNAL_FILTER_KEYS.some((k) => filters[k] !== undefined);
}

/** Job listings read per company: one page of the jobs endpoint at its largest `limit`. */
export const HIRING_LISTINGS_READ = 50;

/** A signal filter's price per company screened, at worst. */
export function screenPerCompany(filters: Readonly<Record<string, unknown>> | undefined): number {
  if (!filters) return 0;
  let n = 0;
  if (filters[HEADCOUNT_GROWTH_KEY] !== undefined) n += headcountTrendsCost();
  if (filters[HIRING_KEY] !== undefined) n += jobsCost(HIRING_LISTINGS_READ);
  if (filters[MONTHLY_VISITS_KEY] !== undefined) n += websiteTrafficCost();
  return credits(n);
}

/**
 * The bound of an exact count of a list of `n` companies by slices: 2 credits per 500 and 20 more
 * (docs/decisions/0026-counting-by-slices.md).
 */
export const countBound = (n: number): number => (2 * n) / LIST_TOTAL_CAP + 20;

/**
 * The most the list calls of a screening of every match may cost (docs/decisions/0032): the count
 * that cuts the list into slices (its bound) and each slice's pages, for SCREEN_ALL_MAX_COMPANIES;
 * or, given `slices` (their sizes, the list cut a few minutes ago), those slices' pages alone.
 */
export function everyMatchReadMax(plan: Plan, slices?: readonly number[]): number {
  const maxLimit = PLAN_RULES[plan].maxListLimit;
  const pages = (n: number) => Math.ceil(n / maxLimit) * PRICES.listBase + n * PRICES.listPerCompany;
  if (slices) return credits(slices.reduce((sum, n) => sum + (n > 0 ? pages(n) : 0), 0));
  const n = SCREEN_ALL_MAX_COMPANIES;
  // Each slice that holds a company took a count call of at least the base price: one page more each.
  const sliceCount = Math.ceil(countBound(n) / PRICES.listBase);
  return credits(countBound(n) + pages(n) + sliceCount * PRICES.listBase);
}
