/**
 * The signal filters' keys and what screening a company by them may cost, without zod: the web app's
 * first pages (a saved list's estimate, `./saved-list-cost.ts`) read it and must not build the
 * service's schemas (web/src/app/first-load.test.ts). The schemas: `./signal-filters.ts`.
 */
import { credits, headcountTrendsCost, jobsCost, websiteTrafficCost } from './pricing';

export const HEADCOUNT_GROWTH_KEY = 'signals.headcount_growth';
export const HIRING_KEY = 'signals.hiring';
export const MONTHLY_VISITS_KEY = 'signals.monthly_visits';
export const SIGNAL_FILTER_KEYS = [HEADCOUNT_GROWTH_KEY, HIRING_KEY, MONTHLY_VISITS_KEY] as const;
export type SignalFilterKey = (typeof SIGNAL_FILTER_KEYS)[number];

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
