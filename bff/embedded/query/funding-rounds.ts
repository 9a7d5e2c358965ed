/**
 * Funding rounds in columns, for `funding_detail.funding_rounds`: every given sub-condition must hold
 * for one and the same round (docs/product-rules.md, section 4).
 *
 * Two layouts of the same rounds:
 * - in company order (round ids): the rounds of one company are a contiguous range, for testing one
 *   company, and for the rounds of an investor (a list of round ids per investor);
 * - per round code, sorted by date (a cluster): date, amount, company and "had a lead investor" side
 *   by side, so that a condition on codes, dates and amounts is a binary search per code and a
 *   sequential pass over the rounds in range (random reads of round columns cost a cache miss each
 *   at a million companies; sequential ones do not).
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
  MARK_COST,
  postingsClause,
  type Space,
  setFromPositions,
  WORD_COST,
} from './doc-sets';
import type { RoundFacet } from './facets';
import { Posting, type PostingArena } from './postings';
import { sortByValue } from './sort-orders';
import { F64Vec, lowerBound, U8Vec, U32Vec, upperBound } from './vectors';

/** `YYYY-MM-DD` as the number YYYYMMDD (same order). */
export function dateNumber(s: string): number {
  return Number(s.slice(0, 4)) * 10000 + Number(s.slice(5, 7)) * 100 + Number(s.slice(8, 10));
}

// Relative costs (1 = a probe of a cached bitmap). A round reached by its id (an investor's rounds)
// costs a cache miss per column; a round of a cluster is read sequentially.
const ROUND_BY_ID_COST = 40;
const CLUSTER_ROUND_COST = 3;
/** Testing one company: finding its rounds, then checking each. */
const TEST_COMPANY_COST = 10;
const TEST_ROUND_COST = 15;

type Bounds = { lo: number; hi: number };

function bounds<T>(r: Range<T> | undefined, toNumber: (v: T) => number): Bounds | null {
  if (!r || (r.gte === undefined && r.lte === undefined)) return null;
  return {
    lo: r.gte === undefined ? Number.NEGATIVE_INFINITY : toNumber(r.gte),
    hi: r.lte === undefined ? Number.POSITIVE_INFINITY : toNumber(r.lte),
  };
}

/** The rounds of one code, sorted by (date, company). */
class Cluster {
  readonly date = new U32Vec(16);
  readonly amount = new F64Vec(16);
  readonly company = new U32Vec(16);
  readonly led = new U8Vec(16);
  readonly round = new U32Vec(16);

  push(date: number, amount: number, company: number, led: boolean, round: number): void {
    this.date.push(date);
    this.amount.push(amount);
    this.company.push(company);
    this.led.push(led ? 1 : 0);
    this.round.push(round);
  }

  /** Keeps the order by date (one added company at a time: it goes after its equals). */
  insert(date: number, amount: number, company: number, led: boolean, round: number): void {
    const i = this.upper(date);
    this.date.insert(i, date);
    this.amount.insert(i, amount);
    this.company.insert(i, company);
    this.led.insert(i, led ? 1 : 0);
    this.round.insert(i, round);
  }

  /** Sorts the rounds pushed in company order by (date, company). */
  sort(): void {
    const n = this.date.length;
    const order = sortByValue(Float64Array.from(this.date.view()), n);
    const reorder = <T extends U32Vec | F64Vec | U8Vec>(v: T): void => {
      const src = v.view().slice();
      for (let i = 0; i < n; i++) v.data[i] = src[order[i]!]!;
      v.trim();
    };
    reorder(this.date);
    reorder(this.amount);
    reorder(this.company);
    reorder(this.led);
    reorder(this.round);
  }

  /** First index whose date is >= v. */
  lower(v: number): number {
    return lowerBound(this.date.data, this.date.length, v);
  }

  /** First index whose date is > v. */
  upper(v: number): number {
    return upperBound(this.date.data, this.date.length, v);
  }

  bytes(): number {
    return [this.date, this.amount, this.company, this.led, this.round].reduce(
      (b, v) => b + v.data.byteLength,
      0,
    );
  }
}

export class FundingRounds {
  /** `companyStart[p]..companyStart[p+1]`: the rounds of company p. */
  private readonly companyStart = new U32Vec(1024);
  private readonly company = new U32Vec(1024);
  private readonly code = new U32Vec(1024);
  /** YYYYMMDD. */
  private readonly date = new U32Vec(1024);
  /** NaN when not disclosed (never matches a range). */
  private readonly amount = new F64Vec(1024);
  private readonly invStart = new U32Vec(1024);
  private readonly invId = new U32Vec(1024);
  private readonly invLead = new U8Vec(1024);
  private readonly codeIds = new Map<string, number>();
  private readonly clusters: Cluster[] = [];
  private readonly investorIds = new Map<string, number>();
  private readonly investorRounds: U32Vec[] = [];
  /** Companies with a round that had a lead investor / a round that had none. */
  private readonly withLead = new Posting();
  private readonly withoutLead = new Posting();
  /** Companies with any round / with a round of each code. */
  private readonly withRounds = new Posting();
  private readonly codeCompanies: Posting[] = [];

  constructor(private readonly arena: PostingArena) {
    this.companyStart.push(0);
    this.invStart.push(0);
  }

  get roundCount(): number {
    return this.company.length;
  }

  /** Appends the rounds of company `p` (the next position). `live`: keep the clusters sorted. */
  append(p: number, rounds: readonly RoundFacet[], live: boolean): void {
    let led = false;
    let unled = false;
    for (const round of rounds) {
      const r = this.company.length;
      this.company.push(p);
      let codeId = this.codeIds.get(round.round);
      if (codeId === undefined) {
        codeId = this.clusters.length;
        this.codeIds.set(round.round, codeId);
        this.clusters.push(new Cluster());
        this.codeCompanies.push(new Posting());
      }
      this.code.push(codeId);
      this.arena.append(this.codeCompanies[codeId]!, p);
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
      const cluster = this.clusters[codeId]!;
      if (live) cluster.insert(date, amount, p, hasLead, r);
      else cluster.push(date, amount, p, hasLead, r);
    }
    this.companyStart.push(this.company.length);
    if (rounds.length > 0) this.arena.append(this.withRounds, p);
    if (led) this.arena.append(this.withLead, p);
    if (unled) this.arena.append(this.withoutLead, p);
  }

  /** Sorts the clusters and trims the columns after a bulk load. */
  finish(): void {
    for (const c of this.clusters) c.sort();
    for (const v of [this.companyStart, this.company, this.code, this.date, this.amount]) v.trim();
    for (const v of [this.invStart, this.invId, this.invLead]) v.trim();
    for (const v of this.investorRounds) v.trim();
  }

  /**
   * The clauses of a `funding_detail.funding_rounds` filter (none when it sets nothing): the exact
   * condition, and a superset of it (companies with a round of those codes, or with any round) that
   * costs a bitmap AND and lets the planner test the exact condition on fewer companies.
   */
  compile(cond: FundingRoundsCondition, space: Space): Clause[] {
    const exact = this.compileExact(cond, space);
    if (!exact || exact.estimate === 0) return exact ? [exact] : [];
    const roundLevel = cond.date || cond.amount_usd || cond['investors.uuid']?.length;
    if (!roundLevel && !(cond.round?.length && cond['investors.lead_investor'] !== undefined)) return [exact];
    const codes = cond.round?.length ? cond.round : null;
    const superset = codes
      ? codes.flatMap((c) => {
          const id = this.codeIds.get(c);
          return id === undefined ? [] : [this.codeCompanies[id]!];
        })
      : [this.withRounds];
    return [postingsClause(superset, space), exact];
  }

  private compileExact(cond: FundingRoundsCondition, space: Space): Clause | null {
    const roundCodes = cond.round?.length ? cond.round : null;
    const dateRange = bounds(cond.date, dateNumber);
    const amountRange = bounds(cond.amount_usd, (v: number) => v);
    const uuids = cond['investors.uuid']?.length ? cond['investors.uuid'] : null;
    const lead = cond['investors.lead_investor'];
    if (!roundCodes && !dateRange && !amountRange && !uuids && lead === undefined) return null;

    let codeIdList: number[] | null = null;
    if (roundCodes) {
      codeIdList = roundCodes.flatMap((c) => {
        const id = this.codeIds.get(c);
        return id === undefined ? [] : [id];
      });
      if (codeIdList.length === 0) return EMPTY_CLAUSE;
    }
    if (!dateRange && !amountRange && !uuids) {
      // One sub-condition on its own is a company-level posting.
      if (lead === undefined)
        return postingsClause(
          codeIdList!.map((id) => this.codeCompanies[id]!),
          space,
        );
      if (!codeIdList) return postingsClause([lead ? this.withLead : this.withoutLead], space);
    }
    let investorSet: Set<number> | null = null;
    let investorLists: U32Vec[] = [];
    if (uuids) {
      investorSet = new Set();
      for (const u of uuids) {
        const id = this.investorIds.get(u);
        if (id === undefined) continue;
        investorSet.add(id);
        investorLists.push(this.investorRounds[id]!);
      }
      if (investorLists.length === 0) return EMPTY_CLAUSE;
    }

    // Whole-round check, on rounds reached by id (testing a company, or an investor's rounds).
    const codeMask = new Uint8Array(this.clusters.length);
    for (const id of codeIdList ?? this.clusters.keys()) codeMask[id] = 1;
    const code = this.code.data;
    const date = this.date.data;
    const amount = this.amount.data;
    const invStart = this.invStart.data;
    const invId = this.invId.data;
    const invLead = this.invLead.data;
    const dateLo = dateRange?.lo ?? Number.NEGATIVE_INFINITY;
    const dateHi = dateRange?.hi ?? Number.POSITIVE_INFINITY;
    const byAmount = amountRange !== null;
    const amountLo = amountRange?.lo ?? 0;
    const amountHi = amountRange?.hi ?? 0;
    const investorsOk = (r: number): boolean => {
      const from = invStart[r]!;
      const to = invStart[r + 1]!;
      if (investorSet) {
        for (let i = from; i < to; i++) {
          if (investorSet.has(invId[i]!) && (lead === undefined || (invLead[i] === 1) === lead)) return true;
        }
        return false;
      }
      if (lead === undefined) return true;
      let hasLead = false;
      for (let i = from; i < to; i++) if (invLead[i] === 1) hasLead = true;
      return hasLead === lead;
    };
    const roundOk = (r: number): boolean => {
      if (codeMask[code[r]!] !== 1) return false;
      const d = date[r]!;
      if (d < dateLo || d > dateHi) return false;
      if (byAmount) {
        const a = amount[r]!;
        if (!(a >= amountLo && a <= amountHi)) return false;
      }
      return investorsOk(r);
    };

    // Candidates for materialising: the clusters' date slices, or the investors' rounds.
    const slices: { cluster: Cluster; from: number; to: number }[] = [];
    let clusterRounds = 0;
    for (const id of codeIdList ?? this.clusters.keys()) {
      const cluster = this.clusters[id]!;
      const from = dateRange ? cluster.lower(dateLo) : 0;
      const to = dateRange ? cluster.upper(dateHi) : cluster.date.length;
      if (from < to) slices.push({ cluster, from, to });
      clusterRounds += to - from;
    }
    if (clusterRounds === 0) return EMPTY_CLAUSE;
    let investorRounds = Number.POSITIVE_INFINITY;
    if (uuids) {
      investorRounds = 0;
      for (const l of investorLists) investorRounds += l.length;
    }
    const byInvestor = investorRounds * ROUND_BY_ID_COST < clusterRounds * CLUSTER_ROUND_COST;
    if (!byInvestor) investorLists = [];
    const candidates = Math.min(clusterRounds, investorRounds);
    const dense = candidates * 32 > space.size;
    const companyStart = this.companyStart.data;
    const company = this.company.data;
    const perCompany = this.company.length / Math.max(1, space.size);

    /** Calls `emit` with the company of every matching candidate round. */
    const visit = (emit: (p: number) => void): void => {
      if (byInvestor) {
        for (const list of investorLists) {
          const rounds = list.data;
          for (let i = 0; i < list.length; i++) {
            const r = rounds[i]!;
            if (roundOk(r)) emit(company[r]!);
          }
        }
        return;
      }
      const checkInvestors = investorSet !== null;
      const checkLead = !checkInvestors && lead !== undefined;
      for (const { cluster, from, to } of slices) {
        const amounts = cluster.amount.data;
        const led = cluster.led.data;
        const companies = cluster.company.data;
        const ids = cluster.round.data;
        for (let i = from; i < to; i++) {
          if (byAmount) {
            const a = amounts[i]!;
            if (!(a >= amountLo && a <= amountHi)) continue;
          }
          if (checkLead && (led[i] === 1) !== lead) continue;
          if (checkInvestors && !investorsOk(ids[i]!)) continue;
          emit(companies[i]!);
        }
      }
    };

    return {
      estimate: Math.min(candidates, space.size),
      testCost: TEST_COMPANY_COST + perCompany * TEST_ROUND_COST,
      materializeCost:
        (byInvestor ? investorRounds * ROUND_BY_ID_COST : clusterRounds * CLUSTER_ROUND_COST) +
        (dense ? space.wordCap * WORD_COST : 0) +
        candidates * MARK_COST,
      test: (p) => {
        const to = companyStart[p + 1]!;
        for (let r = companyStart[p]!; r < to; r++) if (roundOk(r)) return true;
        return false;
      },
      materialize: (): DocSet => {
        if (!dense) {
          const out = space.scratch.list(candidates);
          let k = 0;
          visit((p) => {
            out[k++] = p;
          });
          return setFromPositions(out.subarray(0, k), space);
        }
        const words = space.scratch.words();
        let count = 0;
        visit((p) => {
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
      ...this.investorRounds,
    ])
      b += v.data.byteLength;
    for (const c of this.clusters) b += c.bytes();
    return b;
  }
}
