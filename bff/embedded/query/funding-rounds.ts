/**
 * Funding rounds in columns, for `funding_detail.funding_rounds`: every given sub-condition must hold
 * for one and the same round (decisions section 4). Rounds are numbered in company order, so the rounds
 * of one company are a contiguous range and any list of round ids in increasing order maps to company
 * positions in increasing order.
 *
 * Investor semantics: `lead_investor: true` with `uuid` = one of those investors led the round; alone =
 * the round had a lead investor. `lead_investor: false` with `uuid` = one of those investors took part
 * without leading; alone = the round had no lead investor. `uuid` alone = one of them took part.
 */
import type { FundingRoundsCondition, Range } from '../../contract/filters';
import {
  type Clause,
  type DocSet,
  EMPTY_CLAUSE,
  postingsClause,
  type Space,
  setFromPositions,
  WORD_COST,
} from './doc-sets';
import type { RoundFacet } from './facets';
import { Posting, type PostingArena } from './postings';
import { sortByValue } from './sort-orders';
import { F64Vec, U8Vec, U32Vec } from './vectors';

/** `YYYY-MM-DD` as the number YYYYMMDD (same order). */
export function dateNumber(s: string): number {
  return Number(s.slice(0, 4)) * 10000 + Number(s.slice(5, 7)) * 100 + Number(s.slice(8, 10));
}

/** Sorted (key, round) pairs for range lookups. */
class SortedRounds {
  readonly keys = new F64Vec(0);
  readonly rounds = new U32Vec(0);

  rebuild(values: Float64Array, n: number): void {
    const order = sortByValue(values, n);
    const keys = new Float64Array(order.length);
    for (let i = 0; i < order.length; i++) keys[i] = values[order[i]!]!;
    this.keys.adopt(keys);
    this.rounds.adopt(order);
  }

  insert(key: number, round: number): void {
    if (Number.isNaN(key)) return;
    const i = this.upper(key);
    this.keys.insert(i, key);
    this.rounds.insert(i, round);
  }

  /** First index whose key is >= v. */
  lower(v: number): number {
    const k = this.keys.data;
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (k[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First index whose key is > v. */
  upper(v: number): number {
    const k = this.keys.data;
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (k[mid]! <= v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  span(r: { lo: number; hi: number }): [number, number] {
    return [this.lower(r.lo), this.upper(r.hi)];
  }
}

type Bounds = { lo: number; hi: number };

function bounds<T>(r: Range<T> | undefined, toNumber: (v: T) => number): Bounds | null {
  if (!r || (r.gte === undefined && r.lte === undefined)) return null;
  return {
    lo: r.gte === undefined ? Number.NEGATIVE_INFINITY : toNumber(r.gte),
    hi: r.lte === undefined ? Number.POSITIVE_INFINITY : toNumber(r.lte),
  };
}

export class FundingRounds {
  /** `companyStart[p]..companyStart[p+1]`: the rounds of company p. */
  private readonly companyStart = new U32Vec(1024);
  private readonly company = new U32Vec(1024);
  private readonly code = new U32Vec(1024);
  /** YYYYMMDD. */
  private readonly date = new U32Vec(1024);
  private readonly amount = new F64Vec(1024);
  private readonly invStart = new U32Vec(1024);
  private readonly invId = new U32Vec(1024);
  private readonly invLead = new U8Vec(1024);
  private readonly codeIds = new Map<string, number>();
  private readonly codeRounds: U32Vec[] = [];
  private readonly investorIds = new Map<string, number>();
  private readonly investorRounds: U32Vec[] = [];
  private readonly byDate = new SortedRounds();
  private readonly byAmount = new SortedRounds();
  /** Companies with a round that had a lead investor / a round that had none. */
  private readonly withLead = new Posting();
  private readonly withoutLead = new Posting();

  constructor(private readonly arena: PostingArena) {
    this.companyStart.push(0);
    this.invStart.push(0);
  }

  get roundCount(): number {
    return this.company.length;
  }

  /** Appends the rounds of company `p` (the next position). `live`: keep the sorted lookups current. */
  append(p: number, rounds: readonly RoundFacet[], live: boolean): void {
    let led = false;
    let unled = false;
    for (const round of rounds) {
      const r = this.company.length;
      this.company.push(p);
      let codeId = this.codeIds.get(round.round);
      if (codeId === undefined) {
        codeId = this.codeRounds.length;
        this.codeIds.set(round.round, codeId);
        this.codeRounds.push(new U32Vec(16));
      }
      this.code.push(codeId);
      this.codeRounds[codeId]!.push(r);
      const date = dateNumber(round.date);
      const amount = round.amount_usd ?? Number.NaN;
      this.date.push(date);
      this.amount.push(amount);
      let hasLead = false;
      for (const inv of round.investors) {
        let id = this.investorIds.get(inv.uuid);
        if (id === undefined) {
          id = this.investorRounds.length;
          this.investorIds.set(inv.uuid, id);
          this.investorRounds.push(new U32Vec(4));
        }
        this.invId.push(id);
        this.invLead.push(inv.lead ? 1 : 0);
        const list = this.investorRounds[id]!;
        if (list.last() !== r) list.push(r);
        if (inv.lead) hasLead = true;
      }
      this.invStart.push(this.invId.length);
      if (hasLead) led = true;
      else unled = true;
      if (live) {
        this.byDate.insert(date, r);
        this.byAmount.insert(amount, r);
      }
    }
    this.companyStart.push(this.company.length);
    if (led) this.arena.append(this.withLead, p);
    if (unled) this.arena.append(this.withoutLead, p);
  }

  /** Builds the sorted lookups after a bulk load. */
  finish(): void {
    const n = this.company.length;
    this.byDate.rebuild(Float64Array.from(this.date.view()), n);
    this.byAmount.rebuild(this.amount.view(), n);
    for (const v of [this.companyStart, this.company, this.code, this.date, this.amount]) v.trim();
    for (const v of [this.invStart, this.invId, this.invLead]) v.trim();
    for (const v of this.codeRounds) v.trim();
    for (const v of this.investorRounds) v.trim();
  }

  postings(): Posting[] {
    return [this.withLead, this.withoutLead];
  }

  /** The clause of a `funding_detail.funding_rounds` filter; null when it sets nothing. */
  compile(cond: FundingRoundsCondition, space: Space): Clause | null {
    const roundCodes = cond.round?.length ? cond.round : null;
    const dateRange = bounds(cond.date, dateNumber);
    const amountRange = bounds(cond.amount_usd, (v: number) => v);
    const uuids = cond.investors?.uuid?.length ? cond.investors.uuid : null;
    const lead = cond.investors?.lead_investor;
    if (!roundCodes && !dateRange && !amountRange && !uuids && lead === undefined) return null;

    if (!roundCodes && !dateRange && !amountRange && !uuids) {
      return postingsClause([lead ? this.withLead : this.withoutLead], space);
    }

    // Candidate rounds: the smallest of the sources the condition names.
    type Source = { estimate: number; each: (visit: (r: number) => void) => void };
    const sources: Source[] = [];
    let codeMask: Uint8Array | null = null;
    if (roundCodes) {
      codeMask = new Uint8Array(this.codeRounds.length);
      const lists: U32Vec[] = [];
      for (const c of roundCodes) {
        const id = this.codeIds.get(c);
        if (id === undefined) continue;
        codeMask[id] = 1;
        lists.push(this.codeRounds[id]!);
      }
      if (lists.length === 0) return EMPTY_CLAUSE;
      sources.push(listsSource(lists));
    }
    let investorSet: Set<number> | null = null;
    if (uuids) {
      investorSet = new Set();
      const lists: U32Vec[] = [];
      for (const u of uuids) {
        const id = this.investorIds.get(u);
        if (id === undefined) continue;
        investorSet.add(id);
        lists.push(this.investorRounds[id]!);
      }
      if (lists.length === 0) return EMPTY_CLAUSE;
      sources.push(listsSource(lists));
    }
    for (const [range, sorted] of [
      [dateRange, this.byDate],
      [amountRange, this.byAmount],
    ] as const) {
      if (!range) continue;
      const [from, to] = sorted.span(range);
      if (from >= to) return EMPTY_CLAUSE;
      const rounds = sorted.rounds;
      sources.push({
        estimate: to - from,
        each: (visit) => {
          const d = rounds.data;
          for (let i = from; i < to; i++) visit(d[i]!);
        },
      });
    }

    const code = this.code.data;
    const date = this.date.data;
    const amount = this.amount.data;
    const invStart = this.invStart.data;
    const invId = this.invId.data;
    const invLead = this.invLead.data;
    const roundOk = (r: number): boolean => {
      if (codeMask && codeMask[code[r]!] !== 1) return false;
      if (dateRange) {
        const d = date[r]!;
        if (d < dateRange.lo || d > dateRange.hi) return false;
      }
      if (amountRange) {
        const a = amount[r]!;
        if (!(a >= amountRange.lo && a <= amountRange.hi)) return false;
      }
      if (investorSet) {
        const from = invStart[r]!;
        const to = invStart[r + 1]!;
        for (let i = from; i < to; i++) {
          if (investorSet.has(invId[i]!) && (lead === undefined || (invLead[i] === 1) === lead)) return true;
        }
        return false;
      }
      if (lead !== undefined) {
        const from = invStart[r]!;
        const to = invStart[r + 1]!;
        let hasLead = false;
        for (let i = from; i < to; i++) if (invLead[i] === 1) hasLead = true;
        return hasLead === lead;
      }
      return true;
    };

    sources.sort((a, b) => a.estimate - b.estimate);
    const source = sources[0]!;
    const companyStart = this.companyStart.data;
    const company = this.company.data;
    const perCompany = this.company.length / Math.max(1, space.size);
    return {
      estimate: Math.min(source.estimate, space.size),
      testCost: 1 + perCompany * 3,
      materializeCost:
        source.estimate * 2 + (source.estimate * 32 > space.size ? space.wordCap * WORD_COST : 0),
      test: (p) => {
        const to = companyStart[p + 1]!;
        for (let r = companyStart[p]!; r < to; r++) if (roundOk(r)) return true;
        return false;
      },
      materialize: (): DocSet => {
        if (source.estimate * 32 <= space.size) {
          const out = space.scratch.list(source.estimate);
          let k = 0;
          source.each((r) => {
            if (roundOk(r)) out[k++] = company[r]!;
          });
          return setFromPositions(out.subarray(0, k), space);
        }
        // Many candidate rounds: mark their companies straight into a bitmap.
        const words = space.scratch.words();
        let count = 0;
        source.each((r) => {
          if (!roundOk(r)) return;
          const p = company[r]!;
          const w = p >>> 5;
          const m = 1 << (p & 31);
          if ((words[w]! & m) === 0) {
            words[w]! |= m;
            count++;
          }
        });
        return { kind: 'bits', words, count, owned: true };
      },
    };
  }

  bytes(): number {
    let b = 0;
    for (const v of [
      this.companyStart,
      this.company,
      this.code,
      this.date,
      this.amount,
      this.invStart,
      this.invId,
      this.invLead,
      this.byDate.keys,
      this.byDate.rounds,
      this.byAmount.keys,
      this.byAmount.rounds,
      ...this.codeRounds,
      ...this.investorRounds,
    ])
      b += v.data.byteLength;
    return b;
  }
}

function listsSource(lists: readonly U32Vec[]): {
  estimate: number;
  each: (visit: (r: number) => void) => void;
} {
  let estimate = 0;
  for (const l of lists) estimate += l.length;
  return {
    estimate,
    each: (visit) => {
      for (const l of lists) {
        const d = l.data;
        for (let i = 0; i < l.length; i++) visit(d[i]!);
      }
    },
  };
}
