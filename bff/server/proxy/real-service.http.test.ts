/**
 * The BFF in remote mode on the real-service double (bff/testing/real-service-double.ts): the
 * browser's requests in, the embedded service's shapes out, for every endpoint; compared with the
 * same call through a BFF on the embedded service directly (the same data behind both), where the
 * real service's answer carries the same facts.
 */
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
import { UsageResponse } from '../../contract/bff';
import { AdditionsResponse } from '../../contract/bff-lists';
import { Problem } from '../../contract/problem';
import { type RunningBff, startBff } from '../../testing/bff-server';
import { eventually } from '../../testing/embedded-additions';
import { startTestServer, type TestServer } from '../../testing/embedded-server';
import { type RealServiceDouble, startRealServiceDouble } from '../../testing/real-service-double';
import { embeddedUpstream, remoteUpstream, type Upstream } from '../upstream/upstream';

const KEY = 'dev-enterprise-key';
const enc = encodeURIComponent;

let t: TestServer;
let double: RealServiceDouble;
let remote: Upstream;
/** The BFF on the real-service double. */
let real: RunningBff;
/** The BFF on the embedded service, in-process. */
let direct: RunningBff;
let big: { uuid: string; website: string; domain: string; name: string };

beforeAll(async () => {
  t = await startTestServer(1500, 13, { additionDelayMs: 40 });
  double = await startRealServiceDouble(t.service);
  remote = remoteUpstream(double.url, KEY);
  real = await startBff({ upstream: remote });
  direct = await startBff({ upstream: embeddedUpstream(t.service) });
  big = t.service.ctx.db
    .prepare(
      `SELECT uuid, website, domain, name FROM companies
       WHERE json_array_length(s_product_offering, '$.products') >= 2 ORDER BY employee_count DESC LIMIT 1`,
    )
    .get() as typeof big;
});
afterAll(async () => {
  await real.close();
  await direct.close();
  remote.close();
  await double.close();
  await t.close();
});

type Answer = { status: number; body: unknown; headers: Headers };

async function read(res: Response): Promise<Answer> {
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text === '' ? undefined : JSON.parse(text) };
}

/** The same browser call through both BFFs. */
async function both(path: string, body?: unknown): Promise<{ real: Answer; direct: Answer }> {
  const go = (b: RunningBff) => (body === undefined ? b.call(path) : b.post(path, body));
  const [r, d] = await Promise.all([go(real).then(read), go(direct).then(read)]);
  expect(r.status, `${path} on the double`).toBe(d.status);
  return { real: r, direct: d };
}

/** The calls the double received since `from` (its index), as method and path with query. */
function sentSince(from: number): string[] {
  return double.received.slice(from).map((c) => `${c.method} ${c.path}`);
}

describe('the BFF on the real service (its double) answers in the embedded service’s shapes', () => {
  it('list generation: the same answer, envelope completed from the request', async () => {
    const body = { filters: { 'location.hq.country': ['DEU'] }, sections: ['firmographic'], limit: 5 };
    const { real: r, direct: d } = await both('/api/v1/list/generate/companies', body);
    expect(r.status).toBe(200);
    ListGenerateResponse.parse(r.body);
    expect(r.body).toEqual(d.body);
    // A plain-language query: the same companies; the real service does not echo translated filters.
    const q = await both('/api/v1/list/generate/companies', {
      query: 'software companies in germany',
      limit: 5,
    });
    const rq = ListGenerateResponse.parse(q.real.body);
    const dq = ListGenerateResponse.parse(q.direct.body);
    expect(rq.data).toEqual(dq.data);
    expect(rq).toMatchObject({ query_translated: true, filters: {}, offset: 0, warnings: [] });
  });

  it('filter builder: the same filters', async () => {
    const { real: r, direct: d } = await both('/api/v1/list/filter-builder', { query: 'fintechs in France' });
    const rb = FilterBuilderResponse.parse(r.body);
    const db = FilterBuilderResponse.parse(d.body);
    expect(rb.data.filters).toEqual(db.data.filters);
    expect(rb.credits_consumed).toBe(db.credits_consumed);
  });

  it('enrichment by GET and POST: the same sections', async () => {
    const get = await both(
      `/api/v1/company/enrichment?company=${enc(big.website)}&sections=firmographic,location`,
    );
    const rg = EnrichmentResponse.parse(get.real.body);
    expect(rg.data).toEqual(EnrichmentResponse.parse(get.direct.body).data);
    expect(rg.credits_consumed).toBe(2.5);
    const post = await both('/api/v1/company/enrichment', { company: big.uuid, sections: ['location'] });
    expect(EnrichmentResponse.parse(post.real.body).data.location).toEqual(rg.data.location);
  });

  it('company search by name, id and website, with the browser’s limit; nothing found is empty', async () => {
    const start = double.received.length;
    const byName = await both(`/api/v1/company/search?name=${enc(big.name)}&limit=8`);
    const rn = CompanySearchResponse.parse(byName.real.body);
    const dn = CompanySearchResponse.parse(byName.direct.body);
    expect(rn.data.map((c) => [c.uuid, c.domain])).toEqual(dn.data.map((c) => [c.uuid, c.domain]));
    expect(rn.data[0]?.uuid).toBe(big.uuid);
    expect(rn.data.length).toBeLessThanOrEqual(8);
    for (const q of [
      `uuid=${enc(big.uuid)}&limit=1`,
      `website=${enc(`WWW.${big.domain.toUpperCase()}`)}&limit=1`,
    ]) {
      const one = await both(`/api/v1/company/search?${q}`);
      expect(one.real.body, q).toEqual(one.direct.body);
      expect(CompanySearchResponse.parse(one.real.body).data.map((c) => c.uuid)).toEqual([big.uuid]);
    }
    // A name that is not an id: the id lookup finds nothing, though a name search would.
    const notAnId = await both(`/api/v1/company/search?uuid=${enc(big.name)}&limit=1`);
    expect(notAnId.real.body).toEqual({ data: [], count: 0, credits_consumed: 0 });
    const none = await both('/api/v1/company/search?query=qqqzzzxxyy&limit=8');
    expect(none.real.body).toEqual({ data: [], count: 0, credits_consumed: 0 });
    expect(none.direct.body).toEqual(none.real.body);
    // Only `query` ever reached the real service.
    for (const line of sentSince(start))
      expect(line).toMatch(/^GET \/api\/v1\/company\/search\?query=[^&]+$/);
  });

  it('industry search: the same matches; nothing found is empty', async () => {
    const { real: r, direct: d } = await both('/api/v1/industry/search?query=software');
    IndustrySearchResponse.parse(r.body);
    expect(r.body).toEqual(d.body);
    const none = await both('/api/v1/industry/search?query=qqqzzzxxyy');
    expect(none.real.body).toEqual({ data: [], count: 0, credits_consumed: 0 });
  });

  it('product reviews: the catalog the same; pros and cons as points with the same texts', async () => {
    const catalog = await both(`/api/v1/company/product-reviews?company=${big.uuid}`);
    expect(catalog.real.body).toEqual(catalog.direct.body);
    const id = ProductReviewsResponse.parse(catalog.real.body).data.product_reviews[0]!.id;
    const chosen = await both(
      `/api/v1/company/product-reviews?company=${big.uuid}&products=${enc(id)}&limit=5`,
    );
    const [rp] = ProductReviewsResponse.parse(chosen.real.body).data.product_reviews;
    const [dp] = ProductReviewsResponse.parse(chosen.direct.body).data.product_reviews;
    const texts = (l?: { text: string }[]) => [...new Set((l ?? []).map((x) => x.text))];
    expect(texts(rp?.pros_list)).toEqual(texts(dp?.pros_list));
    expect(texts(rp?.cons_list)).toEqual(texts(dp?.cons_list));
    expect(rp?.pros_list?.length).toBeGreaterThan(0);
    const { pros_list: _rp, cons_list: _rc, ...rest } = rp!;
    const { pros_list: _dp, cons_list: _dc, ...same } = dp!;
    expect(rest).toEqual(same);
  });

  it('employee reviews and posts: the same', async () => {
    const e = await both(`/api/v1/company/employee-reviews?company=${big.uuid}&limit=10&offset=10`);
    EmployeeReviewsResponse.parse(e.real.body);
    expect(e.real.body).toEqual(e.direct.body);
    const p = await both(`/api/v1/company/posts?company=${big.uuid}&limit=10&offset=10`);
    PostsResponse.parse(p.real.body);
    expect(p.real.body).toEqual(p.direct.body);
  });
});

describe('the BFF on the real service (its double): news, additions, errors, the ledger and webhooks', () => {
  it('news: the same articles with ids, tags and companies; the unique switch works', async () => {
    for (const unique of ['false', 'true']) {
      const n = await both(`/api/v1/news?company=${big.uuid}&unique_article=${unique}&limit=10&offset=0`);
      const rn = NewsResponse.parse(n.real.body);
      const dn = NewsResponse.parse(n.direct.body);
      expect(rn.total).toBe(dn.total);
      expect(rn.data.map((a) => [a.url, a.primary_tag, a.company_uuid, a.sentiment, a.title])).toEqual(
        dn.data.map((a) => [a.url, a.primary_tag, a.company_uuid, a.sentiment, a.title]),
      );
      expect(rn.data.map((a) => a.published_date)).toEqual(dn.data.map((a) => a.published_date.slice(0, 10)));
      expect(new Set(rn.data.map((a) => a.id)).size).toBe(rn.data.length);
    }
    const none = await both('/api/v1/news?query=qqqzzzxxyy');
    expect(NewsResponse.parse(none.real.body)).toMatchObject({ data: [], total: 0 });
  });

  it('news with the real service’s parameters, and the browser’s from/to sent as start_date/end_date', async () => {
    const start = double.received.length;
    const dated = await both(`/api/v1/news?company=${big.uuid}&from=2020-01-01&to=2030-12-31&limit=20`);
    const all = NewsResponse.parse((await read(await direct.call(`/api/v1/news?company=${big.uuid}`))).body);
    const rd = NewsResponse.parse(dated.real.body);
    expect(rd.data.map((a) => a.url)).toEqual(NewsResponse.parse(dated.direct.body).data.map((a) => a.url));
    expect(rd.total).toBe(NewsResponse.parse(dated.direct.body).total);
    expect(rd.total).toBeLessThan(all.total);
    expect(sentSince(start)[0]).toBe(
      `GET /api/v1/news/?company=${big.uuid}&start_date=2020-01-01&end_date=2030-12-31&limit=20`,
    );
    const narrow = await both(
      `/api/v1/news?company=${big.uuid}&group_articles=true&sentiment_list=positive&countries=US,DE&limit=50`,
    );
    const rn = NewsResponse.parse(narrow.real.body);
    const dn = NewsResponse.parse(narrow.direct.body);
    expect(rn.data.map((a) => a.url)).toEqual(dn.data.map((a) => a.url));
    expect(rn.total).toBe(dn.total);
    expect(rn.data.every((a) => a.sentiment === 'positive')).toBe(true);
  });

  it('industry search by level, and enrichment without sections: the same as on the embedded service', async () => {
    const levels = await both('/api/v1/industry/search?query=bank&level=l1,l4');
    IndustrySearchResponse.parse(levels.real.body);
    expect(levels.real.body).toEqual(levels.direct.body);
    const every = await both(`/api/v1/company/enrichment?company=${big.uuid}`);
    const re = EnrichmentResponse.parse(every.real.body);
    expect(re.data).toEqual(EnrichmentResponse.parse(every.direct.body).data);
    expect(Object.keys(re.data).length).toBeGreaterThan(10);
  });

  it('addition: submitted, looked up under both status paths, watched to completed and remembered', async () => {
    const start = double.received.length;
    const website = `real-double-${Date.now().toString(36)}.io`;
    const sub = await read(
      await real.post('/api/v1/company/addition-requests', { company_name: 'Realdouble', website }),
    );
    expect(sub.status).toBe(200);
    const submitted = AdditionSubmitResponse.parse(sub.body);
    expect(submitted).toMatchObject({ already_exists: false, status: 'pending', domain: website });
    const id = submitted.request_id!;
    const byAlias = AdditionStatusResponse.parse(
      (await read(await real.call(`/api/v1/company/addition-requests/${id}/`))).body,
    );
    expect(byAlias.request_id).toBe(id);
    const done = await eventually(
      async () => AdditionStatusResponse.parse((await read(await real.call(`/api/v1/status/${id}`))).body),
      (s) => s.status === 'completed',
      'the addition to complete',
    );
    expect(done.detail.company_uuid).toBeTruthy();
    // The BFF learnt of it from the adapted answers: the user's requests list has it, completed.
    const mine = AdditionsResponse.parse((await read(await real.call('/bff/additions'))).body);
    expect(mine.data.find((a) => a.request_id === id)).toMatchObject({ status: 'completed' });
    // Status lookups reached the real service only at its documented path.
    const lookups = sentSince(start).filter((l) => l.includes(id));
    expect(lookups.length).toBeGreaterThan(1);
    for (const l of lookups) expect(l).toBe(`GET /api/v1/status/${id}/`);
    // A company that exists.
    const exists = AdditionSubmitResponse.parse(
      (
        await read(
          await real.post('/api/v1/company/addition-requests', {
            company_name: big.name,
            website: big.website,
          }),
        )
      ).body,
    );
    expect(exists).toMatchObject({ already_exists: true, request_id: null, domain: big.domain });
    expect(exists.company?.uuid).toBe(big.uuid);
  });

  it('errors arrive as problem details with the real service’s status', async () => {
    const missing = await both('/api/v1/company/enrichment?company=00zzzz-no-such&sections=firmographic');
    expect(missing.real.status).toBe(404);
    expect(missing.real.headers.get('content-type')).toContain('application/problem+json');
    Problem.parse(missing.real.body);
    const unknownRequest = await read(await real.call('/api/v1/status/3f7c1a52-0000-4000-8000-000000000000'));
    expect(unknownRequest.status).toBe(404);
    Problem.parse(unknownRequest.body);
  });

  it('the ledger and the cache see the adapted answers', async () => {
    const path = `/api/v1/news?company=${big.uuid}&unique_article=false&limit=7&offset=3`;
    const first = await read(await real.call(path));
    expect(first.headers.get('x-cache')).toBe('miss');
    const again = await read(await real.call(path));
    expect(again.headers.get('x-cache')).toBe('hit');
    const cached = NewsResponse.parse(again.body);
    expect(cached.data).toEqual(NewsResponse.parse(first.body).data);
    expect(cached.credits_consumed).toBe(0);
    const usage = UsageResponse.parse((await read(await real.call('/bff/usage'))).body);
    expect(usage.recent[1]).toMatchObject({
      endpoint: '/api/v1/news',
      cache: 'miss',
      credits_consumed: (first.body as { credits_consumed: number }).credits_consumed,
    });
  });

  it('webhook management passes through, so the BFF can register its receiver', async () => {
    const created = await read(await real.post('/api/v1/webhooks', { url: 'http://127.0.0.1:9/hooks' }));
    expect(created.status).toBe(201);
    const listed = await both('/api/v1/webhooks');
    expect(listed.real.body).toEqual(listed.direct.body);
    const id = (created.body as { data: { id: string } }).data.id;
    expect((await real.call(`/api/v1/webhooks/${id}`, { method: 'DELETE' })).status).toBe(204);
  });
});
