/**
 * The real-service double over real HTTP, in front of a real embedded service: every answer is held
 * to the real service's documented shapes (real-service-shapes.ts, strict), never to the embedded
 * service's. It is the proof the BFF is tested against, so it must be faithful.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './embedded-additions';
import { startTestServer, type TestServer } from './embedded-server';
import { type RealServiceDouble, startRealServiceDouble } from './real-service-double';
import {
  RealAdditionSubmit,
  RealCompanySearch,
  RealEmployeeReviews,
  RealEnrichment,
  RealError,
  RealFilterBuilder,
  RealIndustrySearch,
  RealListGenerate,
  RealNews,
  RealPosts,
  RealProductReviews,
  RealStatus,
} from './real-service-shapes';

const KEY = 'dev-enterprise-key';
const enc = encodeURIComponent;

let t: TestServer;
let double: RealServiceDouble;
/** A company with products, reviews and news. */
let big: { uuid: string; website: string; domain: string; name: string };
const contentTypes: string[] = [];

beforeAll(async () => {
  t = await startTestServer(1500, 7, { additionDelayMs: 40 });
  double = await startRealServiceDouble(t.service);
  big = t.service.ctx.db
    .prepare(
      `SELECT uuid, website, domain, name FROM companies
       WHERE json_array_length(s_product_offering, '$.products') >= 2 ORDER BY employee_count DESC LIMIT 1`,
    )
    .get() as typeof big;
});
afterAll(async () => {
  await double.close();
  await t.close();
  // Whatever it answered, never the embedded service's problem details.
  expect(contentTypes.filter((c) => c.includes('problem'))).toEqual([]);
});

async function call(path: string, init: RequestInit & { key?: string | null } = {}) {
  const { key = KEY, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (key !== null) headers.set('x-api-key', key);
  const res = await fetch(`${double.url}${path}`, { ...rest, headers, redirect: 'manual' });
  contentTypes.push(res.headers.get('content-type') ?? '');
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text === '' ? undefined : JSON.parse(text) };
}

const post = (path: string, body: unknown, key?: string) =>
  call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...(key ? { key } : {}),
  });

/** A FastAPI validation error naming exactly these query/body fields. */
function expectFields(r: { status: number; body: unknown }, locs: string[][]) {
  expect(r.status).toBe(400);
  const err = RealError.parse(r.body);
  expect('detail' in err && Array.isArray(err.detail)).toBe(true);
  const got = (err as { detail: { loc: string[] }[] }).detail.map((d) => d.loc);
  expect(got).toEqual(expect.arrayContaining(locs));
  expect(got).toHaveLength(locs.length);
}

describe('paths, methods and keys', () => {
  it('a missing or wrong key is 401 {detail}', async () => {
    for (const key of [null, 'not-a-key']) {
      const r = await call(`/api/v1/company/search?query=${enc(big.name)}`, { key });
      expect(r.status).toBe(401);
      expect(r.headers.get('content-type')).toBe('application/json');
      expect(r.body).toEqual({ detail: expect.any(String) });
    }
  });

  it('a slash-less path of a slashed endpoint is a 307 to the slashed one, query kept', async () => {
    for (const p of [
      '/api/v1/list/generate/companies',
      '/api/v1/list/filter-builder',
      '/api/v1/industry/search?query=bank',
      `/api/v1/company/posts?company=${big.uuid}`,
      `/api/v1/news?company=${big.uuid}`,
      '/api/v1/company/addition-requests',
      '/api/v1/status/3f7c1a52-0000-4000-8000-000000000000',
    ]) {
      const r = await call(p, { method: p.includes('list/') || p.endsWith('requests') ? 'POST' : 'GET' });
      expect(r.status, p).toBe(307);
      const [path, query] = p.split('?');
      expect(r.headers.get('location'), p).toBe(`${path}/${query ? `?${query}` : ''}`);
    }
  });

  it('endpoints declared without a slash redirect the slashed spelling back (redirect_slashes)', async () => {
    const r = await call(`/api/v1/company/enrichment/?company=${big.uuid}&sections=firmographic`);
    expect(r.status).toBe(307);
    expect(r.headers.get('location')).toBe(
      `/api/v1/company/enrichment?company=${big.uuid}&sections=firmographic`,
    );
  });

  it('only the documented status path: company/addition-requests/{id}/ is 404, as are /v1 and the plural spelling', async () => {
    for (const p of [
      '/api/v1/company/addition-requests/3f7c1a52-0000-4000-8000-000000000000/',
      `/v1/company/search?query=${enc(big.name)}`,
      `/api/v1/companies/product-reviews?company=${big.uuid}`,
      '/api/v2/news/',
    ]) {
      const r = await call(p);
      expect(r.status, p).toBe(404);
      expect(r.body).toEqual({ detail: 'Not Found' });
    }
  });

  it('a documented path with another method is 405', async () => {
    const r = await call('/api/v1/list/generate/companies/');
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('POST');
    expect(r.body).toEqual({ detail: 'Method Not Allowed' });
    const e = await call(`/api/v1/company/enrichment?company=${big.uuid}`, { method: 'DELETE' });
    expect(e.status).toBe(405);
    expect(e.headers.get('allow')).toBe('GET, POST');
  });
});

describe('list generation and filter translation', () => {
  it('answers only {data, count, total_count, credits_consumed}, opaque ids', async () => {
    const r = await post('/api/v1/list/generate/companies/', {
      filters: { 'business_model.offering_type': ['software'] },
      sections: ['firmographic'],
      limit: 5,
    });
    expect(r.status).toBe(200);
    const list = RealListGenerate.parse(r.body);
    expect(list.count).toBe(5);
    expect(list.total_count).toBeGreaterThan(5);
    expect(list.credits_consumed).toBeGreaterThan(0);
    for (const c of list.data) {
      expect(c.uuid).toMatch(/^[0-9a-z]{6}-[a-z0-9-]+$/);
      expect(c.firmographic).toBeTruthy();
    }
  });

  it('validation errors are FastAPI lists naming each field of the body', async () => {
    const r = await post('/api/v1/list/generate/companies/', { limit: 5000, offset: -1 });
    expectFields(r, [
      ['body', 'limit'],
      ['body', 'offset'],
    ]);
  });

  it('filter-builder answers {data: {filters}, credits_consumed} and nothing else', async () => {
    const r = await post('/api/v1/list/filter-builder/', { query: 'software companies in Germany' });
    expect(r.status).toBe(200);
    const built = RealFilterBuilder.parse(r.body);
    expect(built.data.filters).toMatchObject({ 'location.hq.country': ['DEU'] });
  });
});

describe('enrichment', () => {
  it('wraps the sections with status and their count; by id or website', async () => {
    for (const company of [big.uuid, `https://www.${big.domain}/about`]) {
      const r = await call(
        `/api/v1/company/enrichment?company=${enc(company)}&sections=firmographic,business_model`,
      );
      expect(r.status).toBe(200);
      const e = RealEnrichment.parse(r.body);
      expect(e.count).toBe(2);
      expect(Object.keys(e.data)).toEqual(expect.arrayContaining(['firmographic', 'business_model']));
      expect(e.credits_consumed).toBe(4);
    }
  });

  it('sections are optional: without them, every section the plan includes', async () => {
    const r = await call(`/api/v1/company/enrichment?company=${big.uuid}`);
    expect(r.status).toBe(200);
    const e = RealEnrichment.parse(r.body);
    expect(e.count).toBeGreaterThan(10);
    expect(e.data).toHaveProperty('funding_detail');
    const sub = RealEnrichment.parse(
      (await call(`/api/v1/company/enrichment?company=${big.uuid}`, { key: 'dev-subscription-key' })).body,
    );
    expect(sub.data).not.toHaveProperty('funding_detail');
    expect(sub.count).toBeLessThan(e.count);
  });

  it('answers the same by POST with a JSON body (the spec’s usage example)', async () => {
    const get = await call(`/api/v1/company/enrichment?company=${big.uuid}&sections=location`);
    const posted = await post('/api/v1/company/enrichment', { company: big.uuid, sections: ['location'] });
    expect(posted.status).toBe(200);
    expect(RealEnrichment.parse(posted.body)).toEqual(get.body);
  });

  it('a section the plan lacks is 403 {status: "error", message}; an unknown company 404 {detail}', async () => {
    const denied = await call(`/api/v1/company/enrichment?company=${big.uuid}&sections=funding_detail`, {
      key: 'dev-subscription-key',
    });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ status: 'error', message: expect.stringMatching(/funding_detail/) });
    const missing = await call('/api/v1/company/enrichment?company=00zzzz-no-such&sections=firmographic');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: expect.any(String) });
  });

  it('company is required; an unknown parameter is refused', async () => {
    expectFields(await call('/api/v1/company/enrichment?sections=firmographic&size=3'), [
      ['query', 'size'],
      ['query', 'company'],
    ]);
  });
});

describe('company search', () => {
  it('takes only query: name, website or id, and answers records without domain or score', async () => {
    for (const query of [big.name, big.uuid, `WWW.${big.domain.toUpperCase()}/pricing`]) {
      const r = await call(`/api/v1/company/search?query=${enc(query)}`);
      expect(r.status, query).toBe(200);
      const s = RealCompanySearch.parse(r.body);
      expect(s.data[0]?.uuid, query).toBe(big.uuid);
    }
  });

  it('name, website, uuid and limit are refused, all named at once; query is required', async () => {
    expectFields(await call(`/api/v1/company/search?name=a&website=${big.domain}&uuid=${big.uuid}&limit=3`), [
      ['query', 'name'],
      ['query', 'website'],
      ['query', 'uuid'],
      ['query', 'limit'],
      ['query', 'query'],
    ]);
  });

  it('no match is 204 with no body', async () => {
    const r = await call('/api/v1/company/search?query=qqqzzzxxyy');
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
  });
});

describe('industry search', () => {
  it('takes level: l1-l4, all, or a list of them; anything else is a field error', async () => {
    const l1 = RealIndustrySearch.parse(
      (await call('/api/v1/industry/search/?query=software&level=l1')).body,
    );
    const l4 = RealIndustrySearch.parse(
      (await call('/api/v1/industry/search/?query=software&level=l4')).body,
    );
    expect(l1.data.map((i) => i.code)).not.toEqual(l4.data.map((i) => i.code));
    const both = RealIndustrySearch.parse(
      (await call('/api/v1/industry/search/?query=software&level=l1,l4')).body,
    );
    expect(both.count).toBeGreaterThanOrEqual(Math.max(l1.count, l4.count));
    expectFields(await call('/api/v1/industry/search/?query=software&level=l9'), [['query', 'level']]);
  });

  it('answers {data, count, credits_consumed: 0}; nothing found is 204', async () => {
    const r = await call('/api/v1/industry/search/?query=software');
    expect(r.status).toBe(200);
    const s = RealIndustrySearch.parse(r.body);
    expect(s.count).toBe(s.data.length);
    const none = await call('/api/v1/industry/search/?query=qqqzzzxxyy');
    expect(none.status).toBe(204);
    expect(none.text).toBe('');
  });
});

describe('signals', () => {
  it('product catalog, then products with pros and cons as arrays of strings', async () => {
    const catalog = await call(`/api/v1/company/product-reviews?company=${big.uuid}`);
    expect(catalog.status).toBe(200);
    const c = RealProductReviews.parse(catalog.body);
    expect(c.credits_consumed).toBe(0);
    const ids = c.data.product_reviews.map((p) => p.id).slice(0, 2);
    const r = await call(
      `/api/v1/company/product-reviews?company=${big.uuid}&${ids.map((id) => `products=${enc(id)}`).join('&')}&limit=5`,
    );
    expect(r.status).toBe(200);
    const p = RealProductReviews.parse(r.body);
    expect(p.data.product_reviews).toHaveLength(2);
    const first = p.data.product_reviews[0]!;
    expect(first.pros_list?.length).toBeGreaterThan(0);
    expect(new Set(first.pros_list).size).toBe(first.pros_list?.length);
    expect(first.reviews?.data).toHaveLength(5);
    expect(p.credits_consumed).toBeGreaterThan(0);
  });

  it('employee reviews and posts have the documented records', async () => {
    const e = await call(`/api/v1/company/employee-reviews?company=${big.uuid}&limit=20`);
    expect(e.status).toBe(200);
    const reviews = RealEmployeeReviews.parse(e.body);
    expect(reviews.data.employee_reviews.reviews.data).toHaveLength(20);
    const p = await call(`/api/v1/company/posts/?company=${big.uuid}&limit=5&offset=5`);
    expect(p.status).toBe(200);
    const posts = RealPosts.parse(p.body);
    expect(posts.data.posts).toHaveLength(5);
    expect(posts.offset).toBe(5);
  });

  it('news articles: no id or primary_tag, a primary type, dates as days, the company mentioned', async () => {
    const r = await call(`/api/v1/news/?company=${big.uuid}&limit=20`);
    expect(r.status).toBe(200);
    const news = RealNews.parse(r.body);
    expect(news.count).toBe(20);
    expect(news.total).toBeGreaterThanOrEqual(20);
    for (const a of news.data) {
      expect(a.types.filter((ty) => ty.is_primary)).toHaveLength(1);
      expect(a.company_mentions).toEqual([
        expect.objectContaining({ company_id: big.uuid, is_primary: true }),
      ]);
      expect(a.countries).toHaveLength(1);
    }
    // The embedded service's own article for the same call, to check nothing was made up.
    const own = (await (await t.call(`/api/v1/news?company=${big.uuid}&limit=20`)).json()) as {
      data: { url: string; primary_tag: string; published_date: string }[];
    };
    expect(news.data.map((a) => a.url)).toEqual(own.data.map((a) => a.url));
    expect(news.data.map((a) => a.types.find((ty) => ty.is_primary)?.code)).toEqual(
      own.data.map((a) => a.primary_tag),
    );
    expect(news.data.map((a) => a.published_date)).toEqual(
      own.data.map((a) => a.published_date.slice(0, 10)),
    );
  });

  it('news takes start_date/end_date, not from/to; nothing found is 204', async () => {
    expectFields(await call(`/api/v1/news/?company=${big.uuid}&from=2024-01-01&to=2024-12-31`), [
      ['query', 'from'],
      ['query', 'to'],
    ]);
    const none = await call('/api/v1/news/?query=qqqzzzxxyy');
    expect(none.status).toBe(204);
    expect(none.text).toBe('');
  });

  it('news takes every documented parameter: dates as days, grouping, sentiments, countries', async () => {
    const all = RealNews.parse((await call(`/api/v1/news/?company=${big.uuid}&limit=100`)).body);
    const days = all.data.map((a) => a.published_date).sort();
    const [start, end] = [days[Math.floor(days.length / 4)]!, days[Math.floor((3 * days.length) / 4)]!];
    const ranged = RealNews.parse(
      (await call(`/api/v1/news/?company=${big.uuid}&start_date=${start}&end_date=${end}&limit=100`)).body,
    );
    expect(ranged.total).toBeLessThan(all.total);
    for (const a of ranged.data) expect(a.published_date >= start && a.published_date <= end).toBe(true);
    const grouped = RealNews.parse(
      (await call(`/api/v1/news/?company=${big.uuid}&group_articles=true`)).body,
    );
    expect(grouped.total).toBeLessThan(all.total);
    const positive = await call(`/api/v1/news/?company=${big.uuid}&sentiment_list=positive&limit=100`);
    const pos = RealNews.parse(positive.body);
    expect(pos.data.every((a) => a.sentiment === 'positive')).toBe(true);
    const rest = await call(
      `/api/v1/news/?company=${big.uuid}&countries=US,DE&news_score_list=High,Medium&type_list=funding&iptc_code_list=04000000`,
    );
    expect([200, 204]).toContain(rest.status);
    if (rest.status === 200) RealNews.parse(rest.body);
    expectFields(await call(`/api/v1/news/?company=${big.uuid}&start_date=2024-13-01`), [
      ['query', 'start_date'],
    ]);
  });

  it('an unknown company is 404 {detail}; a bad limit a field error', async () => {
    const missing = await call('/api/v1/company/employee-reviews?company=00zzzz-no-such');
    expect(missing.status).toBe(404);
    expect(RealError.parse(missing.body)).toEqual({ detail: expect.any(String) });
    expectFields(await call(`/api/v1/company/posts/?company=${big.uuid}&limit=abc`), [['query', 'limit']]);
  });
});

describe('company addition', () => {
  it('wraps the submission and the status; status only at status/{id}/; watched to completed', async () => {
    const domain = `double-${Date.now().toString(36)}.io`;
    const r = await post('/api/v1/company/addition-requests/', {
      company_name: 'Double Labs',
      website: domain,
    });
    expect(r.status).toBe(200);
    const sub = RealAdditionSubmit.parse(r.body);
    expect(sub.data).toMatchObject({ already_exists: false, company: null, status: 'pending', domain });
    const id = sub.data.request_id!;
    const done = await eventually(
      async () => RealStatus.parse((await call(`/api/v1/status/${id}/`)).body),
      (s) => s.data.status === 'completed',
      'the addition to complete',
    );
    expect(done.data.request_id).toBe(id);
    expect(done.data.detail.company_uuid).toBeTruthy();
    expect(done.data.updated_at).toBe(done.data.detail.updated_at);
    // The new company is served: search by its id finds it.
    const found = RealCompanySearch.parse(
      (await call(`/api/v1/company/search?query=${done.data.detail.company_uuid}`)).body,
    );
    expect(found.data[0]?.name).toBe('Double Labs');
  });

  it('a company that exists: already_exists with the company and its domain, no request', async () => {
    const r = await post('/api/v1/company/addition-requests/', {
      company_name: big.name,
      website: big.website,
    });
    const sub = RealAdditionSubmit.parse(r.body);
    expect(sub.data).toMatchObject({
      already_exists: true,
      request_id: null,
      status: null,
      domain: big.domain,
    });
    expect(sub.data.company).toMatchObject({ uuid: big.uuid, domain: big.domain });
  });

  it('errors: a bad body is a field list, Pay-as-you-go is 403 {status: "error"}, an unknown id 404', async () => {
    expectFields(await post('/api/v1/company/addition-requests/', { website: 'x.io' }), [
      ['body', 'company_name'],
    ]);
    const payg = await post(
      '/api/v1/company/addition-requests/',
      { company_name: 'A', website: 'a-payg.io' },
      'dev-payg-key',
    );
    expect(payg.status).toBe(403);
    expect(payg.body).toEqual({ status: 'error', message: expect.any(String) });
    const unknown = await call('/api/v1/status/3f7c1a52-0000-4000-8000-000000000000/');
    expect(unknown.status).toBe(404);
    expect(RealError.parse(unknown.body)).toEqual({ detail: expect.any(String) });
  });
});

describe('not documented: passed through', () => {
  it('webhook management answers as the embedded service does', async () => {
    const created = await post('/api/v1/webhooks/', { url: 'http://127.0.0.1:9/hooks' });
    expect(created.status).toBe(201);
    expect(created.body.data.secret).toMatch(/^whsec_/);
    const listed = await call('/api/v1/webhooks/');
    expect(listed.body.data.map((e: { id: string }) => e.id)).toContain(created.body.data.id);
    const gone = await call(`/api/v1/webhooks/${created.body.data.id}/`, { method: 'DELETE' });
    expect(gone.status).toBe(204);
  });
});
