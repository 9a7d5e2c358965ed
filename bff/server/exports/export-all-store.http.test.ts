/**
 * The price of an export of every match (`all: true`) with the team's company store on
 * (docs/decisions/0024-company-store.md, 0026-counting-by-slices.md), over real HTTP on a real
 * embedded service of 25,000 companies: once the list is counted, the rows whose pages and
 * sections the store keeps are priced at what it lacks of them (nothing, when it holds them all),
 * as the export of a page is; the file then costs no more than that estimate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AllExportEstimate, ListCountResponse } from '../../contract/bff-lists';
import type { Filters } from '../../contract/filters';
import { credits } from '../../contract/pricing';
import type { Service } from '../../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { lastLedgerId, ledgerRows } from '../../testing/list-pages';
import { loadTruth, matching, type TruthCompany } from '../../testing/list-truth';
import { parseCsv } from '../../testing/parse-csv';
import { embeddedUpstream } from '../upstream/upstream';

const DAY_MS = 86_400_000;
let service: Service;
let truth: TruthCompany[];
let bff: RunningBff;

beforeAll(async () => {
  service = await startEmbedded(25_000, { seed: 42 });
  truth = loadTruth(service);
  bff = await startBff({
    upstream: embeddedUpstream(service, 'dev-enterprise-key'),
    mode: 'team',
    cacheTtlMs: 0,
    storeMaxAgeMs: 30 * DAY_MS,
  });
}, 180_000);

afterAll(async () => {
  await bff?.close();
  service?.close();
});

const filters: Filters = { 'location.hq.region': ['150'], 'business_model.offering_type': ['services'] };
const body = { request: { filters }, columns: ['uuid', 'name', 'firmographic.founded_year'], all: true };

async function estimate(user: string): Promise<AllExportEstimate> {
  const res = await bff.post('/bff/exports/estimate', body, { headers: await bff.as(user) });
  expect(res.status).toBe(200);
  return (await res.json()) as AllExportEstimate;
}

const spentSince = async (id: number) =>
  credits((await ledgerRows(bff, id)).reduce((s, r) => s + r.credits_consumed, 0));

describe('the estimate of an export of every match, with the company store', () => {
  it('counts the rows the store holds out of the price: nothing to pay for a list exported before', async () => {
    const expected = matching(truth, filters).map((c) => c.uuid);
    expect(expected.length).toBeGreaterThan(600);
    // Counted, nothing stored yet: every row at the bound.
    const count = await bff.post('/bff/lists/count', { filters }, { headers: await bff.as('ann') });
    expect(((await count.json()) as ListCountResponse).count).toBe(expected.length);
    const blind = await estimate('ann');
    expect(blind.rows_stored).toBe(0);
    expect(blind.credits_max).toBe(blind.credits_without_store);
    expect(blind.credits_max).toBe(credits(blind.per_company * expected.length * 1.1));

    // Ann exports every match: the file buys its rows, within the estimate.
    let before = await lastLedgerId(bff);
    const first = await bff.post('/bff/exports', body, { headers: await bff.as('ann') });
    expect(first.status).toBe(200);
    const rows = parseCsv(await first.text()).slice(1);
    expect(rows).toHaveLength(expected.length);
    const paid = await spentSince(before);
    expect(paid).toBeGreaterThan(0);
    expect(paid).toBeLessThanOrEqual(blind.credits_max);

    // Now the store holds every row with its sections: the same export is priced at nothing.
    const again = await estimate('ann');
    expect(again.rows_stored).toBe(expected.length);
    expect(again.credits_max).toBe(0);
    expect(again.credits_without_store).toBe(blind.credits_max);

    // The store is the team's: Bob counts the list himself, then sees it stored too.
    await bff.post('/bff/lists/count', { filters }, { headers: await bff.as('bob') });
    const bob = await estimate('bob');
    expect(bob.rows_stored).toBe(expected.length);
    expect(bob.credits_max).toBe(0);

    // And the file then costs what the estimate said: nothing.
    before = await lastLedgerId(bff);
    const second = await bff.post('/bff/exports', body, { headers: await bff.as('bob') });
    expect(second.status).toBe(200);
    expect(parseCsv(await second.text()).slice(1)).toHaveLength(expected.length);
    expect(await spentSince(before)).toBe(0);
  }, 180_000);

  it('before a count nothing is known of the slices: the bound, as before', async () => {
    const other = { ...body, request: { filters: { 'location.hq.region': ['142'] } } };
    const res = await bff.post('/bff/exports/estimate', other, { headers: await bff.as('cat') });
    const e = (await res.json()) as AllExportEstimate;
    expect(e.count).toBeNull();
    expect(e.rows_stored).toBe(0);
    expect(e.credits_max).toBe(e.credits_without_store);
  });
});
