import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortByValue } from './sort-orders';

/** Reference: positions with a value, by (value, place in tie order). */
function reference(values: number[], byTie: number[]): number[] {
  const tieRank = new Map(byTie.map((p, i) => [p, i]));
  return values
    .map((v, p) => ({ v, p }))
    .filter(({ v }) => !Number.isNaN(v))
    .sort((a, b) => (a.v !== b.v ? (a.v < b.v ? -1 : 1) : tieRank.get(a.p)! - tieRank.get(b.p)!))
    .map(({ p }) => p);
}

describe('sortByValue (radix sort of doubles)', () => {
  it('orders any doubles by value, ties in tie order, without NaN', () => {
    const value = fc.oneof(
      fc.double({ noNaN: false }),
      fc.constantFrom(0, -0, 1, -1, 2016, 2016.5, 1e12, -1e12, Number.MAX_VALUE, -Number.MIN_VALUE),
      fc.integer({ min: -5, max: 5 }),
    );
    fc.assert(
      fc.property(fc.array(value, { maxLength: 200 }), fc.boolean(), fc.nat(), (values, shuffled, seed) => {
        const n = values.length;
        const byTie = [...Array(n).keys()];
        if (shuffled)
          byTie.sort((a, b) => ((a * 7919 + seed) % 104729) - ((b * 7919 + seed) % 104729) || a - b);
        const got = sortByValue(Float64Array.from(values), n, Uint32Array.from(byTie));
        expect(Array.from(got)).toEqual(reference(values, byTie));
      }),
      { numRuns: 500 },
    );
  });

  it('defaults to ties by position', () => {
    expect(Array.from(sortByValue(Float64Array.from([3, 1, Number.NaN, 1, -0, 0]), 6))).toEqual([
      4, 5, 1, 3, 0,
    ]);
  });
});
