/**
 * Sets of companies during a query, the compiled form of one filter key (a clause), and the planner
 * that intersects the clauses (AND across keys).
 *
 * Each clause can either be materialised as a set, or test one company at a time. The planner starts
 * from the smallest clause and, for each further clause, picks whichever is cheaper for the set in
 * hand: testing its members one by one, or materialising the clause and intersecting.
 */
import type { SortBy } from '../../contract/list-params';
import { bitsToList, lowerBound, type Posting, popcount, popcount32 } from './postings';

export type DocSet =
  | { kind: 'all' }
  /** Sorted, unique positions. */
  | { kind: 'list'; ids: Uint32Array }
  /** `owned: false` borrows a posting's bitmap, which must not be written. */
  | { kind: 'bits'; words: Uint32Array; count: number; owned: boolean };

export type Clause = {
  /** Upper bound of the number of matching companies (exact for most clauses). */
  estimate: number;
  /**
   * Relative cost of `test` for one company. Units: 1 = one probe of a bitmap that sits in cache
   * (about 1.5 ns); a random read of a large per-company column is about 10.
   */
  testCost: number;
  /** Relative cost of `materialize`. */
  materializeCost: number;
  test: (p: number) => boolean;
  materialize: () => DocSet;
  /** Set when the clause is an inclusive range over a sort key's own values. */
  sortRange?: { by: SortBy; lo: number; hi: number };
};

/** Cost of one word in a sequential bitmap loop (AND, OR, popcount). */
export const WORD_COST = 0.75;
/** Cost of marking one listed position in a bitmap. */
export const MARK_COST = 2;

const EMPTY_SET: DocSet = { kind: 'list', ids: new Uint32Array(0) };

export const EMPTY_CLAUSE: Clause = {
  estimate: 0,
  testCost: 0,
  materializeCost: 0,
  test: () => false,
  materialize: () => EMPTY_SET,
};

export type Space = {
  /** Number of companies. */
  size: number;
  /** Word length of every bitmap. */
  wordCap: number;
  /** Buffers for the sets of one query. */
  scratch: Scratch;
};

/** Buffers kept for reuse across queries. */
const MAX_FREE_BUFFERS = 32;

/**
 * Bitmap-sized buffers reused from query to query. A query at 1M companies needs a few 125 KB
 * bitmaps; allocating them afresh each time drives the collector into full collections of a large
 * heap (tens of milliseconds), so a query takes its buffers here and `release` hands them all back
 * when it is done (queries are synchronous: nothing outlives `search`).
 */
export class Scratch {
  private readonly free: Uint32Array[] = [];
  private readonly taken: Uint32Array[] = [];

  constructor(private readonly wordCount: () => number) {}

  /** A buffer of one bitmap's length, zeroed unless `zeroed` is false. */
  words(zeroed = true): Uint32Array {
    const n = this.wordCount();
    let b = this.free.pop();
    while (b && b.length !== n) b = this.free.pop();
    if (!b) b = new Uint32Array(n);
    else if (zeroed) b.fill(0);
    this.taken.push(b);
    return b;
  }

  /** Room for `n` positions (contents undefined). */
  list(n: number): Uint32Array {
    if (n <= this.wordCount()) return this.words(false).subarray(0, n);
    return new Uint32Array(n);
  }

  /** A writable copy of a bitmap. */
  copy(words: Uint32Array): Uint32Array {
    const b = this.words(false);
    b.set(words);
    return b;
  }

  release(): void {
    for (const b of this.taken) if (this.free.length < MAX_FREE_BUFFERS) this.free.push(b);
    this.taken.length = 0;
  }
}

export function docSetCount(s: DocSet, space: Space): number {
  if (s.kind === 'all') return space.size;
  if (s.kind === 'list') return s.ids.length;
  return s.count;
}

export function docSetHas(s: DocSet, p: number): boolean {
  if (s.kind === 'all') return true;
  if (s.kind === 'bits') return ((s.words[p >>> 5]! >>> (p & 31)) & 1) === 1;
  const i = lowerBound(s.ids, p);
  return i < s.ids.length && s.ids[i] === p;
}

/** Sorts in place and drops duplicates. */
export function sortedUnique(a: Uint32Array): Uint32Array {
  if (a.length < 2) return a;
  a.sort();
  let k = 1;
  for (let i = 1; i < a.length; i++) {
    if (a[i] !== a[k - 1]) a[k++] = a[i]!;
  }
  return a.subarray(0, k);
}

/** A set from positions in any order, possibly repeated: a list when small, a bitmap when large. */
export function setFromPositions(positions: Uint32Array, space: Space): DocSet {
  if (positions.length * 32 <= space.size) return { kind: 'list', ids: sortedUnique(positions) };
  const words = space.scratch.words();
  let count = 0;
  for (let i = 0; i < positions.length; i++) {
    const p = positions[i]!;
    const w = p >>> 5;
    const m = 1 << (p & 31);
    if ((words[w]! & m) === 0) {
      words[w]! |= m;
      count++;
    }
  }
  return { kind: 'bits', words, count, owned: true };
}

/** The union of postings (OR within a key). */
function unionPostings(postings: readonly Posting[], space: Space): DocSet {
  if (postings.length === 0) return EMPTY_SET;
  if (postings.length === 1) {
    const p = postings[0]!;
    if (p.bits) return { kind: 'bits', words: p.bits, count: p.count, owned: false };
    return { kind: 'list', ids: p.list!.subarray(0, p.count) };
  }
  let total = 0;
  let anyBits = false;
  for (const p of postings) {
    total += p.count;
    if (p.bits) anyBits = true;
  }
  if (!anyBits && total * 32 <= space.size) {
    const all = space.scratch.list(total);
    let k = 0;
    for (const p of postings) {
      all.set(p.list!.subarray(0, p.count), k);
      k += p.count;
    }
    return { kind: 'list', ids: sortedUnique(all) };
  }
  const words = space.scratch.words();
  for (const p of postings) {
    if (p.bits) {
      const b = p.bits;
      for (let i = 0; i < words.length; i++) words[i]! |= b[i]!;
    } else {
      const list = p.list!;
      for (let i = 0; i < p.count; i++) {
        const q = list[i]!;
        words[q >>> 5]! |= 1 << (q & 31);
      }
    }
  }
  return { kind: 'bits', words, count: popcount(words), owned: true };
}

/** A clause matching any of the postings. */
export function postingsClause(postings: readonly Posting[], space: Space): Clause {
  const nonEmpty = postings.filter((p) => p.count > 0);
  if (nonEmpty.length === 0) return EMPTY_CLAUSE;
  let estimate = 0;
  let testCost = 0;
  let materializeCost = 0;
  for (const p of nonEmpty) {
    estimate += p.count;
    testCost += p.testCost();
    materializeCost += p.bits ? space.wordCap * WORD_COST : p.count * MARK_COST;
  }
  if (nonEmpty.length === 1) {
    const only = nonEmpty[0]!;
    return {
      estimate,
      testCost,
      materializeCost: 0,
      test: (p) => only.has(p),
      materialize: () => unionPostings(nonEmpty, space),
    };
  }
  return {
    estimate: Math.min(estimate, space.size),
    testCost,
    materializeCost,
    test: (p) => {
      for (const posting of nonEmpty) if (posting.has(p)) return true;
      return false;
    },
    materialize: () => unionPostings(nonEmpty, space),
  };
}

function filterList(ids: Uint32Array, test: (p: number) => boolean, space: Space): Uint32Array {
  const out = space.scratch.list(ids.length);
  let k = 0;
  for (let i = 0; i < ids.length; i++) {
    const p = ids[i]!;
    if (test(p)) out[k++] = p;
  }
  return out.subarray(0, k);
}

function filterListByBits(ids: Uint32Array, words: Uint32Array, space: Space): Uint32Array {
  const out = space.scratch.list(ids.length);
  let k = 0;
  for (let i = 0; i < ids.length; i++) {
    const p = ids[i]!;
    if (((words[p >>> 5]! >>> (p & 31)) & 1) === 1) out[k++] = p;
  }
  return out.subarray(0, k);
}

function intersectLists(a: Uint32Array, b: Uint32Array, space: Space): Uint32Array {
  if (a.length > b.length) [a, b] = [b, a];
  const out = space.scratch.list(a.length);
  let k = 0;
  if (a.length * 16 < b.length) {
    // Galloping: a is much smaller; binary-search each of its members in the rest of b.
    let lo = 0;
    for (let i = 0; i < a.length && lo < b.length; i++) {
      const v = a[i]!;
      lo = lowerBound(b, v, lo);
      if (lo < b.length && b[lo] === v) out[k++] = v;
    }
  } else {
    let i = 0;
    let j = 0;
    while (i < a.length && j < b.length) {
      const x = a[i]!;
      const y = b[j]!;
      if (x < y) i++;
      else if (x > y) j++;
      else {
        out[k++] = x;
        i++;
        j++;
      }
    }
  }
  return out.subarray(0, k);
}

function andBits(
  cur: { words: Uint32Array; owned: boolean },
  other: Uint32Array,
  space: Space,
): { words: Uint32Array; count: number } {
  const a = cur.words;
  const words = cur.owned ? a : space.scratch.words(false);
  let count = 0;
  for (let i = 0; i < a.length; i++) {
    const w = a[i]! & other[i]!;
    words[i] = w;
    if (w !== 0) count += popcount32(w);
  }
  return { words, count };
}

/** Clears the bits of members failing `test`. */
function filterBits(
  cur: { words: Uint32Array; owned: boolean },
  test: (p: number) => boolean,
  space: Space,
): { words: Uint32Array; count: number } {
  const words = cur.owned ? cur.words : space.scratch.copy(cur.words);
  let count = 0;
  for (let i = 0; i < words.length; i++) {
    let w = words[i]!;
    if (w === 0) continue;
    let keep = w;
    while (w !== 0) {
      const t = w & -w;
      if (test((i << 5) | (31 - Math.clz32(t)))) count++;
      else keep ^= t;
      w ^= t;
    }
    words[i] = keep;
  }
  return { words, count };
}

/** A bitmap small enough is turned into a list, which later steps test member by member. */
function compactSet(s: DocSet, space: Space): DocSet {
  if (s.kind === 'bits' && s.count * 32 <= space.size) {
    return { kind: 'list', ids: bitsToList(s.words, s.count, space.scratch.list(s.count)) };
  }
  return s;
}

function narrow(cur: DocSet, c: Clause, space: Space): DocSet {
  if (cur.kind === 'all') return c.materialize();
  if (cur.kind === 'list') {
    const n = cur.ids.length;
    if (n * c.testCost <= c.materializeCost + n)
      return { kind: 'list', ids: filterList(cur.ids, c.test, space) };
    const m = c.materialize();
    if (m.kind === 'all') return cur;
    if (m.kind === 'list') return { kind: 'list', ids: intersectLists(cur.ids, m.ids, space) };
    return { kind: 'list', ids: filterListByBits(cur.ids, m.words, space) };
  }
  const scan = space.wordCap * WORD_COST;
  const testWay = scan * (cur.owned ? 1 : 2) + cur.count * c.testCost;
  const materializeWay = c.materializeCost + Math.min(scan * 2, c.estimate);
  if (testWay <= materializeWay) {
    const r = filterBits(cur, c.test, space);
    return { kind: 'bits', words: r.words, count: r.count, owned: true };
  }
  const m = c.materialize();
  if (m.kind === 'all') return cur;
  if (m.kind === 'list') return { kind: 'list', ids: filterListByBits(m.ids, cur.words, space) };
  const r = andBits(cur, m.words, space);
  return { kind: 'bits', words: r.words, count: r.count, owned: true };
}

/** AND of the clauses; no clause gives every company. */
export function intersectClauses(clauses: Clause[], space: Space): DocSet {
  if (clauses.length === 0) return { kind: 'all' };
  const ordered = [...clauses].sort((a, b) => a.estimate - b.estimate);
  if (ordered[0]!.estimate === 0) return EMPTY_SET;
  let cur = compactSet(ordered[0]!.materialize(), space);
  for (let i = 1; i < ordered.length; i++) {
    if (docSetCount(cur, space) === 0) return EMPTY_SET;
    cur = compactSet(narrow(cur, ordered[i]!, space), space);
  }
  return cur;
}
