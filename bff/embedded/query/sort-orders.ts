/**
 * The orders list generation can rank by (decisions section 5): per sort key and direction, the
 * permutation of all companies in that order (`perm[i]` = the position ranked i) and its inverse
 * (`rank[position]`). Ties are broken by uuid ascending and missing values come last in both
 * directions, so every order is total and pages never overlap or skip.
 */
import type { SortBy, SortOrder } from '../../contract/api';
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

export function compareUuid(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The positions `0..n-1` whose value is not NaN, sorted by (value asc, tie asc), where `tie[p]` is a
 * distinct integer below `n` per position and `byTie[t]` the position with tie `t` (both default to
 * the position itself). Sorts packed float keys (dense value rank * 2^k + tie), which a typed array
 * sorts natively, instead of calling a comparator a million times.
 */
export function sortByValue(
  values: Float64Array,
  n: number,
  tie?: Uint32Array,
  byTie?: Uint32Array,
): Uint32Array {
  let m = 0;
  for (let i = 0; i < n; i++) if (!Number.isNaN(values[i]!)) m++;
  const distinct = new Float64Array(m);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (!Number.isNaN(v)) distinct[k++] = v;
  }
  distinct.sort();
  let d = m === 0 ? 0 : 1;
  for (let i = 1; i < m; i++) if (distinct[i] !== distinct[d - 1]) distinct[d++] = distinct[i]!;
  const base = 2 ** Math.ceil(Math.log2(n + 1));
  if (d * base > Number.MAX_SAFE_INTEGER) throw new Error('too many companies to sort');
  const keys = new Float64Array(m);
  k = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    let lo = 0;
    let hi = d;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (distinct[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    keys[k++] = lo * base + (tie ? tie[i]! : i);
  }
  keys.sort();
  const out = new Uint32Array(m);
  for (let i = 0; i < m; i++) {
    const t = keys[i]! % base;
    out[i] = byTie ? byTie[t]! : t;
  }
  return out;
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
    const uuidRank = new Uint32Array(n);
    for (let i = 0; i < n; i++) uuidRank[byUuid[i]!] = i;

    for (const key of SORT_KEYS) {
      const column = this.columns.get(key)!;
      const values = column.view();
      const nonNull = sortByValue(values, n, uuidRank, byUuid);
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
