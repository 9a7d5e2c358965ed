/**
 * The alternative-signal endpoints over real HTTP: product reviews, employee reviews, posts and news.
 * Every limit, every error, every path spelling, and credits charged = credits_consumed = the price.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EmployeeReviewsResponse,
  NewsResponse,
  PostsResponse,
  ProductReviewsResponse,
} from '../../contract/api';
import { newsCost, postsCost, reviewsCost } from '../../contract/pricing';
import { Problem } from '../../contract/problem';
import { startTestServer, type TestServer } from '../../testing/embedded-server';
import { INDUSTRIES } from '../dataset/taxonomy';
import { createKey } from '../store/keys';
import { keptNewsCompanies, NEWS_CACHE_COMPANIES } from './news';

let t: TestServer;
/** The largest company: many products, reviews and posts. */
let big: { uuid: string; website: string; domain: string };
let products: string[];

beforeAll(async () => {
  t = await startTestServer(2000, 11);
  big = t.service.ctx.db
    .prepare(
      `SELECT uuid, website, domain FROM companies
       WHERE json_array_length(s_product_offering, '$.products') >= 2 ORDER BY employee_count DESC LIMIT 1`,
    )
    .get() as typeof big;
  const res = await get(`/api/v1/company/product-reviews?company=${big.uuid}`);
  products = (ProductReviewsResponse.parse(await res.json()).data.product_reviews ?? []).map((p) => p.id);
});
afterAll(async () => {
  await t.close();
});

const enc = encodeURIComponent;

function get(path: string, key?: string | null) {
  return t.call(path, key === undefined ? {} : { key });
}

function balance(keyName: string): number {
  return (
    t.service.ctx.db.prepare('SELECT credits FROM api_keys WHERE name = ?').get(keyName) as {
      credits: number;
    }
  ).credits;
}

/** Calls with the enterprise key and checks that exactly credits_consumed was taken. */
async function charged<T extends { credits_consumed: number }>(
  path: string,
  parse: (body: unknown) => T,
): Promise<T> {
  const before = balance('dev-enterprise-key');
  const res = await get(path);
  expect(res.status, path).toBe(200);
  const body = parse(await res.json());
  expect(before - balance('dev-enterprise-key')).toBeCloseTo(body.credits_consumed, 9);
  return body;
}

async function expectProblem(res: Response, status: number, field?: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  const body = Problem.parse(await res.json());
  expect(body.status).toBe(status);
  if (field) expect(body.errors?.map((e) => e.path)).toContain(field);
  return body;
}

const productReviews = (b: unknown) => ProductReviewsResponse.parse(b);
const employeeReviews = (b: unknown) => EmployeeReviewsResponse.parse(b);
const posts = (b: unknown) => PostsResponse.parse(b);
const news = (b: unknown) => NewsResponse.parse(b);

describe('product reviews', () => {
  it('lists the catalog for free, without review fields', async () => {
    const body = await charged(`/api/v1/company/product-reviews?company=${big.uuid}`, productReviews);
    expect(body.credits_consumed).toBe(0);
    expect(body.limit).toBe(0);
    expect(body.data.uuid).toBe(big.uuid);
    expect(products.length).toBeGreaterThanOrEqual(2);
    for (const p of body.data.product_reviews) {
      expect(Object.keys(p).sort()).toEqual([
        'categories',
        'description',
        'id',
        'main_category',
        'product_name',
      ]);
    }
  });

  it('answers on every path spelling and every company spelling alike', async () => {
    const host = big.domain;
    const paths = [
      `/api/v1/company/product-reviews?company=${big.uuid}`,
      `/api/v1/company/product-reviews/?company=${enc(`https://www.${host}/pricing`)}`,
      `/v1/company/product-reviews?company=${enc(host.toUpperCase())}`,
      `/v1/company/product-reviews/?company=${host}`,
      `/api/v1/companies/product-reviews?company=${big.uuid}`,
      `/api/v1/companies/product-reviews/?company=${big.uuid}`,
      `/v1/companies/product-reviews?company=${big.uuid}`,
    ];
    const bodies = [];
    for (const p of paths) bodies.push(await charged(p, productReviews));
    for (const b of bodies) expect(b).toEqual(bodies[0]);
  });

  it('with products: ratings and no reviews by default, and no review returned costs nothing', async () => {
    const body = await charged(
      `/api/v1/company/product-reviews?company=${big.uuid}&products=${products[0]}`,
      productReviews,
    );
    const [p] = body.data.product_reviews;
    expect(body.data.product_reviews).toHaveLength(1);
    expect(p!.reviews!.data).toEqual([]);
    expect(p!.reviews!.total).toBeGreaterThan(100);
    expect(Object.keys(p!.rating!)).toEqual(Object.keys(p!.star_distribution!));
    expect(p!.pros_list!.length).toBeGreaterThan(0);
    expect(p!.pricing!.length).toBeGreaterThan(0);
    // docs/product-rules.md, section 7: 1.5 per started block of 50 reviews returned.
    expect(body.credits_consumed).toBe(0);
    const one = await charged(
      `/api/v1/company/product-reviews?company=${big.uuid}&products=${products[0]}&limit=1`,
      productReviews,
    );
    expect(one.data.product_reviews[0]!.reviews!.data).toHaveLength(1);
    expect(one.credits_consumed).toBe(1.5);
    const total = p!.reviews!.total;
    const past = await charged(
      `/api/v1/company/product-reviews?company=${big.uuid}&products=${products[0]}&limit=50&offset=${total}`,
      productReviews,
    );
    expect(past.data.product_reviews[0]!.reviews!.data).toEqual([]);
    expect(past.credits_consumed).toBe(0);
  });

  it('pages reviews per product up to 50, charged per started block of 50 returned', async () => {
    const two = `products=${products[0]}&products=${products[1]}`;
    const body = await charged(
      `/api/v1/company/product-reviews?company=${big.uuid}&${two}&limit=50`,
      productReviews,
    );
    const returned = body.data.product_reviews.reduce((n, p) => n + p.reviews!.data.length, 0);
    expect(body.data.product_reviews[0]!.reviews!.data).toHaveLength(50);
    expect(returned).toBeGreaterThan(50);
    expect(body.credits_consumed).toBe(reviewsCost(returned));
    expect(body.credits_consumed).toBe(3);

    const first = await charged(
      `/api/v1/company/product-reviews?company=${big.uuid}&products=${products[0]}&limit=10`,
      productReviews,
    );
    const second = await charged(
      `/api/v1/company/product-reviews?company=${big.uuid}&products=${products[0]}&limit=10&offset=10`,
      productReviews,
    );
    const a = first.data.product_reviews[0]!.reviews!.data;
    const b = second.data.product_reviews[0]!.reviews!.data;
    expect(a).toHaveLength(10);
    expect(b).toHaveLength(10);
    const ids = new Set(a.map((r) => r.review_id));
    expect(b.some((r) => ids.has(r.review_id))).toBe(false);
    expect(a.at(-1)!.publish_date >= b[0]!.publish_date).toBe(true);
    expect(second.offset).toBe(10);
    // Comma-separated ids work like repeated parameters.
    const comma = await charged(
      `/api/v1/company/product-reviews?company=${big.uuid}&products=${products[0]},${products[1]}`,
      productReviews,
    );
    expect(comma.data.product_reviews.map((p) => p.id)).toEqual([products[0], products[1]]);
  });

  it('refuses limit 51, a bad offset, unknown ids and unknown parameters, charging nothing', async () => {
    const before = balance('dev-enterprise-key');
    const base = `/api/v1/company/product-reviews?company=${big.uuid}&products=${products[0]}`;
    await expectProblem(await get(`${base}&limit=51`), 400, 'limit');
    await expectProblem(await get(`${base}&limit=-1`), 400, 'limit');
    await expectProblem(await get(`${base}&offset=abc`), 400, 'offset');
    await expectProblem(await get(`${base}&sort=new`), 400, 'sort');
    await expectProblem(
      await get(`/api/v1/company/product-reviews?company=${big.uuid}&products=`),
      400,
      'products.0',
    );
    const unknown = await expectProblem(
      await get(`${base}&products=nope-1&products=000000-p9`),
      400,
      'products',
    );
    expect(unknown.detail).toContain('"nope-1"');
    expect(unknown.detail).toContain('"000000-p9"');
    expect(unknown.errors).toHaveLength(2);
    await expectProblem(await get('/api/v1/company/product-reviews'), 400, 'company');
    expect(balance('dev-enterprise-key')).toBe(before);
  });

  it('names a bad limit and an unknown product id in one 400; a bad limit beats an unknown company', async () => {
    const before = balance('dev-enterprise-key');
    const both = await expectProblem(
      await get(
        `/api/v1/company/product-reviews?company=${big.uuid}&products=${products[0]},nope-1&limit=51`,
      ),
      400,
    );
    expect(both.errors?.map((e) => e.path).sort()).toEqual(['limit', 'products']);
    expect(both.errors?.find((e) => e.path === 'products')?.message).toContain('"nope-1"');
    const nobody = await expectProblem(
      await get('/api/v1/company/product-reviews?company=no-such-company.example.org&products=p1&limit=51'),
      400,
    );
    expect(nobody.errors?.map((e) => e.path)).toEqual(['limit']);
    expect(balance('dev-enterprise-key')).toBe(before);
  });
});

describe('employee reviews', () => {
  it('returns 10 reviews by default with ratings on their scales', async () => {
    const body = await charged(`/api/v1/company/employee-reviews?company=${big.website}`, employeeReviews);
    const er = body.data.employee_reviews;
    expect(body.limit).toBe(10);
    expect(er.reviews.data).toHaveLength(10);
    expect(er.reviews.total).toBe(Object.values(er.reviews.total_by_provider).reduce((s, x) => s + x, 0));
    for (const o of er.other_ratings) {
      const fraction = ['business_outlook', 'ceo', 'recommend_to_friend'].includes(o.type);
      expect(o.value).toBeGreaterThanOrEqual(0);
      expect(o.value).toBeLessThanOrEqual(fraction ? 1 : 5);
    }
    expect(body.credits_consumed).toBe(1.5);
  });

  it('pages up to 100 reviews without overlap, charged per started block of 50', async () => {
    const path = `/api/v1/company/employee-reviews/?company=${big.uuid}`;
    const a = await charged(`${path}&limit=100`, employeeReviews);
    const b = await charged(`${path}&limit=100&offset=100`, employeeReviews);
    expect(a.data.employee_reviews.reviews.data).toHaveLength(100);
    expect(a.credits_consumed).toBe(reviewsCost(100));
    expect(a.credits_consumed).toBe(3);
    const ids = new Set(a.data.employee_reviews.reviews.data.map((r) => r.id));
    expect(b.data.employee_reviews.reviews.data.some((r) => ids.has(r.id))).toBe(false);
    await expectProblem(await get(`${path}&limit=101`), 400, 'limit');
    for (const p of [
      '/v1/company/employee-reviews',
      '/v1/company/employee-reviews/',
      '/api/v1/company/employee-reviews',
    ])
      await charged(`${p}?company=${big.uuid}&limit=1`, employeeReviews);
  });

  it('a page past the last review, or of no reviews, holds the ratings and costs nothing', async () => {
    const summary = await charged(
      `/api/v1/company/employee-reviews?company=${big.uuid}&limit=0`,
      employeeReviews,
    );
    expect(summary.credits_consumed).toBe(0);
    expect(Object.keys(summary.data.employee_reviews.overall_rating).length).toBeGreaterThan(0);
    const total = summary.data.employee_reviews.reviews.total;
    const past = await charged(
      `/api/v1/company/employee-reviews?company=${big.uuid}&offset=${total}`,
      employeeReviews,
    );
    expect(past.data.employee_reviews.reviews.data).toEqual([]);
    expect(past.credits_consumed).toBe(0);
    const last = await charged(
      `/api/v1/company/employee-reviews?company=${big.uuid}&offset=${total - 1}&limit=100`,
      employeeReviews,
    );
    expect(last.data.employee_reviews.reviews.data).toHaveLength(1);
    expect(last.credits_consumed).toBe(1.5);
  });
});

describe('social posts', () => {
  it('returns 10 posts by default, max 50, with count and the exact reposts_Count spelling', async () => {
    const path = `/api/v1/company/posts/?company=${big.uuid}`;
    const d = await charged(path, posts);
    expect(d.data.posts).toHaveLength(10);
    expect(d.limit).toBe(10);
    expect(d.credits_consumed).toBe(postsCost(10));
    expect(d.credits_consumed).toBe(1);
    const raw = (await (await get(`${path}&limit=1`)).json()) as {
      data: { posts: Record<string, unknown>[] };
    };
    expect(Object.keys(raw.data.posts[0]!.engagement_metrics as object)).toContain('reposts_Count');
    const max = await charged(`${path}&limit=50`, posts);
    expect(max.data.posts).toHaveLength(50);
    expect(max.credits_consumed).toBe(5);
    expect(max.count).toBe(d.count);
    await expectProblem(await get(`${path}&limit=51`), 400, 'limit');
    const next = await charged(`${path}&limit=10&offset=10`, posts);
    const ids = new Set(d.data.posts.map((p) => p.id));
    expect(next.data.posts.some((p) => ids.has(p.id))).toBe(false);
    const past = await charged(`${path}&offset=${d.count}`, posts);
    expect(past.data.posts).toEqual([]);
    expect(past.credits_consumed).toBe(0);
    for (const p of ['/v1/company/posts', '/v1/company/posts/', '/api/v1/company/posts'])
      await charged(`${p}?company=${big.uuid}&limit=1`, posts);
  });
});

describe('news', () => {
  it("a company's articles, newest first, 10 by default, charged 0.1 + 0.01 each", async () => {
    const body = await charged(`/api/v1/news/?company=${big.uuid}`, news);
    expect(body.status).toBe('success');
    expect(body.data).toHaveLength(10);
    expect(body.total).toBeGreaterThan(10);
    expect(body.credits_consumed).toBe(newsCost(10));
    expect(body.credits_consumed).toBe(0.2);
    const dates = body.data.map((a) => a.published_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const p of ['/api/v1/news', '/v1/news', '/v1/news/'])
      await charged(`${p}?company=${big.domain}&limit=1`, news);
  });

  it('unique_article collapses syndicated copies; from/to are inclusive; limit 100 max', async () => {
    const all = await charged(`/api/v1/news?company=${big.uuid}&limit=100`, news);
    const unique = await charged(`/api/v1/news?company=${big.uuid}&limit=100&unique_article=true`, news);
    expect(unique.total).toBe(new Set(all.data.map((a) => a.story_id)).size);
    expect(unique.total).toBeLessThan(all.total);
    expect(new Set(unique.data.map((a) => a.story_id)).size).toBe(unique.data.length);
    const day = all.data[3]!.published_date.slice(0, 10);
    const onDay = await charged(`/api/v1/news?company=${big.uuid}&from=${day}&to=${day}&limit=100`, news);
    expect(onDay.data.length).toBe(all.data.filter((a) => a.published_date.startsWith(day)).length);
    expect(onDay.data.length).toBeGreaterThan(0);
    const page2 = await charged(`/api/v1/news?company=${big.uuid}&limit=10&offset=10`, news);
    expect(page2.data).toEqual(all.data.slice(10, 20));
    await expectProblem(await get(`/api/v1/news?company=${big.uuid}&limit=101`), 400, 'limit');
  });

  it('reads an industry (code or name) and a free-text query', async () => {
    const code = (
      t.service.ctx.db.prepare('SELECT s_industry FROM companies WHERE uuid = ?').get(big.uuid) as {
        s_industry: string;
      }
    ).s_industry;
    const industry = (JSON.parse(code) as { industry: { code: string; label: string }[] }).industry[0]!;
    const byCode = await charged(`/api/v1/news?industry=${industry.code}&limit=20`, news);
    const byName = await charged(`/api/v1/news?industry=${enc(industry.label.toLowerCase())}&limit=20`, news);
    expect(byName).toEqual(byCode);
    expect(byCode.total).toBeGreaterThan(0);
    // Every word of the query, whole, somewhere in the title or the summary.
    const q = await charged(`/api/v1/news?query=${enc('raises Series B')}&limit=20`, news);
    expect(q.total).toBeGreaterThan(0);
    for (const a of q.data) {
      const words = ` ${`${a.title} ${a.ai_summary}`.toLowerCase().replace(/[^a-z0-9$]+/g, ' ')} `;
      for (const w of ['raises', 'series', 'b']) expect(words).toContain(` ${w} `);
    }
    const narrowed = await charged(`/api/v1/news?company=${big.uuid}&query=zzqx`, news);
    expect(narrowed.total).toBe(0);
    expect(narrowed.credits_consumed).toBe(0.1);
  });

  it('answers from kept articles exactly as from fresh ones, and keeps a bounded number', async () => {
    const cold = await startTestServer(2000, 11);
    try {
      const calls = [
        `/api/v1/news?query=${enc('raises Series B')}&limit=30`,
        `/api/v1/news?query=acquires&unique_article=true&limit=50&offset=5`,
        `/api/v1/news?company=${big.uuid}&limit=40`,
      ];
      const fresh: unknown[] = [];
      for (const c of calls) fresh.push(await (await cold.call(c)).json());
      // This server has generated these companies' articles before (the tests above), and again
      // for every industry below, past the bound.
      for (const { code } of INDUSTRIES.slice(0, 40))
        expect((await get(`/api/v1/news?industry=${code}`)).status).toBe(200);
      for (const q of ['cloud', 'bank', 'health', 'energy', 'retail', 'launch', 'partnership', 'hires'])
        expect((await get(`/api/v1/news?query=${q}`)).status).toBe(200);
      expect(keptNewsCompanies(t.service.ctx.db)).toBe(NEWS_CACHE_COMPANIES);
      for (const [i, c] of calls.entries()) {
        const warm = await (await get(c)).json();
        expect(warm, c).toEqual(fresh[i]);
        expect(await (await get(c)).json(), c).toEqual(fresh[i]);
      }
    } finally {
      await cold.close();
    }
  });

  it('refuses calls without company, industry or query, bad dates, and unknown industries', async () => {
    const before = balance('dev-enterprise-key');
    await expectProblem(await get('/api/v1/news'), 400, 'company');
    await expectProblem(await get('/api/v1/news?limit=5'), 400, 'company');
    await expectProblem(await get('/api/v1/news?company=x.com&from=2026-02-01&to=2026-01-01'), 400, 'from');
    await expectProblem(await get('/api/v1/news?company=x.com&from=yesterday'), 400, 'from');
    await expectProblem(await get('/api/v1/news?company=x.com&unique_article=yes'), 400, 'unique_article');
    await expectProblem(await get('/api/v1/news?industry=IND-0000'), 400, 'industry');
    expect(balance('dev-enterprise-key')).toBe(before);
  });
});

describe("news: the real service's parameters", () => {
  const path = (params: string) => `/api/v1/news?company=${big.uuid}&limit=100&${params}`;
  const hostOf = (url: string) => new URL(url).hostname;

  it('start_date/end_date, with from/to as their aliases; both spellings of one bound are a 400', async () => {
    const all = await charged(path(''), news);
    const days = all.data.map((a) => a.published_date.slice(0, 10));
    const [end, start] = [days[2]!, days[12]!];
    const canonical = await charged(path(`start_date=${start}&end_date=${end}`), news);
    expect(canonical.total).toBe(days.filter((d) => d >= start && d <= end).length);
    expect(canonical.total).toBeGreaterThan(0);
    expect(await charged(path(`from=${start}&to=${end}`), news)).toEqual(canonical);
    expect(await charged(path(`start_date=${start}&to=${end}`), news)).toEqual(canonical);
    const before = balance('dev-enterprise-key');
    const twice = await expectProblem(await get(path(`start_date=${start}&from=${start}`)), 400);
    expect(twice.errors?.map((e) => e.path)).toEqual(['from']);
    await expectProblem(await get(path(`end_date=${end}&to=${end}`)), 400, 'to');
    await expectProblem(await get(path(`start_date=${end}&end_date=${start}`)), 400, 'start_date');
    await expectProblem(await get(path('end_date=2026-02-30')), 400, 'end_date');
    expect(balance('dev-enterprise-key')).toBe(before);
  });

  it('industry takes comma-separated codes (industries and sectors) and names', async () => {
    const rows = t.service.ctx.db
      .prepare(
        "SELECT DISTINCT json_extract(s_industry, '$.industry[0].code') AS code FROM companies LIMIT 2",
      )
      .all() as { code: string }[];
    const [a, b] = rows.map((r) => r.code) as [string, string];
    const industryOf = (uuid: string) =>
      (
        JSON.parse(
          (
            t.service.ctx.db.prepare('SELECT s_industry FROM companies WHERE uuid = ?').get(uuid) as {
              s_industry: string;
            }
          ).s_industry,
        ) as { industry: { code: string }[] }
      ).industry.map((i) => i.code);
    const both = await charged(`/api/v1/news?industry=${a},${enc(` ${b} `)}&limit=100`, news);
    expect(both.total).toBeGreaterThan(0);
    const seen = new Set<string>();
    for (const article of both.data) {
      const codes = industryOf(article.company_uuid!);
      expect(codes.some((c) => c === a || c === b)).toBe(true);
      for (const c of codes) if (c === a || c === b) seen.add(c);
    }
    expect(seen.size).toBe(2);
    // A sector (industry search's l1 code: the two digits its industries share) reads all of them.
    const sector = a.slice(0, 'IND-00'.length);
    const bySector = await charged(`/api/v1/news?industry=${sector}&limit=100`, news);
    expect(bySector.total).toBeGreaterThan(0);
    for (const article of bySector.data)
      expect(industryOf(article.company_uuid!).some((c) => c.startsWith(sector))).toBe(true);
    // A name holding commas is one name.
    const comma = await get(`/api/v1/news?industry=${enc('Beer, Wine & Spirits')}`);
    expect(comma.status).toBe(200);
    const before = balance('dev-enterprise-key');
    const unknown = await expectProblem(
      await get(`/api/v1/news?industry=${a},IND-0000,nonsense`),
      400,
      'industry',
    );
    expect(unknown.errors?.[0]?.message).toContain('"IND-0000", "nonsense"');
    expect(balance('dev-enterprise-key')).toBe(before);
  });

  it('sentiment_list keeps those sentiments; all keeps every article', async () => {
    const all = await charged(path(''), news);
    const counts = { positive: 0, negative: 0, neutral: 0 } as Record<string, number>;
    for (const a of all.data) counts[a.sentiment] = (counts[a.sentiment] ?? 0) + 1;
    expect(all.total).toBeLessThanOrEqual(100);
    for (const sentiment of ['positive', 'negative', 'neutral']) {
      const only = await charged(path(`sentiment_list=${sentiment.toUpperCase()}`), news);
      expect(only.total).toBe(counts[sentiment]);
      for (const a of only.data) expect(a.sentiment).toBe(sentiment);
    }
    const two = await charged(path('sentiment_list=positive,neutral'), news);
    expect(two.total).toBe(counts.positive! + counts.neutral!);
    expect(await charged(path('sentiment_list=all'), news)).toEqual(all);
    await expectProblem(await get(path('sentiment_list=good')), 400, 'sentiment_list');
  });

  it("group_articles is unique_article under the real service's name; disagreeing values are a 400", async () => {
    const unique = await charged(path('unique_article=true'), news);
    expect(await charged(path('group_articles=true'), news)).toEqual(unique);
    expect(await charged(path('group_articles=true&unique_article=true'), news)).toEqual(unique);
    const all = await charged(path('group_articles=false'), news);
    expect(all.total).toBeGreaterThan(unique.total);
    await expectProblem(await get(path('group_articles=true&unique_article=false')), 400, 'group_articles');
    await expectProblem(await get(path('group_articles=1')), 400, 'group_articles');
  });

  it('primary_company answers as company does (each article has one company); not both', async () => {
    const byCompany = await charged(`/api/v1/news?company=${big.uuid}&limit=30`, news);
    const byPrimary = await charged(`/api/v1/news?primary_company=${big.domain}&limit=30`, news);
    expect(byPrimary).toEqual(byCompany);
    for (const a of byPrimary.data) expect(a.company_uuid).toBe(big.uuid);
    await expectProblem(
      await get(`/api/v1/news?company=${big.uuid}&primary_company=${big.uuid}`),
      400,
      'primary_company',
    );
    await expectProblem(await get('/api/v1/news?primary_company=no-such-company.example.org'), 404);
  });

  it('title keeps articles with every word in the title, with or without a company', async () => {
    const all = await charged(path(''), news);
    const word = all.data[0]!.title.split(' ').find((w) => /^[A-Za-z]{4,}$/.test(w))!;
    const titled = await charged(path(`title=${enc(word.toLowerCase())}`), news);
    const has = (text: string) =>
      ` ${text.toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `.includes(` ${word.toLowerCase()} `);
    expect(titled.total).toBe(all.data.filter((a) => has(a.title)).length);
    expect(titled.total).toBeGreaterThan(0);
    const alone = await charged(`/api/v1/news?title=raises&limit=50`, news);
    expect(alone.total).toBeGreaterThan(0);
    for (const a of alone.data) expect(` ${a.title.toLowerCase()} `).toContain(' raises ');
  });

  it('blacklisted leaves out the articles of those publisher hosts', async () => {
    const all = await charged(path(''), news);
    const hosts = all.data.map((a) => hostOf(a.url));
    const common = hosts.sort(
      (x, y) => hosts.filter((h) => h === y).length - hosts.filter((h) => h === x).length,
    )[0]!;
    const bare = common.replace(/^www\./, '');
    for (const spelling of [bare, `https://${common}/`, common.toUpperCase()]) {
      const kept = await charged(path(`blacklisted=${enc(`${spelling},nobody.example`)}`), news);
      expect(kept.total).toBe(all.total - all.data.filter((a) => hostOf(a.url) === common).length);
      for (const a of kept.data) expect(hostOf(a.url)).not.toBe(common);
    }
    await expectProblem(await get(path('blacklisted=reuters')), 400, 'blacklisted');
  });

  it('accepts the parameters it cannot apply, answers without them and says so in warnings', async () => {
    const plain = await charged(path(''), news);
    expect(plain.warnings).toEqual([]);
    const ignored = {
      countries: 'US,de',
      news_score_list: 'High,Medium',
      type_list: 'funding',
      entity_person_list: 'Jane Doe',
      entity_location_list: 'Berlin',
      entity_product_list: 'Widget',
      entity_event_list: 'IPO',
      naics_code_list: '5112',
      sic_code_list: '7372',
      iptc_code_list: '04000000',
      iab_code_list: 'IAB19',
    };
    const body = await charged(path(new URLSearchParams(ignored).toString()), news);
    expect(body.data).toEqual(plain.data);
    expect(body.total).toBe(plain.total);
    expect(body.warnings.map((w) => w.code)).toEqual(Object.keys(ignored).map(() => 'parameter_ignored'));
    expect(body.warnings.map((w) => w.message.split(' ')[0])).toEqual(Object.keys(ignored));
    // Every score level selects every article: nothing left unapplied.
    expect((await charged(path('news_score_list=all'), news)).warnings).toEqual([]);
    await expectProblem(await get(path('news_score_list=Top')), 400, 'news_score_list');
    await expectProblem(await get(path('countries=U5')), 400, 'countries');
    await expectProblem(await get(path('entity_person_list=')), 400, 'entity_person_list');
    await expectProblem(await get(path('sort=date')), 400, 'sort');
  });

  it('names every invalid parameter at once, the unknown industry included, and charges nothing', async () => {
    const before = balance('dev-enterprise-key');
    const problem = await expectProblem(
      await get(
        '/api/v1/news?industry=IND-0000&limit=101&sentiment_list=happy&from=2026-01-01&start_date=2026-01-01',
      ),
      400,
    );
    expect(problem.errors?.map((e) => e.path).sort()).toEqual([
      'from',
      'industry',
      'limit',
      'sentiment_list',
    ]);
    expect(balance('dev-enterprise-key')).toBe(before);
  });
});

describe('errors shared by the signal endpoints', () => {
  const paths = () => [
    `/api/v1/company/product-reviews?company=${big.uuid}&products=${products[0]}&limit=1`,
    `/api/v1/company/employee-reviews?company=${big.uuid}`,
    `/api/v1/company/posts?company=${big.uuid}`,
    `/api/v1/news?company=${big.uuid}`,
  ];

  it('401 without a key or with a wrong one', async () => {
    for (const p of paths()) {
      await expectProblem(await get(p, null), 401);
      await expectProblem(await get(p, 'wrong-key'), 401);
    }
  });

  it('404 for an unknown company, charging nothing', async () => {
    const before = balance('dev-enterprise-key');
    for (const p of paths()) {
      const body = await expectProblem(await get(p.replace(big.uuid, 'no-such-company.example.org')), 404);
      expect(body.detail).toContain('no-such-company.example.org');
    }
    await expectProblem(await get('/api/v1/company/product-reviews?company=zzzzzz-nobody'), 404);
    expect(balance('dev-enterprise-key')).toBe(before);
  });

  it('405 naming GET for other methods', async () => {
    for (const p of paths()) {
      const res = await t.call(p, { method: 'POST' });
      await expectProblem(res, 405);
      expect(res.headers.get('allow')).toBe('GET');
    }
    const res = await t.call('/v1/companies/product-reviews/', { method: 'DELETE' });
    await expectProblem(res, 405);
  });

  it('402 when the balance is short, taking nothing; free calls still answer', async () => {
    const { key } = createKey(t.service.ctx.db, 'short-signals', 'payg', 0.5);
    for (const p of paths().slice(0, 3)) await expectProblem(await get(p, key), 402);
    expect(balance('short-signals')).toBe(0.5);
    const free = await get(`/api/v1/company/product-reviews?company=${big.uuid}`, key);
    expect(free.status).toBe(200);
    const n = await get(`/api/v1/news?company=${big.uuid}&limit=2`, key);
    expect(NewsResponse.parse(await n.json()).credits_consumed).toBe(0.12);
    expect(balance('short-signals')).toBeCloseTo(0.38, 9);
    await expectProblem(await get(`/api/v1/company/posts?company=${big.uuid}&limit=1`, key), 402);
    expect(balance('short-signals')).toBeCloseTo(0.38, 9);
  });

  it('every plan reads signals', async () => {
    for (const key of ['dev-payg-key', 'dev-subscription-key', 'dev-enterprise-key']) {
      for (const p of paths()) expect((await get(p, key)).status).toBe(200);
    }
  });
});
