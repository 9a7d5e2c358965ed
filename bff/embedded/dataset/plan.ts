/**
 * The plan of a dataset (seed, count): where the special companies sit (real anchors, real investor
 * firms, generated funds), which companies are forced to carry a rare value (every funding stage,
 * ownership and, at 20,000 companies and more, every HQ country occurs), the investor pools rounds
 * draw from, and the results of a pre-pass over every company's core facts:
 *
 * - renames: the identity variant of a generated company whose first name or domain was taken;
 * - inbound references of special companies: an investor's portfolio (its most recent investments),
 *   an acquirer's acquisitions, a parent's subsidiaries;
 * - notables: the most prominent generated companies, named as partners and customers.
 *
 * The pre-pass runs once (`buildPlan`); `PlanData` carries its results to seeding workers, which
 * rebuild the rest of the plan from (seed, count, today) and so generate identical companies.
 */
import { FUNDING_STAGES, OWNERSHIP_CATEGORIES } from '../../contract/enums';
import { COUNTRIES } from '../../contract/geo';
import { normalizeText } from '../../contract/text';
import { ANCHORS, type AnchorSpec } from './anchors';
import { assignIdentity, computeCore } from './core';
import {
  investorCountRange,
  KIND_GROUP_WEIGHT,
  monthOf,
  POOL_GROUPS,
  type PoolGroup,
  poolGroupOf,
} from './funding';
import { HQ_CITIES } from './hq-cities';
import { DOMAIN_VARIANTS, makeDomain, uuidOf } from './identity';
import { INVESTOR_INDUSTRY, industryOf } from './industries';
import { INVESTORS, type InvestorKind, type InvestorSpec } from './investors';
import { cityWord, coinedWord, compoundWord, cultureOf, surnameOf } from './names';
import { COUNTRY_CODES, COUNTRY_WEIGHT_LIST, mainCity, pickCity } from './places';
import { getOrCreate, hash52, hashInts, Rng, WeightedTable } from './random';
import type { Forced, SpecialInfo } from './special';
import type { Industry } from './taxonomy';

export const DEFAULT_TODAY = '2026-11-01';

type RefEntry = { idx: number; uuid: string; name: string };
type InvestmentEntry = RefEntry & {
  date: string;
  round: string;
  amount: number | null;
  lead: boolean;
};
type AcquisitionEntry = RefEntry & { date: string; amount: number | null };
type SubsidiaryEntry = RefEntry & { since: string | null };

/** What points at a special company, most recent first, capped; counts are totals. */
export type Inbound = {
  investments: InvestmentEntry[];
  investmentCount: number;
  portfolioCount: number;
  leadCount: number;
  acquisitions: AcquisitionEntry[];
  acquisitionCount: number;
  subsidiaries: SubsidiaryEntry[];
  subsidiaryCount: number;
};

export type Notable = RefEntry & {
  industry: string;
  sector: string;
  country: string;
  founded: number;
  prominence: number;
};

export type PlanData = {
  renames: [number, number][];
  inbound: [number, Inbound][];
  notables: Notable[];
};

/** How many recent entries a special company lists. */
const MAX_INVESTMENTS = 40;
const MAX_ACQUISITIONS = 25;
const MAX_SUBSIDIARIES = 30;
const NOTABLES = 300;

const FUND_KINDS: readonly InvestorKind[] = [
  'seed',
  'venture',
  'growth',
  'accelerator',
  'angel',
  'private_equity',
  'debt',
  'family_office',
  'hedge_fund',
  'asset_manager',
  'pension',
  'investment_bank',
];
const FUND_KIND_WEIGHTS = [30, 32, 8, 4, 8, 10, 5, 3, 2, 2, 1, 1.5];
const FUND_EMPLOYEES: Readonly<Record<InvestorKind, [number, number]>> = {
  accelerator: [5, 30],
  angel: [2, 10],
  seed: [3, 15],
  venture: [8, 40],
  growth: [15, 80],
  private_equity: [20, 200],
  corporate: [10, 40],
  debt: [8, 40],
  sovereign: [100, 1000],
  public_agency: [20, 200],
  family_office: [5, 40],
  hedge_fund: [20, 300],
  asset_manager: [50, 800],
  pension: [100, 900],
  investment_bank: [50, 600],
};
const FUND_SUFFIX: Partial<Record<InvestorKind, readonly string[]>> = {
  accelerator: ['Accelerator', 'Launchpad', 'Startup Studio', 'Labs'],
  angel: ['Angels', 'Angel Network', 'Angel Club', 'Business Angels'],
  seed: ['Ventures', 'Seed Fund', 'Capital', 'VC'],
  venture: ['Ventures', 'Venture Partners', 'Capital', 'Partners'],
  growth: ['Growth', 'Growth Partners', 'Growth Equity', 'Capital'],
  private_equity: ['Equity Partners', 'Capital Partners', 'Private Equity', 'Partners'],
  debt: ['Credit', 'Venture Lending', 'Debt Partners', 'Capital'],
  family_office: ['Family Office', 'Family Holdings', 'Family Investments'],
  hedge_fund: ['Capital Management', 'Asset Management', 'Investments', 'Partners'],
  asset_manager: ['Asset Management', 'Investors', 'Investment Management', 'Global Investors'],
  pension: ['Pension Fund', 'Retirement Fund', 'Pensions'],
  investment_bank: ['Securities', 'Capital Markets', '& Co.', 'Partners'],
};

const TIER_WEIGHT = [0, 8, 4, 2, 1.5];

type Pool = { global: WeightedTable<number> | null; local: Map<string, WeightedTable<number>> };

const COUNTRY_TABLE = new WeightedTable(COUNTRY_CODES, COUNTRY_WEIGHT_LIST);

export class Plan {
  readonly seed: number;
  readonly count: number;
  readonly today: string;
  readonly todayYear: number;
  readonly todayMonth: number;
  readonly todayDay: number;
  private readonly specials = new Map<number, SpecialInfo>();
  private readonly specialByName = new Map<string, number>();
  private readonly forced = new Map<number, Forced>();
  private readonly renames = new Map<number, number>();
  private readonly inbound = new Map<number, Inbound>();
  private readonly pools = new Map<PoolGroup, Pool>();
  private strategicAll: WeightedTable<number> | null = null;
  private readonly strategicBySector = new Map<string, WeightedTable<number>>();
  private peFirms: WeightedTable<number> | null = null;
  notables: Notable[] = [];

  constructor(seed: number, count: number, today = DEFAULT_TODAY, data?: PlanData) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`today must be YYYY-MM-DD, got ${today}`);
    this.seed = seed;
    this.count = count;
    this.today = today;
    this.todayYear = Number(today.slice(0, 4));
    this.todayMonth = monthOf(this.todayYear, Number(today.slice(5, 7)));
    this.todayDay = Number(today.slice(8, 10));
    this.placeSpecials();
    this.placeForced();
    this.buildPools();
    if (data) {
      for (const [idx, attempt] of data.renames) this.renames.set(idx, attempt);
      for (const [idx, inbound] of data.inbound) this.inbound.set(idx, inbound);
      this.notables = data.notables;
    }
  }

  special(idx: number): SpecialInfo | undefined {
    return this.specials.get(idx);
  }

  specialList(): SpecialInfo[] {
    return [...this.specials.values()].sort((a, b) => a.idx - b.idx);
  }

  idxOfName(name: string): number | undefined {
    return this.specialByName.get(name);
  }

  forcedAt(idx: number): Forced | undefined {
    return this.forced.get(idx);
  }

  attemptOf(idx: number): number {
    return this.renames.get(idx) ?? 0;
  }

  inboundOf(idx: number): Inbound | undefined {
    return this.inbound.get(idx);
  }

  drawCountry(rng: Rng): string {
    return COUNTRY_TABLE.draw(rng);
  }

  data(): PlanData {
    return { renames: [...this.renames], inbound: [...this.inbound], notables: this.notables };
  }

  // -------------------------------------------------------------------------------------------
  // Layout

  private placeSpecials(): void {
    type Slot = { anchor?: AnchorSpec; investor?: InvestorSpec; fund?: number };
    const slots: Slot[] = [];
    if (this.count >= 1000) {
      for (const anchor of ANCHORS) slots.push({ anchor });
      for (const investor of INVESTORS) slots.push({ investor });
    }
    const funds =
      this.count >= 1000
        ? Math.max(FUND_KINDS.length, Math.round(this.count * 0.004))
        : Math.min(8, Math.floor(this.count / 25));
    for (let i = 0; i < funds; i++) slots.push({ fund: i });
    const rng = Rng.for(this.seed, -1, 'layout');
    const order = rng.sample(slots, slots.length);
    const taken = { names: new Set<string>(), domains: new Set<string>() };
    // Real firms first, so a generated fund never takes a real name.
    const withIdx = order.map((slot, k) => ({
      slot,
      idx: Math.floor(((k + 0.5) * this.count) / order.length),
    }));
    for (const { slot, idx } of withIdx) {
      if (slot.anchor) this.addSpecial(this.anchorInfo(idx, slot.anchor), taken);
      if (slot.investor) this.addSpecial(this.investorInfo(idx, slot.investor), taken);
    }
    for (const { slot, idx } of withIdx) {
      if (slot.fund !== undefined) this.addSpecial(this.fundInfo(idx, slot.fund, taken), taken);
    }
  }

  private addSpecial(info: SpecialInfo, taken: { names: Set<string>; domains: Set<string> }): void {
    this.specials.set(info.idx, info);
    this.specialByName.set(info.name, info.idx);
    taken.names.add(normalizeText(info.name));
    taken.domains.add(info.domain);
  }

  private anchorInfo(idx: number, a: AnchorSpec): SpecialInfo {
    return {
      idx,
      kind: 'anchor',
      name: a.name,
      uuid: uuidOf(idx, a.name),
      domain: a.domain,
      website: a.website ?? `https://www.${a.domain}`,
      country: a.country,
      city: HQ_CITIES[a.name] ?? mainCity(a.country),
      founded: a.founded,
      industry: industryOf(a.industry),
      investorKind: null,
      tier: 0,
      employees: a.employees,
      anchor: a,
      investor: null,
    };
  }

  private investorInfo(idx: number, s: InvestorSpec): SpecialInfo {
    return {
      idx,
      kind: 'investor',
      name: s.name,
      uuid: uuidOf(idx, s.name),
      domain: s.domain,
      website: s.website ?? `https://www.${s.domain}`,
      country: s.country,
      city: HQ_CITIES[s.name] ?? mainCity(s.country),
      founded: s.founded,
      industry: industryOf(INVESTOR_INDUSTRY[s.kind]),
      investorKind: s.kind,
      tier: s.tier,
      employees: s.employees,
      anchor: null,
      investor: s,
    };
  }

  private fundInfo(
    idx: number,
    ordinal: number,
    taken: { names: Set<string>; domains: Set<string> },
  ): SpecialInfo {
    const rng = Rng.for(this.seed, idx, 'fund');
    const kind =
      ordinal < FUND_KINDS.length ? FUND_KINDS[ordinal]! : rng.weighted(FUND_KINDS, FUND_KIND_WEIGHTS);
    const country = rng.chance(0.45) ? 'USA' : COUNTRY_TABLE.draw(rng);
    const city = pickCity(rng, country);
    const culture = cultureOf(country, []);
    const founded =
      this.todayYear - Math.min(45, Math.max(1, Math.round(Math.exp(rng.normal(Math.log(10), 0.6)))));
    const [lo, hi] = FUND_EMPLOYEES[kind];
    for (let attempt = 0; ; attempt++) {
      const r = rng.next();
      const head = r < 0.45 ? compoundWord(rng) : r < 0.7 ? coinedWord(rng) : surnameOf(rng, culture);
      const name = `${head} ${rng.pick(FUND_SUFFIX[kind] ?? ['Capital'])}${attempt > 4 ? ` ${cityWord(city)}` : ''}`;
      const { domain, website } = makeDomain(rng, name, {
        country,
        tech: 0.3,
        ai: 1,
        international: false,
        fund: true,
      });
      if (taken.names.has(normalizeText(name)) || taken.domains.has(domain)) continue;
      return {
        idx,
        kind: 'fund',
        name,
        uuid: uuidOf(idx, name),
        domain,
        website,
        country,
        city,
        founded,
        industry: industryOf(INVESTOR_INDUSTRY[kind]),
        investorKind: kind,
        tier: 4,
        employees: rng.int(lo, hi),
        anchor: null,
        investor: null,
      };
    }
  }

  /** Rare values at fixed positions so that every one occurs (see the module comment). */
  private placeForced(): void {
    const traits: Forced[] = [];
    if (this.count >= 1000) {
      for (const s of FUNDING_STAGES) traits.push({ stage: s.code }, { stage: s.code });
      for (const o of OWNERSHIP_CATEGORIES) traits.push({ ownership: o.code }, { ownership: o.code });
    }
    if (this.count >= 20_000) for (const c of COUNTRIES) traits.push({ country: c.code });
    let j = 0;
    for (const trait of traits) {
      for (;;) {
        const idx = hashInts(this.seed, 0xf0, j++) % this.count;
        if (this.specials.has(idx) || this.forced.has(idx)) continue;
        this.forced.set(idx, trait);
        break;
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // Investors and acquirers

  private buildPools(): void {
    const investors = [...this.specials.values()].filter((s) => s.investorKind !== null);
    for (const group of POOL_GROUPS) {
      const members: number[] = [];
      const weights: number[] = [];
      const byCountry = new Map<string, { members: number[]; weights: number[] }>();
      for (const s of investors) {
        const w = (KIND_GROUP_WEIGHT[s.investorKind!][group] ?? 0) * TIER_WEIGHT[s.tier]!;
        if (w <= 0) continue;
        members.push(s.idx);
        weights.push(w);
        const local = getOrCreate(byCountry, s.country, () => ({
          members: [] as number[],
          weights: [] as number[],
        }));
        local.members.push(s.idx);
        local.weights.push(w);
      }
      const local = new Map<string, WeightedTable<number>>();
      for (const [country, l] of byCountry) local.set(country, new WeightedTable(l.members, l.weights));
      this.pools.set(group, {
        global: members.length > 0 ? new WeightedTable(members, weights) : null,
        local,
      });
    }

    const strategic = [...this.specials.values()].filter(
      (s) =>
        s.kind === 'anchor' &&
        s.anchor!.acquired === undefined &&
        s.employees >= 2000 &&
        !s.industry.investorKind,
    );
    if (strategic.length > 0) {
      const weightOf = (s: SpecialInfo) => Math.log10(s.employees) ** 2;
      this.strategicAll = new WeightedTable(
        strategic.map((s) => s.idx),
        strategic.map(weightOf),
      );
      const sectors = new Set(strategic.map((s) => s.industry.sector));
      for (const sector of sectors) {
        const list = strategic.filter((s) => s.industry.sector === sector);
        this.strategicBySector.set(
          sector,
          new WeightedTable(
            list.map((s) => s.idx),
            list.map(weightOf),
          ),
        );
      }
    }
    const pe = investors.filter((s) => s.investorKind === 'private_equity');
    if (pe.length > 0) {
      this.peFirms = new WeightedTable(
        pe.map((s) => s.idx),
        pe.map((s) => TIER_WEIGHT[s.tier]!),
      );
    }
  }

  private poolFor(group: PoolGroup): Pool | undefined {
    const pool = this.pools.get(group);
    if (pool?.global) return pool;
    // Small datasets lack some kinds of investors: fall back to the closest group that has some.
    const fallback: Partial<Record<PoolGroup, PoolGroup>> = {
      cvc: 'late',
      public: 'late',
      grant: 'accelerator',
      late: 'early',
      early: 'seed',
      angel: 'seed',
      accelerator: 'seed',
    };
    const next = fallback[group];
    return next ? this.poolFor(next) : undefined;
  }

  private drawFrom(rng: Rng, pool: Pool, country: string, localOnly: boolean): number | null {
    const local = pool.local.get(country);
    if (localOnly) return local ? local.draw(rng) : null;
    return local && rng.chance(0.25) ? local.draw(rng) : pool.global!.draw(rng);
  }

  /** Investors of one round: the lead first (when the round has one), then the others. */
  pickInvestors(
    rng: Rng,
    stage: string,
    country: string,
    year: number,
    previousLeads: readonly number[],
    group?: PoolGroup,
  ): { idx: number; lead: boolean }[] {
    const g = group ?? poolGroupOf(stage);
    if (!g) return [];
    const pool = this.poolFor(g);
    if (!pool) return [];
    const [lo, hi] = investorCountRange(stage);
    const n = rng.int(lo, hi);
    const chosen: number[] = [];
    const followers = g === 'cvc' ? (this.poolFor('early') ?? pool) : pool;
    // Public grants come from the company's own country's agencies.
    const localOnly = g === 'grant';
    for (let i = 0; i < n; i++) {
      const from = i === 0 ? pool : followers;
      for (let tries = 0; tries < 6; tries++) {
        const idx = this.drawFrom(rng, from, country, localOnly);
        if (idx === null) break;
        // An investor founded after the round cannot have joined it.
        if (!chosen.includes(idx) && this.specials.get(idx)!.founded <= year) {
          chosen.push(idx);
          break;
        }
      }
    }
    const followOn =
      g !== 'debt' && g !== 'pe' && g !== 'grant' && previousLeads.length > 0 && rng.chance(0.5);
    if (followOn) {
      const prev = previousLeads[previousLeads.length - 1]!;
      if (!chosen.includes(prev)) chosen.push(prev);
    }
    const hasLead = chosen.length > 0 && rng.chance(0.92);
    return chosen.map((idx, i) => ({ idx, lead: hasLead && i === 0 }));
  }

  /**
   * An acquirer (or parent) for a company of `industry`: a private equity firm or a large anchor,
   * one that existed in `year`.
   */
  pickAcquirer(rng: Rng, industry: Industry, privateEquity: boolean, year: number): number | null {
    const sector = this.strategicBySector.get(industry.sector);
    for (let tries = 0; tries < 8; tries++) {
      const table =
        privateEquity && this.peFirms
          ? this.peFirms
          : sector && rng.chance(0.65)
            ? sector
            : (this.strategicAll ?? this.peFirms);
      if (!table) return null;
      const idx = table.draw(rng);
      if (this.specials.get(idx)!.founded <= year) return idx;
    }
    return null;
  }

  // -------------------------------------------------------------------------------------------
  // Pre-pass results

  setRename(idx: number, attempt: number): void {
    this.renames.set(idx, attempt);
  }

  setInbound(idx: number, inbound: Inbound): void {
    this.inbound.set(idx, inbound);
  }
}

// ---------------------------------------------------------------------------------------------

function emptyCollecting(): Collecting {
  return {
    investments: [],
    acquisitions: [],
    subsidiaries: [],
    counts: { investmentCount: 0, portfolioCount: 0, leadCount: 0, acquisitionCount: 0, subsidiaryCount: 0 },
  };
}

/** Entries while the pre-pass collects them: `key` orders them, most recent first. */
type Keyed<T> = { key: number; entry: T };

/** 2026-03-14 -> 20260314; undated entries sort last. */
function dateKey(date: string | null): number {
  return date
    ? Number(date.slice(0, 4)) * 10000 + Number(date.slice(5, 7)) * 100 + Number(date.slice(8, 10))
    : 0;
}

function byRecency<T extends { idx: number }>(a: Keyed<T>, b: Keyed<T>): number {
  return b.key - a.key || a.entry.idx - b.entry.idx;
}

function trim<T extends { idx: number }>(list: Keyed<T>[], max: number): void {
  if (list.length <= max) return;
  list.sort(byRecency);
  list.length = max;
}

type Collecting = {
  investments: Keyed<InvestmentEntry>[];
  acquisitions: Keyed<AcquisitionEntry>[];
  subsidiaries: Keyed<SubsidiaryEntry>[];
  counts: Omit<Inbound, 'investments' | 'acquisitions' | 'subsidiaries'>;
};

/**
 * The full plan: layout, then one pass over every company's core facts. Takes a few seconds per
 * hundred thousand companies and keeps only names, domains and capped reference lists in memory.
 */
export function buildPlan(seed: number, count: number, today = DEFAULT_TODAY): Plan {
  const plan = new Plan(seed, count, today);
  const names = new Set<number>();
  const domains = new Set<number>();
  for (const s of plan.specialList()) {
    names.add(hash52(normalizeText(s.name)));
    domains.add(hash52(s.domain));
  }
  const inbound = new Map<number, Collecting>();
  const lastCompany = new Map<number, number>();
  const inboundOf = (idx: number) => getOrCreate(inbound, idx, emptyCollecting);
  let notables: Notable[] = [];
  let notableFloor = Number.NEGATIVE_INFINITY;

  for (let idx = 0; idx < count; idx++) {
    const core = computeCore(plan, idx);
    if (core.kind === 'generated') {
      let variant = 0;
      let key = hash52(normalizeText(core.name));
      let domain = hash52(core.domain);
      for (;;) {
        if (names.has(key)) variant = (Math.floor(variant / DOMAIN_VARIANTS) + 1) * DOMAIN_VARIANTS;
        else if (domains.has(domain)) variant++;
        else break;
        assignIdentity(plan, core, variant);
        key = hash52(normalizeText(core.name));
        domain = hash52(core.domain);
      }
      if (variant > 0) plan.setRename(idx, variant);
      names.add(key);
      domains.add(domain);
      if ((core.status === 'operating' || core.status === 'ipo') && core.prominence > notableFloor) {
        notables.push({
          idx,
          uuid: core.uuid,
          name: core.name,
          industry: core.industry.code,
          sector: core.industry.sector,
          country: core.country,
          founded: core.founded,
          prominence: core.prominence,
        });
        if (notables.length > NOTABLES * 2) {
          notables = topNotables(notables);
          notableFloor = notables[notables.length - 1]!.prominence;
        }
      }
    }
    const ref = { idx, uuid: core.uuid, name: core.name };
    for (let r = 0; r < core.rounds.length; r++) {
      const round = core.rounds[r]!;
      // Later rounds of one company on the same day sort first.
      const key = dateKey(round.date) + r / 100;
      for (const inv of round.investors) {
        const entry = inboundOf(inv.idx);
        const investment = {
          ...ref,
          date: round.date,
          round: round.stage,
          amount: round.amount,
          lead: inv.lead,
        };
        entry.investments.push({ key, entry: investment });
        entry.counts.investmentCount++;
        if (inv.lead) entry.counts.leadCount++;
        if (lastCompany.get(inv.idx) !== idx) {
          entry.counts.portfolioCount++;
          lastCompany.set(inv.idx, idx);
        }
        if (entry.investments.length > MAX_INVESTMENTS * 8) trim(entry.investments, MAX_INVESTMENTS);
      }
    }
    if (core.parent) {
      const entry = inboundOf(core.parent.idx);
      const key = dateKey(core.parent.date);
      if (core.parent.acquired && core.parent.date) {
        entry.acquisitions.push({
          key,
          entry: { ...ref, date: core.parent.date, amount: core.parent.amount },
        });
        entry.counts.acquisitionCount++;
        if (entry.acquisitions.length > MAX_ACQUISITIONS * 8) trim(entry.acquisitions, MAX_ACQUISITIONS);
      }
      entry.subsidiaries.push({ key, entry: { ...ref, since: core.parent.date } });
      entry.counts.subsidiaryCount++;
      if (entry.subsidiaries.length > MAX_SUBSIDIARIES * 8) trim(entry.subsidiaries, MAX_SUBSIDIARIES);
    }
  }
  for (const [idx, c] of [...inbound].sort((a, b) => a[0] - b[0])) {
    trim(c.investments, MAX_INVESTMENTS);
    trim(c.acquisitions, MAX_ACQUISITIONS);
    trim(c.subsidiaries, MAX_SUBSIDIARIES);
    plan.setInbound(idx, {
      ...c.counts,
      investments: c.investments.sort(byRecency).map((k) => k.entry),
      acquisitions: c.acquisitions.sort(byRecency).map((k) => k.entry),
      subsidiaries: c.subsidiaries.sort(byRecency).map((k) => k.entry),
    });
  }
  plan.notables = topNotables(notables);
  return plan;
}

function topNotables(list: Notable[]): Notable[] {
  return [...list].sort((a, b) => b.prominence - a.prominence || a.idx - b.idx).slice(0, NOTABLES);
}
