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
import { CompanyListItem, Warning } from './api';
import { HEADCOUNT_RANGES } from './enums';
import { ExcludeSchema, ListFiltersSchema } from './filters';
import { estimateListCost, type ListCostEstimate, type ListCostPart, probeCost } from './list-cost';
import { LIST_TOTAL_CAP, LOOKALIKE_MAX_SEEDS } from './list-params';
import { HEADCOUNT_KEY } from './list-rules';
import { credits, enrichmentCost, listGenerationCost, PLAN_RULES, type Plan, PRICES } from './pricing';
import type { ListSection } from './section-names';

// The seeds' limit is read by the list builder's URL state: kept with the list's other numbers,
// apart from the schemas here.
export { LOOKALIKE_MAX_SEEDS };
export const LOOKALIKE_DEFAULT_LIMIT = 25;
export const LOOKALIKE_MAX_LIMIT = 100;

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

export const LOOKALIKE_RANKINGS = ['similarity', 'filters'] as const;
export type LookalikeRanking = (typeof LOOKALIKE_RANKINGS)[number];

export const LookalikeSeed = z.object({ uuid: z.string(), name: z.string(), website: z.string() });
export type LookalikeSeed = z.infer<typeof LookalikeSeed>;

export const LookalikeResponse = z.object({
  data: z.array(LookalikeRow),
  /** The filters the candidates were read with, as list generation takes them. */
  filters: z.record(z.string(), z.unknown()),
  /** The exclusions applied (absent when none). */
  exclude: z.record(z.string(), z.unknown()).optional(),
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

/** The sections a seed's profile and a candidate's score read, in the order they weigh. */
export const LOOKALIKE_SECTIONS = [
  'industry',
  'firmographic',
  'business_model',
  'customer_profile',
  'financial_estimate',
  'funding_detail',
  'location',
  'technology',
] as const satisfies readonly ListSection[];

/** The sections each answered row keeps (what the grid's columns show); the others only score. */
export const LOOKALIKE_ROW_SECTIONS = [
  'industry',
  'firmographic',
  'location',
  'financial_estimate',
] as const satisfies readonly ListSection[];

/** The sections a plan lets the BFF read for the score (funding only on Enterprise). */
export function lookalikeSections(plan: Plan): ListSection[] {
  return LOOKALIKE_SECTIONS.filter((s) => PLAN_RULES[plan].sections.includes(s));
}

/**
 * Candidates read beyond `limit` (and the seeds, which may be among them) so the score has a choice:
 * this share of `limit`, rounded up (tuned on the labelled set: docs/decisions/0014-lookalikes.md).
 */
export const LOOKALIKE_POOL_MARGIN = 0.3;
/**
 * On plans without sections in lists the rows are cheap (0.2 each) and unscored: as many again as
 * `limit`, so those of the seeds' product category can come first.
 */
export const LOOKALIKE_FILTERS_POOL_MARGIN = 1;

/** The companies a run reads for candidates at most. */
export function lookalikePoolSize(limit: number, seeds: number, plan: Plan): number {
  const share = PLAN_RULES[plan].listSections ? LOOKALIKE_POOL_MARGIN : LOOKALIKE_FILTERS_POOL_MARGIN;
  return Math.min(LIST_TOTAL_CAP, limit + seeds + Math.ceil(limit * share));
}

/**
 * One-company counts a run makes at most to find how broadly to look (docs/decisions/0014): the
 * seeds' industry and business model, their industry alone, their NAICS industry groups, no
 * derived filter.
 */
export const LOOKALIKE_COUNTS = 4;

/**
 * Probes a run makes at most to find the seeds' sizes in one list: the candidates are read ring by
 * ring of sizes around the seeds' median band, and the list resolver keeps its readings per list, so
 * each of the 7 boundaries between the 8 bands is found once by binary search over the 500
 * positions served (9 probes), plus the list's last reachable position in each order.
 */
export const LOOKALIKE_PROBES = (HEADCOUNT_RANGES.length - 1) * Math.ceil(Math.log2(LIST_TOTAL_CAP)) + 2;

/** What the estimate reads of a run: the request, and how many seeds it has (resolved or given). */
export type LookalikeCostInput = Pick<ParsedLookalikeRequest, 'limit' | 'derive_filters'> & {
  seeds: number;
  filters?: Readonly<Record<string, unknown>> | undefined;
  exclude?: Readonly<Record<string, unknown>> | undefined;
};

/**
 * What a run may cost at most, by part: the seeds' profiles (one enrichment each), the counts that
 * find how broadly to look, the probes that find the seeds' sizes in the list, the candidates read
 * with the sections the score needs, and whatever the BFF adds per list for the user's own sizes
 * and exclusions. Company search, which resolves the seeds, is free.
 */
export function estimateLookalikeCost(req: LookalikeCostInput, plan: Plan): ListCostEstimate {
  const rules = PLAN_RULES[plan];
  const sections = lookalikeSections(plan);
  const readSections = rules.listSections ? sections : [];
  const pool = lookalikePoolSize(req.limit, req.seeds, plan);
  const parts: ListCostPart[] = [
    {
      what: `your ${req.seeds === 1 ? 'company’s profile' : `${req.seeds} companies’ profiles`}: ${sections.length} sections each`,
      credits: credits(req.seeds * enrichmentCost(sections)),
    },
  ];

  // The BFF's own work on a list (the user's sizes, set differences), per list call that carries it.
  const own = estimateListCost({ filters: req.filters, exclude: req.exclude, limit: 1 }, plan);
  const ownPerList = credits(
    own.credits - listGenerationCost({ matched: true, returned: 1, sections: [], query: false }),
  );
  const userSizes = Array.isArray(req.filters?.[HEADCOUNT_KEY]);
  const derives = req.derive_filters;
  const counts = derives ? LOOKALIKE_COUNTS : 0;
  if (counts > 0) {
    parts.push({
      what: `finding how broadly to look: up to ${counts} one-company counts`,
      credits: credits(
        counts * listGenerationCost({ matched: true, returned: 1, sections: [], query: false }),
      ),
    });
  }
  const rings = derives && !userSizes;
  if (rings) {
    parts.push({
      what: `finding the companies nearest your seeds’ size: up to ${LOOKALIKE_PROBES} one-company probes at ${probeCost(plan)} each`,
      credits: credits(LOOKALIKE_PROBES * probeCost(plan)),
    });
  }
  // Reads of the candidates: one per ring of sizes (up to one per band), in pages the plan allows.
  const reads = rings ? HEADCOUNT_RANGES.length : 1;
  const calls = reads - 1 + Math.ceil(pool / rules.maxListLimit);
  const perCompany = readSections.reduce<number>((sum, s) => sum + PRICES.sections[s], PRICES.listPerCompany);
  parts.push({
    what: `the candidates: up to ${pool} companies${readSections.length > 0 ? ` with ${readSections.length} sections` : ''}`,
    credits: credits(calls * PRICES.listBase + pool * perCompany),
  });
  if (ownPerList > 0) {
    parts.push({
      what: 'your own sizes and exclusions, served by the BFF on each list read',
      credits: credits(ownPerList * (counts + reads)),
    });
  }
  return { credits: credits(parts.reduce((sum, p) => sum + p.credits, 0)), upTo: true, parts };
}
