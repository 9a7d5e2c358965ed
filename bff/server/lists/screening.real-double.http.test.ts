/**
 * Signal filters through the BFF in remote mode on the real-service double
 * (bff/testing/real-service-double.ts), with the team's company store on: the double answers the
 * signal endpoints in the vendor's envelopes (headcount trends and website traffic without `status`)
 * and knows nothing of the BFF's `signals.*` keys, so the BFF's tolerant reader and screening must
 * give what the endpoints say when asked directly: the companies that pass, in the list's order,
 * with their values; the cost equal to the ledger; a second screening of the same companies free;
 * every match of a list past 500 (`screen: "all"`), cut into slices on the double.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListGenerateResponse } from '../../contract/api';
import { credits } from '../../contract/pricing';
import type { SignalFilters } from '../../contract/signal-filters';
import type { Service } from '../../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { LIST_PATH, lastLedgerId, ledgerRows } from '../../testing/list-pages';
import { type RealServiceDouble, startRealServiceDouble } from '../../testing/real-service-double';
import { remoteUpstream, type Upstream } from '../upstream/upstream';

const DAY_MS = 24 * 3600_000;

let service: Service;
let double: RealServiceDouble;
let upstream: Upstream;
let bff: RunningBff;
let direct: ReturnType<typeof directCaller>;

beforeAll(async () => {
  service = await startEmbedded(1500, { seed: 11 });
  direct = directCaller(service, 'double-screening-truth');
  double = await startRealServiceDouble(service);
  upstream = remoteUpstream(double.url, 'dev-enterprise-key', 'enterprise');
  bff = await startBff({ upstream, cacheTtlMs: 0, storeMaxAgeMs: 30 * DAY_MS });
}, 120_000);

afterAll(async () => {
  await bff?.close();
  upstream?.close();
  await double?.close();
  service?.close();
});

import { directCaller } from '../../testing/list-truth';

describe('signal filters on the real-service double', () => {
  it('screens by visits, growth and hiring: the truth read from the endpoints, its cost ledgered, then free', async () => {
    const filters = { 'location.hq.country': ['DEU', 'FRA'] };
    const signals: SignalFilters = {
      'signals.monthly_visits': { gte: 5_000 },
      'signals.headcount_growth': { period: '6m', gte: 0 },
      // On the real service the days count from the calendar's today.
      'signals.hiring': { posted_within_days: 365 },
    };
    const since = new Date(Date.now() - 365 * DAY_MS).toISOString().slice(0, 10);
    const list = await direct<ListGenerateResponse>('/api/v1/list/generate/companies', {
      filters,
      limit: 500,
    });
    expect(list.total_count).toBeGreaterThan(20);
    const truth: { uuid: string; values: Record<string, unknown> }[] = [];
    for (const c of list.data) {
      const q = `company=${c.uuid}`;
      const traffic = await direct<{ data: { estimated_monthly_visits: Record<string, number> } }>(
        `/api/v1/company/website-traffic?${q}`,
      );
      const months = Object.keys(traffic.data.estimated_monthly_visits).sort();
      const visits = traffic.data.estimated_monthly_visits[months.at(-1)!]!;
      if (visits < 5_000) continue;
      const trends = await direct<{
        data: { headcount_growth: { period: string; percent: number | null }[] };
      }>(`/api/v1/company/headcount-trends?${q}`);
      const g6 = trends.data.headcount_growth.find((g) => g.period === '6m')!.percent;
      const g12 = trends.data.headcount_growth.find((g) => g.period === '12m')!.percent;
      if (g6 === null || g6 < 0) continue;
      const jobs = await direct<{ data: { posted_date: string }[]; count: number }>(
        `/api/v1/company/jobs?${q}&limit=50`,
      );
      const open = jobs.data.filter((l) => l.posted_date >= since).length;
      if (open < 1) continue;
      truth.push({
        uuid: c.uuid,
        values: {
          monthly_visits: visits,
          headcount_growth_6m: g6,
          headcount_growth_12m: g12,
          open_roles: open,
          open_listings: jobs.count,
        },
      });
    }
    expect(truth.length).toBeGreaterThan(3);

    const body = { filters: { ...filters, ...signals }, limit: 500 };
    const before = await lastLedgerId(bff);
    const res = await bff.post(LIST_PATH, body);
    expect(res.status).toBe(200);
    const got = (await res.json()) as ListGenerateResponse;
    expect(got.data.map((r) => r.uuid)).toEqual(truth.map((t) => t.uuid));
    got.data.forEach((r, i) => {
      expect(r.signals).toEqual(truth[i]!.values);
    });
    expect(got.total_count).toBe(truth.length);
    expect(got.credits_consumed).toBeGreaterThan(0);
    const rows = await ledgerRows(bff, before);
    expect(credits(rows.reduce((s, r) => s + r.credits_consumed, 0))).toBe(got.credits_consumed);

    // Another threshold on the same companies: a new screening, every answer from the company store.
    const mid = await lastLedgerId(bff);
    const again = await bff.post(LIST_PATH, {
      ...body,
      filters: { ...body.filters, 'signals.monthly_visits': { gte: 6_000 } },
    });
    expect(again.status).toBe(200);
    const second = (await again.json()) as ListGenerateResponse;
    expect(second.screened?.remembered).toBe(false);
    expect(second.credits_consumed).toBe(0);
    expect(second.data.map((r) => r.uuid)).toEqual(
      truth.filter((t) => (t.values.monthly_visits as number) >= 6_000).map((t) => t.uuid),
    );
    expect((await ledgerRows(bff, mid)).every((r) => r.credits_consumed === 0)).toBe(true);
  }, 180_000);

  it('screens every match of a list past 500 (cut into slices on the double), against the truth', async () => {
    const uuids = (
      service.ctx.db.prepare("SELECT uuid FROM companies WHERE company_type = 'private'").all() as {
        uuid: string;
      }[]
    ).map((r) => r.uuid);
    expect(uuids.length).toBeGreaterThan(500);
    const passing: string[] = [];
    for (const uuid of uuids) {
      const a = await direct<{ data: { estimated_monthly_visits: Record<string, number> } }>(
        `/api/v1/company/website-traffic?company=${encodeURIComponent(uuid)}`,
      );
      const months = a.data.estimated_monthly_visits;
      if (months[Object.keys(months).sort().at(-1)!]! >= 20_000) passing.push(uuid);
    }
    expect(passing.length).toBeLessThanOrEqual(500);
    const body = {
      filters: { 'firmographic.company_type': ['private'], 'signals.monthly_visits': { gte: 20_000 } },
      screen: 'all',
    };
    const before = await lastLedgerId(bff);
    const got: string[] = [];
    let spent = 0;
    for (let offset = 0; ; offset += 100) {
      const res = await bff.post(LIST_PATH, { ...body, limit: 100, offset });
      expect(res.status).toBe(200);
      const page = (await res.json()) as ListGenerateResponse;
      if (offset === 0)
        expect(page.screened).toMatchObject({ companies: uuids.length, passed: passing.length });
      spent += page.credits_consumed;
      got.push(...page.data.map((r) => r.uuid));
      if (offset + 100 >= page.total_count) break;
    }
    expect([...got].sort()).toEqual([...passing].sort());
    const rows = await ledgerRows(bff, before);
    expect(credits(rows.reduce((s, r) => s + r.credits_consumed, 0))).toBe(credits(spent));
  });
});
