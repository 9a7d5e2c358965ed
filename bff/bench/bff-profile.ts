/**
 * A CPU profile of the BFF under load, beside one of the minimal proxy: the same setup as the
 * overhead bench (bff-overhead.ts: service, minimal proxy and BFF each in its own thread), the V8
 * profiler started inside the proxy's own thread (the inspector's Profiler, what `--cpu-prof` runs)
 * for the measured window only, then summed up by cpuprofile-summary.ts: the BFF's own profile, then
 * what it spends per request beyond the minimal proxy, by package, file and function.
 *
 *   npx tsx bff/bench/bff-profile.ts
 *
 * BENCH_DATABASE=postgres puts the BFF's store on an embedded PostgreSQL (default SQLite).
 * BENCH_PROFILE_SECONDS (default 5) per case and proxy, BENCH_PROFILE_CONNECTIONS (default 32),
 * BENCH_PROFILE_DIR (default data/profile) for the .cpuprofile files, BENCH_PROFILE_TOP (default 25).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../server/store/embedded-postgres';
import { benchCases, ensureBenchDataset, load, startBenchTargets, type TargetName } from './bff-overhead';
import { benchConfig } from './config';
import {
  type CpuProfile,
  formatBeyond,
  formatSummary,
  type PerRequest,
  summarise,
} from './cpuprofile-summary';

const cfg = benchConfig();
const seconds = cfg.BENCH_PROFILE_SECONDS;
const connections = cfg.BENCH_PROFILE_CONNECTIONS;
const outDir = cfg.BENCH_PROFILE_DIR;
const top = cfg.BENCH_PROFILE_TOP;
const benchDir = cfg.BENCH_DIR;

const dataDir = path.join(benchDir, '25000');
await ensureBenchDataset(dataDir);
mkdirSync(outDir, { recursive: true });
const bffDataDir = mkdtempSync(path.join(tmpdir(), 'bff-profile-'));
// BENCH_DATABASE=postgres: the BFF's store on an embedded PostgreSQL, as in the overhead bench.
const cluster = cfg.BENCH_DATABASE === 'postgres' ? await startEmbeddedPostgres() : undefined;
const setup = await startBenchTargets(
  dataDir,
  bffDataDir,
  undefined,
  cluster ? await cluster.createDatabase('profile') : undefined,
);
try {
  for (const c of benchCases(setup.uuids)) {
    const measured: Partial<Record<TargetName, PerRequest>> = {};
    for (const name of ['bff', 'minimal'] as const) {
      const target = setup.targets[name];
      await load(target, c, connections, 2); // warm-up: the JIT, the connections
      await target.thread.ask({ type: 'profile-start' }, 'profile-started');
      const figures = await load(target, c, connections, seconds);
      const { profile } = await target.thread.ask({ type: 'profile-stop' }, 'profile');
      const slug = c.name.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '');
      const file = path.join(outDir, `${name}-${slug}.cpuprofile`);
      writeFileSync(file, String(profile));
      console.log(
        `\n${name}, ${c.name}, ${connections} connections: ${Math.round(figures.rps)} requests/s, ` +
          `${figures.cpuPerRequest.toFixed(3)} ms CPU per request (profiler on)`,
      );
      const summary = summarise(JSON.parse(String(profile)) as CpuProfile);
      measured[name] = { summary, cpuMsPerRequest: figures.cpuPerRequest };
      if (name === 'bff') console.log(formatSummary(summary, top, file));
    }
    const { bff, minimal } = measured;
    if (bff && minimal) {
      console.log(`\n== ${c.name}: the BFF beyond the minimal proxy`);
      for (const key of ['selfByPackage', 'selfByFile', 'self'] as const) {
        console.log(formatBeyond(bff, minimal, key, top));
      }
    }
  }
} finally {
  await setup.close();
  await cluster?.stop();
  rmSync(bffDataDir, { recursive: true, force: true });
}
