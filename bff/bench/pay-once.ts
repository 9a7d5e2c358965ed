/**
 * `npm run bench` (BENCH=payonce for this part alone): the team's company store
 * (docs/decisions/0024-company-store.md) on the bench's 25k data set, service and BFF in this process.
 *
 * 1. A day of three reps (bff/testing/workload.ts) through the BFF and straight at the service:
 *    credits each way and their ratio (the target: at most 25%).
 * 2. The time the store adds to a list page (limit 50, four sections), p50/p95 over 40 pages:
 *    - `pass-through`: the store off, the page bought as asked (the reference);
 *    - `all stored`: the same pages again, order and sections from the store;
 *    - `sections bought`: a kept order whose sections are missing, bought by enrichment.
 *    What the store adds is the difference to the pass-through at the same percentile.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../contract/bff';
import { credits } from '../contract/pricing';
import { percentile } from '../embedded/query/bench-query';
import { type Service, startService } from '../embedded/service';
import { findKey, setCredits } from '../embedded/store/keys';
import { type BffApp, createBffApp } from '../server/app';
import { embeddedUpstream } from '../server/upstream/upstream';
import { stepRequest, workloadDay } from '../testing/workload';
import { ensureBenchDataset } from './bff-overhead';

const KEY = 'dev-enterprise-key';
const DAY_MS = 86_400_000;

function bffOn(service: Service, storeMaxAgeMs: number): { bff: BffApp; dir: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'bff-payonce-bench-'));
  const bff = createBffApp({
    upstream: embeddedUpstream(service, KEY),
    dataDir: dir,
    staticDir: 'does-not-exist',
    rateLimitPerMinute: 0,
    cacheTtlMs: 0,
    storeMaxAgeMs,
    allowedHosts: ['bff'],
    log: () => {},
  });
  return { bff, dir };
}

async function call(
  fetch: (req: Request) => Promise<Response> | Response,
  base: string,
  req: { method: string; path: string; body?: string },
): Promise<Record<string, unknown>> {
  const res = await fetch(
    new Request(`${base}${req.path}`, {
      method: req.method,
      headers: {
        'content-type': 'application/json',
        'x-api-key': KEY,
        origin: 'http://bff',
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
      },
      ...(req.body !== undefined ? { body: req.body } : {}),
    }),
  );
  if (res.status !== 200) throw new Error(`${req.path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

async function timed(fn: () => Promise<unknown>, times: number[]): Promise<void> {
  const started = performance.now();
  await fn();
  times.push(performance.now() - started);
}

const ms = (times: number[], p: number) =>
  percentile(
    [...times].sort((a, b) => a - b),
    p,
  );

export async function payOnceBench(benchDir: string): Promise<void> {
  const dataDir = path.join(benchDir, '25000');
  console.log(`\n== The team's company store (${dataDir}; service and BFF in this process)`);
  await ensureBenchDataset(dataDir);
  const service = await startService({ dataDir });
  const key = findKey(service.ctx.db, KEY);
  if (key) setCredits(service.ctx.db, key.id, 1e12);
  const on = bffOn(service, 30 * DAY_MS);
  const off = bffOn(service, 0);
  try {
    // 1. The day, straight and through the store.
    const steps = workloadDay(7);
    const answers: unknown[] = [];
    let straight = 0;
    let through = 0;
    for (const step of steps) {
      const req = stepRequest(step, answers);
      const truth = await call(service.fetch, 'http://service', req);
      answers.push(truth);
      straight += truth.credits_consumed as number;
      through += (await call(on.bff.fetch, 'http://bff', req)).credits_consumed as number;
    }
    console.log(
      `a day of three reps, ${steps.length} calls: straight ${credits(straight)} credits, through the store ${credits(through)} (${((100 * through) / straight).toFixed(1)}%; target at most 25%)`,
    );

    // 2. The time the store adds to a page.
    const sections = ['firmographic', 'industry', 'location', 'technology'];
    const pages = Array.from({ length: 40 }, (_, i) => ({
      filters: { 'location.hq.country': [['USA'], ['DEU'], ['GBR'], ['FRA']][i % 4] },
      sort_by: ['relevance', 'founded_year', 'revenue_estimate', 'employee_range'][Math.floor(i / 10)],
      limit: 50,
      offset: 50 * (i % 10 >= 5 ? 1 : 0) + 100 * (i % 3),
    }));
    const page = (p: object, s: string[]) => ({
      method: 'POST',
      path: '/api/v1/list/generate/companies',
      body: JSON.stringify({ ...p, sections: s }),
    });
    const passThrough: number[] = [];
    const bought: number[] = [];
    const stored: number[] = [];
    for (const p of pages)
      await timed(() => call(off.bff.fetch, 'http://bff', page(p, sections)), passThrough);
    // Orders kept first (no sections), then the sections bought, then everything stored.
    for (const p of pages) await call(on.bff.fetch, 'http://bff', page(p, []));
    for (const p of pages) await timed(() => call(on.bff.fetch, 'http://bff', page(p, sections)), bought);
    for (const p of pages) await timed(() => call(on.bff.fetch, 'http://bff', page(p, sections)), stored);
    const row = (label: string, t: number[]) =>
      `  ${label.padEnd(16)} p50 ${ms(t, 0.5).toFixed(1)} ms  p95 ${ms(t, 0.95).toFixed(1)} ms` +
      (t === passThrough
        ? ''
        : `  (adds p50 ${(ms(t, 0.5) - ms(passThrough, 0.5)).toFixed(1)} ms, p95 ${(ms(t, 0.95) - ms(passThrough, 0.95)).toFixed(1)} ms)`);
    console.log(
      'a list page of 50 rows with four sections, 40 pages (target: the store adds at most 20 ms p95):',
    );
    console.log(row('pass-through', passThrough));
    console.log(row('all stored', stored));
    console.log(row('sections bought', bought));
  } finally {
    await on.bff.close();
    await off.bff.close();
    rmSync(on.dir, { recursive: true, force: true });
    rmSync(off.dir, { recursive: true, force: true });
    service.close();
  }
}
