/**
 * What a saved list costs, before it is spent: a run (its members: the first 500 matches in the
 * list's order, identities only) and a page of its companies in the grid (with the columns'
 * sections), both the contract's estimate of a list request (`estimateListCost`).
 */
import type { ListRequest } from '@contract/api';
import { estimateListCost, type ListCostEstimate } from '@contract/list-cost';
import { LIST_DEFAULT_LIMIT, LIST_TOTAL_CAP } from '@contract/list-params';
import type { Plan } from '@contract/pricing';
import type { ListSection } from '@contract/section-names';

function estimate(request: ListRequest, plan: Plan, returned: number, sections: readonly ListSection[]) {
  return estimateListCost(
    {
      ...(request.query !== undefined ? { query: request.query } : {}),
      filters: request.filters as Record<string, unknown> | undefined,
      exclude: request.exclude as Record<string, unknown> | undefined,
      limit: returned,
      sections,
    },
    plan,
  );
}

/**
 * A run: the list's first 500 matches. With a last run's count the figure is what a run of that
 * size costs; without one, a most (`upTo`).
 */
export function estimateRun(request: ListRequest, plan: Plan, lastTotal: number | null): ListCostEstimate {
  const returned = lastTotal === null ? LIST_TOTAL_CAP : Math.min(lastTotal, LIST_TOTAL_CAP);
  const e = estimate(request, plan, returned, []);
  return lastTotal === null ? { ...e, upTo: true } : e;
}

/** One page of the grid (`returned` rows, the columns' sections the plan serves). */
export function estimatePage(
  request: ListRequest,
  plan: Plan,
  returned: number,
  sections: readonly ListSection[],
): ListCostEstimate {
  return estimate(
    request,
    plan,
    Math.max(0, Math.min(returned, request.limit ?? LIST_DEFAULT_LIMIT)),
    sections,
  );
}
