/**
 * What running the list may cost, for the cost line shown before a run: the one function the cost
 * display calls. It is the contract's estimate of a list request (`estimateListCost`), the same the
 * BFF is tested against: the page as the service prices it, plus, for a company-size filter, the
 * one-company probes that find where the sizes lie, and for exclusions served by set difference,
 * the reads of the companies to leave out (docs/product-rules.md, section 14). Those parts depend on where the
 * list's companies lie, so the figure is then a most (`upTo`).
 */
import type { ListRequest } from '@contract/api';
import { estimateListCost, type ListCostEstimate } from '@contract/list-cost';
import type { Plan } from '@contract/pricing';
import type { ListSection } from '@contract/section-names';

export type { ListCostPart } from '@contract/list-cost';
export type ListRunEstimate = ListCostEstimate;

export function estimateListRun(
  request: ListRequest,
  plan: Plan,
  page: { returned: number; sections: readonly ListSection[] },
): ListRunEstimate {
  return estimateListCost(
    {
      ...(request.query !== undefined ? { query: request.query } : {}),
      filters: request.filters as Record<string, unknown> | undefined,
      exclude: request.exclude as Record<string, unknown> | undefined,
      limit: page.returned,
      sections: page.sections,
      sort_by: request.sort_by,
    },
    plan,
  );
}
