/**
 * Round trip: a single filter rendered as words and translated back is the same filter; and the
 * translator's output on random catalog words always validates.
 *
 * Arrays are compared as sets (sorted): filters are any-of within an array, so order carries no meaning.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REVENUE_BANDS, VALUATION_BANDS } from '../../contract/enums';
import { FILTER_CATALOG, FiltersSchema } from '../../contract/filters';
import { COUNTRIES, REGIONS } from '../../contract/geo';
import { SIC } from '../../contract/sic';
import { normalizeText } from '../../contract/text';
import { roundtripRuns } from '../../testing/env';
import { NAICS } from '../dataset/reference/naics';
import { cityLexicon, placeLexicon } from './lexicon';
import { AI_PHRASES, ENUM_PHRASES, PARTNER_TIERS, renderFilter } from './render';
import { translate } from './translate';

const TODAY = new Date('2026-11-01');
const RUNS = roundtripRuns();

function canonical(filters: unknown): unknown {
  const parsed = FiltersSchema.parse(filters) as Record<string, unknown>;
  const sortDeep = (v: unknown): unknown => {
    if (Array.isArray(v)) return [...v].map(sortDeep).sort((a, b) => String(a).localeCompare(String(b)));
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, sortDeep(x)]));
    return v;
  };
  return sortDeep(parsed);
}

const subset = <T>(items: readonly T[], max = 3) =>
  fc.uniqueArray(fc.constantFrom(...items), { minLength: 1, maxLength: Math.min(max, items.length) });

/** Codes whose name reads back, alone, as exactly that code in the place lexicon. */
const places = placeLexicon();
// names holding a comma ("Bonaire, Sint Eustatius and Saba") cannot be told apart from a list
const COUNTRY_CODES = COUNTRIES.filter((c) => {
  if (/[,.]/.test(c.name)) return false; // "U.S. Virgin Islands": "U.S." reads as the USA
  const p = places.get(normalizeText(c.name));
  return p?.countries?.length === 1 && p.countries[0] === c.code && !p.regions;
}).map((c) => c.code);
const REGION_CODES = REGIONS.filter((r) => {
  const p = places.get(normalizeText(r.name));
  return p?.regions?.length === 1 && p.regions[0] === r.code && !p.countries;
}).map((r) => r.code);
/** City display names of one or two plain words that are their own lexicon entry (not an alias). */
const CITIES = [...cityLexicon()]
  // letters without an ASCII decomposition ("Białystok", "Tórshavn" is fine, "Ærøskøbing" is not) are
  // dropped by translate's normaliser but kept by normalizeText, so those names never match
  .filter(([k, v]) => k === normalizeText(v) && /^\p{L}+(?: \p{L}+)?$/u.test(v) && /^[a-z ]+$/.test(k))
  // a city holding a place name ("Benin City") reads as the country: places are read before cities
  .filter(([k]) => !k.split(' ').some((w) => places.has(w)))
  .map(([, v]) => v);
const NAMES = ['Salesforce', 'Microsoft', 'Walmart', 'Siemens', 'Stripe', 'Shopify', 'Deutsche Telekom'];

const contiguousBands = (list: readonly { code: string }[], skipAll: boolean) =>
  fc
    .tuple(fc.nat(list.length - 1), fc.nat(list.length - 1))
    .map(([a, b]) => list.slice(Math.min(a, b), Math.max(a, b) + 1).map((x) => x.code))
    .filter((codes) => !(skipAll && codes.length === list.length));

const yearRange = fc
  .tuple(fc.integer({ min: 1900, max: 2026 }), fc.integer({ min: 1900, max: 2026 }), fc.nat(2))
  .map(([a, b, shape]) => {
    const [lo, hi] = a <= b ? [a, b] : [b, a];
    return shape === 0 ? { gte: lo, lte: hi } : shape === 1 ? { gte: lo } : { lte: hi };
  });

const amount = fc.oneof(
  fc.integer({ min: 1, max: 999 }).map((n) => n * 1e6),
  fc.integer({ min: 1, max: 50 }).map((n) => n * 1e9),
  fc.integer({ min: 100, max: 999 }).map((n) => n * 1e3),
);
/** USD ranges: between two amounts, at least, at most, or exactly one amount ("exactly $20M"). */
const usdRange = fc.tuple(amount, amount, fc.nat(3)).map(([a, b, shape]) => {
  const [lo, hi] = a <= b ? [a, b] : [b, a];
  if (shape === 0 && lo !== hi) return { gte: lo, lte: hi };
  if (shape === 3) return { gte: lo, lte: lo };
  return shape === 2 ? { lte: hi } : { gte: lo };
});
const countRange = fc
  .tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 }), fc.nat(2))
  .map(([a, b, shape]) => {
    const [lo, hi] = a <= b ? [a, b] : [b, a];
    return shape === 0 ? { gte: lo, lte: hi } : shape === 1 ? { gte: lo } : { lte: hi };
  });
const yearDates = fc
  .tuple(fc.integer({ min: 2000, max: 2026 }), fc.nat(2))
  .map(([y, shape]) =>
    shape === 0
      ? { gte: `${y}-01-01`, lte: `${y}-12-31` }
      : shape === 1
        ? { gte: `${y}-01-01` }
        : { lte: `${y}-12-31` },
  );

const enumCodes = (key: string) => Object.keys(ENUM_PHRASES[key]!);
const STAGES = enumCodes('funding_detail.funding_overview.funding_stage');

/** Per catalog key, values the renderer can say; keys it cannot are listed in render.ts. */
const VALUES: Record<string, fc.Arbitrary<unknown>> = {
  'firmographic.company_type': subset(enumCodes('firmographic.company_type'), 1),
  'firmographic.ownership_category': subset(enumCodes('firmographic.ownership_category')),
  'firmographic.operating_status': subset(enumCodes('firmographic.operating_status')),
  'firmographic.founded_year': yearRange,
  'business_model.gtm_type': subset(enumCodes('business_model.gtm_type'), 1),
  'business_model.offering_type': subset(enumCodes('business_model.offering_type')),
  'business_model.gtm_motion': subset(enumCodes('business_model.gtm_motion')),
  'business_model.revenue_model': subset(enumCodes('business_model.revenue_model')),
  'company_assessment.customer_concentration.classification': subset(
    enumCodes('company_assessment.customer_concentration.classification'),
  ),
  'company_assessment.competitive_moat': subset(enumCodes('company_assessment.competitive_moat')),
  'financial_estimate.revenue_estimate': contiguousBands(REVENUE_BANDS, true),
  'financial_estimate.valuation_estimate': contiguousBands(VALUATION_BANDS, true),
  'location.hq.region': subset(REGION_CODES, 2),
  'location.hq.country': subset(COUNTRY_CODES),
  'location.hq.city': subset(CITIES, 2),
  'location.market_served.markets': subset(COUNTRY_CODES),
  'location.market_served.is_global': fc.constant(true),
  'location.offices.country': subset(COUNTRY_CODES),
  'location.offices.city': subset(CITIES, 2),
  'strategic_signal.partnership.name': subset(NAMES, 2),
  'strategic_signal.partnership.type': subset(enumCodes('strategic_signal.partnership.type')),
  'strategic_signal.partnership.strategic_tier': subset(PARTNER_TIERS, 2),
  'customer_profile.select_customer.name': subset(NAMES, 2),
  'industry.naics': subset(
    NAICS.filter((c) => /^\d+$/.test(c.code)).map((c) => c.code),
    2,
  ),
  'industry.sic': subset(
    SIC.map((c) => c.code).filter((c) => /^\d{2,4}$/.test(c)),
    2,
  ),
  'technology.ai_maturity.scale': fc.constantFrom(...AI_PHRASES.map(([levels]) => [...levels])),
  'technology.api_detail.has_api': fc.boolean(),
  'technology.app_detail.has_app': fc.boolean(),
  'technology.is_technology_focussed': fc.boolean(),
  'funding_detail.funding_overview.funding_stage': subset(STAGES, 2),
  'funding_detail.funding_overview.total_funding_usd': usdRange,
  'funding_detail.funding_overview.num_funding_rounds': countRange,
  'funding_detail.funding_overview.last_funding_date': yearDates,
  // a round with a stage and an amount or a date, or with an amount and no stage (a date alone with no
  // stage is the last funding date)
  'funding_detail.funding_rounds': fc
    .record({ round: subset(STAGES, 1), amount_usd: usdRange, date: yearDates }, { requiredKeys: [] })
    .filter((r) => r.amount_usd !== undefined || (r.round !== undefined && r.date !== undefined)),
};

const filterArb = fc
  .constantFrom(...Object.keys(VALUES))
  .chain((key) => VALUES[key]!.map((value) => ({ key, value })));

describe('renderFilter round trip', () => {
  it('covers every catalog key but the ones it documents as skipped', () => {
    const skipped = FILTER_CATALOG.map((f) => f.key).filter((k) => !(k in VALUES));
    expect(skipped.sort()).toEqual(['industry.industry']);
    expect(() => renderFilter('industry.industry', ['IND-2031'])).toThrow(/cannot render/);
  });

  it('renders the examples of the brief', () => {
    expect(renderFilter('firmographic.company_type', ['public'])).toBe('public companies');
    expect(renderFilter('location.hq.country', ['DEU', 'FRA'])).toBe(
      'companies headquartered in Germany or France',
    );
    expect(renderFilter('firmographic.founded_year', { gte: 2016 })).toBe('founded after 2015');
    expect(renderFilter('financial_estimate.revenue_estimate', ['10m_25m', '25m_50m'])).toBe(
      'with revenue between $10M and $50M',
    );
    expect(renderFilter('funding_detail.funding_overview.funding_stage', ['series_b'])).toBe(
      'Series B companies',
    );
    expect(renderFilter('technology.api_detail.has_api', true)).toBe('companies with an API');
    expect(
      renderFilter('strategic_signal.partnership.type', [
        'channel_reseller_distributor',
        'oem_whitelabel_licensing',
      ]),
    ).toBe('companies with reseller partners or OEM partners');
    expect(renderFilter('strategic_signal.partnership.strategic_tier', ['Gold', 'Platinum'])).toBe(
      'companies with Gold or Platinum partners',
    );
  });

  it('translate(renderFilter(key, value)) gives back {key: value}', () => {
    fc.assert(
      fc.property(filterArb, ({ key, value }) => {
        const text = renderFilter(key, value);
        const out = translate(text, { today: TODAY }).filters;
        expect({ text, filters: canonical(out) }).toEqual({ text, filters: canonical({ [key]: value }) });
      }),
      { numRuns: RUNS },
    );
  });
});

describe('translate output validates', () => {
  const labels = [
    ...FILTER_CATALOG.flatMap((f) => [f.label, ...(f.values ?? []).slice(0, 40).map((v) => v.label)]),
    ...REGIONS.map((r) => r.name),
  ];
  const glue = [
    'in',
    'with',
    'and',
    'or',
    'not',
    'founded after',
    'over',
    'under',
    'between',
    'raised',
    'led by',
    'backed by',
    'partnered with',
    'customers include',
    'offices in',
    'series a of',
    '$10m',
    '2019',
    '3 rounds',
    'last year',
    'to',
    '-',
    ',',
  ];
  const word = fc.oneof(fc.constantFrom(...labels), fc.constantFrom(...glue));

  it('every output of translate on random catalog words passes FiltersSchema', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 12 }), (words) => {
        const text = words.join(' ');
        const out = translate(text, { today: TODAY, resolveInvestor: (n) => [`inv-${n}`] });
        const res = FiltersSchema.safeParse(out.filters);
        expect({ text, ok: res.success, issues: res.success ? [] : res.error.issues }).toEqual({
          text,
          ok: true,
          issues: [],
        });
      }),
      { numRuns: RUNS },
    );
  });
});
