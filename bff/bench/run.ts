/**
 * `npm run bench`: list-generation latency at 25k and 1M companies and the seeding rate.
 *
 * For each size it seeds a data directory under BENCH_DIR (default data/bench; reused when it already
 * holds that many companies, so a second run skips the seeding), starts the embedded service in this
 * process, and times a fixed suite of realistic filter combinations, limit 50:
 * - `index`: the query index alone (filters, sort, page);
 * - `endpoint`: the whole list-generation endpoint through the service's `fetch` (validation,
 *   index, reading rows, charging credits, JSON) with no network in between.
 *
 * It also times filter translation over the labelled queries of bff/embedded/translate/.
 *
 * BENCH_SIZES (default "25000,1000000") picks the sizes; BENCH_RUNS (default 100) the timed runs.
 * Then the BFF's overhead in front of the service (bff-overhead.ts); BENCH=bff runs that part alone.
 * Then the BFF's own work per request in one process, upstream answers canned (bff-work.ts; BENCH=bffwork).
 * Then company size through the BFF (lists.ts: probes, credits, ms); BENCH=lists runs that alone.
 * Then the web app's bundle size and first results in Chromium (web.ts); BENCH=web runs that alone.
 * Then lookalike quality and speed on the labelled seed sets (lookalikes.ts); BENCH=lookalikes alone.
 * Then runs of saved lists of 500 companies (saved-lists.ts); BENCH=savedlists alone.
 * Then a 10,000-row account import's match rate and time (accounts.ts); BENCH=accounts alone.
 * Then the team's company store: a day of three reps through it against straight, and the time its
 * composition adds to a page (pay-once.ts); BENCH=payonce alone.
 * Then exact counts past 500 by slices: time, calls, credits and the bound (count.ts); BENCH=count alone.
 * Then screening 500 companies by their signals, cold and from the company store (screening.ts);
 * BENCH=screening alone.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ServiceContext } from '../embedded/context';
import { seedDatabase } from '../embedded/dataset/seed';
import { translateText } from '../embedded/endpoints/filter-builder';
import {
  BENCH_SUITE,
  type BenchCase,
  formatBenchResults,
  percentile,
  resolveSuite,
  runQueryBench,
} from '../embedded/query/bench-query';
import { startService } from '../embedded/service';
import { countCompanies } from '../embedded/store/companies';
import { databaseFile, getMeta, openDatabase, setMeta } from '../embedded/store/db';
import LABELLED from '../embedded/translate/queries.labelled.json' with { type: 'json' };
import REPS_BLIND from '../server/words/reps.blind.labelled.json' with { type: 'json' };
import FRESH_BLIND from '../server/words/reps.fresh.blind.labelled.json' with { type: 'json' };
import FRESH_TUNE from '../server/words/reps.fresh.tune.labelled.json' with { type: 'json' };
import REPS_TUNE from '../server/words/reps.tune.labelled.json' with { type: 'json' };
import { accountsBench } from './accounts';
import { bffOverheadBench } from './bff-overhead';
import { bffWorkBench } from './bff-work';
import { benchConfig } from './config';
import { countBench } from './count';
import { listsBench } from './lists';
import { lookalikesBench } from './lookalikes';
import { payOnceBench } from './pay-once';
import { savedListsBench } from './saved-lists';
import { screeningBench } from './screening';
import { webBench } from './web';

const cfg = benchConfig();
const sizes = cfg.BENCH_SIZES;
const runs = cfg.BENCH_RUNS;
const benchDir = cfg.BENCH_DIR;
const only = cfg.BENCH;
const SEED = 42;

async function ensureSeeded(dir: string, count: number): Promise<string> {
  const file = databaseFile(dir);
  const db = openDatabase(file);
  try {
    if (countCompanies(db) === count && getMeta(db, 'bench.seed_rate')) {
      return `${getMeta(db, 'bench.seed_rate')} companies/s (measured when ${dir} was seeded)`;
    }
    if (countCompanies(db) > 0) throw new Error(`${dir} holds a different data set; delete it and run again`);
    let lastShown = 0;
    const r = await seedDatabase(db, {
      seed: SEED,
      count,
      onProgress: (done, total) => {
        const pct = Math.floor((done / total) * 100);
        if (pct >= lastShown + 10) {
          lastShown = pct;
          process.stderr.write(`  seeding ${count}: ${pct}%\n`);
        }
      },
    });
    setMeta(db, 'bench.seed_rate', String(Math.round(r.rate)));
    return `${Math.round(r.rate)} companies/s (${count} in ${r.seconds.toFixed(1)} s)`;
  } finally {
    db.close();
  }
}

async function benchSize(count: number): Promise<void> {
  const dir = path.join(benchDir, String(count));
  console.log(`\n== ${count.toLocaleString('en')} companies (${dir}${existsSync(dir) ? '' : ', new'})`);
  const seedRate = await ensureSeeded(dir, count);
  console.log(`seeding rate: ${seedRate}`);

  const heapBefore = process.memoryUsage().rss;
  const started = performance.now();
  const service = await startService({ dataDir: dir });
  console.log(
    `start-up (open, keys, index build): ${Math.round(performance.now() - started)} ms, RSS +${Math.round((process.memoryUsage().rss - heapBefore) / 1e6)} MB`,
  );

  const byName = service.ctx.db.prepare('SELECT uuid FROM companies WHERE name = ? LIMIT 1');
  const { suite, unresolved } = resolveSuite(
    BENCH_SUITE,
    (name) => (byName.get(name) as { uuid: string } | undefined)?.uuid,
  );
  if (unresolved.length > 0) console.log(`(unresolved investor names: ${unresolved.join(', ')})`);

  console.log('\nindex only (p50 / p95 per combination, limit 50):');
  console.log(formatBenchResults(runQueryBench(service.ctx.index, suite, { runs })));

  console.log('\nwhole endpoint in-process (POST /api/v1/list/generate/companies, limit 50):');
  console.log(formatBenchResults(await endpointBench(service.fetch, suite)));

  console.log(`\n${translationBench(service.ctx)}`);
  service.close();
}

/**
 * Filter translation of every labelled query and the reps' descriptions, both sets (issue 3's target:
 * p95 under 5 ms per query; issue 34's: under 1 ms). BENCH=translate runs it alone, on a service of
 * 1,000 companies in memory (translation reads no company but the investors' names).
 */
function translationBench(ctx: ServiceContext): string {
  const queries = (
    [...LABELLED, ...REPS_TUNE, ...REPS_BLIND, ...FRESH_TUNE, ...FRESH_BLIND] as { query: string }[]
  ).map((q) => q.query);
  for (const q of queries) translateText(ctx, q); // warm-up: lexicons, city names
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    for (const q of queries) {
      const started = performance.now();
      translateText(ctx, q);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  return `filter translation (${queries.length} labelled queries x 5): p50 ${percentile(times, 0.5).toFixed(3)} ms  p95 ${percentile(times, 0.95).toFixed(3)} ms  max ${times.at(-1)!.toFixed(3)} ms`;
}

async function endpointBench(fetch: (req: Request) => Promise<Response>, suite: readonly BenchCase[]) {
  const results = [];
  for (const c of suite) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < runs + 10; i++) {
      const body = JSON.stringify({
        filters: c.filters,
        sort_by: c.sort?.by ?? 'relevance',
        sort_order: c.sort?.order ?? 'desc',
        limit: 50,
        offset: (i % 10) * 50,
      });
      const started = performance.now();
      const res = await fetch(
        new Request('http://service/api/v1/list/generate/companies', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': 'dev-enterprise-key' },
          body,
        }),
      );
      const json = (await res.json()) as { total_count: number };
      const elapsed = performance.now() - started;
      if (res.status !== 200) throw new Error(`${c.name}: ${res.status} ${JSON.stringify(json)}`);
      if (i === 0) total = json.total_count;
      if (i >= 10) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    results.push({
      name: c.name,
      total,
      p50: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      max: times.at(-1)!,
      runs,
    });
  }
  return results;
}

// BENCH=bff (bff-overhead.ts), BENCH=bffwork (bff-work.ts), BENCH=lists (lists.ts), BENCH=web (web.ts), BENCH=lookalikes
// (lookalikes.ts), BENCH=savedlists (saved-lists.ts), BENCH=accounts (accounts.ts) or BENCH=translate runs only that
// part; by default all run in turn.
if (!only) {
  console.log(
    `List generation benchmark: ${BENCH_SUITE.length} filter combinations, ${runs} runs each, sizes ${sizes.join(', ')}`,
  );
  for (const size of sizes) await benchSize(size);
}
if (only === 'translate') {
  const service = await startService({ dataDir: ':memory:', companies: 1000, seed: 11, log: () => {} });
  console.log(translationBench(service.ctx));
  service.close();
}
if (!only || only === 'bff') await bffOverheadBench(benchDir);
if (!only || only === 'bffwork') await bffWorkBench(benchDir);
if (!only || only === 'lists') await listsBench(benchDir);
if (!only || only === 'web') await webBench(benchDir);
if (!only || only === 'lookalikes') await lookalikesBench(benchDir);
if (!only || only === 'savedlists') await savedListsBench(benchDir);
if (!only || only === 'accounts') await accountsBench(benchDir);
if (!only || only === 'payonce') await payOnceBench(benchDir);
if (!only || only === 'count') await countBench(benchDir);
if (!only || only === 'screening') await screeningBench(benchDir);
