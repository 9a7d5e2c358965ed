/**
 * Nothing silent (docs/product-rules.md, section 14): words no rule read are reported, function words aside,
 * and a negated criterion that reaches the translator is reported, never read as its positive.
 */
import { describe, expect, it } from 'vitest';
import { NEGATION_IDIOMS } from '../../contract/negation-words';
import { translate } from './translate';

const ctx = { today: new Date('2026-11-22T00:00:00Z') };
const t = (text: string) => translate(text, ctx);

describe('words no rule read are reported', () => {
  it.each([
    ['software companies in Germany with 50-200 employees', ['50-200', 'employees']],
    ['fintechs with 200+ employees', ['200+', 'employees']],
    ['banks with more than 100 employees', ['100', 'employees']],
    ['agencies with fewer than 50 staff', ['fewer', '50', 'staff']],
    ['small software companies', ['small']],
    ['mid-sized manufacturers', ['mid', 'sized']],
    ['large banks', ['large']],
    ['enterprise software companies', ['enterprise']],
    ['fintech startups in Berlin', ['startups']],
    ['profitable SaaS companies that are hiring, remote first', ['profitable', 'hiring', 'remote', 'first']],
    ['funded companies', ['funded']],
    ['new companies in the top 100', ['new', '100']],
    // who founded a company is no filter: never an industry ("engineers") or anything else
    ['biotech founded by scientists in Germany', ['founded by scientists']],
    ['fintechs founded by women', ['founded by women']],
    // a part of the UK the catalog cannot name, and never Ireland
    ['startups in Northern Ireland', ['northern ireland', 'startups']],
    // who runs a company is no industry, nor a misspelling of one ("founders" is no foundry)
    ['solo founders SaaS', ['solo', 'founders']],
  ])('%s', (text, unmatched) => {
    expect(t(text).unmatched).toEqual(unmatched);
  });

  it('keeps function words, hedges and the generic nouns quiet', () => {
    expect(t('show me the best software companies based in Germany please').unmatched).toEqual([]);
    expect(t('looking for some of the companies that are mostly in the software sector').unmatched).toEqual(
      [],
    );
  });

  it('reads no industry from a word it reports ("staff" is not staffing, "stage startups" no incubator)', () => {
    expect(t('fewer than 50 staff').filters).toEqual({});
    expect(t('seed stage startups').filters).toEqual({
      'funding_detail.funding_overview.funding_stage': ['seed'],
    });
    expect(t('staffing agencies').filters['industry.industry']).toEqual(['IND-8105']);
  });
});

describe('a negated criterion is reported, never read as its positive', () => {
  it.each([
    ['fintech companies not in the US', 'not in the US', 'location.hq.country'],
    ['B2B companies that are not venture backed', 'not venture backed', 'firmographic.ownership_category'],
    ['private companies but not family owned', 'not family owned', 'firmographic.ownership_category'],
    ['companies in Germany other than software', 'other than software', 'business_model.offering_type'],
    ['companies with no B2C business', 'no B2C', 'business_model.gtm_type'],
    ['non-US SaaS companies', 'non-US', 'location.hq.country'],
    ['software companies in Europe excluding Germany', 'excluding Germany', 'location.hq.country'],
    ['European fintechs apart from the UK', 'apart from the UK', 'location.hq.country'],
    ['SaaS companies outside of North America', 'outside of North America', 'location.hq.region'],
    ['not VC-backed startups', 'not VC-backed', 'firmographic.ownership_category'],
    ['companies not acquired', 'not acquired', 'firmographic.operating_status'],
    [
      'companies with not more than 3 rounds',
      'not more than 3 rounds',
      'funding_detail.funding_overview.num_funding_rounds',
    ],
    ['startups no less than 2 years old', 'no less than 2 years old', 'firmographic.founded_year'],
  ])('%s', (text, negated, key) => {
    const r = t(text);
    expect(r.negated).toEqual([negated]);
    expect(r.unmatched).toContain(negated);
    expect(r.matches.map((m) => m.key)).not.toContain(key);
  });

  it('still reads the rest of the description', () => {
    expect(t('software companies in Europe excluding Germany').filters).toEqual({
      'location.hq.region': ['150'],
      'business_model.offering_type': ['software'],
    });
    expect(t('companies without funding in Spain')).toMatchObject({
      filters: { 'location.hq.country': ['ESP'] },
      unmatched: ['without funding'],
    });
  });

  it.each([
    [
      'not public companies in Japan',
      { 'firmographic.company_type': ['private'], 'location.hq.country': ['JPN'] },
    ],
    [
      'non-profits in Kenya',
      { 'firmographic.ownership_category': ['nonprofit_foundation_owned'], 'location.hq.country': ['KEN'] },
    ],
    ['not-for-profit companies', { 'firmographic.ownership_category': ['nonprofit_foundation_owned'] }],
    [
      'non-tech family businesses',
      { 'technology.is_technology_focussed': false, 'firmographic.ownership_category': ['family_owned'] },
    ],
    [
      'no AI manufacturers',
      { 'technology.ai_maturity.scale': [0], 'business_model.offering_type': ['hardware_manufacturing'] },
    ],
    [
      'fintechs without an API',
      { 'technology.api_detail.has_api': false, 'industry.industry': ['IND-2031'] },
    ],
    ['companies without a mobile app', { 'technology.app_detail.has_app': false }],
    ['not listed companies', { 'firmographic.company_type': ['private'] }],
    ['companies with no revenue', { 'financial_estimate.revenue_estimate': ['pre_revenue'] }],
    [
      'startups without VC',
      { 'firmographic.ownership_category': ['founder_individual_operated_bootstrapped'] },
    ],
    [
      'companies with no more than 2 funding rounds',
      { 'funding_detail.funding_overview.num_funding_rounds': { lte: 2 } },
    ],
  ])('a phrase that names a value stays the tables’: %s', (text, filters) => {
    const r = t(text);
    expect(r.filters).toEqual(filters);
    expect(r.negated).toEqual([]);
  });

  it('reads every idiom of the contract as a value (the BFF leaves them to the translator)', () => {
    const examples = [
      'non-profit',
      'not for profit',
      'non-tech',
      'not tech',
      'no AI',
      'without AI',
      'not using AI',
      'non-AI',
      'no use of AI',
      'no API',
      'no public API',
      'without an API',
      'no mobile app',
      'without a mobile app',
      'not public',
      'non-public',
      'not listed',
      'not publicly traded',
      'no revenue',
      'not yet generating revenue',
    ];
    const idioms = NEGATION_IDIOMS.map((source) => new RegExp(`^(?:${source})$`));
    for (const idiom of idioms) {
      expect(
        examples.some((e) => idiom.test(e.toLowerCase())),
        `an example of ${idiom.source}`,
      ).toBe(true);
    }
    for (const text of examples) {
      const r = t(text);
      expect(Object.keys(r.filters), text).not.toHaveLength(0);
      expect(r.unmatched, text).toEqual([]);
    }
  });
});
