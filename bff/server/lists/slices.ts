/**
 * Where the companies of some size bands lie in a list ordered by `employee_range`
 * (docs/decisions/0011-company-size-and-exclusions.md). The band is a function of the employee
 * count that order sorts by, and companies without a count come last in both directions, so the
 * companies of a run of adjacent bands are one contiguous stretch of each order: its two ends are
 * found by binary search with one-company probes. The service serves only the first 500 positions
 * of an order; a stretch is served from whichever order holds it whole within them.
 */

import { HEADCOUNT_RANGES } from '../../contract/enums';
import { LIST_TOTAL_CAP, type SortOrder } from '../../contract/list-params';
import type { BandRun } from '../../contract/list-rules';

/** A probe's reading: the band's index in HEADCOUNT_RANGES (0..7), or one of these. */
export const NO_BAND = HEADCOUNT_RANGES.length;
/** The position is past the list's end. */
export const PAST_END = NO_BAND + 1;

/** What one probe learns: the band at a position of an order, and the list's size (capped at 500). */
export type ProbeReading = { band: number; total: number };
export type Probe = (order: SortOrder, position: number) => Promise<ProbeReading>;

/** What is already known of the list (the cache): its size and readings, `order:position` -> band. */
export type Known = { total?: number; readings: ReadonlyMap<string, number> };

/** A run's companies: positions [start, end) of `order`. */
export type Slice = { run: BandRun; order: SortOrder; start: number; end: number };

export type SliceResult =
  | { kind: 'slices'; slices: Slice[]; size: number; listTotal: number }
  /** A run lies out of reach of the 500 served in both orders. */
  | { kind: 'out_of_reach'; run: BandRun; listTotal: number };

const LAST = LIST_TOTAL_CAP - 1;
const other = (o: SortOrder): SortOrder => (o === 'asc' ? 'desc' : 'asc');

/** A band's rank along an order: ascending bands in `asc`, descending in `desc`; no band last in both. */
export function rankIn(order: SortOrder, band: number): number {
  if (band >= NO_BAND) return band;
  return order === 'asc' ? band : NO_BAND - 1 - band;
}

/** A run's bands as ranks along an order: [lo, hi]. */
function runIn(order: SortOrder, run: BandRun): [number, number] {
  return order === 'asc' ? [run.lo, run.hi] : [rankIn('desc', run.hi), rankIn('desc', run.lo)];
}

/**
 * The slices of `runs`, in `direction` (the runs' order in the answer: smallest bands first when
 * ascending), each from `direction` when it lies there within reach, else from the other order.
 * Probes cost credits: known readings narrow every search first.
 */
export async function findSlices(
  runs: readonly BandRun[],
  direction: SortOrder,
  probe: Probe,
  known: Known = { readings: new Map() },
): Promise<SliceResult> {
  const seen = new Map(known.readings);
  let total = known.total;
  const read = async (order: SortOrder, position: number): Promise<number> => {
    if (total !== undefined && position >= total) return PAST_END;
    const k = `${order}:${position}`;
    const cached = seen.get(k);
    if (cached !== undefined) return cached;
    const r = await probe(order, position);
    total = r.total;
    seen.set(k, r.band);
    return r.band;
  };

  // The last reachable position: says the list's size, and, when the list is longer than the 500
  // served, whether a stretch ends within reach of this order.
  if (total === undefined) await read(direction, LAST);
  const listTotal = total ?? 0;

  /** The first position in [a, b] where `pred` holds, `pred(b)` being true. */
  const firstTrue = async (order: SortOrder, pred: (rank: number) => boolean, a0: number, b0: number) => {
    let a = a0;
    let b = b0;
    for (const [k, band] of seen) {
      const [o, p] = k.split(':') as [SortOrder, string];
      const pos = Number(p);
      if (o !== order || pos < a || pos > b) continue;
      if (pred(rankIn(order, band))) b = Math.min(b, pos);
      else a = Math.max(a, pos + 1);
    }
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (pred(rankIn(order, await read(order, mid)))) b = mid;
      else a = mid + 1;
    }
    return a;
  };

  const ordered = direction === 'asc' ? [...runs] : [...runs].reverse();
  const slices: Slice[] = [];
  for (const run of ordered) {
    let found: Slice | undefined;
    for (const order of [direction, other(direction)]) {
      const [lo, hi] = runIn(order, run);
      let bound: number;
      if (listTotal < LIST_TOTAL_CAP) bound = listTotal;
      else if (rankIn(order, await read(order, LAST)) > hi) bound = LAST;
      else continue; // the stretch may go on past the 500th position: not whole within reach
      const start = await firstTrue(order, (r) => r >= lo, 0, bound);
      const end = await firstTrue(order, (r) => r > hi, start, bound);
      found = { run, order, start, end };
      break;
    }
    if (!found) return { kind: 'out_of_reach', run, listTotal };
    slices.push(found);
  }
  return { kind: 'slices', slices, size: slices.reduce((n, s) => n + s.end - s.start, 0), listTotal };
}
