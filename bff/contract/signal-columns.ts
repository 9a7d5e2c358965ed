/**
 * Signal columns (issue 36; decisions section 15; docs/decisions/0025-signal-endpoint-shapes.md): a
 * company's headcount growth, open roles and monthly visits as columns of the grid and the CSV,
 * read from the signal endpoints through the team's company store, so what the team already bought
 * (a screening, a company page's tab, another rep's columns) is free while fresh.
 *
 * A "reading" is one call of a signal endpoint per company, with one input:
 * - `headcount_trends`: `GET /company/headcount-trends?company=` (2.5): both growth columns.
 * - `website_traffic`: `GET /company/website-traffic?company=` (1): monthly visits, the last month's.
 * - `open_roles`: `GET /company/jobs?company=&limit=1` (0.5 when the company has any listing, 0 when
 *   none): its `count`, every open listing. A stored first page of 50 (a screening's, the Jobs
 *   tab's) serves it free instead.
 * - `jobs`: the Jobs tab's first page, `limit=50&offset=0` (at most 5): what the tab and a hiring
 *   screening read.
 */
import { z } from 'zod';
import { headcountTrendsCost, jobsCost, websiteTrafficCost } from './pricing';
import { JOBS_MAX_LIMIT } from './signal-values';

export const SIGNAL_READINGS = ['headcount_trends', 'open_roles', 'website_traffic', 'jobs'] as const;
export type SignalReading = (typeof SIGNAL_READINGS)[number];

/** What one reading of one company costs at most (its hold): what a column prices per company. */
export const SIGNAL_READING_PRICES: Readonly<Record<SignalReading, number>> = {
  headcount_trends: headcountTrendsCost(),
  open_roles: jobsCost(1),
  website_traffic: websiteTrafficCost(),
  jobs: jobsCost(JOBS_MAX_LIMIT),
};

export const SIGNAL_READING_LABELS: Readonly<Record<SignalReading, string>> = {
  headcount_trends: 'Headcount trends',
  open_roles: 'Open roles',
  website_traffic: 'Website traffic',
  jobs: 'Job listings (first 50)',
};

/** The job listings the `open_roles` reading asks for: one, for the page's `count`. */
export const OPEN_ROLES_PROBE_LIMIT = 1;

/** Companies one request may name: a grid page at the largest plan's limit. */
const COMPANIES_MAX = 100;

const companies = z
  .array(z.string().trim().min(1).max(200))
  .min(1, 'name at least one company')
  .max(COMPANIES_MAX, `at most ${COMPANIES_MAX} companies`);
const readings = z
  .array(z.enum(SIGNAL_READINGS))
  .min(1, 'name at least one signal reading')
  .max(SIGNAL_READINGS.length);

// ---------------------------------------------------------------------------------------------
// POST /bff/companies/signals/quote: what some readings of some companies cost now, the store counted

export const SignalQuoteRequest = z.strictObject({ companies, readings });
export type SignalQuoteRequest = z.infer<typeof SignalQuoteRequest>;

export const SignalQuote = z.object({
  /** What the readings the store lacks cost at most (each at its hold). */
  credits: z.number(),
  /** What the same readings would cost with nothing stored. */
  credits_without_store: z.number(),
  /** (company, reading) pairs to buy, and pairs the store holds (younger than its max age). */
  pairs_missing: z.number().int(),
  pairs_stored: z.number().int(),
  /** Per reading, how many of the companies the store holds it for. */
  stored: z.record(z.string(), z.number().int()),
  /** The oldest fetch time among the stored pairs; null when none is stored. */
  oldest: z.string().nullable(),
  /** Whether the store is on (`BFF_STORE_MAX_AGE` not 0): off, every pair is missing. */
  store: z.boolean(),
});
export type SignalQuote = z.infer<typeof SignalQuote>;

// ---------------------------------------------------------------------------------------------
// POST /bff/companies/signals: the values, bought where the store lacks them

export const CompanySignalsRequest = z.strictObject({
  companies,
  readings: readings.refine((r) => !r.includes('jobs'), {
    message: 'the jobs page is read on the company page (GET /api/v1/company/jobs)',
  }),
});
export type CompanySignalsRequest = z.infer<typeof CompanySignalsRequest>;

/** One company's values: those of the readings asked (null where the service knows none). */
export const CompanySignalValues = z.object({
  headcount_growth_6m: z.number().nullable().optional(),
  headcount_growth_12m: z.number().nullable().optional(),
  open_listings: z.number().int().nullable().optional(),
  monthly_visits: z.number().int().nullable().optional(),
});
export type CompanySignalValues = z.infer<typeof CompanySignalValues>;

export const CompanySignalsResponse = z.object({
  /** One entry per company asked, in the order asked. */
  data: z.array(z.object({ company: z.string(), signals: CompanySignalValues })),
  /** What was paid (0 when the store held everything). */
  credits_consumed: z.number(),
});
export type CompanySignalsResponse = z.infer<typeof CompanySignalsResponse>;
