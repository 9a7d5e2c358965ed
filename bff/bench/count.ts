/**
 * `npm run bench` (BENCH=count for this part alone): exact counts past 500
 * (docs/decisions/0026-counting-by-slices.md) on the bench's 25k data set, service and BFF in this
 * process. For lists of about 1k, 5k, 10k and 25k companies, and one of company size: the count's
 * time, its calls to the service, its credits and the bound (2 per 500 + 20) side by side,
 * each count checked against the truth read from the service's database. Then the ~5k list with an
 * account list left out (decisions 0035, 0039): its count and the export of every match, time and
 * credits, checked against the truth.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../contract/bff';
import type { Filters } from '../contract/filters';
import { startService } from '../embedded/service';
import { findKey, setCredits } from '../embedded/store/keys';
import { createBffApp } from '../server/app';
import { embeddedUpstream } from '../server/upstream/upstream';
import { loadTruth, matching } from '../testing/list-truth';
import { ensureBenchDataset } from './bff-overhead';

const KEY = 'dev-enterprise-key';

const LISTS: { name: string; filters: Filters; bands?: string[] }[] = [
  { name: 'public companies (~1k)', filters: { 'firmographic.company_type': ['public'] } },
  { name: 'B2C (~5k)', filters: { 'business_model.gtm_type': ['b2c'] } },
  { name: 'services (~10k)', filters: { 'business_model.offering_type': ['services'] } },
  { name: 'every company (25k)', filters: {} },
  {
    name: 'Europe, 51-200 employees',
    filters: { 'location.hq.region': ['150'] },
    bands: ['51-200'],
  },
];

export async function countBench(benchDir: string): Promise<void> {
  const dataDir = path.join(benchDir, '25000');
  console.log(`\n== Exact counts by slices (${dataDir}; service and BFF in this process)`);
  await ensureBenchDataset(dataDir);
  const service = await startService({ dataDir });
  const key = findKey(service.ctx.db, KEY);
  if (key) setCredits(service.ctx.db, key.id, 1e12);
  const truth = loadTruth(service);
  let calls = 0;
  const upstream = embeddedUpstream(service, KEY);
  const send = upstream.send;
  upstream.send = (call) => {
    calls++;
    return send(call);
  };
  const dir = mkdtempSync(path.join(tmpdir(), 'bff-count-bench-'));
  const bff = createBffApp({
    upstream,
    dataDir: dir,
    staticDir: 'does-not-exist',
    rateLimitPerMinute: 0,
    cacheTtlMs: 0,
    allowedHosts: ['bff'],
    log: () => {},
  });
  const post = async (p: string, body: unknown) => {
    const res = await bff.fetch(
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
    return (await res.json()) as Record<string, number>;
  };
  try {
    console.log(
      `${'list'.padEnd(28)} ${'count'.padStart(6)} ${'truth'.padStart(6)} ${'slices'.padStart(6)} ${'calls'.padStart(6)} ${'ms'.padStart(7)} ${'credits'.padStart(8)} ${'bound'.padStart(7)} ${'estimate'.padStart(8)}`,
    );
    for (const list of LISTS) {
      const body = {
        filters: { ...list.filters, ...(list.bands ? { 'firmographic.headcount_range': list.bands } : {}) },
      };
      const bands = new Set(list.bands ?? []);
      const want = matching(truth, list.filters).filter(
        (c) => !list.bands || (c.band !== null && bands.has(c.band)),
      );
      const estimate = await post('/bff/lists/count/estimate', body);
      calls = 0;
      const t0 = performance.now();
      const answer = await post('/bff/lists/count', body);
      const ms = performance.now() - t0;
      const bound = (2 * want.length) / 500 + 20;
      console.log(
        `${list.name.padEnd(28)} ${String(answer.count).padStart(6)} ${String(want.length).padStart(6)} ${String(answer.slices).padStart(6)} ${String(calls).padStart(6)} ${ms.toFixed(0).padStart(7)} ${String(answer.credits_consumed).padStart(8)} ${bound.toFixed(1).padStart(7)} ${String(estimate.credits_max).padStart(8)}`,
      );
      if (answer.count !== want.length) console.log(`  COUNT WRONG: ${answer.count} against ${want.length}`);
    }
    await accountListBench(bff, post, truth, () => findKey(service.ctx.db, KEY)!.credits);
  } finally {
    await bff.close();
    service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The B2C list (~5k) less a "Hidden companies" account list of every 13th of its companies: the
 * count (the list's slices, then each slice's members read) and the export of every match (the
 * slices' members read again, the hidden left out), each checked against the truth.
 */
async function accountListBench(
  bff: ReturnType<typeof createBffApp>,
  post: (p: string, body: unknown) => Promise<Record<string, number>>,
  truth: ReturnType<typeof loadTruth>,
  balance: () => number,
): Promise<void> {
  const filters: Filters = { 'business_model.gtm_type': ['b2c'] };
  const list = matching(truth, filters);
  const hidden = list.filter((_, i) => i % 13 === 4).map((c) => c.uuid);
  const { id } = (await post('/bff/accounts/hidden', { companies: hidden })) as unknown as { id: string };
  const want = list.length - hidden.length;
  const body = { filters, exclude_account_lists: [id] };
  const estimate = await post('/bff/lists/count/estimate', body);
  let t0 = performance.now();
  const answer = await post('/bff/lists/count', body);
  const countMs = performance.now() - t0;
  console.log(
    `\nB2C less ${hidden.length} hidden: count ${answer.count} (truth ${want}) in ${countMs.toFixed(0)} ms, ${answer.credits_consumed} credits (estimate ${estimate.credits_max}; slicing bound ${((2 * list.length) / 500 + 20).toFixed(1)})`,
  );
  const exportBody = { request: body, columns: ['uuid', 'name'], all: true };
  const before = balance();
  t0 = performance.now();
  const res = await bff.fetch(
    new Request('http://bff/bff/exports', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'http://bff',
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
      },
      body: JSON.stringify(exportBody),
    }),
  );
  const rows = (await res.text()).trim().split('\n').length - 1;
  const exportMs = performance.now() - t0;
  console.log(
    `  export of every match (counted first): ${rows} rows (truth ${want}) in ${exportMs.toFixed(0)} ms, ${Math.round((before - balance()) * 100) / 100} credits`,
  );
}
