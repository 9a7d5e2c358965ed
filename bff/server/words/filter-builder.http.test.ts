/**
 * The filter-builder through a real BFF in front of a real embedded service: size phrases become
 * headcount bands, negated criteria exclusions, the words of each show as chips, words nothing read
 * are reported, and what the answer says it cost is what the ledger and the service recorded.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FilterBuilderResponse } from '../../contract/api';
import { pathOf } from '../../contract/endpoints';
import { type Service, startService } from '../../embedded/service';
import { type RunningBff, startBff } from '../../testing/bff-server';
import { type RealServiceDouble, startRealServiceDouble } from '../../testing/real-service-double';
import { testStore } from '../../testing/test-store';
import { Holds } from '../ledger/budget';
import { Ledger } from '../ledger/ledger';
import { createPipeline } from '../proxy/pipeline';
import { embeddedUpstream, remoteUpstream, type Upstream } from '../upstream/upstream';
import { createWordsReader } from './filter-builder';

const KEY = 'dev-enterprise-key';
const FILTER_BUILDER = pathOf('list.filterBuilder');
const LIST = pathOf('list.generate');
const ONE_CALL = 2.5;

let service: Service;
let bff: RunningBff;
let upstream: Upstream;
/** The bodies the upstream filter-builder received, as text. */
const sent: string[] = [];
/** Descriptions the upstream answers with a failure (a staged fault). */
const failing = new Set<string>();

beforeAll(async () => {
  service = await startService({ dataDir: ':memory:', companies: 400, seed: 11, log: () => {} });
  const inner = embeddedUpstream(service, KEY);
  upstream = {
    ...inner,
    send: async (c) => {
      if (c.pathAndQuery.startsWith(FILTER_BUILDER)) {
        sent.push(c.body ?? '');
        const query = (JSON.parse(c.body ?? '{}') as { query?: string }).query ?? '';
        if (failing.has(query)) {
          return {
            status: 503,
            headers: new Headers({ 'content-type': 'application/problem+json', 'retry-after': '30' }),
            text: JSON.stringify({
              type: 'about:blank',
              title: 'Service Unavailable',
              status: 503,
              detail: 'down',
            }),
          };
        }
      }
      return inner.send(c);
    },
  };
  // no cache: descriptions here share phrases, and each test counts the calls it makes
  bff = await startBff({ upstream, cacheTtlMs: 0 });
});
afterAll(async () => {
  await bff.close();
  service.close();
});
beforeEach(async () => {
  await flushLedger(bff);
  await bff.bff.deps.store.sql.run('DELETE FROM ledger');
  sent.length = 0;
});

/** The ledger writes in batches; reading the usage page writes them. */
async function flushLedger(on: RunningBff): Promise<void> {
  expect((await on.call('/bff/usage')).status).toBe(200);
}

type Answer = FilterBuilderResponse;

async function describeCompanies(
  query: string,
  on: RunningBff = bff,
): Promise<{ status: number; body: Answer; cache: string | null }> {
  const res = await on.post(FILTER_BUILDER, { query });
  return { status: res.status, body: (await res.json()) as Answer, cache: res.headers.get('x-cache') };
}

/** The ledger's filter-builder rows. */
async function ledger(on: RunningBff = bff): Promise<{ credits_consumed: number; cache: string }[]> {
  await flushLedger(on);
  return on.bff.deps.store.sql.all<{ credits_consumed: number; cache: string }>(
    'SELECT credits_consumed, cache FROM ledger WHERE endpoint = ? ORDER BY id',
    [FILTER_BUILDER],
  );
}

/** The service's own record of credits taken for translations. */
function serviceCredits(): number {
  return (
    service.ctx.db
      .prepare("SELECT COALESCE(SUM(credits_consumed), 0) AS c FROM usage WHERE endpoint LIKE '%filter%'")
      .get() as { c: number }
  ).c;
}

const sentQueries = () => sent.map((b) => (JSON.parse(b) as { query: string }).query).sort();

describe('size words', () => {
  it('"software companies in Germany with 50-200 employees": the size is a filter and a chip', async () => {
    const { status, body } = await describeCompanies('software companies in Germany with 50-200 employees');
    expect(status).toBe(200);
    expect(body.data.filters).toEqual({
      'location.hq.country': ['DEU'],
      'business_model.offering_type': ['software'],
      'firmographic.headcount_range': ['51-200'],
    });
    expect(body.data.exclude).toEqual({});
    expect(body.data.matches).toContainEqual({
      text: '50-200 employees',
      key: 'firmographic.headcount_range',
      values: ['51-200'],
    });
    expect(body.data.unmatched).toEqual([]);
    expect(body.credits_consumed).toBe(ONE_CALL);
    // the translator never saw the size words
    expect(sentQueries()).toEqual(['software companies in Germany with']);
  });

  it.each([
    ['fintechs with 200+ employees', ['201-500', '501-1000', '1001-5000', '5001-10000', '10001+']],
    [
      'fintechs with more than 100 employees',
      ['51-200', '201-500', '501-1000', '1001-5000', '5001-10000', '10001+'],
    ],
    ['fintechs with fewer than 50 staff', ['1-10', '11-50']],
    ['small fintechs', ['1-10', '11-50']],
    ['mid-sized fintechs', ['51-200', '201-500', '501-1000']],
    ['enterprise companies in fintech', ['1001-5000', '5001-10000', '10001+']],
  ])('%s', async (query, bands) => {
    const { body } = await describeCompanies(query);
    expect(body.data.filters['firmographic.headcount_range']).toEqual(bands);
    expect(body.data.filters['industry.industry']).toEqual(['IND-2031']);
    expect(body.credits_consumed).toBe(ONE_CALL);
  });

  it('answers a description of only a size without calling the service, for nothing', async () => {
    const { status, body } = await describeCompanies('companies with 200+ employees');
    expect(status).toBe(200);
    expect(body.data.filters).toEqual({
      'firmographic.headcount_range': ['201-500', '501-1000', '1001-5000', '5001-10000', '10001+'],
    });
    expect(body.credits_consumed).toBe(0);
    expect(sent).toEqual([]);
    expect(await ledger()).toEqual([]);
  });

  it('reports the words no filter read, numbers and "startups" among them', async () => {
    const { body } = await describeCompanies(
      'profitable remote startups that are hiring, with 10-50 employees',
    );
    expect(body.data.filters).toEqual({ 'firmographic.headcount_range': ['11-50'] });
    expect(body.data.unmatched).toEqual(['profitable', 'remote', 'startups', 'hiring']);
  });
});

describe('negation', () => {
  const NA = { 'location.hq.region': ['021'] };
  it.each([
    [
      'fintech companies not in the US',
      { 'industry.industry': ['IND-2031'] },
      { 'location.hq.country': ['USA'] },
      'not in the US',
    ],
    [
      'B2B companies that are not venture backed',
      { 'business_model.gtm_type': ['b2b'] },
      { 'firmographic.ownership_category': ['venture_growth_investor_backed'] },
      'not venture backed',
    ],
    [
      'private companies but not family owned',
      { 'firmographic.company_type': ['private'] },
      { 'firmographic.ownership_category': ['family_owned'] },
      'not family owned',
    ],
    [
      'companies in Germany other than software',
      { 'location.hq.country': ['DEU'] },
      { 'business_model.offering_type': ['software'] },
      'other than software',
    ],
    ['companies with no B2C business', {}, { 'business_model.gtm_type': ['b2c'] }, 'no B2C'],
    [
      'non-US SaaS companies',
      {
        'business_model.offering_type': ['software'],
        'business_model.revenue_model': ['subscription_recurring'],
      },
      { 'location.hq.country': ['USA'] },
      'non-US',
    ],
    [
      'software companies in Europe excluding Germany',
      { 'business_model.offering_type': ['software'], 'location.hq.region': ['150'] },
      { 'location.hq.country': ['DEU'] },
      'excluding Germany',
    ],
    [
      'European fintechs apart from the UK',
      { 'location.hq.region': ['150'], 'industry.industry': ['IND-2031'] },
      { 'location.hq.country': ['GBR'] },
      'apart from the UK',
    ],
    [
      'SaaS companies outside of North America',
      {
        'business_model.offering_type': ['software'],
        'business_model.revenue_model': ['subscription_recurring'],
      },
      NA,
      'outside of North America',
    ],
  ])('%s', async (query, filters, exclude, chip) => {
    const { status, body } = await describeCompanies(query);
    expect(status).toBe(200);
    expect(body.data.filters).toEqual(filters);
    expect(body.data.exclude).toEqual(exclude);
    const [key, values] = Object.entries(exclude)[0]!;
    expect(body.data.matches).toContainEqual({ text: chip, key, values, excluded: true });
    // the negated words never became their positive filter
    expect(body.data.filters[key]).toBeUndefined();
    expect(body.data.unmatched).toEqual([]);
    const calls = Object.keys(filters).length > 0 ? 2 : 1;
    expect(body.credits_consumed).toBe(calls * ONE_CALL);
    const rows = await ledger();
    expect(rows).toHaveLength(calls);
    expect(rows.reduce((s, r) => s + r.credits_consumed, 0)).toBe(body.credits_consumed);
  });

  it('"companies without funding in Spain": no funding rounds, in one call', async () => {
    const { body } = await describeCompanies('companies without funding in Spain');
    expect(body.data.filters).toEqual({
      'location.hq.country': ['ESP'],
      'funding_detail.funding_overview.num_funding_rounds': { lte: 0 },
    });
    expect(body.data.matches).toContainEqual({
      text: 'without funding',
      key: 'funding_detail.funding_overview.num_funding_rounds',
      values: { lte: 0 },
    });
    expect(body.credits_consumed).toBe(ONE_CALL);
    expect(sentQueries()).toEqual(['companies in Spain']);
  });

  it('no funding rounds is what the data says of companies without funding', async () => {
    const res = await bff.post(LIST, {
      filters: { 'funding_detail.funding_overview.num_funding_rounds': { lte: 0 } },
      sections: ['funding_detail'],
      limit: 50,
    });
    expect(res.status).toBe(200);
    const list = (await res.json()) as {
      total_count: number;
      data: {
        funding_detail?: {
          funding_overview: { num_funding_rounds: number; total_funding_usd: number | null };
        };
      }[];
    };
    expect(list.total_count).toBeGreaterThan(0);
    for (const company of list.data) {
      expect(company.funding_detail?.funding_overview.num_funding_rounds).toBe(0);
    }
  });

  it('makes one more call for all negated phrases together, and the ledger and the service agree', async () => {
    const before = serviceCredits();
    const { body } = await describeCompanies(
      'insurance companies not in the US, not venture backed, other than B2C',
    );
    expect(body.data.filters).toEqual({ 'industry.industry': ['IND-2024'] });
    expect(body.data.exclude).toEqual({
      'location.hq.country': ['USA'],
      'firmographic.ownership_category': ['venture_growth_investor_backed'],
      'business_model.gtm_type': ['b2c'],
    });
    expect(body.data.matches?.filter((m) => m.excluded).map((m) => m.text)).toEqual([
      'not in the US',
      'not venture backed',
      'other than B2C',
    ]);
    expect(sentQueries()).toEqual(['in the US, venture backed, B2C', 'insurance companies']);
    expect(body.credits_consumed).toBe(2 * ONE_CALL);
    const rows = await ledger();
    expect(rows.map((r) => r.credits_consumed)).toEqual([ONE_CALL, ONE_CALL]);
    expect(serviceCredits() - before).toBe(body.credits_consumed);
  });

  it('reports a negated phrase that became nothing, in the user’s words, and charges what was called', async () => {
    const { body } = await describeCompanies('fintechs that are not profitable');
    expect(body.data.filters).toEqual({ 'industry.industry': ['IND-2031'] });
    expect(body.data.exclude).toEqual({});
    expect(body.data.unmatched).toEqual(['not profitable']);
    expect(body.credits_consumed).toBe(2 * ONE_CALL);
  });

  it('turns a negated range into its complement in filters', async () => {
    const { body } = await describeCompanies('edtech companies not founded after 2015');
    expect(body.data.filters).toEqual({
      'industry.industry': ['IND-8001'],
      'firmographic.founded_year': { lte: 2015 },
    });
    expect(body.data.exclude).toEqual({});
    expect(body.data.matches).toContainEqual({
      text: 'not founded after 2015',
      key: 'firmographic.founded_year',
      values: { lte: 2015 },
    });
  });

  it('excludes the bands of a negated size', async () => {
    const { body } = await describeCompanies('software companies that are not small');
    expect(body.data.filters).toEqual({ 'business_model.offering_type': ['software'] });
    expect(body.data.exclude).toEqual({ 'firmographic.headcount_range': ['1-10', '11-50'] });
    expect(body.data.matches).toContainEqual({
      text: 'not small',
      key: 'firmographic.headcount_range',
      values: ['1-10', '11-50'],
      excluded: true,
    });
    expect(body.credits_consumed).toBe(ONE_CALL);
  });

  it('answers a repeat from the cache: nothing charged, the ledger says hit', async () => {
    const cached = await startBff({ upstream, cacheTtlMs: 60_000 });
    try {
      const query = 'marketplaces not in Europe';
      const first = await describeCompanies(query, cached);
      expect(first.body.credits_consumed).toBe(2 * ONE_CALL);
      expect(first.cache).toBe('miss');
      const again = await describeCompanies(query, cached);
      expect(again.body.data).toEqual(first.body.data);
      expect(again.body.credits_consumed).toBe(0);
      expect(again.cache).toBe('hit');
      expect((await ledger(cached)).map((r) => [r.cache, r.credits_consumed]).sort()).toEqual([
        ['hit', 0],
        ['hit', 0],
        ['miss', ONE_CALL],
        ['miss', ONE_CALL],
      ]);
    } finally {
      await cached.close();
    }
  });

  it('relays a failure of either call as the problem it is', async () => {
    failing.add('PE backed');
    try {
      const res = await bff.post(FILTER_BUILDER, { query: 'B2B companies in Peru that are not PE backed' });
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(((await res.json()) as { status: number }).status).toBe(503);
    } finally {
      failing.clear();
    }
  });
});

describe('descriptions without size or negation words', () => {
  it('go upstream untouched: one call, the same body text, the service’s answer', async () => {
    const raw = '{ "query" :  "Series B fintechs in Germany or Austria founded after 2015" }';
    const res = await bff.call(FILTER_BUILDER, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: raw,
    });
    expect(res.status).toBe(200);
    expect(sent).toEqual([raw]);
    const body = (await res.json()) as Answer;
    expect(body.data.exclude).toBeUndefined();
    expect(body.credits_consumed).toBe(ONE_CALL);
    expect(await ledger()).toHaveLength(1);
  });

  it('and idioms that name a value go with them ("not public")', async () => {
    const { body } = await describeCompanies('software companies that are not public');
    expect(body.data.filters).toEqual({
      'firmographic.company_type': ['private'],
      'business_model.offering_type': ['software'],
    });
    expect(sentQueries()).toEqual(['software companies that are not public']);
  });

  it('an invalid request is the pipeline’s to refuse', async () => {
    const res = await bff.post(FILTER_BUILDER, { query: '   ' });
    expect(res.status).toBe(400);
    expect(sent).toEqual([]);
  });
});

describe('the embedded service’s own filter-builder, reached without the BFF', () => {
  async function direct(query: string): Promise<Answer> {
    const res = await service.fetch(
      new Request(`http://service${FILTER_BUILDER}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': KEY },
        body: JSON.stringify({ query }),
      }),
    );
    expect(res.status).toBe(200);
    return (await res.json()) as Answer;
  }

  it.each([
    ['software companies in Germany with 50-200 employees', ['50-200', 'employees']],
    ['fintechs with 200+ employees', ['200+', 'employees']],
    [
      'small startups that are profitable, hiring and remote',
      ['small', 'startups', 'profitable', 'hiring', 'remote'],
    ],
    ['fintech companies not in the US', ['not in the US']],
    ['companies without funding in Spain', ['without funding']],
  ])('reports what it did not read: %s', async (query, unmatched) => {
    expect((await direct(query)).data.unmatched).toEqual(unmatched);
  });

  it('never turns a negated criterion into its positive filter', async () => {
    const body = await direct('B2B companies that are not venture backed');
    expect(body.data.filters).toEqual({ 'business_model.gtm_type': ['b2b'] });
  });
});

describe('on the real service (its double: the filter-builder answers filters only)', () => {
  let double: RealServiceDouble;
  let remote: Upstream;
  let real: RunningBff;
  beforeAll(async () => {
    double = await startRealServiceDouble(service);
    remote = remoteUpstream(double.url, KEY);
    real = await startBff({ upstream: remote, cacheTtlMs: 0 });
  });
  afterAll(async () => {
    await real.close();
    remote.close();
    await double.close();
  });

  it.each([
    'software companies in Germany with 50-200 employees',
    'fintech companies not in the US',
    'SaaS companies outside of North America',
    'companies without funding in Spain',
    'software companies that are not small',
    'edtech companies not founded after 2015',
  ])('answers %s as on the embedded service, with the same chips for the BFF’s words', async (query) => {
    const onReal = await describeCompanies(query, real);
    const onEmbedded = await describeCompanies(query);
    expect(onReal.status).toBe(200);
    expect(onReal.body.data.filters).toEqual(onEmbedded.body.data.filters);
    expect(onReal.body.data.exclude).toEqual(onEmbedded.body.data.exclude);
    expect(onReal.body.credits_consumed).toBe(onEmbedded.body.credits_consumed);
    // the BFF's own words are chips there too (the service explains nothing else there)
    const own = (x: Answer) =>
      (x.data.matches ?? [])
        .filter(
          (m) => m.key === 'firmographic.headcount_range' || m.excluded || /^(?:not|without) /.test(m.text),
        )
        .map((m) => [m.text, m.key, m.excluded ?? false]);
    expect(own(onReal.body)).toEqual(own(onEmbedded.body));
    expect(own(onReal.body).length).toBeGreaterThan(0);
  });

  it('tells which phrase gave nothing when it can, all phrases together when it cannot', async () => {
    const one = await describeCompanies('fintechs that are not profitable', real);
    expect(one.body.data.unmatched).toEqual(['not profitable']);
    const two = await describeCompanies('insurance companies not in the US, not venture backed', real);
    expect(two.body.data.matches?.filter((m) => m.excluded).map((m) => m.text)).toEqual([
      'not in the US, not venture backed',
      'not in the US, not venture backed',
    ]);
  });
});

describe('translateQuery (list generation with a query)', () => {
  it('reads a description for the resolver, and is null when the service can take it as it is', async () => {
    const db = await testStore();
    const ledger = new Ledger(db, () => new Date());
    const words = createWordsReader(
      createPipeline({
        upstream,
        ledger,
        limitsOf: () => ({ budget: null, cap: null }),
        holds: new Holds(db, 60_000),
        plan: upstream.plan,
        timeoutMs: 10_000,
        retries: 0,
        retryBaseMs: 1,
        onProxied: () => {},
        log: () => {},
      }),
    );
    const user = { id: 'u1', name: 'U' };
    expect(await words.translateQuery(user, 'fintechs in Germany')).toBeNull();
    const read = await words.translateQuery(user, 'mid-sized fintechs not in Germany');
    expect(read).toMatchObject({
      filters: {
        'industry.industry': ['IND-2031'],
        'firmographic.headcount_range': ['51-200', '201-500', '501-1000'],
      },
      exclude: { 'location.hq.country': ['DEU'] },
      credits: 2 * ONE_CALL,
      unmatched: [],
    });
    failing.add('in Germany');
    try {
      await expect(words.translateQuery(user, 'banks not in Germany')).rejects.toMatchObject({ status: 503 });
    } finally {
      failing.clear();
      await ledger.flush();
      await db.close();
    }
  });
});
