/**
 * The truth of a list builder's list, read straight from an embedded service's database and written
 * plainly from docs/product-rules.md (sections 4, 5 and 14), for tests of the BFF's list resolver: every
 * company with its sections, the naive filter evaluator (the query index's own oracle), the
 * employee order, and "is none of" for exclusions.
 */

import { HEADCOUNT_RANGES, type HeadcountRange } from '../contract/enums';
import { FILTER_GROUPS, type Filters, LIST_FILTER_BY_KEY } from '../contract/filters';
import type { SortBy, SortOrder } from '../contract/list-params';
import { LIST_TOTAL_CAP } from '../contract/list-params';
import { bandRuns, exclusionMethodOf, HEADCOUNT_KEY } from '../contract/list-rules';
import type { Sections } from '../contract/sections';
import { type FilterSections, matchesFilters, sortCompare } from '../embedded/query/evaluate';
import type { Service } from '../embedded/service';
import { loadCompanies } from '../embedded/store/companies';
import { createKey } from '../embedded/store/keys';

export type TruthCompany = {
  uuid: string;
  prominence: number;
  band: HeadcountRange | null;
  sections: FilterSections & Pick<Sections, 'headcount'>;
};

/** Every company of the service with the sections filters and the employee order read. */
export function loadTruth(service: Service): TruthCompany[] {
  const db = service.ctx.db;
  const rows = db.prepare('SELECT idx, prominence FROM companies ORDER BY idx').all() as {
    idx: number;
    prominence: number;
  }[];
  const prominence = new Map(rows.map((r) => [r.idx, r.prominence]));
  const loaded = loadCompanies(
    db,
    rows.map((r) => r.idx),
    [...FILTER_GROUPS.map((g) => g.id), 'headcount'],
  );
  return loaded.map((c) => {
    const sections = c.sections as TruthCompany['sections'];
    const band = sections.firmographic.headcount_range as HeadcountRange;
    return {
      uuid: c.uuid,
      prominence: prominence.get(c.idx) ?? 0,
      band: (HEADCOUNT_RANGES as readonly string[]).includes(band) ? band : null,
      sections,
    };
  });
}

/** The companies of filters (service keys only), any order. */
export function matching(all: readonly TruthCompany[], filters: Filters): TruthCompany[] {
  return all.filter((c) => matchesFilters(c.sections, filters));
}

/** Companies in the service's `employee_range` order (missing counts last, ties by uuid). */
export function byEmployees(companies: readonly TruthCompany[], order: SortOrder): TruthCompany[] {
  return [...companies].sort((a, b) => sortCompare(a, b, { by: 'employee_range', order }));
}

/** Whether a company has a value on a closed key (the complement leaves out those without). */
function hasValue(c: TruthCompany, key: string): boolean {
  if (key === HEADCOUNT_KEY) return c.band !== null;
  const def = LIST_FILTER_BY_KEY.get(key)!;
  if (def.kind === 'region') return Boolean(c.sections.location.hq.country?.code);
  const section = c.sections[def.group] as unknown;
  let node: unknown = section;
  for (const part of def.field.split('.')) {
    if (node === null || node === undefined) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return node !== null && node !== undefined;
}

/** "Is none of `values`" on a key, as docs/product-rules.md, section 14 defines it. */
export function survivesExclusion(c: TruthCompany, key: string, values: readonly unknown[]): boolean {
  if (key === HEADCOUNT_KEY) return c.band !== null && !values.includes(c.band);
  const def = LIST_FILTER_BY_KEY.get(key)!;
  const has =
    def.kind === 'boolean'
      ? values.some((v) => matchesFilters(c.sections, { [key]: v } as Filters))
      : matchesFilters(c.sections, { [key]: values } as Filters);
  if (has) return false;
  return exclusionMethodOf(key) === 'difference' || hasValue(c, key);
}

export type Expected =
  /** `userSort`: a company size in the sort asked, not by employees (bff/server/lists/size-sort.ts). */
  | { kind: 'list'; uuids: string[]; userSort?: boolean }
  | { kind: 'too_broad'; listSize: number; lowerBound: boolean }
  /**
   * Company size beyond the 500 served either way: up to 500 of the bands' companies, gathered from
   * slices of the list (docs/decisions/0026-counting-by-slices.md, amended); `band`: every one.
   */
  | { kind: 'gathered'; band: string[] };

/** A band's rank along an employee order: ascending bands in `asc`, descending in `desc`, none last. */
function rankIn(order: SortOrder, c: TruthCompany): number {
  if (c.band === null) return HEADCOUNT_RANGES.length;
  const i = HEADCOUNT_RANGES.indexOf(c.band);
  return order === 'asc' ? i : HEADCOUNT_RANGES.length - 1 - i;
}

/**
 * The companies of some bands as the BFF serves them: each run of adjacent bands from the employee
 * order of `direction` when its stretch ends before the 500th position there (or the list is
 * shorter than 500), else from the other order turned around (ties then by uuid descending), else
 * undefined (too broad).
 */
function banded(
  base: readonly TruthCompany[],
  bands: readonly HeadcountRange[],
  direction: SortOrder,
): TruthCompany[] | undefined {
  const runs = bandRuns(bands);
  const out: TruthCompany[] = [];
  for (const run of direction === 'asc' ? runs : [...runs].reverse()) {
    let served: TruthCompany[] | undefined;
    for (const order of [direction, direction === 'asc' ? 'desc' : 'asc'] as const) {
      const hi = order === 'asc' ? run.hi : HEADCOUNT_RANGES.length - 1 - run.lo;
      const list = byEmployees(base, order);
      const beyond = list.findIndex((c) => rankIn(order, c) > hi);
      const end = beyond === -1 ? list.length : beyond;
      if (list.length < LIST_TOTAL_CAP || end < LIST_TOTAL_CAP) {
        const stretch = list.filter((c) => {
          const i = c.band === null ? -1 : HEADCOUNT_RANGES.indexOf(c.band);
          return i >= run.lo && i <= run.hi;
        });
        served = order === direction ? stretch : stretch.reverse();
        break;
      }
    }
    if (!served) return undefined;
    out.push(...served);
  }
  return out;
}

/**
 * What the BFF must answer for a list request, from the truth: service filters, bands, exclusions
 * (bands excluded are given as `bands` already), the sort of a list without bands. Too broad when
 * the BFF cannot serve it exactly: a size stretch out of reach, or a set difference over more than
 * the 500 served (the list, or the companies to leave out).
 */
export function expectedList(
  all: readonly TruthCompany[],
  p: {
    filters: Filters;
    bands?: readonly HeadcountRange[];
    exclude?: Readonly<Record<string, readonly unknown[]>>;
    sortBy?: SortBy;
    direction: SortOrder;
    /** The plan has sections in lists (the BFF can read a sort's value to sort a size itself). */
    sectionsInLists?: boolean;
  },
): Expected {
  const exclude = Object.entries(p.exclude ?? {});
  const complements = exclude.filter(([k]) => exclusionMethodOf(k) === 'complement');
  const differences = exclude.filter(([k]) => exclusionMethodOf(k) === 'difference');
  const listOf = (filters: Filters) =>
    matching(all, filters).filter((c) => complements.every(([k, v]) => survivesExclusion(c, k, v)));
  const served = (filters: Filters): TruthCompany[] | undefined => {
    const base = listOf(filters);
    if (p.bands) return banded(base, p.bands, p.direction);
    const sort = { by: p.sortBy ?? 'relevance', order: p.direction } as const;
    return [...base].sort((a, b) => sortCompare(a, b, sort));
  };
  const tooBroad = (n: number, plain: boolean): Expected => ({
    kind: 'too_broad',
    // The service counts a plain list only to 500; a banded one the BFF counts exactly.
    listSize: plain ? Math.min(n, LIST_TOTAL_CAP) : n,
    lowerBound: plain && n >= LIST_TOTAL_CAP,
  });

  const list = served(p.filters);
  const whole = listOf(p.filters).length;
  if (!list && p.bands && differences.length === 0) {
    const bands = new Set<string | null>(p.bands);
    return {
      kind: 'gathered',
      band: listOf(p.filters)
        .filter((c) => bands.has(c.band))
        .map((c) => c.uuid),
    };
  }
  if (!list) return tooBroad(whole, true);
  // (Without a sort asked, a size is in employee order.)
  const sortBy = p.sortBy ?? 'employee_range';
  if (differences.length === 0 && p.bands && sortBy !== 'employee_range' && list.length <= LIST_TOTAL_CAP) {
    // A size in another sort: every company of the list placed in that order (the list under 500),
    // or the size's companies sorted by their value (a plan with sections in lists); relevance past
    // 500 stays in employee order.
    const byValue = sortBy !== 'relevance' && (p.sectionsInLists ?? true);
    if (whole < LIST_TOTAL_CAP || byValue) {
      const sort = { by: sortBy, order: p.direction } as const;
      return {
        kind: 'list',
        uuids: [...list].sort((a, b) => sortCompare(a, b, sort)).map((c) => c.uuid),
        userSort: true,
      };
    }
  }
  if (differences.length === 0) return { kind: 'list', uuids: list.map((c) => c.uuid) };
  // A set difference needs the whole list, and the whole of each list of companies to leave out.
  if (p.bands ? list.length > LIST_TOTAL_CAP : list.length >= LIST_TOTAL_CAP)
    return tooBroad(list.length, !p.bands);
  for (const [key, values] of differences) {
    const q = served({ ...p.filters, [key]: values } as Filters);
    if (!q || (p.bands ? q.length > LIST_TOTAL_CAP : q.length >= LIST_TOTAL_CAP))
      return tooBroad(list.length, false);
  }
  const kept = list.filter((c) => differences.every(([k, v]) => survivesExclusion(c, k, v)));
  return { kind: 'list', uuids: kept.map((c) => c.uuid) };
}

/**
 * The embedded service asked directly (its own shapes), with a key of the test's own so the BFF's key
 * and its balance stay untouched: the truth a test compares the BFF's answer with.
 */
export function directCaller(service: Service, keyName: string) {
  const key = createKey(service.ctx.db, keyName, 'enterprise', 1e9).key;
  return async <T = unknown>(path: string, body?: unknown): Promise<T> => {
    const res = await service.fetch(
      new Request(`http://service${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      }),
    );
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
}
