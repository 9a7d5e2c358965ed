/**
 * The query index against the naive evaluator, on the generated dataset: random filter combinations
 * (values that occur in the data, anchored on a company so that most queries match something, and
 * random catalog values), random sort and paging. Every answer must be exactly the oracle's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FILTER_CATALOG,
  type FilterDef,
  type Filters,
  type FundingRoundsCondition,
  valuesAt,
} from '../../contract/filters';
import { REGIONS, regionAncestors } from '../../contract/geo';
import { SORT_BY } from '../../contract/list-params';
import { generateCompanies } from '../dataset/generate';
import type { CompanyRecord } from '../store/companies';
import { indexSourceRow } from '../store/companies';
import { matchesFilters, sortCompare } from './evaluate';
import { CompanyIndex, retrievalTuning, type SortSpec } from './index';

const COUNT = 3000;
const companies: CompanyRecord[] = [...generateCompanies({ seed: 7, count: COUNT })];

const rows = companies.map((c, i) => indexSourceRow(i, c));
const index = CompanyIndex.build(rows);
// The same companies, most of them loaded in bulk and the rest added one by one.
const grown = CompanyIndex.build(rows.slice(0, COUNT - 150));
for (const row of rows.slice(COUNT - 150)) grown.add(row);

// ---------------------------------------------------------------------------------------------
// Value pools: what occurs in the data, per filter key.

const held = (c: CompanyRecord, def: FilterDef) =>
  valuesAt((c.sections as unknown as Record<string, unknown>)[def.group], def.field);

const pools = new Map<string, (string | number | boolean)[]>();
for (const def of FILTER_CATALOG) {
  const seen = new Set<string | number | boolean>();
  for (const c of companies) for (const v of held(c, def)) seen.add(v);
  pools.set(def.key, [...seen].sort());
}
const allRounds = companies.flatMap((c) => c.sections.funding_detail.funding_rounds);
const investorPool = [...new Set(allRounds.flatMap((r) => r.investors.map((i) => i.uuid)))].sort();
const roundDates = [...new Set(allRounds.map((r) => r.date))].sort();
const roundAmounts = [
  ...new Set(allRounds.flatMap((r) => (r.amount_usd === null ? [] : [r.amount_usd]))),
].sort((a, b) => a - b);

function pick<T>(xs: readonly T[]): fc.Arbitrary<T> {
  return xs.length === 0 ? fc.constant(undefined as T) : fc.constantFrom(...xs);
}

/** A range around the anchor's value (or a random one from the pool): one bound, or both. */
function rangeArb<T extends string | number>(sorted: readonly T[], anchor: T | undefined) {
  if (sorted.length === 0) return fc.constant({});
  const at = anchor === undefined ? -1 : sorted.indexOf(anchor);
  const index = at >= 0 ? fc.oneof(fc.constant(at), fc.nat(sorted.length - 1)) : fc.nat(sorted.length - 1);
  return fc
    .tuple(index, fc.nat(sorted.length - 1), fc.constantFrom('gte', 'lte', 'both'))
    .map(([i, j, kind]) => {
      const a = sorted[Math.min(i, j)]!;
      const b = sorted[Math.max(i, j)]!;
      if (kind === 'gte') return { gte: sorted[i]! };
      if (kind === 'lte') return { lte: sorted[i]! };
      return { gte: a, lte: b };
    });
}

/** A phrase from a name: some consecutive words, re-cased, sometimes with the last letter cut off. */
function phraseArb(names: readonly string[]) {
  return fc
    .tuple(pick(names), fc.nat(), fc.nat(), fc.boolean(), fc.integer({ min: 0, max: 5 }))
    .map(([name, a, b, upper, mangle]) => {
      const words = String(name ?? 'nothing')
        .split(/\s+/)
        .filter(Boolean);
      if (words.length === 0) return 'nothing';
      const from = a % words.length;
      const to = from + 1 + (b % Math.min(3, words.length - from));
      let phrase = words.slice(from, to).join(' ');
      if (upper) phrase = phrase.toUpperCase();
      if (mangle === 0 && phrase.length > 2) phrase = phrase.slice(0, -1); // a partial last word
      if (mangle === 2 && phrase.length > 2) phrase = phrase.slice(1); // a partial first word
      if (mangle === 1) phrase = phrase.normalize('NFKD').replace(/\p{M}+/gu, ''); // accents dropped
      return phrase;
    });
}

function roundsArb(anchor: CompanyRecord): fc.Arbitrary<FundingRoundsCondition> {
  const rounds = anchor.sections.funding_detail.funding_rounds;
  const stages = (
    FILTER_CATALOG.find((f) => f.key === 'funding_detail.funding_overview.funding_stage')!.values ?? []
  ).map((v) => String(v.code));
  const base = rounds.length > 0 ? pick(rounds) : fc.constant(undefined);
  return fc
    .record({
      round: base,
      useRound: fc.boolean(),
      extraStage: fc.option(pick(stages)),
      useDate: fc.boolean(),
      useAmount: fc.boolean(),
      useInvestor: fc.boolean(),
      extraInvestor: fc.option(pick(investorPool)),
      lead: fc.constantFrom(undefined, 'actual' as const, true, false),
      dateRange: rangeArb(roundDates, undefined),
      amountRange: rangeArb(roundAmounts, undefined),
      investorIndex: fc.nat(),
    })
    .map((g) => {
      const c: FundingRoundsCondition = {};
      const r = g.round;
      if (g.useRound)
        c.round = [...new Set([...(r ? [r.round.code] : []), ...(g.extraStage ? [g.extraStage] : [])])];
      if (g.useDate) c.date = r ? { gte: r.date } : g.dateRange;
      if (g.useAmount) c.amount_usd = r?.amount_usd != null ? { lte: r.amount_usd } : g.amountRange;
      const uuids: string[] = [];
      const investor =
        r && r.investors.length > 0 ? r.investors[g.investorIndex % r.investors.length] : undefined;
      if (g.useInvestor && investor) uuids.push(investor.uuid);
      if (g.extraInvestor) uuids.push(g.extraInvestor);
      // 'actual': the lead flag the chosen investor really has in that round.
      const lead = g.lead === 'actual' ? investor?.lead_investor : g.lead;
      if (uuids.length > 0 || lead !== undefined) {
        if (uuids.length > 0) c['investors.uuid'] = uuids;
        if (lead !== undefined) c['investors.lead_investor'] = lead;
      }
      if (Object.keys(c).length === 0) c.round = r ? [r.round.code] : ['seed'];
      return c;
    });
}

function valueArb(def: FilterDef, anchor: CompanyRecord): fc.Arbitrary<unknown> {
  const own = held(anchor, def);
  const pool = pools.get(def.key)!;
  const catalog = (def.values ?? []).map((v) => v.code);
  const some = <T>(xs: readonly T[]) =>
    xs.length === 0
      ? fc.constant([] as T[])
      : fc.uniqueArray(fc.constantFrom(...xs), { minLength: 1, maxLength: 3 });
  switch (def.kind) {
    case 'boolean':
      return own.length > 0 ? fc.oneof(fc.constant(own[0]), fc.boolean()) : fc.boolean();
    case 'year_range':
    case 'int_range':
    case 'usd_range':
      return rangeArb(pool as number[], own[0] as number | undefined);
    case 'date_range':
      return rangeArb(pool as string[], own[0] as string | undefined);
    case 'funding_rounds':
      return roundsArb(anchor);
    case 'region': {
      const ancestors = regionAncestors(anchor.sections.location.hq.country.code);
      return fc.oneof(some(ancestors), some(REGIONS.map((r) => r.code)));
    }
    case 'naics':
    case 'sic': {
      const codes = (own.length > 0 ? own : pool).map(String);
      return fc
        .tuple(
          pick(codes),
          fc.integer({ min: 2, max: def.kind === 'naics' ? 6 : 4 }),
          fc.option(pick(pool.map(String))),
        )
        .map(([code, len, other]) => [
          ...new Set([String(code ?? '11').slice(0, len), ...(other ? [other] : [])]),
        ]);
    }
    case 'text':
      return fc.uniqueArray(fc.oneof(phraseArb(own.map(String)), phraseArb(pool.map(String))), {
        minLength: 1,
        maxLength: 2,
      });
    default:
      // Codes: the anchor's own, any in the data, any in the catalog (many match nothing).
      return fc.oneof(some(own), some(pool), some(catalog.length > 0 ? catalog : pool));
  }
}

const withRounds = companies.flatMap((c, i) =>
  c.sections.funding_detail.funding_rounds.length > 0 ? [i] : [],
);

const filtersArb: fc.Arbitrary<Filters> = fc
  .tuple(
    // The company the values are drawn from; often one with funding rounds, which most filters touch.
    fc.oneof(fc.nat(COUNT - 1), fc.constantFrom(...withRounds)),
    fc.uniqueArray(fc.constantFrom(...FILTER_CATALOG), {
      minLength: 1,
      maxLength: 4,
      selector: (d) => d.key,
    }),
    fc.option(fc.constantFrom(...FILTER_CATALOG.filter((d) => d.values || d.kind === 'text'))),
  )
  .chain(([anchorIdx, defs, emptyKey]) =>
    fc.tuple(...defs.map((d) => valueArb(d, companies[anchorIdx]!))).map((values) => {
      const filters: Record<string, unknown> = {};
      defs.forEach((d, i) => {
        const v = values[i];
        if (v !== undefined) filters[d.key] = v;
      });
      // Now and then an empty array, which is ignored.
      if (emptyKey && !(emptyKey.key in filters)) filters[emptyKey.key] = [];
      return filters as Filters;
    }),
  );

const sortArb: fc.Arbitrary<SortSpec> = fc.record({
  by: fc.constantFrom(...SORT_BY),
  order: fc.constantFrom('asc' as const, 'desc' as const),
});

const pageArb = fc.record({
  offset: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 499 })),
  limit: fc.oneof(fc.constant(50), fc.integer({ min: 1, max: 500 })),
});

function oracle(filters: Filters, sort: SortSpec) {
  return companies.filter((c) => matchesFilters(c.sections, filters)).sort((a, b) => sortCompare(a, b, sort));
}

describe('query index vs naive evaluator (generated data, seed 7)', () => {
  it('holds the rows the store would write', () => {
    expect(index.size).toBe(COUNT);
    expect(index.uuidAt(0)).toBe(companies[0]!.uuid);
  });

  it('answers random filters, sorts and pages exactly like the oracle', () => {
    let nonEmpty = 0;
    let capped = 0;
    fc.assert(
      fc.property(filtersArb, sortArb, pageArb, (filters, sort, page) => {
        const expected = oracle(filters, sort);
        const total = Math.min(expected.length, 500);
        const want = expected.slice(page.offset, Math.min(page.offset + page.limit, 500)).map((c) => c.uuid);
        for (const idx of [index, grown]) {
          const got = idx.search(filters, sort, page);
          expect({ total: got.total, uuids: got.positions.map((p) => idx.uuidAt(p)) }).toEqual({
            total,
            uuids: want,
          });
        }
        if (expected.length > 0) nonEmpty++;
        if (expected.length > 500) capped++;
      }),
      { numRuns: 800, seed: 20260601 },
    );
    // The generator must produce meaningful queries, not only empty answers.
    expect(nonEmpty).toBeGreaterThan(400);
    expect(capped).toBeGreaterThan(40);
  }, 60_000);

  it('answers the same when expensive clauses are tested along the order, or that walk gives up', () => {
    const saved = { ...retrievalTuning };
    try {
      fc.assert(
        fc.property(filtersArb, sortArb, pageArb, fc.boolean(), (filters, sort, page, giveUp) => {
          Object.assign(retrievalTuning, { lazyWalk: 'always', lazyBudgetFactor: giveUp ? 0.01 : 1e9 });
          const expected = oracle(filters, sort);
          const got = index.search(filters, sort, page);
          expect({ total: got.total, uuids: got.positions.map((p) => index.uuidAt(p)) }).toEqual({
            total: Math.min(expected.length, 500),
            uuids: expected.slice(page.offset, Math.min(page.offset + page.limit, 500)).map((c) => c.uuid),
          });
        }),
        { numRuns: 300, seed: 99 },
      );
    } finally {
      Object.assign(retrievalTuning, saved);
    }
  }, 60_000);

  it('answers a range on the sort key itself (one stretch of the order) like the oracle', () => {
    const onSortKey = [
      ['founded_year', 'firmographic.founded_year'],
      ['total_funding', 'funding_detail.funding_overview.total_funding_usd'],
    ] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...onSortKey),
        fc.constantFrom('asc' as const, 'desc' as const),
        fc.nat(COUNT - 1),
        filtersArb,
        fc.boolean(),
        pageArb,
        ([by, key], order, anchor, more, withMore, page) => {
          const def = FILTER_CATALOG.find((d) => d.key === key)!;
          const range = fc.sample(valueArb(def, companies[anchor]!), { numRuns: 1, seed: anchor })[0];
          const filters = { ...(withMore ? more : {}), [key]: range } as Filters;
          const sort: SortSpec = { by, order };
          const expected = oracle(filters, sort);
          for (const idx of [index, grown]) {
            const got = idx.search(filters, sort, page);
            expect({ total: got.total, uuids: got.positions.map((p) => idx.uuidAt(p)) }).toEqual({
              total: Math.min(expected.length, 500),
              uuids: expected.slice(page.offset, Math.min(page.offset + page.limit, 500)).map((c) => c.uuid),
            });
          }
        },
      ),
      { numRuns: 300, seed: 5 },
    );
  }, 60_000);

  it('answers single-round conditions (joint per round) like the oracle', () => {
    const roundsDef = FILTER_CATALOG.find((d) => d.kind === 'funding_rounds')!;
    let nonEmpty = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...withRounds).chain((i) => valueArb(roundsDef, companies[i]!)),
        sortArb,
        (cond, sort) => {
          const filters = { 'funding_detail.funding_rounds': cond } as Filters;
          const expected = oracle(filters, sort);
          const got = index.search(filters, sort, { offset: 0, limit: 500 });
          expect({ total: got.total, uuids: got.positions.map((p) => index.uuidAt(p)) }).toEqual({
            total: Math.min(expected.length, 500),
            uuids: expected.slice(0, 500).map((c) => c.uuid),
          });
          if (expected.length > 0) nonEmpty++;
        },
      ),
      { numRuns: 300, seed: 42 },
    );
    expect(nonEmpty).toBeGreaterThan(150);
  }, 60_000);

  it('pages through every match of broad filters without overlap or gaps', () => {
    fc.assert(
      fc.property(filtersArb, sortArb, (filters, sort) => {
        const expected = oracle(filters, sort)
          .slice(0, 500)
          .map((c) => c.uuid);
        const seen: string[] = [];
        for (let offset = 0; offset < 500; offset += 37) {
          const page = index.search(filters, sort, { offset, limit: 37 });
          seen.push(...page.positions.map((p) => index.uuidAt(p)));
        }
        expect(seen).toEqual(expected);
      }),
      { numRuns: 40, seed: 7 },
    );
  }, 60_000);
});
