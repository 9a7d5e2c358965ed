/**
 * The filter-builder on the real service (its double answers filters only) with the same chips for
 * the BFF's words, and `translateQuery`, which list generation with a query reads descriptions by.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBff, startBff } from '../../testing/bff-server';
import { type RealServiceDouble, startRealServiceDouble } from '../../testing/real-service-double';
import { testStore } from '../../testing/test-store';
import { Holds } from '../ledger/budget';
import { Ledger } from '../ledger/ledger';
import { createPipeline } from '../proxy/pipeline';
import { remoteUpstream, type Upstream } from '../upstream/upstream';
import { createWordsReader } from './filter-builder';
import {
  type Answer,
  describeCompanies,
  failing,
  KEY,
  ONE_CALL,
  service,
  upstream,
  withFilterBuilderBff,
} from './filter-builder-testing';

withFilterBuilderBff(startBff);

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
