/**
 * Funding mechanics: the stage ladder, what rounds of each stage raise, which investors join them,
 * and the calendar arithmetic (months since year 0) rounds and other dated events use.
 */
import type { InvestorKind } from './investors';
import type { Rng } from './random';

/** Priced venture rounds in order. */
export const LADDER = [
  'pre_seed',
  'seed',
  'series_a',
  'series_b',
  'series_c',
  'series_d',
  'series_e',
  'series_f',
  'series_g',
  'series_h',
  'series_i',
  'series_j',
] as const;

/** How often an operating venture-backed company has got as far as each ladder stage. */
export const LADDER_WEIGHTS = [14, 26, 20, 14, 9, 6, 3.5, 2, 1.2, 0.6, 0.3, 0.15];

export function ladderIndex(stage: string): number {
  return (LADDER as readonly string[]).indexOf(stage);
}

/** Typical amount raised, USD, before company, region and era adjustments. */
const STAGE_MEDIAN: Readonly<Record<string, number>> = {
  non_equity_assistance: 150_000,
  angel: 350_000,
  pre_seed: 700_000,
  seed: 2_800_000,
  series_a: 11_000_000,
  series_b: 28_000_000,
  series_c: 55_000_000,
  series_d: 90_000_000,
  series_e: 130_000_000,
  series_f: 170_000_000,
  series_g: 210_000_000,
  series_h: 250_000_000,
  series_i: 300_000_000,
  series_j: 350_000_000,
  crowdfunded: 1_200_000,
  initial_coin_offering: 18_000_000,
  debt_funded: 12_000_000,
  corporate_funded: 20_000_000,
  private_equity: 150_000_000,
  post_ipo_equity: 250_000_000,
  post_ipo_debt: 400_000_000,
};

/** Rounds that sell equity at a price, so a post-money valuation exists. */
const PRICED = new Set<string>([
  ...LADDER,
  'angel',
  'venture_funded',
  'corporate_funded',
  'crowdfunded',
  'private_equity',
]);

export function isPriced(stage: string): boolean {
  return PRICED.has(stage);
}

const REGION_FACTOR: Readonly<Record<string, number>> = {
  USA: 1.25,
  CAN: 0.9,
  GBR: 1,
  ISR: 1,
  CHN: 0.9,
  SGP: 0.9,
  DEU: 0.85,
  FRA: 0.85,
  CHE: 0.9,
  NLD: 0.8,
  SWE: 0.8,
  IND: 0.6,
  JPN: 0.7,
  KOR: 0.7,
  AUS: 0.75,
  BRA: 0.6,
  IRL: 0.8,
};

function eraFactor(year: number): number {
  if (year < 2005) return 0.5;
  if (year < 2012) return 0.65;
  if (year < 2017) return 0.85;
  if (year < 2023) return 1.1;
  return 1;
}

/** Round amounts the way they are reported: two significant digits (12,400,000 -> 12,000,000). */
export function roundMoney(usd: number): number {
  if (usd <= 0) return 0;
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(usd)) - 1);
  return Math.round(usd / magnitude) * magnitude;
}

/**
 * Amount of a round: the stage median, scaled by the company's quality (its rounds are big or small
 * together), its country and the year, with noise. `base` overrides the median (venture_funded).
 */
export function roundAmount(
  rng: Rng,
  stage: string,
  quality: number,
  country: string,
  year: number,
  base?: number,
): number {
  const median = base ?? STAGE_MEDIAN[stage] ?? 10_000_000;
  const region = REGION_FACTOR[country] ?? 0.55;
  const amount = median * quality ** 0.85 * region * eraFactor(year) * Math.exp(rng.normal(0, 0.4));
  return Math.max(25_000, roundMoney(amount));
}

export function stageMedian(stage: string): number {
  return STAGE_MEDIAN[stage] ?? 10_000_000;
}

// ---------------------------------------------------------------------------------------------
// Investor pools

/** A group of rounds that draw from the same kind of investors. */
export type PoolGroup =
  | 'accelerator'
  | 'angel'
  | 'seed'
  | 'early'
  | 'late'
  | 'cvc'
  | 'debt'
  | 'pe'
  | 'public'
  | 'grant';

export const POOL_GROUPS: readonly PoolGroup[] = [
  'accelerator',
  'angel',
  'seed',
  'early',
  'late',
  'cvc',
  'debt',
  'pe',
  'public',
  'grant',
];

/** How much an investor of each kind joins each group of rounds (0: never). */
export const KIND_GROUP_WEIGHT: Readonly<Record<InvestorKind, Partial<Record<PoolGroup, number>>>> = {
  accelerator: { accelerator: 10, seed: 1 },
  angel: { angel: 10, seed: 2 },
  seed: { seed: 8, angel: 1, early: 1 },
  venture: { seed: 2, early: 8, late: 4 },
  growth: { early: 1, late: 8, public: 2 },
  corporate: { cvc: 10, early: 1.5, late: 1.5 },
  private_equity: { pe: 10, late: 0.5, public: 1 },
  debt: { debt: 10 },
  sovereign: { late: 4, public: 6 },
  public_agency: { grant: 10, seed: 1, early: 1 },
  family_office: { late: 2, early: 1, seed: 0.5 },
  hedge_fund: { late: 4, public: 4 },
  asset_manager: { late: 2, public: 6 },
  pension: { pe: 1, late: 1, public: 3 },
  investment_bank: { debt: 3, public: 3 },
};

export function poolGroupOf(stage: string): PoolGroup | null {
  switch (stage) {
    case 'non_equity_assistance':
      return 'accelerator';
    case 'angel':
      return 'angel';
    case 'pre_seed':
    case 'seed':
      return 'seed';
    case 'series_a':
    case 'series_b':
      return 'early';
    case 'corporate_funded':
      return 'cvc';
    case 'debt_funded':
    case 'post_ipo_debt':
      return 'debt';
    case 'private_equity':
      return 'pe';
    case 'post_ipo_equity':
      return 'public';
    case 'crowdfunded':
    case 'initial_coin_offering':
      return null;
    default:
      return 'late';
  }
}

/** How many investors a round of the stage names: [min, max]. */
export function investorCountRange(stage: string): [number, number] {
  switch (stage) {
    case 'non_equity_assistance':
    case 'debt_funded':
    case 'post_ipo_debt':
      return [1, 1];
    case 'angel':
    case 'pre_seed':
      return [1, 2];
    case 'seed':
      return [1, 3];
    case 'series_a':
    case 'series_b':
      return [2, 4];
    case 'private_equity':
      return [1, 2];
    case 'post_ipo_equity':
      return [1, 3];
    case 'corporate_funded':
      return [1, 3];
    case 'crowdfunded':
    case 'initial_coin_offering':
      return [0, 0];
    default:
      return [2, 5];
  }
}

// ---------------------------------------------------------------------------------------------
// Calendar: months counted from year 0 (year * 12 + month - 1)

export function monthOf(year: number, month1: number): number {
  return year * 12 + month1 - 1;
}

export function yearOfMonth(m: number): number {
  return Math.floor(m / 12);
}

export function isoDate(m: number, day: number): string {
  const y = Math.floor(m / 12);
  const mo = (m % 12) + 1;
  return `${y}-${String(mo).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function isoMonth(m: number): string {
  return isoDate(m, 1).slice(0, 7);
}
