import { describe, expect, it } from 'vitest';
import { EXCLUDABLE_FILTERS, type Exclusions, type ListFilters } from '../../contract/filters';
import { COUNTRIES, countriesInRegion } from '../../contract/geo';
import { exclusionMethod, isMultiValued } from '../../contract/list-rules';
import { type ListPlan, planList } from './exclusions';

function plan(filters: ListFilters | undefined, exclude: Exclusions): ListPlan {
  const p = planList(filters, exclude);
  if ('errors' in p) throw new Error(JSON.stringify(p.errors));
  return p;
}

function errorsOf(filters: ListFilters | undefined, exclude: Exclusions) {
  const p = planList(filters, exclude);
  return 'errors' in p ? p.errors : [];
}

describe('which exclusions are complements', () => {
  it('reads single- or multi-valued from the section schemas', () => {
    const multi = EXCLUDABLE_FILTERS.filter((f) => isMultiValued(f)).map((f) => f.key);
    expect(multi.sort()).toEqual(
      [
        'business_model.gtm_motion',
        'business_model.revenue_model',
        'company_assessment.competitive_moat',
        'customer_profile.select_customer.name',
        'industry.industry',
        'industry.naics',
        'industry.sic',
        'location.hq.region',
        'location.market_served.markets',
        'location.offices.city',
        'location.offices.country',
        'strategic_signal.partnership.name',
        'strategic_signal.partnership.strategic_tier',
        'strategic_signal.partnership.type',
      ].sort(),
    );
  });

  it('takes the complement only of closed keys a company holds once (and the HQ region, by HQ country)', () => {
    const complements = EXCLUDABLE_FILTERS.filter((f) => exclusionMethod(f) === 'complement').map(
      (f) => f.key,
    );
    expect(complements.sort()).toEqual(
      [
        'business_model.gtm_type',
        'business_model.offering_type',
        'company_assessment.customer_concentration.classification',
        'financial_estimate.revenue_estimate',
        'financial_estimate.valuation_estimate',
        'firmographic.company_type',
        'firmographic.headcount_range',
        'firmographic.operating_status',
        'firmographic.ownership_category',
        'funding_detail.funding_overview.funding_stage',
        'location.hq.country',
        'location.hq.region',
        'location.market_served.is_global',
        'technology.ai_maturity.scale',
        'technology.api_detail.has_api',
        'technology.app_detail.has_app',
        'technology.is_technology_focussed',
      ].sort(),
    );
  });
});

describe('planList', () => {
  it('"Europe excluding Germany" is the European countries other than Germany', () => {
    const p = plan({ 'location.hq.region': ['150'] }, { 'location.hq.country': ['DEU'] });
    const europe = countriesInRegion('150');
    expect(p.service['location.hq.country']?.sort()).toEqual(europe.filter((c) => c !== 'DEU').sort());
    expect(p.service['location.hq.region']).toEqual(['150']);
    expect(p.differences).toEqual([]);
    expect(p.filters).toEqual({ 'location.hq.region': ['150'] });
    expect(p.exclude).toEqual({ 'location.hq.country': ['DEU'] });
    expect(p.warnings).toEqual([
      expect.objectContaining({ code: 'exclusion_drops_unknown', key: 'location.hq.country' }),
    ]);
    expect(p.warnings[0]!.message).toMatch(/companies whose HQ country is unknown/);
  });

  it('"outside Northern America" is every country outside it', () => {
    const p = plan(undefined, { 'location.hq.region': ['021'] });
    const inside = new Set(countriesInRegion('021'));
    expect(inside.has('USA')).toBe(true);
    expect(p.service['location.hq.country']?.sort()).toEqual(
      COUNTRIES.map((c) => c.code)
        .filter((c) => !inside.has(c))
        .sort(),
    );
  });

  it('intersects a complement with what filters ask on the key', () => {
    const p = plan(
      { 'firmographic.company_type': ['private', 'public'], 'technology.ai_maturity.scale': [1, 2, 3] },
      { 'firmographic.company_type': ['public'], 'technology.ai_maturity.scale': [2] },
    );
    expect(p.service['firmographic.company_type']).toEqual(['private']);
    expect(p.service['technology.ai_maturity.scale']).toEqual([1, 3]);
  });

  it('a boolean excluded is the other value', () => {
    const p = plan(undefined, { 'technology.api_detail.has_api': [true] });
    expect(p.service['technology.api_detail.has_api']).toBe(false);
    expect(
      errorsOf({ 'technology.api_detail.has_api': true }, { 'technology.api_detail.has_api': [true] }),
    ).toEqual([
      {
        path: 'exclude.technology.api_detail.has_api',
        message: expect.stringMatching(/nothing would be left/),
      },
    ]);
  });

  it('multi-valued and open keys are set differences, never complements', () => {
    const p = plan(
      { 'business_model.revenue_model': ['subscription_recurring', 'advertising'] },
      {
        'business_model.revenue_model': ['advertising'],
        'industry.industry': ['IND-2008'],
        'location.offices.country': ['USA'],
      },
    );
    // A company with subscription and advertising must go: "any of the others" would keep it.
    expect(p.service['business_model.revenue_model']).toEqual(['subscription_recurring', 'advertising']);
    expect(p.differences).toEqual([
      { key: 'business_model.revenue_model', values: ['advertising'] },
      { key: 'industry.industry', values: ['IND-2008'] },
      { key: 'location.offices.country', values: ['USA'] },
    ]);
    expect(p.warnings).toEqual([]);
  });

  it('company size bands: filters and exclusions compose into the bands left, in scale order', () => {
    expect(
      plan(
        { 'firmographic.headcount_range': ['10001+', '1-10', '11-50'] },
        { 'firmographic.headcount_range': ['11-50'] },
      ).bands,
    ).toEqual(['1-10', '10001+']);
    const only = plan(undefined, { 'firmographic.headcount_range': ['1-10', '11-50'] });
    expect(only.bands).toEqual(['51-200', '201-500', '501-1000', '1001-5000', '5001-10000', '10001+']);
    expect(only.service).toEqual({});
    expect(only.warnings[0]).toMatchObject({
      code: 'exclusion_drops_unknown',
      key: 'firmographic.headcount_range',
    });
  });
});

describe('planList: excluding everything, and empty lists', () => {
  it('excluding everything a key allows is an error naming exclude.<key>, every one at once', () => {
    const errors = errorsOf(
      {
        'firmographic.company_type': ['private'],
        'location.hq.region': ['150'],
        'industry.naics': ['5112'],
        'location.hq.city': ['San Jose'],
      },
      {
        'firmographic.company_type': ['private'],
        'location.hq.country': countriesInRegion('150'),
        'business_model.revenue_model': [
          'advertising',
          'affiliate_referral',
          'data_monetisation',
          'freemium',
          'grants_donations',
          'hardware_sales',
          'licensing_royalties',
          'managed_services',
          'marketplace_commission',
          'one_time_license',
          'professional_services',
          'subscription_recurring',
          'transaction_fee',
          'usage_based',
        ],
        'industry.naics': ['51'],
        'location.hq.city': ['san jose'],
        'firmographic.headcount_range': [
          '1-10',
          '11-50',
          '51-200',
          '201-500',
          '501-1000',
          '1001-5000',
          '5001-10000',
          '10001+',
        ],
      },
    );
    expect(errors.map((e) => e.path).sort()).toEqual(
      [
        'exclude.business_model.revenue_model',
        'exclude.firmographic.company_type',
        'exclude.firmographic.headcount_range',
        'exclude.industry.naics',
        'exclude.location.hq.city',
        'exclude.location.hq.country',
      ].sort(),
    );
  });

  it('leaves what is not everything alone: a broader name, another code prefix', () => {
    expect(errorsOf({ 'location.hq.city': ['San'] }, { 'location.hq.city': ['San Jose'] })).toEqual([]);
    expect(errorsOf({ 'industry.naics': ['51', '52'] }, { 'industry.naics': ['51'] })).toEqual([]);
  });

  it('empty lists are ignored with a warning, as the service does', () => {
    const p = plan(
      { 'firmographic.headcount_range': [], 'location.hq.country': ['DEU'] },
      { 'industry.industry': [] },
    );
    expect(p.bands).toBeUndefined();
    expect(p.filters).toEqual({ 'location.hq.country': ['DEU'] });
    expect(p.exclude).toBeUndefined();
    expect(p.warnings.map((w) => w.code)).toEqual(['empty_filter_ignored', 'empty_exclusion_ignored']);
  });
});
