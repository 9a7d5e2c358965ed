/**
 * Screening every match (`screen: "all"`) over real HTTP on a real embedded service of 2,000
 * companies: a list of more than 500 cut into slices as an exact count cuts it, every company
 * screened, those that pass against the truth read from the service's database and its traffic
 * endpoint called directly; the price asked first covers what was spent, which equals the ledger and
 * what the service's key lost; a second screening of the same list is priced at its slices' sizes;
 * 402, 400 and 422 before anything is spent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListGenerateResponse } from '../../contract/api';
import type { Filters } from '../../contract/filters';
import { credits } from '../../contract/pricing';
import type { ScreenEstimate } from '../../contract/signal-filters';
import type { Service } from '../../embedded/service';
import { createKey, findKey } from '../../embedded/store/keys';
import { datasetCompanies } from '../../testing/accounts';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { LIST_PATH, lastLedgerId, ledgerRows } from '../../testing/list-pages';
import { loadTruth, matching, survivesExclusion, type TruthCompany } from '../../testing/list-truth';
import { listOf } from '../accounts/use-lists-testing';
import { embeddedUpstream } from '../upstream/upstream';

let service: Service;
let bff: RunningBff;
let tight: RunningBff;
let truthKey: string;
let companies: TruthCompany[];

const PRIVATE = { 'firmographic.company_type': ['private'] };

beforeAll(async () => {
  service = await startEmbedded(2000);
  truthKey = createKey(service.ctx.db, 'screening-all-truth', 'enterprise', 1e9).key;
  // Read once, before any request: a long synchronous read between requests would let the BFF's
  // idle keep-alive sockets close under the next request.
  companies = loadTruth(service);
  [bff, tight] = await Promise.all([
    startBff({ upstream: embeddedUpstream(service), cacheTtlMs: 0, storeMaxAgeMs: 30 * 86_400_000 }),
    startBff({ upstream: embeddedUpstream(service), cacheTtlMs: 0, dailyBudget: 600 }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([bff?.close(), tight?.close()]);
});

const balance = () => findKey(service.ctx.db, 'dev-enterprise-key')!.credits;

/** Every private company of the service, read from its database, and its traffic's latest month. */
async function truth(): Promise<Map<string, number>> {
  const uuids = (
    service.ctx.db.prepare("SELECT uuid FROM companies WHERE company_type = 'private'").all() as {
      uuid: string;
    }[]
  ).map((r) => r.uuid);
  const out = new Map<string, number>();
  for (const uuid of uuids) {
    const res = await service.fetch(
      new Request(`http://service/api/v1/company/website-traffic?company=${encodeURIComponent(uuid)}`, {
        headers: { 'x-api-key': truthKey },
      }),
    );
    expect(res.status).toBe(200);
    const months = ((await res.json()) as { data: { estimated_monthly_visits: Record<string, number> } }).data
      .estimated_monthly_visits;
    out.set(uuid, months[Object.keys(months).sort().at(-1)!]!);
  }
  return out;
}

async function list(on: RunningBff, body: unknown): Promise<{ status: number; body: ListGenerateResponse }> {
  const res = await on.post(LIST_PATH, body);
  return { status: res.status, body: (await res.json()) as ListGenerateResponse };
}

async function estimate(on: RunningBff, body: unknown): Promise<ScreenEstimate> {
  const res = await on.post('/bff/lists/screen/estimate', body);
  expect(res.status).toBe(200);
  return (await res.json()) as ScreenEstimate;
}

/** Every page of a screened list, 100 at a time. */
async function allPages(body: Record<string, unknown>): Promise<string[]> {
  const uuids: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await list(bff, { ...body, limit: 100, offset });
    expect(page.status).toBe(200);
    expect(page.body.credits_consumed).toBe(0);
    uuids.push(...page.body.data.map((r) => r.uuid));
    if (offset + 100 >= page.body.total_count) return uuids;
  }
}

describe('screening every match', () => {
  it('screens every company of a list of more than 500, priced first, the spend equal to the ledger', async () => {
    const visits = await truth();
    expect(visits.size, 'the list is longer than the 500 a list serves').toBeGreaterThan(500);
    const passing = (gte: number) => [...visits].filter(([, v]) => v >= gte).map(([u]) => u);
    const body = { filters: { ...PRIVATE, 'signals.monthly_visits': { gte: 20_000 } }, screen: 'all' };
    expect(passing(20_000).length).toBeGreaterThan(0);
    expect(passing(20_000).length).toBeLessThanOrEqual(500);

    // Before the list is cut, the price is the worst case: 5,000 companies and the count.
    const e = await estimate(bff, { ...body, limit: 25 });
    expect(e).toMatchObject({ screens: true, companies: 5000, per_company: 1, screened: false });
    const before = await lastLedgerId(bff);
    const key = balance();
    const first = await list(bff, { ...body, limit: 25 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const spent = first.body.credits_consumed;
    expect(spent).toBeLessThanOrEqual(e.credits_max);
    const rows = await ledgerRows(bff, before);
    expect(credits(rows.reduce((s, r) => s + r.credits_consumed, 0))).toBe(spent);
    expect(credits(key - balance())).toBe(spent);
    // Every private company was screened, once each: one traffic call a company, 1 credit each.
    expect(first.body.screened).toMatchObject({
      companies: visits.size,
      of: visits.size,
      passed: passing(20_000).length,
      remembered: false,
    });
    expect(rows.filter((r) => r.endpoint.includes('website-traffic')).length).toBe(visits.size);
    expect(first.body.warnings?.map((w) => w.code)).not.toContain('signals_first_500');
    expect(first.body.filters).toEqual(body.filters);
    expect(first.body.total_count).toBe(passing(20_000).length);
    // The pages together are exactly the companies that pass, each once.
    const paged = await allPages(body);
    expect(new Set(paged).size).toBe(paged.length);
    expect([...paged].sort()).toEqual(passing(20_000).sort());
    for (const row of first.body.data) expect(row.signals?.monthly_visits).toBe(visits.get(row.uuid));

    // Another threshold on the same list: priced at the slices' sizes (no count), the traffic
    // answers from the team's company store, free.
    const again = { ...body, filters: { ...PRIVATE, 'signals.monthly_visits': { gte: 5_000 } } };
    const e2 = await estimate(bff, { ...again, limit: 25 });
    expect(e2.companies).toBe(visits.size);
    expect(e2.credits_max).toBeLessThan(e.credits_max);
    const second = await list(bff, { ...again, limit: 25 });
    expect(second.status).toBe(200);
    expect(second.body.credits_consumed).toBeLessThanOrEqual(e2.credits_max);
    expect(second.body.screened?.passed).toBe(passing(5_000).length);
    if (passing(5_000).length > 500) {
      expect(second.body.total_count).toBe(500);
      expect(second.body.warnings?.map((w) => w.code)).toContain('signals_passed_over_500');
    }
  });

  it('leaves out account lists from the companies that passed (the screening remembered: free)', async () => {
    const visits = await truth();
    const passing = [...visits].filter(([, v]) => v >= 20_000).map(([u]) => u);
    const inCrm = datasetCompanies(service)
      .filter((c) => passing.includes(c.uuid))
      .slice(0, 2);
    expect(inCrm.length).toBe(2);
    const listId = await listOf(bff, inCrm, 'In CRM');
    const body = {
      filters: { ...PRIVATE, 'signals.monthly_visits': { gte: 20_000 } },
      screen: 'all',
      exclude_account_lists: [listId],
    };
    const e = await estimate(bff, { ...body, limit: 25 });
    expect(e.screens).toBe(true);
    const res = await list(bff, { ...body, limit: 500 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const uuids = res.body.data.map((r) => r.uuid);
    for (const c of inCrm) expect(uuids).not.toContain(c.uuid);
    expect([...uuids].sort()).toEqual(passing.filter((u) => !inCrm.some((c) => c.uuid === u)).sort());
  });

  it('refuses with 402 before anything is spent when the budget cannot cover every match', async () => {
    const body = { filters: { ...PRIVATE, 'signals.monthly_visits': { gte: 20_000 } }, screen: 'all' };
    const e = await estimate(tight, body);
    expect(e.within_budget).toBe(false);
    const before = await lastLedgerId(tight);
    const key = balance();
    const res = await tight.post(LIST_PATH, body);
    expect(res.status).toBe(402);
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(((await res.json()) as { detail: string }).detail).toMatch(
      /^Screening up to 5,000 companies by their signals may cost up to [\d,.]+ credits; you have 600 left\. Nothing was spent on it\.$/,
    );
    expect(await ledgerRows(tight, before)).toEqual([]);
    expect(balance()).toBe(key);
    // The first 500 of the same list fit: the scope is what made it too dear.
    const { screen: _s, ...first500 } = body;
    expect((await estimate(tight, first500)).credits_max).toBeLessThan(e.credits_max);
  });

  it('answers 400 for a bad scope and 422 for a list it cannot cut as it is, spending nothing', async () => {
    const before = await lastLedgerId(bff);
    const key = balance();
    const signals = { 'signals.monthly_visits': { gte: 1000 } };
    const bad = await bff.post(LIST_PATH, { filters: { ...PRIVATE, ...signals }, screen: 'everything' });
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as { errors: { path: string }[] };
    expect(badBody.errors.map((e) => e.path)).toEqual(['screen']);
    const noSignals = await bff.post(LIST_PATH, { filters: PRIVATE, screen: 'all' });
    expect(noSignals.status).toBe(400);
    // Company size beside an exclusion by set difference: refused, saying which.
    const sized = await bff.post(LIST_PATH, {
      filters: { ...PRIVATE, ...signals, 'firmographic.headcount_range': ['11-50'] },
      exclude: { 'business_model.revenue_model': ['advertising'] },
      screen: 'all',
    });
    expect(sized.status).toBe(422);
    expect(sized.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(((await sized.json()) as { detail: string }).detail).toMatch(
      /^Screening every match cannot take company size together with exclusions of business_model\.revenue_model/,
    );
    expect(await ledgerRows(bff, before)).toEqual([]);
    expect(balance()).toBe(key);
  });
});

describe('screening every match with exclusions and company size (decision 0036)', () => {
  /** What passes: the truth's companies of the list (evaluator, size, exclusions) over the threshold. */
  function expected(visits: Map<string, number>, gte: number, keep: (c: TruthCompany) => boolean): string[] {
    return matching(companies, PRIVATE as Filters)
      .filter(keep)
      .filter((c) => (visits.get(c.uuid) ?? -1) >= gte)
      .map((c) => c.uuid)
      .sort();
  }

  async function screenedExactly(body: Record<string, unknown>, want: string[], of: number) {
    const e = await estimate(bff, { ...body, limit: 25 });
    expect(e).toMatchObject({ screens: true, companies: 5000, screened: false });
    const before = await lastLedgerId(bff);
    const key = balance();
    const first = await list(bff, { ...body, limit: 25 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const spent = first.body.credits_consumed;
    // Priced first: what it spent is within the estimate, and equal to the ledger and the key's loss.
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThanOrEqual(e.credits_max);
    const rows = await ledgerRows(bff, before);
    expect(credits(rows.reduce((s, r) => s + r.credits_consumed, 0))).toBe(spent);
    expect(credits(key - balance())).toBe(spent);
    expect(first.body.screened).toMatchObject({ companies: of, of, passed: want.length, remembered: false });
    // Every company of the list screened once: one traffic call each (none from the store yet).
    expect(rows.filter((r) => r.endpoint.includes('website-traffic')).length).toBeLessThanOrEqual(of);
    expect(first.body.total_count).toBe(Math.min(want.length, 500));
    const paged = await allPages(body);
    expect(new Set(paged).size).toBe(paged.length);
    expect([...paged].sort()).toEqual(want);
    // The same list with another threshold: priced at its parts' sizes, no count.
    const filters = body.filters as Record<string, unknown>;
    const other = {
      ...body,
      filters: {
        ...filters,
        'signals.monthly_visits': { gte: 1 + (filters['signals.monthly_visits'] as { gte: number }).gte },
      },
    };
    const e2 = await estimate(bff, { ...other, limit: 25 });
    expect(e2.screened).toBe(false);
    expect(e2.companies).toBeLessThan(5000);
    expect(e2.companies).toBeGreaterThanOrEqual(of);
    expect(e2.credits_max).toBeLessThan(e.credits_max);
    return { spent, estimate: e.credits_max, first: first.body };
  }

  it('screens every match of a list with exclusions (a complement and a set difference) against the truth', async () => {
    const visits = await truth();
    const exclude = {
      'location.hq.country': ['USA'],
      'business_model.revenue_model': ['advertising'],
    };
    const keep = (c: TruthCompany) => Object.entries(exclude).every(([k, v]) => survivesExclusion(c, k, v));
    const of = expected(visits, -Infinity, keep).length;
    expect(of, 'the list is longer than the 500 a list serves').toBeGreaterThan(500);
    const want = expected(visits, 20_000, keep);
    expect(want.length).toBeGreaterThan(0);
    const body = {
      filters: { ...PRIVATE, 'signals.monthly_visits': { gte: 20_000 } },
      exclude,
      screen: 'all',
    };
    const { first } = await screenedExactly(body, want, of);
    expect(first.exclude).toEqual(exclude);
    expect(first.filters).toEqual(body.filters);
    expect(first.warnings?.map((w) => w.code)).toContain('exclusion_drops_unknown');
    // No company of an excluded value in the answer.
    const excluded = new Set(expected(visits, -Infinity, (c) => !keep(c)));
    for (const row of first.data) expect(excluded.has(row.uuid)).toBe(false);
  });

  it('screens every match of a company size past the first 500 against the truth', async () => {
    const visits = await truth();
    const bands = ['11-50', '51-200'];
    const keep = (c: TruthCompany) => c.band !== null && bands.includes(c.band);
    const of = expected(visits, -Infinity, keep).length;
    // The list without the size is past 500: the size is read from the stretches of its slices.
    expect(visits.size).toBeGreaterThan(500);
    const want = expected(visits, 10_000, keep);
    expect(want.length).toBeGreaterThan(0);
    const body = {
      filters: {
        ...PRIVATE,
        'firmographic.headcount_range': bands,
        'signals.monthly_visits': { gte: 10_000 },
      },
      screen: 'all',
    };
    await screenedExactly(body, want, of);
  });

  it('refuses with 402 before anything is spent when the budget cannot cover the size and its probes', async () => {
    const body = {
      filters: {
        ...PRIVATE,
        'firmographic.headcount_range': ['51-200'],
        'signals.monthly_visits': { gte: 20_000 },
      },
      screen: 'all',
    };
    const e = await estimate(tight, body);
    expect(e.within_budget).toBe(false);
    const before = await lastLedgerId(tight);
    const key = balance();
    const res = await tight.post(LIST_PATH, body);
    expect(res.status).toBe(402);
    expect(await ledgerRows(tight, before)).toEqual([]);
    expect(balance()).toBe(key);
  });
});
