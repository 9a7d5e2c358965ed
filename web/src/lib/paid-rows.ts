/**
 * What the grid buys for the rows on screen beyond their page (section columns of a static list's
 * page, ./company-sections.ts; signal columns, ./company-signals.ts): one query per rows and asked
 * values, bought once and kept five minutes, its answer merged into the rows by company. What was
 * just bought is stored in the team's company store, so a price asked before (an export's, a
 * column's, a tab's) is out of date: the quote's queries are invalidated when a purchase cost
 * anything.
 */
import { keepPreviousData, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';

export type PaidRows<R> = { rows: R[] | undefined; error: Error | null; loading: boolean };

export function usePaidRows<R extends { uuid: string }, V>(options: {
  rows: readonly R[] | undefined;
  /** What is asked of each row (section names, signal readings), in any order. */
  asked: readonly string[];
  /** The query's key before the companies and what is asked. */
  key: QueryKey;
  /** The queries whose prices a purchase makes out of date. */
  quoteKey: QueryKey;
  buy: (
    companies: string[],
    asked: string[],
    signal: AbortSignal,
  ) => Promise<{ data: { company: string; values: V }[]; credits_consumed: number }>;
  /** A row with its company's bought values. */
  merge: (row: R, values: V) => R;
}): PaidRows<R> {
  const { rows, key, quoteKey, buy, merge } = options;
  const companies = useMemo(() => (rows ?? []).map((r) => r.uuid), [rows]);
  const asked = useMemo(() => [...options.asked].sort(), [options.asked]);
  const query = useQuery({
    queryKey: [...key, companies, asked],
    queryFn: ({ signal }) => buy(companies, asked, signal),
    enabled: companies.length > 0 && asked.length > 0,
    staleTime: 5 * 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const queryClient = useQueryClient();
  const boughtAt = (query.data?.credits_consumed ?? 0) > 0 ? query.dataUpdatedAt : 0;
  useEffect(() => {
    if (boughtAt > 0) void queryClient.invalidateQueries({ queryKey: quoteKey });
  }, [boughtAt, queryClient, quoteKey]);
  const merged = useMemo(() => {
    if (!rows || asked.length === 0 || !query.data) return rows as R[] | undefined;
    const by = new Map(query.data.data.map((d) => [d.company, d.values]));
    return rows.map((r) => {
      const got = by.get(r.uuid);
      return got === undefined ? r : merge(r, got);
    });
  }, [rows, asked.length, query.data, merge]);
  return { rows: merged, error: query.error, loading: query.isFetching };
}
