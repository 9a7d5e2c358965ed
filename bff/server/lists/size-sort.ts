/**
 * Company size in a sort of the user's own (issue 35; docs/decisions/0011 and 0030): the service
 * has no headcount filter, so the companies of the bands are found where they are one stretch, in
 * the `employee_range` order (./size.ts). To show them in another order the BFF needs each one's
 * place in that order, which the service gives only for the first 500 of a list:
 *
 * 1. the list without its size has fewer than 500 companies: it is read whole in the user's sort
 *    (no sections) and kept to the companies of the bands. The service's own order, ties and all.
 * 2. else, when the bands hold at most 500 companies and the sort's value is in a section the plan
 *    has in lists: the bands' companies are read with that section and sorted here as the service
 *    sorts (missing values last either way, ties by id ascending).
 * 3. else (relevance, whose score the service never shows; more than 500 of that size; a plan
 *    without sections in lists) the caller serves employee order and says why.
 *
 * Both readings are kept in the resolver's memory like member lists, so paging pays them once.
 */
import type { ParsedListRequest } from '../../contract/api';
import type { HeadcountRange } from '../../contract/enums';
import type { Filters } from '../../contract/filters';
import { SORT_SECTION } from '../../contract/list-cost';
import { LIST_TOTAL_CAP, SORT_LABELS, type SortBy, type SortOrder } from '../../contract/list-params';
import type { ListSection } from '../../contract/section-names';
import { type ListRow, type Notes, Stale } from './calls';
import { ListTooBroad } from './errors';
import type { Members } from './memory';
import { type Reading, resolveSource } from './size';

type Sortable = Exclude<SortBy, 'relevance' | 'employee_range'>;

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const part = (row: ListRow, section: string): Record<string, unknown> | undefined =>
  row[section] as Record<string, unknown> | undefined;

/** Each sort's value in a row read with its section (`SORT_SECTION`; the evaluator's `sortValue`). */
const SORT_VALUE: Record<Sortable, (row: ListRow) => number | null> = {
  founded_year: (r) => num(part(r, 'firmographic')?.founded_year),
  revenue_estimate: (r) => num(part(r, 'financial_estimate')?.revenue_usd),
  valuation_estimate: (r) => num(part(r, 'financial_estimate')?.valuation_usd),
  total_funding: (r) =>
    num(
      (part(r, 'funding_detail')?.funding_overview as Record<string, unknown> | undefined)?.total_funding_usd,
    ),
};

/** The service's order of list generation: by value, missing values last either way, then id. */
export function compareBy(order: SortOrder) {
  return (a: { uuid: string; value: number | null }, b: { uuid: string; value: number | null }): number => {
    if (a.value === null && b.value !== null) return 1;
    if (a.value !== null && b.value === null) return -1;
    if (a.value !== null && b.value !== null && a.value !== b.value)
      return order === 'asc' ? a.value - b.value : b.value - a.value;
    return a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0;
  };
}

/** The bands' companies in the user's sort, and how to read a page of them with sections. */
type Sorted = {
  rows: ListRow[];
  /** Way 1: each company's position in the list without its size, read in the user's sort. */
  positions?: number[];
  listTotal?: number;
};

/** Why the user's sort could not be served (the caller serves employee order and says this). */
export type Unsorted = { why: string };

const sortWords = (by: SortBy) => SORT_LABELS[by].toLowerCase();

async function rowsOf(reading: Reading, key: string, read: () => Promise<ListRow[]>): Promise<ListRow[]> {
  const { calls, memory } = reading;
  const known = memory.recall(calls, key) as Members | undefined;
  if (known) return known.rows;
  const rows = await read();
  memory.remember(calls, key, { rows });
  return rows;
}

async function sortedMembers(
  reading: Reading,
  filters: Filters,
  bands: HeadcountRange[],
  sortBy: SortBy,
  order: SortOrder,
  notes: Notes,
): Promise<Sorted | Unsorted> {
  const { calls, user, memory } = reading;
  const banded = { filters, bands, sortBy: 'employee_range' as const, order };
  let size: number;
  let read: (from: number, to: number, sections: readonly ListSection[], n: Notes) => Promise<ListRow[]>;
  try {
    ({ size, read } = await resolveSource(reading, banded, {}, { gather: false }));
  } catch (e) {
    if (e instanceof ListTooBroad)
      return { why: `the companies of that size lie beyond the first ${LIST_TOTAL_CAP} served either way` };
    throw e;
  }
  const bandKey = bands.join(',');
  if (size > LIST_TOTAL_CAP)
    return {
      why: `${size.toLocaleString('en-US')} companies have that size, more than the ${LIST_TOTAL_CAP} that can be sorted another way`,
    };
  const members = await rowsOf(
    reading,
    memory.key(user, 'members', filters, `${bandKey}\u0000employee_range:${order}`),
    () => read(0, size, [], notes),
  );
  const listTotal = memory.readingsOf(calls, user, filters).total;

  // 1. The whole list in the user's sort, kept to the bands' companies.
  if (listTotal !== undefined && listTotal < LIST_TOTAL_CAP) {
    const all = await rowsOf(reading, memory.key(user, 'members', filters, `\u0000${sortBy}:${order}`), () =>
      calls.range(
        { filters, sort_by: sortBy, sort_order: order, sections: [] },
        0,
        listTotal,
        listTotal,
        notes,
      ),
    );
    const wanted = new Set(members.map((r) => r.uuid));
    const rows: ListRow[] = [];
    const positions: number[] = [];
    all.forEach((r, i) => {
      if (!wanted.has(r.uuid)) return;
      rows.push(r);
      positions.push(i);
    });
    if (rows.length !== wanted.size) throw new Stale();
    return { rows, positions, listTotal };
  }

  // 2. The bands' companies read with the sort's section and sorted here.
  if (sortBy === 'relevance' || sortBy === 'employee_range')
    return {
      why: `relevance is the service’s own score, which it orders only the first ${LIST_TOTAL_CAP} of a list by`,
    };
  const section = SORT_SECTION[sortBy]!;
  const value = SORT_VALUE[sortBy];
  if (!calls.listSections)
    return {
      why: `sorting by ${sortWords(sortBy)} needs each company’s ${section} section, which this plan does not have in lists`,
    };
  const valued = await rowsOf(
    reading,
    memory.key(user, 'members', filters, `${bandKey}\u0000${section}:${order}`),
    () => read(0, size, [section], notes),
  );
  if (valued.some((r) => r[section] === undefined))
    return {
      why: `sorting by ${sortWords(sortBy)} needs each company’s ${section} section, which this plan does not have in lists`,
    };
  const compare = compareBy(order);
  const rows = valued
    .map((row) => ({ uuid: row.uuid, value: value(row), row }))
    .sort(compare)
    .map(({ row }) => {
      const { [section]: _value, ...identity } = row;
      return identity as ListRow;
    });
  return { rows };
}

/**
 * A page of a list with company size in the user's sort, or why it cannot be (see above). `total`
 * is the bands' size.
 */
export async function sortedBandPage(
  reading: Reading,
  req: Pick<ParsedListRequest, 'sort_by' | 'sort_order' | 'offset'>,
  filters: Filters,
  bands: HeadcountRange[],
  sections: readonly ListSection[],
  limit: number,
  notes: Notes,
): Promise<{ data: ListRow[]; total: number } | Unsorted> {
  const sorted = await sortedMembers(reading, filters, bands, req.sort_by, req.sort_order, notes);
  if ('why' in sorted) return sorted;
  const total = sorted.rows.length;
  const end = Math.min(req.offset + limit, total);
  if (req.offset >= end) return { data: [], total };
  const wanted = sorted.rows.slice(req.offset, end);
  if (sections.length === 0) return { data: wanted, total };
  const { calls } = reading;
  let got: ListRow[];
  if (sorted.positions && sorted.listTotal !== undefined) {
    // The stretch of the list (in the user's sort) that holds the page, read with its sections.
    const from = sorted.positions[req.offset]!;
    const to = sorted.positions[end - 1]! + 1;
    got = await calls.range(
      { filters, sort_by: req.sort_by, sort_order: req.sort_order, sections },
      from,
      to,
      sorted.listTotal,
      notes,
    );
  } else {
    // The page's companies one by one, by enrichment: only they are paid for their sections.
    got = [];
    for (const w of wanted)
      got.push({ ...w, ...(await calls.enrich(w.uuid, sections)), uuid: w.uuid } as ListRow);
  }
  const byUuid = new Map(got.map((r) => [r.uuid, r]));
  const data = wanted.map((w) => {
    const r = byUuid.get(w.uuid);
    if (!r) throw new Stale();
    return r;
  });
  return { data, total };
}
