/**
 * Employee reviews (service endpoint 5, docs/api.md): volume follows headcount and how long the company has been
 * reviewable (Glassdoor-era sites, from 2012); the mean follows its trajectory (growing companies
 * rate higher, shrinking and closed ones lower). As with product reviews, per provider a star
 * distribution is dealt first and the reviews carry exactly those stars; `overall_rating` is the
 * distribution's mean and `recommend_to_friend` its share of 4 and 5 stars. `ceo` and
 * `business_outlook` are the approval shares the reviews' stars imply (each review draws its own
 * answer from the same per-star probabilities).
 */
import type { EmployeeReview } from '../../contract/api';
import { countryByCode } from '../../contract/geo';
import { slugify } from '../dataset/names';
import { hashInts, hashString, type Rng } from '../dataset/random';
import {
  activeWindow,
  consumerScaleOf,
  employeesOf,
  type SignalCompany,
  type SignalEnv,
  sectorOf,
} from './company';
import {
  EMPLOYEE_CONS,
  EMPLOYEE_PROS,
  EMPLOYEE_SUMMARIES,
  FOREIGN_EMPLOYEE_REVIEWS,
  fill,
  jobTitles,
  LOCAL_LANGUAGE,
  sectorTerms,
  type Tone,
  toneOf,
} from './phrases';
import { apportion, blockOf, itemRng, Shuffle, signalRng, spreadTime } from './rng';
import { countsList, ratingOf, type StarCounts, starCounts } from './stars';

/** Employee rating dimensions on a 0..5 scale, with their usual distance from the overall rating. */
const SCALE_DIMENSIONS = {
  career_opportunities: -0.2,
  compensation_and_benefits: -0.1,
  culture_and_values: 0.05,
  diversity_and_inclusion: 0.2,
  senior_management: -0.35,
  work_life_balance: 0,
} as const;
type ScaleDimension = keyof typeof SCALE_DIMENSIONS;
type FractionDimension = 'business_outlook' | 'ceo' | 'recommend_to_friend';

type EmployeeProvider = {
  id: string;
  weight: number;
  shift: number;
  scales: readonly ScaleDimension[];
  fractions: readonly FractionDimension[];
};

const ALL_SCALES = Object.keys(SCALE_DIMENSIONS) as ScaleDimension[];

function providersOf(c: SignalCompany): EmployeeProvider[] {
  const us = c.sections.location.hq.country.code === 'USA';
  return [
    {
      id: 'glassdoor',
      weight: 0.6,
      shift: 0,
      scales: ALL_SCALES,
      fractions: ['business_outlook', 'ceo', 'recommend_to_friend'],
    },
    {
      id: 'indeed',
      weight: 0.3,
      shift: 0.15,
      scales: ['compensation_and_benefits', 'culture_and_values', 'senior_management', 'work_life_balance'],
      fractions: [],
    },
    {
      id: 'comparably',
      weight: us || employeesOf(c) >= 500 ? 0.1 : 0,
      shift: -0.05,
      scales: ['compensation_and_benefits', 'culture_and_values', 'diversity_and_inclusion'],
      fractions: ['ceo'],
    },
  ];
}

/** Chance that a reviewer giving `stars` approves of the CEO / sees a positive outlook. */
const CEO_APPROVAL = [0.1, 0.25, 0.55, 0.85, 0.96];
const OUTLOOK_POSITIVE = [0.08, 0.2, 0.45, 0.75, 0.92];
/** Share of reviews that skip the CEO question. */
const CEO_SKIPPED = 0.25;

const REVIEWABLE_FROM = '2012-01-01';

type Stat = { provider: EmployeeProvider; total: number; counts: StarCounts; rating: number };

type EmployeePlan = { stats: Stat[]; total: number; startMs: number; endMs: number; mean: number };

export function employeePlan(c: SignalCompany, env: SignalEnv): EmployeePlan {
  const r = signalRng(env.seed, c.uuid, 'employee-review-plan');
  const [startMs, endMs] = activeWindow(c, env, REVIEWABLE_FROM);
  const years = Math.max(0, (endMs - startMs) / (365.25 * 86_400_000));
  // Frontline-heavy consumer businesses (retail, hospitality) collect more reviews per head.
  const rate = 0.12 * Math.min(1, years / 8) * (1 + 0.6 * consumerScaleOf(c));
  const total = Math.round(employeesOf(c) * rate * Math.exp(r.normal(0, 0.4)));
  const growth = c.sections.headcount.growth_12m_pct;
  const closed = c.sections.firmographic.operating_status.code === 'closed';
  const mean = Math.min(
    4.7,
    Math.max(1.8, 3.65 + Math.max(-0.4, Math.min(0.4, growth / 60)) - (closed ? 0.5 : 0) + r.normal(0, 0.3)),
  );
  const providers = providersOf(c);
  const split = apportion(
    total,
    providers.map((p) => p.weight),
  );
  const stats: Stat[] = [];
  providers.forEach((provider, i) => {
    const n = split[i] ?? 0;
    if (n === 0) return;
    const counts = starCounts(n, mean + provider.shift + r.normal(0, 0.1));
    stats.push({ provider, total: n, counts, rating: ratingOf(counts)! });
  });
  return { stats, total, startMs, endMs, mean };
}

function expectedShare(counts: StarCounts, perStar: readonly number[]): number {
  const list = countsList(counts);
  const n = list.reduce((s, x) => s + x, 0);
  return n === 0 ? 0 : list.reduce((s, x, i) => s + x * perStar[i]!, 0) / n;
}

export function employeeSummary(c: SignalCompany, env: SignalEnv, plan: EmployeePlan) {
  const r = signalRng(env.seed, c.uuid, 'employee-other-ratings');
  const overall_rating = Object.fromEntries(plan.stats.map((s) => [s.provider.id, s.rating]));
  const other_ratings: { type: string; provider: string; value: number }[] = [];
  for (const s of plan.stats) {
    const [, , , c4, c5] = countsList(s.counts);
    for (const type of s.provider.fractions) {
      const value =
        type === 'recommend_to_friend'
          ? (c4 + c5) / s.total
          : expectedShare(s.counts, type === 'ceo' ? CEO_APPROVAL : OUTLOOK_POSITIVE);
      other_ratings.push({ type, provider: s.provider.id, value: Math.round(value * 100) / 100 });
    }
    for (const type of s.provider.scales) {
      const value = Math.min(5, Math.max(1, s.rating + SCALE_DIMENSIONS[type] + r.normal(0, 0.15)));
      other_ratings.push({ type, provider: s.provider.id, value: Math.round(value * 10) / 10 });
    }
  }
  return { overall_rating, other_ratings };
}

function reviewLink(provider: string, c: SignalCompany, id: number): string {
  const slug = slugify(c.name);
  switch (provider) {
    case 'glassdoor':
      return `https://www.glassdoor.com/Reviews/Employee-Review-${slug}-RVW${id}.htm`;
    case 'indeed':
      return `https://www.indeed.com/cmp/${slug}/reviews?id=${id.toString(16)}`;
    default:
      return `https://www.comparably.com/companies/${slug}/reviews/${id}`;
  }
}

function subRating(r: Rng, stars: number, offset: number, skipped: number): number | null {
  if (r.chance(skipped)) return null;
  return Math.min(5, Math.max(1, Math.round(stars + offset + r.normal(0, 0.8))));
}

function texts(
  c: SignalCompany,
  r: Rng,
  tone: Tone,
  language: string,
  role: string,
): { summary: string; pros: string; cons: string } {
  const foreign = FOREIGN_EMPLOYEE_REVIEWS[language]?.[tone];
  if (foreign)
    return { summary: r.pick(foreign.summary), pros: r.pick(foreign.pros), cons: r.pick(foreign.cons) };
  const terms = sectorTerms(sectorOf(c));
  const vars = { C: c.name, R: role || 'employee', N: String(r.int(2, 4)) };
  return {
    summary: r.pick(EMPLOYEE_SUMMARIES[tone]),
    pros: fill(r.pick(EMPLOYEE_PROS[tone]), { ...vars, W: r.pick(terms.workPros) }),
    cons: fill(r.pick(EMPLOYEE_CONS[tone]), { ...vars, W: r.pick(terms.workCons) }),
  };
}

/** Review `i` (0 = newest) of the company. */
export function employeeReviewAt(
  c: SignalCompany,
  env: SignalEnv,
  plan: EmployeePlan,
  i: number,
): EmployeeReview {
  const shuffle = new Shuffle(plan.total, signalRng(env.seed, c.uuid, 'employee-review-providers'));
  const { block, offset } = blockOf(
    plan.stats.map((s) => s.total),
    shuffle.at(i),
  );
  const stat = plan.stats[block]!;
  const stars =
    blockOf(
      countsList(stat.counts),
      new Shuffle(stat.total, signalRng(env.seed, c.uuid, `employee-stars:${stat.provider.id}`)).at(offset),
    ).block + 1;
  const r = itemRng(env.seed, c.uuid, 'employee-review', i);
  const tone = toneOf(stars);
  const when = spreadTime(i, plan.total, plan.startMs, plan.endMs, r.next(), 1.4);
  const offices = c.sections.location.offices;
  const office =
    offices.length > 0 && !r.chance(0.1) ? (r.chance(0.5) ? offices[0]! : r.pick(offices)) : null;
  const country = office ? countryByCode(office.country.code) : undefined;
  const local = office ? LOCAL_LANGUAGE[office.country.code] : undefined;
  const language = local && r.chance(0.45) ? local : 'en';
  const contract = r.chance(0.13);
  const current = r.chance(tone === 'negative' ? 0.35 : 0.6);
  const founded = c.sections.firmographic.founded_year ?? new Date(plan.startMs).getUTCFullYear();
  const maxYears = Math.max(0, new Date(when).getUTCFullYear() - founded);
  const role = r.chance(0.08) ? '' : r.pick(jobTitles(sectorOf(c)));
  const id = (hashInts(env.seed, hashString(c.uuid)) % 90_000) * 100_000 + 10_000_000 + i;
  const has = (d: ScaleDimension) => stat.provider.scales.includes(d);
  const dim = (d: ScaleDimension, skipped = 0.1) =>
    has(d) ? subRating(r, stars, SCALE_DIMENSIONS[d], skipped) : null;
  const asksCeo = stat.provider.fractions.includes('ceo');
  const ceo =
    asksCeo && !r.chance(CEO_SKIPPED)
      ? r.chance(CEO_APPROVAL[stars - 1]!)
        ? 'APPROVE'
        : 'DISAPPROVE'
      : null;
  const { summary, pros, cons } = texts(c, r, tone, language, role);
  const helpful = Math.floor(Math.exp(r.normal(tone === 'positive' ? 0 : 0.6, 1)) - 0.5);
  return {
    id,
    summary,
    pros,
    cons,
    rating: stars,
    review_link: reviewLink(stat.provider.id, c, id),
    job_title: role,
    // A few providers hide the date of older reviews.
    review_date: r.chance(0.02) ? '' : new Date(when).toISOString(),
    employment_status: contract ? 'CONTRACT' : 'REGULAR',
    is_current_employee: current,
    years_of_employment: contract
      ? Math.min(maxYears, r.int(0, 2))
      : Math.min(maxYears, Math.floor(Math.exp(r.normal(0.8, 0.8)))),
    location: office ? `${office.city}, ${office.country.label}` : '',
    country_code: country?.alpha2 ?? '',
    helpful_count: Math.max(0, helpful),
    not_helpful_count: Math.max(0, Math.floor(Math.exp(r.normal(-0.5, 0.9)) - 0.6)),
    career_opportunities_rating: dim('career_opportunities'),
    ceo_rating: ceo,
    compensation_and_benefits_rating: dim('compensation_and_benefits'),
    culture_and_values_rating: dim('culture_and_values'),
    diversity_and_inclusion_rating: dim('diversity_and_inclusion', 0.35),
    senior_management_rating: dim('senior_management'),
    work_life_balance_rating: dim('work_life_balance'),
    language,
    provider: stat.provider.id,
  };
}

export function employeeReviewsPage(
  c: SignalCompany,
  env: SignalEnv,
  plan: EmployeePlan,
  offset: number,
  limit: number,
) {
  const data: EmployeeReview[] = [];
  for (let i = offset; i < Math.min(plan.total, offset + limit); i++)
    data.push(employeeReviewAt(c, env, plan, i));
  return data;
}
