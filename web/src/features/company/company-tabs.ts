/**
 * The company page's tabs, the sections each one asks enrichment for, and what each costs before
 * it is opened. The open tab lives in the URL (`?tab=`), so a reload or a shared link opens it again.
 */
import type { PricingResponse } from '@contract/bff';
import type { StoredSection } from '@contract/section-names';
import { z } from 'zod';
import { EMPLOYEE_REVIEWS_PAGE } from './api/get-employee-reviews';
import { JOBS_PAGE } from './api/get-jobs';
import { NEWS_PAGE } from './api/get-news';
import { POSTS_PAGE } from './api/get-posts';

export const COMPANY_TABS = [
  'overview',
  'business',
  'signals',
  'growth',
  'jobs',
  'traffic',
  'funding',
  'products',
  'employees',
  'posts',
  'news',
] as const;
export type CompanyTab = (typeof COMPANY_TABS)[number];

export const TAB_LABELS: Readonly<Record<CompanyTab, string>> = {
  overview: 'Overview',
  business: 'Business model',
  signals: 'Signals',
  growth: 'Growth',
  jobs: 'Jobs',
  traffic: 'Traffic',
  funding: 'Funding',
  products: 'Products and reviews',
  employees: 'Employees',
  posts: 'Posts',
  news: 'News',
};

/** The `/companies/$companyId` route's search params: an unknown tab falls back to Overview. */
export const CompanyPageSearch = z.object({
  tab: z.enum(COMPANY_TABS).optional().catch(undefined),
});
export type CompanyPageSearch = z.infer<typeof CompanyPageSearch>;

/** The header's sections: the identity of the company, bought once and shared with Overview. */
export const HEADER_SECTIONS = ['firmographic', 'location'] as const satisfies readonly StoredSection[];

export const TAB_SECTIONS = {
  overview: ['industry'],
  business: ['business_model', 'company_assessment'],
  signals: ['strategic_signal', 'management_profile', 'customer_profile'],
  funding: ['funding_detail'],
} as const satisfies Partial<Record<CompanyTab, readonly StoredSection[]>>;

type Prices = PricingResponse['prices'];

export function sectionsCost(prices: Prices, sections: readonly StoredSection[]): number {
  return Math.round(sections.reduce((sum, s) => sum + (prices.sections[s] ?? 0), 0) * 100) / 100;
}

/**
 * What opening a tab will cost: enrichment sections, headcount trends and website traffic are exact;
 * employee reviews, posts, news and job listings are charged by what comes back, so a full first
 * page is the ceiling.
 */
export function tabEstimate(tab: CompanyTab, prices: Prices): { credits: number; upTo: boolean } {
  switch (tab) {
    case 'overview':
    case 'business':
    case 'signals':
    case 'funding':
      return { credits: sectionsCost(prices, TAB_SECTIONS[tab]), upTo: false };
    case 'growth':
      return { credits: prices.headcountTrendsPerCall, upTo: false };
    case 'jobs':
      // 0.1 a listing returned, at least 0.5 when any is: a company with no open role costs nothing.
      return {
        credits: Math.round(Math.max(prices.jobsMinimum, prices.jobsPerListing * JOBS_PAGE) * 100) / 100,
        upTo: true,
      };
    case 'traffic':
      return { credits: prices.websiteTrafficPerCall, upTo: false };
    case 'products':
      return { credits: 0, upTo: false };
    case 'employees':
      // Charged per started block of reviews returned: a company without reviews costs nothing.
      return {
        credits: Math.ceil(EMPLOYEE_REVIEWS_PAGE / prices.reviewsBlock) * prices.reviewsPerBlock,
        upTo: true,
      };
    case 'posts':
      return { credits: Math.ceil(POSTS_PAGE / prices.postsBlock) * prices.postsPerBlock, upTo: true };
    case 'news':
      return {
        credits: Math.round((prices.newsPerCall + prices.newsPerArticle * NEWS_PAGE) * 100) / 100,
        upTo: true,
      };
  }
}

/** Reviews of chosen products, at most: started blocks of the reviews a page can return. */
export function productReviewsEstimate(prices: Prices, products: number, perProduct: number): number {
  return Math.ceil((products * perProduct) / prices.reviewsBlock) * prices.reviewsPerBlock;
}
