/**
 * Section columns of companies that are not a list generation's page (a static list's page; issue
 * 35): `POST /bff/companies/sections` reads the rows' sections from the team's company store and buys
 * only the missing (company, section) pairs, at the price `POST /bff/companies/quote` shows first
 * (./companies-quote.ts). The values are merged into the rows under their section names, as a list
 * page carries them, so the grid's column catalog reads them unchanged.
 */
import type { CompanyListItem } from '@contract/api';
import type { ListSection } from '@contract/section-names';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { call } from '@/lib/api-client';
import { QUOTE_KEY } from '@/lib/companies-quote';

export const SECTIONS_KEY = ['bff', 'companies', 'sections'] as const;

/** The rows with the sections asked merged in; bought once per page and sections. */
export function useRowsWithSections<R extends CompanyListItem>(
  rows: readonly R[] | undefined,
  sections: readonly ListSection[],
): { rows: R[] | undefined; error: Error | null; loading: boolean } {
  const companies = useMemo(() => (rows ?? []).map((r) => r.uuid), [rows]);
  const asked = useMemo(() => [...sections].sort(), [sections]);
  const query = useQuery({
    queryKey: [...SECTIONS_KEY, companies, asked],
    queryFn: ({ signal }) => call('bff.companies.sections', { companies, sections: asked }, { signal }),
    enabled: companies.length > 0 && asked.length > 0,
    staleTime: 5 * 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
  // What was just bought is stored: a price asked before (an export's) is out of date.
  const queryClient = useQueryClient();
  const boughtAt = (query.data?.credits_consumed ?? 0) > 0 ? query.dataUpdatedAt : 0;
  useEffect(() => {
    if (boughtAt > 0) void queryClient.invalidateQueries({ queryKey: QUOTE_KEY });
  }, [boughtAt, queryClient]);
  const merged = useMemo(() => {
    if (!rows) return undefined;
    if (asked.length === 0 || !query.data) return [...rows];
    const by = new Map(query.data.data.map((d) => [d.company, d.sections]));
    return rows.map((r) => {
      const got = by.get(r.uuid);
      return got ? ({ ...r, ...got } as R) : r;
    });
  }, [rows, asked.length, query.data]);
  return { rows: merged, error: query.error, loading: query.isFetching };
}
