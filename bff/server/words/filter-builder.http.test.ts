/**
 * The filter-builder through a real BFF in front of a real embedded service: size phrases become
 * headcount bands, the words of each show as chips, words nothing read are reported, descriptions
 * without the BFF's words go upstream untouched, and the service's own filter-builder reached
 * directly. Negation: filter-builder-negation.http.test.ts; on the real service's double and
 * `translateQuery`: filter-builder-real.http.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { startBff } from '../../testing/bff-server';
import {
  type Answer,
  bff,
  describeCompanies,
  FILTER_BUILDER,
  KEY,
  ledger,
  ONE_CALL,
  sent,
  sentQueries,
  service,
  withFilterBuilderBff,
} from './filter-builder-testing';

withFilterBuilderBff(startBff);

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
    // "hiring" is a signal filter the BFF writes itself (decisions section 15, ./signal-words.ts).
    expect(body.data.filters).toEqual({ 'firmographic.headcount_range': ['11-50'], 'signals.hiring': {} });
    expect(body.data.unmatched).toEqual(['profitable', 'remote', 'startups']);
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
