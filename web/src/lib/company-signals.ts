/**
 * Signal columns' data (issue 36, bff/contract/signal-columns.ts): `POST /bff/companies/signals/quote`
 * says what some signal readings of some companies cost now, the team's company store counted (free
 * to ask); `POST /bff/companies/signals` buys the values the store lacks. The list builder's Columns
 * drawer prices a signal column with the quote before it is added; the grid then reads the values
 * for the rows on screen; the company page's Growth, Jobs and Traffic tabs say "Stored" from the quote.
 */
import type { CompanyListItem } from '@contract/api';
import type { CompanySignalValues, SignalQuote, SignalReading } from '@contract/signal-columns';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { call } from '@/lib/api-client';

export const SIGNALS_QUOTE_KEY = ['bff', 'companies', 'signals', 'quote'] as const;

export const quoteSignalsQueryOptions = (companies: readonly string[], readings: readonly SignalReading[]) =>
  queryOptions({
    queryKey: [...SIGNALS_QUOTE_KEY, [...companies], [...readings].sort()],
    queryFn: ({ signal }): Promise<SignalQuote> =>
      call('bff.companies.signals.quote', { companies: [...companies], readings: [...readings] }, { signal }),
    // What the store holds changes as the team works: a quote is good for a short while only.
    staleTime: 10_000,
    retry: false,
  });

export function useSignalsQuote(companies: readonly string[], readings: readonly SignalReading[]) {
  return useQuery({
    ...quoteSignalsQueryOptions(companies, readings),
    enabled: companies.length > 0 && readings.length > 0,
  });
}

/**
 * The signal values of the rows on screen for the readings the visible columns need, merged into
 * the rows as `signals` (a screened list's rows already carry some: those stay). Bought once per
 * page and readings; the store makes a second look free.
 */
export function useRowsWithSignals<R extends { uuid: string; signals?: CompanyListItem['signals'] }>(
  rows: R[] | undefined,
  readings: readonly SignalReading[],
): { rows: R[] | undefined; error: Error | null; loading: boolean } {
  const companies = useMemo(() => (rows ?? []).map((r) => r.uuid), [rows]);
  const query = useQuery({
    queryKey: ['bff', 'companies', 'signals', companies, [...readings].sort()],
    queryFn: ({ signal }) =>
      call('bff.companies.signals', { companies, readings: [...readings] }, { signal }),
    enabled: companies.length > 0 && readings.length > 0,
    staleTime: 5 * 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
  // What was just bought is stored: a price asked before (an export's, a tab's) is out of date.
  const queryClient = useQueryClient();
  const boughtAt = (query.data?.credits_consumed ?? 0) > 0 ? query.dataUpdatedAt : 0;
  useEffect(() => {
    if (boughtAt > 0) void queryClient.invalidateQueries({ queryKey: SIGNALS_QUOTE_KEY });
  }, [boughtAt, queryClient]);
  const merged = useMemo(() => {
    if (!rows || readings.length === 0 || !query.data) return rows;
    const by = new Map<string, CompanySignalValues>(query.data.data.map((d) => [d.company, d.signals]));
    return rows.map((r) => {
      const got = by.get(r.uuid);
      return got ? { ...r, signals: { ...(got as CompanyListItem['signals']), ...r.signals } } : r;
    });
  }, [rows, readings.length, query.data]);
  return { rows: merged, error: query.error, loading: query.isFetching };
}
