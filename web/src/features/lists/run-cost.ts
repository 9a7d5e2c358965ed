/**
 * What a saved list costs, before it is spent: a run (its members: the first 500 matches in the
 * list's order, identities only; the BFF's own figure when it answers) and a page of its companies
 * in the grid (with the columns' sections): the contract's estimates, the ones the BFF holds to.
 */
import type { ListRequest } from '@contract/api';
import { estimateListCost, type ListCostEstimate } from '@contract/list-cost';
import { LIST_DEFAULT_LIMIT } from '@contract/list-params';
import type { Plan } from '@contract/pricing';
import { estimateSavedListRun } from '@contract/saved-list-cost';
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
 * A run, as the BFF estimates it before a scheduled check (the contract's figure, always a most);
 * a list with `seeds` is ranked by similarity to them where the plan has sections in lists.
 */
export function estimateRun(request: ListRequest, plan: Plan, seeds = 0): ListCostEstimate {
  return estimateSavedListRun(
    {
      ...(request.query !== undefined ? { query: request.query } : {}),
      filters: request.filters as Record<string, unknown> | undefined,
      exclude: request.exclude as Record<string, unknown> | undefined,
      ...(request.screen !== undefined ? { screen: request.screen } : {}),
    },
    plan,
    seeds,
  );
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
