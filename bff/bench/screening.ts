/**
 * `npm run bench` (BENCH=screening for this part alone): signal filters by screening (issue 36,
 * docs/decisions/0028-signal-filters-by-screening.md) on the bench's 25k data set, service and BFF in
 * this process, the team's company store on. One list's first 500 companies screened by all three
 * signals (website traffic, then headcount growth, then job listings, the cheapest first):
 *
 * - `cold`: nothing stored; every signal call bought;
 * - `from the store`: the same screening again on a BFF started afresh on the same store (so not the
 *   screening a BFF remembers a few minutes): the list's order and every signal answer from the
 *   company store.
 *
 * For each: the time to the first page, the calls that reached the service (the ledger's lines), the
 * credits paid, the estimate shown before, the companies screened and passing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../contract/bff';
import type { ScreenEstimate } from '../contract/signal-filters';
import { type Service, startService } from '../embedded/service';
import { findKey, setCredits } from '../embedded/store/keys';
import { createBffApp } from '../server/app';
import { embeddedUpstream } from '../server/upstream/upstream';
import { ensureBenchDataset } from './bff-overhead';

const KEY = 'dev-enterprise-key';
const DAY_MS = 86_400_000;

async function post(
  service: { fetch: (r: Request) => Promise<Response> | Response },
  p: string,
  body: unknown,
) {
  const res = await service.fetch(
    new Request(`http://bff${p}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'http://bff',
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
      },
      body: JSON.stringify(body),
    }),
  );
  if (res.status !== 200) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

export async function screeningBench(benchDir: string): Promise<void> {
  const dataDir = path.join(benchDir, '25000');
  console.log(`\n== Screening 500 companies by their signals (${dataDir}; service and BFF in this process)`);
  await ensureBenchDataset(dataDir);
  const service: Service = await startService({ dataDir });
  const key = findKey(service.ctx.db, KEY);
  if (key) setCredits(service.ctx.db, key.id, 1e12);
  const dir = mkdtempSync(path.join(tmpdir(), 'bff-screening-bench-'));
  const open = () =>
    createBffApp({
      upstream: embeddedUpstream(service, KEY),
      dataDir: dir,
      staticDir: 'does-not-exist',
      rateLimitPerMinute: 0,
      cacheTtlMs: 0,
      storeMaxAgeMs: 30 * DAY_MS,
      allowedHosts: ['bff'],
      log: () => {},
    });
  let bff = open();
  const body = {
    filters: {
      'location.hq.region': ['150'],
      'signals.monthly_visits': { gte: 1000 },
      'signals.headcount_growth': { period: '12m', gte: 0 },
      'signals.hiring': {},
    },
    limit: 50,
  };
  try {
    const run = async (label: string) => {
      const sql = bff.deps.store.sql;
      const lastId = async () =>
        (await sql.get<{ id: number }>('SELECT COALESCE(MAX(id), 0) AS id FROM ledger'))!.id;
      const estimate = (await post(bff, '/bff/lists/screen/estimate', body)) as ScreenEstimate;
      const before = await lastId();
      const started = performance.now();
      const page = await post(bff, '/api/v1/list/generate/companies', body);
      const ms = performance.now() - started;
      // Pending ledger lines are written when usage is read.
      await bff.fetch(new Request('http://bff/bff/usage', { headers: { origin: 'http://bff' } }));
      const calls = (
        await sql.all<{ id: number }>('SELECT id FROM ledger WHERE id > ? AND credits_consumed > 0', [before])
      ).length;
      const screened = page.screened as { companies: number; passed: number };
      console.log(
        `  ${label.padEnd(15)} ${ms.toFixed(0).padStart(6)} ms  ${String(calls).padStart(5)} paid calls  ${String(page.credits_consumed).padStart(8)} credits  (estimate first: up to ${estimate.credits_max}${estimate.store_counted ? ', the store counted' : ''}; ${screened.companies} screened, ${screened.passed} passed)`,
      );
    };
    console.log(
      '500 companies in Europe by monthly visits >= 1,000, 12-month headcount growth >= 0 and hiring (any function):',
    );
    await run('cold');
    await bff.close();
    bff = open();
    await run('from the store');
  } finally {
    await bff.close();
    rmSync(dir, { recursive: true, force: true });
    service.close();
  }
}
