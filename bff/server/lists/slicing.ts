/**
 * A list cut into slices the service counts exactly (docs/decisions/0026-counting-by-slices.md): the
 * service counts a list only to 500, but a list of fewer is counted exactly, so a list of more is cut
 * by the values of a slicing key (./slice-keys.ts) into slices of fewer than 500 each, and their counts
 * summed. Slices of one key's values are disjoint and hold every company of the list (every company
 * holds exactly one value of a slicing key), so the sum is the list's size.
 *
 * A call that counts a slice of fewer than 500 costs the list's base price, one that finds 500 or
 * more a little more and is wasted, and one that matches nothing is free: slices are packed close to
 * `TARGET` companies by the key's weights, scaled by what the slices counted so far tell of this
 * list, so few calls are wasted and few slices are needed. A value that surely holds 500 or more
 * (by that estimate) is cut by the next key without being asked first.
 */
import type { Filters } from '../../contract/filters';
import { LIST_TOTAL_CAP } from '../../contract/list-params';
import {
  isOrdered,
  narrowed,
  SLICE_KEYS,
  type SliceKey,
  valuesUnder,
  type WeightedValue,
} from './slice-keys';

/** The service's count of a slice's filters: its `total_count` (500 meaning "500 or more"). */
export type CountSlice = (filters: Filters) => Promise<number>;

/** A slice of the list: its filters, and its exact count (under 500). */
export type CountedSlice = { filters: Filters; count: number };

/** Companies a slice is packed to by the estimate: below 500 with room for the estimate's error. */
export const TARGET = 450;
/** A single value estimated at this many or more is cut further without being counted first. */
const SURE = 1.6 * LIST_TOTAL_CAP;
/** Before a list has told its density, the first slice takes this share of the key's weight. */
const FIRST_SHARE = 1 / 64;
/** The companies counted before the observed density is trusted over the prior alone. */
const TRUSTED = 30;
/** How many companies' worth of evidence the estimate handed down from the parent slice is given. */
const PRIOR_COMPANIES = 150;

/** A slice of 500 or more that no slicing key cuts further: it cannot be counted exactly. */
export class CannotSlice extends Error {
  constructor(readonly filters: Filters) {
    super('A slice of 500 or more companies fixes every slicing key: it cannot be cut further.');
  }
}

export type SliceOptions = {
  /** Aborted: no further call is made (`signal.reason` is thrown). */
  signal?: AbortSignal | undefined;
  /** Each slice as it is counted; awaited before the next call (it may make calls of its own, or throw to stop). */
  onSlice?: ((slice: CountedSlice) => void | Promise<void>) | undefined;
};

/**
 * The slices of a list whose `total_count` was `total`, in the order they were counted: one (the
 * list itself) under 500, else slices of fewer than 500 each, disjoint and together the list.
 */
export async function sliceList(
  filters: Filters,
  total: number,
  countOf: CountSlice,
  opts: SliceOptions = {},
): Promise<CountedSlice[]> {
  const slices: CountedSlice[] = [];
  const found = async (s: CountedSlice) => {
    slices.push(s);
    await opts.onSlice?.(s);
  };
  if (total < LIST_TOTAL_CAP) {
    await found({ filters, count: total });
    return slices;
  }
  await cut(filters, 0, undefined, countOf, opts.signal, found);
  return slices;
}

/** The first slicing key from `from` on that has two values or more under `filters`. */
function nextKey(
  filters: Filters,
  from: number,
): { at: number; key: SliceKey; values: WeightedValue[] } | null {
  for (let at = from; at < SLICE_KEYS.length; at++) {
    const key = SLICE_KEYS[at]!;
    const values = valuesUnder(filters, key);
    if (values.length >= 2) return { at, key, values };
  }
  return null;
}

/**
 * Cuts a list of 500 or more (`estimate`: its size as guessed, when there is a guess) by its next
 * slicing key; returns the companies it counted.
 */
async function cut(
  filters: Filters,
  from: number,
  estimate: number | undefined,
  countOf: CountSlice,
  signal: AbortSignal | undefined,
  found: (s: CountedSlice) => Promise<void>,
): Promise<number> {
  const next = nextKey(filters, from);
  if (!next) throw new CannotSlice(filters);
  const { at, key, values } = next;
  const totalWeight = values.reduce((s, v) => s + v.weight, 0);
  const prior = estimate === undefined ? undefined : estimate / totalWeight;
  // Lightest first: while the density is being learned, a wrong guess costs little. An ordered
  // key's values stay in their order, so that each group is a run of adjacent values.
  const pending = isOrdered(key) ? [...values] : [...values].reverse();
  let counted = 0;
  let countedWeight = 0;
  /** Companies per unit of weight that an overflowing group showed the list has at least. */
  let floor = 0;
  let firstShare = FIRST_SHARE;

  const density = (): number | undefined => {
    let d: number | undefined;
    if (prior !== undefined)
      d = (counted + PRIOR_COMPANIES) / (countedWeight + PRIOR_COMPANIES / Math.max(prior, 1e-9));
    else if (counted >= TRUSTED) d = counted / countedWeight;
    return d === undefined ? (floor > 0 ? floor : undefined) : Math.max(d, floor);
  };

  while (pending.length > 0) {
    signal?.throwIfAborted();
    const d = density();
    const group: WeightedValue[] = [];
    let weight = 0;
    const room = d === undefined ? firstShare * totalWeight : TARGET / d;
    while (pending.length > 0 && (group.length === 0 || weight + pending[0]!.weight <= room)) {
      const v = pending.shift()!;
      group.push(v);
      weight += v.weight;
    }
    if (d === undefined) firstShare *= 2;
    const sliceFilters = narrowed(
      filters,
      key,
      group.map((v) => v.value),
    );
    if (group.length === 1 && d !== undefined && d * weight >= SURE) {
      counted += await cut(sliceFilters, at + 1, d * weight, countOf, signal, found);
      countedWeight += weight;
      continue;
    }
    const n = await countOf(sliceFilters);
    if (n < LIST_TOTAL_CAP) {
      await found({ filters: sliceFilters, count: n });
      counted += n;
      countedWeight += weight;
    } else if (group.length > 1) {
      // 500 or more: the group goes back, and the next is cut smaller.
      pending.unshift(...group);
      floor = Math.max(floor, (1.25 * LIST_TOTAL_CAP) / weight);
    } else {
      counted += await cut(
        sliceFilters,
        at + 1,
        Math.max(d === undefined ? 0 : d * weight, 1.25 * LIST_TOTAL_CAP),
        countOf,
        signal,
        found,
      );
      countedWeight += weight;
    }
  }
  return counted;
}
