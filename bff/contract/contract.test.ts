import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as api from './api';
import {
  CompanySearchQuery,
  EnrichmentBody,
  EnrichmentQuery,
  IndustrySearchQuery,
  ListGenerateRequest,
  NewsQuery,
} from './api';
import { FILTER_CATALOG, FILTER_GROUPS, FiltersSchema, valuesAt } from './filters';
import { enrichmentCost, listGenerationCost, postsCost, reviewsCost } from './pricing';
import { SECTION_SCHEMAS } from './sections';

/** A valid example value for every filter kind. */
const EXAMPLES: Record<string, unknown> = {
  enum: undefined,
  number_enum: [4, 5],
  country: ['DEU'],
  region: ['150'],
  text: ['Berlin'],
  naics: ['5112'],
  sic: ['7372'],
  industry: ['IND-1001'],
  boolean: true,
  year_range: { gte: 2015 },
  int_range: { gte: 2, lte: 5 },
  usd_range: { gte: 10_000_000 },
  date_range: { gte: '2024-01-01', lte: '2024-12-31' },
  funding_rounds: {
    round: ['series_a'],
    amount_usd: { gte: 10_000_000 },
    investors: { lead_investor: true },
  },
};

function exampleFor(f: (typeof FILTER_CATALOG)[number]) {
  if (f.kind === 'enum') return [String(f.values![0]!.code)];
  return EXAMPLES[f.kind];
}

describe('the filter catalog', () => {
  it('has every filter key of the spec, each in its group, with a test field in the section of that name', () => {
    expect(FILTER_CATALOG).toHaveLength(35);
    for (const f of FILTER_CATALOG) {
      expect(f.key.startsWith(`${f.group}.`)).toBe(true);
      expect(FILTER_GROUPS.map((g) => g.id)).toContain(f.group);
      expect(Object.keys(SECTION_SCHEMAS)).toContain(f.group);
      expect(f.label.length).toBeGreaterThan(0);
    }
  });

  it('labels enumerations in words, not codes', () => {
    const ownership = FILTER_CATALOG.find((f) => f.key === 'firmographic.ownership_category')!;
    expect(ownership.values!.find((v) => v.code === 'venture_growth_investor_backed')!.label).toBe(
      'Venture / growth investor backed',
    );
  });

  it('accepts a valid value for every key', () => {
    const filters = Object.fromEntries(FILTER_CATALOG.map((f) => [f.key, exampleFor(f)]));
    const r = FiltersSchema.safeParse(filters);
    expect(r.success ? [] : r.error.issues).toEqual([]);
  });
});

describe('filters validation', () => {
  function issues(filters: unknown) {
    const r = FiltersSchema.safeParse(filters);
    return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), code: i.code }));
  }

  it('normalises codes, countries and regions, and drops duplicates', () => {
    expect(
      FiltersSchema.parse({
        'firmographic.company_type': ['Private', 'private', 'PUBLIC'],
        'location.hq.country': ['deu', 'DEU'],
        'location.hq.region': ['30'],
        'location.hq.city': [' Berlin ', 'Berlin'],
      }),
    ).toEqual({
      'firmographic.company_type': ['private', 'public'],
      'location.hq.country': ['DEU'],
      'location.hq.region': ['030'],
      'location.hq.city': ['Berlin'],
    });
  });

  it('rejects an unknown key by name', () => {
    expect(issues({ 'firmographic.colour': ['red'] })).toEqual([{ path: '', code: 'unrecognized_keys' }]);
  });

  it.each([
    ['a code outside the list', { 'business_model.gtm_type': ['b2g'] }, 'business_model.gtm_type.0'],
    ['an unknown country', { 'location.offices.country': ['XYZ'] }, 'location.offices.country.0'],
    ['an unknown region', { 'location.hq.region': ['999'] }, 'location.hq.region.0'],
    ['an AI level above 5', { 'technology.ai_maturity.scale': [6] }, 'technology.ai_maturity.scale.0'],
    ['a malformed NAICS code', { 'industry.naics': ['51a'] }, 'industry.naics.0'],
    ['a SIC code too long', { 'industry.sic': ['73721'] }, 'industry.sic.0'],
    ['a string for a boolean', { 'technology.api_detail.has_api': 'yes' }, 'technology.api_detail.has_api'],
    ['gte above lte', { 'firmographic.founded_year': { gte: 2020, lte: 2000 } }, 'firmographic.founded_year'],
    [
      'a range without bounds',
      { 'funding_detail.funding_overview.num_funding_rounds': {} },
      'funding_detail.funding_overview.num_funding_rounds',
    ],
    ['an unknown range bound', { 'firmographic.founded_year': { gt: 2000 } }, 'firmographic.founded_year'],
    ['a two-digit year', { 'firmographic.founded_year': { gte: 99 } }, 'firmographic.founded_year.gte'],
    [
      'a fractional dollar amount',
      { 'funding_detail.funding_overview.total_funding_usd': { gte: 1.5 } },
      'funding_detail.funding_overview.total_funding_usd.gte',
    ],
    [
      'a date that does not exist',
      { 'funding_detail.funding_overview.last_funding_date': { gte: '2023-02-30' } },
      'funding_detail.funding_overview.last_funding_date.gte',
    ],
    [
      'an empty funding round condition',
      { 'funding_detail.funding_rounds': {} },
      'funding_detail.funding_rounds',
    ],
    [
      'an unknown funding round field',
      { 'funding_detail.funding_rounds': { stage: ['seed'] } },
      'funding_detail.funding_rounds',
    ],
    ['an empty city name', { 'location.hq.city': [''] }, 'location.hq.city.0'],
  ])('rejects %s', (_name, filters, path) => {
    expect(issues(filters).map((i) => i.path)).toContain(path);
  });
});

describe('a funding round condition: the investor sub-fields in both spellings', () => {
  const uuid = '00031n-tesla';
  it.each([
    ['dotted, as the spec writes them', { 'investors.uuid': [uuid, uuid], 'investors.lead_investor': true }],
    ['nested', { investors: { uuid: [uuid, uuid], lead_investor: true } }],
    ['mixed', { 'investors.uuid': [uuid], investors: { lead_investor: true } }],
  ])('reads them %s and gives the dotted spelling', (_how, investors) => {
    expect(
      FiltersSchema.parse({ 'funding_detail.funding_rounds': { round: ['Series_A'], ...investors } }),
    ).toEqual({
      'funding_detail.funding_rounds': {
        round: ['series_a'],
        'investors.uuid': [uuid],
        'investors.lead_investor': true,
      },
    });
  });

  it('takes a lead-investor condition alone, in either spelling', () => {
    const dotted = { 'funding_detail.funding_rounds': { 'investors.lead_investor': false } };
    expect(FiltersSchema.parse(dotted)).toEqual(dotted);
    expect(
      FiltersSchema.parse({ 'funding_detail.funding_rounds': { investors: { lead_investor: false } } }),
    ).toEqual(dotted);
  });

  it('refuses a sub-field given in both spellings, an unknown investor field, and ids of the wrong type', () => {
    const paths = (rounds: unknown) => {
      const r = FiltersSchema.safeParse({ 'funding_detail.funding_rounds': rounds });
      return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
    };
    expect(paths({ 'investors.uuid': ['a'], investors: { uuid: ['b'] } })).toEqual([
      'funding_detail.funding_rounds.investors.uuid',
    ]);
    expect(paths({ investors: { leader: true } })).toEqual(['funding_detail.funding_rounds.investors']);
    expect(paths({ 'investors.uuid': 'a', 'investors.lead_investor': 'yes' })).toEqual([
      'funding_detail.funding_rounds.investors.uuid',
      'funding_detail.funding_rounds.investors.lead_investor',
    ]);
    expect(paths({ investors: {} })).toEqual(['funding_detail.funding_rounds']);
  });
});

describe('list generation request', () => {
  it('applies the defaults of the spec', () => {
    expect(ListGenerateRequest.parse({})).toEqual({
      sort_by: 'relevance',
      sort_order: 'desc',
      limit: 50,
      offset: 0,
    });
  });

  it('refuses query with filters, limit over 500 and offset from 500', () => {
    expect(ListGenerateRequest.safeParse({ query: 'x', filters: {} }).success).toBe(false);
    expect(ListGenerateRequest.safeParse({ limit: 501 }).success).toBe(false);
    expect(ListGenerateRequest.safeParse({ offset: 500 }).success).toBe(false);
    expect(ListGenerateRequest.safeParse({ limit: 500, offset: 499 }).success).toBe(true);
  });
});

describe('valuesAt: a filter key names the field it tests', () => {
  it('reads codes of coded values and of sourced entries, through arrays, skipping nulls', () => {
    const section = {
      company_type: { code: 'private', label: 'Private' },
      revenue_model: [
        { title: 'a', description: '', source: [], type: { code: 'usage_based', label: 'Usage-based' } },
        { title: 'b', description: '', source: [], type: { code: 'freemium', label: 'Freemium' } },
      ],
      hq: { city: 'Berlin', region: [{ code: '155', label: 'Western Europe' }] },
      missing: null,
    };
    expect(valuesAt(section, 'company_type')).toEqual(['private']);
    expect(valuesAt(section, 'revenue_model')).toEqual(['usage_based', 'freemium']);
    expect(valuesAt(section, 'hq.city')).toEqual(['Berlin']);
    expect(valuesAt(section, 'hq.region')).toEqual(['155']);
    expect(valuesAt(section, 'missing')).toEqual([]);
    expect(valuesAt(section, 'nothing.here')).toEqual([]);
  });
});

describe('prices (docs/product-rules.md, section 7)', () => {
  it('charges lists per call, per company and per section', () => {
    expect(listGenerationCost({ matched: true, returned: 50, sections: [], query: false })).toBe(11.5);
    expect(
      listGenerationCost({
        matched: true,
        returned: 10,
        sections: ['firmographic', 'location'],
        query: false,
      }),
    ).toBe(1.5 + 10 * (0.2 + 2 + 0.5));
    expect(
      listGenerationCost({ matched: false, returned: 0, sections: ['firmographic'], query: false }),
    ).toBe(0);
    expect(listGenerationCost({ matched: false, returned: 0, sections: [], query: true })).toBe(2.5);
  });

  it('charges enrichment, posts and reviews as priced', () => {
    expect(enrichmentCost(['headcount', 'funding_detail', 'mna_and_investment'])).toBe(10.5);
    expect(postsCost(0)).toBe(0);
    expect(postsCost(11)).toBe(2);
    expect(reviewsCost(0)).toBe(0);
    expect(reviewsCost(1)).toBe(1.5);
    expect(reviewsCost(50)).toBe(1.5);
    expect(reviewsCost(51)).toBe(3);
  });
});

describe('the query parameters of the real service (docs/real-service.md)', () => {
  it('industry search: level defaults to l4; all and lists parse to the distinct levels', () => {
    expect(IndustrySearchQuery.parse({ query: 'bank' }).level).toEqual(['l4']);
    expect(IndustrySearchQuery.parse({ query: 'bank', level: 'ALL' }).level).toEqual([
      'l1',
      'l2',
      'l3',
      'l4',
    ]);
    expect(IndustrySearchQuery.parse({ query: 'bank', level: 'l3, l1,l3' }).level).toEqual(['l1', 'l3']);
    expect(IndustrySearchQuery.safeParse({ query: 'bank', level: 'l1,level2' }).success).toBe(false);
  });

  it('enrichment: sections may be left out, never given empty', () => {
    expect(EnrichmentQuery.parse({ company: 'acme.com' })).toEqual({ company: 'acme.com' });
    expect(EnrichmentBody.parse({ company: 'acme.com' })).toEqual({ company: 'acme.com' });
    expect(EnrichmentQuery.parse({ company: 'acme.com', sections: 'funding, location' }).sections).toEqual([
      'funding',
      'location',
    ]);
    expect(EnrichmentQuery.safeParse({ company: 'acme.com', sections: ' , ' }).success).toBe(false);
    expect(EnrichmentBody.safeParse({ company: 'acme.com', sections: [] }).success).toBe(false);
  });

  it('news: lists parse to their distinct values; all chooses every value', () => {
    const q = NewsQuery.parse({
      company: 'acme.com',
      sentiment_list: 'Negative,neutral,negative',
      news_score_list: 'all',
      countries: 'us, de',
      blacklisted: 'Reuters.com,https://www.ft.com/',
    });
    expect(q.sentiment_list).toEqual(['negative', 'neutral']);
    expect(q.news_score_list).toEqual(['high', 'medium', 'low']);
    expect(q.countries).toEqual(['US', 'DE']);
    expect(q.blacklisted).toEqual(['reuters.com', 'https://www.ft.com/']);
    expect(NewsQuery.parse({ query: 'x', sentiment_list: 'all' }).sentiment_list).toEqual([
      'positive',
      'negative',
      'neutral',
    ]);
  });

  it('news: cross-field rules hold even beside other invalid fields, each field named once', () => {
    const paths = (input: Record<string, string>) => {
      const r = NewsQuery.safeParse(input);
      return r.success ? [] : r.error.issues.map((i) => i.path.join('.')).sort();
    };
    expect(paths({ limit: 'x' })).toEqual(['company', 'limit']);
    expect(paths({ company: 'a', primary_company: 'b', unique_article: 'yes' })).toEqual([
      'primary_company',
      'unique_article',
    ]);
    expect(paths({ query: 'x', from: 'soon', to: '2026-01-01' })).toEqual(['from']);
    expect(paths({ query: 'x', start_date: '2026-02-01', to: '2026-01-01' })).toEqual(['start_date']);
    expect(paths({ query: 'x', unique_article: 'true', group_articles: 'maybe' })).toEqual([
      'group_articles',
    ]);
    expect(paths({ query: 'x', unique_article: 'true', group_articles: 'false' })).toEqual([
      'group_articles',
    ]);
  });

  it('company search: the one-of rule holds beside an invalid limit', () => {
    const r = CompanySearchQuery.safeParse({ limit: 'x' });
    expect(r.success ? [] : r.error.issues.map((i) => i.path.join('.')).sort()).toEqual(['limit', 'query']);
  });
});

describe('JSON Schema (for the OpenAPI document)', () => {
  it('describes every request on its input side and every response on its output side', () => {
    const schemas = Object.entries(api).filter(([, s]) => s instanceof z.ZodType) as [string, z.ZodType][];
    expect(schemas.length).toBeGreaterThan(20);
    for (const [name, schema] of schemas) {
      const io = /Response$|^(?:Problem|NewsArticle|IndustryMatch|CompanySearchRecord)$/.test(name)
        ? 'output'
        : 'input';
      expect(() => z.toJSONSchema(schema, { io }), name).not.toThrow();
    }
    const news = z.toJSONSchema(NewsQuery, { io: 'input' }) as { properties: Record<string, unknown> };
    expect(Object.keys(news.properties)).toEqual(
      expect.arrayContaining(['start_date', 'group_articles', 'iab_code_list']),
    );
  });
});
