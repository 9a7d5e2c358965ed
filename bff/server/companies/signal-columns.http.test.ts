/**
 * Signal columns (issue 36) through the whole BFF over real HTTP on a real embedded service, with the
 * team's company store on: the values of `POST /bff/companies/signals` equal what the signal
 * endpoints answer for those companies when asked directly; the quote before equals what is then
 * paid, the ledger and the service's key; a second read costs nothing (ledgered at 0); a Jobs tab's
 * first page serves "Open roles" and the tab's own quote; the CSV export writes the columns from the
 * same values; 402 and 400 before anything is spent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListGenerateResponse } from '../../contract/api';
import { credits } from '../../contract/pricing';
import type { CompanySignalsResponse, SignalQuote } from '../../contract/signal-columns';
import type { Service } from '../../embedded/service';
import { findKey } from '../../embedded/store/keys';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { lastLedgerId, ledgerRows } from '../../testing/list-pages';
import { directCaller } from '../../testing/list-truth';
import { parseCsv } from '../../testing/parse-csv';
import { embeddedUpstream } from '../upstream/upstream';

const DAY_MS = 24 * 3600_000;
const READINGS = ['headcount_trends', 'open_roles', 'website_traffic'] as const;
const COLUMNS = [
  'name',
  'signals.headcount_growth_6m',
  'signals.headcount_growth_12m',
  'signals.open_listings',
  'signals.monthly_visits',
];

let service: Service;
let bff: RunningBff;
let tight: RunningBff;
let direct: ReturnType<typeof directCaller>;
let companies: string[];

beforeAll(async () => {
  service = await startEmbedded(1500);
  direct = directCaller(service, 'signal-columns-truth');
  [bff, tight] = await Promise.all([
    startBff({ upstream: embeddedUpstream(service), cacheTtlMs: 0, storeMaxAgeMs: 30 * DAY_MS }),
    startBff({
      upstream: embeddedUpstream(service),
      cacheTtlMs: 0,
      storeMaxAgeMs: 30 * DAY_MS,
      dailyBudget: 5,
    }),
  ]);
  const list = (await direct('/api/v1/list/generate/companies', {
    filters: { 'location.hq.country': ['FRA'] },
    limit: 12,
  })) as ListGenerateResponse;
  companies = list.data.map((c) => c.uuid);
}, 120_000);

afterAll(async () => {
  await Promise.all([bff?.close(), tight?.close()]);
  service?.close();
});

const balance = () => findKey(service.ctx.db, 'dev-enterprise-key')!.credits;

/** A company's signal values as the endpoints answer them, asked directly. */
async function truthOf(uuid: string) {
  const q = `company=${encodeURIComponent(uuid)}`;
  const trends = (await direct(`/api/v1/company/headcount-trends?${q}`)) as {
    data: { headcount_growth: { period: string; percent: number | null }[] };
  };
  const jobs = (await direct(`/api/v1/company/jobs?${q}&limit=50`)) as { count: number };
  const traffic = (await direct(`/api/v1/company/website-traffic?${q}`)) as {
    data: { estimated_monthly_visits: Record<string, number> };
  };
  const months = Object.keys(traffic.data.estimated_monthly_visits).sort();
  return {
    headcount_growth_6m: trends.data.headcount_growth.find((g) => g.period === '6m')!.percent,
    headcount_growth_12m: trends.data.headcount_growth.find((g) => g.period === '12m')!.percent,
    open_listings: jobs.count,
    monthly_visits: traffic.data.estimated_monthly_visits[months.at(-1)!]!,
  };
}

const savedToday = async () =>
  ((await (await bff.call('/bff/usage')).json()) as { saved_today: number }).saved_today;

async function quote(on: RunningBff, body: unknown): Promise<SignalQuote> {
  const res = await on.post('/bff/companies/signals/quote', body);
  expect(res.status).toBe(200);
  return (await res.json()) as SignalQuote;
}

describe('signal columns: POST /bff/companies/signals', () => {
  it('answers what the signal endpoints answer, at the quoted price, and a second read costs nothing', async () => {
    const some = companies.slice(0, 8);
    const q = await quote(bff, { companies: some, readings: READINGS });
    // Headcount trends 2.5, one listing at most 0.5, website traffic 1: 4 a company, nothing stored.
    expect(q).toMatchObject({ credits: 32, credits_without_store: 32, pairs_missing: 24, pairs_stored: 0 });
    const before = await lastLedgerId(bff);
    const key = balance();
    const res = await bff.post('/bff/companies/signals', { companies: some, readings: READINGS });
    expect(res.status).toBe(200);
    const got = (await res.json()) as CompanySignalsResponse;
    expect(got.data.map((d) => d.company)).toEqual(some);
    for (const d of got.data) expect(d.signals).toEqual(await truthOf(d.company));
    // Paid: at most the quote (a company without listings pays 0 for its probe), as ledgered and charged.
    expect(got.credits_consumed).toBeGreaterThan(0);
    expect(got.credits_consumed).toBeLessThanOrEqual(q.credits);
    const rows = await ledgerRows(bff, before);
    expect(credits(rows.reduce((s, r) => s + r.credits_consumed, 0))).toBe(got.credits_consumed);
    expect(credits(key - balance())).toBe(got.credits_consumed);

    // Again: everything from the store, free, and the ledger says so.
    const again = await quote(bff, { companies: some, readings: READINGS });
    expect(again).toMatchObject({ credits: 0, pairs_missing: 0, pairs_stored: 24 });
    expect(again.stored).toEqual({ headcount_trends: 8, open_roles: 8, website_traffic: 8 });
    const mid = await lastLedgerId(bff);
    const savedBefore = await savedToday();
    const second = (await (
      await bff.post('/bff/companies/signals', { companies: some, readings: READINGS })
    ).json()) as CompanySignalsResponse;
    expect(second).toEqual({ ...got, credits_consumed: 0 });
    // Nothing bought: no paid line in the ledger, the service's key untouched.
    const free = await ledgerRows(bff, mid);
    expect(free.every((r) => r.credits_consumed === 0)).toBe(true);
    expect(credits(key - balance())).toBe(got.credits_consumed);
    // What the store saved the user is what the first read paid.
    expect(credits((await savedToday()) - savedBefore)).toBe(got.credits_consumed);
  }, 120_000);

  it('counts a Jobs tab’s first page as stored: the tab shows "Stored" and Open roles reads it free', async () => {
    const uuid = companies[9]!;
    const blank = await quote(bff, { companies: [uuid], readings: ['jobs', 'open_roles'] });
    expect(blank).toMatchObject({ credits: 5.5, stored: { jobs: 0, open_roles: 0 } });
    // The Jobs tab's first page, as the web app asks for it (query text).
    const tab = await bff.call(`/api/v1/company/jobs?company=${uuid}&limit=50&offset=0`);
    expect(tab.status).toBe(200);
    const after = await quote(bff, { companies: [uuid], readings: ['jobs', 'open_roles'] });
    expect(after).toMatchObject({ credits: 0, stored: { jobs: 1, open_roles: 1 } });
    const before = await lastLedgerId(bff);
    const got = (await (
      await bff.post('/bff/companies/signals', { companies: [uuid], readings: ['open_roles'] })
    ).json()) as CompanySignalsResponse;
    expect(got.credits_consumed).toBe(0);
    expect(got.data[0]!.signals.open_listings).toBe((await truthOf(uuid)).open_listings);
    expect((await ledgerRows(bff, before)).every((r) => r.credits_consumed === 0)).toBe(true);
  });

  it('exports the signal columns from the same values: numbers as plain digits, empty when unknown', async () => {
    const request = { filters: { 'location.hq.country': ['FRA'] }, limit: 12 };
    const res = await bff.post('/bff/exports', { request, columns: COLUMNS, uuids: companies.slice(0, 10) });
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv(await res.text());
    expect(header).toEqual([
      'Company',
      'Headcount growth (6 months)',
      'Headcount growth (12 months)',
      'Open roles',
      'Monthly visits (last month)',
    ]);
    expect(rows.length).toBe(10);
    const truths = await Promise.all(companies.slice(0, 10).map(truthOf));
    rows.forEach((row, i) => {
      const t = truths[i]!;
      const cell = (v: number | null) => (v === null ? '' : String(v));
      expect(row.slice(1)).toEqual([
        cell(t.headcount_growth_6m),
        cell(t.headcount_growth_12m),
        String(t.open_listings),
        String(t.monthly_visits),
      ]);
    });
  }, 120_000);

  it('refuses with 402 before buying when the readings it lacks do not fit the budget left', async () => {
    const before = await lastLedgerId(tight);
    const key = balance();
    const res = await tight.post('/bff/companies/signals', {
      companies: companies.slice(0, 4),
      readings: READINGS,
    });
    expect(res.status).toBe(402);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(((await res.json()) as { detail: string }).detail).toMatch(/up to 16 credits/);
    expect(await ledgerRows(tight, before)).toEqual([]);
    expect(balance()).toBe(key);
  });

  it('answers 400 naming the field for a bad request, and spends nothing', async () => {
    const key = balance();
    const bad: [unknown, string][] = [
      [{ companies: [], readings: ['open_roles'] }, 'companies'],
      [{ companies: ['x'], readings: ['astrology'] }, 'readings.0'],
      [{ companies: ['x'], readings: ['jobs'] }, 'readings'],
      [{ companies: ['x'], readings: ['open_roles'], extra: 1 }, ''],
    ];
    for (const [body, path] of bad) {
      const res = await bff.post('/bff/companies/signals', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      if (path !== '') {
        const problem = (await res.json()) as { errors: { path: string }[] };
        expect(problem.errors.map((e) => e.path)).toContain(path);
      }
    }
    expect(balance()).toBe(key);
  });
});
