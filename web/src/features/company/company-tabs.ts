/**
 * The company page's tabs, the sections each one asks enrichment for, and what each costs before
 * it is opened. The open tab lives in the URL (`?tab=`), so a reload or a shared link opens it again.
 */
import type { PricingResponse } from '@contract/bff';
import type { StoredSection } from '@contract/section-names';
import { z } from 'zod';
import { EMPLOYEE_REVIEWS_PAGE } from './api/get-employee-reviews';
import { NEWS_PAGE } from './api/get-news';
import { POSTS_PAGE } from './api/get-posts';

export const COMPANY_TABS = [
  'overview',
  'business',
  'signals',
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
 * What opening a tab will cost: enrichment sections and employee reviews (one block at least) are
 * exact; posts and news are charged by what comes back, so a full first page is the ceiling.
 */
export function tabEstimate(tab: CompanyTab, prices: Prices): { credits: number; upTo: boolean } {
  switch (tab) {
    case 'overview':
    case 'business':
    case 'signals':
    case 'funding':
      return { credits: sectionsCost(prices, TAB_SECTIONS[tab]), upTo: false };
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
