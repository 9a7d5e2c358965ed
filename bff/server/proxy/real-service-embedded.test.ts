/**
 * The real-service adapters leave the embedded service's own answers alone: every endpoint as the
 * web app calls it, taken from a real embedded service, and a list page in shape told from its text.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdditionStatusResponse,
  AdditionSubmitResponse,
  CompanySearchResponse,
  EmployeeReviewsResponse,
  EnrichmentResponse,
  FilterBuilderResponse,
  IndustrySearchResponse,
  ListGenerateResponse,
  NewsResponse,
  PostsResponse,
  ProductReviewsResponse,
} from '../../contract/api';
import { type Service, startService } from '../../embedded/service';
import { type EndpointId, fromUpstream, mayAdapt, toUpstream } from './real-service';
import { browser, params } from './real-service-testing';

type Call = [EndpointId, 'GET' | 'POST', string, string, unknown, (b: unknown) => unknown];

/** Every endpoint as the web app calls it, about `company` (one of whose products is `product`). */
function webAppCalls(
  company: { uuid: string; website: string; name: string },
  product: string,
  additionId: string | null,
): Call[] {
  const c = encodeURIComponent(company.uuid);
  const listBody = {
    filters: { 'firmographic.company_type': ['private'] },
    sections: ['firmographic'],
    limit: 20,
  };
  return [
    ['list.generate', 'POST', '/api/v1/list/generate/companies', '', listBody, ListGenerateResponse.parse],
    [
      'list.generate',
      'POST',
      '/api/v1/list/generate/companies',
      '',
      { query: 'software companies in germany', limit: 5 },
      ListGenerateResponse.parse,
    ],
    [
      'list.filterBuilder',
      'POST',
      '/api/v1/list/filter-builder',
      '',
      { query: 'fintechs in france' },
      FilterBuilderResponse.parse,
    ],
    [
      'company.enrichment',
      'GET',
      '/api/v1/company/enrichment',
      `company=${c}&sections=firmographic,location`,
      undefined,
      EnrichmentResponse.parse,
    ],
    [
      'company.enrichment.post',
      'POST',
      '/api/v1/company/enrichment',
      '',
      { company: company.website, sections: ['business_model'] },
      EnrichmentResponse.parse,
    ],
    [
      'company.productReviews',
      'GET',
      '/api/v1/company/product-reviews',
      `company=${c}&products=${encodeURIComponent(product)}&limit=5&offset=0`,
      undefined,
      ProductReviewsResponse.parse,
    ],
    [
      'company.employeeReviews',
      'GET',
      '/api/v1/company/employee-reviews',
      `company=${c}&limit=10&offset=0`,
      undefined,
      EmployeeReviewsResponse.parse,
    ],
    [
      'company.posts',
      'GET',
      '/api/v1/company/posts',
      `company=${c}&limit=10&offset=10`,
      undefined,
      PostsResponse.parse,
    ],
    [
      'industry.search',
      'GET',
      '/api/v1/industry/search',
      'query=software',
      undefined,
      IndustrySearchResponse.parse,
    ],
    [
      'company.search',
      'GET',
      '/api/v1/company/search',
      `uuid=${c}&limit=1`,
      undefined,
      CompanySearchResponse.parse,
    ],
    [
      'company.search',
      'GET',
      '/api/v1/company/search',
      `website=${encodeURIComponent(company.website)}&limit=1`,
      undefined,
      CompanySearchResponse.parse,
    ],
    [
      'company.search',
      'GET',
      '/api/v1/company/search',
      `query=${encodeURIComponent(company.name)}&limit=10`,
      undefined,
      CompanySearchResponse.parse,
    ],
    [
      'news',
      'GET',
      '/api/v1/news',
      `company=${c}&unique_article=true&limit=10&offset=0`,
      undefined,
      NewsResponse.parse,
    ],
    // Sent as start_date/end_date, which the embedded service takes too.
    [
      'news',
      'GET',
      '/api/v1/news',
      `company=${c}&from=2020-01-01&to=2030-12-31`,
      undefined,
      NewsResponse.parse,
    ],
    [
      'news',
      'GET',
      '/api/v1/news',
      `company=${c}&group_articles=true&sentiment_list=positive,neutral&countries=US`,
      undefined,
      NewsResponse.parse,
    ],
    [
      'industry.search',
      'GET',
      '/api/v1/industry/search',
      'query=bank&level=l1,l4',
      undefined,
      IndustrySearchResponse.parse,
    ],
    [
      'company.enrichment',
      'GET',
      '/api/v1/company/enrichment',
      `company=${c}`,
      undefined,
      EnrichmentResponse.parse,
    ],
    ['additions.status', 'GET', `/api/v1/status/${additionId}`, '', undefined, AdditionStatusResponse.parse],
  ];
}

describe('fromUpstream leaves the embedded service’s own answers alone', () => {
  let service: Service;
  let company: { uuid: string; website: string; name: string };
  let product: string;

  beforeAll(async () => {
    service = await startService({ dataDir: ':memory:', companies: 800, seed: 9, additionDelayMs: 60_000 });
    company = service.ctx.db
      .prepare(
        `SELECT uuid, website, name FROM companies
         WHERE json_array_length(s_product_offering, '$.products') >= 1 ORDER BY employee_count DESC LIMIT 1`,
      )
      .get() as typeof company;
  });
  afterAll(() => service.close());

  /** The browser's request, adapted by toUpstream, answered by the embedded service. */
  async function answer(id: EndpointId, method: 'GET' | 'POST', path: string, query: string, body?: unknown) {
    const sent = toUpstream(id, { method, path, query: params(query), body });
    const qs = sent.query.toString();
    const res = await service.fetch(
      new Request(`http://embedded${sent.path}${qs ? `?${qs}` : ''}`, {
        method: sent.method,
        headers: {
          'x-api-key': 'dev-enterprise-key',
          ...(sent.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(sent.body !== undefined ? { body: JSON.stringify(sent.body) } : {}),
      }),
    );
    expect(res.status, `${id} ${path}?${query}`).toBeLessThan(300);
    return (await res.json()) as unknown;
  }

  it('every endpoint, as the web app calls it', async () => {
    const c = encodeURIComponent(company.uuid);
    const catalog = ProductReviewsResponse.parse(
      await answer('company.productReviews', 'GET', '/api/v1/company/product-reviews', `company=${c}`),
    );
    product = catalog.data.product_reviews[0]!.id;
    const submitted = AdditionSubmitResponse.parse(
      await answer('additions.submit', 'POST', '/api/v1/company/addition-requests/', '', {
        company_name: 'Unchanged Labs',
        website: 'unchanged-labs.io',
      }),
    );
    const calls = webAppCalls(company, product, submitted.request_id);
    for (const [id, method, path, query, body, parse] of calls) {
      const upstream = await answer(id, method, path, query, body);
      parse(upstream);
      expect(fromUpstream(id, upstream, browser(query, body)), `${id} ${query}`).toBeUndefined();
    }
    expect(fromUpstream('additions.submit', submitted, browser())).toBeUndefined();
  });

  it('a name search is only cut to the browser’s limit', async () => {
    // A one-letter name prefix matches many companies; the embedded service returns up to 10.
    const query = 'name=s&limit=2';
    const upstream = CompanySearchResponse.parse(
      await answer('company.search', 'GET', '/api/v1/company/search', query),
    );
    expect(upstream.data.length).toBeGreaterThan(2);
    const out = CompanySearchResponse.parse(fromUpstream('company.search', upstream, browser(query)));
    expect(out.data).toEqual(upstream.data.slice(0, 2));
    expect(out.count).toBe(2);
  });
});

describe('mayAdapt: a list page in shape is told from its text, without parsing its rows', () => {
  const FIELDS = {
    count: 1,
    total_count: 41,
    offset: 0,
    filters: { 'location.hq.country': ['USA'] },
    query_translated: false,
    warnings: [{ code: 'w', message: '],"count":1' }],
    skipped_sections: [],
    credits_consumed: 1.5,
  };

  it('needs no look at a page the embedded service wrote, and looks at one that lacks a field', async () => {
    const service = await startService({ dataDir: ':memory:', companies: 300, seed: 4 });
    try {
      const res = await service.fetch(
        new Request('http://embedded/api/v1/list/generate/companies', {
          method: 'POST',
          headers: { 'x-api-key': 'dev-enterprise-key', 'content-type': 'application/json' },
          body: JSON.stringify({ filters: {}, sections: ['firmographic'], limit: 20 }),
        }),
      );
      const text = await res.text();
      expect(mayAdapt('list.generate', text)).toBe(false);
      expect(mayAdapt('list.generate', Buffer.from(text, 'utf8'))).toBe(false);
      expect(fromUpstream('list.generate', JSON.parse(text), browser())).toBeUndefined();
    } finally {
      service.close();
    }
    const { total_count: _dropped, ...short } = FIELDS;
    expect(mayAdapt('list.generate', JSON.stringify({ data: [], ...short }))).toBe(true);
    expect(mayAdapt('list.generate', JSON.stringify({ ...FIELDS, data: [] }))).toBe(true); // data not first
    expect(mayAdapt('company.enrichment', JSON.stringify({ data: {}, credits_consumed: 1 }))).toBe(false);
    expect(mayAdapt('industry.search', JSON.stringify({ data: [], count: 0, credits_consumed: 0 }))).toBe(
      true,
    );
  });

  it('never calls a page in shape that the adapter would change, whatever its rows hold', () => {
    // Rows that hold the page's own field names, and texts that look like the page's end.
    const row = fc.dictionary(
      fc.constantFrom('count', 'total_count', 'filters', 'credits_consumed', 'name', 'tags'),
      fc.oneof(fc.jsonValue(), fc.constant(FIELDS), fc.constant('],"count":1}')),
      { maxKeys: 4 },
    );
    const page = fc
      .tuple(fc.array(row, { maxLength: 4 }), fc.subarray(Object.keys(FIELDS)), fc.boolean())
      .map(([data, kept, nested]) => {
        const fields = Object.fromEntries(kept.map((k) => [k, FIELDS[k as keyof typeof FIELDS]]));
        const rows = nested ? [...data, { inner: [{ ...FIELDS }], ...FIELDS }] : data;
        return JSON.stringify({ data: rows, ...fields });
      });
    fc.assert(
      fc.property(page, (text) => {
        const inShape = !mayAdapt('list.generate', text);
        if (inShape) expect(fromUpstream('list.generate', JSON.parse(text), browser())).toBeUndefined();
        // The page's UTF-8 bytes, as the proxy keeps them, are told the same way.
        expect(!mayAdapt('list.generate', Buffer.from(text, 'utf8'))).toBe(inShape);
      }),
    );
    // And a complete page is always told in shape.
    fc.assert(
      fc.property(fc.array(row, { maxLength: 4 }), (data) => {
        expect(mayAdapt('list.generate', JSON.stringify({ data, ...FIELDS }))).toBe(false);
      }),
    );
  });
});
