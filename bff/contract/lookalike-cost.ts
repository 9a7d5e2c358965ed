/**
 * Lookalikes' numbers and what a run may cost at most (docs/decisions/0014-lookalikes.md), without
 * zod: the web app shows "More like this" and its estimate on the list builder and the company page,
 * and reading them must not build the service's schemas (`lookalikes.ts`, `api.ts`) on those pages'
 * first load (docs/decisions/0012-first-load-budget.md). `lookalikes.ts` re-exports all of it.
 */
import { HEADCOUNT_RANGES } from './enums';
import { estimateListCost, type ListCostEstimate, type ListCostPart, probeCost } from './list-cost';
import { LIST_TOTAL_CAP, LOOKALIKE_MAX_SEEDS } from './list-params';
import { HEADCOUNT_KEY } from './list-rules';
import { credits, enrichmentCost, listGenerationCost, PLAN_RULES, type Plan, PRICES } from './pricing';
import type { ListSection } from './section-names';

// The seeds' limit is read by the list builder's URL state: kept with the list's other numbers.
export { LOOKALIKE_MAX_SEEDS };
export const LOOKALIKE_DEFAULT_LIMIT = 25;
export const LOOKALIKE_MAX_LIMIT = 100;

export const LOOKALIKE_RANKINGS = ['similarity', 'filters'] as const;

/** The sections a seed's profile and a candidate's score read, in the order they weigh. */
const LOOKALIKE_SECTIONS = [
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
const LOOKALIKE_POOL_MARGIN = 0.3;
/**
 * On plans without sections in lists the rows are cheap (0.2 each) and unscored: as many again as
 * `limit`, so those of the seeds' product category can come first.
 */
const LOOKALIKE_FILTERS_POOL_MARGIN = 1;

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
const LOOKALIKE_COUNTS = 4;

/**
 * Probes a run makes at most to find the seeds' sizes in one list: the candidates are read ring by
 * ring of sizes around the seeds' median band, and the list resolver keeps its readings per list, so
 * each of the 7 boundaries between the 8 bands is found once by binary search over the 500
 * positions served (9 probes), plus the list's last reachable position in each order.
 */
const LOOKALIKE_PROBES = (HEADCOUNT_RANGES.length - 1) * Math.ceil(Math.log2(LIST_TOTAL_CAP)) + 2;

/** What the estimate reads of a run: the request, and how many seeds it has (resolved or given). */
type LookalikeCostInput = {
  limit: number;
  derive_filters: boolean;
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
