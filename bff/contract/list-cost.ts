/**
 * What a run of a list request may cost on a plan, before it runs: the page as the service prices
 * it, plus what the BFF spends to serve company size and exclusions (probes, reads without
 * sections), each as a part the app can explain. An upper bound when the BFF has work to do: the
 * probes stop as soon as the slice's ends are found, and a second run within a few minutes reuses
 * them (docs/decisions/0011-company-size-and-exclusions.md).
 */

import { HEADCOUNT_RANGES, type HeadcountRange } from './enums';
import { isEmptyFilterValue } from './filters';
import { LIST_DEFAULT_LIMIT, LIST_TOTAL_CAP, SORT_LABELS, type SortBy } from './list-params';
import { bandRuns, exclusionMethodOf, HEADCOUNT_KEY, PROBES_PER_RUN } from './list-rules';
import {
  credits,
  enrichmentCost,
  listGenerationCost,
  PLAN_RULES,
  type Plan,
  PRICES,
  SECTION_PRICES,
} from './pricing';
import type { ListSection } from './section-names';

export type ListCostPart = { what: string; credits: number };
export type ListCostEstimate = {
  credits: number;
  /** The figure is a most: the BFF's part depends on where the list's companies lie. */
  upTo: boolean;
  parts: ListCostPart[];
  /**
   * Of `credits`, what only a company size gathered slice by slice spends (its ceiling and the
   * page's further reads): whether it is gathered is known only once the sizes are probed.
   */
  gathering?: number;
};

/** What the estimate reads of a list request (its input or parsed shape). */
export type ListCostInput = {
  query?: string | undefined;
  filters?: Readonly<Record<string, unknown>> | undefined;
  exclude?: Readonly<Record<string, unknown>> | undefined;
  sections?: readonly ListSection[] | undefined;
  limit?: number | undefined;
  /** The sort asked: under a company size, another than employees costs the reads that sort it. */
  sort_by?: SortBy | (string & {}) | undefined;
};

/**
 * The section each sort's value is read from, when the BFF sorts the companies of a company size
 * itself (bff/server/lists/size-sort.ts); relevance has none (the service never shows its score).
 */
export const SORT_SECTION: Readonly<Partial<Record<SortBy, ListSection>>> = {
  founded_year: 'firmographic',
  revenue_estimate: 'financial_estimate',
  valuation_estimate: 'financial_estimate',
  total_funding: 'funding_detail',
};

/**
 * One probe: the company at one position with its firmographic section (list generation, limit 1).
 * Plans without sections in lists read the company's position without sections, then its
 * firmographic section by enrichment.
 */
export function probeCost(plan: Plan): number {
  const rules = PLAN_RULES[plan];
  return rules.listSections
    ? listGenerationCost({ matched: true, returned: 1, sections: ['firmographic'], query: false })
    : credits(
        listGenerationCost({ matched: true, returned: 1, sections: [], query: false }) +
          enrichmentCost(['firmographic']),
      );
}

/** One-company probes a run of bands needs at most within a slice under 500 (two binary searches). */
export const PROBES_PER_SLICE_RUN = 2 * Math.ceil(Math.log2(LIST_TOTAL_CAP));

/**
 * Company size gathered slice by slice (docs/decisions/0026-counting-by-slices.md, amended): the
 * most slices' worth of calls a gathering spends (each slice's count call and the probes of each
 * run within it, at their worst), and the most stretches it keeps (each a read of its own when a
 * page spans several).
 */
export const GATHER_SLICES = 8;
export const GATHER_STRETCHES = 16;

/**
 * The most a gathering of `runs` runs of bands spends on a plan: GATHER_SLICES slices at their
 * worst. The BFF stops gathering before a call that could pass it, so it is a most by construction.
 */
export function gatheringCreditsMax(plan: Plan, runs: number): number {
  const countCall = PRICES.listBase + PRICES.listPerCompany;
  return credits(GATHER_SLICES * (countCall + runs * PROBES_PER_SLICE_RUN * probeCost(plan)));
}

/** The bands a request's filters and exclusions leave, or undefined when size is not asked. */
export function bandsAsked(
  filters: Readonly<Record<string, unknown>> | undefined,
  exclude: Readonly<Record<string, unknown>> | undefined,
): HeadcountRange[] | undefined {
  const asked = filters?.[HEADCOUNT_KEY];
  const left = exclude?.[HEADCOUNT_KEY];
  const hasAsked = Array.isArray(asked) && asked.length > 0;
  const hasLeft = Array.isArray(left) && left.length > 0;
  if (!hasAsked && !hasLeft) return undefined;
  const out = new Set<string>(hasLeft ? (left as string[]) : []);
  const from: readonly string[] = hasAsked ? (asked as string[]) : HEADCOUNT_RANGES;
  return HEADCOUNT_RANGES.filter((b) => from.includes(b) && !out.has(b));
}

/** Exclusion keys served by set difference (non-empty). */
export function differenceKeys(exclude: Readonly<Record<string, unknown>> | undefined): string[] {
  return Object.entries(exclude ?? {})
    .filter(
      ([key, v]) => v !== undefined && !isEmptyFilterValue(v) && exclusionMethodOf(key) === 'difference',
    )
    .map(([key]) => key);
}

export function estimateListCost(req: ListCostInput, plan: Plan): ListCostEstimate {
  const rules = PLAN_RULES[plan];
  const returned = Math.min(req.limit ?? LIST_DEFAULT_LIMIT, rules.maxListLimit);
  const charged = rules.listSections
    ? [...new Set(req.sections ?? [])].filter((s) => rules.sections.includes(s))
    : [];
  const perCompany = PRICES.listPerCompany + charged.reduce((sum, s) => sum + SECTION_PRICES[s], 0);
  const parts: ListCostPart[] = [
    {
      what: `the page: up to ${returned} companies`,
      credits: listGenerationCost({
        matched: true,
        returned,
        sections: charged,
        query: req.query !== undefined,
      }),
    },
  ];

  const bands = req.query === undefined ? bandsAsked(req.filters, req.exclude) : undefined;
  const runs = bands ? bandRuns(bands).length : 0;
  const diffs = req.query === undefined ? differenceKeys(req.exclude).length : 0;
  const pageCalls = Math.ceil(LIST_TOTAL_CAP / rules.maxListLimit);
  let gathering = 0;

  if (runs > 1) {
    parts.push({
      what: `one read per run of adjacent sizes the page spans (${runs} runs)`,
      credits: credits((runs - 1) * PRICES.listBase),
    });
  }
  if (runs > 0) {
    const lists = 1 + diffs;
    const probes = lists * runs * PROBES_PER_RUN;
    parts.push({
      what: `finding where the sizes lie: up to ${probes} one-company probes at ${probeCost(plan)} each`,
      credits: credits(probes * probeCost(plan)),
    });
  }
  if (runs > 0 && diffs === 0) {
    // Past the 500 served either way (known only once probed), the bands are gathered slice by
    // slice, and a page may span several of the slices' stretches, each a read of its own.
    const gather = gatheringCreditsMax(plan, runs);
    gathering += gather;
    parts.push({
      what: `if the sizes lie beyond the first ${LIST_TOTAL_CAP} either way: gathering up to ${LIST_TOTAL_CAP} of them slice by slice (at most ${GATHER_SLICES} slices’ counts and probes)`,
      credits: gather,
    });
    const spans = Math.max(0, Math.min(returned, GATHER_STRETCHES) - runs);
    if (spans > 0) {
      gathering += spans * PRICES.listBase;
      parts.push({
        what: `the page read across the gathered slices: up to ${spans} more reads`,
        credits: credits(spans * PRICES.listBase),
      });
    }
  }
  const sortBy = (req.sort_by ?? 'relevance') as SortBy;
  if (runs > 0 && diffs === 0 && sortBy !== 'employee_range') {
    // Another sort than employees (bff/server/lists/size-sort.ts): the sizes' companies and the list
    // without its size read whole (its stretch holding the page read again with the page's
    // sections), or the sizes' companies read with the sort's section; the dearer of the two.
    const read = pageCalls * PRICES.listBase + LIST_TOTAL_CAP * PRICES.listPerCompany;
    const stretch =
      charged.length > 0 ? (LIST_TOTAL_CAP - returned) * perCompany + pageCalls * PRICES.listBase : 0;
    const section = SORT_SECTION[sortBy];
    const sorted =
      section && rules.listSections && rules.sections.includes(section)
        ? read + LIST_TOTAL_CAP * SECTION_PRICES[section]
        : 0;
    parts.push({
      what: `sorting the companies of the sizes asked by ${(SORT_LABELS[sortBy] ?? sortBy).toLowerCase()}: reading up to ${LIST_TOTAL_CAP} of them and the list without its size`,
      credits: credits(Math.max(2 * read + stretch, sorted)),
    });
  }
  if (diffs > 0) {
    // The list itself and, per key, the companies to leave out: up to 500 each, without sections.
    const calls = runs > 0 ? runs + pageCalls : 1 + pageCalls;
    const one = calls * PRICES.listBase + LIST_TOTAL_CAP * PRICES.listPerCompany;
    parts.push({
      what: `reading the list and the companies to leave out without sections: up to ${LIST_TOTAL_CAP} each at ${PRICES.listPerCompany}`,
      credits: credits((1 + diffs) * one),
    });
    if (charged.length > 0) {
      // A page is read as the stretch of the list that holds its companies: the ones left out
      // inside that stretch come with the page's sections too.
      parts.push({
        what: 'companies left out inside the page’s stretch of the list, read with its sections',
        credits: credits((LIST_TOTAL_CAP - returned) * perCompany + (pageCalls + runs) * PRICES.listBase),
      });
    }
  }
  const total = credits(parts.reduce((sum, p) => sum + p.credits, 0));
  return {
    credits: total,
    upTo: parts.length > 1,
    parts,
    ...(gathering > 0 ? { gathering: credits(gathering) } : {}),
  };
}
