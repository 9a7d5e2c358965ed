/**
 * `npm run bench` (BENCH=bff for this part alone): what the BFF adds in front of the service.
 *
 * One run, one data set (BENCH_DIR/25000, the bench's own), three threads:
 * - a worker thread serves the embedded service on a loopback port;
 * - another serves the BFF on a loopback port, pointed at that service as a *remote* upstream
 *   (keep-alive connections, the real proxy path) with the cache off and no rate limit, the ledger on;
 * - the main thread is the load: autocannon at 1 and 32 concurrent connections, first straight at the
 *   service (with the key), then through the BFF (as the browser calls it).
 *
 * Per case: list generation (POST, limit 50) and enrichment (GET, two sections). Latencies are each
 * response's own time in ms as autocannon measures it (float, not its 1 ms histogram buckets); the
 * targets are at most 1 ms added at p50 and at least 85% of the direct throughput.
 *
 * BENCH_BFF_SECONDS (default 5) is the measured time per case, after 1 s of warm-up.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, type Worker, workerData } from 'node:worker_threads';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { seedDatabase } from '../embedded/dataset/seed';
import { startService } from '../embedded/service';
import { countCompanies } from '../embedded/store/companies';
import { databaseFile, getMeta, openDatabase, setMeta } from '../embedded/store/db';
import { findKey, setCredits } from '../embedded/store/keys';
import { startModuleWorker } from '../embedded/worker-thread';
import { createBffApp } from '../server/app';
import { remoteUpstream } from '../server/upstream/upstream';

const COMPANIES = 25_000;
const SEED = 42;
const KEY = 'dev-enterprise-key';

type Role =
  | { role: 'bff-bench-service'; dataDir: string }
  | { role: 'bff-bench-bff'; upstreamUrl: string; dataDir: string };

async function listen(fetch: (req: Request) => Promise<Response> | Response): Promise<number> {
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return (server.address() as AddressInfo).port;
}

async function serviceThread(dataDir: string): Promise<void> {
  const service = await startService({ dataDir, companies: COMPANIES, seed: SEED });
  // The bench spends millions of credits; its own data set's key must not run dry.
  const key = findKey(service.ctx.db, KEY);
  if (key) setCredits(service.ctx.db, key.id, 1e12);
  const uuid = (
    service.ctx.db.prepare('SELECT uuid FROM companies ORDER BY idx LIMIT 1').get() as { uuid: string }
  ).uuid;
  parentPort?.postMessage({ port: await listen(service.fetch), uuid });
}

async function bffThread(upstreamUrl: string, dataDir: string): Promise<void> {
  const bff = createBffApp({
    upstream: remoteUpstream(upstreamUrl, KEY),
    dataDir,
    staticDir: 'does-not-exist',
    cacheTtlMs: 0,
    rateLimitPerMinute: 0,
    log: () => {},
  });
  parentPort?.postMessage({ port: await listen(bff.fetch) });
}

/**
 * The bench's 25k data set, seeded the way run.ts seeds it (with its seeding-rate mark), so that
 * `BENCH=bff` (and `BENCH=lists`) alone and the whole bench share one data directory.
 */
export async function ensureBenchDataset(dir: string): Promise<void> {
  const db = openDatabase(databaseFile(dir));
  try {
    if (countCompanies(db) === COMPANIES && getMeta(db, 'bench.seed_rate')) return;
    if (countCompanies(db) > 0) throw new Error(`${dir} holds a different data set; delete it and run again`);
    const r = await seedDatabase(db, { seed: SEED, count: COMPANIES });
    setMeta(db, 'bench.seed_rate', String(Math.round(r.rate)));
  } finally {
    db.close();
  }
}

/** This file again, in a worker thread, in the given role (under tsx too: startModuleWorker). */
function startThread(role: Role): Promise<{ worker: Worker; message: Record<string, unknown> }> {
  const worker = startModuleWorker(new URL(import.meta.url), { workerData: role });
  return new Promise((resolve, reject) => {
    worker.once('message', (message: Record<string, unknown>) => resolve({ worker, message }));
    worker.once('error', reject);
  });
}

type Target = { url: string; method: 'GET' | 'POST'; headers: Record<string, string>; body?: string };
type Figures = { p50: number; p99: number; rps: number; errors: number };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

async function load(target: Target, connections: number, seconds: number): Promise<Figures> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        method: target.method,
        headers: target.headers,
        ...(target.body ? { body: target.body } : {}),
        connections,
        duration: seconds,
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (...args: unknown[]) => {
      const [, status, , ms] = args as [unknown, number, number, number];
      if (status >= 200 && status < 300) times.push(ms);
    });
  });
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    rps: times.length / result.duration,
    errors: result.errors + result.non2xx,
  };
}

export async function bffOverheadBench(benchDir: string): Promise<void> {
  const seconds = Number(process.env.BENCH_BFF_SECONDS ?? 5);
  const dataDir = path.join(benchDir, String(COMPANIES));
  console.log(`\n== BFF overhead (${dataDir}; service and BFF each on a loopback port in its own thread)`);
  await ensureBenchDataset(dataDir);

  const ledgerDir = mkdtempSync(path.join(tmpdir(), 'bff-bench-'));
  const service = await startThread({ role: 'bff-bench-service', dataDir });
  const serviceUrl = `http://127.0.0.1:${service.message.port}`;
  const bff = await startThread({ role: 'bff-bench-bff', upstreamUrl: serviceUrl, dataDir: ledgerDir });
  const bffUrl = `http://127.0.0.1:${bff.message.port}`;
  const uuid = String(service.message.uuid);

  const listBody = JSON.stringify({
    filters: { 'location.hq.country': ['USA', 'DEU', 'GBR'], 'business_model.offering_type': ['software'] },
    limit: 50,
  });
  const cases: { name: string; direct: Target; viaBff: Target }[] = [
    {
      name: 'list generation, limit 50',
      direct: {
        url: `${serviceUrl}/api/v1/list/generate/companies`,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': KEY },
        body: listBody,
      },
      viaBff: {
        url: `${bffUrl}/api/v1/list/generate/companies`,
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: bffUrl, 'x-requested-with': 'list-builder' },
        body: listBody,
      },
    },
    {
      name: 'enrichment (firmographic, location)',
      direct: {
        url: `${serviceUrl}/api/v1/company/enrichment?company=${uuid}&sections=firmographic,location`,
        method: 'GET',
        headers: { 'x-api-key': KEY },
      },
      viaBff: {
        url: `${bffUrl}/api/v1/company/enrichment?company=${uuid}&sections=firmographic,location`,
        method: 'GET',
        headers: {},
      },
    },
  ];

  const rows: string[] = [];
  const verdicts: string[] = [];
  try {
    for (const c of cases) {
      for (const connections of [1, 32]) {
        await load(c.direct, connections, 1); // warm-up
        const direct = await load(c.direct, connections, seconds);
        await load(c.viaBff, connections, 1);
        const via = await load(c.viaBff, connections, seconds);
        const added = via.p50 - direct.p50;
        const share = via.rps / direct.rps;
        rows.push(
          [
            c.name.padEnd(36),
            String(connections).padStart(3),
            `${direct.p50.toFixed(2)} / ${direct.p99.toFixed(2)}`.padStart(15),
            `${via.p50.toFixed(2)} / ${via.p99.toFixed(2)}`.padStart(15),
            `${added >= 0 ? '+' : ''}${added.toFixed(2)}`.padStart(7),
            Math.round(direct.rps).toString().padStart(7),
            Math.round(via.rps).toString().padStart(7),
            `${Math.round(share * 100)}%`.padStart(5),
            String(direct.errors + via.errors).padStart(4),
          ].join('  '),
        );
        verdicts.push(
          `${c.name} x${connections}: p50 +${added.toFixed(2)} ms (${added <= 1 ? 'meets' : 'misses'} <= 1 ms), ` +
            `${Math.round(share * 100)}% of direct throughput (${share >= 0.85 ? 'meets' : 'misses'} >= 85%)`,
        );
      }
    }
  } finally {
    await Promise.all([service.worker.terminate(), bff.worker.terminate()]);
    rmSync(ledgerDir, { recursive: true, force: true });
  }
  console.log(
    [
      'case                                  conc  direct p50/p99     BFF p50/p99  +p50 ms  direct    BFF  share  err',
      ...rows,
      '(latency in ms per request; throughput in requests/s)',
      ...verdicts,
    ].join('\n'),
  );
}

if (!isMainThread && (workerData as Role | undefined)?.role === 'bff-bench-service') {
  await serviceThread((workerData as Extract<Role, { role: 'bff-bench-service' }>).dataDir);
} else if (!isMainThread && (workerData as Role | undefined)?.role === 'bff-bench-bff') {
  const w = workerData as Extract<Role, { role: 'bff-bench-bff' }>;
  await bffThread(w.upstreamUrl, w.dataDir);
}
