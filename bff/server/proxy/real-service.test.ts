import { describe, expect, it } from 'vitest';
import {
  AdditionStatusResponse,
  AdditionSubmitResponse,
  CompanySearchResponse,
  HeadcountTrendsResponse,
  IndustrySearchResponse,
  JobsResponse,
  ListGenerateResponse,
  NewsResponse,
  ProductReviewsResponse,
  WebsiteTrafficResponse,
} from '../../contract/api';
import {
  RealAdditionSubmit,
  RealCompanySearch,
  RealIndustrySearch,
  RealListGenerate,
  RealNews,
  RealProductReviews,
  RealStatus,
} from '../../testing/real-service-shapes';
import { type EndpointId, fromUpstream, toUpstream } from './real-service';
import { browser, get } from './real-service-testing';

describe('toUpstream', () => {
  it('company search: name, website or uuid goes as query; limit is not sent', () => {
    const cases: [string, string][] = [
      ['name=Acme%20Robotics&limit=8', 'query=Acme+Robotics'],
      ['uuid=00031n-tesla&limit=1', 'query=00031n-tesla'],
      ['website=https%3A%2F%2Fwww.acme.com%2Fpricing&limit=1', 'query=https%3A%2F%2Fwww.acme.com%2Fpricing'],
      ['query=acme&limit=8', 'query=acme'],
    ];
    for (const [given, sent] of cases) {
      expect(toUpstream('company.search', get('/api/v1/company/search', given)).query.toString()).toBe(sent);
    }
  });

  it('news: from/to become start_date/end_date, every other parameter kept in order', () => {
    const r = toUpstream(
      'news',
      get(
        '/api/v1/news/',
        'company=00031n-tesla&from=2024-01-01&sentiment_list=positive&to=2024-06-30&limit=5',
      ),
    );
    expect(r.query.toString()).toBe(
      'company=00031n-tesla&start_date=2024-01-01&sentiment_list=positive&end_date=2024-06-30&limit=5',
    );
    const plain = get('/api/v1/news/', 'company=00031n-tesla&start_date=2024-01-01&group_articles=true');
    expect(toUpstream('news', plain)).toBe(plain);
  });

  it('every other endpoint goes as the browser sent it', () => {
    const ids: EndpointId[] = [
      'list.generate',
      'list.filterBuilder',
      'company.enrichment',
      'company.enrichment.post',
      'company.productReviews',
      'company.employeeReviews',
      'company.posts',
      'industry.search',
      'additions.submit',
      // Its path to the real service (status/{id}/) is the table's `upstream`.
      'additions.status',
      'webhooks.list',
      'webhooks.create',
      'webhooks.delete',
      'webhooks.deliveries',
    ];
    for (const id of ids) {
      const req = get('/api/v1/x', 'company=00031n-tesla&level=l1,l2&sections=');
      expect(toUpstream(id, req), id).toBe(req);
    }
  });
});

describe('fromUpstream: real-service answers in the contract shapes', () => {
  it('unwraps a submission, created or already present, keeping credits_consumed', () => {
    const created = RealAdditionSubmit.parse({
      status: 'success',
      data: {
        already_exists: false,
        company: null,
        request_id: '3f7c1a52-9d1e-4b8a-8f00-5b1c2d3e4f60',
        status: 'pending',
        domain: 'quillmate.io',
        credits_consumed: 0,
      },
      credits_consumed: 0,
    });
    expect(AdditionSubmitResponse.parse(fromUpstream('additions.submit', created, browser()))).toEqual(
      created.data,
    );
    const exists = RealAdditionSubmit.parse({
      status: 'success',
      data: {
        already_exists: true,
        company: {
          uuid: '00031n-tesla',
          website: 'https://www.tesla.com',
          domain: 'tesla.com',
          name: 'Tesla',
          legal_name: 'Tesla, Inc.',
        },
        request_id: null,
        status: null,
        domain: 'tesla.com',
        credits_consumed: 0,
      },
      credits_consumed: 0,
    });
    const out = AdditionSubmitResponse.parse(fromUpstream('additions.submit', exists, browser()));
    expect(out.company?.uuid).toBe('00031n-tesla');
    expect(out.request_id).toBeNull();
  });

  it('unwraps a status record; the top-level dates pass through', () => {
    const real = RealStatus.parse({
      status: 'success',
      data: {
        request_id: 'r-1',
        request_type: 'company_addition',
        status: 'completed',
        created_at: '2026-01-05T10:00:00Z',
        updated_at: '2026-01-05T10:02:00Z',
        detail: {
          company_addition_request_id: 'r-1',
          company_name: 'Quillmate',
          domain: 'quillmate.io',
          status: 'completed',
          reason: null,
          company_uuid: '0a1b2c-quillmate',
          created_at: '2026-01-05T10:00:00Z',
          updated_at: '2026-01-05T10:02:00Z',
        },
      },
      credits_consumed: 0,
    });
    const out = fromUpstream('additions.status', real, browser()) as Record<string, unknown>;
    const parsed = AdditionStatusResponse.parse(out);
    expect(parsed).toMatchObject({ request_id: 'r-1', status: 'completed', credits_consumed: 0 });
    expect(parsed.detail.company_uuid).toBe('0a1b2c-quillmate');
    expect(out.updated_at).toBe('2026-01-05T10:02:00Z');
  });

  it('completes a list from the request: offset, filters echoed, no warnings or skipped sections', () => {
    const real = RealListGenerate.parse({
      data: [
        {
          uuid: '00031n-tesla',
          name: 'Tesla',
          website: 'https://www.tesla.com',
          product_category: 'Electric vehicles',
          company_type: { code: 'public', label: 'Public' },
        },
      ],
      count: 1,
      total_count: 41,
      credits_consumed: 1.7,
    });
    const filters = { 'location.hq.country': ['USA'] };
    const out = ListGenerateResponse.parse(
      fromUpstream('list.generate', real, browser('', { filters, offset: 40, limit: 20 })),
    );
    expect(out).toMatchObject({
      count: 1,
      total_count: 41,
      offset: 40,
      filters,
      query_translated: false,
      warnings: [],
      skipped_sections: [],
      credits_consumed: 1.7,
    });
    const byQuery = fromUpstream('list.generate', real, browser('', { query: 'electric cars' }));
    expect(byQuery).toMatchObject({ offset: 0, filters: {}, query_translated: true });
  });
});

describe('fromUpstream: real-service reviews and news in the contract shapes', () => {
  it('turns pros and cons strings into points: repeats counted, the provider when there is one', () => {
    const product = {
      id: 'p1',
      product_name: 'Quill',
      main_category: 'Writing',
      categories: ['Writing'],
      description: 'A writing tool.',
      rating: { g2: 4.4 },
      star_distribution: { g2: { 1: 1, 2: 0, 3: 2, 4: 5, 5: 9 } },
      pros_list: ['Easy to use', 'Fast', 'Easy to use'],
      cons_list: ['Pricey'],
      pricing: [{ plan: 'Pro', price: '$10', billing_period: 'month', description: 'For teams' }],
      reviews: { data: [], total: 17, total_by_provider: { g2: 17 } },
    };
    const real = RealProductReviews.parse({
      data: {
        uuid: '0a1b2c-quillmate',
        product_reviews: [
          product,
          { ...product, id: 'p2', rating: { g2: 4, capterra: 4.5 }, reviews: undefined, cons_list: [] },
        ],
      },
      limit: 5,
      offset: 0,
      credits_consumed: 1.5,
    });
    const out = fromUpstream('company.productReviews', real, browser()) as unknown;
    const parsed = ProductReviewsResponse.parse(out);
    const [one, two] = parsed.data.product_reviews;
    expect(one?.pros_list).toEqual([
      { text: 'Easy to use', mentions: 2, provider: 'g2' },
      { text: 'Fast', mentions: 1, provider: 'g2' },
    ]);
    expect(one?.cons_list).toEqual([{ text: 'Pricey', mentions: 1, provider: 'g2' }]);
    expect(two?.pros_list?.[0]).toEqual({ text: 'Easy to use', mentions: 2, provider: 'all_providers' });
    expect(two?.cons_list).toEqual([]);
    // The pricing the contract does not know passes through as the service sent it.
    expect(
      (out as { data: { product_reviews: { pricing: unknown }[] } }).data.product_reviews[0]?.pricing,
    ).toEqual(product.pricing);
  });

  const realArticle = (url: string, title: string) => ({
    title,
    url,
    publisher: 'TechCrunch',
    published_date: '2026-01-04',
    sentiment: 'positive',
    news_score: 0.8,
    ai_summary: 'Quillmate raised money.',
    full_text: 'Quillmate raised money. More text.',
    original_language: 'en',
    author: 'Jane Doe',
    countries: ['US'],
    industries: [{ name: 'Software', code: '5112', is_primary: true }],
    types: [
      { name: 'Business', code: 'b-01', is_primary: false },
      { name: 'Mergers and acquisitions', code: 'ma-17', is_primary: true },
    ],
    company_mentions: [
      { company_id: '00031n-tesla', name: 'Tesla', website: 'tesla.com', is_primary: false },
      { company_id: '0a1b2c-quillmate', name: 'Quillmate', website: 'quillmate.io', is_primary: true },
    ],
  });

  it('gives articles a stable id, the primary type as tag, the primary company, the date as sent', () => {
    const real = RealNews.parse({
      status: 'success',
      total: 2,
      count: 2,
      limit: 10,
      offset: 0,
      credits_consumed: 0.12,
      data: [realArticle('https://tc.com/a', 'A'), realArticle('https://tc.com/b', 'B')],
    });
    const out = NewsResponse.parse(fromUpstream('news', real, browser('company=0a1b2c-quillmate')));
    const again = NewsResponse.parse(fromUpstream('news', real, browser('company=0a1b2c-quillmate')));
    const [a, b] = out.data;
    expect(a?.id).toBe(again.data[0]?.id);
    expect(a?.id).not.toBe(b?.id);
    expect(a).toMatchObject({
      primary_tag: 'mergers_and_acquisitions',
      company_uuid: '0a1b2c-quillmate',
      published_date: '2026-01-04',
      story_id: a?.id,
    });
    expect(out.total).toBe(2);
    // What the contract does not name passes through.
    expect(
      (fromUpstream('news', real, browser()) as { data: { countries: string[] }[] }).data[0]?.countries,
    ).toEqual(['US']);
  });
});

describe('fromUpstream: real-service searches and enrichment in the contract shapes', () => {
  it('company search: domain from the website, score from the rank, limit, exact id and website', () => {
    const rec = (uuid: string, name: string, website: string) => ({
      uuid,
      name,
      website,
      product_category: null,
      company_status: 'private',
    });
    const real = RealCompanySearch.parse({
      data: [
        rec('00031n-tesla', 'Tesla', 'https://www.tesla.com'),
        rec('00aa01-tesla-energy', 'Tesla Energy', 'https://energy.tesla.co.uk/home'),
        rec('00aa02-teslar', 'Teslar', 'teslar.io'),
      ],
      credits_consumed: 0,
    });
    const all = CompanySearchResponse.parse(fromUpstream('company.search', real, browser('name=tesla')));
    expect(all.data.map((r) => [r.domain, r.score])).toEqual([
      ['tesla.com', 1],
      ['tesla.co.uk', 0.667],
      ['teslar.io', 0.333],
    ]);
    expect(all.count).toBe(3);
    const two = CompanySearchResponse.parse(
      fromUpstream('company.search', real, browser('query=tesla&limit=2')),
    );
    expect(two.data.map((r) => r.uuid)).toEqual(['00031n-tesla', '00aa01-tesla-energy']);
    const byId = CompanySearchResponse.parse(
      fromUpstream('company.search', real, browser('uuid=00aa02-teslar&limit=1')),
    );
    expect(byId.data.map((r) => r.uuid)).toEqual(['00aa02-teslar']);
    const bySite = CompanySearchResponse.parse(
      fromUpstream('company.search', real, browser('website=WWW.TESLA.CO.UK&limit=1')),
    );
    expect(bySite.data.map((r) => r.uuid)).toEqual(['00aa01-tesla-energy']);
    const none = CompanySearchResponse.parse(
      fromUpstream('company.search', real, browser('uuid=tesla&limit=1')),
    );
    expect(none).toMatchObject({ data: [], count: 0 });
  });

  it('industry search without count gets one; with it, unchanged', () => {
    const real = RealIndustrySearch.parse({
      data: [{ code: 'IND-1001', industry_name: 'Software', similarity: 0.9 }],
      count: 1,
      credits_consumed: 0,
    });
    expect(fromUpstream('industry.search', real, browser('query=software'))).toBeUndefined();
    const { count: _count, ...countless } = real;
    expect(IndustrySearchResponse.parse(fromUpstream('industry.search', countless, browser()))).toMatchObject(
      {
        count: 1,
      },
    );
  });

  it('real enrichment (with status and count) and filter-builder answers fit the contract: unchanged', () => {
    const enrichment = {
      status: 'success',
      data: { uuid: 'x', firmographic: {} },
      count: 1,
      credits_consumed: 2,
    };
    expect(fromUpstream('company.enrichment', enrichment, browser())).toBeUndefined();
    expect(
      fromUpstream('list.filterBuilder', { data: { filters: {} }, credits_consumed: 2.5 }, browser()),
    ).toBe(undefined);
  });
});

// The signal endpoints (decisions section 15; docs/decisions/0025-signal-endpoint-shapes.md).
describe('fromUpstream: the real service’s signal endpoints in the contract shapes', () => {
  const growth = { period: '6m', months: 6, start_count: 100, end_count: 120, change: 20 };
  const trends = {
    status: 'success',
    data: {
      uuid: 'u1',
      linkedin_username: 'acme',
      linkedin_official_name: 'Acme',
      total_employees: 120,
      date: '2026-11-30',
      growth_periods: ['6m'],
      headcount_growth: [{ ...growth, percent: 20, start_date: '2026-05-30', end_date: '2026-11-30' }],
      headcount_by_function: [
        { function: 'sales', count: 120, share: 1, growth: [{ ...growth, percent: 20 }] },
      ],
    },
    credits_consumed: 2.5,
  };
  const traffic = {
    status: 'success',
    data: {
      uuid: 'u1',
      engagements: { bounce_rate: 0.41, pages_per_visit: 3.2, avg_visit_duration_seconds: 185 },
      estimated_monthly_visits: { '2026-10': 9000, '2026-11': 10000 },
      traffic_sources: { direct: 0.4, search: 0.3, social: 0.1, referral: 0.1, paid: 0.05, email: 0.05 },
    },
    credits_consumed: 1,
  };
  const job = {
    id: '1',
    title: 'Account Executive',
    function: 'sales',
    seniority: 'associate',
    employment_type: 'full_time',
    remote: false,
    location: 'Berlin, Germany',
    country: 'DE',
    posted_date: '2026-11-20',
    description: 'Sell.',
    compensation: null,
    key_skills: ['Negotiation'],
    source: 'linkedin',
    url: 'https://www.linkedin.com/jobs/view/1/',
  };
  const jobs = { status: 'success', data: [job], count: 7, limit: 1, offset: 0, credits_consumed: 0.5 };

  it('leaves the embedded service’s own answers alone', () => {
    HeadcountTrendsResponse.parse(trends);
    WebsiteTrafficResponse.parse(traffic);
    JobsResponse.parse(jobs);
    expect(fromUpstream('company.headcountTrends', trends, browser())).toBeUndefined();
    expect(fromUpstream('company.websiteTraffic', traffic, browser())).toBeUndefined();
    expect(fromUpstream('company.jobs', jobs, browser('limit=1'))).toBeUndefined();
  });

  it('adds the `status` the real service leaves out of headcount trends and website traffic', () => {
    for (const [id, answer] of [
      ['company.headcountTrends', trends],
      ['company.websiteTraffic', traffic],
    ] as const) {
      const { status: _s, ...real } = answer;
      expect(fromUpstream(id, real, browser())).toEqual(answer);
    }
  });

  it('reads the other plausible spellings of traffic: month lists, source lists in percent, percents', () => {
    const real = {
      data: {
        uuid: 'u1',
        engagements: { bounce_rate: 41, pages_per_visit: 3.2, avg_visit_duration: '03:05' },
        estimated_monthly_visits: [
          { date: '2026-11-01', visits: 10000 },
          { date: '2026-10-01', visits: 9000 },
        ],
        traffic_sources: [
          { source: 'Direct', percentage: 40 },
          { source: 'Organic Search', percentage: 30 },
          { source: 'Social', percentage: 10 },
          { source: 'Referrals', percentage: 10 },
          { source: 'Paid', percentage: 5 },
          { source: 'Mail', percentage: 5 },
        ],
      },
      credits_consumed: 1,
    };
    const read = WebsiteTrafficResponse.parse(fromUpstream('company.websiteTraffic', real, browser()));
    expect(read.data.estimated_monthly_visits).toEqual(traffic.data.estimated_monthly_visits);
    expect(Object.keys(read.data.estimated_monthly_visits)).toEqual(['2026-10', '2026-11']);
    expect(read.data.traffic_sources).toEqual(traffic.data.traffic_sources);
    expect(read.data.engagements).toMatchObject(traffic.data.engagements);
  });

  it('reads headcount growth and functions spelt otherwise, and job listings’ other field names', () => {
    const realTrends = {
      data: {
        ...trends.data,
        headcount_growth: [{ ...growth, growth_rate: 20, start_date: '2026-05-30', end_date: '2026-11-30' }],
        headcount_by_function: [
          { name: 'sales', headcount: 120, share: 1, growth: [{ ...growth, percent: 20 }] },
        ],
      },
      credits_consumed: 2.5,
    };
    const read = HeadcountTrendsResponse.parse(
      fromUpstream('company.headcountTrends', realTrends, browser()),
    );
    expect(read.data.headcount_growth[0]!.percent).toBe(20);
    expect(read.data.headcount_by_function[0]).toMatchObject({ function: 'sales', count: 120 });

    const { title, seniority, posted_date, key_skills, url, ...rest } = job;
    const realJob = {
      ...rest,
      job_title: title,
      experience_level: seniority,
      posted_at: `${posted_date}T08:00:00Z`,
      skills: key_skills,
      job_url: url,
    };
    const page = JobsResponse.parse(
      fromUpstream(
        'company.jobs',
        { status: 'success', data: [realJob], credits_consumed: 0.5 },
        browser('limit=1'),
      ),
    );
    expect(page.data[0]).toMatchObject(job);
    expect(page).toMatchObject({ count: 1, limit: 1, offset: 0 });
  });
});
