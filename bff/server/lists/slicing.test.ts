/**
 * The slicer against a counter over a plain list of companies: slices disjoint, each under 500,
 * together the list (docs/decisions/0026-counting-by-slices.md). The companies are spread unlike the
 * weights the slicer guesses with (a country of most of them, years bunched, other keys even), so a
 * wrong guess is shown to cost calls, never exactness; the cost bound, which rests on the weights, is
 * held on the embedded data set by count.http.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { FILTER_CATALOG, type Filters } from '../../contract/filters';
import { SLICE_KEYS } from './slice-keys';
import { sliceList } from './slicing';

type Company = Record<string, string | number | boolean>;

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const codes = (key: string) => (FILTER_CATALOG.find((d) => d.key === key)?.values ?? []).map((v) => v.code);

function companies(n: number, seed: number): Company[] {
  const r = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const countries = ['USA', 'DEU', 'FRA', 'BRA', 'KEN', 'NZL', 'ISL'];
  return Array.from({ length: n }, () => {
    const c: Company = {
      // Two in three in one country, where the weights say three in ten.
      'location.hq.country': r() < 0.66 ? 'DEU' : pick(countries),
      'firmographic.founded_year': r() < 0.5 ? 2021 : 1900 + Math.floor(r() * 126),
    };
    for (const key of SLICE_KEYS.slice(2)) {
      const values = codes(key);
      c[key] = values.length > 0 ? pick(values) : r() < 0.5;
    }
    return c;
  });
}

function matches(c: Company, filters: Filters): boolean {
  return Object.entries(filters).every(([key, want]) => {
    const v = c[key]!;
    if (Array.isArray(want)) return (want as unknown[]).includes(v);
    if (typeof want === 'object' && want !== null) {
      const { gte, lte } = want as { gte?: number; lte?: number };
      return (gte === undefined || (v as number) >= gte) && (lte === undefined || (v as number) <= lte);
    }
    return v === want;
  });
}

describe('sliceList', () => {
  for (const [n, filters] of [
    [12_000, {}],
    [6_000, { 'firmographic.founded_year': { gte: 1990 } }],
    [3_000, { 'location.hq.country': ['DEU', 'FRA'] }],
    [400, {}],
  ] as [number, Filters][]) {
    it(`cuts a list of ${n} companies (${JSON.stringify(filters)}) into disjoint slices under 500 that hold it whole`, async () => {
      const all = companies(n, n).filter((c) => matches(c, filters));
      let cost = 0;
      const countOf = async (f: Filters) => {
        const k = all.filter((c) => matches(c, f)).length;
        if (k > 0) cost += k >= 500 ? 1.7 : 1.5;
        return Math.min(k, 500);
      };
      const slices = await sliceList(filters, await countOf(filters), countOf);
      const seen = new Map<Company, number>();
      for (const s of slices) {
        expect(s.count).toBeLessThan(500);
        const members = all.filter((c) => matches(c, s.filters));
        expect(members.length).toBe(s.count);
        for (const c of members) seen.set(c, (seen.get(c) ?? 0) + 1);
      }
      expect(seen.size).toBe(all.length);
      expect([...seen.values()].every((k) => k === 1)).toBe(true);
      // Each slice that holds companies was one paid call (an empty one is free).
      expect(cost).toBeGreaterThanOrEqual(1.5 * slices.filter((x) => x.count > 0).length);
    });
  }

  it('stops before its next call once aborted', async () => {
    const all = companies(5000, 7);
    const ac = new AbortController();
    let calls = 0;
    const countOf = async (f: Filters) => {
      if (++calls === 3) ac.abort(new Error('gone'));
      return Math.min(all.filter((c) => matches(c, f)).length, 500);
    };
    await expect(sliceList({}, 500, countOf, { signal: ac.signal })).rejects.toThrow('gone');
    expect(calls).toBe(3);
  });
});
