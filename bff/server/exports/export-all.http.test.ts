/**
 * The export of every match (`all: true`, docs/decisions/0026-counting-by-slices.md) over real HTTP
 * on a real embedded service of 25,000 companies: every company of the list exactly once against the
 * truth from the service's own database, `x-export-total` the exact count, the cost within its
 * estimate and equal to the ledger, 422 past EXPORT_MAX_ROWS and 402 past the budget before any row
 * is bought.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AllExportEstimate, ListCountResponse } from '../../contract/bff-lists';
import type { Filters } from '../../contract/filters';
import { credits } from '../../contract/pricing';
import type { Service } from '../../embedded/service';
import { findKey } from '../../embedded/store/keys';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { lastLedgerId, ledgerRows, spentSince } from '../../testing/list-pages';
import { loadTruth, matching, type TruthCompany } from '../../testing/list-truth';
import { parseCsv } from '../../testing/parse-csv';
import { embeddedUpstream } from '../upstream/upstream';

let service: Service;
let truth: TruthCompany[];
let bff: RunningBff;
let capped: RunningBff;

beforeAll(async () => {
  service = await startEmbedded(25_000, { seed: 42 });
  truth = loadTruth(service);
  [bff, capped] = await Promise.all([
    startBff({ upstream: embeddedUpstream(service, 'dev-enterprise-key'), cacheTtlMs: 0 }),
    startBff({
      upstream: embeddedUpstream(service, 'dev-enterprise-key'),
      cacheTtlMs: 0,
      counting: { exportMaxRows: 1000 },
      dailyBudget: 1000,
    }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([bff?.close(), capped?.close()]);
  service?.close();
});

const balance = () => findKey(service.ctx.db, 'dev-enterprise-key')!.credits;

describe('POST /bff/exports with all', () => {
  it('writes every company of a list of thousands exactly once, x-export-total the exact count, within its estimate', async () => {
    const filters: Filters = { 'location.hq.region': ['150'], 'business_model.offering_type': ['software'] };
    const expected = matching(truth, filters).map((c) => c.uuid);
    expect(expected.length).toBeGreaterThan(1500);
    const body = { request: { filters }, columns: ['uuid', 'name', 'location.hq.country'], all: true };
    const est = await bff.post('/bff/exports/estimate', body);
    expect(est.status).toBe(200);
    const estimate = (await est.json()) as AllExportEstimate;
    expect(estimate.kind).toBe('all');
    const before = await lastLedgerId(bff);
    const key = balance();
    const res = await bff.post('/bff/exports', body);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-export-total')).toBe(String(expected.length));
    const [header, ...rows] = parseCsv(await res.text());
    expect(header).toEqual(['Company ID', 'Company', 'HQ country']);
    const uuids = rows.map((r) => r[0]!);
    expect(new Set(uuids).size).toBe(uuids.length);
    expect([...uuids].sort()).toEqual([...expected].sort());
    const spent = await spentSince(bff, before);
    expect(credits(key - balance())).toBe(spent);
    expect(spent).toBeLessThanOrEqual(estimate.credits_max);
    // The bound of issue 33: the columns' price per company (0.2 + the location section's 0.5) x
    // the count, +10%, + the count's bound.
    expect(estimate.per_company).toBe(0.7);
    expect(spent).toBeLessThanOrEqual(0.7 * expected.length * 1.1 + (2 * expected.length) / 500 + 20);
    // Counted now: the estimate of the same export is its rows' price, the count free.
    const after = (await (await bff.post('/bff/exports/estimate', body)).json()) as AllExportEstimate;
    expect(after).toMatchObject({ count: expected.length, rows_max: expected.length, count_credits_max: 0 });
  }, 120_000);

  it('company size past 500: every company of the band once, by employees within each slice', async () => {
    const filters: Filters = { 'location.hq.region': ['150'], 'business_model.offering_type': ['software'] };
    const band = matching(truth, filters).filter((c) => c.band === '11-50');
    expect(band.length).toBeGreaterThan(500);
    const body = {
      request: { filters: { ...filters, 'firmographic.headcount_range': ['11-50'] } },
      columns: ['uuid'],
      all: true,
    };
    const estimate = (await (await bff.post('/bff/exports/estimate', body)).json()) as AllExportEstimate;
    const before = await lastLedgerId(bff);
    const key = balance();
    const res = await bff.post('/bff/exports', body);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-export-total')).toBe(String(band.length));
    const uuids = parseCsv(await res.text())
      .slice(1)
      .map((r) => r[0]!);
    expect(new Set(uuids).size).toBe(uuids.length);
    expect([...uuids].sort()).toEqual(band.map((c) => c.uuid).sort());
    const spent = await spentSince(bff, before);
    expect(credits(key - balance())).toBe(spent);
    expect(spent).toBeLessThanOrEqual(estimate.credits_max);
  }, 240_000);

  it('a list under 500 is one slice: every match, once', async () => {
    const filters: Filters = { 'location.hq.country': ['CHE'] };
    const expected = matching(truth, filters).map((c) => c.uuid);
    expect(expected.length).toBeLessThan(500);
    const res = await bff.post('/bff/exports', { request: { filters }, columns: ['uuid'], all: true });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-export-total')).toBe(String(expected.length));
    const uuids = parseCsv(await res.text())
      .slice(1)
      .map((r) => r[0]!);
    expect([...uuids].sort()).toEqual([...expected].sort());
  });

  it('past EXPORT_MAX_ROWS: 422 naming the count, and once counted, before anything is spent', async () => {
    const filters: Filters = { 'business_model.offering_type': ['software'] };
    const n = matching(truth, filters).length;
    const counted = await capped.post('/bff/lists/count', { filters });
    expect(((await counted.json()) as ListCountResponse).count).toBe(n);
    const before = await lastLedgerId(capped);
    const key = balance();
    const res = await capped.post('/bff/exports', { request: { filters }, columns: ['uuid'], all: true });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { detail: string }).detail).toContain(n.toLocaleString('en-US'));
    expect(await ledgerRows(capped, before)).toEqual([]);
    expect(balance()).toBe(key);
  });

  it('past EXPORT_MAX_ROWS without a count first: 422, having bought no row', async () => {
    const filters: Filters = { 'business_model.gtm_type': ['b2c'] };
    const before = await lastLedgerId(capped);
    const res = await capped.post('/bff/exports', { request: { filters }, columns: ['uuid'], all: true });
    expect(res.status).toBe(422);
    // Only count calls, each of which returned no company or the one at position 500.
    const rows = await ledgerRows(capped, before);
    expect(rows.every((r) => r.credits_consumed <= 1.7)).toBe(true);
  });

  it('402 before anything is spent when the budget cannot cover the estimate', async () => {
    const filters: Filters = { 'location.hq.country': ['USA'] };
    const before = await lastLedgerId(capped);
    const body = { request: { filters }, columns: ['uuid', 'firmographic.founded_year'], all: true };
    const est = (await (await capped.post('/bff/exports/estimate', body)).json()) as AllExportEstimate;
    expect(est.within_budget).toBe(false);
    const res = await capped.post('/bff/exports', body);
    expect(res.status).toBe(402);
    expect(await ledgerRows(capped, before)).toEqual([]);
  });

  it('refuses all with a selection (400)', async () => {
    const res = await bff.post('/bff/exports', { request: {}, columns: ['uuid'], all: true, uuids: ['x'] });
    expect(res.status).toBe(400);
  });
});
