/**
 * `npm run bench` (BENCH=bff for this part alone): what the BFF adds in front of the service, beside
 * the floor of any proxy on this machine.
 *
 * One run, one data set (BENCH_DIR/25000, the bench's own), four threads:
 * - a worker thread serves the embedded service on a loopback port;
 * - another serves the BFF in front of it as a *remote* upstream, as production runs it: team mode
 *   with a signed-in session cookie (auth), CSRF checked on every POST, the ledger on, a daily budget;
 *   the cache and the rate limit off (`cacheTtlMs: 0`, `rateLimitPerMinute: 0`) so that every call
 *   goes upstream;
 * - another serves the floor: a minimal keyed proxy (`node:http` in, an undici `Pool` out, the key
 *   injected, the body streamed, nothing parsed);
 * - the main thread is the load (autocannon) at 1 and 32 connections, alternately straight at the
 *   service, through the minimal proxy and through the BFF, the order rotating from round to round.
 *
 * Cases: distinct enrichment reads (each request another company, so nothing is served twice) and
 * list generation (POST, limit 50, the offset varying). Per target: p50 of each response's own time
 * (float ms, not autocannon's 1 ms buckets), throughput, and the CPU time per request of the proxy's
 * own thread (Linux: /proc/thread-self/schedstat, read inside that thread; elsewhere its event loop's
 * active time). Each figure is the median of BENCH_BFF_ROUNDS rounds (default 15), with the spread of
 * the rounds beside it; other work on the machine moves absolute figures, not the alternation. One
 * round's CPU ratio ranges from about 1.1 to 1.9 on this machine, so a verdict needs many rounds: with
 * 5 the list figure moved by +-0.15 from run to run, with 15 by about +-0.08.
 *
 * Targets (the issue "Speed of the BFF"; the CPU bound is 1.75 since the BFF has one way in, Hono's):
 * BFF CPU per request at most 1.75 x the minimal proxy's (at 32 connections), added p50 with one
 * client at most the minimal proxy's + 0.3 ms, at least 90% of the direct throughput at 32 connections.
 *
 * BENCH_BFF_SECONDS (default 30) is the measured time per case, connection count and target, split
 * over the rounds (at least 1 s each; the defaults take about 7 minutes); the first round warms every
 * target up for 1 s first.
 * BENCH_BFF_CONNECTIONS (default "1,32") picks the connection counts (one of them, to iterate quickly).
 * BENCH_DATABASE=postgres puts the BFF's store on an embedded PostgreSQL server (started for the run
 * in a temp folder, removed after); default SQLite.
 * BENCH_BFF_AGAINST=DIR adds a fourth target: the BFF of another checkout (DIR, with its node_modules;
 * a symlink to these will do), set up alike in a thread of its own and measured in the same rounds.
 * Its line per case gives this checkout's CPU per request against that one's, round by round: a change
 * of a few percent, which the verdicts' noise hides, shows there (docs/performance.md, "How long a
 * measuring run").
 */
import { mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, type Worker, workerData } from 'node:worker_threads';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { type Dispatcher, Pool } from 'undici';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../contract/bff';
import { seedDatabase } from '../embedded/dataset/seed';
import { startService } from '../embedded/service';
import { countCompanies } from '../embedded/store/companies';
import { databaseFile, getMeta, openDatabase, setMeta } from '../embedded/store/db';
import { findKey, setCredits } from '../embedded/store/keys';
import { startModuleWorker } from '../embedded/worker-thread';
import { type BffApp, createBffApp } from '../server/app';
import { addUser } from '../server/auth/users';
import { serveBff } from '../server/serve';
import { startEmbeddedPostgres } from '../server/store/embedded-postgres';
import { openStore } from '../server/store/open';
import { remoteUpstream } from '../server/upstream/upstream';
import { benchConfig } from './config';
import { bootstrapInterval, median } from './stats';

const COMPANIES = 25_000;
/** The BFF's CPU per request at most this many times the minimal proxy's (32 connections). */
const CPU_BOUND = 1.75;
const SEED = 42;
/** The benches' key on the embedded service, and their BFF user. */
export const KEY = 'dev-enterprise-key';
export const USER = { name: 'bench', password: 'bench-password-1' };
/** Distinct companies the enrichment case cycles through. */
const DISTINCT = 20_000;

export type Role =
  | { role: 'bff-bench-service'; dataDir: string }
  | { role: 'bff-bench-bff'; upstreamUrl: string; dataDir: string; databaseUrl?: string }
  | { role: 'bff-bench-minimal'; upstreamUrl: string };

/** CPU time of the calling thread so far, in ms (Linux: the scheduler's own account, in ns). */
function threadCpuMs(): number {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return performance.eventLoopUtilization().active;
  }
}

/**
 * Tells the main thread the port, then answers its questions: the thread's CPU time, and (for
 * bff-profile.ts) a V8 CPU profile of this thread alone over a window the main thread chooses.
 */
function announce(message: Record<string, unknown>): void {
  let profiler: Session | undefined;
  parentPort?.on('message', async (m: { type?: string; intervalUs?: number }) => {
    if (m.type === 'cpu') parentPort?.postMessage({ type: 'cpu', ms: threadCpuMs() });
    if (m.type === 'profile-start') {
      profiler = new Session();
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.setSamplingInterval', { interval: m.intervalUs ?? 200 });
      await profiler.post('Profiler.start');
      parentPort?.postMessage({ type: 'profile-started' });
    }
    if (m.type === 'profile-stop' && profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      profiler.disconnect();
      profiler = undefined;
      parentPort?.postMessage({ type: 'profile', profile: JSON.stringify(profile) });
    }
  });
  parentPort?.postMessage({ type: 'ready', tid: threadId(), ...message });
}

/** The OS id of the calling thread (Linux), for strace or perf -t. */
function threadId(): number | undefined {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').at(-1));
  } catch {
    return undefined;
  }
}

/** A server once it listens: its port, and how to close it. */
async function listening(server: Server): Promise<{ port: number; close: () => void }> {
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return { port: (server.address() as AddressInfo).port, close: () => server.close() };
}

/** The BFF as it runs (`serveBff`, as `npm start` serves it). */
export function listenBff(bff: Pick<BffApp, 'fetch'>): Promise<{ port: number; close: () => void }> {
  return listening(serveBff(bff, { port: 0, hostname: '127.0.0.1' }));
}

/** Serves `fetch` on a free loopback port. */
export function listen(
  fetch: (req: Request) => Promise<Response> | Response,
): Promise<{ port: number; close: () => void }> {
  return listening(serve({ fetch, port: 0, hostname: '127.0.0.1' }) as Server);
}

async function serviceThread(dataDir: string): Promise<void> {
  const service = await startService({ dataDir, companies: COMPANIES, seed: SEED });
  // The bench spends millions of credits; its own data set's key must not run dry.
  const key = findKey(service.ctx.db, KEY);
  if (key) setCredits(service.ctx.db, key.id, 1e12);
  const uuids = (
    service.ctx.db.prepare('SELECT uuid FROM companies ORDER BY idx LIMIT ?').all(DISTINCT) as {
      uuid: string;
    }[]
  ).map((r) => r.uuid);
  announce({ port: (await listen(service.fetch)).port, uuids });
}

/** The BFF as a team deploys it: accounts and sessions, a daily budget, the ledger. */
async function bffThread(upstreamUrl: string, dataDir: string, databaseUrl?: string): Promise<void> {
  const store = await openStore({ databaseUrl, dataDir });
  await addUser(store, { ...USER, dailyBudget: 1e12 }, { replace: true });
  const bff = createBffApp({
    upstream: remoteUpstream(upstreamUrl, KEY),
    mode: 'team',
    store,
    staticDir: 'does-not-exist',
    cacheTtlMs: 0,
    rateLimitPerMinute: 0,
    log: () => {},
  });
  announce({ port: (await listenBff(bff)).port });
}

/** The floor: a keyed proxy that parses nothing. */
async function minimalThread(upstreamUrl: string): Promise<void> {
  const pool = new Pool(upstreamUrl, { connections: 64 });
  const server = createServer((req, res) => {
    const { host: _host, connection: _connection, ...headers } = req.headers;
    pool.stream(
      {
        method: req.method as Dispatcher.HttpMethod,
        path: req.url ?? '/',
        headers: { ...headers, 'x-api-key': KEY },
        body: req.method === 'GET' || req.method === 'HEAD' ? null : req,
      },
      ({ statusCode, headers: upstreamHeaders }) => {
        const { connection: _c, 'keep-alive': _k, ...relayed } = upstreamHeaders;
        res.writeHead(statusCode, relayed as Record<string, string | string[]>);
        return res;
      },
      (err) => {
        if (err && !res.headersSent) res.writeHead(502).end();
        else if (err) res.destroy();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  announce({ port: (server.address() as AddressInfo).port });
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

export type Thread = {
  worker: Worker;
  message: Record<string, unknown>;
  /** The thread's own CPU time so far, in ms. */
  cpuMs: () => Promise<number>;
  /** Asks the thread to do something and waits for its answer of the given type. */
  ask: (question: Record<string, unknown>, answer: string) => Promise<Record<string, unknown>>;
};

/**
 * This file again, in a worker thread, in the given role (under tsx too: startModuleWorker); or the
 * same file of another checkout (`module`), to compare two versions of the BFF in one run.
 */
export function startThread(role: Role, module = new URL(import.meta.url)): Promise<Thread> {
  const worker = startModuleWorker(module, { workerData: role });
  const ask = (question: Record<string, unknown>, answer: string) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const onMessage = (m: Record<string, unknown>) => {
        if (m.type !== answer) return;
        worker.off('message', onMessage);
        resolve(m);
      };
      worker.on('message', onMessage);
      worker.postMessage(question);
    });
  const cpuMs = async () => Number((await ask({ type: 'cpu' }, 'cpu')).ms);
  return new Promise((resolve, reject) => {
    const onReady = (message: Record<string, unknown>) => {
      if (message.type !== 'ready') return;
      worker.off('message', onReady);
      resolve({ worker, message, cpuMs, ask });
    };
    worker.on('message', onReady);
    worker.once('error', reject);
  });
}

export type TargetName = 'direct' | 'minimal' | 'bff' | 'against';
export type Target = {
  origin: string;
  headers: Record<string, string>;
  /** The thread whose CPU this target's requests cost (the service's, for direct). */
  thread: Thread;
};
export type BenchSetup = {
  targets: Record<Exclude<TargetName, 'against'>, Target> & { against?: Target };
  uuids: string[];
  close: () => Promise<void>;
};

/** Signs the benches' user in to the BFF at `origin`; its session cookie (`name=value`). */
export async function benchSession(origin: string): Promise<string> {
  const signIn = await fetch(`${origin}/bff/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: JSON.stringify({ username: USER.name, password: USER.password }),
  });
  const cookie = signIn.headers.getSetCookie()[0]?.split(';')[0];
  if (signIn.status !== 200 || !cookie) throw new Error(`the bench could not sign in (${signIn.status})`);
  return cookie;
}

/** A BFF thread's target, signed in as the web app would be. */
async function signedIn(thread: Thread): Promise<Target> {
  const origin = `http://127.0.0.1:${thread.message.port}`;
  const cookie = await benchSession(origin);
  // As the web app calls it: the session cookie, and on a POST the CSRF header and the origin.
  return { origin, headers: { cookie, origin, [CSRF_HEADER]: CSRF_HEADER_VALUE }, thread };
}

/** Another checkout's BFF (BENCH_BFF_AGAINST): its own bench module, store folder and database. */
export type Against = { module: URL; dataDir: string; databaseUrl?: string };

/** The service, the minimal proxy and the BFF (and another checkout's), each in its own thread, signed in. */
export async function startBenchTargets(
  dataDir: string,
  bffDataDir: string,
  upstreamUrl?: string,
  databaseUrl?: string,
  against?: Against,
): Promise<BenchSetup> {
  const service = await startThread({ role: 'bff-bench-service', dataDir });
  const serviceUrl = upstreamUrl ?? `http://127.0.0.1:${service.message.port}`;
  const [bff, minimal, other] = await Promise.all([
    startThread({
      role: 'bff-bench-bff',
      upstreamUrl: serviceUrl,
      dataDir: bffDataDir,
      ...(databaseUrl ? { databaseUrl } : {}),
    }),
    startThread({ role: 'bff-bench-minimal', upstreamUrl: serviceUrl }),
    against
      ? startThread(
          {
            role: 'bff-bench-bff',
            upstreamUrl: serviceUrl,
            dataDir: against.dataDir,
            ...(against.databaseUrl ? { databaseUrl: against.databaseUrl } : {}),
          },
          against.module,
        )
      : undefined,
  ]);
  return {
    targets: {
      direct: { origin: serviceUrl, headers: { 'x-api-key': KEY }, thread: service },
      minimal: {
        origin: `http://127.0.0.1:${minimal.message.port}`,
        headers: {},
        thread: minimal,
      },
      bff: await signedIn(bff),
      ...(other ? { against: await signedIn(other) } : {}),
    },
    uuids: service.message.uuids as string[],
    close: async () => {
      await Promise.all(
        [service, bff, minimal, ...(other ? [other] : [])].map((thread) => thread.worker.terminate()),
      );
    },
  };
}

export type BenchCase = {
  name: string;
  method: 'GET' | 'POST';
  /** Path, query and JSON body of the next request (called once per request). */
  next: () => { path: string; body?: string };
};

export function benchCases(uuids: readonly string[]): BenchCase[] {
  let i = 0;
  let page = 0;
  return [
    {
      name: 'enrichment, distinct companies',
      method: 'GET',
      next: () => ({
        path: `/api/v1/company/enrichment?company=${uuids[i++ % uuids.length]}&sections=firmographic,location`,
      }),
    },
    {
      name: 'list generation, limit 50',
      method: 'POST',
      next: () => ({
        path: '/api/v1/list/generate/companies',
        body: JSON.stringify({
          filters: {
            'location.hq.country': ['USA', 'DEU', 'GBR'],
            'business_model.offering_type': ['software'],
          },
          limit: 50,
          offset: (page++ % 4) * 50,
        }),
      }),
    },
  ];
}

type Figures = { p50: number; rps: number; cpuPerRequest: number; errors: number };

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

/** autocannon against one target; the thread's CPU time read before and after. */
export async function load(
  target: Target,
  c: BenchCase,
  connections: number,
  seconds: number,
): Promise<Figures> {
  const times: number[] = [];
  const cpuBefore = await target.thread.cpuMs();
  const headers = {
    ...target.headers,
    ...(c.method === 'POST' ? { 'content-type': 'application/json' } : {}),
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.origin,
        connections,
        duration: seconds,
        requests: [
          {
            method: c.method,
            headers,
            setupRequest: (req) => ({ ...req, ...c.next() }),
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (...args: unknown[]) => {
      const [, status, , ms] = args as [unknown, number, number, number];
      if (status >= 200 && status < 300) times.push(ms);
    });
  });
  const cpuMs = (await target.thread.cpuMs()) - cpuBefore;
  times.sort((a, b) => a - b);
  const answered = result.requests.total;
  return {
    p50: percentile(times, 0.5),
    rps: times.length / result.duration,
    cpuPerRequest: answered > 0 ? cpuMs / answered : Number.NaN,
    errors: result.errors + result.non2xx,
  };
}

const TARGETS: readonly TargetName[] = ['direct', 'minimal', 'bff', 'against'];

/** One round's figures per target (another checkout's BFF only with BENCH_BFF_AGAINST). */
type RoundFigures = Record<Exclude<TargetName, 'against'>, Figures> & { against?: Figures };
type Row = { name: string; connections: number; rounds: RoundFigures[] };

const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const signed = (n: number) => `${n >= 0 ? '+' : ''}${fmt(n)}`;
const pct = (n: number) => `${Math.round(n * 100)}%`;

/** Median over the rounds, with the rounds' range when they differ. */
function spread(values: readonly number[], show: (n: number) => string): string {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = show(median(values));
  if (sorted.length < 2) return mid;
  return `${mid} (${show(sorted[0]!)}..${show(sorted.at(-1)!)})`;
}

/** The 95% interval of a figure over its rounds (stats.ts), as " (95%: low..high)". */
function within(interval: [number, number] | undefined, show: (n: number) => string): string {
  return interval ? ` (95%: ${show(interval[0])}..${show(interval[1])})` : '';
}

/** The verdict, and whether the rounds could as well have given the other one (the interval crosses the target). */
function sureness(
  meets: boolean,
  interval: [number, number] | undefined,
  sure: (low: number, high: number) => boolean,
): string {
  const verdict = meets ? 'MEETS' : 'misses';
  return !interval || sure(interval[0], interval[1])
    ? verdict
    : `${verdict} (the interval crosses the target)`;
}

export function formatBffBench(rows: readonly Row[]): string {
  const lines: string[] = [];
  const verdicts: string[] = [];
  lines.push(
    `${'case'.padEnd(32)} conc  ${'direct p50'.padStart(10)} ${'rps'.padStart(6)} ${'cpu/req'.padStart(8)} | ` +
      `${'minimal +p50'.padStart(22)} ${'share'.padStart(16)} ${'cpu/req'.padStart(22)} | ` +
      `${'BFF +p50'.padStart(22)} ${'share'.padStart(16)} ${'cpu/req'.padStart(22)}`,
  );
  for (const row of rows) {
    const of = (t: Exclude<TargetName, 'against'>, f: (x: Figures, direct: Figures) => number) =>
      row.rounds.map((r) => f(r[t], r.direct));
    const cells = (t: 'minimal' | 'bff') => [
      spread(
        of(t, (x, d) => x.p50 - d.p50),
        signed,
      ).padStart(22),
      spread(
        of(t, (x, d) => x.rps / d.rps),
        pct,
      ).padStart(16),
      spread(
        of(t, (x) => x.cpuPerRequest),
        (n) => fmt(n, 3),
      ).padStart(22),
    ];
    lines.push(
      [
        row.name.padEnd(32),
        String(row.connections).padStart(4),
        ` ${fmt(median(of('direct', (x) => x.p50))).padStart(10)}`,
        String(Math.round(median(of('direct', (x) => x.rps)))).padStart(6),
        fmt(median(of('direct', (x) => x.cpuPerRequest)), 3).padStart(8),
        '|',
        ...cells('minimal'),
        '|',
        ...cells('bff'),
      ].join(' '),
    );
    const errors = row.rounds.reduce(
      (n, r) => n + r.direct.errors + r.minimal.errors + r.bff.errors + (r.against?.errors ?? 0),
      0,
    );
    if (errors > 0)
      verdicts.push(`${row.name} x${row.connections}: ${errors} failed requests (see the service)`);
  }
  for (const name of new Set(rows.map((r) => r.name))) {
    const one = rows.find((r) => r.name === name && r.connections === 1);
    const many = rows.find((r) => r.name === name && r.connections > 1);
    if (one) {
      const bff = median(one.rounds.map((r) => r.bff.p50 - r.direct.p50));
      const floor = median(one.rounds.map((r) => r.minimal.p50 - r.direct.p50));
      verdicts.push(
        `${name}: added p50 x1 ${signed(bff)} ms vs minimal ${signed(floor)} + 0.30: ${bff <= floor + 0.3 ? 'MEETS' : 'misses'}`,
      );
    }
    if (many) {
      const cpuRatio = (rounds: readonly Row['rounds'][number][]) =>
        median(rounds.map((r) => r.bff.cpuPerRequest)) / median(rounds.map((r) => r.minimal.cpuPerRequest));
      const bffCpu = median(many.rounds.map((r) => r.bff.cpuPerRequest));
      const floorCpu = median(many.rounds.map((r) => r.minimal.cpuPerRequest));
      const cpuInterval = bootstrapInterval(many.rounds, cpuRatio);
      verdicts.push(
        `${name}: CPU/request x${many.connections} ${fmt(bffCpu, 3)} ms = ${fmt(bffCpu / floorCpu)} x minimal's ${fmt(floorCpu, 3)}` +
          `${within(cpuInterval, fmt)} (<= ${CPU_BOUND}): ` +
          sureness(
            bffCpu <= CPU_BOUND * floorCpu,
            cpuInterval,
            (lo, hi) => hi <= CPU_BOUND || lo > CPU_BOUND,
          ),
      );
      // Beside the verdict, not instead of it: each round's own ratio (the two proxies measured
      // back to back in that round), which drift between rounds moves less than either figure.
      const paired = many.rounds.map((r) => r.bff.cpuPerRequest / r.minimal.cpuPerRequest);
      verdicts.push(
        `${name}: CPU ratio per round x${many.connections} ${paired.map((x) => fmt(x)).join(' ')} (median ${fmt(median(paired))})`,
      );
      const against = many.rounds.flatMap((r) => (r.against ? [{ bff: r.bff, against: r.against }] : []));
      if (against.length > 0) {
        // This checkout against the other, round by round (each pair measured back to back).
        const ratioOf = (rounds: readonly (typeof against)[number][]) =>
          median(rounds.map((r) => r.bff.cpuPerRequest / r.against.cpuPerRequest));
        verdicts.push(
          `${name}: CPU/request x${many.connections} ${fmt(median(against.map((r) => r.bff.cpuPerRequest)), 3)} ms here, ` +
            `${fmt(median(against.map((r) => r.against.cpuPerRequest)), 3)} ms against; per round here/against ` +
            `${fmt(ratioOf(against))}${within(bootstrapInterval(against, ratioOf), fmt)}`,
        );
      }
      const shareOf = (rounds: readonly Row['rounds'][number][]) =>
        median(rounds.map((r) => r.bff.rps / r.direct.rps));
      const share = shareOf(many.rounds);
      const shareInterval = bootstrapInterval(many.rounds, shareOf);
      verdicts.push(
        `${name}: throughput x${many.connections} ${pct(share)} of direct${within(shareInterval, pct)} (>= 90%): ` +
          sureness(share >= 0.9, shareInterval, (lo, hi) => lo >= 0.9 || hi < 0.9),
      );
    }
  }
  return [
    ...lines,
    '(p50 in ms, +p50 = added to direct in the same round; share = of direct throughput in the same round;',
    ' cpu/req = ms of CPU per request of the thread that answers: the service for direct, the proxy for the others;',
    ' median of the rounds (lowest..highest round))',
    ...verdicts,
  ].join('\n');
}

export async function bffOverheadBench(benchDir: string): Promise<void> {
  const cfg = benchConfig();
  const seconds = cfg.BENCH_BFF_SECONDS;
  const rounds = cfg.BENCH_BFF_ROUNDS;
  const slot = Math.max(1, Math.round(seconds / rounds));
  const connectionCounts = cfg.BENCH_BFF_CONNECTIONS;
  const dataDir = path.join(benchDir, String(COMPANIES));
  console.log(
    `\n== BFF overhead (${dataDir}; service, minimal proxy and BFF each on a loopback port in its own thread; ` +
      `${rounds} rounds of ${slot} s per target)`,
  );
  await ensureBenchDataset(dataDir);

  const bffDataDir = mkdtempSync(path.join(tmpdir(), 'bff-bench-'));
  const againstDir = cfg.BENCH_BFF_AGAINST;
  const againstDataDir = againstDir ? mkdtempSync(path.join(tmpdir(), 'bff-bench-against-')) : undefined;
  // BENCH_DATABASE=postgres: the BFF's store on an embedded PostgreSQL (a server of its own, with its
  // default durability), as several instances would share it; else SQLite in a temp folder.
  const onPostgres = cfg.BENCH_DATABASE === 'postgres';
  const cluster = onPostgres ? await startEmbeddedPostgres() : undefined;
  console.log(`BFF store: ${cluster ? `PostgreSQL (embedded, 127.0.0.1:${cluster.port})` : 'SQLite'}`);
  if (againstDir) console.log(`Against: the BFF of ${path.resolve(againstDir)}`);
  const setup = await startBenchTargets(
    dataDir,
    bffDataDir,
    undefined,
    cluster ? await cluster.createDatabase('bench') : undefined,
    againstDir && againstDataDir
      ? {
          module: pathToFileURL(path.resolve(againstDir, 'bff/bench/bff-overhead.ts')),
          dataDir: againstDataDir,
          ...(cluster ? { databaseUrl: await cluster.createDatabase('against') } : {}),
        }
      : undefined,
  );
  const targets = TARGETS.filter((t) => t !== 'against' || setup.targets.against);
  const cases = benchCases(setup.uuids);
  const rows: Row[] = cases.flatMap((c) =>
    connectionCounts.map((connections) => ({ name: c.name, connections, rounds: [] })),
  );
  try {
    for (let round = 0; round < rounds; round++) {
      const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
      for (const row of rows) {
        const c = cases.find((x) => x.name === row.name)!;
        const figures = {} as RoundFigures;
        for (const t of order) {
          const target = setup.targets[t]!;
          if (round === 0) await load(target, c, row.connections, 1);
          figures[t] = await load(target, c, row.connections, slot);
        }
        row.rounds.push(figures);
      }
    }
  } finally {
    await setup.close();
    await cluster?.stop();
    rmSync(bffDataDir, { recursive: true, force: true });
    if (againstDataDir) rmSync(againstDataDir, { recursive: true, force: true });
  }
  console.log(formatBffBench(rows));
}

const role = isMainThread ? undefined : (workerData as Role | undefined);
if (role?.role === 'bff-bench-service') await serviceThread(role.dataDir);
else if (role?.role === 'bff-bench-bff') await bffThread(role.upstreamUrl, role.dataDir, role.databaseUrl);
else if (role?.role === 'bff-bench-minimal') await minimalThread(role.upstreamUrl);
