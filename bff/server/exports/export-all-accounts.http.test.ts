/**
 * The export of every match leaving out account lists (`all: true` with `exclude_account_lists`,
 * docs/decisions/0039-every-match-exported-without-account-lists.md) over real HTTP on a real
 * embedded service of 25,000 companies: every company of the list not in the account lists exactly
 * once against the truth from the service's own evaluator, `x-export-total` the exact count, the
 * cost within its estimate and equal to the ledger, with the company store off and on (a count read
 * before makes the export's reading of the slices free), 422 past EXPORT_MAX_ROWS and 402 past the
 * budget before any row is bought; a count remembered with account lists is counted again once one
 * of them gained members.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AllExportEstimate, ListCountResponse } from '../../contract/bff-lists';
import type { Filters } from '../../contract/filters';
import { credits } from '../../contract/pricing';
import type { Service } from '../../embedded/service';
import { findKey } from '../../embedded/store/keys';
import { datasetCompanies } from '../../testing/accounts';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { lastLedgerId, ledgerRows, postCount, postCountEstimate, spentSince } from '../../testing/list-pages';
import { loadTruth, matching, type TruthCompany } from '../../testing/list-truth';
import { parseCsv } from '../../testing/parse-csv';
import { listOf } from '../accounts/use-lists-testing';
import { embeddedUpstream } from '../upstream/upstream';

let service: Service;
let truth: TruthCompany[];
let companies: ReturnType<typeof datasetCompanies>;
let bff: RunningBff;
let stored: RunningBff;
let capped: RunningBff;

beforeAll(async () => {
  service = await startEmbedded(25_000, { seed: 42 });
  truth = loadTruth(service);
  // Read once before any request: a long synchronous read between requests lets an idle keep-alive
  // socket close under the next one.
  companies = datasetCompanies(service);
  [bff, stored, capped] = await Promise.all([
    startBff({ upstream: embeddedUpstream(service, 'dev-enterprise-key'), cacheTtlMs: 0 }),
    startBff({
      upstream: embeddedUpstream(service, 'dev-enterprise-key'),
      cacheTtlMs: 0,
      storeMaxAgeMs: 3_600_000,
    }),
    startBff({
      upstream: embeddedUpstream(service, 'dev-enterprise-key'),
      cacheTtlMs: 0,
      counting: { exportMaxRows: 1000 },
      dailyBudget: 1000,
    }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([bff?.close(), stored?.close(), capped?.close()]);
  service?.close();
});

const balance = () => findKey(service.ctx.db, 'dev-enterprise-key')!.credits;

/** An account list of `uuids` and `outside` companies not in `list`; its id. */
async function accountListOf(
  on: RunningBff,
  uuids: readonly string[],
  outside: number,
  name: string,
  list: readonly TruthCompany[],
) {
  const byUuid = new Map(companies.map((c) => [c.uuid, c]));
  const inList = new Set(list.map((c) => c.uuid));
  const picked = [
    ...uuids.map((u) => byUuid.get(u)!),
    ...companies.filter((c) => !inList.has(c.uuid)).slice(0, outside),
  ];
  return listOf(on, picked, name);
}

const count = postCount;
const estimate = postCountEstimate;

/** The export's file: its header, its first column (uuids), and `x-export-total`. */
async function exported(res: Response) {
  expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200);
  const [header, ...rows] = parseCsv(await res.text());
  return {
    header,
    uuids: rows.map((r) => r[0]!),
    total: Number(res.headers.get('x-export-total')),
    countCredits: Number(res.headers.get('x-count-credits')),
  };
}

// About 5,000 companies of 25,000.
const filters: Filters = { 'business_model.gtm_type': ['b2c'] };
const columns = ['uuid', 'name', 'location.hq.country'];

describe('POST /bff/exports with all and exclude_account_lists', () => {
  it('writes every match not in the account lists exactly once, x-export-total the exact count, within its estimate', async () => {
    const list = matching(truth, filters);
    expect(list.length).toBeGreaterThan(3000);
    // Companies spread over the whole list (so over many slices), and a few not in it at all.
    const inCrm = list.filter((_, i) => i % 13 === 4).map((c) => c.uuid);
    const id = await accountListOf(bff, inCrm, 10, 'In CRM (export all)', list);
    const hidden = new Set(inCrm);
    const expected = list.map((c) => c.uuid).filter((u) => !hidden.has(u));
    const body = { request: { filters, exclude_account_lists: [id] }, columns, all: true };

    const est = await bff.post('/bff/exports/estimate', body);
    expect(est.status).toBe(200);
    const estimate = (await est.json()) as AllExportEstimate;
    expect(estimate).toMatchObject({ kind: 'all', count: null });
    const before = await lastLedgerId(bff);
    const key = balance();
    const started = Date.now();
    const file = await exported(await bff.post('/bff/exports', body));
    const ms = Date.now() - started;
    expect(file.header).toEqual(['Company ID', 'Company', 'HQ country']);
    expect(file.total).toBe(expected.length);
    expect(new Set(file.uuids).size).toBe(file.uuids.length);
    expect([...file.uuids].sort()).toEqual([...expected].sort());
    const spent = await spentSince(bff, before);
    expect(credits(key - balance())).toBe(spent);
    expect(spent).toBeLessThanOrEqual(estimate.credits_max);
    // The issue's bound: the columns' price a company (0.2 + the location section's 0.5) x the
    // count, +10%, + what the count cost (here with reading the slices' members).
    expect(spent).toBeLessThanOrEqual(credits(0.7 * expected.length * 1.1 + file.countCredits));
    console.info(
      `[export all, account lists, store off] ${list.length} matches, ${inCrm.length} hidden: ${spent} credits (the count ${file.countCredits}; estimate ${estimate.credits_max}), ${ms} ms`,
    );

    // Counted now: priced at its count; its rows are read again with their section.
    const after = (await (await bff.post('/bff/exports/estimate', body)).json()) as AllExportEstimate;
    expect(after).toMatchObject({ count: expected.length, rows_max: expected.length, count_credits_max: 0 });
  }, 240_000);

  it('with the company store on, a counted list is exported at its rows’ section only: the count read its slices', async () => {
    const list = matching(truth, filters);
    const inCrm = list.filter((_, i) => i % 7 === 2).map((c) => c.uuid);
    const id = await accountListOf(stored, inCrm, 0, 'In CRM (export all, stored)', list);
    const hidden = new Set(inCrm);
    const expected = list.map((c) => c.uuid).filter((u) => !hidden.has(u));
    const listRequest = { filters, exclude_account_lists: [id] };
    const t0 = Date.now();
    const counted = (await (await stored.post('/bff/lists/count', listRequest)).json()) as ListCountResponse;
    const countMs = Date.now() - t0;
    expect(counted.count).toBe(expected.length);

    const body = { request: listRequest, columns, all: true };
    const estimate = (await (await stored.post('/bff/exports/estimate', body)).json()) as AllExportEstimate;
    expect(estimate).toMatchObject({ count: expected.length, count_credits_max: 0 });
    // The slices' pages are kept from the count: each exported row's location section (0.5) only.
    expect(estimate.credits_max).toBe(credits(0.5 * expected.length));
    const before = await lastLedgerId(stored);
    const key = balance();
    const started = Date.now();
    const file = await exported(await stored.post('/bff/exports', body));
    const ms = Date.now() - started;
    expect(file.total).toBe(expected.length);
    expect(new Set(file.uuids).size).toBe(file.uuids.length);
    expect([...file.uuids].sort()).toEqual([...expected].sort());
    const spent = await spentSince(stored, before);
    expect(credits(key - balance())).toBe(spent);
    expect(spent).toBeLessThanOrEqual(estimate.credits_max);
    expect(spent).toBe(credits(0.5 * expected.length));
    console.info(
      `[export all, account lists, store on, counted first] ${list.length} matches, ${inCrm.length} hidden: the count ${counted.credits_consumed} credits in ${countMs} ms, the file ${spent} credits in ${ms} ms`,
    );
  }, 240_000);

  it('past EXPORT_MAX_ROWS: 422 having bought no row (not even the slices’ members)', async () => {
    const list = matching(truth, filters);
    const id = await accountListOf(capped, [list[0]!.uuid], 0, 'One (export all, capped)', list);
    const body = { request: { filters, exclude_account_lists: [id] }, columns: ['uuid'], all: true };
    const before = await lastLedgerId(capped);
    const res = await capped.post('/bff/exports', body);
    expect(res.status).toBe(422);
    // Only count calls, each of which returned no company or the one at position 500.
    const rows = await ledgerRows(capped, before);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.credits_consumed <= 1.7)).toBe(true);
  }, 120_000);

  it('company size or a set difference beside account lists past 500: 422 naming what is in the way', async () => {
    const list = matching(truth, filters);
    const id = await accountListOf(bff, [list[2]!.uuid], 0, 'One (export all, size)', list);
    const sized = await bff.post('/bff/exports', {
      request: {
        filters: { ...filters, 'firmographic.headcount_range': ['51-200'] },
        exclude_account_lists: [id],
      },
      columns: ['uuid'],
      all: true,
    });
    expect(sized.status).toBe(422);
    expect(((await sized.json()) as { detail: string }).detail).toMatch(
      /this one has company size \(`filters.firmographic.headcount_range`\).*without `exclude_account_lists`/,
    );
    const differed = await bff.post('/bff/lists/count', {
      filters,
      exclude: { 'location.hq.city': ['London'] },
      exclude_account_lists: [id],
    });
    expect(differed.status).toBe(422);
    expect(((await differed.json()) as { detail: string }).detail).toMatch(
      /values left out by set difference \(`exclude.location.hq.city`\)/,
    );
  }, 120_000);

  it('402 before anything is spent when the budget cannot cover the estimate', async () => {
    const small: Filters = { 'location.hq.country': ['DEU'] };
    const list = matching(truth, small);
    expect(list.length).toBeGreaterThan(500);
    const id = await accountListOf(capped, [list[1]!.uuid], 0, 'One (export all, budget)', list);
    const body = {
      request: { filters: small, exclude_account_lists: [id] },
      columns: ['uuid', 'firmographic.founded_year'],
      all: true,
    };
    const est = (await (await capped.post('/bff/exports/estimate', body)).json()) as AllExportEstimate;
    expect(est.within_budget).toBe(false);
    const before = await lastLedgerId(capped);
    const key = balance();
    const res = await capped.post('/bff/exports', body);
    expect(res.status).toBe(402);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/Nothing was spent/);
    expect(await ledgerRows(capped, before)).toEqual([]);
    expect(balance()).toBe(key);
  }, 120_000);
});

describe('a count remembered with account lists (decision 0039)', () => {
  it('is counted again once an account list it leaves out gained members, not answered from memory', async () => {
    const filters: Filters = { 'location.hq.country': ['DEU'] };
    const list = matching(truth, filters);
    expect(list.length).toBeGreaterThan(500);
    const hide = async (uuids: string[]) => {
      const res = await bff.post('/bff/accounts/hidden', { companies: uuids });
      expect(res.status).toBe(200);
      return ((await res.json()) as { id: string }).id;
    };
    const id = await hide(list.slice(0, 3).map((c) => c.uuid));
    const body = { filters, exclude_account_lists: [id] };
    const first = await count(bff, body);
    expect(first.body.count).toBe(list.length - 3);
    // Asked again at once: remembered, free.
    expect((await count(bff, body)).body).toMatchObject({ count: list.length - 3, credits_consumed: 0 });
    expect((await estimate(bff, body)).counted).toBe(true);
    // Two more hidden: the count remembered is of other members; counted again, exactly.
    expect(await hide(list.slice(3, 5).map((c) => c.uuid))).toBe(id);
    expect((await estimate(bff, body)).counted).toBe(false);
    const again = await count(bff, body);
    expect(again.body.count).toBe(list.length - 5);
    expect(again.body.credits_consumed).toBeGreaterThan(0);
  }, 120_000);
});
