/**
 * What running the list may cost, for the cost line shown before a run. This is the one function
 * the cost display calls.
 *
 * The page is priced as the service prices it (`listGenerationCost`). A company-size filter and the
 * exclusions the BFF serves by set difference cost more: one-company probes to find where the sizes
 * lie, reads of the companies to leave out (decisions section 14). The contract's estimate of a
 * `ListRequest` with those parts (`estimateListCost` of `bff/contract/list-cost.ts`, from the BFF's
 * work on size and exclusions) is meant to take this function's body; until it does, that extra
 * work is named in `unpriced` and the line says it comes on top, never a figure that leaves it out
 * silently. Exclusions served by complement are a plain filter and cost nothing extra.
 */
import type { ListRequest } from '@contract/api';
import { listGenerationCost, type Plan } from '@contract/pricing';
import type { ListSection } from '@contract/sections';
import { excludedByComplement } from './filter-exclusions';
import { SIZE_FILTER_KEY } from './list-search';

export type ListCostPart = { what: string; credits: number };
export type ListRunEstimate = {
  credits: number;
  /** The figure is a most (the BFF's part depends on where the list's companies lie). */
  upTo: boolean;
  parts: ListCostPart[];
  /** Work the run will pay for that this figure does not price yet, in words. */
  unpriced: string[];
};

function holds(v: unknown): boolean {
  return Array.isArray(v) && v.length > 0;
}

export function estimateListRun(
  request: ListRequest,
  _plan: Plan,
  page: { returned: number; sections: readonly ListSection[] },
): ListRunEstimate {
  const pageCost = listGenerationCost({
    matched: true,
    returned: page.returned,
    sections: [...page.sections],
    query: false,
  });
  const unpriced: string[] = [];
  const filters = request.filters as Record<string, unknown> | undefined;
  const exclude = request.exclude as Record<string, unknown> | undefined;
  if (holds(filters?.[SIZE_FILTER_KEY]) || holds(exclude?.[SIZE_FILTER_KEY])) {
    unpriced.push('company-size probes');
  }
  if (Object.entries(exclude ?? {}).some(([key, v]) => holds(v) && !excludedByComplement(key))) {
    unpriced.push('exclusion reads');
  }
  return {
    credits: pageCost,
    upTo: false,
    parts: [{ what: `the page: ${page.returned} companies`, credits: pageCost }],
    unpriced,
  };
}
