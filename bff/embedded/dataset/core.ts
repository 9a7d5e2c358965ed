/**
 * The core facts of a company: who it is (industry, country, founding), how it is owned and financed
 * (its path: venture-backed, listed, acquired, family-owned, ...), its funding rounds, size and value.
 * Everything else (the 17 sections' details and texts) is derived from these in sections.ts.
 *
 * Core facts are a pure function of (plan, index): the plan's pre-pass computes them once for every
 * company to collect cross-references (portfolios, acquisitions, unique names), and the generator
 * computes them again when it writes the company.
 */

import { regionAncestors } from '../../contract/geo';
import type { OwnershipCode } from './anchors';
import { ACQUISITION_VALUES_B, PRIVATE_VALUATIONS_B } from './anchors';
import {
  isoDate,
  isPriced,
  LADDER,
  LADDER_WEIGHTS,
  ladderIndex,
  monthOf,
  type PoolGroup,
  roundAmount,
  roundMoney,
  stageMedian,
  yearOfMonth,
} from './funding';
import { DOMAIN_VARIANTS, makeDomain, uuidOf } from './identity';
import {
  employeeOwnedShare,
  industryOf,
  nonprofitShare,
  OPERATING_INDUSTRIES,
  OPERATING_INDUSTRY_TABLE,
  revenuePerEmployee,
  stateShare,
  TOKEN_INDUSTRIES,
} from './industries';
import type { InvestorKind } from './investors';
import { cityWord, companyName, cultureOf, type NameStyle, surnameOf } from './names';
import { pickCity } from './places';
import { Rng } from './random';
import type { Forced, SpecialInfo } from './special';
import type { Industry } from './taxonomy';

export type Path =
  | 'venture'
  | 'public'
  | 'acquired'
  | 'private_equity'
  | 'bootstrapped'
  | 'family'
  | 'employee'
  | 'corporate'
  | 'state'
  | 'nonprofit'
  | 'investor';

export type Status = 'operating' | 'ipo' | 'acquired' | 'closed';

type CoreRound = {
  stage: string;
  month: number;
  date: string;
  amount: number | null;
  postMoney: number | null;
  investors: { idx: number; lead: boolean }[];
};

type ParentLink = {
  idx: number;
  /** True when the parent bought the company (mna acquired_by), false for a subsidiary it created. */
  acquired: boolean;
  month: number | null;
  date: string | null;
  amount: number | null;
};

export type Core = {
  idx: number;
  kind: 'generated' | 'anchor' | 'investor' | 'fund';
  special: SpecialInfo | null;
  industry: Industry;
  secondary: Industry | null;
  country: string;
  region: string[];
  city: string;
  founded: number;
  path: Path;
  ownership: OwnershipCode;
  status: Status;
  companyType: 'public' | 'private';
  listedYear: number | null;
  parent: ParentLink | null;
  /** Last month the company existed as itself (closure month, or the current month). */
  endMonth: number;
  closedDate: string | null;
  employees: number;
  /** Annual headcount growth as a fraction (0.25 = +25% a year). */
  growth: number;
  revenue: number;
  valuation: number | null;
  rounds: CoreRound[];
  fundingStage: string | null;
  totalFunding: number;
  /** Latent company quality around 1: strong companies raise more, grow faster, are better known. */
  quality: number;
  prominence: number;
  /** True for companies that sell internationally (decides domains, markets, offices). */
  international: boolean;
  investorKind: InvestorKind | null;
  name: string;
  domain: string;
  website: string;
  uuid: string;
};

// ---------------------------------------------------------------------------------------------

/**
 * What the core generator reads of the plan (plan.ts): its seed and date, the companies it placed by
 * name, and the draws that need the whole data set (investors, acquirers). Written as a shape so
 * that the plan, which runs the core in its pre-pass, and the core do not import each other.
 */
export type Plan = {
  readonly seed: number;
  readonly todayYear: number;
  readonly todayMonth: number;
  special(idx: number): SpecialInfo | undefined;
  idxOfName(name: string): number | undefined;
  forcedAt(idx: number): Forced | undefined;
  attemptOf(idx: number): number;
  drawCountry(rng: Rng): string;
  pickAcquirer(rng: Rng, industry: Industry, privateEquity: boolean, year: number): number | null;
  pickInvestors(
    rng: Rng,
    stage: string,
    country: string,
    year: number,
    previousLeads: readonly number[],
    group?: PoolGroup,
  ): { idx: number; lead: boolean }[];
};

export function computeCore(plan: Plan, idx: number): Core {
  const special = plan.special(idx);
  const core = special ? specialCore(plan, special) : generatedCore(plan, idx);
  core.prominence = prominenceOf(plan, core);
  return core;
}

function baseCore(idx: number, special: SpecialInfo | null, industry: Industry, country: string): Core {
  return {
    idx,
    kind: special ? special.kind : 'generated',
    special,
    industry,
    secondary: null,
    country,
    region: regionAncestors(country),
    city: '',
    founded: 2000,
    path: 'bootstrapped',
    ownership: 'founder_individual_operated_bootstrapped',
    status: 'operating',
    companyType: 'private',
    listedYear: null,
    parent: null,
    endMonth: 0,
    closedDate: null,
    employees: 1,
    growth: 0,
    revenue: 0,
    valuation: null,
    rounds: [],
    fundingStage: null,
    totalFunding: 0,
    quality: 1,
    prominence: 0,
    international: false,
    investorKind: null,
    name: '',
    domain: '',
    website: '',
    uuid: '',
  };
}

// ---------------------------------------------------------------------------------------------
// Generated companies

function generatedCore(plan: Plan, idx: number): Core {
  const forced = plan.forcedAt(idx);
  const rng = Rng.for(plan.seed, idx, 'core');
  let industry = OPERATING_INDUSTRY_TABLE.draw(rng);
  if (forced?.stage === 'initial_coin_offering' && !TOKEN_INDUSTRIES.has(industry.code)) {
    industry = industryOf(rng.pick([...TOKEN_INDUSTRIES]));
  }
  const country = forced?.country ?? plan.drawCountry(rng);
  const c = baseCore(idx, null, industry, country);
  c.city = pickCity(rng, country);
  if (rng.chance(0.3)) {
    const sameSector = OPERATING_INDUSTRIES.filter(
      (i) => i.sector === industry.sector && i.code !== industry.code,
    );
    if (sameSector.length > 0) c.secondary = rng.pick(sameSector);
  }
  c.quality = Math.exp(rng.normal(0, 0.55));
  const tech = industry.techFocus;

  // Age: technology companies are young, traditional ones older.
  const medianAge = 5 + (1 - tech) * 18;
  let age = Math.round(Math.exp(rng.normal(Math.log(medianAge), 0.85)));
  age = Math.min(Math.max(age, 0), 160);
  c.founded = plan.todayYear - age;

  const path = forced ? forcedPath(forced, rng) : choosePath(plan, rng, c);
  const minAge = MIN_AGE[path] ?? 0;
  const stageK = forced?.stage ? ladderIndex(forced.stage) : -1;
  const needed = Math.max(minAge, stageK >= 0 ? 3 + Math.ceil(stageK * 1.9) : forced?.stage ? 6 : 0);
  if (plan.todayYear - c.founded < needed) c.founded = plan.todayYear - needed - rng.int(0, 4);
  c.path = path;
  c.international = rng.chance(0.15 + 0.45 * tech);

  const frng = Rng.for(plan.seed, idx, 'funding');
  switch (path) {
    case 'venture':
      ventureCompany(plan, frng, c, forced?.stage);
      break;
    case 'public':
      publicCompany(plan, frng, c, forced?.stage);
      break;
    case 'acquired':
      acquiredCompany(plan, frng, c);
      break;
    case 'private_equity':
      peCompany(plan, frng, c);
      break;
    case 'corporate':
      corporateCompany(plan, frng, c);
      break;
    case 'nonprofit':
      nonprofitCompany(plan, frng, c);
      break;
    default:
      plainCompany(c, path);
  }
  if (!forced && rng.chance(closeShare(plan, c))) {
    closeCompany(plan, frng, c);
  }
  sizeCompany(plan, Rng.for(plan.seed, idx, 'size'), c);
  finishFunding(c);
  assignIdentity(plan, c, plan.attemptOf(idx));
  return c;
}

const MIN_AGE: Partial<Record<Path, number>> = {
  public: 10,
  acquired: 4,
  private_equity: 8,
  family: 6,
  state: 5,
};

function closeShare(plan: Plan, c: Core): number {
  const age = plan.todayYear - c.founded;
  if (age < 3 || age > 40) return 0;
  if (c.path === 'venture') return 0.09;
  if (c.path === 'bootstrapped') return 0.05;
  if (c.path === 'family') return 0.02;
  return 0;
}

function forcedPath(forced: Forced, rng: Rng): Path {
  const stage = forced.stage;
  if (stage) {
    if (stage === 'public' || stage === 'post_ipo_equity' || stage === 'post_ipo_debt') return 'public';
    if (stage === 'acquired') return 'acquired';
    if (stage === 'private_equity') return 'private_equity';
    return 'venture';
  }
  switch (forced.ownership) {
    case 'public':
      return 'public';
    case 'corporate_owned':
      return rng.chance(0.5) ? 'corporate' : 'acquired';
    case 'family_owned':
      return 'family';
    case 'founder_individual_operated_bootstrapped':
      return 'bootstrapped';
    case 'management_employee_owned':
      return 'employee';
    case 'nonprofit_foundation_owned':
      return 'nonprofit';
    case 'private_equity_controlled':
      return 'private_equity';
    case 'state_government_owned':
      return 'state';
    case 'venture_growth_investor_backed':
      return 'venture';
    default:
      return choosePathFallback(rng);
  }
}

function choosePathFallback(rng: Rng): Path {
  return rng.chance(0.5) ? 'bootstrapped' : 'venture';
}

function choosePath(plan: Plan, rng: Rng, c: Core): Path {
  const u = rng.next();
  const st = stateShare(c.industry);
  if (u < st) return 'state';
  if (u < st + nonprofitShare(c.industry)) return 'nonprofit';
  const tech = c.industry.techFocus;
  const age = plan.todayYear - c.founded;
  const paths: Path[] = [
    'venture',
    'bootstrapped',
    'family',
    'employee',
    'private_equity',
    'public',
    'corporate',
    'acquired',
  ];
  const weights = [
    (0.04 + 0.55 * tech) * (age < 25 ? 1 : 0.2) * (c.founded >= 1995 ? 1 : 0.1),
    0.3,
    0.12 * (age > 20 ? 2.2 : 0.4) * (1.2 - tech),
    employeeOwnedShare(c.industry),
    0.055 * (age >= 8 ? 1 : 0),
    0.035 * (age >= 10 ? 1 + Math.min(age, 60) / 30 : 0),
    0.035,
    0.06 * (age >= 4 ? 1 : 0) * (0.5 + tech),
  ];
  return rng.weighted(paths, weights);
}

// ---------------------------------------------------------------------------------------------
// Rounds

type RoundOptions = {
  /** Venture rounds happen before this month (exclusive). */
  endMonth: number;
  /** The last ladder stage to reach (inclusive). */
  targetK: number;
  /** A stage the last round must have (forced coverage). */
  lastStage?: string | undefined;
  /** Months between rounds are capped (companies that must reach a late stage in time). */
  compress?: boolean;
  /** Allow extra round kinds (debt, corporate, crowd, token) at the end. */
  extras: boolean;
};

function dayIn(rng: Rng): number {
  return rng.int(1, 28);
}

function addRound(
  plan: Plan,
  rng: Rng,
  c: Core,
  stage: string,
  month: number,
  base?: number,
  group?: PoolGroup,
): CoreRound {
  const year = yearOfMonth(month);
  const amount = roundAmount(rng, stage, c.quality, c.country, year, base);
  const undisclosed = rng.chance(stage === 'angel' || stage === 'pre_seed' ? 0.12 : 0.04);
  const priced =
    isPriced(stage) && !undisclosed && rng.chance(stage === 'angel' || stage === 'crowdfunded' ? 0.5 : 0.85);
  const round: CoreRound = {
    stage,
    month,
    date: isoDate(month, dayIn(rng)),
    amount: undisclosed ? null : amount,
    postMoney: priced ? roundMoney(amount / (0.12 + rng.next() * 0.13)) : null,
    investors: [],
  };
  const previousLeads = c.rounds.flatMap((r) => r.investors.filter((i) => i.lead).map((i) => i.idx));
  round.investors = plan.pickInvestors(rng, stage, c.country, year, previousLeads, group);
  c.rounds.push(round);
  return round;
}

/** Months from one ladder stage to the next. */
function gapMonths(rng: Rng, k: number, compress: boolean): number {
  const lo = k <= 1 ? 8 : 12;
  const hi = k <= 1 ? 18 : k <= 3 ? 26 : 30;
  const gap = rng.int(lo, hi);
  return compress ? Math.min(gap, 16) : gap;
}

function ventureRounds(plan: Plan, rng: Rng, c: Core, o: RoundOptions): void {
  let m = monthOf(c.founded, 1) + rng.int(0, 12);
  const last = o.lastStage;
  // Prelude: an accelerator programme or an angel round before the first priced round.
  const prelude = rng.next();
  if (last === 'non_equity_assistance' || (!last && prelude < 0.1)) {
    if (m < o.endMonth) addRound(plan, rng, c, 'non_equity_assistance', m);
    m += rng.int(3, 9);
    if (last === 'non_equity_assistance') return;
  } else if (last === 'angel' || (!last && prelude < 0.22)) {
    if (m < o.endMonth) addRound(plan, rng, c, 'angel', m);
    m += rng.int(4, 12);
    if (last === 'angel') return;
  }
  const start = o.targetK === 0 || rng.chance(0.45) ? 0 : 1;
  let previous: number | null = null;
  for (let k = start; k <= o.targetK; k++) {
    if (k > start) m += gapMonths(rng, k, o.compress ?? false);
    if (m >= o.endMonth) break;
    const round = addRound(plan, rng, c, LADDER[k]!, m);
    // Each priced stage raises more than the one before it.
    if (round.amount !== null && previous !== null && round.amount < previous * 1.25) {
      const scale = round.postMoney === null ? 1 : round.postMoney / round.amount;
      round.amount = roundMoney(previous * (1.25 + rng.next() * 0.6));
      if (round.postMoney !== null) round.postMoney = roundMoney(round.amount * scale);
    }
    if (round.amount !== null) previous = round.amount;
  }
  if (c.rounds.length === 0) return;
  const lastK = ladderIndex(c.rounds[c.rounds.length - 1]!.stage);
  // An undisclosed series instead of the last label.
  if ((last === 'venture_funded' || (!last && o.extras && rng.chance(0.05))) && lastK >= 2) {
    const r = c.rounds[c.rounds.length - 1]!;
    r.stage = 'venture_funded';
  } else if (last === 'venture_funded') {
    m += gapMonths(rng, 3, true);
    if (m < o.endMonth) addRound(plan, rng, c, 'venture_funded', m, stageMedian(LADDER[Math.max(lastK, 2)]!));
  }
  if (!o.extras && !last) return;
  const extra = last ? (isExtraStage(last) ? last : null) : o.extras ? pickExtra(rng, c, lastK) : null;
  if (!extra) return;
  m += rng.int(5, 14);
  if (m >= o.endMonth) {
    if (!last) return;
    m = o.endMonth - 1;
  }
  const scale = stageMedian(LADDER[Math.max(lastK, 1)]!) / stageMedian('series_a');
  const base =
    extra === 'debt_funded' || extra === 'corporate_funded'
      ? stageMedian(extra) * Math.max(0.15, Math.min(scale, 6))
      : undefined;
  addRound(plan, rng, c, extra, m, base);
}

function isExtraStage(stage: string): boolean {
  return (
    ladderIndex(stage) === -1 &&
    stage !== 'venture_funded' &&
    stage !== 'angel' &&
    stage !== 'non_equity_assistance'
  );
}

function pickExtra(rng: Rng, c: Core, lastK: number): string | null {
  if (TOKEN_INDUSTRIES.has(c.industry.code) && rng.chance(0.25)) return 'initial_coin_offering';
  if (lastK >= 2 && rng.chance(0.08)) return 'debt_funded';
  if (lastK >= 1 && rng.chance(0.05)) return 'corporate_funded';
  if (lastK <= 3 && rng.chance(c.industry.consumerScale > 0.6 ? 0.08 : 0.015)) return 'crowdfunded';
  return null;
}

function drawTargetK(rng: Rng, age: number): number {
  const maxK = Math.min(LADDER.length - 1, Math.floor(age / 1.5) + 1);
  return rng.weightedIndex(LADDER_WEIGHTS.slice(0, maxK + 1));
}

// ---------------------------------------------------------------------------------------------
// Paths

function ventureCompany(plan: Plan, rng: Rng, c: Core, forcedStage?: string): void {
  const age = plan.todayYear - c.founded;
  const k = forcedStage ? ladderIndex(forcedStage) : -1;
  const targetK = k >= 0 ? k : forcedStage ? rng.int(1, 4) : drawTargetK(rng, age);
  ventureRounds(plan, rng, c, {
    endMonth: plan.todayMonth,
    targetK,
    lastStage: forcedStage,
    compress: forcedStage !== undefined,
    extras: true,
  });
  if (c.rounds.length === 0) {
    c.path = 'bootstrapped';
    c.ownership = 'founder_individual_operated_bootstrapped';
    return;
  }
  c.path = 'venture';
  c.ownership = 'venture_growth_investor_backed';
}

function publicCompany(plan: Plan, rng: Rng, c: Core, forcedStage?: string): void {
  c.path = 'public';
  c.companyType = 'public';
  c.ownership = 'public';
  const tech = c.industry.techFocus;
  if (c.founded >= 1995 && rng.chance(0.2 + 0.6 * tech)) {
    // Venture-backed before listing; the last private round is at least three years back.
    ventureRounds(plan, rng, c, {
      endMonth: monthOf(plan.todayYear - 3, 1),
      targetK: rng.int(3, 7),
      extras: false,
      compress: true,
    });
  }
  const post =
    forcedStage === 'post_ipo_equity' || forcedStage === 'post_ipo_debt'
      ? forcedStage
      : forcedStage === 'public'
        ? null
        : rng.chance(0.12)
          ? 'post_ipo_equity'
          : rng.chance(0.1)
            ? 'post_ipo_debt'
            : null;
  const lastRound = c.rounds[c.rounds.length - 1];
  const lo = (lastRound ? yearOfMonth(lastRound.month) : c.founded) + 1;
  const hi = plan.todayYear - (post ? 2 : 1);
  const wanted = lastRound ? lo + rng.int(0, 2) : c.founded + rng.int(6, 40);
  c.listedYear = Math.max(lo, Math.min(wanted, hi));
  c.status = c.listedYear >= plan.todayYear - 10 ? 'ipo' : 'operating';
  if (post && c.listedYear <= hi) {
    addRound(plan, rng, c, post, rng.int(monthOf(c.listedYear + 1, 1), plan.todayMonth - 1));
  }
}

function acquiredCompany(plan: Plan, rng: Rng, c: Core): void {
  const age = plan.todayYear - c.founded;
  const acqMonth = Math.min(
    plan.todayMonth - 1,
    monthOf(c.founded, 1) + rng.int(36, Math.max(37, age * 12 - 1)),
  );
  if (c.founded >= 1995 && rng.chance(0.25 + 0.5 * c.industry.techFocus)) {
    ventureRounds(plan, rng, c, {
      endMonth: acqMonth - 3,
      targetK: drawTargetK(rng, Math.max(1, yearOfMonth(acqMonth) - c.founded)),
      extras: true,
    });
  }
  const pe = rng.chance(0.3);
  const acquirer = plan.pickAcquirer(rng, c.industry, pe, yearOfMonth(acqMonth));
  if (acquirer === null) {
    // No acquirer in a tiny dataset: the company stays independent.
    c.path = c.rounds.length > 0 ? 'venture' : 'bootstrapped';
    c.ownership =
      c.rounds.length > 0 ? 'venture_growth_investor_backed' : 'founder_individual_operated_bootstrapped';
    return;
  }
  const byPe = plan.special(acquirer)?.investorKind === 'private_equity';
  c.path = 'acquired';
  c.status = 'acquired';
  c.ownership = byPe ? 'private_equity_controlled' : 'corporate_owned';
  c.parent = {
    idx: acquirer,
    acquired: true,
    month: acqMonth,
    date: isoDate(acqMonth, dayIn(rng)),
    amount: null,
  };
}

function peCompany(plan: Plan, rng: Rng, c: Core): void {
  c.path = 'private_equity';
  c.ownership = 'private_equity_controlled';
  if (c.founded >= 1998 && rng.chance(0.3 * (0.3 + c.industry.techFocus))) {
    ventureRounds(plan, rng, c, {
      endMonth: plan.todayMonth - 24,
      targetK: rng.int(1, 4),
      extras: false,
    });
  }
  const last = c.rounds[c.rounds.length - 1];
  // Buyouts of the last fifteen years (the firms doing them are mostly younger than that).
  const earliest = Math.max(
    last ? last.month + 12 : 0,
    monthOf(Math.max(c.founded + 6, plan.todayYear - 15), 1),
  );
  const month = earliest >= plan.todayMonth ? plan.todayMonth - 1 : rng.int(earliest, plan.todayMonth - 1);
  const round = addRound(plan, rng, c, 'private_equity', month);
  const lead = round.investors.find((i) => i.lead) ?? round.investors[0];
  if (lead) c.parent = { idx: lead.idx, acquired: false, month, date: round.date, amount: round.amount };
}

function corporateCompany(plan: Plan, rng: Rng, c: Core): void {
  const parent = plan.pickAcquirer(rng, c.industry, false, plan.todayYear);
  if (parent === null) {
    plainCompany(c, 'bootstrapped');
    return;
  }
  c.path = 'corporate';
  c.ownership = 'corporate_owned';
  c.parent = { idx: parent, acquired: false, month: null, date: null, amount: null };
}

function nonprofitCompany(plan: Plan, rng: Rng, c: Core): void {
  c.path = 'nonprofit';
  c.ownership = 'nonprofit_foundation_owned';
  if (rng.chance(0.35)) {
    const grants = rng.int(1, 3);
    let m = monthOf(Math.max(c.founded, plan.todayYear - 12), 1) + rng.int(0, 24);
    for (let i = 0; i < grants && m < plan.todayMonth; i++) {
      addRound(plan, rng, c, 'non_equity_assistance', m, undefined, 'grant');
      m += rng.int(10, 30);
    }
  }
}

function plainCompany(c: Core, path: Path): void {
  c.path = path;
  c.ownership =
    path === 'family'
      ? 'family_owned'
      : path === 'employee'
        ? 'management_employee_owned'
        : path === 'state'
          ? 'state_government_owned'
          : 'founder_individual_operated_bootstrapped';
}

function closeCompany(plan: Plan, rng: Rng, c: Core): void {
  const last = c.rounds[c.rounds.length - 1];
  const from = Math.max(last ? last.month + 4 : 0, monthOf(c.founded + 2, 1));
  if (from >= plan.todayMonth - 1) return;
  const month = rng.int(from, plan.todayMonth - 1);
  c.status = 'closed';
  c.endMonth = month;
  c.closedDate = isoDate(month, dayIn(rng));
}

// ---------------------------------------------------------------------------------------------
// Size and value

function lastLadderK(c: Core): number {
  let k = -1;
  for (const r of c.rounds) k = Math.max(k, ladderIndex(r.stage), r.stage === 'venture_funded' ? 3 : -1);
  return k;
}

const VENTURE_HEADCOUNT: readonly (readonly [number, number])[] = [
  [2, 9],
  [4, 25],
  [14, 70],
  [40, 180],
  [90, 450],
  [180, 900],
  [300, 1500],
  [500, 2500],
  [700, 3500],
  [900, 4500],
  [1200, 6000],
  [1500, 8000],
];

function logUniform(rng: Rng, lo: number, hi: number): number {
  return Math.exp(Math.log(lo) + rng.next() * (Math.log(hi) - Math.log(lo)));
}

function sizeCompany(plan: Plan, rng: Rng, c: Core): void {
  if (c.endMonth === 0) c.endMonth = plan.todayMonth;
  const age = Math.max(0, yearOfMonth(c.endMonth) - c.founded);
  const k = lastLadderK(c);
  let employees: number;
  if (k >= 0 && (c.path === 'venture' || c.path === 'acquired' || c.status === 'closed')) {
    const [lo, hi] = VENTURE_HEADCOUNT[k]!;
    employees = logUniform(rng, lo, hi) * c.quality ** 0.3;
  } else {
    const median: Record<Path, number> = {
      venture: 8,
      public: 1500,
      acquired: 60,
      private_equity: 320,
      bootstrapped: 9 * (1 + age / 25),
      family: 35 * (1 + age / 30),
      employee: 80,
      corporate: 180,
      state: 900,
      nonprofit: 35,
      investor: 30,
    };
    const sigma = c.path === 'public' || c.path === 'state' ? 1.05 : 1;
    employees = median[c.path] * Math.exp(rng.normal(0, sigma)) * c.quality ** 0.4;
    if (c.path === 'public') employees = Math.max(employees, 80);
  }
  if (c.status === 'closed') employees *= 0.6;
  // Companies with tens of thousands of staff are household names; generated ones stay below that.
  const cap = c.path === 'public' || c.path === 'state' ? 40_000 : c.path === 'family' ? 15_000 : 8_000;
  c.employees = Math.max(1, Math.min(cap, Math.round(employees)));

  // Growth of headcount per year.
  const young = age <= 6;
  const g: Record<Path, [number, number]> = {
    venture: young ? [0.38, 0.28] : [0.18, 0.18],
    public: [0.04, 0.09],
    acquired: [0.03, 0.12],
    private_equity: [0.05, 0.09],
    bootstrapped: [0.07, 0.14],
    family: [0.02, 0.07],
    employee: [0.04, 0.08],
    corporate: [0.03, 0.1],
    state: [0.01, 0.03],
    nonprofit: [0.02, 0.07],
    investor: [0.06, 0.08],
  };
  const [mean, sd] = g[c.path];
  c.growth =
    c.status === 'closed'
      ? -0.35 - rng.next() * 0.4
      : Math.max(-0.5, rng.normal(mean, sd) + (c.quality - 1) * 0.1);

  // Revenue.
  const rpe = revenuePerEmployee(c.industry) * Math.exp(rng.normal(0, 0.35));
  let revenue = c.employees * rpe;
  if (c.path === 'venture' || (c.status === 'closed' && k >= 0)) {
    const ramp = [0.08, 0.2, 0.4, 0.55, 0.7, 0.8, 0.9, 0.95, 1, 1, 1, 1][Math.max(0, k)]!;
    revenue *= ramp;
    if (k <= 1 && rng.chance(age <= 2 ? 0.6 : 0.3)) revenue = 0;
  }
  if (c.path === 'nonprofit' || c.path === 'state') revenue *= 0.7;
  c.revenue = revenue <= 0 ? 0 : Math.max(20_000, roundMoney(revenue));

  // Valuation.
  const tech = c.industry.techFocus;
  const postMoneys = c.rounds.filter((r) => r.postMoney !== null);
  const lastPost = postMoneys[postMoneys.length - 1];
  let valuation: number | null;
  if (
    c.status === 'closed' ||
    c.path === 'nonprofit' ||
    (c.path === 'state' && c.industry.sector === 'Public Sector & Nonprofit')
  ) {
    valuation = null;
  } else if (c.path === 'public') {
    valuation = Math.max(5_000_000, c.revenue * (1 + 7 * tech) * Math.exp(rng.normal(0, 0.5)));
  } else if (lastPost && plan.todayMonth - lastPost.month <= 36) {
    // A recent priced round sets the value; older ones say little any more.
    const years = Math.max(0, (plan.todayMonth - lastPost.month) / 12);
    valuation = lastPost.postMoney! * (1 + Math.max(-0.3, c.growth) * years * 0.5);
  } else if (c.revenue === 0) {
    valuation = 1_000_000 + rng.next() * 6_000_000;
  } else {
    valuation = c.revenue * (0.6 + (c.path === 'venture' ? 8 : 3) * tech) * Math.exp(rng.normal(0, 0.4));
  }
  if (valuation !== null) valuation = roundMoney(Math.max(valuation, totalRaised(c) * 1.1, 100_000));
  c.valuation = valuation;

  // Deal values of acquisitions, now the company's size is known.
  if (c.parent?.acquired && c.parent.amount === null && rng.chance(0.6)) {
    c.parent.amount = roundMoney(
      Math.max(c.revenue * (1 + 5 * tech), totalRaised(c) * 1.5, 1_000_000) * Math.exp(rng.normal(0, 0.3)),
    );
  }
}

function totalRaised(c: Core): number {
  let sum = 0;
  for (const r of c.rounds)
    if (r.amount !== null && r.stage !== 'debt_funded' && r.stage !== 'post_ipo_debt') sum += r.amount;
  return sum;
}

/** Funding stage and totals from the rounds (and the listing or acquisition). */
function finishFunding(c: Core): void {
  let total = 0;
  for (const r of c.rounds) total += r.amount ?? 0;
  c.totalFunding = total;
  const last = c.rounds[c.rounds.length - 1];
  if (c.status === 'acquired') c.fundingStage = 'acquired';
  else if (c.companyType === 'public')
    c.fundingStage = last?.stage.startsWith('post_ipo') ? last.stage : 'public';
  else c.fundingStage = last ? last.stage : null;
}

// ---------------------------------------------------------------------------------------------
// Names

function nameStyle(plan: Plan, c: Core, rng: Rng): NameStyle {
  if (c.path === 'family' || c.path === 'state' || c.path === 'nonprofit' || c.path === 'employee')
    return 'traditional';
  const age = plan.todayYear - c.founded;
  return c.industry.techFocus < 0.45 && (age > 12 || rng.chance(0.5)) ? 'traditional' : 'modern';
}

/**
 * Name, domain, website and id of a generated company. `variant` is 0 unless the plan's pre-pass
 * found the name or domain taken: it is (name attempt) * DOMAIN_VARIANTS + (domain attempt).
 */
export function assignIdentity(plan: Plan, c: Core, variant: number): void {
  const attempt = Math.floor(variant / DOMAIN_VARIANTS);
  const rng = Rng.for(plan.seed, c.idx, `name${attempt}`);
  const culture = cultureOf(c.country, c.region);
  let name = companyName(
    rng,
    nameStyle(plan, c, rng),
    c.industry.nameWords,
    () => surnameOf(rng, culture),
    c.city,
  );
  if (attempt >= 3)
    name = `${name} ${rng.pick(c.industry.nameWords.length ? c.industry.nameWords : ['Group'])}`;
  if (attempt >= 6) name = `${name} ${cityWord(c.city)}`;
  const traits = {
    country: c.country,
    tech: c.industry.techFocus,
    ai: c.industry.aiMaturity,
    international: c.international,
    fund: false,
  };
  const { domain, website } = makeDomain(rng, name, traits, variant % DOMAIN_VARIANTS);
  c.name = name;
  c.domain = domain;
  c.website = website;
  c.uuid = uuidOf(c.idx, name);
}

// ---------------------------------------------------------------------------------------------
// Anchors, investor firms and funds

function specialCore(plan: Plan, s: SpecialInfo): Core {
  const c = baseCore(s.idx, s, s.industry, s.country);
  c.city = s.city;
  c.founded = s.founded;
  c.name = s.name;
  c.domain = s.domain;
  c.website = s.website;
  c.uuid = s.uuid;
  c.international = true;
  c.endMonth = plan.todayMonth;
  const rng = Rng.for(plan.seed, s.idx, 'special');
  if (s.kind === 'anchor') anchorCore(plan, rng, c, s);
  else investorCore(plan, rng, c, s);
  finishFunding(c);
  return c;
}

function anchorCore(plan: Plan, rng: Rng, c: Core, s: SpecialInfo): void {
  const a = s.anchor!;
  c.quality = 3 + rng.next() * 3;
  c.employees = a.employees;
  c.revenue = roundMoney(a.revenueB * 1e9);
  c.growth = rng.normal(a.founded >= 2005 ? 0.12 : 0.03, 0.05);
  const tech = c.industry.techFocus;
  const parentIdx = a.parent ? plan.idxOfName(a.parent) : undefined;
  const ventureHistory = a.founded >= 1995 && tech >= 0.5 && a.ownership === undefined;
  const valuationB = PRIVATE_VALUATIONS_B[a.name];
  if (a.listed !== undefined) {
    c.path = 'public';
    c.companyType = 'public';
    c.ownership = 'public';
    c.listedYear = a.listed;
    c.status = a.listed >= plan.todayYear - 10 ? 'ipo' : 'operating';
    if (ventureHistory && a.listed > a.founded + 2) {
      ventureRounds(plan, rng, c, {
        endMonth: monthOf(a.listed, 1),
        targetK: Math.min(7, Math.max(2, a.listed - a.founded - 1)),
        extras: false,
        compress: true,
      });
    }
    c.valuation = roundMoney(c.revenue * (1.2 + 9 * tech) * Math.exp(rng.normal(0, 0.35)));
  } else if (a.acquired !== undefined && parentIdx !== undefined) {
    c.path = 'acquired';
    c.status = 'acquired';
    const byPe = plan.special(parentIdx)?.investorKind === 'private_equity';
    c.ownership = byPe ? 'private_equity_controlled' : 'corporate_owned';
    const month = monthOf(a.acquired, rng.int(1, 12));
    const deal = ACQUISITION_VALUES_B[a.name];
    c.parent = {
      idx: parentIdx,
      acquired: true,
      month,
      date: isoDate(Math.min(month, plan.todayMonth - 1), dayIn(rng)),
      amount: deal ? roundMoney(deal * 1e9) : null,
    };
    if (ventureHistory && a.acquired > a.founded + 2) {
      ventureRounds(plan, rng, c, {
        endMonth: month - 3,
        targetK: Math.min(6, Math.max(1, a.acquired - a.founded - 1)),
        extras: false,
        compress: true,
      });
    }
    c.valuation = roundMoney(deal ? deal * 1e9 : c.revenue * (1 + 6 * tech));
  } else if (parentIdx !== undefined) {
    c.path = a.ownership === 'private_equity_controlled' ? 'private_equity' : 'corporate';
    c.ownership = a.ownership ?? 'corporate_owned';
    c.parent = { idx: parentIdx, acquired: false, month: null, date: null, amount: null };
    c.valuation = roundMoney(valuationB ? valuationB * 1e9 : c.revenue * (1.5 + 6 * tech));
  } else if (a.ownership !== undefined) {
    c.ownership = a.ownership;
    c.path =
      a.ownership === 'family_owned'
        ? 'family'
        : a.ownership === 'management_employee_owned'
          ? 'employee'
          : a.ownership === 'nonprofit_foundation_owned'
            ? 'nonprofit'
            : 'bootstrapped';
    c.valuation = roundMoney(valuationB ? valuationB * 1e9 : c.revenue * (1 + 4 * tech));
  } else {
    c.path = 'venture';
    c.ownership = 'venture_growth_investor_backed';
    const value = (valuationB ?? 5) * 1e9;
    const targetK = value >= 50e9 ? rng.int(8, 9) : value >= 10e9 ? rng.int(6, 7) : value >= 2e9 ? 5 : 4;
    ventureRounds(plan, rng, c, {
      endMonth: plan.todayMonth - rng.int(2, 18),
      targetK,
      extras: false,
      compress: plan.todayYear - a.founded < 14,
    });
    const last = c.rounds[c.rounds.length - 1];
    if (last) last.postMoney = roundMoney(value);
    c.valuation = roundMoney(value);
  }
}

function investorCore(plan: Plan, rng: Rng, c: Core, s: SpecialInfo): void {
  c.path = 'investor';
  c.investorKind = s.investorKind;
  c.quality = s.kind === 'investor' ? 4 - s.tier : 1;
  c.employees = s.employees;
  c.growth = rng.normal(0.05, 0.06);
  const feePerHead =
    s.investorKind === 'private_equity' ? 2_500_000 : s.investorKind === 'accelerator' ? 400_000 : 1_200_000;
  c.revenue = roundMoney(s.employees * feePerHead * Math.exp(rng.normal(0, 0.3)));
  const inv = s.investor;
  const parentIdx = inv?.parent ? plan.idxOfName(inv.parent) : undefined;
  if (inv?.listed !== undefined) {
    c.companyType = 'public';
    c.ownership = 'public';
    c.listedYear = inv.listed;
    c.status = inv.listed >= plan.todayYear - 10 ? 'ipo' : 'operating';
    c.valuation = roundMoney(c.revenue * 12);
  } else {
    c.ownership = inv?.ownership ?? 'management_employee_owned';
    c.valuation = c.ownership === 'state_government_owned' ? null : roundMoney(c.revenue * 6);
  }
  if (parentIdx !== undefined)
    c.parent = { idx: parentIdx, acquired: false, month: null, date: null, amount: null };
}

// ---------------------------------------------------------------------------------------------

function prominenceOf(plan: Plan, c: Core): number {
  const rng = Rng.for(plan.seed, c.idx, 'prominence');
  const age = Math.max(0, plan.todayYear - c.founded);
  let p =
    2.2 * Math.log10(c.employees + 1) +
    0.9 * Math.log10(c.revenue + 1) +
    0.5 * Math.log10(c.totalFunding + 1) +
    0.4 * Math.log10((c.valuation ?? 0) + 1) +
    Math.min(age, 60) / 60 +
    0.6 * rng.normal(0, 1);
  if (c.kind === 'anchor') p += 8;
  if (c.kind === 'investor') p += 2 + 2 * (4 - (c.special?.tier ?? 3));
  if (c.status === 'closed') p -= 4;
  if (c.status === 'acquired') p -= 1;
  return Math.round(p * 1000) / 1000;
}
