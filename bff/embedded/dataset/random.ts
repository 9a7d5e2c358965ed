/**
 * Seeded randomness for the dataset generator. Every draw comes from an `Rng` whose state is derived
 * from (seed, company index, stream name), so a company's facts never depend on which process or
 * worker generated it, nor on the companies generated before it. Never Math.random.
 */

/** 32-bit avalanche mix (the finaliser of MurmurHash3). */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a of a string, mixed; stable across platforms. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}

/**
 * A 52-bit hash of a string, exact in a double: lets a Set of a million names hold numbers instead of
 * strings (far less for the garbage collector to trace). Two strings share a hash with probability
 * ~1e-4 across a million; such a false clash only renames a company, deterministically.
 */
export function hash52(s: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i);
    a = Math.imul(a ^ ch, 0x01000193);
    b = Math.imul(b ^ ch, 0x5bd1e995) + i;
  }
  return fmix32(a) * 0x100000 + (fmix32(b) & 0xfffff);
}

/** A 32-bit hash of a few integers (order matters). */
export function hashInts(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const v of values) {
    h = fmix32((h ^ (v >>> 0)) + 0x7f4a7c15 + ((h << 6) >>> 0) + (h >>> 2));
  }
  return h;
}

const streamHashes = new Map<string, number>();

/** The value of `key`, created with `make` on first use. */
export function getOrCreate<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** sfc32: small, fast, good statistical quality; 128 bits of state. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seedA: number, seedB = 0, seedC = 0) {
    this.a = seedA >>> 0;
    this.b = seedB >>> 0;
    this.c = seedC >>> 0;
    this.d = 1;
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  /** The stream `name` of company `index` in dataset `seed`. */
  static for(seed: number, index: number, name: string): Rng {
    let nameHash = streamHashes.get(name);
    if (nameHash === undefined) {
      nameHash = hashString(name);
      if (streamHashes.size < 10_000) streamHashes.set(name, nameHash);
    }
    return new Rng(hashInts(seed, index), nameHash, hashInts(index, seed, 0x5bd1e995));
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(list: readonly T[]): T {
    if (list.length === 0) throw new RangeError('pick from an empty list');
    return list[Math.floor(this.next() * list.length)]!;
  }

  /** Index drawn with probability proportional to `weights` (non-negative, not all zero). */
  weightedIndex(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i]!;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }

  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    return items[this.weightedIndex(weights)]!;
  }

  /** Standard normal (Box-Muller). */
  normal(mean = 0, sd = 1): number {
    const u = 1 - this.next();
    const v = this.next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** `k` distinct items in random order (k is capped at the list length). */
  sample<T>(list: readonly T[], k: number): T[] {
    const copy = [...list];
    const n = Math.min(k, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  }

  /** `k` distinct items drawn with probability proportional to weight, in draw order. */
  weightedSample<T>(items: readonly T[], weights: readonly number[], k: number): T[] {
    const w = [...weights];
    const out: T[] = [];
    const n = Math.min(k, items.length);
    for (let i = 0; i < n; i++) {
      let total = 0;
      for (const x of w) total += x;
      if (total <= 0) break;
      const j = this.weightedIndex(w);
      out.push(items[j]!);
      w[j] = 0;
    }
    return out;
  }
}

/** Cumulative weights for fast repeated draws from a large fixed distribution. */
export class WeightedTable<T> {
  private readonly cumulative: Float64Array;
  readonly total: number;

  constructor(
    readonly items: readonly T[],
    weights: readonly number[],
  ) {
    this.cumulative = new Float64Array(items.length);
    let sum = 0;
    weights.forEach((w, i) => {
      sum += Math.max(0, w);
      this.cumulative[i] = sum;
    });
    this.total = sum;
  }

  draw(rng: Rng): T {
    return this.items[this.indexAt(rng.next())]!;
  }

  private indexAt(u: number): number {
    const target = u * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
