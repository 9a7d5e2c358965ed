/**
 * Company size and exclusions through the BFF in remote mode on the real-service double
 * (bff/testing/real-service-double.ts): the same checks as on the embedded service, where the
 * upstream answers in the real service's envelopes and errors (no `filters` echo, no warnings,
 * FastAPI-style 400s) and knows nothing of the BFF's keys.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../contract/endpoints';
import type { Service } from '../../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { checkExclusion, checkSize, exclusionCases, sizeCases } from '../../testing/list-checks';
import { LIST_PATH } from '../../testing/list-pages';
import { expectedList, loadTruth, type TruthCompany } from '../../testing/list-truth';
import { parseCsv } from '../../testing/parse-csv';
import { type RealServiceDouble, startRealServiceDouble } from '../../testing/real-service-double';
import { remoteUpstream, type Upstream } from '../upstream/upstream';

let service: Service;
let truth: TruthCompany[];
let double: RealServiceDouble;
let upstreams: Upstream[];
let enterprise: RunningBff;
let payg: RunningBff;

beforeAll(async () => {
  service = await startEmbedded(2000, { seed: 11 });
  truth = loadTruth(service);
  double = await startRealServiceDouble(service);
  const [e, p] = [
    remoteUpstream(double.url, 'dev-enterprise-key', 'enterprise'),
    remoteUpstream(double.url, 'dev-payg-key', 'payg'),
  ];
  upstreams = [e, p];
  [enterprise, payg] = await Promise.all([startBff({ upstream: e }), startBff({ upstream: p })]);
});

afterAll(async () => {
  await Promise.all([enterprise?.close(), payg?.close()]);
  for (const u of upstreams ?? []) u.close();
  await double?.close();
  service?.close();
});

describe('company size and exclusions on the real-service double', () => {
  it('company size: exactly the companies of the bands asked, or up to 500 of them gathered (property test)', async () => {
    const kinds = { list: 0, too_broad: 0, gathered: 0 };
    await fc.assert(
      fc.asyncProperty(sizeCases, async (c) => {
        kinds[await checkSize(enterprise, truth, c, 'enterprise')]++;
      }),
      { numRuns: 20, seed: 5150 },
    );
    expect(kinds.list).toBeGreaterThan(5);
    expect(kinds.gathered).toBeGreaterThan(0);
  }, 240_000);

  it('exclusions: exactly the companies with none of the excluded values, or 422 (property test)', async () => {
    const kinds = { list: 0, too_broad: 0, invalid: 0, gathered: 0 };
    await fc.assert(
      fc.asyncProperty(exclusionCases, async (c) => {
        kinds[await checkExclusion(enterprise, truth, c, 'enterprise')]++;
      }),
      { numRuns: 20, seed: 8086 },
    );
    expect(kinds.list).toBeGreaterThan(5);
  }, 240_000);

  it('Pay-as-you-go: probes read the band by enrichment (property tests)', async () => {
    const narrow = <T extends { filters: { 'location.hq.country'?: unknown } }>(c: T) =>
      c.filters['location.hq.country'] !== undefined;
    await fc.assert(
      fc.asyncProperty(sizeCases.filter(narrow), async (c) => {
        await checkSize(payg, truth, c, 'payg');
      }),
      { numRuns: 5, seed: 7 },
    );
    await fc.assert(
      fc.asyncProperty(exclusionCases.filter(narrow), async (c) => {
        await checkExclusion(payg, truth, c, 'payg');
      }),
      { numRuns: 5, seed: 8 },
    );
  }, 240_000);

  it('out of reach of both orders: up to 500 of the band gathered slice by slice, each of the band', async () => {
    const res = await enterprise.post(LIST_PATH, {
      filters: { 'firmographic.headcount_range': ['201-500'] },
      limit: 100,
    });
    expect(res.status).toBe(200);
    const page = (await res.json()) as {
      data: { uuid: string }[];
      total_count: number;
      warnings: { code: string }[];
    };
    const band = truth.filter((c) => c.band === '201-500').map((c) => c.uuid);
    expect(page.total_count).toBe(Math.min(band.length, 500));
    expect(page.data).toHaveLength(Math.min(100, page.total_count));
    expect(page.data.every((r) => band.includes(r.uuid))).toBe(true);
    expect(page.warnings.map((w) => w.code)).toContain('size_gathered');
  });

  it("an unknown code in exclude is named there, from the real service's FastAPI-style 400", async () => {
    const res = await enterprise.post(LIST_PATH, {
      filters: { 'location.hq.country': ['DEU'] },
      exclude: { 'industry.industry': ['IND-2008', 'IND-9999'] },
    });
    expect(res.status).toBe(400);
    const p = (await res.json()) as { errors: { path: string }[] };
    expect(p.errors.map((e) => e.path)).toEqual(['exclude.industry.industry.1']);
  });

  it('exports of a banded list with exclusions hold exactly its companies', async () => {
    const filters = {
      'location.hq.country': ['GBR', 'DEU'],
      'firmographic.headcount_range': ['11-50', '51-200'],
    };
    const exclude = { 'location.offices.country': ['USA'] };
    const want = expectedList(truth, {
      filters: { 'location.hq.country': ['GBR', 'DEU'] },
      bands: ['11-50', '51-200'],
      exclude,
      direction: 'asc',
    });
    if (want.kind !== 'list') throw new Error('expected a list');
    const res = await enterprise.post(pathOf('bff.exports'), {
      request: { filters, exclude, sort_by: 'employee_range', sort_order: 'asc' },
      columns: ['uuid'],
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-export-total')).toBe(String(want.uuids.length));
    expect(
      parseCsv(await res.text())
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(want.uuids);
  });
});
