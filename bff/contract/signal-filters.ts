/**
 * The signal filters of a list request (decisions section 15, docs/decisions/0028-signal-filters-by-screening.md):
 * `filters` keys the BFF resolves by screening the list's companies through the signal endpoints
 * (headcount trends, job listings, website traffic). The service never sees them. Their schemas, the
 * values each screened company carries (`signals` on a row), and what a screening may cost.
 */
import { z } from 'zod';
import { LIST_TOTAL_CAP } from './list-params';
import {
  HEADCOUNT_GROWTH_KEY,
  HIRING_KEY,
  HIRING_LISTINGS_READ,
  MONTHLY_VISITS_KEY,
  SCREEN_ALL_MAX_COMPANIES,
  SCREEN_SCOPES,
  SIGNAL_FILTER_KEYS,
  screenPerCompany,
  usesSignalKeys,
} from './signal-cost';
import { JOB_FUNCTIONS } from './signal-values';

export type { ScreenScope, SignalFilterKey } from './signal-cost';
export {
  HEADCOUNT_GROWTH_KEY,
  HIRING_KEY,
  HIRING_LISTINGS_READ,
  MONTHLY_VISITS_KEY,
  SCREEN_ALL_MAX_COMPANIES,
  SCREEN_SCOPES,
  SIGNAL_FILTER_KEYS,
  screenPerCompany,
  usesSignalKeys,
};

/** The periods a growth filter reads (the headcount trends' `6m` and `12m` entries). */
export const SIGNAL_GROWTH_PERIODS = ['6m', '12m'] as const;
export type SignalGrowthPeriod = (typeof SIGNAL_GROWTH_PERIODS)[number];

/** "Open roles" are listings posted within this many days unless `posted_within_days` says otherwise. */
export const HIRING_DEFAULT_DAYS = 90;
export const HIRING_MAX_DAYS = 365;
/** The most companies one screening reads: the list's first 500, in its order. */
export const SCREEN_MAX_COMPANIES = LIST_TOTAL_CAP;

function bounds(
  r: { gte?: number | undefined; lte?: number | undefined },
  ctx: z.RefinementCtx,
  what: string,
) {
  if (r.gte === undefined && r.lte === undefined)
    ctx.addIssue({ code: 'custom', message: `give gte or lte (${what})`, input: r });
  else if (r.gte !== undefined && r.lte !== undefined && r.gte > r.lte)
    ctx.addIssue({ code: 'custom', path: ['gte'], message: 'gte must not be greater than lte', input: r });
}

/** Headcount growth over 6 or 12 months, in percent (-100 and up), inclusive bounds. */
export const HeadcountGrowthFilter = z
  .object({
    period: z.enum(SIGNAL_GROWTH_PERIODS, { message: 'period must be "6m" or "12m"' }),
    gte: z.number().min(-100, 'a headcount cannot shrink by more than 100%').optional(),
    lte: z.number().min(-100, 'a headcount cannot shrink by more than 100%').optional(),
  })
  .strict()
  .superRefine((r, ctx) => bounds(r, ctx, 'percent growth'));
export type HeadcountGrowthFilter = z.output<typeof HeadcountGrowthFilter>;

/**
 * Hiring: at least `min_openings` (default 1) open roles, an open role being a listing posted within
 * `posted_within_days` (default 90) whose function is one of `functions` (any when absent). A company's
 * 50 newest listings are read, so `min_openings` is at most 50.
 */
export const HiringFilter = z
  .object({
    functions: z
      .array(z.enum(JOB_FUNCTIONS, { message: `expected one of ${JOB_FUNCTIONS.join(', ')}` }))
      .min(1, 'give at least one function, or leave functions out for any')
      .max(JOB_FUNCTIONS.length * 2)
      .transform((v) => [...new Set(v)])
      .optional(),
    posted_within_days: z
      .number()
      .int('posted_within_days must be a whole number')
      .min(1, 'posted_within_days must be at least 1')
      .max(HIRING_MAX_DAYS, `posted_within_days must be at most ${HIRING_MAX_DAYS}`)
      .optional(),
    min_openings: z
      .number()
      .int('min_openings must be a whole number')
      .min(1, 'min_openings must be at least 1')
      .max(
        HIRING_LISTINGS_READ,
        `min_openings must be at most ${HIRING_LISTINGS_READ}: a company's ${HIRING_LISTINGS_READ} newest listings are read`,
      )
      .optional(),
  })
  .strict();
export type HiringFilter = z.output<typeof HiringFilter>;

/** Monthly website visits (the latest month's estimate), inclusive bounds. */
export const MonthlyVisitsFilter = z
  .object({
    gte: z.number().int('visits are whole numbers').nonnegative('visits must not be negative').optional(),
    lte: z.number().int('visits are whole numbers').nonnegative('visits must not be negative').optional(),
  })
  .strict()
  .superRefine((r, ctx) => bounds(r, ctx, 'monthly visits'));
export type MonthlyVisitsFilter = z.output<typeof MonthlyVisitsFilter>;

/** The signal keys of a `filters` object, for the list filters' schema. */
export const SIGNAL_FILTER_SHAPE = {
  [HEADCOUNT_GROWTH_KEY]: HeadcountGrowthFilter.optional(),
  [HIRING_KEY]: HiringFilter.optional(),
  [MONTHLY_VISITS_KEY]: MonthlyVisitsFilter.optional(),
};

export type SignalFilters = {
  [HEADCOUNT_GROWTH_KEY]?: HeadcountGrowthFilter;
  [HIRING_KEY]?: HiringFilter;
  [MONTHLY_VISITS_KEY]?: MonthlyVisitsFilter;
};

/**
 * What a company passing the screening carries as `signals`: the values of the signals it was
 * screened on (growth in percent, null when the start was 0; open roles as counted by the filter).
 */
export const SignalValues = z.object({
  headcount_growth_6m: z.number().nullable().optional(),
  headcount_growth_12m: z.number().nullable().optional(),
  open_roles: z.number().int().optional(),
  /** The company's open listings in all (the jobs endpoint's `count`). */
  open_listings: z.number().int().optional(),
  monthly_visits: z.number().int().nullable().optional(),
});
export type SignalValues = z.infer<typeof SignalValues>;

/** How a screened list was made (on the list's answer). */
export const ScreenedInfo = z.object({
  /** Companies screened: the list's first 500 at most, in its order. */
  companies: z.number().int(),
  /** The list's size before screening (as the service counts it, up to 500 and then "500+"). */
  of: z.number().int(),
  /** The companies that passed (the answer's `total_count`). */
  passed: z.number().int(),
  /** What the screening cost when it was made (0 when this answer came from one already made). */
  credits_consumed: z.number(),
  /** The screening was made a few minutes ago for this list: this page cost nothing more. */
  remembered: z.boolean(),
});
export type ScreenedInfo = z.infer<typeof ScreenedInfo>;

/** `POST /bff/lists/screen/estimate`: what screening a list request may cost, before anything is spent. */
export const ScreenEstimate = z.object({
  /** Whether the request has a signal filter at all (false: nothing is screened, credits_max 0). */
  screens: z.boolean(),
  /** Companies screened at most: the list's first 500. */
  companies: z.number().int(),
  /** Each company's signal calls at their worst (headcount 2.5, jobs 5, traffic 1). */
  per_company: z.number(),
  /** The list calls that read the companies, at their worst. */
  list_credits_max: z.number(),
  /**
   * companies x per_company + list_credits_max + the page's sections (0 when `screened`); when the
   * team's company store holds the list's companies, only what it lacks (`store_counted`).
   */
  credits_max: z.number(),
  /** The list's companies are stored: `credits_max` counts only the signal data the store lacks. */
  store_counted: z.boolean().optional(),
  /** The list was screened a few minutes ago: paging it and screening it again costs nothing. */
  screened: z.boolean(),
  budget_remaining: z.number().nullable(),
  within_budget: z.boolean(),
});
export type ScreenEstimate = z.infer<typeof ScreenEstimate>;
