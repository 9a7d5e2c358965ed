/**
 * The filter-builder's negation through a real BFF in front of a real embedded service: negated
 * criteria become exclusions, in one more call for all of them, and what the answer says it cost is
 * what the ledger and the service recorded.
 */
import { describe, expect, it } from 'vitest';
import { startBff } from '../../testing/bff-server';
import {
  bff,
  describeCompanies,
  FILTER_BUILDER,
  failing,
  LIST,
  ledger,
  ONE_CALL,
  sentQueries,
  serviceCredits,
  upstream,
  withFilterBuilderBff,
} from './filter-builder-testing';

withFilterBuilderBff(startBff);

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
});

describe('negation: calls, cache and failures', () => {
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
