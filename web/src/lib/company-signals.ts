/**
 * Signal columns' data (issue 36, bff/contract/signal-columns.ts): `POST /bff/companies/signals/quote`
 * says what some signal readings of some companies cost now, the team's company store counted (free
 * to ask); `POST /bff/companies/signals` buys the values the store lacks. The list builder's Columns
 * drawer prices a signal column with the quote before it is added; the grid then reads the values
 * for the rows on screen; the company page's Growth, Jobs and Traffic tabs say "Stored" from the quote.
 */
import type { CompanyListItem } from '@contract/api';
import type { SignalQuote, SignalReading } from '@contract/signal-columns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { type PaidRows, usePaidRows } from '@/lib/paid-rows';

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

const SIGNALS_KEY = ['bff', 'companies', 'signals'] as const;
type Signals = CompanyListItem['signals'];
const buySignals = async (companies: string[], readings: string[], signal: AbortSignal) => {
  const answer = await call(
    'bff.companies.signals',
    { companies, readings: readings as SignalReading[] },
    { signal },
  );
  return {
    ...answer,
    data: answer.data.map((d) => ({
      company: d.company,
      values: d.signals as Signals,
    })),
  };
};
/** A screened list's rows already carry some signals: those stay. */
const mergeSignals = <R extends { signals?: Signals }>(row: R, got: Signals): R => ({
  ...row,
  signals: { ...got, ...row.signals },
});

/**
 * The signal values of the rows on screen for the readings the visible columns need, merged into
 * the rows as `signals`. Bought once per page and readings; the store makes a second look free.
 */
export function useRowsWithSignals<R extends { uuid: string; signals?: Signals }>(
  rows: R[] | undefined,
  readings: readonly SignalReading[],
): PaidRows<R> {
  return usePaidRows<R, Signals>({
    rows,
    asked: readings,
    key: SIGNALS_KEY,
    quoteKey: SIGNALS_QUOTE_KEY,
    buy: buySignals,
    merge: mergeSignals,
  });
}
