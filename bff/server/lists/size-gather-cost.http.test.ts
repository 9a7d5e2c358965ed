/**
 * What company size gathered slice by slice costs (docs/decisions/0026-counting-by-slices.md,
 * amended), through the BFF over real HTTP on a real embedded service of 25,000 companies: the
 * price shown before a list of company size alone runs (the contract's `estimateListCost`) is at
 * least what its pages cost in the ledger and on the service's key; a budget that cannot cover the
 * gathering's ceiling is refused with 402, before anything is spent for company size alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadcountRange } from '../../contract/enums';
import { estimateListCost, gatheringCreditsMax } from '../../contract/list-cost';
import { bandRuns } from '../../contract/list-rules';
import { credits, type Plan } from '../../contract/pricing';
import type { Service } from '../../embedded/service';
import { findKey } from '../../embedded/store/keys';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { LIST_PATH, lastLedgerId, ledgerRows, readList } from '../../testing/list-pages';
import { loadTruth, type TruthCompany } from '../../testing/list-truth';
import { embeddedUpstream } from '../upstream/upstream';

let service: Service;
let truth: TruthCompany[];
let enterprise: RunningBff;
let payg: RunningBff;
let tight: RunningBff;

beforeAll(async () => {
  service = await startEmbedded(25_000, { seed: 42 });
  truth = loadTruth(service);
  [enterprise, payg, tight] = await Promise.all([
    startBff({ upstream: embeddedUpstream(service, 'dev-enterprise-key'), cacheTtlMs: 0 }),
    startBff({ upstream: embeddedUpstream(service, 'dev-payg-key'), cacheTtlMs: 0 }),
    // 300 credits a day: enough for a size list's probes, not for a gathering's ceiling (546.4).
    startBff({ upstream: embeddedUpstream(service, 'dev-enterprise-key'), cacheTtlMs: 0, dailyBudget: 300 }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([enterprise?.close(), payg?.close(), tight?.close()]);
  service?.close();
});

const balance = (key: string) => findKey(service.ctx.db, key)!.credits;
const sum = (rows: { credits_consumed: number }[]) =>
  credits(rows.reduce((s, r) => s + r.credits_consumed, 0));

/** Reads a list of company size alone page by page; each page's cost against its estimate. */
async function checkAlone(
  bff: RunningBff,
  plan: Plan,
  key: string,
  bands: HeadcountRange[],
  order: 'asc' | 'desc',
) {
  const pageSize = plan === 'payg' ? 20 : 100;
  const body = {
    filters: { 'firmographic.headcount_range': bands },
    sort_by: 'employee_range',
    sort_order: order,
  };
  const estimate = estimateListCost(
    { filters: body.filters, limit: pageSize, sections: [], sort_by: 'employee_range' },
    plan,
  );
  const before = await lastLedgerId(bff);
  const keyBefore = balance(key);
  const got = await readList(bff, body, pageSize);
  if (!got.ok) throw new Error(`expected a list, got ${got.status} ${JSON.stringify(got.problem)}`);
  const first = got.pages[0]!;
  expect(first.warnings.map((w) => w.code)).toContain('size_gathered');
  // The first page pays the probes and the gathering: within the price shown before it ran.
  expect(first.credits_consumed).toBeLessThanOrEqual(estimate.credits);
  // Every later page is within its own estimate too (the gathering is remembered, not paid again).
  for (const page of got.pages.slice(1)) expect(page.credits_consumed).toBeLessThanOrEqual(estimate.credits);
  // What the pages say they cost is the ledger and what the service's key lost.
  const spent = sum(await ledgerRows(bff, before));
  expect(got.credits).toBe(spent);
  expect(credits(keyBefore - balance(key))).toBe(spent);
  // Distinct companies of the bands, at most 500, counted so.
  const band = new Set<string>(bands);
  const byUuid = new Map(truth.map((c) => [c.uuid, c]));
  expect(new Set(got.uuids).size).toBe(got.uuids.length);
  expect(got.uuids.length).toBeGreaterThan(0);
  expect(got.uuids.length).toBeLessThanOrEqual(500);
  expect(got.uuids.every((u) => band.has(String(byUuid.get(u)!.band)))).toBe(true);
  expect(first.total_count).toBe(got.uuids.length);
  return { first: first.credits_consumed, estimate: estimate.credits, count: got.uuids.length };
}

describe('company size alone, gathered slice by slice: priced before it runs', () => {
  it('the price shown covers what the pages cost in the ledger, for several bands, on Enterprise', async () => {
    const cases: [HeadcountRange[], 'asc' | 'desc'][] = [
      [['1-10'], 'asc'],
      [['51-200'], 'desc'],
      [['201-500'], 'asc'],
      // A rare band: before the ceiling, gathering it cost 2,000 credits; now at most the ceiling.
      [['501-1000'], 'desc'],
      [['11-50', '51-200'], 'asc'],
      [['1-10', '201-500'], 'desc'],
    ];
    for (const [bands, order] of cases) {
      const r = await checkAlone(enterprise, 'enterprise', 'dev-enterprise-key', bands, order);
      expect(r.first).toBeLessThanOrEqual(r.estimate);
    }
  }, 300_000);

  it('the same on Pay-as-you-go, where each probe reads the band by enrichment', async () => {
    for (const bands of [['11-50'], ['1001-5000']] as HeadcountRange[][])
      await checkAlone(payg, 'payg', 'dev-payg-key', bands, 'asc');
  }, 300_000);

  it("a band the ceiling stops short of 500 says so, and the ceiling is the gathering's own most", async () => {
    const body = {
      filters: { 'firmographic.headcount_range': ['501-1000'] },
      sort_by: 'employee_range',
      sort_order: 'asc',
      limit: 50,
    };
    const before = await lastLedgerId(enterprise);
    const res = await enterprise.post(LIST_PATH, body);
    expect(res.status).toBe(200);
    const page = (await res.json()) as { total_count: number; warnings: { code: string; message: string }[] };
    const note = page.warnings.find((w) => w.code === 'size_gathered')!;
    const inBand = truth.filter((c) => c.band === '501-1000').length;
    expect(inBand).toBeGreaterThan(500);
    expect(page.total_count).toBeLessThan(500);
    expect(note.message).toMatch(/within the gathering.s limit/);
    // The whole run, probes and page included, within the estimate shown.
    const spent = sum(await ledgerRows(enterprise, before));
    expect(spent).toBeLessThanOrEqual(
      estimateListCost({ filters: body.filters, limit: 50, sort_by: 'employee_range' }, 'enterprise').credits,
    );
  });

  it('refuses company size alone with 402 before anything is spent when the budget cannot cover its price', async () => {
    const before = await lastLedgerId(tight);
    const key = balance('dev-enterprise-key');
    const res = await tight.post(LIST_PATH, {
      filters: { 'firmographic.headcount_range': ['51-200'] },
      limit: 50,
    });
    expect(res.status).toBe(402);
    const problem = (await res.json()) as { detail: string };
    expect(problem.detail).toMatch(/may cost up to [\d,.]+ credits/);
    expect(problem.detail).toMatch(/Nothing was spent/);
    expect(await ledgerRows(tight, before)).toEqual([]);
    expect(balance('dev-enterprise-key')).toBe(key);
  });

  it('with another filter, refuses before gathering: only the probes that found the sizes out of reach are paid', async () => {
    const before = await lastLedgerId(tight);
    const res = await tight.post(LIST_PATH, {
      filters: { 'firmographic.company_type': ['private'], 'firmographic.headcount_range': ['51-200'] },
      limit: 50,
    });
    expect(res.status).toBe(402);
    const problem = (await res.json()) as { detail: string };
    const ceiling = gatheringCreditsMax('enterprise', bandRuns(['51-200']).length);
    expect(problem.detail).toContain(`up to ${ceiling.toLocaleString('en-US')} credits`);
    expect(problem.detail).toMatch(/nothing was spent gathering/);
    const rows = await ledgerRows(tight, before);
    // The reach probes only: far under one slice's worth.
    expect(rows.length).toBeGreaterThan(0);
    expect(sum(rows)).toBeLessThan(20);
  });
});
