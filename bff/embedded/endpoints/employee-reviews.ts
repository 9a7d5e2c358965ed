/**
 * Employee reviews (service endpoint 5, docs/api.md): ratings per provider and one page of reviews, charged 1.5 per
 * started block of 50 reviews returned (docs/product-rules.md, section 7): a page past the last review costs
 * nothing.
 */
import { EmployeeReviewsQuery, type EmployeeReviewsResponse } from '../../contract/api';
import { reviewsCost } from '../../contract/pricing';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../problem';
import { resolveSignalCompany, signalEnv } from '../signals/company';
import { employeePlan, employeeReviewsPage, employeeSummary } from '../signals/employee-reviews';
import type { ApiKey } from '../store/keys';
import { chargeOrThrow } from './charge';

export function employeeReviews(
  ctx: ServiceContext,
  key: ApiKey,
  query: Record<string, unknown>,
): EmployeeReviewsResponse {
  const q = parseOrThrow(EmployeeReviewsQuery, query);
  const company = resolveSignalCompany(ctx.db, q.company);
  const env = signalEnv(ctx.db);
  const plan = employeePlan(company, env);
  const data = employeeReviewsPage(company, env, plan, q.offset, q.limit);
  const cost = reviewsCost(data.length);
  chargeOrThrow(ctx, key, 'company.employee-reviews', cost);
  return {
    data: {
      uuid: company.uuid,
      employee_reviews: {
        ...employeeSummary(company, env, plan),
        reviews: {
          data,
          total: plan.total,
          total_by_provider: Object.fromEntries(plan.stats.map((s) => [s.provider.id, s.total])),
        },
      },
    },
    limit: q.limit,
    offset: q.offset,
    credits_consumed: cost,
  };
}
