/**
 * What an exclusion ("is none of") does beyond leaving out the values named, in words the editor
 * shows under it before the list is run.
 *
 * The BFF serves an exclusion of a key a company holds one value of, from a closed list (its HQ
 * country, its ownership, a yes/no), by the complement within the key (docs/product-rules.md, section 14): "not
 * in the United States" asks for every other country, so a company whose country is unknown is
 * left out too. Keys a company may hold several values of (markets, offices, partnerships,
 * motions), and open keys (names, industry codes), are served by set difference: a company with no
 * value there stays. The BFF says the same in the answer's `exclusion_drops_unknown` warning, which
 * the results show as they come; this note says it before anything is spent.
 */

import { INVESTOR_EXCLUSION_KEY } from '@contract/filters';

/** Keys excluded by complement, with the noun of "companies whose <noun> is unknown". */
const DROPS_UNKNOWN: Readonly<Record<string, string>> = {
  'firmographic.headcount_range': 'employee count',
  'firmographic.company_type': 'company type',
  'firmographic.ownership_category': 'ownership',
  'firmographic.operating_status': 'operating status',
  'business_model.gtm_type': 'customer type',
  'business_model.offering_type': 'offering',
  'company_assessment.customer_concentration.classification': 'customer concentration',
  'financial_estimate.revenue_estimate': 'revenue',
  'financial_estimate.valuation_estimate': 'valuation',
  // A region is where the HQ country lies: unknown exactly when the country is.
  'location.hq.region': 'country',
  'location.hq.country': 'country',
  'technology.ai_maturity.scale': 'AI maturity',
  'funding_detail.funding_overview.funding_stage': 'funding stage',
};

/** Yes/no keys: excluding one answer asks for the other, so an unknown answer is left out too. */
const BOOLEAN_KEYS: ReadonlySet<string> = new Set([
  'location.market_served.is_global',
  'technology.api_detail.has_api',
  'technology.app_detail.has_app',
  'technology.is_technology_focussed',
]);

/**
 * Excludable keys served by set difference: companies with no value on them are kept. Listed so
 * that a key added to the catalog is classified on purpose (a test holds every excludable key to
 * one of the three lists).
 */
const KEEPS_UNKNOWN: ReadonlySet<string> = new Set([
  'business_model.gtm_motion',
  'business_model.revenue_model',
  'company_assessment.competitive_moat',
  'location.hq.city',
  'location.market_served.markets',
  'location.offices.country',
  'location.offices.city',
  'strategic_signal.partnership.name',
  'strategic_signal.partnership.type',
  'strategic_signal.partnership.strategic_tier',
  'customer_profile.select_customer.name',
  'industry.naics',
  'industry.sic',
  'industry.industry',
  // Investors a company's rounds must not name: a company without a round naming one stays.
  INVESTOR_EXCLUSION_KEY,
]);

/** Every key this module classifies (for the completeness test). */
export const CLASSIFIED_KEYS: readonly string[] = [
  ...Object.keys(DROPS_UNKNOWN),
  ...BOOLEAN_KEYS,
  ...KEEPS_UNKNOWN,
];

/** Whether the BFF serves an exclusion of `key` by the complement within the key (a plain filter, no extra calls). */
export function excludedByComplement(key: string): boolean {
  return key in DROPS_UNKNOWN || BOOLEAN_KEYS.has(key);
}

/**
 * The note under an exclusion of `key`: "also leaves out companies whose country is unknown", or
 * undefined where companies without a value stay in the list.
 */
export function unknownNote(key: string): string | undefined {
  const noun = DROPS_UNKNOWN[key];
  if (noun) return `also leaves out companies whose ${noun} is unknown`;
  if (BOOLEAN_KEYS.has(key)) return 'also leaves out companies for which this is unknown';
  return undefined;
}
