/**
 * A company's workforce by function (decisions section 15): how its people split over the functions
 * of `JOB_FUNCTIONS`, and how fast each function moves against the whole. Headcount trends reads it
 * for `headcount_by_function`, job listings for which functions are hired for, so the two agree: the
 * functions that grow fastest are the ones with the most open roles.
 *
 * The split follows the industry (software builds engineering and product, factories and shops staff
 * operations, banks finance, life sciences research) and the company's own draw; each function has a
 * tilt, its growth per year above or below the company's, larger for a fast-growing company's sales
 * and engineering. Counts at any month are the total of that month apportioned over the weights as
 * they were then, so the functions always sum to the total.
 */
import { JOB_FUNCTIONS, type JobFunction } from '../../contract/api';
import { type SignalCompany, type SignalEnv, sectorOf, techFocusOf } from './company';
import { apportion, signalRng } from './rng';

type Profile = Readonly<Partial<Record<JobFunction, number>>>;

/** A company of no particular kind. */
const BASE: Profile = {
  sales: 0.12,
  engineering: 0.08,
  marketing: 0.05,
  operations: 0.3,
  customer_support: 0.09,
  product: 0.02,
  finance: 0.06,
  hr: 0.03,
  design: 0.015,
  data: 0.015,
  legal: 0.015,
  it: 0.04,
  research: 0.01,
};

/** A software company (mixed in by the industry's technology focus). */
const TECH: Profile = {
  sales: 0.15,
  engineering: 0.32,
  marketing: 0.07,
  operations: 0.06,
  customer_support: 0.1,
  product: 0.07,
  finance: 0.035,
  hr: 0.03,
  design: 0.04,
  data: 0.06,
  legal: 0.015,
  it: 0.03,
  research: 0.02,
};

/** Multipliers by sector. */
const SECTOR_TILT: Readonly<Record<string, Profile>> = {
  'Life Sciences': { research: 12, operations: 0.8 },
  Healthcare: { operations: 1.4, customer_support: 1.3, research: 3 },
  'Financial Services': { finance: 2.5, legal: 2, it: 1.6, operations: 0.8 },
  Industrials: { operations: 1.6, engineering: 1.3, customer_support: 0.6 },
  'Hardware & Electronics': { engineering: 1.5, research: 3, operations: 1.2 },
  'Automotive & Mobility': { engineering: 1.4, operations: 1.4 },
  'Transportation & Logistics': { operations: 1.8, customer_support: 1.2 },
  'Retail & E-commerce': { operations: 1.5, customer_support: 1.4, marketing: 1.4 },
  'Hospitality & Travel': { operations: 1.8, customer_support: 1.5 },
  Consumer: { marketing: 1.8, operations: 1.3 },
  'Marketing & Advertising': { marketing: 3, design: 2 },
  'Media & Entertainment': { marketing: 1.8, design: 2 },
  'Professional Services': { operations: 1.3, legal: 2, finance: 1.3 },
  'Real Estate & Construction': { operations: 1.7, sales: 1.2 },
  'Energy & Utilities': { operations: 1.6, engineering: 1.3 },
  'Agriculture & Natural Resources': { operations: 1.9 },
  Education: { operations: 1.5, customer_support: 1.3 },
  'Public Sector & Nonprofit': { operations: 1.5, finance: 1.2 },
};

export type FunctionShare = { fn: JobFunction; weight: number; tilt: number };

/** The company's functions: their weights today and their tilts (growth per year against the whole). */
export function workforceProfile(c: SignalCompany, env: SignalEnv): FunctionShare[] {
  const r = signalRng(env.seed, c.uuid, 'workforce');
  const tech = Math.min(
    1,
    techFocusOf(c) * (c.sections.business_model.offering_type.code === 'software' ? 1 : 0.5),
  );
  const sector = SECTOR_TILT[sectorOf(c)] ?? {};
  const growth = c.sections.headcount.growth_12m_pct / 100;
  return JOB_FUNCTIONS.map((fn) => {
    const mix = (BASE[fn] ?? 0) * (1 - tech) + (TECH[fn] ?? 0) * tech;
    const weight = mix * (sector[fn] ?? 1) * Math.exp(r.normal(0, 0.25));
    // A growing company grows its revenue and build teams first; back offices follow.
    const lead = fn === 'sales' || fn === 'engineering' || fn === 'product' || fn === 'data' ? 0.4 : -0.15;
    const tilt = Math.max(-0.3, Math.min(0.3, lead * Math.max(0, growth) + r.normal(0, 0.04)));
    return { fn, weight, tilt };
  });
}

/** Each function's count when the company had `total` people, `monthsBack` months ago (sums to `total`). */
export function functionCounts(
  profile: readonly FunctionShare[],
  total: number,
  monthsBack: number,
): number[] {
  return apportion(
    total,
    profile.map((p) => p.weight * Math.exp(-p.tilt * (monthsBack / 12))),
  );
}

/**
 * How strongly each function is hired for now: its weight, raised by its tilt (a small company may
 * hire the first of a function it does not have yet).
 */
export function hiringWeights(profile: readonly FunctionShare[]): number[] {
  return profile.map((p) => p.weight * Math.max(0.05, 1 + 4 * p.tilt));
}
