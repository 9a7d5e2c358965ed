/** GET /api/v1/company/website-traffic: monthly visits over the last year, engagement, sources. */
import type { WebsiteTrafficResponse } from '@contract/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAID_QUERY_DEFAULTS, type Paid, paidGet } from './paid-call';

export type WebsiteTraffic = WebsiteTrafficResponse['data'];

async function getWebsiteTraffic(company: string, signal?: AbortSignal): Promise<Paid<WebsiteTraffic>> {
  const res = await paidGet('company.websiteTraffic', { company }, signal);
  return { ...res, body: res.body.data };
}

const websiteTrafficQueryOptions = (company: string) =>
  queryOptions({
    queryKey: ['company', company, 'website-traffic'],
    queryFn: ({ signal }) => getWebsiteTraffic(company, signal),
    ...PAID_QUERY_DEFAULTS,
  });

export function useWebsiteTraffic(company: string) {
  return useQuery(websiteTrafficQueryOptions(company));
}
