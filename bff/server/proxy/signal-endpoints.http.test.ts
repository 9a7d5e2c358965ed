/**
 * The real service's three signal endpoints through the whole BFF over real HTTP (decisions section
 * 15): headcount trends, job listings and website traffic, on the embedded service and on the
 * real-service double, on the project's store (SQLite, and PostgreSQL in that project). Each answer
 * equals the embedded service's own; the ledger holds what was charged; a second read within the
 * store's max age, by anyone in the team, costs nothing and says what it saved; a bad parameter is a
 * 400 problem that spends nothing and reaches no upstream; a worst case over the budget is a 402
 * before anything goes upstream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadcountTrendsResponse, JobsResponse, WebsiteTrafficResponse } from '../../contract/api';
import { UsageResponse } from '../../contract/bff';
import { CREDITS_SAVED_HEADER } from '../../contract/company-store';
import { Problem } from '../../contract/problem';
import type { Service } from '../../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { type RealServiceDouble, startRealServiceDouble } from '../../testing/real-service-double';
import { RealHeadcountTrends, RealJobs, RealWebsiteTraffic } from '../../testing/real-service-shapes';
import { embeddedUpstream, remoteUpstream, type Upstream } from '../upstream/upstream';

const KEY = 'dev-enterprise-key';
const DAY_MS = 86_400_000;
const TRENDS = '/api/v1/company/headcount-trends';
const JOBS = '/api/v1/company/jobs';
const TRAFFIC = '/api/v1/company/website-traffic';
const SCHEMAS = {
  [TRENDS]: HeadcountTrendsResponse,
  [JOBS]: JobsResponse,
  [TRAFFIC]: WebsiteTrafficResponse,
};

let service: Service;
let double: RealServiceDouble;
let remote: Upstream;
/** Operating companies with open listings, largest first (each test takes its own). */
let companies: { uuid: string; website: string }[];

beforeAll(async () => {
  service = await startEmbedded(1500);
  double = await startRealServiceDouble(service);
  remote = remoteUpstream(double.url, KEY);
  companies = service.ctx.db
    .prepare(
      `SELECT uuid, website FROM companies
       WHERE json_extract(s_firmographic, '$.operating_status.code') <> 'closed'
       ORDER BY employee_count DESC LIMIT 40`,
    )
    .all() as typeof companies;
});
afterAll(async () => {
  remote?.close();
  await double?.close();
  await service?.close();
});

/** The embedded service's own answer (what the BFF must give, field for field). */
async function truth(path: string): Promise<Record<string, unknown> & { credits_consumed: number }> {
  const res = await service.fetch(new Request(`http://service${path}`, { headers: { 'x-api-key': KEY } }));
  expect(res.status, path).toBe(200);
  return (await res.json()) as Record<string, unknown> & { credits_consumed: number };
}

function withoutCredits(answer: Record<string, unknown>): Record<string, unknown> {
  const { credits_consumed: _c, ...rest } = answer;
  return rest;
}

async function usage(b: RunningBff, user: string) {
  return UsageResponse.parse(await (await b.call('/bff/usage', { headers: await b.as(user) })).json());
}

/** The paths of one company: trends, a page of jobs, traffic. */
function pathsOf(c: { uuid: string; website: string }, byWebsite = false): string[] {
  const company = byWebsite ? encodeURIComponent(c.website) : c.uuid;
  return [
    `${TRENDS}?company=${company}`,
    `${JOBS}?company=${company}&limit=20`,
    `${TRAFFIC}?company=${company}`,
  ];
}

const UPSTREAMS = [
  { name: 'the embedded service', upstream: () => embeddedUpstream(service, KEY), first: 0 },
  { name: 'the real-service double', upstream: () => remote, first: 20 },
] as const;

describe.each(UPSTREAMS)('the signal endpoints through the BFF on $name', ({ upstream, first }) => {
  let bff: RunningBff;
  let next = first;
  const company = () => companies[next++]!;

  beforeAll(async () => {
    bff = await startBff({ upstream: upstream(), mode: 'team', cacheTtlMs: 0, storeMaxAgeMs: 30 * DAY_MS });
  });
  afterAll(() => bff?.close());

  it('answers as the service does, ledgers the price, and a second read by anyone is free', async () => {
    const c = company();
    for (const path of pathsOf(c)) {
      const expected = await truth(path);
      expect(expected.credits_consumed).toBeGreaterThan(0);
      const before = await usage(bff, 'ann');
      const calls = bff.calls.length;
      const res = await bff.call(path, { headers: await bff.as('ann') });
      expect(res.status, path).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toEqual(expected);
      SCHEMAS[path.split('?')[0] as keyof typeof SCHEMAS].parse(body);
      expect(bff.calls.length).toBe(calls + 1);
      expect(res.headers.get(CREDITS_SAVED_HEADER)).toBeNull();
      // The ledger holds the call at what the service charged.
      const after = await usage(bff, 'ann');
      expect(after.spent_today).toBeCloseTo(before.spent_today + expected.credits_consumed, 9);
      expect(after.recent[0]).toMatchObject({
        method: 'GET',
        endpoint: path.split('?')[0],
        status: 200,
        credits_consumed: expected.credits_consumed,
      });

      // Another user of the team, within the max age: the store's copy, nothing upstream, nothing paid.
      const bobBefore = await usage(bff, 'bob');
      const again = await bff.call(path, { headers: await bff.as('bob') });
      expect(again.status).toBe(200);
      const kept = (await again.json()) as Record<string, unknown>;
      expect(kept.credits_consumed).toBe(0);
      expect(withoutCredits(kept)).toEqual(withoutCredits(expected));
      expect(Number(again.headers.get(CREDITS_SAVED_HEADER))).toBe(expected.credits_consumed);
      expect(bff.calls.length, `${path} asked again went upstream`).toBe(calls + 1);
      const bobAfter = await usage(bff, 'bob');
      expect(bobAfter.spent_today).toBe(bobBefore.spent_today);
      expect(bobAfter.saved_today).toBeCloseTo(bobBefore.saved_today + expected.credits_consumed, 9);
    }
  });

  it('a company asked by its website is one answer with the one asked by its uuid, each kept', async () => {
    const c = company();
    for (const [i, path] of pathsOf(c, true).entries()) {
      const expected = await truth(pathsOf(c)[i]!);
      const res = await bff.call(path, { headers: await bff.as('ann') });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(expected);
      const calls = bff.calls.length;
      const again = await bff.call(path, { headers: await bff.as('carl') });
      expect(((await again.json()) as { credits_consumed: number }).credits_consumed).toBe(0);
      expect(bff.calls.length).toBe(calls);
    }
  });

  it('a no-cache request buys afresh and pays again', async () => {
    const c = company();
    const path = `${TRAFFIC}?company=${c.uuid}`;
    await bff.call(path, { headers: await bff.as('ann') });
    const calls = bff.calls.length;
    const res = await bff.call(path, { headers: { ...(await bff.as('ann')), 'cache-control': 'no-cache' } });
    expect(((await res.json()) as { credits_consumed: number }).credits_consumed).toBe(1);
    expect(bff.calls.length).toBe(calls + 1);
  });

  it('a bad parameter is a 400 problem naming it: nothing upstream, nothing spent', async () => {
    const c = company();
    const bad: [string, string | undefined][] = [
      [`${JOBS}?company=${c.uuid}&limit=51`, 'limit'],
      [`${JOBS}?company=${c.uuid}&limit=ten`, 'limit'],
      [`${JOBS}?company=${c.uuid}&offset=-1`, 'offset'],
      [JOBS, 'company'],
      [`${TRENDS}?company=`, 'company'],
      [`${TRENDS}?company=${c.uuid}&period=6m`, undefined],
      [`${TRAFFIC}?company=${c.uuid}&limit=1`, undefined],
    ];
    const before = await usage(bff, 'dana');
    const calls = bff.calls.length;
    for (const [path, field] of bad) {
      const res = await bff.call(path, { headers: await bff.as('dana') });
      expect(res.status, path).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      const problem = Problem.parse(await res.json());
      if (field) expect(problem.errors?.map((e) => e.path)).toContain(field);
    }
    expect(bff.calls.length).toBe(calls);
    const after = await usage(bff, 'dana');
    expect(after.spent_today).toBe(before.spent_today);
  });

  it('an unknown company is a 404 problem and free', async () => {
    const before = await usage(bff, 'erin');
    for (const path of [TRENDS, JOBS, TRAFFIC]) {
      const res = await bff.call(`${path}?company=no-such-company-anywhere.com`, {
        headers: await bff.as('erin'),
      });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
    expect((await usage(bff, 'erin')).spent_today).toBe(before.spent_today);
  });
});

describe('the real-service double', () => {
  it('answers the three endpoints in the real service’s envelopes, which the BFF reads as the embedded one’s', async () => {
    const c = companies[30]!;
    const real = [RealHeadcountTrends, RealJobs, RealWebsiteTraffic];
    for (const [i, path] of pathsOf(c).entries()) {
      const res = await fetch(`${double.url}${path}`, { headers: { 'x-api-key': KEY } });
      expect(res.status, path).toBe(200);
      const body = real[i]!.parse(await res.json());
      // Headcount trends and website traffic come without `status`; the BFF's reader adds it.
      if (path.startsWith(JOBS)) expect(body).toHaveProperty('status', 'success');
      else expect(body).not.toHaveProperty('status');
    }
    // The documented spelling only: the slashed path is a redirect to it.
    const slashed = await fetch(`${double.url}${TRENDS}/?company=${c.uuid}`, {
      headers: { 'x-api-key': KEY },
      redirect: 'manual',
    });
    expect(slashed.status).toBe(307);
  });
});

describe('the signal endpoints and the daily budget', () => {
  let bff: RunningBff;
  beforeAll(async () => {
    bff = await startBff({
      upstream: embeddedUpstream(service, KEY),
      mode: 'team',
      cacheTtlMs: 0,
      storeMaxAgeMs: 30 * DAY_MS,
      dailyBudget: 4.8,
    });
  });
  afterAll(() => bff?.close());

  it('holds job listings at a full page of their limit: over the budget is a 402 before anything is asked', async () => {
    const c = companies[10]!;
    const headers = await bff.as('fay');
    const calls = bff.calls.length;
    // 50 listings may cost 5: more than the 4.8 of the day's budget, refused before the service is asked.
    const refused = await bff.call(`${JOBS}?company=${c.uuid}&limit=50`, { headers });
    expect(refused.status).toBe(402);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(Problem.parse(await refused.json()).detail).toContain('up to 5 credits');
    expect(bff.calls.length).toBe(calls);
    // 40 fit (4), and are paid; then headcount trends (2.5) no longer fits the 0.8 left.
    const fits = await bff.call(`${JOBS}?company=${c.uuid}&limit=40`, { headers });
    expect(fits.status).toBe(200);
    expect(((await fits.json()) as { credits_consumed: number }).credits_consumed).toBe(4);
    const over = await bff.call(`${TRENDS}?company=${c.uuid}`, { headers });
    expect(over.status).toBe(402);
    expect(bff.calls.length).toBe(calls + 1);
    expect((await usage(bff, 'fay')).spent_today).toBe(4);
    // What the store holds is free, so it is served whatever is left.
    const kept = await bff.call(`${JOBS}?company=${c.uuid}&limit=40`, { headers });
    expect(kept.status).toBe(200);
    expect(bff.calls.length).toBe(calls + 1);
  });
});
