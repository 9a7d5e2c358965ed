/**
 * Money through the BFF over real HTTP (SQLite, or PostgreSQL on that project), with the embedded
 * service's own usage table as the truth of what was spent: a call whose worst case does not fit
 * what is left of the daily budget or the team's monthly cap is refused (402) before anything is
 * spent, naming the limit and what is left; calls at once never spend past either limit, reads
 * priced by their results included; and every call answered is in the ledger at its price.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../contract/problem';
import { type RunningBff, startBff } from '../../testing/bff-server';
import { startTestServer, type TestServer } from '../../testing/embedded-server';
import { remoteUpstream } from '../upstream/upstream';

const LIST = '/api/v1/list/generate/companies';
const ADMIN = { id: 'test', name: 'test' };

let upstream: TestServer;
let companies: string[];
let bff: RunningBff | undefined;

beforeAll(async () => {
  upstream = await startTestServer(600, 5);
  companies = (
    upstream.service.ctx.db.prepare('SELECT uuid FROM companies ORDER BY idx LIMIT 120').all() as {
      uuid: string;
    }[]
  ).map((r) => r.uuid);
});
afterAll(async () => {
  await upstream.close();
});
afterEach(async () => {
  await bff?.close();
  bff = undefined;
});

/** What the service charged the BFF's key since `since` (its own usage table: the truth). */
function charged(since: string): number {
  const row = upstream.service.ctx.db
    .prepare('SELECT COALESCE(SUM(credits_consumed), 0) AS c, COUNT(*) AS n FROM usage WHERE at > ?')
    .get(since) as { c: number; n: number };
  return Math.round(row.c * 10_000) / 10_000;
}

async function ledgerTotal(b: RunningBff): Promise<{ credits: number; calls: number }> {
  const row = await b.bff.deps.store.sql.get<{ credits: number; calls: number }>(
    'SELECT COALESCE(SUM(credits_consumed), 0) AS credits, COUNT(*) AS calls FROM ledger',
  );
  return { credits: Math.round(Number(row!.credits) * 10_000) / 10_000, calls: Number(row!.calls) };
}

async function start(o: { dailyBudget?: number; cap?: number }) {
  bff = await startBff({
    upstream: remoteUpstream(upstream.url, 'dev-enterprise-key', 'enterprise'),
    cacheTtlMs: 0,
    rateLimitPerMinute: 0,
    ...(o.dailyBudget !== undefined ? { dailyBudget: o.dailyBudget } : {}),
  });
  if (o.cap !== undefined) await bff.bff.deps.store.setMonthlyCap(o.cap, ADMIN, new Date());
  return bff;
}

describe('money held before a call', () => {
  it('refuses a call that may cost more than is left of the daily budget, before anything is spent', async () => {
    const b = await start({ dailyBudget: 20 });
    const since = new Date().toISOString();
    // 500 companies with every section: thousands of credits on a 20-credit budget.
    const big = await b.post(LIST, {
      filters: {},
      limit: 500,
      sections: ['firmographic', 'technology', 'funding_detail'],
    });
    expect(big.status).toBe(402);
    expect(big.headers.get('content-type')).toContain('application/problem+json');
    expect(Number(big.headers.get('retry-after'))).toBeGreaterThan(0);
    const problem = (await big.json()) as Problem;
    expect(problem.detail).toMatch(
      /may cost up to 3,601\.5 credits, and your daily budget of 20 has only 20 left/,
    );
    expect(charged(since)).toBe(0);
    expect(await ledgerTotal(b)).toEqual({ credits: 0, calls: 0 });

    // 50 companies without sections: 11.5 at most; then 8.5 left, so the same call no longer fits.
    expect((await b.post(LIST, { filters: {}, limit: 50 })).status).toBe(200);
    const second = await b.post(LIST, { filters: {}, limit: 50, offset: 50 });
    expect(second.status).toBe(402);
    expect(((await second.json()) as Problem).detail).toMatch(/only 8\.5 left \(11\.5 used today\)/);
    // What fits still runs: 35 companies cost 8.5 at most.
    expect((await b.post(LIST, { filters: {}, limit: 35, offset: 50 })).status).toBe(200);
    expect(charged(since)).toBe(20);
    expect(await ledgerTotal(b)).toEqual({ credits: 20, calls: 2 });
  });

  it("never spends past the team's monthly cap with calls at once", async () => {
    const b = await start({ cap: 100 });
    const since = new Date().toISOString();
    // 30 lists of 50 at once (11.5 each at most, and each costs that): eight fit in 100.
    const statuses = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const res = await b.post(LIST, { filters: {}, limit: 50, offset: i * 10 });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(8);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 402)).toBe(true);
    expect(charged(since)).toBe(92);
    expect(await ledgerTotal(b)).toEqual({ credits: 92, calls: 8 });
    const refused = await b.post(LIST, { filters: {}, limit: 50 });
    expect(((await refused.json()) as Problem).detail).toMatch(
      /your team's monthly cap of 100 has only 8 left/,
    );
  });

  it('holds the worst case of reads priced by their results: fifty review calls at once on 10 credits', async () => {
    const b = await start({ dailyBudget: 10 });
    const since = new Date().toISOString();
    const statuses = await Promise.all(
      companies.slice(0, 50).map(async (company) => {
        const res = await b.call(`/api/v1/company/employee-reviews?company=${company}&limit=10`);
        await res.arrayBuffer();
        return res.status;
      }),
    );
    // 1.5 at most each (a block of 50 reviews): six at a time fit in 10; one that found fewer
    // reviews than its worst case may leave room for more once it settled.
    const ok = statuses.filter((s) => s === 200).length;
    expect(ok).toBeGreaterThanOrEqual(6);
    expect(ok).toBeLessThan(50);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 402)).toBe(true);
    expect(charged(since)).toBeLessThanOrEqual(10);
    expect(await ledgerTotal(b)).toEqual({ credits: charged(since), calls: ok });
  });

  it('writes every answered call to the ledger before it answers, at the price the service charged', async () => {
    const b = await start({});
    const since = new Date().toISOString();
    const answered = await Promise.all(
      companies.slice(0, 40).map(async (company, i) => {
        const res =
          i % 2
            ? await b.call(`/api/v1/company/enrichment?company=${company}&sections=firmographic`)
            : await b.call(`/api/v1/news?company=${company}&limit=5`);
        await res.arrayBuffer();
        // The line is there as soon as the answer is: read the store at once.
        return res.status;
      }),
    );
    expect(answered.every((s) => s === 200)).toBe(true);
    expect(await ledgerTotal(b)).toEqual({ credits: charged(since), calls: 40 });
  });
});
