/**
 * The daily budget across instances: a paid call reserves what it may cost before it goes upstream,
 * and settles with what it did cost (BffStore.reserveBudget / settleBudget). A call is granted while
 * the day's settled spend plus what calls in flight reserved is under the budget, so calls running
 * at once through any number of instances never pass the budget by more than the call that crosses
 * it (its cost is known only from its answer), plus what estimates below the true cost leave out.
 *
 * The estimate is the endpoint's price for what was asked (a list's price at its `limit`, an
 * enrichment's sections): an upper bound for those, which are nearly every paid call. Endpoints
 * priced by what they find (news, posts, reviews) reserve nothing and are checked as before: the
 * spend settled so far under the budget.
 */
import type { ServiceEndpointId } from '../../contract/endpoints';
import { LIST_DEFAULT_LIMIT } from '../../contract/list-params';
import {
  enrichmentCost,
  filterBuilderCost,
  listGenerationCost,
  PLAN_RULES,
  type Plan,
} from '../../contract/pricing';
import type { StoredSection } from '../../contract/section-names';
import type { BffStore, BudgetLease, Reservation } from '../store/store';
import { utcDay } from './ledger';

/**
 * The most a call may cost, from its request; 0 when only its answer can tell. The request has
 * passed its schema already (the proxy checks it first): its fields are read as they are, not
 * parsed again (a second zod parse of a list request cost more than the rest of this module).
 */
export function estimateCost(
  id: ServiceEndpointId,
  plan: Plan,
  query: URLSearchParams,
  body: unknown,
): number {
  switch (id) {
    case 'list.generate': {
      const r = fields(body);
      const limit = typeof r.limit === 'number' ? r.limit : LIST_DEFAULT_LIMIT;
      return listGenerationCost({
        matched: true,
        returned: Math.min(limit, PLAN_RULES[plan].maxListLimit),
        sections: sectionList(r.sections) ?? [],
        query: r.query !== undefined,
      });
    }
    case 'list.filterBuilder':
      return filterBuilderCost();
    case 'company.enrichment':
    case 'company.enrichment.post': {
      const asked =
        id === 'company.enrichment'
          ? sectionList(
              query
                .get('sections')
                ?.split(',')
                .map((x) => x.trim())
                .filter(Boolean),
            )
          : sectionList(fields(body).sections);
      return enrichmentCost(asked ?? PLAN_RULES[plan].sections);
    }
    default:
      return 0;
  }
}

function fields(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
}

/** A checked request's sections (names the contract knows), or undefined when it names none. */
function sectionList(v: unknown): StoredSection[] | undefined {
  return Array.isArray(v) ? (v as StoredSection[]) : undefined;
}

export class Budgets {
  constructor(
    private readonly store: BffStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  reserve(userId: string, budget: number, estimate: number): Reservation | Promise<Reservation> {
    return this.store.reserveBudget(userId, utcDay(this.now()), budget, estimate);
  }

  settle(lease: BudgetLease, spent: number): void {
    this.store.settleBudget(lease, spent);
  }
}
