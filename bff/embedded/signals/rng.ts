/**
 * Seeded randomness and time for the alternative signals. Every draw derives from (dataset seed,
 * company id, stream name[, item index]), so any page of any company's reviews or posts is computed
 * alone, in time proportional to the page, and is identical on every read; companies added later by
 * ingestion get signals the same way. Nothing reads the clock: dates hang off the dataset's "today".
 */
import { hashInts, hashString, Rng } from '../dataset/random';

/** The stream `name` of a company (by id) in dataset `seed`. */
export function signalRng(seed: number, uuid: string, stream: string): Rng {
  const u = hashString(uuid);
  return new Rng(hashInts(seed, u), hashString(stream), hashInts(u, seed, 0x2545f491));
}

/** The `index`-th item of a stream: random access, independent of the other items. */
export function itemRng(seed: number, uuid: string, stream: string, index: number): Rng {
  const u = hashString(uuid);
  return new Rng(hashInts(seed, u, index), hashString(stream), hashInts(index, u, seed));
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/**
 * A bijection of 0..n-1 (j -> (a*j + b) mod n with gcd(a, n) = 1): deals out a fixed multiset (the
 * stars of a distribution, the providers of a review list) over positions in random-looking order,
 * so that counts agree exactly while any position is computed alone.
 */
export class Shuffle {
  private readonly a: number;
  private readonly b: number;

  constructor(
    readonly n: number,
    rng: Rng,
  ) {
    let a = n > 2 ? rng.int(1, n - 1) : 1;
    for (let tries = 0; n > 1 && gcd(a, n) !== 1 && tries < 64; tries++) a = rng.int(1, n - 1);
    if (gcd(a, n) !== 1) a = 1;
    this.a = a;
    this.b = n > 0 ? rng.int(0, n - 1) : 0;
  }

  at(j: number): number {
    // a < n <= ~1e7, j < n: the product stays exact in a double.
    return (this.a * j + this.b) % this.n;
  }
}

/** Which block of consecutive counts holds position q: the block's index and q's offset inside it. */
export function blockOf(counts: readonly number[], q: number): { block: number; offset: number } {
  let start = 0;
  for (let i = 0; i < counts.length; i++) {
    const n = counts[i]!;
    if (q < start + n) return { block: i, offset: q - start };
    start += n;
  }
  return { block: counts.length - 1, offset: q - start };
}

export const DAY_MS = 86_400_000;

/** Midday UTC of a YYYY-MM-DD date. */
export function dayMs(date: string): number {
  return Date.parse(`${date}T12:00:00Z`);
}

export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * The time of item `i` of `total`, newest first, between `startMs` and `endMs`: position i maps
 * monotonically into the span with a jitter inside its own slot, so dates never go out of order.
 * With `recency` r > 1 the density falls linearly-ish towards the start (at the end it is r times
 * the average): activity grows with the company, without piling every item onto the last day.
 */
export function spreadTime(
  i: number,
  total: number,
  startMs: number,
  endMs: number,
  jitter: number,
  recency = 1.6,
): number {
  const span = Math.max(0, endMs - startMs);
  const p = Math.min(1, (i + Math.min(0.999, Math.max(0, jitter))) / Math.max(1, total));
  const back = 1 - (1 - p) ** (1 / recency);
  return Math.round(endMs - span * back);
}

/** Splits `total` over weights exactly (largest remainder), deterministic. */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + Math.max(0, w), 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  const raw = weights.map((w) => (Math.max(0, w) / sum) * total);
  const out = raw.map(Math.floor);
  let left = total - out.reduce((s, x) => s + x, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((x, y) => y[0] - x[0] || x[1] - y[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    out[i]! += 1;
    left--;
  }
  return out;
}
