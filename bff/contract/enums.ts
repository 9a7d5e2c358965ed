/**
 * Every enumeration of the Company Data Service specification, with the words a person reads.
 * Codes are exactly the spec's; labels are ours. The filter catalog, the section schemas, the
 * dataset generator and the web app's filter editor all read these lists: there is no second copy.
 */

export type Option<C extends string | number = string> = { readonly code: C; readonly label: string };

function options<const C extends string>(entries: readonly (readonly [C, string])[]) {
  return entries.map(([code, label]) => ({ code, label })) as readonly Option<C>[];
}

export const COMPANY_TYPES = options([
  ['private', 'Private'],
  ['public', 'Public'],
]);

export const OWNERSHIP_CATEGORIES = options([
  ['corporate_owned', 'Corporate owned'],
  ['family_owned', 'Family owned'],
  ['founder_individual_operated_bootstrapped', 'Founder / individual operated (bootstrapped)'],
  ['management_employee_owned', 'Management / employee owned'],
  ['nonprofit_foundation_owned', 'Nonprofit / foundation owned'],
  ['private_equity_controlled', 'Private equity controlled'],
  ['public', 'Public (listed)'],
  ['state_government_owned', 'State / government owned'],
  ['venture_growth_investor_backed', 'Venture / growth investor backed'],
]);

export const OPERATING_STATUSES = options([
  ['acquired', 'Acquired'],
  ['closed', 'Closed'],
  ['ipo', 'IPO (went public)'],
  ['operating', 'Operating'],
]);

export const GTM_TYPES = options([
  ['b2b', 'B2B'],
  ['b2b_and_b2c', 'B2B and B2C'],
  ['b2c', 'B2C'],
]);

export const OFFERING_TYPES = options([
  ['digital_commerce_content', 'Digital commerce / content'],
  ['hardware_manufacturing', 'Hardware / manufacturing'],
  ['services', 'Services'],
  ['software', 'Software'],
]);

export const GTM_MOTIONS = options([
  ['api_first', 'API-first'],
  ['channel_partners', 'Channel partners'],
  ['community_led', 'Community-led'],
  ['direct_to_consumer', 'Direct to consumer'],
  ['enterprise_field_sales', 'Enterprise field sales'],
  ['event_driven', 'Event-driven'],
  ['inside_sales', 'Inside sales'],
  ['marketplace_listing', 'Marketplace listing'],
  ['oem_embedded', 'OEM / embedded'],
  ['product_led_growth', 'Product-led growth'],
  ['sales_led', 'Sales-led'],
  ['others', 'Other'],
]);

export const REVENUE_MODELS = options([
  ['advertising', 'Advertising'],
  ['affiliate_referral', 'Affiliate / referral'],
  ['data_monetisation', 'Data monetisation'],
  ['freemium', 'Freemium'],
  ['grants_donations', 'Grants / donations'],
  ['hardware_sales', 'Hardware sales'],
  ['licensing_royalties', 'Licensing / royalties'],
  ['managed_services', 'Managed services'],
  ['marketplace_commission', 'Marketplace commission'],
  ['one_time_license', 'One-time license'],
  ['professional_services', 'Professional services'],
  ['subscription_recurring', 'Subscription / recurring'],
  ['transaction_fee', 'Transaction fee'],
  ['usage_based', 'Usage-based'],
]);

export const CUSTOMER_CONCENTRATIONS = options([
  ['critical', 'Critical'],
  ['high', 'High'],
  ['low', 'Low'],
  ['moderate', 'Moderate'],
]);

export const COMPETITIVE_MOATS = options([
  ['cost_advantage', 'Cost advantage'],
  ['data_advantage', 'Data advantage'],
  ['distribution_advantage', 'Distribution advantage'],
  ['ecosystem_lock_in', 'Ecosystem lock-in'],
  ['efficient_scale', 'Efficient scale'],
  ['intangible_assets', 'Intangible assets (brand, IP)'],
  ['network_effects', 'Network effects'],
  ['regulatory_moat', 'Regulatory moat'],
  ['switching_costs', 'Switching costs'],
  ['talent_moat', 'Talent moat'],
]);

/** A money band: `min` inclusive, `max` exclusive, in USD; `max: null` means unbounded. */
export type Band<C extends string = string> = Option<C> & {
  readonly min: number;
  readonly max: number | null;
};

function bands<const C extends string>(entries: readonly (readonly [C, string, number, number | null])[]) {
  return entries.map(([code, label, min, max]) => ({ code, label, min, max })) as readonly Band<C>[];
}

const M = 1_000_000;
const B = 1_000_000_000;

/** Revenue bands. `pre_revenue` is exactly zero revenue; `under_1m` is above zero and under $1M. */
export const REVENUE_BANDS = bands([
  ['pre_revenue', 'Pre-revenue', 0, 1],
  ['under_1m', 'Under $1M', 1, 1 * M],
  ['1m_5m', '$1M–$5M', 1 * M, 5 * M],
  ['5m_10m', '$5M–$10M', 5 * M, 10 * M],
  ['10m_25m', '$10M–$25M', 10 * M, 25 * M],
  ['25m_50m', '$25M–$50M', 25 * M, 50 * M],
  ['50m_100m', '$50M–$100M', 50 * M, 100 * M],
  ['100m_250m', '$100M–$250M', 100 * M, 250 * M],
  ['250m_500m', '$250M–$500M', 250 * M, 500 * M],
  ['500m_1b', '$500M–$1B', 500 * M, 1 * B],
  ['1b_5b', '$1B–$5B', 1 * B, 5 * B],
  ['over_5b', 'Over $5B', 5 * B, null],
]);

export const VALUATION_BANDS = bands([
  ['under_10m', 'Under $10M', 0, 10 * M],
  ['10m_50m', '$10M–$50M', 10 * M, 50 * M],
  ['50m_100m', '$50M–$100M', 50 * M, 100 * M],
  ['100m_250m', '$100M–$250M', 100 * M, 250 * M],
  ['250m_500m', '$250M–$500M', 250 * M, 500 * M],
  ['500m_1b', '$500M–$1B', 500 * M, 1 * B],
  ['1b_5b', '$1B–$5B', 1 * B, 5 * B],
  ['5b_10b', '$5B–$10B', 5 * B, 10 * B],
  ['10b_25b', '$10B–$25B', 10 * B, 25 * B],
  ['over_25b', 'Over $25B', 25 * B, null],
]);

/** The band a USD amount falls in (bands are contiguous, so exactly one matches a non-negative amount). */
export function bandOf<C extends string>(list: readonly Band<C>[], usd: number): Band<C> {
  const found = list.find((b) => usd >= b.min && (b.max === null || usd < b.max));
  if (!found) throw new RangeError(`no band for ${usd}`);
  return found;
}

export const PARTNERSHIP_TYPES = options([
  ['channel_reseller_distributor', 'Channel / reseller / distributor'],
  ['gtm_marketing', 'Go-to-market / marketing'],
  ['implementation_si_consulting', 'Implementation / SI / consulting'],
  ['oem_whitelabel_licensing', 'OEM / white-label / licensing'],
  ['strategic_codevelopment', 'Strategic co-development'],
  ['technology_integration', 'Technology integration'],
  ['others', 'Other'],
]);

export const AI_MATURITY_LEVELS = [
  { code: 0, label: 'No AI' },
  { code: 1, label: 'AI assisted' },
  { code: 2, label: 'AI featured' },
  { code: 3, label: 'AI differentiated' },
  { code: 4, label: 'AI native' },
  { code: 5, label: 'AI foundational' },
] as const satisfies readonly Option<number>[];

export const FUNDING_STAGES = options([
  ['acquired', 'Acquired'],
  ['angel', 'Angel'],
  ['corporate_funded', 'Corporate funded'],
  ['crowdfunded', 'Crowdfunded'],
  ['debt_funded', 'Debt funded'],
  ['initial_coin_offering', 'Initial coin offering'],
  ['non_equity_assistance', 'Non-equity assistance'],
  ['post_ipo_debt', 'Post-IPO debt'],
  ['post_ipo_equity', 'Post-IPO equity'],
  ['pre_seed', 'Pre-seed'],
  ['private_equity', 'Private equity'],
  ['public', 'Public'],
  ['seed', 'Seed'],
  ['series_a', 'Series A'],
  ['series_b', 'Series B'],
  ['series_c', 'Series C'],
  ['series_d', 'Series D'],
  ['series_e', 'Series E'],
  ['series_f', 'Series F'],
  ['series_g', 'Series G'],
  ['series_h', 'Series H'],
  ['series_i', 'Series I'],
  ['series_j', 'Series J'],
  ['venture_funded', 'Venture funded (undisclosed series)'],
]);

export type FundingStage = (typeof FUNDING_STAGES)[number]['code'];

/**
 * Funding stages in the order money is raised, for a person choosing among them: pre-seed and
 * angel, seed, Series A to J, the late and undisclosed private rounds, then listing and after it,
 * debt, grants and other ways of being funded, and acquired last. The most common stages come
 * first, so a short view of the list shows them. `FUNDING_STAGES` keeps the spec's alphabetical
 * order for lookups; facets read this one (product rules, "Funding stages in order").
 */
export const FUNDING_STAGE_ORDER = [
  'pre_seed',
  'angel',
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
  'venture_funded',
  'private_equity',
  'corporate_funded',
  'public',
  'post_ipo_equity',
  'post_ipo_debt',
  'debt_funded',
  'non_equity_assistance',
  'crowdfunded',
  'initial_coin_offering',
  'acquired',
] as const satisfies readonly FundingStage[];

/** `FUNDING_STAGES` in `FUNDING_STAGE_ORDER`: what the funding-stage facet lists. */
export const FUNDING_STAGES_IN_ORDER: readonly Option<FundingStage>[] = FUNDING_STAGE_ORDER.map(
  (code) => FUNDING_STAGES.find((s) => s.code === code)!,
);

/** Headcount bands, smallest first. `employee_range` sorting uses the employee count behind the band. */
export const HEADCOUNT_RANGES = [
  '1-10',
  '11-50',
  '51-200',
  '201-500',
  '501-1000',
  '1001-5000',
  '5001-10000',
  '10001+',
] as const;
export type HeadcountRange = (typeof HEADCOUNT_RANGES)[number];

export function headcountRangeOf(employees: number): HeadcountRange {
  const uppers = [10, 50, 200, 500, 1000, 5000, 10000];
  const i = uppers.findIndex((u) => employees <= u);
  return HEADCOUNT_RANGES[i === -1 ? HEADCOUNT_RANGES.length - 1 : i]!;
}

/** Status words that company search reports (docs/product-rules.md, section 8). */
export const COMPANY_STATUSES = ['public', 'private', 'acquired', 'delisted', 'unknown'] as const;

export function labelOf(list: readonly Option<string>[], code: string): string {
  return list.find((o) => o.code === code)?.label ?? code;
}

export function codesOf<C extends string>(list: readonly Option<C>[]): [C, ...C[]] {
  return list.map((o) => o.code) as [C, ...C[]];
}
