import { describe, expect, it } from 'vitest';
import { FiltersSchema } from '../../contract/filters';
import { type TranslateContext, translate } from './translate';

const TODAY = new Date('2026-11-22T00:00:00Z');
const INVESTORS: Record<string, string> = { sequoia: 'inv-sequoia', accel: 'inv-accel', a16z: 'inv-a16z' };
const ctx: TranslateContext = {
  today: TODAY,
  resolveInvestor: (name) => {
    const id = INVESTORS[name.toLowerCase()];
    return id ? [id] : [];
  },
};

const f = (text: string, c: TranslateContext = ctx) => translate(text, c).filters;

describe('company type, ownership, status', () => {
  it.each([
    ['public companies', { 'firmographic.company_type': ['public'] }],
    ['listed companies', { 'firmographic.company_type': ['public'] }],
    ['privately held firms', { 'firmographic.company_type': ['private'] }],
    ['private companies', { 'firmographic.company_type': ['private'] }],
    ['not public', { 'firmographic.company_type': ['private'] }],
    ['family-owned', { 'firmographic.ownership_category': ['family_owned'] }],
    ['founder-led', { 'firmographic.ownership_category': ['founder_individual_operated_bootstrapped'] }],
    ['bootstrapped', { 'firmographic.ownership_category': ['founder_individual_operated_bootstrapped'] }],
    ['PE-backed', { 'firmographic.ownership_category': ['private_equity_controlled'] }],
    ['VC-backed', { 'firmographic.ownership_category': ['venture_growth_investor_backed'] }],
    ['venture-backed', { 'firmographic.ownership_category': ['venture_growth_investor_backed'] }],
    ['state-owned', { 'firmographic.ownership_category': ['state_government_owned'] }],
    ['non-profit', { 'firmographic.ownership_category': ['nonprofit_foundation_owned'] }],
    ['acquired', { 'firmographic.operating_status': ['acquired'] }],
    ['shut down', { 'firmographic.operating_status': ['closed'] }],
    ['went public', { 'firmographic.operating_status': ['ipo'] }],
    ['still operating', { 'firmographic.operating_status': ['operating'] }],
  ])('%s', (text, expected) => {
    expect(f(text)).toEqual(expected);
  });
});

describe('founding', () => {
  it.each([
    ['founded after 2015', { gte: 2016 }],
    ['since 2015', { gte: 2015 }],
    ['before 2000', { lte: 1999 }],
    ['between 2010 and 2015', { gte: 2010, lte: 2015 }],
    ['founded in the last 5 years', { gte: 2021 }],
    ['founded in the 2010s', { gte: 2010, lte: 2019 }],
    ['older than 20 years', { lte: 2006 }],
    ['founded in 2019', { gte: 2019, lte: 2019 }],
  ])('%s', (text, expected) => {
    expect(f(text)).toEqual({ 'firmographic.founded_year': expected });
  });

  it('is relative to ctx.today', () => {
    expect(f('founded in the last 5 years', { today: new Date('2030-01-01T00:00:00Z') })).toEqual({
      'firmographic.founded_year': { gte: 2025 },
    });
  });
});

describe('places', () => {
  it.each([
    ['companies in Germany', { 'location.hq.country': ['DEU'] }],
    ['German companies', { 'location.hq.country': ['DEU'] }],
    ['in the US', { 'location.hq.country': ['USA'] }],
    ['in the us', { 'location.hq.country': ['USA'] }],
    ['UK and USA', { 'location.hq.country': ['GBR', 'USA'] }],
    ['Germany, France or Spain', { 'location.hq.country': ['DEU', 'FRA', 'ESP'] }],
    ['in Europe', { 'location.hq.region': ['150'] }],
    ['Western Europe', { 'location.hq.region': ['155'] }],
    ['Northern Europe', { 'location.hq.region': ['154'] }],
    ['Southeast Asia', { 'location.hq.region': ['035'] }],
    ['South-eastern Asia', { 'location.hq.region': ['035'] }],
    ['Latin America', { 'location.hq.region': ['419'] }],
    ['LATAM', { 'location.hq.region': ['419'] }],
    ['Africa', { 'location.hq.region': ['002'] }],
    ['Asia', { 'location.hq.region': ['142'] }],
    ['DACH', { 'location.hq.country': ['DEU', 'AUT', 'CHE'] }],
    ['Nordics', { 'location.hq.country': ['DNK', 'FIN', 'ISL', 'NOR', 'SWE'] }],
    ['Benelux', { 'location.hq.country': ['BEL', 'NLD', 'LUX'] }],
    ['EMEA', { 'location.hq.region': ['150', '002', '145'] }],
    // Asia-Pacific without Western Asia, which is EMEA's: no country in both
    ['APAC', { 'location.hq.region': ['030', '035', '034', '143', '009'] }],
    ['with an office in London', { 'location.offices.city': ['London'] }],
    ['offices in Germany', { 'location.offices.country': ['DEU'] }],
    ['selling into France', { 'location.market_served.markets': ['FRA'] }],
    ['serving Germany and Austria', { 'location.market_served.markets': ['DEU', 'AUT'] }],
    ['global', { 'location.market_served.is_global': true }],
    ['based in Berlin', { 'location.hq.city': ['Berlin'] }],
    ['london-based', { 'location.hq.city': ['London'] }],
  ])('%s', (text, expected) => {
    expect(f(text)).toEqual(expected);
  });

  it('expands a region in a market phrase to its countries', () => {
    const markets = f('selling into the Benelux')['location.market_served.markets'];
    expect(markets).toEqual(['BEL', 'NLD', 'LUX']);
  });
});

describe('business model', () => {
  it.each([
    ['B2B', { 'business_model.gtm_type': ['b2b'] }],
    ['B2C', { 'business_model.gtm_type': ['b2c'] }],
    ['B2B2C', { 'business_model.gtm_type': ['b2b_and_b2c'] }],
    ['both B2B and B2C', { 'business_model.gtm_type': ['b2b_and_b2c'] }],
    [
      'SaaS',
      {
        'business_model.offering_type': ['software'],
        'business_model.revenue_model': ['subscription_recurring'],
      },
    ],
    ['hardware', { 'business_model.offering_type': ['hardware_manufacturing'] }],
    ['services', { 'business_model.offering_type': ['services'] }],
    ['e-commerce', { 'business_model.offering_type': ['digital_commerce_content'] }],
    ['PLG', { 'business_model.gtm_motion': ['product_led_growth'] }],
    ['product-led', { 'business_model.gtm_motion': ['product_led_growth'] }],
    ['self-serve', { 'business_model.gtm_motion': ['product_led_growth'] }],
    ['sales-led', { 'business_model.gtm_motion': ['sales_led'] }],
    ['channel partners', { 'business_model.gtm_motion': ['channel_partners'] }],
    ['API-first', { 'business_model.gtm_motion': ['api_first'] }],
    ['DTC', { 'business_model.gtm_motion': ['direct_to_consumer'] }],
    ['enterprise sales', { 'business_model.gtm_motion': ['enterprise_field_sales'] }],
    ['inside sales', { 'business_model.gtm_motion': ['inside_sales'] }],
    ['community-led', { 'business_model.gtm_motion': ['community_led'] }],
    ['OEM', { 'business_model.gtm_motion': ['oem_embedded'] }],
    ['subscription', { 'business_model.revenue_model': ['subscription_recurring'] }],
    ['usage-based', { 'business_model.revenue_model': ['usage_based'] }],
    ['marketplace', { 'business_model.revenue_model': ['marketplace_commission'] }],
    ['ad-supported', { 'business_model.revenue_model': ['advertising'] }],
    ['freemium', { 'business_model.revenue_model': ['freemium'] }],
    ['transaction fees', { 'business_model.revenue_model': ['transaction_fee'] }],
    ['licensing', { 'business_model.revenue_model': ['licensing_royalties'] }],
    ['hardware sales', { 'business_model.revenue_model': ['hardware_sales'] }],
    ['managed services', { 'business_model.revenue_model': ['managed_services'] }],
    ['professional services', { 'business_model.revenue_model': ['professional_services'] }],
    ['affiliate', { 'business_model.revenue_model': ['affiliate_referral'] }],
    ['donations', { 'business_model.revenue_model': ['grants_donations'] }],
  ])('%s', (text, expected) => {
    expect(f(text)).toEqual(expected);
  });
});

describe('money', () => {
  const REV = 'financial_estimate.revenue_estimate';
  const VAL = 'financial_estimate.valuation_estimate';
  it.each([
    ['$10M-$50M revenue', { [REV]: ['10m_25m', '25m_50m'] }],
    ['10 to 25 million in revenue', { [REV]: ['10m_25m'] }],
    ['over 1 billion in revenue', { [REV]: ['1b_5b', 'over_5b'] }],
    [
      '$5m+ revenue',
      {
        [REV]: [
          '5m_10m',
          '10m_25m',
          '25m_50m',
          '50m_100m',
          '100m_250m',
          '250m_500m',
          '500m_1b',
          '1b_5b',
          'over_5b',
        ],
      },
    ],
    ['revenue under 5m', { [REV]: ['pre_revenue', 'under_1m', '1m_5m'] }],
    ['pre-revenue', { [REV]: ['pre_revenue'] }],
    ['unicorns', { [VAL]: ['1b_5b', '5b_10b', '10b_25b', 'over_25b'] }],
    ['decacorns', { [VAL]: ['10b_25b', 'over_25b'] }],
    ['valued at over $1b', { [VAL]: ['1b_5b', '5b_10b', '10b_25b', 'over_25b'] }],
    ['raised over $20M', { 'funding_detail.funding_overview.total_funding_usd': { gte: 20_000_000 } }],
    [
      'raised $5-10m',
      { 'funding_detail.funding_overview.total_funding_usd': { gte: 5_000_000, lte: 10_000_000 } },
    ],
  ])('%s', (text, expected) => {
    expect(f(text)).toEqual(expected);
  });
});

describe('technology', () => {
  it.each([
    ['AI-native', { 'technology.ai_maturity.scale': [4] }],
    ['AI-first', { 'technology.ai_maturity.scale': [4, 5] }],
    ['no AI', { 'technology.ai_maturity.scale': [0] }],
    ['AI-powered', { 'technology.ai_maturity.scale': [2, 3, 4, 5] }],
    ['uses AI', { 'technology.ai_maturity.scale': [2, 3, 4, 5] }],
    ['with an API', { 'technology.api_detail.has_api': true }],
    ['mobile app', { 'technology.app_detail.has_app': true }],
    ['tech companies', { 'technology.is_technology_focussed': true }],
    ['tech-focused', { 'technology.is_technology_focussed': true }],
  ])('%s', (text, expected) => {
    expect(f(text)).toEqual(expected);
  });
});

describe('funding', () => {
  const STAGE = 'funding_detail.funding_overview.funding_stage';
  it.each([
    ['Series B', { [STAGE]: ['series_b'] }],
    ['seed-stage', { [STAGE]: ['seed'] }],
    ['pre-seed', { [STAGE]: ['pre_seed'] }],
    // Before a series: every earlier stage, never the series named (it has not been raised yet).
    ['pre-Series A', { [STAGE]: ['pre_seed', 'seed'] }],
    ['pre series B', { [STAGE]: ['pre_seed', 'seed', 'series_a'] }],
    ['series a or b', { [STAGE]: ['series_a', 'series_b'] }],
    [
      'pre-IPO',
      {
        [STAGE]: [
          'series_c',
          'series_d',
          'series_e',
          'series_f',
          'series_g',
          'series_h',
          'series_i',
          'series_j',
        ],
      },
    ],
    ['with 3+ rounds', { 'funding_detail.funding_overview.num_funding_rounds': { gte: 3 } }],
    [
      'raised in the last 6 months',
      { 'funding_detail.funding_overview.last_funding_date': { gte: '2026-05-22' } },
    ],
    // "past" is no misspelt country word ("Saint Martin (French part)")
    [
      'raised in the past 6 months',
      { 'funding_detail.funding_overview.last_funding_date': { gte: '2026-05-22' } },
    ],
    [
      'last funded in 2024',
      { 'funding_detail.funding_overview.last_funding_date': { gte: '2024-01-01', lte: '2024-12-31' } },
    ],
    ['backed by Sequoia', { 'funding_detail.funding_rounds': { 'investors.uuid': ['inv-sequoia'] } }],
    [
      'a Series A of at least $10M in 2023',
      {
        'funding_detail.funding_rounds': {
          round: ['series_a'],
          amount_usd: { gte: 10_000_000 },
          date: { gte: '2023-01-01', lte: '2023-12-31' },
        },
      },
    ],
    [
      'a round led by Accel',
      {
        'funding_detail.funding_rounds': { 'investors.uuid': ['inv-accel'], 'investors.lead_investor': true },
      },
    ],
  ])('%s', (text, expected) => {
    expect(f(text)).toEqual(expected);
  });

  it('reports an investor it cannot resolve as unmatched', () => {
    const r = translate('backed by Nobody Capital', ctx);
    expect(r.filters).toEqual({});
    expect(r.unmatched).toContain('nobody capital');
  });
});

describe('assessment, partners, customers, industries', () => {
  it.each([
    ['low customer concentration', { 'company_assessment.customer_concentration.classification': ['low'] }],
    ['network effects', { 'company_assessment.competitive_moat': ['network_effects'] }],
    ['high switching costs', { 'company_assessment.competitive_moat': ['switching_costs'] }],
    ['data moat', { 'company_assessment.competitive_moat': ['data_advantage'] }],
    ['partners of Salesforce', { 'strategic_signal.partnership.name': ['Salesforce'] }],
    ['whose customers include Walmart', { 'customer_profile.select_customer.name': ['Walmart'] }],
    ['NAICS 5112', { 'industry.naics': ['5112'] }],
    ['SIC 7372', { 'industry.sic': ['7372'] }],
    ['fintechs', { 'industry.industry': ['IND-2031'] }],
    ['cybersecurity', { 'industry.industry': ['IND-1001'] }],
  ])('%s', (text, expected) => {
    expect(f(text)).toEqual(expected);
  });
});

describe('ambiguities resolved', () => {
  it.each([
    // a verb before a stage is part of the stage phrase, not an operating status
    ['companies that closed a series a', { 'funding_detail.funding_overview.funding_stage': ['series_a'] }],
    [
      'raised a $20m series b in 2024',
      {
        'funding_detail.funding_rounds': {
          round: ['series_b'],
          amount_usd: { gte: 20_000_000 },
          date: { gte: '2024-01-01', lte: '2024-12-31' },
        },
      },
    ],
    [
      'Series B led by Accel',
      {
        'funding_detail.funding_rounds': {
          round: ['series_b'],
          'investors.uuid': ['inv-accel'],
          'investors.lead_investor': true,
        },
      },
    ],
    // industry names holding words other rules read ("ai", "embedded", "media", "it services")
    ['generative ai startups', { 'industry.industry': ['IND-1101'] }],
    ['embedded finance', { 'industry.industry': ['IND-2041'] }],
    ['it services', { 'industry.industry': ['IND-1201'] }],
    ['food and beverage', { 'industry.industry': ['IND-7002'] }],
    // typo in an industry word, corrected against the industry vocabulary
    ['logistcs companies', { 'industry.industry': ['IND-5201'] }],
    ['still independent', { 'firmographic.operating_status': ['operating', 'ipo'] }],
    ['help us find companies', {}],
    ['private equity firms', { 'industry.industry': ['IND-2007'] }],
    ['owned by private equity', { 'firmographic.ownership_category': ['private_equity_controlled'] }],
    [
      'companies headquartered in paris with offices in new york',
      {
        'location.hq.city': ['Paris'],
        'location.offices.city': ['New York'],
      },
    ],
  ])('%s', (text, expected) => {
    expect(f(text)).toEqual(expected);
  });

  it('corrects typos in place and rule words, but not in names', () => {
    expect(f('venutre backed startups in swizterland')).toEqual({
      'firmographic.ownership_category': ['venture_growth_investor_backed'],
      'location.hq.country': ['CHE'],
    });
    const r = translate('backed by nvidia', ctx);
    expect(r.filters).toEqual({});
    expect(r.unmatched).toEqual(['nvidia']);
  });

  it('reads "<name> partners" after channel partners are taken', () => {
    expect(f('salesforce partners')).toEqual({ 'strategic_signal.partnership.name': ['salesforce'] });
    expect(f('channel partners')).toEqual({ 'business_model.gtm_motion': ['channel_partners'] });
  });

  it('does not guess an industry from vague words', () => {
    const r = translate('innovative fast growing companies that are hiring', ctx);
    expect(r.filters).toEqual({});
    expect(r.unmatched).toEqual(['innovative', 'fast', 'growing', 'hiring']);
  });

  it('without resolveInvestor, investor names are reported unmatched', () => {
    const r = translate('backed by Sequoia', { today: TODAY });
    expect(r.filters).toEqual({});
    expect(r.unmatched).toEqual(['sequoia']);
  });
});

describe('full sentences', () => {
  it('Series B fintechs in Germany or Austria founded after 2015 with over $10M revenue', () => {
    expect(f('Series B fintechs in Germany or Austria founded after 2015 with over $10M revenue')).toEqual({
      'funding_detail.funding_overview.funding_stage': ['series_b'],
      'industry.industry': ['IND-2031'],
      'location.hq.country': ['DEU', 'AUT'],
      'firmographic.founded_year': { gte: 2016 },
      'financial_estimate.revenue_estimate': [
        '10m_25m',
        '25m_50m',
        '50m_100m',
        '100m_250m',
        '250m_500m',
        '500m_1b',
        '1b_5b',
        'over_5b',
      ],
    });
  });

  // "PE-backed" and "family" are both ownership words; a company has one ownership category, so the
  // translator keeps both as any-of values rather than guessing which one the user meant.
  it('PE-backed family firms in the Nordics that sell through channel partners', () => {
    expect(f('PE-backed family firms in the Nordics that sell through channel partners')).toEqual({
      'firmographic.ownership_category': ['private_equity_controlled', 'family_owned'],
      'location.hq.country': ['DNK', 'FIN', 'ISL', 'NOR', 'SWE'],
      'business_model.gtm_motion': ['channel_partners'],
    });
  });

  it('AI-native B2B SaaS in the US backed by Sequoia', () => {
    const r = translate('AI-native B2B SaaS in the US backed by Sequoia', ctx);
    expect(r.filters).toEqual({
      'technology.ai_maturity.scale': [4],
      'business_model.gtm_type': ['b2b'],
      'business_model.offering_type': ['software'],
      'business_model.revenue_model': ['subscription_recurring'],
      'location.hq.country': ['USA'],
      'funding_detail.funding_rounds': { 'investors.uuid': ['inv-sequoia'] },
    });
    expect(r.unmatched).toEqual([]);
    expect(r.matches.map((m) => m.key)).toContain('funding_detail.funding_rounds');
  });

  it('handles lower case, typos and run-on phrasing', () => {
    expect(f('bootstraped saas compnaies in germnay founded after 2015')).toEqual({
      'firmographic.ownership_category': ['founder_individual_operated_bootstrapped'],
      'business_model.offering_type': ['software'],
      'business_model.revenue_model': ['subscription_recurring'],
      'location.hq.country': ['DEU'],
      'firmographic.founded_year': { gte: 2016 },
    });
  });
});

describe('output', () => {
  it('gives {} for text that maps to nothing, listing the words it ignored', () => {
    const r = translate('the blue ones please', ctx);
    expect(r.filters).toEqual({});
    expect(r.unmatched).toEqual(['blue']);
    expect(translate('', ctx).filters).toEqual({});
  });

  it('says which words became which filter', () => {
    const r = translate('vc backed fintechs in france', ctx);
    expect(r.matches).toEqual(
      expect.arrayContaining([
        {
          text: 'vc backed',
          key: 'firmographic.ownership_category',
          values: ['venture_growth_investor_backed'],
        },
        { text: 'fintech', key: 'industry.industry', values: ['IND-2031'] },
      ]),
    );
  });

  it('every output validates with FiltersSchema and is fast', async () => {
    const { readFile } = await import('node:fs/promises');
    const labelled = JSON.parse(
      await readFile(new URL('./queries.labelled.json', import.meta.url), 'utf8'),
    ) as { query: string }[];
    const texts = [
      ...labelled.map((q) => q.query),
      'Series B fintechs in Germany or Austria founded after 2015 with over $10M revenue',
      'a Series A of at least $10M in 2023 led by accel with an office in london',
      'raised $1-2b between 2010 and 2015 in the 90s',
      'founded after 2030 and before 2000',
    ];
    translate('warm up in berlin', ctx);
    const start = performance.now();
    for (const t of texts) {
      const out = translate(t, ctx).filters;
      const parsed = FiltersSchema.safeParse(out);
      expect(parsed.success, `${t}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
    const perQuery = (performance.now() - start) / texts.length;
    expect(perQuery).toBeLessThan(20);
  });
});

describe('partnership type and tier', () => {
  const T = 'strategic_signal.partnership.type';
  const TIER = 'strategic_signal.partnership.strategic_tier';
  it.each([
    ['with reseller partners', { [T]: ['channel_reseller_distributor'] }],
    ['distribution partners', { [T]: ['channel_reseller_distributor'] }],
    ['companies with resellers', { [T]: ['channel_reseller_distributor'] }],
    ['with technology integration partners', { [T]: ['technology_integration'] }],
    ['integration partnerships', { [T]: ['technology_integration'] }],
    ['tech partners', { [T]: ['technology_integration'] }],
    ['SI partners', { [T]: ['implementation_si_consulting'] }],
    ['implementation partners', { [T]: ['implementation_si_consulting'] }],
    ['consulting partners', { [T]: ['implementation_si_consulting'] }],
    ['with systems integrators', { [T]: ['implementation_si_consulting'] }],
    ['OEM partners', { [T]: ['oem_whitelabel_licensing'] }],
    ['white-label deals', { [T]: ['oem_whitelabel_licensing'] }],
    ['co-development partnerships', { [T]: ['strategic_codevelopment'] }],
    ['joint development agreements', { [T]: ['strategic_codevelopment'] }],
    ['co-marketing partners', { [T]: ['gtm_marketing'] }],
    ['SI and consulting partners', { [T]: ['implementation_si_consulting'] }],
    [
      'reseller partners, OEM partners or co-marketing partners',
      { [T]: ['channel_reseller_distributor', 'oem_whitelabel_licensing', 'gtm_marketing'] },
    ],
    ['premier partners', { [TIER]: ['Premier'] }],
    ['gold partners', { [TIER]: ['Gold'] }],
    ['a platinum partner', { [TIER]: ['Platinum'] }],
    ['registered partners', { [TIER]: ['Registered'] }],
    ['gold or platinum partners', { [TIER]: ['Gold', 'Platinum'] }],
    ['gold reseller partners', { [TIER]: ['Gold'], [T]: ['channel_reseller_distributor'] }],
  ])('%s', (text, expected) => {
    expect(f(text)).toEqual(expected);
  });

  it('keeps "channel partners" a go-to-market motion, and OEM alone too', () => {
    expect(f('sell through channel partners')).toEqual({ 'business_model.gtm_motion': ['channel_partners'] });
    expect(f('channel sales')).toEqual({ 'business_model.gtm_motion': ['channel_partners'] });
    expect(f('OEM')).toEqual({ 'business_model.gtm_motion': ['oem_embedded'] });
  });

  it('reads selling through resellers or distributors as motion and partner kind', () => {
    const both = {
      'business_model.gtm_motion': ['channel_partners'],
      [T]: ['channel_reseller_distributor'],
    };
    expect(f('sold through distributors')).toEqual(both);
    expect(f('selling via resellers')).toEqual(both);
    expect(f('sells through reseller partners')).toEqual(both);
  });

  it('reads the tier or kind of "<qualifier> partners of NAME" along with the name', () => {
    expect(f('strategic partners of SAP')).toEqual({
      [TIER]: ['Strategic'],
      'strategic_signal.partnership.name': ['SAP'],
    });
    expect(f('technology partners of Salesforce')).toEqual({
      [T]: ['technology_integration'],
      'strategic_signal.partnership.name': ['Salesforce'],
    });
    expect(f('partners of Microsoft')).toEqual({ 'strategic_signal.partnership.name': ['Microsoft'] });
  });

  it('outputs validate', () => {
    for (const q of ['gold SI partners in germany', 'co-marketing and OEM deals', 'premier partners of AWS'])
      expect(FiltersSchema.safeParse(f(q)).success).toBe(true);
  });
});

describe('M49 sub-regions by their everyday names, at their own level', () => {
  const R = 'location.hq.region';
  it.each([
    ['companies in West Africa', ['011']],
    ['West African companies', ['011']],
    ['Eastern African startups', ['014']],
    ['North European companies', ['154']],
    ['Northern European companies', ['154']],
    ['companies based in Southern Europe', ['039']],
    ['companies in Central Africa', ['017']],
    ['Central American companies', ['013']],
    ['SE Asian companies', ['035']],
    ['East Asian companies', ['030']],
    ['companies in West Asia', ['145']],
    ['Sub-Saharan companies', ['202']],
    ['Latin America and the Caribbean', ['419']],
    ['Northern America', ['021']],
    ['Southern African companies', ['018']],
  ])('%s', (text, regions) => {
    expect(f(text)).toEqual({ [R]: regions });
  });

  it('leaves a country its name: South Africa and the Central African Republic are countries', () => {
    expect(f('South African companies')).toEqual({ 'location.hq.country': ['ZAF'] });
    expect(f('companies in South Africa')).toEqual({ 'location.hq.country': ['ZAF'] });
    expect(f('Central African companies')).toEqual({ 'location.hq.country': ['CAF'] });
  });

  it('reads a list mixing countries and regions as one any-of list of countries', () => {
    const hq = f('in the UK or Western Europe');
    expect(Object.keys(hq)).toEqual(['location.hq.country']);
    expect(hq['location.hq.country']).toEqual(expect.arrayContaining(['GBR', 'DEU', 'FRA', 'NLD']));
    const mena = f('the Middle East and North Africa')['location.hq.country'];
    expect(mena).toEqual(expect.arrayContaining(['SAU', 'ARE', 'MAR', 'TUN', 'DZA']));
  });

  it('reads Central Europe, which M49 lacks, as its countries', () => {
    expect(f('Central European companies')).toEqual({
      'location.hq.country': ['DEU', 'AUT', 'CHE', 'LIE', 'POL', 'CZE', 'SVK', 'HUN', 'SVN'],
    });
  });

  it('expands a sub-region to its countries where markets are meant', () => {
    expect(f('selling into Northern Africa')['location.market_served.markets']).toEqual(
      expect.arrayContaining(['EGY', 'MAR', 'TUN']),
    );
  });
});

describe('colloquial demonyms and abbreviations', () => {
  const C = 'location.hq.country';
  it.each([
    ['Aussie companies', { [C]: ['AUS'] }],
    ['Kiwi startups', { [C]: ['NZL'] }],
    ['Brit companies', { [C]: ['GBR'] }],
    ['companies in NZ', { [C]: ['NZL'] }],
    ['KSA', { [C]: ['SAU'] }],
    ['companies in HK', { [C]: ['HKG'] }],
    ['Stateside companies', { [C]: ['USA'] }],
    ['US-based companies', { [C]: ['USA'] }],
    ['U.S.-based companies', { [C]: ['USA'] }],
    ['companies in UKI', { [C]: ['GBR', 'IRL'] }],
    ['Scandi companies', { [C]: ['DNK', 'NOR', 'SWE'] }],
    [
      'CEE companies',
      { [C]: ['ALB', 'BGR', 'HRV', 'CZE', 'HUN', 'POL', 'ROU', 'SVK', 'SVN', 'EST', 'LVA', 'LTU'] },
    ],
    ['Greater China', { [C]: ['CHN', 'HKG', 'MAC', 'TWN'] }],
    ['companies in SEA', { 'location.hq.region': ['035'] }],
    ['NORAM companies', { 'location.hq.region': ['021'] }],
  ])('%s', (text, expected) => {
    expect(f(text)).toEqual(expected);
  });

  it('gives a demonym several countries share to the sovereign one, or to all sovereign ones', () => {
    expect(f('Indian companies')).toEqual({ [C]: ['IND'] });
    expect(f('American companies')).toEqual({ [C]: ['USA'] });
    expect(f('Dutch companies')).toEqual({ [C]: ['NLD'] });
    expect(f('Congolese companies')).toEqual({ [C]: ['COD', 'COG'] });
  });

  it('reads "SEA" only in capitals, and MEA as the Middle East and the countries of Africa', () => {
    expect(translate('sea freight companies', ctx).filters['location.hq.region']).toBeUndefined();
    const mea = f('companies in MEA')[C] as string[];
    expect(mea).toEqual(expect.arrayContaining(['ARE', 'SAU', 'ISR', 'NGA', 'KEN', 'ZAF', 'EGY']));
    expect(new Set(mea).size).toBe(mea.length);
  });
});

describe('a single round by its amount', () => {
  const FR = 'funding_detail.funding_rounds';
  it.each([
    ['raised a single round of $10M', { [FR]: { amount_usd: { gte: 10_000_000 } } }],
    ['one round of $20M', { [FR]: { amount_usd: { gte: 20_000_000 } } }],
    ['a single funding round of at least $5M', { [FR]: { amount_usd: { gte: 5_000_000 } } }],
    ['raised $50M in one round', { [FR]: { amount_usd: { gte: 50_000_000 } } }],
    ['a round of exactly $3M', { [FR]: { amount_usd: { gte: 3_000_000, lte: 3_000_000 } } }],
    ['a round under $2M', { [FR]: { amount_usd: { lte: 2_000_000 } } }],
    [
      'closed a $30M round in 2025',
      { [FR]: { amount_usd: { gte: 30_000_000 }, date: { gte: '2025-01-01', lte: '2025-12-31' } } },
    ],
    [
      'a $40M round led by Accel',
      {
        [FR]: {
          amount_usd: { gte: 40_000_000 },
          'investors.uuid': ['inv-accel'],
          'investors.lead_investor': true,
        },
      },
    ],
  ])('%s', (text, expected) => {
    expect(f(text)).toEqual(expected);
  });

  it('keeps a single round without an amount a count of rounds', () => {
    expect(f('companies that raised only a single round')).toEqual({
      'funding_detail.funding_overview.num_funding_rounds': { gte: 1, lte: 1 },
    });
  });
});

describe('exact amounts of funding', () => {
  const TF = 'funding_detail.funding_overview.total_funding_usd';
  it.each([
    ['raised exactly $20M', { gte: 20_000_000, lte: 20_000_000 }],
    ['raised precisely $7.5M', { gte: 7_500_000, lte: 7_500_000 }],
    ['raised $20M in total', { gte: 20_000_000, lte: 20_000_000 }],
    ['raised a total of $20M', { gte: 20_000_000, lte: 20_000_000 }],
    ['with $5M in funding', { gte: 5_000_000, lte: 5_000_000 }],
    ['with total funding of $100M', { gte: 100_000_000, lte: 100_000_000 }],
    ['$12M in total funding', { gte: 12_000_000, lte: 12_000_000 }],
    // a raise verb alone keeps the documented floor
    ['raised $20M', { gte: 20_000_000 }],
    ['have raised $20M in funding', { gte: 20_000_000 }],
    ['$20M raised', { gte: 20_000_000 }],
    // comparisons and ranges say their own bounds
    ['with over $5M in funding', { gte: 5_000_000 }],
    ['raised $2M-$5M in total', { gte: 2_000_000, lte: 5_000_000 }],
  ])('%s', (text, expected) => {
    expect(f(text)).toEqual({ [TF]: expected });
  });
});

describe('a number of rounds beside a founding year', () => {
  const NR = 'funding_detail.funding_overview.num_funding_rounds';
  const FY = 'firmographic.founded_year';
  it.each([
    ['with at least 3 funding rounds founded after 2018', { [NR]: { gte: 3 }, [FY]: { gte: 2019 } }],
    ['3+ funding rounds, established since 2012', { [NR]: { gte: 3 }, [FY]: { gte: 2012 } }],
    ['at least 2 rounds of funding and founded before 2000', { [NR]: { gte: 2 }, [FY]: { lte: 1999 } }],
    ['4 or more funding rounds launched in the last 10 years', { [NR]: { gte: 4 }, [FY]: { gte: 2016 } }],
    ['founded in 2010 with more than 5 funding rounds', { [FY]: { gte: 2010, lte: 2010 }, [NR]: { gte: 6 } }],
  ])('%s', (text, expected) => {
    expect(f(text)).toEqual(expected);
  });

  it('still reads a raise date after funding words without a founding verb', () => {
    expect(f('last funding round in 2024')).toEqual({
      'funding_detail.funding_overview.last_funding_date': { gte: '2024-01-01', lte: '2024-12-31' },
    });
  });
});

describe('words that are names of Object.prototype members', () => {
  it('are ordinary unknown words', () => {
    expect(translate('constructor companies', ctx).unmatched).toEqual(['constructor']);
    const r = translate('backed by constructor', { today: TODAY });
    expect(r.filters).toEqual({});
    expect(r.unmatched).toEqual(['constructor']);
  });
});
