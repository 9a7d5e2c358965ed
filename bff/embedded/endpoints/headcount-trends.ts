/**
 * Headcount trends (decisions section 15; docs/api.md): the company's headcount, its growth over 3, 6,
 * 12 and 24 months and its workforce by function. Charged 2.5 a call; an unknown company is a free 404.
 */
import { HeadcountTrendsQuery, type HeadcountTrendsResponse } from '../../contract/api';
import { headcountTrendsCost } from '../../contract/pricing';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../problem';
import { resolveSignalCompany, signalEnv } from '../signals/company';
import { headcountTrends } from '../signals/headcount-trends';
import type { ApiKey } from '../store/keys';
import { chargeOrThrow } from './charge';

export function companyHeadcountTrends(
  ctx: ServiceContext,
  key: ApiKey,
  query: Record<string, unknown>,
): HeadcountTrendsResponse {
  const q = parseOrThrow(HeadcountTrendsQuery, query);
  const company = resolveSignalCompany(ctx.db, q.company);
  const data = headcountTrends(company, signalEnv(ctx.db));
  const cost = headcountTrendsCost();
  chargeOrThrow(ctx, key, 'company.headcountTrends', cost);
  return { status: 'success', data, credits_consumed: cost };
}
