/** GET /api/v1/company/headcount-trends: the headcount, its growth by period, the workforce by function. */
import type { HeadcountTrendsResponse } from '@contract/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAID_QUERY_DEFAULTS, type Paid, paidGet } from './paid-call';

export type HeadcountTrends = HeadcountTrendsResponse['data'];

async function getHeadcountTrends(company: string, signal?: AbortSignal): Promise<Paid<HeadcountTrends>> {
  const res = await paidGet('company.headcountTrends', { company }, signal);
  return { ...res, body: res.body.data };
}

const headcountTrendsQueryOptions = (company: string) =>
  queryOptions({
    queryKey: ['company', company, 'headcount-trends'],
    queryFn: ({ signal }) => getHeadcountTrends(company, signal),
    ...PAID_QUERY_DEFAULTS,
  });

export function useHeadcountTrends(company: string) {
  return useQuery(headcountTrendsQueryOptions(company));
}
