/**
 * GET /bff/admin/spend: credits per day by user over the last `days` days, by endpoint, and the
 * biggest spenders; and the ledger CSV's address (GET /bff/admin/ledger.csv, downloaded by the browser).
 */
import { SpendResponse } from '@contract/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, urlOf } from '@/lib/api-client';
import { ADMIN_SPEND_KEY } from './keys';

async function getSpend(days: number, signal?: AbortSignal): Promise<SpendResponse> {
  return SpendResponse.parse(await call('bff.admin.spend', { days }, { signal }));
}

const spendQueryOptions = (days: number) =>
  queryOptions({
    queryKey: [...ADMIN_SPEND_KEY, days],
    queryFn: ({ signal }) => getSpend(days, signal),
    staleTime: 10_000,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });

export function useSpend(days: number) {
  return useQuery(spendQueryOptions(days));
}

export const LEDGER_CSV_URL = urlOf('bff.admin.ledgerCsv');
