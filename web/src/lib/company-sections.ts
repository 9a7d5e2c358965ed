/**
 * Section columns of companies that are not a list generation's page (a static list's page; issue
 * 35): `POST /bff/companies/sections` reads the rows' sections from the team's company store and buys
 * only the missing (company, section) pairs, at the price `POST /bff/companies/quote` shows first
 * (./companies-quote.ts). The values are merged into the rows under their section names, as a list
 * page carries them, so the grid's column catalog reads them unchanged.
 */
import type { CompanyListItem } from '@contract/api';
import type { ListSection } from '@contract/section-names';
import { call } from '@/lib/api-client';
import { QUOTE_KEY } from '@/lib/companies-quote';
import { type PaidRows, usePaidRows } from '@/lib/paid-rows';

export const SECTIONS_KEY = ['bff', 'companies', 'sections'] as const;

type Sections = Partial<CompanyListItem>;
const buySections = async (companies: string[], sections: string[], signal: AbortSignal) => {
  const answer = await call(
    'bff.companies.sections',
    { companies, sections: sections as ListSection[] },
    { signal },
  );
  return {
    ...answer,
    data: answer.data.map((d) => ({ company: d.company, values: d.sections as Sections })),
  };
};
const mergeSections = <R extends CompanyListItem>(row: R, sections: Sections): R => ({ ...row, ...sections });

/** The rows with the sections asked merged in; bought once per page and sections. */
export function useRowsWithSections<R extends CompanyListItem>(
  rows: readonly R[] | undefined,
  sections: readonly ListSection[],
): PaidRows<R> {
  return usePaidRows<R, Sections>({
    rows,
    asked: sections,
    key: SECTIONS_KEY,
    quoteKey: QUOTE_KEY,
    buy: buySections,
    merge: mergeSections,
  });
}
