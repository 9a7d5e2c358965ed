/**
 * Posting sets: the companies (dense positions 0..N-1) holding one filter value. A set is a sorted
 * Uint32Array of positions while it is sparse and a bitmap of N bits once it holds at least 1/32 of
 * the companies seen so far (where the bitmap becomes the smaller of the two).
 */

/** Fewer positions than this never become a bitmap: tiny data sets stay lists. */
const MIN_BITMAP_COUNT = 256;

export function popcount32(v: number): number {
  let x = v - ((v >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

export function popcount(words: Uint32Array, wordCount: number = words.length): number {
  let n = 0;
  for (let i = 0; i < wordCount; i++) {
    const w = words[i]!;
    if (w !== 0) n += popcount32(w);
  }
  return n;
}

/** The set bits of a bitmap as sorted positions. */
export function bitsToList(
  words: Uint32Array,
  count: number,
  out: Uint32Array = new Uint32Array(count),
): Uint32Array {
  let k = 0;
  for (let i = 0; i < words.length; i++) {
    let w = words[i]!;
    while (w !== 0) {
      const t = w & -w;
      out[k++] = (i << 5) | (31 - Math.clz32(t));
      w ^= t;
    }
  }
  return k === count ? out : out.subarray(0, k);
}

/** Index of the first element >= v in the sorted `a[lo, hi)`. */
export function lowerBound(a: Uint32Array, v: number, lo = 0, hi: number = a.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class Posting {
  count = 0;
  /** Sorted positions, `list[0, count)`, while sparse. */
  list: Uint32Array | null = new Uint32Array(2);
  /** Bitmap once dense (length: the arena's word capacity). */
  bits: Uint32Array | null = null;

  has(p: number): boolean {
    if (this.bits) return ((this.bits[p >>> 5]! >>> (p & 31)) & 1) === 1;
    const list = this.list!;
    const i = lowerBound(list, p, 0, this.count);
    return i < this.count && list[i] === p;
  }

  /** The positions as a sorted list (a view when sparse, a new array when dense). */
  positions(): Uint32Array {
    if (this.bits) return bitsToList(this.bits, this.count);
    return this.list!.subarray(0, this.count);
  }

  /** Relative cost of one membership test. */
  testCost(): number {
    return this.bits ? 1 : 1 + 2 * Math.log2(this.count + 1);
  }
}

/**
 * Owns every posting's bitmap so that all of them grow together: a bitmap always has `wordCap` words,
 * enough for every position the index holds.
 */
export class PostingArena {
  wordCap = 0;
  private readonly dense: Posting[] = [];

  /** Makes room for positions below `size`. */
  ensure(size: number): void {
    const need = (size + 31) >>> 5;
    if (need <= this.wordCap) return;
    const cap = Math.max(need, this.wordCap * 2, 64);
    for (const p of this.dense) {
      const next = new Uint32Array(cap);
      next.set(p.bits!);
      p.bits = next;
    }
    this.wordCap = cap;
  }

  /** Appends position `p`, larger than every position already in `posting`. */
  append(posting: Posting, p: number): void {
    if (posting.bits) {
      const w = p >>> 5;
      const m = 1 << (p & 31);
      if ((posting.bits[w]! & m) !== 0) return;
      posting.bits[w]! |= m;
      posting.count++;
      return;
    }
    let list = posting.list!;
    if (posting.count > 0 && list[posting.count - 1] === p) return;
    if (posting.count === list.length) {
      // Dense enough that a bitmap is no bigger than the list would be: switch.
      if (posting.count >= MIN_BITMAP_COUNT && posting.count * 32 >= p) {
        this.promote(posting);
        this.append(posting, p);
        return;
      }
      const next = new Uint32Array(list.length * 2);
      next.set(list);
      posting.list = list = next;
    }
    list[posting.count++] = p;
  }

  promote(posting: Posting): void {
    if (posting.bits) return;
    const bits = new Uint32Array(this.wordCap);
    const list = posting.list!;
    for (let i = 0; i < posting.count; i++) {
      const q = list[i]!;
      bits[q >>> 5]! |= 1 << (q & 31);
    }
    posting.bits = bits;
    posting.list = null;
    this.dense.push(posting);
  }

  /** Trims sparse lists to their size (after a bulk build). */
  compact(postings: Iterable<Posting>): void {
    for (const p of postings) {
      if (p.list && p.list.length > p.count) p.list = p.list.slice(0, p.count);
    }
  }

  /** Bytes held by the bitmaps. */
  bitmapBytes(): number {
    return this.dense.length * this.wordCap * 4;
  }
}
