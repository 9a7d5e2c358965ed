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
    if (r.source !== undefined && r.exclude_account_lists !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['exclude_account_lists'],
        message: 'exclude_account_lists goes with request, not with source',
      });
  });
export type ExportRequest = z.input<typeof ExportRequest>;

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
