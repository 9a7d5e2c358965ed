/**
 * The index of one filter key, by kind:
 * - `ValueKey`: one posting per distinct value (codes, countries, regions, booleans, AI levels);
 * - `PrefixKey`: the same, matched by code prefix (NAICS, SIC) over the sorted distinct codes;
 * - `TextKey`: one posting per distinct normalised name, matched by whole words through a word index
 *   of the distinct names;
 * - `RangeKey`: a scalar column plus its values sorted, for inclusive ranges.
 */

import type { Range } from '../../contract/filters';
import type { SortBy } from '../../contract/list-params';
import { normalizeText } from '../../contract/text';
import {
  type Clause,
  type DocSet,
  EMPTY_CLAUSE,
  MARK_COST,
  postingsClause,
  type Space,
  sortedUnique,
  WORD_COST,
} from './doc-sets';
import type { FacetValue } from './facets';
import { Posting, type PostingArena } from './postings';
import { sortByValue } from './sort-orders';
import { F64Vec, lowerBound, U32Vec, upperBound } from './vectors';

export class ValueKey {
  protected readonly ids = new Map<FacetValue, number>();
  protected readonly values: FacetValue[] = [];
  readonly postings: Posting[] = [];

  constructor(protected readonly arena: PostingArena) {}

  protected normalize(v: FacetValue): FacetValue {
    return v;
  }

  protected onNewValue(_id: number, _value: FacetValue): void {}

  add(p: number, values: readonly FacetValue[] | undefined): void {
    if (!values) return;
    for (const raw of values) {
      const v = this.normalize(raw);
      let id = this.ids.get(v);
      if (id === undefined) {
        id = this.values.length;
        this.ids.set(v, id);
        this.values.push(v);
        this.postings.push(new Posting());
        this.onNewValue(id, v);
      }
      this.arena.append(this.postings[id]!, p);
    }
  }

  get distinctCount(): number {
    return this.values.length;
  }

  /** Called once after a bulk load. */
  finish(): void {}

  compile(wanted: readonly FacetValue[], space: Space): Clause {
    const postings: Posting[] = [];
    for (const w of wanted) {
      const id = this.ids.get(w);
      if (id !== undefined) postings.push(this.postings[id]!);
    }
    return postingsClause(postings, space);
  }
}

/** Codes matched by prefix: `5112` matches `511210`. */
export class PrefixKey extends ValueKey {
  private sorted: { code: string; id: number }[] | null = null;

  protected override onNewValue(): void {
    this.sorted = null;
  }

  override compile(prefixes: readonly FacetValue[], space: Space): Clause {
    if (!this.sorted) {
      this.sorted = this.values
        .map((v, id) => ({ code: String(v), id }))
        .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
    }
    const sorted = this.sorted;
    const ids = new Set<number>();
    for (const raw of prefixes) {
      const prefix = String(raw);
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (sorted[mid]!.code < prefix) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < sorted.length && sorted[i]!.code.startsWith(prefix); i++) ids.add(sorted[i]!.id);
    }
    return postingsClause(
      [...ids].map((id) => this.postings[id]!),
      space,
    );
  }
}

/** A word in at least this many distinct names gets its own posting of companies. */
const FREQUENT_WORD = 32;

type Word = {
  /** Ids of the distinct names containing the word. */
  ids: number[];
  /** The companies holding any of those names, once the word is frequent. */
  posting: Posting | null;
};

/**
 * Free-text names: case- and accent-insensitive whole-word match (`containsWords`). A one-word phrase
 * is answered by its word's posting (or the few names holding it); a longer phrase checks the names
 * holding its rarest word and joins the postings of those that contain the whole phrase.
 */
export class TextKey extends ValueKey {
  private readonly words = new Map<string, Word>();
  /** Each distinct normalised name with a space either side, for whole-word `includes`. */
  private readonly padded: string[] = [];
  private live = false;

  protected override normalize(v: FacetValue): string {
    return normalizeText(String(v));
  }

  protected override onNewValue(id: number, value: FacetValue): void {
    const name = String(value);
    this.padded[id] = ` ${name} `;
    for (const word of distinctWords(name)) {
      let w = this.words.get(word);
      if (!w) {
        w = { ids: [], posting: null };
        this.words.set(word, w);
      }
      w.ids.push(id);
      if (this.live && !w.posting && w.ids.length >= FREQUENT_WORD) w.posting = this.unionOf(w.ids);
    }
  }

  /** Raw name -> id while bulk loading, so that a name seen before is not normalised again. */
  private readonly rawIds = new Map<FacetValue, number>();

  override add(p: number, values: readonly FacetValue[] | undefined): void {
    if (!values) return;
    for (const raw of values) {
      let id = this.rawIds.get(raw);
      if (id === undefined) {
        const v = this.normalize(raw);
        id = this.ids.get(v);
        if (id === undefined) {
          id = this.values.length;
          this.ids.set(v, id);
          this.values.push(v);
          this.postings.push(new Posting());
          this.onNewValue(id, v);
        }
        if (!this.live) this.rawIds.set(raw, id);
      }
      this.arena.append(this.postings[id]!, p);
    }
    if (!this.live) return;
    for (const raw of values) {
      for (const word of distinctWords(this.normalize(raw))) {
        const posting = this.words.get(word)?.posting;
        if (posting) this.arena.append(posting, p);
      }
    }
  }

  /** Gives frequent words their postings (after a bulk load); later additions keep them current. */
  override finish(): void {
    for (const w of this.words.values()) {
      if (w.ids.length >= FREQUENT_WORD) w.posting = this.unionOf(w.ids);
    }
    this.rawIds.clear();
    this.live = true;
  }

  private unionOf(ids: readonly number[]): Posting {
    let total = 0;
    for (const id of ids) total += this.postings[id]!.count;
    const all = new Uint32Array(total);
    let k = 0;
    for (const id of ids) {
      const posting = this.postings[id]!;
      if (posting.list) {
        const list = posting.list;
        for (let i = 0; i < posting.count; i++) all[k++] = list[i]!;
      } else {
        all.set(posting.positions(), k);
        k += posting.count;
      }
    }
    const posting = new Posting();
    for (const p of sortedUnique(all)) this.arena.append(posting, p);
    return posting;
  }

  override compile(phrases: readonly FacetValue[], space: Space): Clause {
    const postings = new Set<Posting>();
    for (const raw of phrases) {
      const phrase = normalizeText(String(raw));
      if (phrase === '') continue;
      const words = phrase.split(' ');
      if (words.length === 1) {
        const w = this.words.get(phrase);
        if (!w) continue;
        if (w.posting) postings.add(w.posting);
        else for (const id of w.ids) postings.add(this.postings[id]!);
        continue;
      }
      // Candidates: the names holding the phrase's rarest word; then the phrase must occur whole.
      let rarest: number[] | undefined;
      for (const word of words) {
        const w = this.words.get(word);
        if (!w) {
          rarest = undefined;
          break;
        }
        if (!rarest || w.ids.length < rarest.length) rarest = w.ids;
      }
      if (!rarest) continue;
      const needle = ` ${phrase} `;
      for (const id of rarest) {
        if (this.padded[id]!.includes(needle)) postings.add(this.postings[id]!);
      }
    }
    return postingsClause([...postings], space);
  }
}

function distinctWords(normalized: string): Set<string> {
  const words = new Set(normalized.split(' '));
  words.delete('');
  return words;
}

/** A random read of a per-company column (8 MB at 1M companies): mostly a cache miss. */
const COLUMN_READ_COST = 10;

/** A scalar per company (founded year, total funding, number of rounds, last funding date). */
export class RangeKey {
  /** Value per position; NaN when the company has none (never matches a range). */
  private readonly column = new F64Vec(1024);
  /** Positions with a value, sorted by (value, position), and their values. */
  private readonly sortedKeys = new F64Vec(0);
  private readonly sortedPositions = new U32Vec(0);
  private readonly present = new Posting();

  /**
   * @param sortBy the sort key ordering by this same value (founded year, total funding), if any: a
   *   range of it is one stretch of that order, which the planner can walk alone.
   */
  constructor(
    private readonly arena: PostingArena,
    private readonly toNumber: (v: FacetValue) => number,
    private readonly sortBy?: SortBy,
  ) {}

  add(p: number, values: readonly FacetValue[] | undefined, live: boolean): void {
    const raw = values?.[0];
    const v = raw === undefined ? Number.NaN : this.toNumber(raw);
    this.column.push(v);
    if (Number.isNaN(v)) return;
    this.arena.append(this.present, p);
    if (live) {
      const i = this.upper(v);
      this.sortedKeys.insert(i, v);
      this.sortedPositions.insert(i, p);
    }
  }

  finish(): void {
    const values = this.column.view();
    const order = sortByValue(values, values.length);
    const keys = new Float64Array(order.length);
    for (let i = 0; i < order.length; i++) keys[i] = values[order[i]!]!;
    this.sortedKeys.adopt(keys);
    this.sortedPositions.adopt(order);
  }

  postings(): Posting[] {
    return [this.present];
  }

  private lower(v: number): number {
    return lowerBound(this.sortedKeys.data, this.sortedKeys.length, v);
  }

  private upper(v: number): number {
    return upperBound(this.sortedKeys.data, this.sortedKeys.length, v);
  }

  compile(range: Range<FacetValue>, space: Space): Clause | null {
    if (range.gte === undefined && range.lte === undefined) return null;
    const lo = range.gte === undefined ? Number.NEGATIVE_INFINITY : this.toNumber(range.gte);
    const hi = range.lte === undefined ? Number.POSITIVE_INFINITY : this.toNumber(range.lte);
    const from = this.lower(lo);
    const to = this.upper(hi);
    const count = to - from;
    if (count <= 0) return EMPTY_CLAUSE;
    const column = this.column.data;
    const positions = this.sortedPositions.data;
    const present = this.present;
    const outside = present.count - count;
    const sparse = count * 32 <= space.size;
    return {
      estimate: count,
      testCost: COLUMN_READ_COST,
      materializeCost: sparse
        ? count * (2 + Math.log2(count + 1) / 2)
        : Math.min(count, outside) * MARK_COST + space.wordCap * WORD_COST,
      ...(this.sortBy ? { sortRange: { by: this.sortBy, lo, hi } } : {}),
      test: (p) => {
        const v = column[p]!;
        return v >= lo && v <= hi;
      },
      materialize: (): DocSet => {
        if (sparse) {
          const ids = space.scratch.list(count);
          ids.set(positions.subarray(from, to));
          return { kind: 'list', ids: ids.sort() };
        }
        let words: Uint32Array;
        if (present.bits && outside < count) {
          // Most companies with a value match: start from all of them and clear the others.
          words = space.scratch.copy(present.bits);
          for (let i = 0; i < from; i++) {
            const q = positions[i]!;
            words[q >>> 5]! &= ~(1 << (q & 31));
          }
          for (let i = to; i < present.count; i++) {
            const q = positions[i]!;
            words[q >>> 5]! &= ~(1 << (q & 31));
          }
        } else {
          words = space.scratch.words();
          for (let i = from; i < to; i++) {
            const q = positions[i]!;
            words[q >>> 5]! |= 1 << (q & 31);
          }
        }
        return { kind: 'bits', words, count, owned: true };
      },
    };
  }
}
