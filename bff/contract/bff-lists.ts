/**
 * The BFF's own endpoints whose shapes embed the Company Data Service's (`api.ts`): the CSV export,
 * which carries a list request, and the user's company additions with their live status events.
 * Apart from `bff.ts` so that what the web app reads on its first load (session, prices, usage)
 * does not bring the service's schemas with it.
 */
import { z } from 'zod';
import { AccountListIds, CRM_PRESETS, ExportSource } from './accounts';
import { ADDITION_STATES, AdditionStatus, ListRequest } from './api';
import { EXPORT_MAX_ROWS } from './bff';

// ---------------------------------------------------------------------------------------------
// POST /bff/exports (the rest of the export's contract is in `bff.ts`)

export const ExportRequest = z
  .strictObject({
    /**
     * The list request as the grid sends it (filters or query, sections, sort); limit/offset
     * ignored. Not with `source`.
     */
    request: ListRequest.optional(),
    /** Bulk enrichment (issue 15): the matched companies of an account list, enriched. Not with `request`. */
    source: ExportSource.optional(),
    /** Column ids of columns.ts, in order. Not with `preset`. */
    columns: z.array(z.string()).min(1, 'Choose at least one column').max(200).optional(),
    /** A CRM's column set: its import field names as headers, in its order. Not with `columns`. */
    preset: z.enum(CRM_PRESETS).optional(),
    /** Export only these companies (the grid's selection), in list order; absent = all results. */
    uuids: z.array(z.string()).max(EXPORT_MAX_ROWS).optional(),
    /** Leave out the companies of these account lists (with `request`). */
    exclude_account_lists: AccountListIds.optional(),
    /** Prefix a UTF-8 byte-order mark so Excel reads the file as UTF-8. */
    bom: z.boolean().default(false),
    /**
     * Every match of `request`, not only the first 500: the list counted and read slice by slice
     * (docs/decisions/0026-counting-by-slices.md), up to the BFF's EXPORT_MAX_ROWS. Not with `uuids`.
     */
    all: z.boolean().optional(),
  })
  .superRefine((r, ctx) => {
    if ((r.request === undefined) === (r.source === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['request'],
        message: 'give either request (a list) or source (an account list to enrich)',
      });
    if ((r.columns === undefined) === (r.preset === undefined))
      ctx.addIssue({ code: 'custom', path: ['columns'], message: 'give either columns or preset' });
    if (r.all && (r.uuids !== undefined || r.request === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['all'],
        message: 'all goes with request, not with uuids (a selection) or source',
      });
    if (r.source !== undefined && r.exclude_account_lists !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['exclude_account_lists'],
        message: 'exclude_account_lists goes with request, not with source',
      });
  });
export type ExportRequest = z.input<typeof ExportRequest>;

/** `POST /bff/exports/estimate` with `all`: the most the export of every match may cost. */
export const AllExportEstimate = z.object({
  kind: z.literal('all'),
  /** The exact count when the list was counted a few minutes ago (the count is then free). */
  count: z.number().int().nullable(),
  /** The most companies the file may hold: the count, or EXPORT_MAX_ROWS before the list is counted. */
  rows_max: z.number().int(),
  /** List generation's price per company with the columns' sections. */
  per_company: z.number(),
  /** The count's bound (0 when counted already). */
  count_credits_max: z.number(),
  /**
   * per_company x rows_max, plus 10% for the calls' base price, plus the count's bound; once
   * counted, the rows the team's company store keeps are priced at what it lacks of them instead.
   * With `exclude_account_lists` (decision 0039): the count's bound, the slices' members read (their
   * pages the store does not keep) and the sections of the rows written.
   */
  credits_max: z.number(),
  /** Rows of the counted list the company store keeps (priced at what it lacks; 0 before a count). */
  rows_stored: z.number().int().optional(),
  /** `credits_max` as if nothing were stored. */
  credits_without_store: z.number().optional(),
  budget_remaining: z.number().nullable(),
  within_budget: z.boolean(),
});
export type AllExportEstimate = z.infer<typeof AllExportEstimate>;

// ---------------------------------------------------------------------------------------------
// POST /bff/lists/count, /bff/lists/count/estimate: the exact size of a list (issue 33)

/** The exact number of companies of a list request, counted by slices of fewer than 500. */
export const ListCountResponse = z.object({
  count: z.number().int(),
  exact: z.literal(true),
  /** Slices counted (1: the list was under 500). */
  slices: z.number().int(),
  credits_consumed: z.number(),
});
export type ListCountResponse = z.infer<typeof ListCountResponse>;

/** What a count may cost, before anything is spent. */
export const ListCountEstimate = z.object({
  /** The count's bound at the most companies it counts (COUNT_MAX_ROWS). */
  credits_max: z.number(),
  /**
   * What learning whether the list is under 500 costs at most: a list under 500 costs no more. A
   * count is refused (402) before anything is spent only when the budget left is under this.
   */
  credits_first: z.number(),
  /**
   * Leaving out account lists (`exclude_account_lists`, decision 0035): the part of `credits_max`
   * that reads the slices' members to find their companies (at most 1.5 a slice and 0.2 a company
   * up to the count's row ceiling); absent otherwise.
   */
  credits_membership_max: z.number().optional(),
  /**
   * When the budget left is under `credits_max`: the most companies a count can count within it
   * (a larger list stops the count with 402, what was spent staying spent); null otherwise.
   */
  rows_within_budget: z.number().int().nullable(),
  /** The list was counted a few minutes ago: the count is answered again at no cost. */
  counted: z.boolean(),
  budget_remaining: z.number().nullable(),
  within_budget: z.boolean(),
});
export type ListCountEstimate = z.infer<typeof ListCountEstimate>;

/**
 * `POST /bff/lists/count` asked with `accept: application/x-ndjson`: the count's progress as it
 * runs, one JSON object a line, the answer or the refusal last. Refusals before anything is spent
 * (400, the 402 of the first call) are plain problem answers, as without the header.
 */
export { COUNT_STREAM_TYPE } from './list-params';
export const ListCountProgress = z.object({
  /** Slices counted so far. */
  slices: z.number().int(),
  /** Companies counted so far. */
  counted: z.number().int(),
  /** Credits spent so far (in the ledger already). */
  credits: z.number(),
});
export type ListCountProgress = z.infer<typeof ListCountProgress>;
export const ListCountStreamLine = z.union([
  z.object({ progress: ListCountProgress }),
  z.object({ result: ListCountResponse }),
  /** The refusal that stopped the count (its problem details and HTTP status); what was spent stays. */
  z.object({ problem: z.object({ status: z.number().int(), detail: z.string() }).passthrough() }),
]);
export type ListCountStreamLine = z.infer<typeof ListCountStreamLine>;

// ---------------------------------------------------------------------------------------------
// GET /bff/events: the company addition event (the event types are in `bff.ts`)

/** `company_addition.status_changed`: the status lookup answer, as a webhook or a lookup brought it. */
export const AdditionStatusChangedEvent = AdditionStatus;
export type AdditionStatusChangedEvent = z.infer<typeof AdditionStatusChangedEvent>;

// ---------------------------------------------------------------------------------------------
// GET /bff/additions: the signed-in user's company addition requests, newest first

export const AdditionRecord = z.object({
  request_id: z.string(),
  /** As the user typed it, then as the service names it; null only if the BFF saw neither. */
  company_name: z.string().nullable(),
  domain: z.string().nullable(),
  status: z.enum(ADDITION_STATES),
  reason: z.string().nullable(),
  company_uuid: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdditionRecord = z.infer<typeof AdditionRecord>;

export const AdditionsResponse = z.object({ data: z.array(AdditionRecord) });
export type AdditionsResponse = z.infer<typeof AdditionsResponse>;
