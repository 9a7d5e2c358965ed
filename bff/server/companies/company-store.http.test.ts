/**
 * The team's company store through the whole BFF over real HTTP, on a real embedded service and the
 * project's store (SQLite, and PostgreSQL in that project): answers equal to the service's but for
 * `credits_consumed`, exactly the missing (company, section) pairs bought, the max age, `no-cache`,
 * `x-credits-saved` and `saved_today`, two instances sharing one store, and the ledger equal to what
 * the service charged.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AS_OF_HEADER, CREDITS_SAVED_HEADER, readAsOf } from '../../contract/company-store';
import { enrichmentCost, listGenerationCost } from '../../contract/pricing';
import type { Service } from '../../embedded/service';
import { type RecordedCall, type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { embeddedUpstream } from '../upstream/upstream';

const KEY = 'dev-enterprise-key';
const DAY_MS = 86_400_000;
const LIST = '/api/v1/list/generate/companies';
const ENRICH = '/api/v1/company/enrichment';

let service: Service;
let clock = Date.parse('2026-12-01T10:00:00Z');
const now = () => new Date(clock);

/** What the service charged for the calls that reached it (summed from its answers). */
let charged = 0;
let bff: RunningBff;

async function direct(path: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const res = await service.fetch(
    new Request(`http://service${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', 'x-api-key': KEY },
    }),
  );
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

const directList = (body: unknown) => direct(LIST, { method: 'POST', body: JSON.stringify(body) });

/** The answer without what it cost (the one field a stored answer may differ in). */
function withoutCredits(answer: Record<string, unknown>): Record<string, unknown> {
  const { credits_consumed: _c, ...rest } = answer;
  return rest;
}

async function startStoreBff(o: { maxAgeMs?: number; store?: RunningBff['store'] } = {}) {
  const b = await startBff({
    upstream: embeddedUpstream(service, KEY),
    mode: 'team',
    cacheTtlMs: 0,
    storeMaxAgeMs: o.maxAgeMs ?? 30 * DAY_MS,
    now,
    ...(o.store ? { store: o.store } : {}),
  });
  b.stage(async (_call, _n, real) => {
    const res = await real();
    const text = await res.text();
    try {
      const spent = (JSON.parse(text) as { credits_consumed?: number }).credits_consumed;
      if (res.ok && typeof spent === 'number') charged += spent;
    } catch {}
    return new Response(text, { status: res.status, headers: res.headers });
  });
  return b;
}

async function list(b: RunningBff, body: unknown, user = 'ann', headers: Record<string, string> = {}) {
  const res = await b.post(LIST, body, { headers: { ...(await b.as(user)), ...headers } });
  expect(res.status).toBe(200);
  return {
    body: (await res.json()) as Record<string, unknown> & {
      data: { uuid: string }[];
      credits_consumed: number;
    },
    saved: Number(res.headers.get(CREDITS_SAVED_HEADER) ?? 0),
    asOf: readAsOf(res.headers.get(AS_OF_HEADER)),
  };
}

async function usage(b: RunningBff, user = 'ann') {
  const res = await b.call('/bff/usage', { headers: await b.as(user) });
  return (await res.json()) as { spent_today: number; saved_today: number };
}

const upstreamCalls = (b: RunningBff, path: string): RecordedCall[] => b.calls.filter((c) => c.path === path);

beforeAll(async () => {
  service = await startEmbedded(1500);
});

afterAll(() => service?.close());

/** A BFF of its own for each test of a list page, its clock and charges at their start. */
async function freshStoreBff() {
  await bff?.close();
  charged = 0;
  clock = Date.parse('2026-12-01T10:00:00Z');
  bff = await startStoreBff();
}

const page = {
  filters: { 'location.hq.country': ['DEU', 'FRA', 'GBR'] },
  sort_by: 'founded_year',
  sort_order: 'asc',
  limit: 25,
  offset: 0,
};

describe('list pages through the company store', () => {
  beforeEach(freshStoreBff);
  afterAll(() => bff?.close());

  it('answers as the service does, and pays for a page once', async () => {
    const body = { ...page, sections: ['firmographic', 'industry'] };
    const truth = await directList(body);
    const first = await list(bff, body);
    expect(withoutCredits(first.body)).toEqual(withoutCredits(truth));
    expect(first.body.credits_consumed).toBe(truth.credits_consumed);
    expect(first.asOf).toHaveLength(first.body.data.length);

    const before = bff.calls.length;
    const again = await list(bff, body, 'bob');
    expect(withoutCredits(again.body)).toEqual(withoutCredits(truth));
    expect(again.body.credits_consumed).toBe(0);
    expect(bff.calls.length).toBe(before);
    expect(again.saved).toBe(truth.credits_consumed);
    expect((await usage(bff, 'bob')).saved_today).toBe(truth.credits_consumed);
    expect(charged).toBe((await usage(bff, 'ann')).spent_today + (await usage(bff, 'bob')).spent_today);
  });

  it('buys exactly the missing (company, section) pairs of a page with some stored', async () => {
    const first = await list(bff, { ...page, sections: ['firmographic'] });
    const n = first.body.data.length;
    expect(n).toBeGreaterThan(5);
    const enrichBefore = upstreamCalls(bff, ENRICH).length;
    const listBefore = upstreamCalls(bff, LIST).length;

    const body = { ...page, sections: ['firmographic', 'technology', 'location'] };
    const truth = await directList(body);
    const mixed = await list(bff, body);
    expect(withoutCredits(mixed.body)).toEqual(withoutCredits(truth));
    // The order is kept: no list call; one enrichment per company, of the two new sections only.
    expect(upstreamCalls(bff, LIST).length).toBe(listBefore);
    const bought = upstreamCalls(bff, ENRICH).slice(enrichBefore);
    expect(bought).toHaveLength(n);
    expect(mixed.body.credits_consumed).toBe(enrichmentCost(['technology', 'location']) * n);
    expect(mixed.saved).toBeCloseTo((truth.credits_consumed as number) - mixed.body.credits_consumed, 6);
    const { spent_today, saved_today } = await usage(bff);
    expect(spent_today).toBe(charged);
    expect(saved_today).toBeCloseTo(mixed.saved, 6);
  });

  it('re-sorting to another order buys only that order and the companies not seen', async () => {
    await list(bff, { ...page, sections: ['firmographic'] });
    const other = { ...page, sort_order: 'desc', sections: ['firmographic'] };
    const truth = await directList(other);
    const seen = new Set(
      (await list(bff, { ...page, sections: ['firmographic'] })).body.data.map((r) => r.uuid),
    );
    const before = charged;
    const answer = await list(bff, other);
    expect(withoutCredits(answer.body)).toEqual(withoutCredits(truth));
    const unseen = answer.body.data.filter((r) => !seen.has(r.uuid)).length;
    const orderCost = listGenerationCost({
      matched: true,
      returned: answer.body.data.length,
      sections: [],
      query: false,
    });
    expect(charged - before).toBeCloseTo(orderCost + unseen * enrichmentCost(['firmographic']), 6);
  });
});

describe('list pages through the company store: lists seen whole, the max age, no-cache', () => {
  beforeEach(freshStoreBff);
  afterAll(() => bff?.close());

  it('another page of a list seen whole is cut from it: the service’s answer, at no cost', async () => {
    // A list of 8 to 40 companies, read whole in one page of 50.
    let small: Record<string, unknown> | undefined;
    for (const country of [
      'ISL',
      'LUX',
      'EST',
      'NZL',
      'IRL',
      'PRT',
      'AUT',
      'BEL',
      'DNK',
      'FIN',
      'NOR',
      'CHE',
    ]) {
      const candidate = { filters: { 'location.hq.country': [country] }, sort_by: 'founded_year', limit: 50 };
      const total = (await directList({ ...candidate, limit: 1 })).total_count as number;
      if (total >= 8 && total <= 40) {
        small = candidate;
        break;
      }
    }
    expect(small).toBeDefined();
    const whole = await list(bff, { ...small, sections: ['firmographic'] });
    const n = whole.body.data.length;
    const before = bff.calls.length;
    const paidBefore = charged;
    // Pages of other sizes and offsets, the screening's 500 and one past the end: no call, no charge.
    for (const [limit, offset] of [
      [5, 0],
      [5, 5],
      [3, n - 2],
      [500, 0],
      [10, n + 3],
    ] as const) {
      const body = { ...small, limit, offset, sections: ['firmographic'] };
      const truth = await directList(body);
      const answer = await list(bff, body);
      expect(withoutCredits(answer.body)).toEqual(withoutCredits(truth));
      expect(answer.body.credits_consumed).toBe(0);
    }
    expect(bff.calls.length).toBe(before);
    expect(charged).toBe(paidBefore);
    // A list of 500 or more is never taken as whole: its next page is bought.
    await list(bff, { ...page, limit: 5 });
    const listCalls = upstreamCalls(bff, LIST).length;
    await list(bff, { ...page, limit: 5, offset: 5 });
    expect(upstreamCalls(bff, LIST).length).toBe(listCalls + 1);
  });

  it('buys a section again once it is older than the max age', async () => {
    await bff.close();
    bff = await startStoreBff({ maxAgeMs: 3_600_000 });
    const body = { ...page, sections: ['industry'] };
    const first = await list(bff, body);
    clock += 1_800_000;
    expect((await list(bff, body)).body.credits_consumed).toBe(0);
    clock += 1_900_000;
    const later = await list(bff, body);
    expect(later.body.credits_consumed).toBe(first.body.credits_consumed);
    expect(later.saved).toBe(0);
    expect(later.asOf.every((t) => t === new Date(clock).toISOString())).toBe(true);
  });

  it('a no-cache request is bought fresh and refreshes the store', async () => {
    const body = { ...page, sections: ['industry'] };
    const first = await list(bff, body);
    clock += 2 * DAY_MS;
    const fresh = await list(bff, body, 'ann', { 'cache-control': 'no-cache' });
    expect(fresh.body.credits_consumed).toBe(first.body.credits_consumed);
    expect(fresh.saved).toBe(0);
    const after = await list(bff, body);
    expect(after.body.credits_consumed).toBe(0);
    expect(after.asOf.every((t) => t === new Date(clock).toISOString())).toBe(true);
    // Today's spend: the refresh alone (the first page was bought two days ago).
    expect((await usage(bff)).spent_today).toBe(charged - first.body.credits_consumed);
  });
});

describe('company pages and other instances', () => {
  beforeEach(async () => {
    await bff?.close();
    charged = 0;
    bff = await startStoreBff();
  });
  afterAll(() => bff?.close());

  it('an enrichment is paid once, by uuid or by the website it was asked by, and equals the service', async () => {
    const [row] = (await directList({ limit: 1 })).data as { uuid: string; website: string }[];
    const url = `${ENRICH}?company=${encodeURIComponent(row!.website)}&sections=firmographic,funding,headcount`;
    const truth = await direct(url);
    const headers = await bff.as('ann');
    const first = await bff.call(url, { headers });
    expect(first.status).toBe(200);
    const firstBody = (await first.json()) as Record<string, unknown>;
    expect(firstBody).toEqual(truth);
    const again = await bff.call(url, { headers: await bff.as('bob') });
    expect(withoutCredits((await again.json()) as Record<string, unknown>)).toEqual(withoutCredits(truth));
    expect(again.headers.get(CREDITS_SAVED_HEADER)).toBe(String(truth.credits_consumed));
    const byUuid = await bff.call(`${ENRICH}?company=${row!.uuid}&sections=firmographics`, { headers });
    const body = (await byUuid.json()) as { credits_consumed: number; data: Record<string, unknown> };
    expect(body.credits_consumed).toBe(0);
    expect(body.data.firmographics).toEqual((truth.data as Record<string, unknown>).firmographic);
    expect(upstreamCalls(bff, ENRICH)).toHaveLength(1);
    expect((await usage(bff)).spent_today + (await usage(bff, 'bob')).spent_today).toBe(charged);
  });

  it('a company’s posts and news are kept whole: asked again, the same answer at no cost', async () => {
    const [row] = (await directList({ limit: 1, offset: 3 })).data as { uuid: string }[];
    for (const path of [
      `/api/v1/company/posts?company=${row!.uuid}&limit=20`,
      `/api/v1/news?company=${row!.uuid}`,
    ]) {
      const truth = await direct(path);
      const first = await bff.call(path, { headers: await bff.as('ann') });
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual(truth);
      const calls = bff.calls.length;
      const again = await bff.call(path, { headers: await bff.as('bob') });
      expect(withoutCredits((await again.json()) as Record<string, unknown>)).toEqual(withoutCredits(truth));
      expect(bff.calls.length).toBe(calls);
      expect(Number(again.headers.get(CREDITS_SAVED_HEADER) ?? 0)).toBe(truth.credits_consumed);
      // A repeated parameter is no input the store reads: the service's answer (a 400) as before.
      const twice = await bff.call(`${path}&company=x`, { headers: await bff.as('bob') });
      expect(twice.status).toBe(400);
    }
  });

  it('a description asked again is free, with or without words the BFF reads itself', async () => {
    for (const query of [
      'fintech companies in Germany',
      'software companies in France not in Paris, 51-200 employees',
    ]) {
      const ask = async (user: string) => {
        const res = await bff.post('/api/v1/list/filter-builder', { query }, { headers: await bff.as(user) });
        expect(res.status).toBe(200);
        return (await res.json()) as Record<string, unknown>;
      };
      const first = await ask('ann');
      expect(first.credits_consumed).toBeGreaterThan(0);
      const calls = bff.calls.length;
      const again = await ask('bob');
      expect(again.credits_consumed).toBe(0);
      expect(withoutCredits(again)).toEqual(withoutCredits(first));
      expect(bff.calls.length).toBe(calls);
    }
  });

  it('a second instance on the same store pays nothing for what the first bought', async () => {
    const body = { limit: 20, sections: ['business_model'], filters: { 'location.hq.country': ['USA'] } };
    const first = await list(bff, body);
    expect(first.body.credits_consumed).toBeGreaterThan(0);
    const second = await startStoreBff({ store: bff.store });
    try {
      const answer = await list(second, body, 'carl');
      expect(answer.body.credits_consumed).toBe(0);
      expect(second.calls).toHaveLength(0);
      expect(withoutCredits(answer.body)).toEqual(withoutCredits(first.body));
    } finally {
      await second.close();
    }
  });

  it('with the store off (max age 0) every call is paid as before', async () => {
    const off = await startStoreBff({ maxAgeMs: 0 });
    try {
      const body = { limit: 10, sections: ['industry'] };
      const a = await list(off, body);
      const b = await list(off, body);
      expect(b.body.credits_consumed).toBe(a.body.credits_consumed);
      expect(b.saved).toBe(0);
    } finally {
      await off.close();
    }
  });

  it('quotes only the pairs the store lacks', async () => {
    const first = await list(bff, { limit: 10, sections: ['industry'] });
    const uuids = first.body.data.map((r) => r.uuid);
    const res = await bff.post(
      '/bff/companies/quote',
      { companies: uuids, sections: ['industry', 'technology'] },
      { headers: await bff.as('ann') },
    );
    expect(res.status).toBe(200);
    const quote = (await res.json()) as { credits: number; pairs_missing: number; pairs_stored: number };
    expect(quote).toMatchObject({ pairs_stored: uuids.length, pairs_missing: uuids.length });
    expect(quote.credits).toBe(enrichmentCost(['technology']) * uuids.length);
    const bad = await bff.post(
      '/bff/companies/quote',
      { companies: [], sections: ['nope'] },
      {
        headers: await bff.as('ann'),
      },
    );
    expect(bad.status).toBe(400);
  });
});

describe('plans and planned lists through the company store', () => {
  afterAll(() => bff?.close());

  it('a plan without sections in lists gets the service’s own answer, skipped sections and all', async () => {
    await bff?.close();
    const payg = await startBff({
      upstream: embeddedUpstream(service, 'dev-payg-key'),
      mode: 'team',
      cacheTtlMs: 0,
      storeMaxAgeMs: 30 * DAY_MS,
    });
    try {
      const body = { limit: 30, sections: ['industry', 'funding_detail'] };
      const res = await service.fetch(
        new Request(`http://service${LIST}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': 'dev-payg-key' },
          body: JSON.stringify(body),
        }),
      );
      const truth = (await res.json()) as Record<string, unknown>;
      const first = await list(payg, body);
      expect(withoutCredits(first.body)).toEqual(withoutCredits(truth));
      expect(first.body.credits_consumed).toBe(truth.credits_consumed);
      expect((await list(payg, body)).body.credits_consumed).toBe(0);
    } finally {
      await payg.close();
    }
  });

  it('company size and exclusions: the planner’s page with its sections from the store', async () => {
    const body = {
      filters: { 'firmographic.headcount_range': ['51-200'] },
      exclude: { 'location.hq.country': ['USA'] },
      limit: 20,
      sections: ['industry', 'location'],
    };
    const plain = await startStoreBff({ maxAgeMs: 0 });
    bff = await startStoreBff();
    try {
      const truth = await list(plain, body);
      const first = await list(bff, body);
      expect(withoutCredits(first.body)).toEqual(withoutCredits(truth.body));
      const second = await list(bff, body, 'bob');
      expect(withoutCredits(second.body)).toEqual(withoutCredits(truth.body));
      // The planner asks its readings afresh; the sections, 1.5 credits a company, are not bought again.
      expect(second.body.credits_consumed).toBeLessThan(first.body.credits_consumed);
      expect(second.saved).toBeGreaterThanOrEqual(1.5 * second.body.data.length);
      expect(second.asOf).toHaveLength(second.body.data.length);
    } finally {
      await plain.close();
    }
  });
});
