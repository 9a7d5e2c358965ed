/**
 * A list described in words, through the whole BFF on a real embedded service: the description
 * step reads size and negation words (bff/server/words), the resolver serves the bands and the
 * exclusions (bff/server/lists). Both ways a user reaches it: the filter-builder's answer turned
 * into a list request, and list generation with a `query`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilterBuilderResponse } from '../../contract/api';
import { pathOf } from '../../contract/endpoints';
import type { Service } from '../../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { readList } from '../../testing/list-pages';
import { byEmployees, loadTruth, matching, type TruthCompany } from '../../testing/list-truth';
import { embeddedUpstream } from '../upstream/upstream';

let service: Service;
let truth: TruthCompany[];
let bff: RunningBff;

beforeAll(async () => {
  service = await startEmbedded(3000, { seed: 19 });
  truth = loadTruth(service);
  bff = await startBff({ upstream: embeddedUpstream(service) });
});
afterAll(async () => {
  await bff?.close();
  service?.close();
});

async function describeList(query: string) {
  const res = await bff.post(pathOf('list.filterBuilder'), { query });
  expect(res.status).toBe(200);
  return FilterBuilderResponse.parse(await res.json()).data;
}

describe('a list described in words', () => {
  it('"software companies in Germany with 50-200 employees": only 51-200 companies, in employee order', async () => {
    const data = await describeList('software companies in Germany with 50-200 employees');
    expect(data.filters).toMatchObject({
      'location.hq.country': ['DEU'],
      'firmographic.headcount_range': ['51-200'],
    });
    const { 'firmographic.headcount_range': _bands, ...serviceFilters } = data.filters;
    const expected = byEmployees(
      matching(truth, serviceFilters).filter((c) => c.band === '51-200'),
      'desc',
    ).map((c) => c.uuid);
    expect(expected.length).toBeGreaterThan(0);

    const listed = await readList(bff, { filters: data.filters, sort_by: 'employee_range' }, 20);
    expect(listed.ok && listed.uuids).toEqual(expected);
  });

  it('"fintech companies not in the US": the US left out, never asked for', async () => {
    const data = await describeList('fintech companies not in the US');
    expect(data.filters['location.hq.country']).toBeUndefined();
    expect(data.exclude).toEqual({ 'location.hq.country': ['USA'] });
    expect(data.matches?.find((m) => m.excluded)?.text).toMatch(/not in the us/i);

    const listed = await readList(bff, { filters: data.filters, exclude: data.exclude }, 50);
    expect(listed.ok).toBe(true);
    if (!listed.ok) return;
    const fintech = matching(truth, data.filters);
    const expected = new Set(
      fintech.filter((c) => c.sections.location.hq.country.code !== 'USA').map((c) => c.uuid),
    );
    expect(fintech.some((c) => c.sections.location.hq.country.code === 'USA')).toBe(true);
    expect(new Set(listed.uuids)).toEqual(expected);
  });

  it('list generation with a query reads the same words: the bands are served, the credits include the translation', async () => {
    const res = await bff.post(pathOf('list.generate'), {
      query: 'software companies in Germany with 50-200 employees',
      sections: ['firmographic'],
      limit: 50,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      data: { firmographic: { headcount_range: string } }[];
      filters: Record<string, unknown>;
      credits_consumed: number;
    };
    expect(body.filters['firmographic.headcount_range']).toEqual(['51-200']);
    expect(body.data.length).toBeGreaterThan(0);
    for (const c of body.data) expect(c.firmographic.headcount_range).toBe('51-200');
    expect(body.credits_consumed).toBeGreaterThan(2.5);
  });
});
