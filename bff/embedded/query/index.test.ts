import { describe, expect, it } from 'vitest';
import { FILTER_CATALOG, type Filters } from '../../contract/filters';
import { type CompanySpec, expand, prng, type TestCompany } from '../../testing/compact-companies';
import { indexSourceRow as indexRow } from '../store/companies';
import { matchesFilters, sortCompare } from './evaluate';
import { CompanyIndex, retrievalTuning, type SortSpec } from './index';

const SPECS: CompanySpec[] = [
  {
    uuid: 'c-acme',
    prominence: 0.9,
    type: 'private',
    ownership: 'venture_growth_investor_backed',
    status: 'operating',
    founded: 2016,
    gtm: 'b2b',
    offering: 'software',
    motions: ['api_first', 'product_led_growth'],
    revenueModels: ['subscription_recurring', 'usage_based'],
    concentration: 'low',
    moats: ['network_effects', 'switching_costs'],
    revenueBand: '10m_25m',
    revenue: 20_000_000,
    valuationBand: '100m_250m',
    valuation: 150_000_000,
    country: 'DEU',
    city: 'Berlin',
    markets: ['DEU', 'AUT', 'CHE'],
    global: false,
    offices: [
      { country: 'DEU', city: 'Berlin' },
      { country: 'GBR', city: 'London' },
    ],
    partners: [
      { name: 'Salesforce', type: 'technology_integration', tier: 'Gold Partner' },
      { name: 'Amazon Web Services', type: 'channel_reseller_distributor', tier: 'Select Tier' },
    ],
    customers: ['Deutsche Bahn', 'Siemens'],
    naics: ['511210'],
    sic: ['7372'],
    industries: ['software_development'],
    ai: 4,
    api: true,
    app: false,
    tech: true,
    stage: 'series_b',
    totalFunding: 30_000_000,
    lastFundingDate: '2022-05-01',
    employees: 120,
    rounds: [
      { round: 'seed', date: '2017-03-01', amount: 2_000_000, investors: [['inv-alpha', true]] },
      {
        round: 'series_a',
        date: '2019-06-15',
        amount: 8_000_000,
        investors: [
          ['inv-beta', true],
          ['inv-alpha', false],
        ],
      },
      {
        round: 'series_b',
        date: '2022-05-01',
        amount: 20_000_000,
        investors: [
          ['inv-gamma', true],
          ['inv-beta', false],
        ],
      },
    ],
  },
  {
    uuid: 'c-brasa',
    prominence: 0.5,
    type: 'public',
    ownership: 'public',
    status: 'ipo',
    founded: 1998,
    gtm: 'b2b_and_b2c',
    offering: 'digital_commerce_content',
    motions: ['marketplace_listing'],
    revenueModels: ['marketplace_commission'],
    concentration: 'moderate',
    moats: ['network_effects'],
    revenueBand: '500m_1b',
    revenue: 700_000_000,
    valuationBand: '1b_5b',
    valuation: 3_000_000_000,
    country: 'BRA',
    city: 'São Paulo',
    markets: ['BRA', 'ARG'],
    offices: [{ country: 'BRA', city: 'São Paulo' }],
    partners: [{ name: 'Mercado Pago', type: 'gtm_marketing', tier: 'Strategic' }],
    customers: ['Natura'],
    naics: ['454110'],
    sic: ['5961'],
    industries: ['ecommerce'],
    ai: 2,
    api: true,
    app: true,
    tech: true,
    stage: 'post_ipo_equity',
    totalFunding: 500_000_000,
    lastFundingDate: '2015-01-01',
    employees: 5000,
    rounds: [
      { round: 'series_c', date: '2012-01-01', amount: null, investors: [['inv-gamma', true]] },
      { round: 'post_ipo_equity', date: '2015-01-01', amount: 400_000_000, investors: [] },
    ],
  },
  {
    uuid: 'c-nyc',
    prominence: 0.5,
    type: 'private',
    ownership: 'private_equity_controlled',
    status: 'operating',
    founded: 2010,
    gtm: 'b2b',
    offering: 'hardware_manufacturing',
    motions: ['enterprise_field_sales'],
    revenueModels: ['hardware_sales'],
    concentration: 'high',
    moats: ['cost_advantage'],
    revenueBand: '50m_100m',
    revenue: 80_000_000,
    valuationBand: null,
    valuation: null,
    country: 'USA',
    city: 'New York',
    markets: ['USA'],
    global: true,
    offices: [
      { country: 'USA', city: 'New York' },
      { country: 'CAN', city: 'Toronto' },
    ],
    customers: ['Ford Motor'],
    naics: ['332710'],
    sic: ['3599'],
    industries: ['industrial_machinery'],
    ai: 0,
    stage: 'private_equity',
    totalFunding: 50_000_000,
    lastFundingDate: '2020-02-02',
    employees: 400,
    rounds: [
      { round: 'private_equity', date: '2020-02-02', amount: 50_000_000, investors: [['inv-delta', true]] },
    ],
  },
  {
    uuid: 'c-york',
    prominence: 0.2,
    type: 'private',
    ownership: 'family_owned',
    founded: null,
    gtm: 'b2c',
    offering: 'services',
    revenueModels: ['professional_services'],
    concentration: 'critical',
    revenueBand: 'under_1m',
    revenue: 500_000,
    country: 'GBR',
    city: 'York',
    markets: ['GBR'],
    offices: [{ country: 'GBR', city: 'York' }],
    partners: [
      { name: 'Sales Partners Ltd', type: 'others', tier: 'Bronze' },
      { name: 'Force Ventures', type: 'others', tier: 'Bronze' },
    ],
    naics: ['541611'],
    sic: ['8742'],
    industries: ['consulting'],
    ai: 1,
    app: true,
    stage: null,
    totalFunding: 0,
    lastFundingDate: null,
    employees: 12,
  },
  {
    uuid: 'c-zen',
    prominence: 0.7,
    type: 'private',
    ownership: 'corporate_owned',
    status: 'acquired',
    founded: 2016,
    gtm: 'b2b',
    offering: 'software',
    motions: ['api_first'],
    revenueModels: ['subscription_recurring'],
    concentration: 'low',
    moats: ['data_advantage'],
    revenueBand: '10m_25m',
    revenue: 20_000_000,
    valuationBand: '50m_100m',
    valuation: 60_000_000,
    country: 'JPN',
    city: 'Tokyo',
    markets: ['JPN'],
    global: true,
    offices: [
      { country: 'JPN', city: 'Tokyo' },
      { country: 'GBR', city: 'London' },
    ],
    partners: [{ name: 'Salesforce Ventures', type: 'strategic_codevelopment', tier: 'Tier 1' }],
    customers: ['Toyota'],
    naics: ['511210', '518210'],
    sic: ['7372'],
    industries: ['software_development', 'cloud'],
    ai: 5,
    api: true,
    tech: true,
    stage: 'series_a',
    totalFunding: 10_000_000,
    lastFundingDate: '2021-01-01',
    employees: 80,
    rounds: [
      {
        round: 'seed',
        date: '2018-01-01',
        amount: 2_000_000,
        investors: [
          ['inv-alpha', false],
          ['inv-beta', false],
        ],
      },
      { round: 'series_a', date: '2021-01-01', amount: 8_000_000, investors: [['inv-beta', true]] },
    ],
  },
];

const COMPANIES = SPECS.map(expand);
const INDEX = CompanyIndex.build(COMPANIES.map((c, i) => indexRow(i, c)));
const RELEVANCE: SortSpec = { by: 'relevance', order: 'desc' };

function indexUuids(index: CompanyIndex, filters: Filters, sort: SortSpec = RELEVANCE): string[] {
  const { positions } = index.search(filters, sort, { offset: 0, limit: 500 });
  return positions.map((p) => index.uuidAt(p));
}

function oracleUuids(
  companies: readonly TestCompany[],
  filters: Filters,
  sort: SortSpec = RELEVANCE,
): string[] {
  return companies
    .filter((c) => matchesFilters(c.sections, filters))
    .sort((a, b) => sortCompare(a, b, sort))
    .map((c) => c.uuid);
}

/** [filters, expected uuids in relevance order] */
type Case = [string, Filters, string[]];

const CASES: Case[] = [
  ['company type', { 'firmographic.company_type': ['public'] }, ['c-brasa']],
  [
    'any value within a key',
    { 'firmographic.ownership_category': ['family_owned', 'corporate_owned'] },
    ['c-zen', 'c-york'],
  ],
  ['operating status', { 'firmographic.operating_status': ['acquired', 'ipo'] }, ['c-zen', 'c-brasa']],
  ['founded from (inclusive)', { 'firmographic.founded_year': { gte: 2016 } }, ['c-acme', 'c-zen']],
  ['founded up to (inclusive)', { 'firmographic.founded_year': { lte: 2010 } }, ['c-brasa', 'c-nyc']],
  ['founded exactly', { 'firmographic.founded_year': { gte: 2010, lte: 2010 } }, ['c-nyc']],
  ['gtm type', { 'business_model.gtm_type': ['b2c'] }, ['c-york']],
  ['offering type', { 'business_model.offering_type': ['software'] }, ['c-acme', 'c-zen']],
  ['gtm motion (multi-valued)', { 'business_model.gtm_motion': ['product_led_growth'] }, ['c-acme']],
  ['revenue model', { 'business_model.revenue_model': ['subscription_recurring'] }, ['c-acme', 'c-zen']],
  [
    'customer concentration',
    { 'company_assessment.customer_concentration.classification': ['high', 'critical'] },
    ['c-nyc', 'c-york'],
  ],
  ['competitive moat', { 'company_assessment.competitive_moat': ['network_effects'] }, ['c-acme', 'c-brasa']],
  ['revenue band', { 'financial_estimate.revenue_estimate': ['10m_25m'] }, ['c-acme', 'c-zen']],
  [
    'valuation band',
    { 'financial_estimate.valuation_estimate': ['1b_5b', '50m_100m'] },
    ['c-zen', 'c-brasa'],
  ],
  ['region: a sub-region', { 'location.hq.region': ['155'] }, ['c-acme']],
  ['region: Europe holds its sub-regions', { 'location.hq.region': ['150'] }, ['c-acme', 'c-york']],
  ['region: Latin America (intermediate level)', { 'location.hq.region': ['005'] }, ['c-brasa']],
  ['region: Americas at the top level', { 'location.hq.region': ['019'] }, ['c-brasa', 'c-nyc']],
  ['hq country', { 'location.hq.country': ['USA', 'JPN'] }, ['c-zen', 'c-nyc']],
  ['hq city without accents', { 'location.hq.city': ['sao paulo'] }, ['c-brasa']],
  ['hq city with accents and case', { 'location.hq.city': ['SÃO PAULO'] }, ['c-brasa']],
  ['hq city: a whole word inside a name', { 'location.hq.city': ['york'] }, ['c-nyc', 'c-york']],
  ['hq city: two words', { 'location.hq.city': ['new york'] }, ['c-nyc']],
  ['hq city: part of a word does not match', { 'location.hq.city': ['yor'] }, []],
  ['hq city: two words, the last one partial', { 'location.hq.city': ['new yor'] }, []],
  ['hq city: two words, the first one partial', { 'location.hq.city': ['ew york'] }, []],
  ['hq city: words out of order do not match', { 'location.hq.city': ['paulo sao'] }, []],
  ['markets served', { 'location.market_served.markets': ['AUT', 'ARG'] }, ['c-acme', 'c-brasa']],
  ['is global: true', { 'location.market_served.is_global': true }, ['c-zen', 'c-nyc']],
  ['is global: false', { 'location.market_served.is_global': false }, ['c-acme', 'c-brasa', 'c-york']],
  ['office country', { 'location.offices.country': ['GBR'] }, ['c-acme', 'c-zen', 'c-york']],
  ['office city', { 'location.offices.city': ['london'] }, ['c-acme', 'c-zen']],
  ['office city: another', { 'location.offices.city': ['Toronto'] }, ['c-nyc']],
  ['partner name', { 'strategic_signal.partnership.name': ['salesforce'] }, ['c-acme', 'c-zen']],
  ['partner name: inner words', { 'strategic_signal.partnership.name': ['web services'] }, ['c-acme']],
  [
    'partner name: a phrase is whole words (not "Salesforce Ventures")',
    { 'strategic_signal.partnership.name': ['force ventures'] },
    ['c-york'],
  ],
  ['partner name: part of a word does not match', { 'strategic_signal.partnership.name': ['salesf'] }, []],
  [
    'partner name: a whole word, not inside Salesforce',
    { 'strategic_signal.partnership.name': ['sales'] },
    ['c-york'],
  ],
  [
    'partnership type',
    { 'strategic_signal.partnership.type': ['gtm_marketing', 'others'] },
    ['c-brasa', 'c-york'],
  ],
  ['partnership tier', { 'strategic_signal.partnership.strategic_tier': ['gold'] }, ['c-acme']],
  ['named customer', { 'customer_profile.select_customer.name': ['deutsche bahn'] }, ['c-acme']],
  ['naics prefix', { 'industry.naics': ['5112'] }, ['c-acme', 'c-zen']],
  ['naics two-digit prefix', { 'industry.naics': ['51'] }, ['c-acme', 'c-zen']],
  ['naics several prefixes', { 'industry.naics': ['3327', '5416'] }, ['c-nyc', 'c-york']],
  ['naics full code', { 'industry.naics': ['518210'] }, ['c-zen']],
  ['naics: no code under the prefix', { 'industry.naics': ['99'] }, []],
  ['sic prefix', { 'industry.sic': ['73'] }, ['c-acme', 'c-zen']],
  ['service industry', { 'industry.industry': ['cloud', 'consulting'] }, ['c-zen', 'c-york']],
  ['ai maturity', { 'technology.ai_maturity.scale': [4, 5] }, ['c-acme', 'c-zen']],
  ['ai maturity zero', { 'technology.ai_maturity.scale': [0] }, ['c-nyc']],
  ['has api', { 'technology.api_detail.has_api': true }, ['c-acme', 'c-zen', 'c-brasa']],
  ['has no app', { 'technology.app_detail.has_app': false }, ['c-acme', 'c-zen', 'c-nyc']],
  ['technology focussed false', { 'technology.is_technology_focussed': false }, ['c-nyc', 'c-york']],
  [
    'funding stage',
    { 'funding_detail.funding_overview.funding_stage': ['series_a', 'series_b'] },
    ['c-acme', 'c-zen'],
  ],
  [
    'total funding range (inclusive bounds)',
    { 'funding_detail.funding_overview.total_funding_usd': { gte: 10_000_000, lte: 50_000_000 } },
    ['c-acme', 'c-zen', 'c-nyc'],
  ],
  [
    'total funding zero is a value',
    { 'funding_detail.funding_overview.total_funding_usd': { lte: 0 } },
    ['c-york'],
  ],
  [
    'number of rounds',
    { 'funding_detail.funding_overview.num_funding_rounds': { gte: 2 } },
    ['c-acme', 'c-zen', 'c-brasa'],
  ],
  [
    'last funding date (missing never matches)',
    { 'funding_detail.funding_overview.last_funding_date': { lte: '2021-01-01' } },
    ['c-zen', 'c-brasa', 'c-nyc'],
  ],
  [
    'last funding date, both bounds inclusive',
    { 'funding_detail.funding_overview.last_funding_date': { gte: '2020-02-02', lte: '2021-01-01' } },
    ['c-zen', 'c-nyc'],
  ],
  ['rounds: round code', { 'funding_detail.funding_rounds': { round: ['seed'] } }, ['c-acme', 'c-zen']],
  [
    'rounds: two rounds each meeting half the conditions do not match',
    {
      'funding_detail.funding_rounds': {
        round: ['series_a'],
        'investors.uuid': ['inv-alpha'],
        'investors.lead_investor': true,
      },
    },
    [],
  ],
  [
    'rounds: investor took part in that round',
    { 'funding_detail.funding_rounds': { round: ['series_a'], 'investors.uuid': ['inv-alpha'] } },
    ['c-acme'],
  ],
  [
    'rounds: investor led a round',
    { 'funding_detail.funding_rounds': { 'investors.uuid': ['inv-beta'], 'investors.lead_investor': true } },
    ['c-acme', 'c-zen'],
  ],
  [
    'rounds: investor took part without leading',
    {
      'funding_detail.funding_rounds': { 'investors.uuid': ['inv-alpha'], 'investors.lead_investor': false },
    },
    ['c-acme', 'c-zen'],
  ],
  [
    'rounds: investor without leading, only they count',
    {
      'funding_detail.funding_rounds': { 'investors.uuid': ['inv-gamma'], 'investors.lead_investor': false },
    },
    [],
  ],
  [
    'rounds: any round with a lead investor',
    { 'funding_detail.funding_rounds': { 'investors.lead_investor': true } },
    ['c-acme', 'c-zen', 'c-brasa', 'c-nyc'],
  ],
  [
    'rounds: a round without a lead investor (none at all counts)',
    { 'funding_detail.funding_rounds': { 'investors.lead_investor': false } },
    ['c-zen', 'c-brasa'],
  ],
  [
    'rounds: round code and lead jointly',
    { 'funding_detail.funding_rounds': { round: ['seed'], 'investors.lead_investor': true } },
    ['c-acme'],
  ],
  [
    'rounds: amount and date jointly',
    { 'funding_detail.funding_rounds': { amount_usd: { gte: 20_000_000 }, date: { lte: '2021-12-31' } } },
    ['c-brasa', 'c-nyc'],
  ],
  [
    'rounds: unknown amounts never match',
    { 'funding_detail.funding_rounds': { amount_usd: { lte: 5_000_000 } } },
    ['c-acme', 'c-zen'],
  ],
  [
    'rounds: date bounds inclusive',
    { 'funding_detail.funding_rounds': { date: { gte: '2022-05-01', lte: '2022-05-01' } } },
    ['c-acme'],
  ],
  [
    'rounds: an unknown investor matches nothing',
    { 'funding_detail.funding_rounds': { 'investors.uuid': ['inv-nobody'] } },
    [],
  ],
  [
    'rounds: empty arrays inside are ignored',
    {
      'funding_detail.funding_rounds': { round: [], 'investors.uuid': [], 'investors.lead_investor': false },
    },
    ['c-zen', 'c-brasa'],
  ],
  [
    'empty array filters are ignored',
    { 'location.hq.country': [], 'industry.naics': [] },
    ['c-acme', 'c-zen', 'c-brasa', 'c-nyc', 'c-york'],
  ],
  [
    'AND across keys',
    {
      'business_model.offering_type': ['software'],
      'location.hq.region': ['150'],
      'technology.api_detail.has_api': true,
    },
    ['c-acme'],
  ],
  ['an unknown code matches nothing', { 'location.hq.country': ['FRA'] }, []],
  ['AND with an empty key', { 'location.hq.country': ['FRA'], 'firmographic.company_type': ['private'] }, []],
];

describe('filters: index and naive evaluator agree on hand-built companies', () => {
  it.each(CASES)('%s', (_name, filters, expected) => {
    expect(indexUuids(INDEX, filters)).toEqual(expected);
    expect(oracleUuids(COMPANIES, filters)).toEqual(expected);
    expect(INDEX.search(filters, RELEVANCE, { offset: 0, limit: 50 }).total).toBe(expected.length);
  });

  it('covers every key of the filter catalog', () => {
    const tested = new Set(CASES.flatMap(([, filters]) => Object.keys(filters)));
    expect(FILTER_CATALOG.map((f) => f.key).filter((k) => !tested.has(k))).toEqual([]);
  });

  it('the oracle derives the HQ region from the country, not from the stored regions', () => {
    const acme = expand(SPECS[0]!);
    acme.sections.location.hq.region = [];
    expect(matchesFilters(acme.sections, { 'location.hq.region': ['150'] })).toBe(true);
    expect(matchesFilters(acme.sections, { 'location.hq.region': ['154'] })).toBe(false);
  });
});

describe('sorting', () => {
  const order = (by: SortSpec['by'], dir: SortSpec['order']) => indexUuids(INDEX, {}, { by, order: dir });

  it.each([
    ['relevance', 'desc', ['c-acme', 'c-zen', 'c-brasa', 'c-nyc', 'c-york']],
    ['relevance', 'asc', ['c-york', 'c-brasa', 'c-nyc', 'c-zen', 'c-acme']],
    ['founded_year', 'asc', ['c-brasa', 'c-nyc', 'c-acme', 'c-zen', 'c-york']],
    ['founded_year', 'desc', ['c-acme', 'c-zen', 'c-nyc', 'c-brasa', 'c-york']],
    ['valuation_estimate', 'desc', ['c-brasa', 'c-acme', 'c-zen', 'c-nyc', 'c-york']],
    ['valuation_estimate', 'asc', ['c-zen', 'c-acme', 'c-brasa', 'c-nyc', 'c-york']],
    ['revenue_estimate', 'desc', ['c-brasa', 'c-nyc', 'c-acme', 'c-zen', 'c-york']],
    ['revenue_estimate', 'asc', ['c-york', 'c-acme', 'c-zen', 'c-nyc', 'c-brasa']],
    ['employee_range', 'desc', ['c-brasa', 'c-nyc', 'c-acme', 'c-zen', 'c-york']],
    ['total_funding', 'asc', ['c-york', 'c-zen', 'c-acme', 'c-nyc', 'c-brasa']],
  ] as const)('%s %s: ties by uuid ascending, missing values last', (by, dir, expected) => {
    expect(order(by, dir)).toEqual(expected);
    expect(oracleUuids(COMPANIES, {}, { by, order: dir })).toEqual(expected);
  });

  it('stays exact when a sort column disagrees with the facet of the same value', () => {
    // Founded 2016 in the facets (what the filter reads) but 1990 in the sort column.
    const rows = COMPANIES.map((c, i) => indexRow(i, c));
    rows[4] = { ...rows[4]!, founded_year: 1990 }; // c-zen
    const odd = CompanyIndex.build(rows);
    const found = (order: 'asc' | 'desc') =>
      odd
        .search(
          { 'firmographic.founded_year': { gte: 2016 } },
          { by: 'founded_year', order },
          { offset: 0, limit: 10 },
        )
        .positions.map((p) => odd.uuidAt(p));
    expect(found('asc')).toEqual(['c-zen', 'c-acme']);
    expect(found('desc')).toEqual(['c-acme', 'c-zen']);
  });

  it('applies to filtered results', () => {
    expect(
      indexUuids(INDEX, { 'business_model.gtm_type': ['b2b'] }, { by: 'founded_year', order: 'asc' }),
    ).toEqual(['c-nyc', 'c-acme', 'c-zen']);
  });
});

describe('external relevance scores', () => {
  it('ranks scored matches first by score, then the rest by relevance', () => {
    const scores = new Map([
      [3, 0.5], // c-york
      [2, 0.9], // c-nyc
      [1, 0.5], // c-brasa: ties with c-york on score, wins on prominence
    ]);
    const { positions } = INDEX.search({}, RELEVANCE, { offset: 0, limit: 10 }, { scores });
    expect(positions.map((p) => INDEX.uuidAt(p))).toEqual(['c-nyc', 'c-brasa', 'c-york', 'c-acme', 'c-zen']);
  });

  it('does not add companies that fail the filters, and pages through the combined order', () => {
    const scores = [0, 0, 0.9, 0.8, 0]; // by position
    const filters: Filters = { 'firmographic.company_type': ['private'] };
    const page1 = INDEX.search(filters, RELEVANCE, { offset: 0, limit: 2 }, { scores });
    const page2 = INDEX.search(filters, RELEVANCE, { offset: 2, limit: 2 }, { scores });
    const all = [...page1.positions, ...page2.positions].map((p) => INDEX.uuidAt(p));
    expect(all).toEqual(['c-nyc', 'c-york', 'c-acme', 'c-zen']);
    expect(page1.total).toBe(4);
  });

  it('is ignored by the other sorts', () => {
    const scores = new Map([[3, 1]]);
    const { positions } = INDEX.search(
      {},
      { by: 'founded_year', order: 'asc' },
      { offset: 0, limit: 1 },
      { scores },
    );
    expect(positions.map((p) => INDEX.uuidAt(p))).toEqual(['c-brasa']);
  });
});

// ---------------------------------------------------------------------------------------------
// Many generated companies: bitmaps, the walk along an order, ranking by rank bitmaps, the cap.

const COUNTRIES = ['USA', 'DEU', 'GBR', 'FRA', 'JPN', 'BRA', 'AUT', 'CHE', 'IND', 'CAN'];
const CITIES = ['New York', 'Berlin', 'London', 'Paris', 'Tokyo', 'São Paulo', 'Vienna', 'Zürich', 'York'];
const NAICS = ['511210', '511120', '518210', '541511', '541611', '332710', '454110', '522320'];
const STAGES = ['seed', 'series_a', 'series_b', 'series_c', 'private_equity'];
const INVESTORS = Array.from({ length: 40 }, (_, i) => `inv-${i}`);

function generated(count: number, seed: number): TestCompany[] {
  const r = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const out: TestCompany[] = [];
  for (let i = 0; i < count; i++) {
    const country = pick(COUNTRIES);
    const rounds = Array.from({ length: Math.floor(r() * 4) }, () => ({
      round: pick(STAGES),
      date: `${2010 + Math.floor(r() * 14)}-0${1 + Math.floor(r() * 9)}-1${Math.floor(r() * 9)}`,
      amount: r() < 0.1 ? null : Math.round(r() * 50) * 1_000_000,
      investors: Array.from(
        { length: Math.floor(r() * 3) },
        () => [pick(INVESTORS), r() < 0.4] as [string, boolean],
      ),
    }));
    out.push(
      expand({
        uuid: `g-${Math.floor(r() * 1e9).toString(36)}-${i}`,
        // Coarse values so that ties are common.
        prominence: Math.floor(r() * 50) / 50,
        type: r() < 0.15 ? 'public' : 'private',
        founded: r() < 0.1 ? null : 1990 + Math.floor(r() * 34),
        gtm: pick(['b2b', 'b2c', 'b2b_and_b2c']),
        offering: pick(['software', 'services', 'hardware_manufacturing']),
        motions: r() < 0.5 ? ['api_first'] : ['sales_led', 'inside_sales'],
        revenueBand: pick(['under_1m', '1m_5m', '10m_25m', '25m_50m']),
        revenue: Math.floor(r() * 100) * 1_000_000,
        valuation: r() < 0.3 ? null : Math.floor(r() * 100) * 10_000_000,
        country,
        city: pick(CITIES),
        markets: [country, pick(COUNTRIES)],
        offices: [{ country: pick(COUNTRIES), city: pick(CITIES) }],
        partners: r() < 0.2 ? [{ name: 'Salesforce', type: 'technology_integration', tier: 'Gold' }] : [],
        // Many distinct names sharing words: frequent words get postings of their own.
        customers:
          r() < 0.5 ? [`Customer ${Math.floor(r() * 3000)} Group`] : [`Client ${Math.floor(r() * 50)}`],
        naics: [pick(NAICS)],
        ai: Math.floor(r() * 6),
        api: r() < 0.4,
        stage: rounds.length ? rounds[rounds.length - 1]!.round : null,
        totalFunding: rounds.reduce((s, x) => s + (x.amount ?? 0), 0),
        lastFundingDate: rounds.length ? rounds[rounds.length - 1]!.date : null,
        employees: r() < 0.05 ? 0 : Math.floor(r() * 1000),
        rounds,
      }),
    );
  }
  return out;
}

describe('many companies', () => {
  const companies = generated(20_000, 11);
  const index = CompanyIndex.build(companies.map((c, i) => indexRow(i, c)));

  const queries: [string, Filters, SortSpec][] = [
    ['no filter', {}, { by: 'relevance', order: 'desc' }],
    ['broad', { 'firmographic.company_type': ['private'] }, { by: 'founded_year', order: 'asc' }],
    [
      'broad range',
      { 'firmographic.founded_year': { gte: 1995 } },
      { by: 'revenue_estimate', order: 'desc' },
    ],
    [
      'range against the order (matches sit at the end of the walk)',
      { 'firmographic.founded_year': { gte: 2020 } },
      { by: 'founded_year', order: 'asc' },
    ],
    [
      'several dense keys',
      {
        'business_model.gtm_type': ['b2b', 'b2b_and_b2c'],
        'location.hq.country': ['USA', 'DEU', 'GBR'],
        'technology.api_detail.has_api': true,
      },
      { by: 'valuation_estimate', order: 'asc' },
    ],
    [
      'medium set ranked by a bitmap of ranks',
      { 'location.hq.region': ['150'], 'business_model.gtm_motion': ['api_first'] },
      { by: 'employee_range', order: 'desc' },
    ],
    ['text', { 'location.hq.city': ['york'] }, { by: 'total_funding', order: 'desc' }],
    [
      'text: a frequent word',
      { 'customer_profile.select_customer.name': ['GROUP'] },
      { by: 'relevance', order: 'desc' },
    ],
    [
      'text: phrases of frequent words',
      { 'customer_profile.select_customer.name': ['customer 12 group', 'client 7', 'client'] },
      { by: 'founded_year', order: 'asc' },
    ],
    ['prefix', { 'industry.naics': ['5112', '5416'] }, { by: 'relevance', order: 'asc' }],
    [
      'rounds',
      { 'funding_detail.funding_rounds': { round: ['series_a'], 'investors.uuid': ['inv-3', 'inv-7'] } },
      { by: 'relevance', order: 'desc' },
    ],
    [
      'rounds and ranges',
      {
        'funding_detail.funding_rounds': {
          amount_usd: { gte: 10_000_000 },
          'investors.lead_investor': true,
        },
        'funding_detail.funding_overview.last_funding_date': { gte: '2015-01-01' },
        'location.offices.city': ['london'],
      },
      { by: 'founded_year', order: 'desc' },
    ],
    [
      'rare',
      { 'location.hq.country': ['IND'], 'technology.ai_maturity.scale': [5], 'industry.naics': ['522'] },
      {
        by: 'revenue_estimate',
        order: 'asc',
      },
    ],
  ];

  it.each(queries)('%s: every page as the oracle orders it, capped at 500', (_name, filters, sort) => {
    const expected = oracleUuids(companies, filters, sort);
    const first = index.search(filters, sort, { offset: 0, limit: 500 });
    expect(first.total).toBe(Math.min(expected.length, 500));
    expect(first.positions.map((p) => index.uuidAt(p))).toEqual(expected.slice(0, 500));
    // Pages of 50 neither overlap nor skip, and stop at the cap.
    const paged: string[] = [];
    for (let offset = 0; offset < 500; offset += 50) {
      const page = index.search(filters, sort, { offset, limit: 50 });
      expect(page.total).toBe(first.total);
      paged.push(...page.positions.map((p) => index.uuidAt(p)));
    }
    expect(paged).toEqual(expected.slice(0, 500));
  });

  it('orders the same when ranks are marked in a bitmap and when a walk gives up early', () => {
    const saved = { ...retrievalTuning };
    try {
      Object.assign(retrievalTuning, { sortRanksBelow: 0, walkBudgetFactor: 0, walkBudgetSlack: 600 });
      for (const [, filters, sort] of queries) {
        const expected = oracleUuids(companies, filters, sort).slice(0, 500);
        const got = index.search(filters, sort, { offset: 0, limit: 500 });
        expect(got.positions.map((p) => index.uuidAt(p))).toEqual(expected);
      }
    } finally {
      Object.assign(retrievalTuning, saved);
    }
  });

  it('serves only the first 500 matches', () => {
    const page = index.search({}, RELEVANCE, { offset: 450, limit: 100 });
    expect(page.total).toBe(500);
    expect(page.positions).toHaveLength(50);
    expect(index.search({}, RELEVANCE, { offset: 500, limit: 10 }).positions).toEqual([]);
  });

  it('add: appending companies one by one answers like building them all at once', () => {
    const base = 19_000;
    const grown = CompanyIndex.build(companies.slice(0, base).map((c, i) => indexRow(i, c)));
    for (let i = base; i < companies.length; i++) grown.add(indexRow(i, companies[i]!));
    expect(grown.size).toBe(companies.length);
    for (const [, filters, sort] of queries) {
      for (const order of ['asc', 'desc'] as const) {
        const s = { ...sort, order };
        expect(grown.search(filters, s, { offset: 0, limit: 500 })).toEqual(
          index.search(filters, s, { offset: 0, limit: 500 }),
        );
      }
    }
  });

  it('add: new values, codes, names and investors become searchable', () => {
    const small = CompanyIndex.build(COMPANIES.map((c, i) => indexRow(i, c)));
    const newcomer = expand({
      uuid: 'c-aaa-new',
      prominence: 0.95,
      country: 'FRA',
      city: 'Saint-Étienne',
      founded: 2024,
      naics: ['999999'],
      customers: ['Brand New Customer'],
      rounds: [{ round: 'angel', date: '2024-01-01', amount: 1, investors: [['inv-new', true]] }],
      employees: 3,
    });
    small.add(indexRow(COMPANIES.length, newcomer));
    const find = (f: Filters, sort: SortSpec = RELEVANCE) =>
      small.search(f, sort, { offset: 0, limit: 10 }).positions.map((p) => small.uuidAt(p));
    expect(find({ 'location.hq.country': ['FRA'] })).toEqual(['c-aaa-new']);
    expect(find({ 'location.hq.region': ['155'] })).toEqual(['c-aaa-new', 'c-acme']);
    expect(find({ 'location.hq.city': ['saint etienne'] })).toEqual(['c-aaa-new']);
    expect(find({ 'industry.naics': ['99'] })).toEqual(['c-aaa-new']);
    expect(find({ 'customer_profile.select_customer.name': ['new customer'] })).toEqual(['c-aaa-new']);
    expect(
      find({
        'funding_detail.funding_rounds': { 'investors.uuid': ['inv-new'], 'investors.lead_investor': true },
      }),
    ).toEqual(['c-aaa-new']);
    expect(find({ 'funding_detail.funding_rounds': { date: { gte: '2023-01-01' } } })).toEqual(['c-aaa-new']);
    expect(find({ 'firmographic.founded_year': { gte: 2020 } })).toEqual(['c-aaa-new']);
    expect(find({}, { by: 'founded_year', order: 'desc' })[0]).toBe('c-aaa-new');
    expect(find({}, { by: 'employee_range', order: 'asc' })[0]).toBe('c-aaa-new');
    expect(find({})[0]).toBe('c-aaa-new');
  });

  it('add: rejects a position that is not the next one', () => {
    const small = CompanyIndex.build(COMPANIES.map((c, i) => indexRow(i, c)));
    expect(() => small.add(indexRow(COMPANIES.length + 1, COMPANIES[0]!))).toThrow(/dense/);
  });
});
