/**
 * The orders list generation can rank by (docs/product-rules.md, section 5): per sort key and direction, the
 * permutation of all companies in that order (`perm[i]` = the position ranked i) and its inverse
 * (`rank[position]`). Ties are broken by uuid ascending and missing values come last in both
 * directions, so every order is total and pages never overlap or skip.
 */
import type { SortBy, SortOrder } from '../../contract/list-params';
import type { IndexSourceRow } from '../store/companies';
import { F64Vec, U32Vec } from './vectors';

export type SortSpec = { by: SortBy; order: SortOrder };

/** The column of the companies table behind each sort key. */
export const SORT_COLUMNS = {
  relevance: 'prominence',
  revenue_estimate: 'revenue_usd',
  valuation_estimate: 'valuation_usd',
  employee_range: 'employee_count',
  total_funding: 'total_funding_usd',
  founded_year: 'founded_year',
} as const satisfies Record<SortBy, keyof IndexSourceRow>;

const SORT_KEYS = Object.keys(SORT_COLUMNS) as SortBy[];

/**
 * Range filters over the very value a sort key orders by (the store writes both from the same
 * section field): a range of one is a contiguous stretch of the other's order.
 */
export const SORT_RANGE_FILTERS: Partial<Record<string, SortBy>> = {
  'firmographic.founded_year': 'founded_year',
  'funding_detail.funding_overview.total_funding_usd': 'total_funding',
};

function compareUuid(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The positions `0..n-1` whose value is not NaN, sorted by (value asc, tie asc), where `byTie` lists
 * the positions in tie order (default: by position). A stable LSD radix sort over the bits of the
 * doubles (ordered as unsigned integers once the sign is folded in), 16 bits a pass, taking the
 * positions in tie order: ties keep that order. Passes whose digit is the same everywhere (the low
 * bits of whole numbers) are skipped.
 */
export function sortByValue(values: Float64Array, n: number, byTie?: Uint32Array): Uint32Array {
  const hi = new Uint32Array(n);
  const lo = new Uint32Array(n);
  const cell = new Float64Array(1);
  const bits = new Uint32Array(cell.buffer);
  let m = 0;
  for (let p = 0; p < n; p++) {
    const v = values[p]!;
    if (Number.isNaN(v)) continue;
    m++;
    cell[0] = v === 0 ? 0 : v; // -0 and 0 are equal
    let h = bits[1]!;
    let l = bits[0]!;
    if ((h & 0x80000000) !== 0) {
      h = ~h >>> 0;
      l = ~l >>> 0;
    } else {
      h = (h | 0x80000000) >>> 0;
    }
    hi[p] = h;
    lo[p] = l;
  }
  let cur = new Uint32Array(m);
  let k = 0;
  for (let t = 0; t < n; t++) {
    const p = byTie ? byTie[t]! : t;
    if (!Number.isNaN(values[p]!)) cur[k++] = p;
  }
  let next = new Uint32Array(m);
  const counts = new Uint32Array(65536);
  const digits: ((p: number) => number)[] = [
    (p) => lo[p]! & 0xffff,
    (p) => lo[p]! >>> 16,
    (p) => hi[p]! & 0xffff,
    (p) => hi[p]! >>> 16,
  ];
  for (const digit of digits) {
    counts.fill(0);
    for (let i = 0; i < m; i++) counts[digit(cur[i]!)]!++;
    if (m === 0 || counts[digit(cur[0]!)] === m) continue;
    let sum = 0;
    for (let d = 0; d < 65536; d++) {
      const c = counts[d]!;
      counts[d] = sum;
      sum += c;
    }
    for (let i = 0; i < m; i++) {
      const p = cur[i]!;
      next[counts[digit(p)]!++] = p;
    }
    [cur, next] = [next, cur];
  }
  return cur;
}

type Order = { perm: U32Vec; rank: U32Vec; desc: boolean; column: F64Vec };

export class SortOrders {
  private readonly columns = new Map<SortBy, F64Vec>(SORT_KEYS.map((k) => [k, new F64Vec(1024)]));
  private readonly orders = new Map<string, Order>();

  /** Records the sort values of the next position. */
  push(row: IndexSourceRow): void {
    for (const key of SORT_KEYS) {
      const v = row[SORT_COLUMNS[key]];
      this.columns.get(key)!.push(v === null || v === undefined ? Number.NaN : v);
    }
  }

  /** Builds every order from the pushed values (after a bulk load). */
  build(uuids: readonly string[]): void {
    const n = uuids.length;
    const byUuid = new Uint32Array(n);
    for (let i = 0; i < n; i++) byUuid[i] = i;
    byUuid.sort((a, b) => compareUuid(uuids[a]!, uuids[b]!));

    for (const key of SORT_KEYS) {
      const column = this.columns.get(key)!;
      const values = column.view();
      const nonNull = sortByValue(values, n, byUuid);
      const asc = new Uint32Array(n);
      asc.set(nonNull);
      // Missing values last, by uuid.
      let w = nonNull.length;
      for (let i = 0; i < n; i++) {
        const p = byUuid[i]!;
        if (Number.isNaN(values[p]!)) asc[w++] = p;
      }
      // Descending: the groups of equal values in reverse, each group still by uuid ascending.
      const desc = new Uint32Array(n);
      w = 0;
      let end = nonNull.length;
      while (end > 0) {
        let start = end - 1;
        const v = values[nonNull[start]!]!;
        while (start > 0 && values[nonNull[start - 1]!] === v) start--;
        for (let i = start; i < end; i++) desc[w++] = nonNull[i]!;
        end = start;
      }
      desc.set(asc.subarray(nonNull.length), w);
      this.orders.set(`${key}:asc`, makeOrder(asc, false, column));
      this.orders.set(`${key}:desc`, makeOrder(desc, true, column));
    }
  }

  /**
   * The stretch `[from, to)` of the order `spec` holding exactly the companies whose sort value lies
   * in `[lo, hi]` (companies without a value are last and never inside).
   */
  interval(spec: SortSpec, lo: number, hi: number): [number, number] {
    const o = this.orders.get(`${spec.by}:${spec.order}`);
    if (!o) throw new Error(`unknown sort ${spec.by} ${spec.order}`);
    const perm = o.perm.data;
    const col = o.column.data;
    const first = (pred: (v: number) => boolean, lo0: number, hi0: number): number => {
      let a = lo0;
      let b = hi0;
      while (a < b) {
        const mid = (a + b) >>> 1;
        if (pred(col[perm[mid]!]!)) b = mid;
        else a = mid + 1;
      }
      return a;
    };
    const valued = first((v) => Number.isNaN(v), 0, o.perm.length);
    if (o.desc) return [first((v) => v <= hi, 0, valued), first((v) => v < lo, 0, valued)];
    return [first((v) => v >= lo, 0, valued), first((v) => v > hi, 0, valued)];
  }

  get(spec: SortSpec): { perm: Uint32Array; rank: Uint32Array } {
    const o = this.orders.get(`${spec.by}:${spec.order}`);
    if (!o) throw new Error(`unknown sort ${spec.by} ${spec.order}`);
    return { perm: o.perm.data, rank: o.rank.data };
  }

  /** Places position `p` (just pushed) into every order. */
  insert(p: number, uuids: readonly string[]): void {
    for (const o of this.orders.values()) {
      const col = o.column.data;
      const vp = col[p]!;
      const up = uuids[p]!;
      // p goes before the first company that ranks after it.
      const before = (q: number): boolean => {
        const vq = col[q]!;
        const np = Number.isNaN(vp);
        const nq = Number.isNaN(vq);
        if (np !== nq) return nq;
        if (!np && vp !== vq) return o.desc ? vp > vq : vp < vq;
        return up < uuids[q]!;
      };
      const perm = o.perm;
      let lo = 0;
      let hi = perm.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (before(perm.data[mid]!)) hi = mid;
        else lo = mid + 1;
      }
      perm.insert(lo, p);
      o.rank.push(0);
      const pd = perm.data;
      const rd = o.rank.data;
      for (let i = lo; i < perm.length; i++) rd[pd[i]!] = i;
    }
  }

  bytes(): number {
    let b = 0;
    for (const c of this.columns.values()) b += c.data.byteLength;
    for (const o of this.orders.values()) b += o.perm.data.byteLength + o.rank.data.byteLength;
    return b;
  }
}

function makeOrder(perm: Uint32Array, desc: boolean, column: F64Vec): Order {
  const rank = new Uint32Array(perm.length);
  for (let i = 0; i < perm.length; i++) rank[perm[i]!] = i;
  const p = new U32Vec(0);
  p.adopt(perm);
  const r = new U32Vec(0);
  r.adopt(rank);
  return { perm: p, rank: r, desc, column };
}
