/**
 * Website traffic (decisions section 15; docs/api.md): the company's monthly visits over the last 12
 * months, engagement and the share of each traffic source. Charged 1 a call; an unknown company is a
 * free 404.
 */
import { WebsiteTrafficQuery, type WebsiteTrafficResponse } from '../../contract/api';
import { websiteTrafficCost } from '../../contract/pricing';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../problem';
import { resolveSignalCompany, signalEnv } from '../signals/company';
import { websiteTraffic } from '../signals/website-traffic';
import type { ApiKey } from '../store/keys';
import { chargeOrThrow } from './charge';

export function companyWebsiteTraffic(
  ctx: ServiceContext,
  key: ApiKey,
  query: Record<string, unknown>,
): WebsiteTrafficResponse {
  const q = parseOrThrow(WebsiteTrafficQuery, query);
  const company = resolveSignalCompany(ctx.db, q.company);
  const data = websiteTraffic(company, signalEnv(ctx.db));
  const cost = websiteTrafficCost();
  chargeOrThrow(ctx, key, 'company.websiteTraffic', cost);
  return { status: 'success', data, credits_consumed: cost };
}
