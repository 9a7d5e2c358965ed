/**
 * The names of the data sections (the 16 of list generation, plus `headcount`), their enrichment
 * spellings and the words a person reads. Free of zod: the web app's first load reads these names
 * (columns, prices, the URL's state) without the sections' schemas (`sections.ts`).
 */

/** The 16 sections list generation accepts, in the spec's order. */
export const LIST_SECTIONS = [
  'firmographic',
  'business_model',
  'company_assessment',
  'trust_signal',
  'company_hierarchy',
  'digital_presence',
  'financial_estimate',
  'location',
  'management_profile',
  'product_offering',
  'strategic_signal',
  'customer_profile',
  'industry',
  'technology',
  'funding_detail',
  'mna_and_investment',
] as const;
export type ListSection = (typeof LIST_SECTIONS)[number];

/** Sections stored per company: the 16 plus `headcount`. */
export const STORED_SECTIONS = [...LIST_SECTIONS, 'headcount'] as const;
export type StoredSection = (typeof STORED_SECTIONS)[number];

/** Enrichment spellings (docs/product-rules.md, section 6): alias -> stored section. */
const SECTION_ALIASES: Readonly<Record<string, StoredSection>> = {
  firmographics: 'firmographic',
  gtm_and_business_model: 'business_model',
  funding: 'funding_detail',
  funding_details: 'funding_detail',
};

export const ENRICHMENT_SECTION_NAMES = [...STORED_SECTIONS, ...Object.keys(SECTION_ALIASES)] as const;

export function resolveSectionName(name: string): StoredSection | undefined {
  if ((STORED_SECTIONS as readonly string[]).includes(name)) return name as StoredSection;
  return SECTION_ALIASES[name];
}

export const SECTION_LABELS: Readonly<Record<StoredSection, string>> = {
  firmographic: 'Firmographic',
  business_model: 'Business model',
  company_assessment: 'Company assessment',
  trust_signal: 'Trust signals',
  company_hierarchy: 'Company hierarchy',
  digital_presence: 'Digital presence',
  financial_estimate: 'Financial estimate',
  location: 'Location',
  management_profile: 'Management',
  product_offering: 'Product offering',
  strategic_signal: 'Strategic signals',
  customer_profile: 'Customer profile',
  industry: 'Industry',
  technology: 'Technology',
  funding_detail: 'Funding',
  mna_and_investment: 'M&A and investments',
  headcount: 'Headcount',
};
