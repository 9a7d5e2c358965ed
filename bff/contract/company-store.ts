/**
 * The team's company store as the web app sees it (docs/decisions/0024-company-store.md): what an
 * answer served wholly or partly from the store says about itself, and the price of data before it
 * is asked for. The answers themselves are the service's, unchanged but for `credits_consumed`.
 */
import { z } from 'zod';
import { ENRICHMENT_SECTION_NAMES, LIST_SECTIONS } from './section-names';

/**
 * On an answer of list generation or enrichment: what asking the service directly would have cost,
 * less what was paid. Absent when nothing was saved.
 */
export const CREDITS_SAVED_HEADER = 'x-credits-saved';

/**
 * On an answer of list generation: one ISO-8601 UTC time per row of `data`, in row order, comma
 * separated: when the oldest of that row's data was fetched from the service (its sections, or the
 * list's order when it asked for none). On an answer of enrichment: one time, the oldest section's.
 */
export const AS_OF_HEADER = 'x-as-of';

/** The times of an `x-as-of` header (empty when there is none). */
export function readAsOf(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The request header that asks for everything afresh (and refreshes the store). */
export const REFRESH_HEADERS = { 'cache-control': 'no-cache' } as const;

/** Data older than this is offered a "Refresh" (with its price) in the grid and on the company page. */
export const REFRESH_OFFERED_AFTER_MS = 24 * 60 * 60 * 1000;

const COMPANIES_MAX = 500;

// ---------------------------------------------------------------------------------------------
// POST /bff/companies/quote: what some sections of some companies cost now, the store counted

export const CompanyQuoteRequest = z.strictObject({
  /** Company uuids, for example the rows on screen. */
  companies: z
    .array(z.string().trim().min(1).max(200))
    .min(1, 'name at least one company')
    .max(COMPANIES_MAX, `at most ${COMPANIES_MAX} companies`),
  /** Section names (list or enrichment names; aliases are read as their section). */
  sections: z
    .array(z.enum(ENRICHMENT_SECTION_NAMES))
    .min(1, 'name at least one section')
    .max(ENRICHMENT_SECTION_NAMES.length),
});
export type CompanyQuoteRequest = z.infer<typeof CompanyQuoteRequest>;

export const CompanyQuote = z.object({
  /** What buying the missing (company, section) pairs costs, at enrichment prices. */
  credits: z.number(),
  /** What the same data would cost with nothing stored. */
  credits_without_store: z.number(),
  /** (company, section) pairs to buy, and pairs the store already holds (younger than its max age). */
  pairs_missing: z.number().int(),
  pairs_stored: z.number().int(),
  /** The oldest fetch time among the stored pairs; null when none is stored. */
  oldest: z.string().nullable(),
  /** Whether the store is on (`BFF_STORE_MAX_AGE` not 0): off, every pair is missing. */
  store: z.boolean(),
});
export type CompanyQuote = z.infer<typeof CompanyQuote>;

// ---------------------------------------------------------------------------------------------
// POST /bff/exports/estimate with `request` (a list): the export's price before it is made

export const ListExportEstimate = z.object({
  kind: z.literal('list'),
  /** Companies the file will hold: the selection, or the list's first matches up to the cap. */
  rows: z.number().int(),
  /** The sections the columns need (identity columns need none). */
  sections: z.array(z.string()),
  /**
   * What the export would cost now: the list's pages not yet kept, and the (company, section) pairs
   * the store does not hold. An upper bound (`exact: false`) when the list's order is not kept yet,
   * so which companies it holds is not known before it is asked for.
   */
  credits: z.number(),
  exact: z.boolean(),
  /** What the same export would cost with nothing stored. */
  credits_without_store: z.number(),
  /** Credits the user may still spend today (daily budget and team cap); null: unlimited. */
  budget_remaining: z.number().nullable(),
  within_budget: z.boolean(),
});
export type ListExportEstimate = z.infer<typeof ListExportEstimate>;

/** Above this many credits the web app asks before an export is made. */
export const CONFIRM_EXPORT_ABOVE = 100;

// ---------------------------------------------------------------------------------------------
// POST /bff/companies/sections: some sections of some companies, the store first, the rest bought

/** Companies one request for sections may name: a grid page at the largest plan's limit. */
export const SECTIONS_COMPANIES_MAX = 100;

export const CompanySectionsRequest = z.strictObject({
  /** Company uuids, for example the rows of a static list's page. */
  companies: z
    .array(z.string().trim().min(1).max(200))
    .min(1, 'name at least one company')
    .max(SECTIONS_COMPANIES_MAX, `at most ${SECTIONS_COMPANIES_MAX} companies`),
  /** List section names: what the grid's section columns read. */
  sections: z.array(z.enum(LIST_SECTIONS)).min(1, 'name at least one section').max(LIST_SECTIONS.length),
});
export type CompanySectionsRequest = z.infer<typeof CompanySectionsRequest>;

export const CompanySectionsResponse = z.object({
  /**
   * One entry per company asked, in the order asked: its sections keyed by name, as enrichment
   * answers them (null where the service has none; `{}` for a company it does not know).
   */
  data: z.array(z.object({ company: z.string(), sections: z.record(z.string(), z.unknown()) })),
  /** What was paid (0 when the store held every pair). */
  credits_consumed: z.number(),
});
export type CompanySectionsResponse = z.infer<typeof CompanySectionsResponse>;
