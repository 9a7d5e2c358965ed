/**
 * Plans and prices (docs/product-rules.md, sections 5 and 7). One table, read by the embedded service to charge,
 * by the BFF to guard budgets and by the web app to show what a call will cost before it is made.
 */
import { LIST_SECTIONS, type ListSection, type StoredSection } from './section-names';

export const PLANS = ['payg', 'subscription', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

export const PLAN_LABELS: Readonly<Record<Plan, string>> = {
  payg: 'Pay-as-you-go',
  subscription: 'Subscription',
  enterprise: 'Enterprise',
};

const ENTERPRISE_ONLY_SECTIONS: readonly ListSection[] = ['funding_detail', 'mna_and_investment'];

export type PlanRules = {
  /** Largest number of companies one list request returns. */
  readonly maxListLimit: number;
  /** Whether list generation may add sections at all. */
  readonly listSections: boolean;
  readonly sections: readonly StoredSection[];
  /** Company additions per key per UTC day; 0 = not available, null = no limit. */
  readonly additionsPerDay: number | null;
};

const ALL: readonly StoredSection[] = [...LIST_SECTIONS, 'headcount'];

export const PLAN_RULES: Readonly<Record<Plan, PlanRules>> = {
  payg: {
    maxListLimit: 20,
    listSections: false,
    sections: ALL.filter((s) => !ENTERPRISE_ONLY_SECTIONS.includes(s as ListSection)),
    additionsPerDay: 0,
  },
  subscription: {
    maxListLimit: 500,
    listSections: true,
    sections: ALL.filter((s) => !ENTERPRISE_ONLY_SECTIONS.includes(s as ListSection)),
    additionsPerDay: 100,
  },
  enterprise: { maxListLimit: 500, listSections: true, sections: ALL, additionsPerDay: null },
};

/** Credits per company (list generation) or per call (enrichment) for each section. */
export const SECTION_PRICES: Readonly<Record<StoredSection, number>> = {
  firmographic: 2,
  business_model: 2,
  company_assessment: 2,
  product_offering: 2,
  technology: 2,
  strategic_signal: 1.5,
  customer_profile: 1,
  industry: 1,
  management_profile: 1,
  trust_signal: 0.5,
  company_hierarchy: 0.5,
  digital_presence: 0.5,
  financial_estimate: 0.5,
  location: 0.5,
  headcount: 2.5,
  funding_detail: 3,
  mna_and_investment: 5,
};

export const PRICES = {
  listBase: 1.5,
  listPerCompany: 0.2,
  query: 2.5,
  newsPerCall: 0.1,
  newsPerArticle: 0.01,
  postsPerBlock: 1,
  postsBlock: 10,
  reviewsPerBlock: 1.5,
  reviewsBlock: 50,
  /** The real service's signal endpoints (decisions section 15; the vendor shows no price). */
  headcountTrendsPerCall: 2.5,
  jobsPerListing: 0.1,
  jobsMinimum: 0.5,
  websiteTrafficPerCall: 1,
  sections: SECTION_PRICES,
} as const;

/** Rounds away binary floating-point noise (0.1 + 0.2) so charges read as they are priced. */
export function credits(n: number): number {
  return Math.round(n * 10000) / 10000;
}

/**
 * List generation: 1.5 per call that matches anything, 0.2 per company returned, each section's
 * price per company returned; +2.5 when the call carried a `query`.
 */
export function listGenerationCost(p: {
  matched: boolean;
  returned: number;
  sections: readonly StoredSection[];
  query: boolean;
}): number {
  const perCompany = PRICES.listPerCompany + p.sections.reduce((sum, s) => sum + SECTION_PRICES[s], 0);
  const base = p.matched ? PRICES.listBase + perCompany * p.returned : 0;
  return credits(base + (p.query ? PRICES.query : 0));
}

export function enrichmentCost(sections: readonly StoredSection[]): number {
  return credits(sections.reduce((sum, s) => sum + SECTION_PRICES[s], 0));
}

export function filterBuilderCost(): number {
  return PRICES.query;
}

export function newsCost(articles: number): number {
  return credits(PRICES.newsPerCall + PRICES.newsPerArticle * articles);
}

export function postsCost(returned: number): number {
  return credits(Math.ceil(returned / PRICES.postsBlock) * PRICES.postsPerBlock);
}

/** Product reviews (with `products`) and employee reviews: per started block of 50 reviews returned. */
export function reviewsCost(returned: number): number {
  return credits(Math.ceil(returned / PRICES.reviewsBlock) * PRICES.reviewsPerBlock);
}

/** Headcount trends: 2.5 a call that finds the company (an unknown company is a free 404). */
export function headcountTrendsCost(): number {
  return PRICES.headcountTrendsPerCall;
}

/** Job listings: 0.1 per listing returned, at least 0.5 when any is returned, 0 when none. */
export function jobsCost(returned: number): number {
  if (returned <= 0) return 0;
  return credits(Math.max(PRICES.jobsMinimum, PRICES.jobsPerListing * returned));
}

/** Website traffic: 1 a call that finds the company. */
export function websiteTrafficCost(): number {
  return PRICES.websiteTrafficPerCall;
}
