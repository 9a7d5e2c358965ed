import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HEADCOUNT_RANGES, headcountRangeOf } from '../../contract/enums';
import { LIST_TOTAL_CAP, type SortOrder } from '../../contract/list-params';
import { bandRuns, PROBES_PER_RUN } from '../../contract/list-rules';
import { findSlices, NO_BAND, PAST_END, type Probe } from './slices';

type Company = { uuid: string; employees: number | null };

/** The service's employee order: by count, missing counts last either way, ties by uuid. */
function order(list: readonly Company[], o: SortOrder): Company[] {
  return [...list].sort((a, b) => {
    if (a.employees === null && b.employees !== null) return 1;
    if (a.employees !== null && b.employees === null) return -1;
    if (a.employees !== null && b.employees !== null && a.employees !== b.employees)
      return o === 'asc' ? a.employees - b.employees : b.employees - a.employees;
    return a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0;
  });
}

const bandOf = (c: Company) =>
  c.employees === null ? NO_BAND : HEADCOUNT_RANGES.indexOf(headcountRangeOf(c.employees));

/** A probe over a synthetic list that refuses what the service refuses: a position past 499. */
function service(list: readonly Company[]) {
  const orders = { asc: order(list, 'asc'), desc: order(list, 'desc') };
  const calls: string[] = [];
  const probe: Probe = async (o, position) => {
    if (position < 0 || position >= LIST_TOTAL_CAP) throw new Error(`offset ${position} is not served`);
    calls.push(`${o}:${position}`);
    const c = orders[o][position];
    return { band: c ? bandOf(c) : PAST_END, total: Math.min(list.length, LIST_TOTAL_CAP) };
  };
  return { orders, probe, calls };
}

const company = fc.record({
  uuid: fc.string({ minLength: 6, maxLength: 6, unit: fc.constantFrom(...'0123456789abcdef') }),
  // Counts that fall in every band, many ties, and some companies without a count.
  employees: fc.oneof(
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 6, arbitrary: fc.integer({ min: 1, max: 60 }) },
    { weight: 4, arbitrary: fc.integer({ min: 1, max: 20_000 }) },
  ),
});

const bandSet = fc.subarray([...HEADCOUNT_RANGES], { minLength: 1 });

describe('findSlices', () => {
  it('finds exactly the companies of each run of bands, from an order that holds them within the 500 served, or says none does', async () => {
    const seen = { long: 0, outOfReach: 0, otherOrder: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(company, { maxLength: 1300, size: 'max', selector: (c) => c.uuid }),
        bandSet,
        fc.constantFrom<SortOrder>('asc', 'desc'),
        async (list, bands, direction) => {
          const { orders, probe, calls } = service(list);
          const runs = bandRuns(bands);
          const result = await findSlices(runs, direction, probe);
          if (list.length >= LIST_TOTAL_CAP) seen.long++;
          expect(calls.length).toBeLessThanOrEqual(runs.length * PROBES_PER_RUN);

          const inRun = (lo: number, hi: number) => (c: Company) => bandOf(c) >= lo && bandOf(c) <= hi;
          const reachable = (o: SortOrder, lo: number, hi: number) => {
            const rank = (c: Company) =>
              bandOf(c) === NO_BAND ? NO_BAND : o === 'asc' ? bandOf(c) : NO_BAND - 1 - bandOf(c);
            const limit = o === 'asc' ? hi : NO_BAND - 1 - lo;
            const beyond = orders[o].findIndex((c) => rank(c) > limit);
            const end = beyond === -1 ? list.length : beyond;
            return list.length < LIST_TOTAL_CAP || end < LIST_TOTAL_CAP;
          };
          const expectedOrders = runs.map((r) =>
            [direction, direction === 'asc' ? 'desc' : 'asc'].find((o) =>
              reachable(o as SortOrder, r.lo, r.hi),
            ),
          );
          if (result.kind === 'out_of_reach') {
            seen.outOfReach++;
            const i = runs.indexOf(result.run);
            expect(expectedOrders[i]).toBeUndefined();
            expect(list.length).toBeGreaterThanOrEqual(LIST_TOTAL_CAP);
            return;
          }
          expect(expectedOrders.every((o) => o !== undefined)).toBe(true);
          const inDirection = direction === 'asc' ? runs : [...runs].reverse();
          result.slices.forEach((s, i) => {
            const run = inDirection[i]!;
            expect(s.run).toEqual(run);
            expect(s.order).toBe(expectedOrders[runs.indexOf(run)]);
            if (s.order !== direction) seen.otherOrder++;
            expect(s.end).toBeLessThanOrEqual(LIST_TOTAL_CAP);
            const got = orders[s.order].slice(s.start, s.end).map((c) => c.uuid);
            const want = orders[s.order].filter(inRun(run.lo, run.hi)).map((c) => c.uuid);
            expect(got).toEqual(want);
          });
          expect(result.size).toBe(list.filter((c) => runs.some((r) => inRun(r.lo, r.hi)(c))).length);
        },
      ),
      { numRuns: 300 },
    );
    // The interesting cases did come up: lists past the 500 served, stretches only the other order
    // reaches, and stretches out of reach of both.
    expect(seen.long).toBeGreaterThan(30);
    expect(seen.otherOrder).toBeGreaterThan(5);
    expect(seen.outOfReach).toBeGreaterThan(5);
  });

  it('makes no probe at all when the readings are known', async () => {
    const list: Company[] = Array.from({ length: 900 }, (_, i) => ({
      uuid: `c${String(i).padStart(4, '0')}`,
      employees: i % 97 === 0 ? null : ((i * 7919) % 15_000) + 1,
    }));
    const first = service(list);
    const readings = new Map<string, number>();
    let total: number | undefined;
    const recording: Probe = async (o, p) => {
      const r = await first.probe(o, p);
      readings.set(`${o}:${p}`, r.band);
      total = r.total;
      return r;
    };
    const runs = bandRuns(['1-10', '1001-5000', '5001-10000']);
    const a = await findSlices(runs, 'desc', recording);
    expect(first.calls.length).toBeGreaterThan(0);
    const again = service(list);
    const b = await findSlices(runs, 'desc', again.probe, { total: total!, readings });
    expect(again.calls).toEqual([]);
    expect(b).toEqual(a);
  });

  it('an empty list costs one probe and has empty slices', async () => {
    const { probe, calls } = service([]);
    const r = await findSlices(bandRuns(['11-50', '10001+']), 'asc', probe);
    expect(calls).toHaveLength(1);
    expect(r).toMatchObject({ kind: 'slices', size: 0 });
  });
});
