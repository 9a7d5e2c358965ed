/**
 * Lookalike companies (issue 16, docs/decisions/0014-lookalikes.md): `POST /bff/lookalikes` takes
 * 1 to 20 seed companies and answers the companies most like them, each with a similarity score and
 * the reasons in words. The BFF builds it on the service's own endpoints (company search, enrichment,
 * list generation), so it works on the embedded service and the real one alike.
 *
 * What the BFF reads and what a run may cost are written here, pure, so the web app shows the same
 * estimate before a run that the BFF checks the budget against.
 */
import { z } from 'zod';
import { AccountListIds } from './accounts';
import { CompanyListItem, Warning } from './api';
import { ExcludeSchema, ListFiltersSchema } from './filters';
import { LOOKALIKE_MAX_SEEDS } from './list-params';
import { LOOKALIKE_DEFAULT_LIMIT, LOOKALIKE_MAX_LIMIT, LOOKALIKE_RANKINGS } from './lookalike-cost';

// The numbers and the estimate, without zod (what the web app reads first): lookalike-cost.ts.
export * from './lookalike-cost';

export const LookalikeRequest = z
  .object({
    /** Company ids or websites (any common spelling), 1 to 20. */
    seeds: z
      .array(z.string().trim().min(1, 'a seed must not be empty').max(2048))
      .min(1, 'give at least one seed company')
      .max(LOOKALIKE_MAX_SEEDS, `give at most ${LOOKALIKE_MAX_SEEDS} seed companies`),
    limit: z
      .number()
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(LOOKALIKE_MAX_LIMIT, `limit must be at most ${LOOKALIKE_MAX_LIMIT}`)
      .default(LOOKALIKE_DEFAULT_LIMIT),
    /**
     * Filters every result must match. With `derive_filters` (the default) they are added to the
     * filters derived from the seeds, and narrow them; on a key both name, yours replaces the
     * derived one (a size you ask replaces the seeds' sizes).
     */
    filters: ListFiltersSchema.optional(),
    /** What every result must not have (as in list generation). */
    exclude: ExcludeSchema.optional(),
    /**
     * false: the candidates are read with `filters` alone (an earlier answer's filters, as the user
     * widened or narrowed them); the seeds still rank them.
     */
    derive_filters: z.boolean().default(true),
    /**
     * Account lists (issue 15) whose companies never come back: the candidates are read with them
     * hidden (pages kept full), so `limit` rows still come whenever that many exist.
     */
    exclude_account_lists: AccountListIds.optional(),
  })
  .strict();
export type LookalikeRequest = z.input<typeof LookalikeRequest>;
export type ParsedLookalikeRequest = z.output<typeof LookalikeRequest>;

/**
 * A lookalike: the company as list generation answered it (identity fields, and the sections read
 * for the score where the plan has sections in lists), its similarity to the seeds and why.
 */
export const LookalikeRow = CompanyListItem.extend({
  /** 0 to 1: 1 is as close to the seeds as the most typical seed is. Null on plans without sections in lists. */
  score: z.number().min(0).max(1).nullable(),
  /** Why it is like the seeds, in words, strongest first. */
  reasons: z.array(z.string()),
});
export type LookalikeRow = z.infer<typeof LookalikeRow>;

export const LookalikeSeed = z.object({ uuid: z.string(), name: z.string(), website: z.string() });
export type LookalikeSeed = z.infer<typeof LookalikeSeed>;

export const LookalikeResponse = z.object({
  data: z.array(LookalikeRow),
  /** The filters the candidates were read with, as list generation takes them. */
  filters: z.record(z.string(), z.unknown()),
  /** The exclusions applied (absent when none). */
  exclude: z.record(z.string(), z.unknown()).optional(),
  /** The account lists whose companies were left out (absent when none). */
  exclude_account_lists: z.array(z.string()).optional(),
  /** The seeds, resolved to ids, each once. */
  seeds: z.array(z.string()),
  seed_companies: z.array(LookalikeSeed),
  /**
   * `similarity`: ranked by the similarity score; `filters`: the plan has no sections in lists, so
   * the companies match the derived filters in the service's order, unscored.
   */
  ranking: z.enum(LOOKALIKE_RANKINGS),
  /** Names of the industry codes the filters and the seeds name (`IND-2031` -> "Payments"), for display. */
  industry_names: z.record(z.string(), z.string()),
  /** How many companies the filters match (as the service counts: at most 500), seeds included. */
  candidates: z.number().int().nonnegative(),
  warnings: z.array(Warning),
  credits_consumed: z.number(),
});
export type LookalikeResponse = z.infer<typeof LookalikeResponse>;
