/**
 * Go-to-market type, offering, go-to-market motion and revenue model. The order is the reading
 * priority: "managed services" (a revenue model) before "services" (an offering), "api first" (a
 * motion) before the technology table's "api".
 */
import type { Phrase } from './phrase';

const GTM = 'business_model.gtm_type';
const OFFER = 'business_model.offering_type';
const MOTION = 'business_model.gtm_motion';
const REV = 'business_model.revenue_model';

export const GTM_TYPE_PHRASES: readonly Phrase[] = [
  {
    reads:
      'b2b2c|b2b (?:and|&|/|or) b2c|b2c (?:and|&|/|or) b2b|both b2b and b2c|(?:selling to |sell to |serving )?both (?:businesses|companies) and consumers|hybrid b2b',
    key: GTM,
    values: ['b2b_and_b2c'],
    says: 'B2B2C',
  },
  {
    reads:
      'b2b|business to business|(?:selling to|sell to|sells to|serving) (?:businesses|enterprises|companies|smbs|smes)',
    key: GTM,
    values: ['b2b'],
    says: 'B2B',
  },
  {
    reads:
      'b2c|business to consumer|consumer facing|consumer brands?|(?:selling to|sell to|sells to|serving) consumers',
    key: GTM,
    values: ['b2c'],
    says: 'B2C',
  },
];

export const BUSINESS_MODEL_PHRASES: readonly Phrase[] = [
  // "SaaS" is both an offering and a revenue model
  { reads: 'saas', key: OFFER, values: ['software'], alsoNext: true },
  { reads: 'saas', key: REV, values: ['subscription_recurring'] },
  { reads: 'api first', key: MOTION, values: ['api_first'], says: 'API-first' },
  {
    reads: 'product led(?: growth)?|plg|self serve|self service|bottom up',
    key: MOTION,
    values: ['product_led_growth'],
    says: 'product-led growth',
  },
  { reads: 'sales led|top down', key: MOTION, values: ['sales_led'], says: 'sales-led' },
  {
    reads:
      '(?:through |via |sell through |sells through |selling through )?(?:channel partners?|channel sales|resellers|distributors|the channel|partners channel|indirect sales)',
    key: MOTION,
    values: ['channel_partners'],
    says: 'selling through channel partners',
  },
  {
    reads:
      'marketplace listings?|(?:listed |sold |selling )?(?:on |via |through )(?:the )?(?:aws|azure|google cloud|gcp|salesforce|shopify|atlassian|hubspot|app) ?(?:marketplace|store|app ?exchange|exchange)|(?:aws|azure|gcp) marketplace|app store listing',
    key: MOTION,
    values: ['marketplace_listing'],
    says: 'marketplace listing',
  },
  {
    reads: 'dtc|d2c|direct to consumer',
    key: MOTION,
    values: ['direct_to_consumer'],
    says: 'direct to consumer',
  },
  {
    reads: 'enterprise (?:field )?sales|field sales|outbound sales',
    key: MOTION,
    values: ['enterprise_field_sales'],
    says: 'enterprise field sales',
  },
  { reads: 'inside sales', key: MOTION, values: ['inside_sales'], says: 'inside sales' },
  {
    reads: 'community led|community driven|open source|community',
    key: MOTION,
    values: ['community_led'],
    says: 'community-led',
  },
  { reads: 'oem|white label(?:ed)?|embedded', key: MOTION, values: ['oem_embedded'], says: 'white-label' },
  {
    reads: 'event driven|events? led|trade shows?',
    key: MOTION,
    values: ['event_driven'],
    says: 'event-driven',
  },
  {
    reads: 'subscriptions?(?: based| model| revenue)?|recurring revenue|recurring',
    key: REV,
    values: ['subscription_recurring'],
    says: 'subscription',
  },
  {
    reads: 'usage based|pay as you go|consumption based|metered(?: billing)?|pay per use',
    key: REV,
    values: ['usage_based'],
    says: 'usage-based',
  },
  {
    reads: '(?:two sided |online )?marketplaces?|commission based|commissions',
    key: REV,
    values: ['marketplace_commission'],
    says: 'marketplace',
  },
  {
    reads: 'ad supported|ads? based|advertising(?: based| funded| revenue)?|ad revenue|ad funded',
    key: REV,
    values: ['advertising'],
    says: 'ad supported',
  },
  { reads: 'freemium', key: REV, values: ['freemium'], says: 'freemium' },
  {
    reads: 'transaction(?:al)? fees?|transaction based|per transaction|take rate|payment fees',
    key: REV,
    values: ['transaction_fee'],
    says: 'transaction fees',
  },
  {
    reads: 'perpetual licen[cs]es?|one time licen[cs]es?',
    key: REV,
    values: ['one_time_license'],
    says: 'perpetual license',
  },
  {
    reads: 'licen[cs]ing|licen[cs]es|royalt(?:y|ies)',
    key: REV,
    values: ['licensing_royalties'],
    says: 'licensing',
  },
  {
    reads: 'hardware sales|sell(?:s|ing)? hardware',
    key: REV,
    values: ['hardware_sales'],
    says: 'hardware sales',
  },
  { reads: 'managed services?|msps?', key: REV, values: ['managed_services'], says: 'managed services' },
  {
    reads: 'professional services|consulting revenue',
    key: REV,
    values: ['professional_services'],
    says: 'professional services',
  },
  {
    reads: 'affiliate(?: marketing| revenue)?|referral fees|referrals?',
    key: REV,
    values: ['affiliate_referral'],
    says: 'affiliate revenue',
  },
  {
    reads: 'donations?|donor funded|grants?|grant funded',
    key: REV,
    values: ['grants_donations'],
    says: 'donations',
  },
  {
    reads: 'data monetis(?:ation|ing)|data monetiz(?:ation|ing)|sell(?:s|ing)? data',
    key: REV,
    values: ['data_monetisation'],
    says: 'data monetisation',
  },
  {
    reads: 'software|software vendors?|software companies',
    key: OFFER,
    values: ['software'],
    says: 'software',
  },
  {
    reads: 'hardware(?: companies| makers| vendors)?|manufacturers?|manufacturing|makes? hardware',
    key: OFFER,
    values: ['hardware_manufacturing'],
    says: 'hardware',
  },
  {
    reads: 'services|service providers?|service companies|agenc(?:y|ies)|consultanc(?:y|ies)',
    key: OFFER,
    values: ['services'],
    says: 'services',
  },
  {
    reads: 'e ?commerce|ecom|online (?:stores?|shops?|retail(?:ers)?)|digital commerce|content|media',
    key: OFFER,
    values: ['digital_commerce_content'],
    says: 'ecommerce',
  },
];
