/**
 * Signal filters (`signals.headcount_growth`, `signals.hiring`, `signals.monthly_visits`) through the
 * BFF over real HTTP on a real embedded service, with the team's company store on: the companies that
 * pass against the truth computed from the embedded signal endpoints called directly (the list's first
 * 500, in its order, each with its values), the price asked first and never below what was spent, the
 * spend equal to the ledger, paging and a second screening free, 402 and 400 before anything is spent.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { ListGenerateResponse } from '../../contract/api';
import { type ListFilters, valuesAt } from '../../contract/filters';
import { credits, PLAN_RULES } from '../../contract/pricing';
import type { ScreenEstimate, SignalFilters } from '../../contract/signal-filters';
import type { Service } from '../../embedded/service';
import { getMeta } from '../../embedded/store/db';
import { findKey } from '../../embedded/store/keys';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { LIST_PATH, lastLedgerId, ledgerRows } from '../../testing/list-pages';
import { directCaller } from '../../testing/list-truth';
import { embeddedUpstream } from '../upstream/upstream';

let service: Service;
let bff: RunningBff;
let tight: RunningBff;
let direct: ReturnType<typeof directCaller>;
let today: string;

const DAY_MS = 24 * 3600_000;

beforeAll(async () => {
  service = await startEmbedded(2000);
  direct = directCaller(service, 'screening-truth');
  today = getMeta(service.ctx.db, 'dataset.today')!;
  [bff, tight] = await Promise.all([
    startBff({ upstream: embeddedUpstream(service), cacheTtlMs: 0, storeMaxAgeMs: 30 * DAY_MS }),
    // A daily budget of 60 credits: a screening of 500 companies may need far more.
    startBff({
      upstream: embeddedUpstream(service),
      cacheTtlMs: 0,
      storeMaxAgeMs: 30 * DAY_MS,
      dailyBudget: 60,
    }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([bff?.close(), tight?.close()]);
});

const balance = () => findKey(service.ctx.db, 'dev-enterprise-key')!.credits;

type Truth = {
  uuid: string;
  headcount_growth_6m?: number | null;
  headcount_growth_12m?: number | null;
  open_roles?: number;
  monthly_visits?: number | null;
};

/** The companies of the list's first 500 (asked of the service directly) whose signals pass, in order. */
async function truthOf(filters: ListFilters, signals: SignalFilters): Promise<Truth[]> {
  const list = (await direct('/api/v1/list/generate/companies', {
    filters,
    limit: 500,
  })) as ListGenerateResponse;
  const out: Truth[] = [];
  for (const c of list.data) {
    const t: Truth = { uuid: c.uuid };
    const q = `company=${encodeURIComponent(c.uuid)}`;
    const visits = signals['signals.monthly_visits'];
    if (visits) {
      const a = (await direct(`/api/v1/company/website-traffic?${q}`)) as {
        data: { estimated_monthly_visits: Record<string, number> };
      };
      const months = Object.keys(a.data.estimated_monthly_visits).sort();
      t.monthly_visits = a.data.estimated_monthly_visits[months.at(-1)!]!;
      if (
        (visits.gte !== undefined && t.monthly_visits < visits.gte) ||
        (visits.lte !== undefined && t.monthly_visits > visits.lte)
      )
        continue;
    }
    const growth = signals['signals.headcount_growth'];
    if (growth) {
      const a = (await direct(`/api/v1/company/headcount-trends?${q}`)) as {
        data: { headcount_growth: { period: string; percent: number | null }[] };
      };
      t.headcount_growth_6m = a.data.headcount_growth.find((g) => g.period === '6m')!.percent;
      t.headcount_growth_12m = a.data.headcount_growth.find((g) => g.period === '12m')!.percent;
      const v = growth.period === '6m' ? t.headcount_growth_6m : t.headcount_growth_12m;
      if (
        v === null ||
        (growth.gte !== undefined && v < growth.gte) ||
        (growth.lte !== undefined && v > growth.lte)
      )
        continue;
    }
    const hiring = signals['signals.hiring'];
    if (hiring) {
      const a = (await direct(`/api/v1/company/jobs?${q}&limit=50`)) as {
        data: { posted_date: string; function: string }[];
      };
      const since = new Date(Date.parse(`${today}T00:00:00Z`) - (hiring.posted_within_days ?? 90) * DAY_MS)
        .toISOString()
        .slice(0, 10);
      t.open_roles = a.data.filter(
        (l) =>
          l.posted_date >= since && (!hiring.functions || hiring.functions.includes(l.function as never)),
      ).length;
      if (t.open_roles < (hiring.min_openings ?? 1)) continue;
    }
    out.push(t);
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

/** Every page of a screened list, `limit` at a time; their rows and what each cost. */
async function allPages(on: RunningBff, body: Record<string, unknown>, limit: number) {
  const rows: ListGenerateResponse['data'] = [];
  const spent: number[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = await list(on, { ...body, limit, offset });
    expect(page.status).toBe(200);
    rows.push(...page.body.data);
    spent.push(page.body.credits_consumed);
    if (offset + limit >= page.body.total_count) return { rows, spent, total: page.body.total_count };
  }
}

/** Screens a list through the BFF and checks it against the truth, the estimate and the ledger. */
async function checkScreening(filters: ListFilters, signals: SignalFilters) {
  const truth = await truthOf(filters, signals);
  const body = { filters: { ...filters, ...signals } };
  const before = await lastLedgerId(bff);
  const key = balance();
  const e = await estimate(bff, { ...body, limit: 25 });
  expect(e).toMatchObject({ screens: true, companies: 500, screened: false, within_budget: true });
  const first = await list(bff, { ...body, limit: 25 });
  expect(first.status).toBe(200);
  const spent = first.body.credits_consumed;
  expect(spent).toBeGreaterThan(0);
  expect(spent).toBeLessThanOrEqual(e.credits_max);
  // What the answer says it cost is what the ledger recorded and what the service's key lost.
  const rows = await ledgerRows(bff, before);
  expect(credits(rows.reduce((s, r) => s + r.credits_consumed, 0))).toBe(spent);
  expect(credits(key - balance())).toBe(spent);
  expect(first.body.total_count).toBe(truth.length);
  expect(first.body.screened).toMatchObject({ passed: truth.length, remembered: false });
  // Paging the screened list: the rest of its pages cost nothing, and together they are the truth.
  const paged = await allPages(bff, body, 25);
  expect(paged.spent.every((c) => c === 0)).toBe(true);
  expect(paged.rows.map((r) => r.uuid)).toEqual(truth.map((t) => t.uuid));
  paged.rows.forEach((r, i) => {
    const { uuid: _u, ...values } = truth[i]!;
    expect(r.signals).toMatchObject(values);
  });
  expect(credits(key - balance())).toBe(spent);
  return { truth, spent, body };
}

describe('signal filters on POST /api/v1/list/generate/companies', () => {
  it('hiring and monthly visits with ordinary filters: exactly the companies whose signals pass, in order', async () => {
    const filters: ListFilters = { 'business_model.gtm_type': ['b2b'] };
    const signals: SignalFilters = {
      'signals.monthly_visits': { gte: 20_000 },
      'signals.hiring': { functions: ['sales', 'engineering'], min_openings: 2 },
    };
    const { truth, body } = await checkScreening(filters, signals);
    expect(truth.length).toBeGreaterThan(5);
    // Every company passing is b2b: the ordinary filter applied before the screening.
    // Its page with a section: the screening remembered, only the page's sections paid (once).
    const before = await lastLedgerId(bff);
    const again = await list(bff, { ...body, limit: 50, sections: ['business_model'] });
    expect(again.body.screened?.remembered).toBe(true);
    expect(again.body.data.map((r) => r.uuid)).toEqual(truth.slice(0, 50).map((t) => t.uuid));
    for (const r of again.body.data) expect(valuesAt(r.business_model, 'gtm_type')).toContain('b2b');
    const rows = await ledgerRows(bff, before);
    expect(credits(rows.reduce((s, r) => s + r.credits_consumed, 0))).toBe(again.body.credits_consumed);
    const twice = await list(bff, { ...body, limit: 50, sections: ['business_model'] });
    expect(twice.body.credits_consumed).toBe(0);
  }, 120_000);

  it('headcount growth over 12 months: the truth, and a second screening of the same companies costs nothing', async () => {
    const filters: ListFilters = { 'location.hq.region': ['150'] };
    const { truth } = await checkScreening(filters, {
      'signals.headcount_growth': { period: '12m', gte: 20 },
    });
    expect(truth.length).toBeGreaterThan(0);
    // The same list screened again within minutes: remembered, free.
    const before = await lastLedgerId(bff);
    const same = await list(bff, {
      filters: { ...filters, 'signals.headcount_growth': { period: '12m', gte: 20 } },
    });
    expect(same.body).toMatchObject({ credits_consumed: 0, total_count: truth.length });
    expect(same.body.screened?.remembered).toBe(true);
    const e = await estimate(bff, {
      filters: { ...filters, 'signals.headcount_growth': { period: '12m', gte: 20 } },
    });
    expect(e).toMatchObject({ screened: true, credits_max: 0 });
    // Another threshold on the same companies: a new screening, every answer from the company store.
    const other = await truthOf(filters, { 'signals.headcount_growth': { period: '6m', lte: 0 } });
    const shrinking = await list(bff, {
      filters: { ...filters, 'signals.headcount_growth': { period: '6m', lte: 0 } },
      limit: 500,
    });
    expect(shrinking.status).toBe(200);
    expect(shrinking.body.screened?.remembered).toBe(false);
    expect(shrinking.body.credits_consumed).toBe(0);
    expect(shrinking.body.data.map((r) => r.uuid)).toEqual(other.map((t) => t.uuid));
    const rows = await ledgerRows(bff, before);
    expect(rows.every((r) => r.credits_consumed === 0)).toBe(true);
  }, 120_000);

  it('composes with company size and exclusions: the list the BFF serves for them, screened', async () => {
    const base = {
      filters: { 'location.hq.region': ['150'], 'firmographic.headcount_range': ['51-200', '201-500'] },
      exclude: { 'location.hq.country': ['DEU'] },
    };
    const signals: SignalFilters = { 'signals.monthly_visits': { gte: 10_000, lte: 2_000_000 } };
    // The list as the BFF serves it without the signal filter, then each company's traffic directly.
    const plain = await list(bff, { ...base, limit: 500 });
    expect(plain.status).toBe(200);
    const expected: string[] = [];
    for (const c of plain.body.data) {
      const a = (await direct(`/api/v1/company/website-traffic?company=${c.uuid}`)) as {
        data: { estimated_monthly_visits: Record<string, number> };
      };
      const v = a.data.estimated_monthly_visits[Object.keys(a.data.estimated_monthly_visits).sort().at(-1)!]!;
      if (v >= 10_000 && v <= 2_000_000) expected.push(c.uuid);
    }
    expect(expected.length).toBeGreaterThan(0);
    const body = { ...base, filters: { ...base.filters, ...signals }, limit: 500 };
    const e = await estimate(bff, body);
    const before = await lastLedgerId(bff);
    const got = await list(bff, body);
    expect(got.status).toBe(200);
    expect(got.body.data.map((r) => r.uuid)).toEqual(expected);
    expect(got.body.credits_consumed).toBeLessThanOrEqual(e.credits_max);
    const rows = await ledgerRows(bff, before);
    expect(credits(rows.reduce((s, r) => s + r.credits_consumed, 0))).toBe(got.body.credits_consumed);
  }, 120_000);

  it('reads signal words in a description and screens by them ("hiring engineers")', async () => {
    const got = await list(bff, { query: 'B2B companies in Europe hiring engineers', limit: 500 });
    expect(got.status).toBe(200);
    expect(got.body.query_translated).toBe(true);
    const { 'signals.hiring': hiring, ...base } = got.body.filters as Record<string, unknown>;
    expect(hiring).toEqual({ functions: ['engineering'] });
    expect(base).toMatchObject({ 'business_model.gtm_type': ['b2b'], 'location.hq.region': ['150'] });
    const truth = await truthOf(base as ListFilters, { 'signals.hiring': { functions: ['engineering'] } });
    expect(truth.length).toBeGreaterThan(0);
    expect(got.body.data.map((r) => r.uuid)).toEqual(truth.map((t) => t.uuid));
    for (const r of got.body.data) expect(r.signals?.open_roles).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it('refuses with 402 before anything is spent when the budget cannot cover the worst case', async () => {
    const body = { filters: { 'business_model.gtm_type': ['b2c'], 'signals.hiring': {} } };
    const e = await estimate(tight, body);
    expect(e.credits_max).toBeGreaterThan(60);
    expect(e).toMatchObject({ within_budget: false, budget_remaining: 60 });
    const before = await lastLedgerId(tight);
    const key = balance();
    const res = await tight.post(LIST_PATH, body);
    expect(res.status).toBe(402);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(((await res.json()) as { detail: string }).detail).toMatch(/Screening up to 500 companies/);
    expect(await ledgerRows(tight, before)).toEqual([]);
    expect(balance()).toBe(key);
  });

  it('answers 400 naming the field for a bad signal filter, and spends nothing', async () => {
    const key = balance();
    const before = await lastLedgerId(bff);
    const bad: [Record<string, unknown>, string][] = [
      [{ 'signals.headcount_growth': { period: '3m', gte: 10 } }, 'filters.signals.headcount_growth.period'],
      [
        { 'signals.headcount_growth': { period: '6m', gte: 30, lte: 10 } },
        'filters.signals.headcount_growth.gte',
      ],
      [{ 'signals.hiring': { functions: ['sales', 'astrology'] } }, 'filters.signals.hiring.functions.1'],
      [{ 'signals.hiring': { min_openings: -1 } }, 'filters.signals.hiring.min_openings'],
      [{ 'signals.hiring': { posted_within_days: 0 } }, 'filters.signals.hiring.posted_within_days'],
      [{ 'signals.monthly_visits': { gte: -5 } }, 'filters.signals.monthly_visits.gte'],
      [{ 'signals.monthly_visits': {} }, 'filters.signals.monthly_visits'],
      [{ 'signals.traffic': { gte: 1 } }, 'filters.signals.traffic'],
    ];
    for (const [filters, path] of bad) {
      for (const to of [LIST_PATH, '/bff/lists/screen/estimate']) {
        const res = await bff.post(to, { filters });
        expect(res.status, JSON.stringify(filters)).toBe(400);
        expect(res.headers.get('content-type')).toContain('application/problem+json');
        const problem = (await res.json()) as { errors: { path: string; message: string }[] };
        expect(
          problem.errors.map((e) => e.path),
          JSON.stringify(problem),
        ).toContain(path);
      }
    }
    expect(await ledgerRows(bff, before)).toEqual([]);
    expect(balance()).toBe(key);
  });
});

describe('signal filters with the company store counted', () => {
  it('does not refuse a re-screen on a tight budget when the company store holds all it needs: it costs nothing', async () => {
    // A small list, its order and each company's website traffic read through the tight BFF once
    // (as the grid and the company page would): then screening it by visits needs nothing more.
    let filters: ListFilters | undefined;
    let size = 0;
    for (const country of ['NZL', 'IRL', 'FIN', 'NOR', 'DNK', 'PRT', 'AUT', 'SGP', 'BEL', 'CHE']) {
      const probe = (await direct('/api/v1/list/generate/companies', {
        filters: { 'location.hq.country': [country] },
        limit: 1,
      })) as ListGenerateResponse;
      if (probe.total_count >= 3 && probe.total_count <= 25) {
        filters = { 'location.hq.country': [country] };
        size = probe.total_count;
        break;
      }
    }
    expect(filters, 'a country with 3 to 25 companies').toBeDefined();
    const signals: SignalFilters = { 'signals.monthly_visits': { gte: 1000 } };
    const body = { filters: { ...filters!, ...signals } };
    // A daily budget of 120: the list's order at the plan's 500 a page holds 101.5, a screening of
    // 500 companies by traffic may cost over 600.
    const tight = await startBff({
      upstream: embeddedUpstream(service),
      cacheTtlMs: 0,
      storeMaxAgeMs: 30 * DAY_MS,
      dailyBudget: 120,
    });
    onTestFinished(() => tight.close());
    const cold = await estimate(tight, body);
    expect(cold).toMatchObject({ within_budget: false });
    expect(cold.credits_max).toBeGreaterThan(120);
    const order = await list(tight, { filters, limit: PLAN_RULES.enterprise.maxListLimit });
    expect(order.status).toBe(200);
    expect(order.body.data.length).toBe(size);
    for (const c of order.body.data) {
      const res = await tight.call(`/api/v1/company/website-traffic?company=${c.uuid}`);
      expect(res.status).toBe(200);
    }
    const warm = await estimate(tight, body);
    expect(warm).toMatchObject({ credits_max: 0, store_counted: true, within_budget: true, companies: size });
    const truth = await truthOf(filters!, signals);
    expect(truth.length).toBeGreaterThan(0);
    const before = await lastLedgerId(tight);
    const key = balance();
    const got = await list(tight, body);
    expect(got.status).toBe(200);
    expect(got.body.credits_consumed).toBe(0);
    expect(got.body.data.map((r) => r.uuid)).toEqual(truth.map((t) => t.uuid));
    expect((await ledgerRows(tight, before)).every((r) => r.credits_consumed === 0)).toBe(true);
    expect(balance()).toBe(key);
    // A company the store lacks would be bought: its price counted, still within the budget left.
    const wider = { filters: { ...filters!, 'signals.headcount_growth': { period: '12m', gte: -100 } } };
    const part = await estimate(tight, wider);
    expect(part.store_counted).toBe(true);
    expect(part.credits_max).toBe(credits(size * 2.5));
  }, 120_000);
});
