/**
 * The in-memory query index behind list generation: filters + sort + paging, answered exactly.
 *
 * Built once at start-up from the `companies` rows (`iterateIndexSource`); companies are the dense
 * positions 0..N-1 (the `idx` column) and new ones are appended with `add`. The filter semantics are
 * those of docs/product-rules.md, section 4, ranking and paging those of section 5; `evaluate.ts` states the same
 * semantics naively and the differential test holds the two together.
 *
 * A query compiles each filter key into a clause (postings of the key's matching values, a range
 * over a sorted column, or a funding-round condition), intersects the clauses starting from the
 * smallest (doc-sets.ts), then takes the first `offset + limit` matches in the requested order: by
 * walking that order's permutation and probing the match set when matches are plentiful, or by
 * collecting the matches and ordering them by rank when they are few. Only the first 500 matches are
 * ever served, so at most 500 are ranked, and `total` needs counting only up to 500: clauses that are
 * expensive to materialise (funding rounds, ranges, wide unions) may instead be tested company by
 * company along the order until the 500th match (`walkLazily`). A range over the sort key's own value
 * narrows every walk to one stretch of the order. See README.md in this folder.
 */

import {
  FILTER_CATALOG,
  type Filters,
  type FundingRoundsCondition,
  type Range,
} from '../../contract/filters';
import { LIST_TOTAL_CAP, type SortBy } from '../../contract/list-params';
import type { IndexSourceRow } from '../store/companies';
import {
  type Clause,
  type DocSet,
  docSetCount,
  docSetHas,
  intersectClauses,
  Scratch,
  type Space,
  WORD_COST,
} from './doc-sets';
import { PrefixKey, RangeKey, TextKey, ValueKey } from './facet-keys';
import type { Facets, FacetValue } from './facets';
import { dateNumber, FundingRounds } from './funding-rounds';
import { bitsToList, PostingArena } from './postings';
import { SORT_COLUMNS, SORT_RANGE_FILTERS, SortOrders, type SortSpec } from './sort-orders';

export type { SortSpec } from './sort-orders';

type SearchPage = { offset: number; limit: number };

/**
 * An externally computed relevance (a text query's): position -> score. With `relevance` sorting,
 * scored matches come first, by score (descending for `desc`), then the others in the normal order.
 */
type Scores = ReadonlyMap<number, number> | ArrayLike<number>;

type SearchOptions = { scores?: Scores };

type SearchResult = {
  /** min(number of matches, 500). */
  total: number;
  /** The positions (`idx`) of the requested page, in order. */
  positions: number[];
};

/** How often (in steps) a lazy walk checks that it is still worth walking. */
const WALK_CHECKPOINT = 4096;

/** Knobs of the retrieval strategy; tests move them to reach every path at small sizes. */
export const retrievalTuning = {
  /** Below this many matches, ranking sorts their ranks; above, it marks them in a bitmap of ranks. */
  sortRanksBelow: 4096,
  /** The walk along an order gives up after this many times the cost of collecting instead. */
  walkBudgetFactor: 2,
  /** ...plus this many steps. */
  walkBudgetSlack: 1024,
  /** The lazy walk over expensive clauses: when it pays ('auto'), whenever possible, or never. */
  lazyWalk: 'auto' as 'auto' | 'always' | 'never',
  /** The lazy walk gives up after this many times the steps that materialising would cost. */
  lazyBudgetFactor: 1,
};

type Ordering = { perm: Uint32Array; rank: Uint32Array };

export class CompanyIndex {
  private readonly arena = new PostingArena();
  private readonly uuids: string[] = [];
  private readonly valueKeys = new Map<string, ValueKey>();
  private readonly rangeKeys = new Map<string, RangeKey>();
  private readonly rounds: FundingRounds;
  private readonly orders = new SortOrders();
  /** Sort keys whose column disagrees with the facet of the same value for some company. */
  private readonly stretchOff = new Set<SortBy>();

  private constructor() {
    for (const def of FILTER_CATALOG) {
      switch (def.kind) {
        case 'text':
          this.valueKeys.set(def.key, new TextKey(this.arena));
          break;
        case 'naics':
        case 'sic':
          this.valueKeys.set(def.key, new PrefixKey(this.arena));
          break;
        case 'year_range':
        case 'int_range':
        case 'usd_range':
          this.rangeKeys.set(def.key, new RangeKey(this.arena, Number, SORT_RANGE_FILTERS[def.key]));
          break;
        case 'date_range':
          this.rangeKeys.set(def.key, new RangeKey(this.arena, (v) => dateNumber(String(v))));
          break;
        case 'funding_rounds':
          break;
        default:
          this.valueKeys.set(def.key, new ValueKey(this.arena));
      }
    }
    this.rounds = new FundingRounds(this.arena);
  }

  /** Builds the index from rows in `idx` order, 0..N-1. */
  static build(rows: Iterable<IndexSourceRow>): CompanyIndex {
    const index = new CompanyIndex();
    for (const row of rows) index.ingest(row, false);
    index.rounds.finish();
    for (const k of index.rangeKeys.values()) k.finish();
    for (const k of index.valueKeys.values()) k.finish();
    const postings = [...index.valueKeys.values()].flatMap((k) => k.postings);
    index.arena.compact(postings);
    index.orders.build(index.uuids);
    return index;
  }

  /** Appends one company; its `idx` must be the next position (`size`). */
  add(row: IndexSourceRow): void {
    this.ingest(row, true);
    this.orders.insert(row.idx, this.uuids);
  }

  get size(): number {
    return this.uuids.length;
  }

  uuidAt(position: number): string {
    const uuid = this.uuids[position];
    if (uuid === undefined) throw new RangeError(`no company at position ${position}`);
    return uuid;
  }

  private ingest(row: IndexSourceRow, live: boolean): void {
    const p = this.uuids.length;
    if (row.idx !== p)
      throw new Error(`index rows must be dense and in order: expected idx ${p}, got ${row.idx}`);
    const facets = JSON.parse(row.facets) as Facets;
    this.arena.ensure(p + 1);
    this.uuids.push(row.uuid);
    this.orders.push(row);
    const values = facets.values as Record<string, FacetValue[] | undefined>;
    for (const [key, by] of Object.entries(SORT_RANGE_FILTERS)) {
      // The stretch of an order is read from the sort column, the range from the facet: only while
      // every company has the same value in both may a range narrow the walk.
      const facet = values[key]?.[0] ?? null;
      const column = row[SORT_COLUMNS[by!]] ?? null;
      if (facet !== column) this.stretchOff.add(by!);
    }
    for (const [key, index] of this.valueKeys) index.add(p, values[key]);
    for (const [key, index] of this.rangeKeys) index.add(p, values[key], live);
    this.rounds.append(p, facets.rounds ?? [], live);
  }

  private readonly scratch = new Scratch(() => this.arena.wordCap);

  private space(): Space {
    return { size: this.size, wordCap: this.arena.wordCap, scratch: this.scratch };
  }

  /** One clause per filter key that constrains anything (empty arrays are ignored). */
  private compile(filters: Record<string, unknown>, space: Space): Clause[] {
    const clauses: Clause[] = [];
    for (const def of FILTER_CATALOG) {
      const value = filters[def.key];
      if (value === undefined || value === null) continue;
      if (Array.isArray(value) && value.length === 0) continue;
      let clause: Clause | null;
      switch (def.kind) {
        case 'boolean':
          clause = this.valueKeys.get(def.key)!.compile([value as boolean], space);
          break;
        case 'year_range':
        case 'int_range':
        case 'usd_range':
        case 'date_range':
          clause = this.rangeKeys.get(def.key)!.compile(value as Range<FacetValue>, space);
          break;
        case 'funding_rounds':
          clauses.push(...this.rounds.compile(value as FundingRoundsCondition, space));
          clause = null;
          break;
        default:
          clause = this.valueKeys.get(def.key)!.compile(value as FacetValue[], space);
      }
      if (clause) clauses.push(clause);
    }
    return clauses;
  }

  /** The number of companies matching every filter (uncapped). */
  count(filters: Filters): number {
    try {
      const space = this.space();
      return docSetCount(
        intersectClauses(this.compile(filters as Record<string, unknown>, space), space),
        space,
      );
    } finally {
      this.scratch.release();
    }
  }

  search(filters: Filters, sort: SortSpec, page: SearchPage, options: SearchOptions = {}): SearchResult {
    try {
      return this.searchWith(filters, sort, page, options);
    } finally {
      this.scratch.release();
    }
  }

  private searchWith(
    filters: Filters,
    sort: SortSpec,
    page: SearchPage,
    options: SearchOptions,
  ): SearchResult {
    const space = this.space();
    const clauses = this.compile(filters as Record<string, unknown>, space);
    const offset = Math.max(0, Math.floor(page.offset));
    const want = Math.min(offset + Math.max(0, Math.floor(page.limit)), LIST_TOTAL_CAP);
    const ordering = this.orders.get(sort);
    // A range over the sort key's own value holds exactly one stretch of the order: every match is
    // inside it, so walks start there.
    const onSortKey = this.stretchOff.has(sort.by)
      ? undefined
      : clauses.find((c) => c.sortRange?.by === sort.by);
    const [from, to] = onSortKey?.sortRange
      ? this.orders.interval(sort, onSortKey.sortRange.lo, onSortKey.sortRange.hi)
      : [0, space.size];
    const scored = options.scores !== undefined && sort.by === 'relevance';
    if (!scored) {
      const walked = this.walkLazily(clauses, onSortKey, { from, to }, space, ordering, offset, want);
      if (walked) return walked;
    }
    const matches = intersectClauses(clauses, space);
    const count = docSetCount(matches, space);
    const total = Math.min(count, LIST_TOTAL_CAP);
    const end = Math.min(want, total);
    if (offset >= end) return { total, positions: [] };
    const top =
      scored && options.scores
        ? this.topScored(matches, count, ordering, end, options.scores, sort.order === 'desc')
        : this.top(matches, count, ordering, end, { from, to });
    return { total, positions: top.slice(offset) };
  }

  /**
   * Answers without materialising the expensive clauses: intersect the cheap ones, then walk the
   * order (or the stretch of it that a range on the sort key allows) testing the expensive ones
   * company by company until the 500th match, which settles `total`. Chosen when the expected walk
   * is clearly cheaper than materialising; the walk gives up (null) once it has spent what
   * materialising would cost, so a misjudged walk (matches bunched late in the order) costs at most
   * about twice the plain plan.
   */
  private walkLazily(
    clauses: readonly Clause[],
    onSortKey: Clause | undefined,
    stretch: { from: number; to: number },
    space: Space,
    { perm }: Ordering,
    offset: number,
    want: number,
  ): SearchResult | null {
    const n = space.size;
    const mode = retrievalTuning.lazyWalk;
    if (mode === 'never') return null;
    const expensive = (c: Clause) =>
      c === onSortKey || mode === 'always' || c.materializeCost > space.wordCap * WORD_COST * 4;
    const lazy = clauses.filter(expensive);
    if (lazy.length === 0) return null;
    const eager = intersectClauses(
      clauses.filter((c) => !expensive(c)),
      space,
    );
    if (eager.kind === 'list') return null;
    const eagerShare = docSetCount(eager, space) / n;
    // Share of the stretch expected to match (the range on the sort key is the stretch itself).
    let density = eagerShare;
    let testCost = 0;
    let materializeCost = 0;
    for (const c of lazy) {
      if (c !== onSortKey) density *= Math.min(1, c.estimate / n);
      testCost += c.testCost;
      materializeCost += c.materializeCost;
    }
    const span = stretch.to - stretch.from;
    const stepCost = 1 + eagerShare * testCost;
    if (mode === 'auto') {
      const expectedSteps = density * span >= LIST_TOTAL_CAP ? LIST_TOTAL_CAP / density : span;
      if (expectedSteps * stepCost * 2 > materializeCost) return null;
    }
    const budget = Math.ceil((materializeCost / stepCost) * retrievalTuning.lazyBudgetFactor);
    const stop = Math.min(stretch.to, stretch.from + budget);
    const words = eager.kind === 'bits' ? eager.words : null;
    const tests = lazy.map((c) => c.test);
    const positions: number[] = [];
    let found = 0;
    let i = stretch.from;
    let checkpoint = stretch.from + WALK_CHECKPOINT;
    for (; i < stop && found < LIST_TOTAL_CAP; i++) {
      if (i === checkpoint) {
        // Project the rest of the walk from the matches met so far; give up early when the order
        // turns out to hold the matches late (it correlates with the filters).
        const walked = i - stretch.from;
        const remaining = Math.min(
          stretch.to - i,
          ((LIST_TOTAL_CAP - found) * walked) / Math.max(found, 0.5),
        );
        if (walked + remaining > budget) return null;
        checkpoint += WALK_CHECKPOINT;
      }
      const p = perm[i]!;
      if (words !== null && ((words[p >>> 5]! >>> (p & 31)) & 1) === 0) continue;
      let ok = true;
      for (const test of tests) {
        if (!test(p)) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      if (found >= offset && found < want) positions.push(p);
      found++;
    }
    if (found < LIST_TOTAL_CAP && i < stretch.to) return null;
    return { total: Math.min(found, LIST_TOTAL_CAP), positions };
  }

  /** The first `k` matches (k <= count) in the ordering; every match lies in `stretch`. */
  private top(
    set: DocSet,
    count: number,
    { perm, rank }: Ordering,
    k: number,
    stretch: { from: number; to: number } = { from: 0, to: this.size },
  ): number[] {
    if (set.kind === 'all') return Array.from(perm.subarray(0, k));
    if (set.kind === 'list') return this.rankList(set.ids, perm, rank, k);
    const span = stretch.to - stretch.from;
    const scan = this.arena.wordCap * WORD_COST;
    const collectCost = scan + count * 2 + (count < retrievalTuning.sortRanksBelow ? count * 4 : scan);
    // Matches spread evenly through the stretch are met every span / count companies.
    if ((span * k) / count <= collectCost) {
      const words = set.words;
      const stop = Math.min(
        stretch.to,
        stretch.from +
          Math.ceil(collectCost * retrievalTuning.walkBudgetFactor) +
          retrievalTuning.walkBudgetSlack,
      );
      const out: number[] = [];
      let i = stretch.from;
      for (; i < stop && out.length < k; i++) {
        const p = perm[i]!;
        if (((words[p >>> 5]! >>> (p & 31)) & 1) === 1) out.push(p);
      }
      if (out.length === k || i === stretch.to) return out;
      // The matches sit late in this order: collecting them is cheaper after all.
    }
    return this.rankList(bitsToList(set.words, count, this.scratch.list(count)), perm, rank, k);
  }

  /** The first `k` of the given positions in the ordering. */
  private rankList(ids: Uint32Array, perm: Uint32Array, rank: Uint32Array, k: number): number[] {
    const n = ids.length;
    const out: number[] = [];
    if (n < retrievalTuning.sortRanksBelow) {
      const ranks = new Uint32Array(n);
      for (let i = 0; i < n; i++) ranks[i] = rank[ids[i]!]!;
      ranks.sort();
      for (let i = 0; i < k && i < n; i++) out.push(perm[ranks[i]!]!);
      return out;
    }
    // Mark each match's rank in a bitmap of ranks, then read the first k marks in rank order.
    const marks = this.scratch.words();
    for (let i = 0; i < n; i++) {
      const r = rank[ids[i]!]!;
      marks[r >>> 5]! |= 1 << (r & 31);
    }
    for (let w = 0; w < marks.length && out.length < k; w++) {
      let bits = marks[w]!;
      while (bits !== 0 && out.length < k) {
        const t = bits & -bits;
        out.push(perm[(w << 5) | (31 - Math.clz32(t))]!);
        bits ^= t;
      }
    }
    return out;
  }

  private topScored(
    set: DocSet,
    count: number,
    ordering: Ordering,
    k: number,
    scores: Scores,
    desc: boolean,
  ): number[] {
    const scored: { p: number; s: number }[] = [];
    const consider = (p: number, s: number | undefined) => {
      if (typeof s === 'number' && Number.isFinite(s) && Number.isInteger(p) && p >= 0 && p < this.size) {
        if (docSetHas(set, p)) scored.push({ p, s });
      }
    };
    if (scores instanceof Map) for (const [p, s] of scores as ReadonlyMap<number, number>) consider(p, s);
    else {
      const arr = scores as ArrayLike<number>;
      for (let p = 0; p < arr.length; p++) consider(p, arr[p]);
    }
    const { rank } = ordering;
    scored.sort((a, b) => (a.s !== b.s ? (desc ? b.s - a.s : a.s - b.s) : rank[a.p]! - rank[b.p]!));
    const out = scored.slice(0, k).map((x) => x.p);
    if (out.length === k) return out;
    const taken = new Set(out);
    for (const p of this.top(set, count, ordering, Math.min(k, count))) {
      if (out.length === k) break;
      if (!taken.has(p)) out.push(p);
    }
    return out;
  }

  /** Sizes, for start-up logs and the benchmark. */
  stats(): { size: number; rounds: number; bitmapBytes: number; orderBytes: number; roundBytes: number } {
    return {
      size: this.size,
      rounds: this.rounds.roundCount,
      bitmapBytes: this.arena.bitmapBytes(),
      orderBytes: this.orders.bytes(),
      roundBytes: this.rounds.bytes(),
    };
  }
}
