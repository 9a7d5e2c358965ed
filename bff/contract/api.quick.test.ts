/**
 * The list request's check without zod (certainlyPlainListRequest) against the contract's own
 * (ListRequest): whatever it passes, ListRequest passes, and it goes to the service as it is. It
 * passes the requests the list builder sends for most pages, and leaves every doubt to ListRequest.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { certainlyPlainListRequest, ListRequest } from './api';
import { LIST_FILTER_CATALOG, usesBffKeys } from './filters';
import { SORT_BY, SORT_ORDERS } from './list-params';
import { LIST_SECTIONS } from './section-names';

const junk = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
);

/** A code as a person or another client might write it: any case, padded, a region without zeros. */
const spelled = (code: string) =>
  fc
    .tuple(
      fc.constantFrom('', ' ', '\t'),
      fc.constantFrom('as is', 'upper', 'lower', 'unpadded'),
      fc.constantFrom('', ' ', '\n'),
    )
    .map(([before, how, after]) => {
      const c =
        how === 'upper'
          ? code.toUpperCase()
          : how === 'lower'
            ? code.toLowerCase()
            : how === 'unpadded'
              ? code.replace(/^0+(?=\d)/, '')
              : code;
      return `${before}${c}${after}`;
    });

/** A value for a filter: mostly of its kind (codes of its own, or of another filter), sometimes not. */
function valueFor(key: string): fc.Arbitrary<unknown> {
  const def = LIST_FILTER_CATALOG.find((f) => f.key === key);
  const codes = (def?.values ?? []).map((v) => String(v.code));
  const kinds: fc.WeightedArbitrary<unknown>[] = [{ arbitrary: junk, weight: 1 }];
  if (def?.kind === 'boolean') kinds.push({ arbitrary: fc.boolean(), weight: 6 });
  if (codes.length > 0) {
    const code = fc.constantFrom(...codes).chain(spelled);
    const element = fc.oneof({ arbitrary: code, weight: 8 }, { arbitrary: junk, weight: 1 });
    kinds.push(
      { arbitrary: fc.array(code, { maxLength: 4 }), weight: 6 },
      { arbitrary: fc.array(element, { maxLength: 4 }), weight: 2 },
    );
  } else {
    kinds.push(
      { arbitrary: fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }), weight: 2 },
      { arbitrary: fc.record({ gte: fc.integer({ min: -5, max: 3000 }) }, { requiredKeys: [] }), weight: 2 },
    );
  }
  return fc.oneof(...kinds);
}

const filterKeys = [...LIST_FILTER_CATALOG.map((f) => f.key), 'no.such_key'];
const filters = fc
  .uniqueArray(fc.constantFrom(...filterKeys), { maxLength: 3 })
  .chain((keys) => fc.tuple(...keys.map((k) => valueFor(k).map((v) => [k, v] as const))))
  .map((entries) => Object.fromEntries(entries));

/** A whole number in [lo, hi] mostly; else one near either end, a fraction, or anything. */
const near = (lo: number, hi: number) =>
  fc.oneof(
    { arbitrary: fc.integer({ min: lo, max: hi }), weight: 8 },
    { arbitrary: fc.integer({ min: lo - 2, max: lo + 2 }), weight: 1 },
    { arbitrary: fc.integer({ min: hi - 2, max: hi + 2 }), weight: 1 },
    { arbitrary: fc.double(), weight: 1 },
    { arbitrary: junk, weight: 1 },
  );

const request = fc.record(
  {
    filters: fc.oneof({ arbitrary: filters, weight: 6 }, { arbitrary: junk, weight: 1 }),
    sections: fc.oneof(
      { arbitrary: fc.array(fc.constantFrom(...LIST_SECTIONS), { maxLength: 3 }), weight: 6 },
      {
        arbitrary: fc.array(fc.constantFrom(...LIST_SECTIONS, 'Firmographic', 'news'), { maxLength: 3 }),
        weight: 1,
      },
      { arbitrary: fc.array(fc.constantFrom(...LIST_SECTIONS), { minLength: 28, maxLength: 40 }), weight: 1 },
      { arbitrary: junk, weight: 1 },
    ),
    sort_by: fc.oneof(
      { arbitrary: fc.constantFrom(...SORT_BY), weight: 6 },
      { arbitrary: fc.constantFrom(...SORT_BY).map((s) => s.toUpperCase()), weight: 1 },
      { arbitrary: junk, weight: 1 },
    ),
    sort_order: fc.oneof(
      { arbitrary: fc.constantFrom(...SORT_ORDERS), weight: 6 },
      { arbitrary: junk, weight: 1 },
    ),
    limit: near(1, 500),
    offset: near(0, 499),
    query: fc.oneof(fc.string({ maxLength: 12 }), junk),
    exclude: fc.oneof(filters, junk),
    exclude_account_lists: fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }),
    other: junk,
  },
  { requiredKeys: [] },
);
// Mostly what the list builder sends (filters, sections, sort, page), sometimes anything.
const likely = request.map((r) => {
  const { query, exclude, exclude_account_lists, other, ...plain } = r;
  return plain;
});

describe('certainlyPlainListRequest', () => {
  it('passes only requests ListRequest passes and the service takes as they are', () => {
    let passed = 0;
    fc.assert(
      fc.property(fc.oneof({ arbitrary: likely, weight: 4 }, { arbitrary: request, weight: 1 }), (r) => {
        if (!certainlyPlainListRequest(r)) return;
        passed++;
        const parsed = ListRequest.safeParse(r);
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
        expect(parsed.data?.query).toBeUndefined();
        expect(parsed.data?.exclude).toBeUndefined();
        expect(usesBffKeys(parsed.data?.filters as Record<string, unknown> | undefined)).toBe(false);
      }),
      { numRuns: 5000 },
    );
    // The property says something only if many requests take the quick way.
    expect(passed).toBeGreaterThan(500);
  });

  it('passes the pages the list builder asks for', () => {
    for (const r of [
      {},
      { limit: 50, offset: 0 },
      {
        filters: {
          'location.hq.country': ['USA', 'DEU', 'GBR'],
          'business_model.offering_type': ['software'],
        },
        limit: 50,
        offset: 0,
      },
      {
        filters: { 'location.hq.country': [' deu '], 'location.hq.region': ['39'] },
        sort_by: 'employee_range',
        sort_order: 'asc',
      },
      {
        filters: { 'technology.api_detail.has_api': true },
        sections: ['firmographic', 'location'],
        limit: 500,
        offset: 499,
      },
    ]) {
      expect(certainlyPlainListRequest(r), JSON.stringify(r)).toBe(true);
      expect(ListRequest.safeParse(r).success).toBe(true);
    }
  });

  it('leaves to ListRequest what it cannot tell, wrong or right', () => {
    for (const r of [
      null,
      [],
      'filters',
      { filters: { 'location.hq.country': ['XXX'] } },
      { filters: { 'location.hq.country': [''] } },
      { filters: { 'firmographic.headcount_range': ['11-50'] } },
      { filters: { 'firmographic.founded_year': { gte: 2000 } } },
      { filters: { 'location.hq.city': ['Berlin'] } },
      { filters: { nope: ['x'] } },
      { filters: [] },
      { limit: 0 },
      { limit: 501 },
      { limit: 1.5 },
      { limit: '50' },
      { offset: 500 },
      { offset: -1 },
      { sort_by: 'name' },
      { sections: ['news'] },
      { query: 'software companies in Germany' },
      { exclude: { 'location.hq.country': ['USA'] } },
      { exclude_account_lists: ['a'] },
      { limit: 50, unknown: true },
      JSON.parse('{"__proto__": {"limit": 5}}'),
    ]) {
      expect(certainlyPlainListRequest(r), JSON.stringify(r)).toBe(false);
    }
  });
});
