/**
 * A graceful stop (issue 30, item 8): a real `npm start` process (bff/server/cli/start.ts) in front
 * of an upstream that answers slowly, stopped with SIGTERM while requests are in flight. Every
 * request gets its answer and every answered call is in the ledger (read from the store after the
 * process ended); the wait is bounded (BFF_STOP_TIMEOUT_MS). On SQLite (DATA_DIR) and on PostgreSQL
 * (DATABASE_URL: this test file's database).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../contract/endpoints';
import { type BffProcess, startBffProcess } from '../testing/bff-process';
import { type FaultServer, json, startFaultServer } from '../testing/bff-server';
import { testDatabaseUrl } from '../testing/env';
import { testStore } from '../testing/test-store';
import { createBffApp } from './app';
import { serveBff, stopServing } from './serve';
import { openPostgres } from './store/postgres';
import { SqliteStore } from './store/sqlite';
import type { BffStore } from './store/store';
import { remoteUpstream } from './upstream/upstream';

const SEARCH = pathOf('industry.search');
/** How long the upstream takes to answer: the requests are in flight for that long. */
const SLOW_MS = 1500;

type Instance = BffProcess;

let upstream: FaultServer;
let dataDir: string | undefined;
const running: Instance[] = [];

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const databaseUrl = testDatabaseUrl();
  const instance = await startBffProcess({
    BFF_MODE: 'local',
    UPSTREAM_URL: upstream.url,
    UPSTREAM_API_KEY: 'upstream-key',
    DATA_DIR: dataDir,
    BFF_CACHE_TTL_MS: '0',
    BFF_LIST_CHECK_INTERVAL_MS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  running.push(instance);
  return instance;
}

/** The ledger's lines of the industry search, from the store the process used (it has ended). */
async function searchLines(): Promise<{ status: number }[]> {
  const databaseUrl = testDatabaseUrl();
  const store: BffStore = databaseUrl
    ? await openPostgres(databaseUrl)
    : new SqliteStore(path.join(dataDir!, 'bff.sqlite'));
  try {
    return await store.sql.all<{ status: number }>(
      'SELECT status FROM ledger WHERE endpoint = ? ORDER BY id',
      [SEARCH],
    );
  } finally {
    await store.close();
  }
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** `n` searches at once, each its own query; each settles to its status, or to the error's text. */
function searches(on: { url: string }, n: number, tag: string): Promise<number | string>[] {
  return Array.from({ length: n }, (_, i) =>
    fetch(`${on.url}${SEARCH}?query=${tag}${i}`).then(
      async (res) => {
        await res.arrayBuffer();
        return res.status;
      },
      (err: Error) => String(err.cause ?? err),
    ),
  );
}

beforeAll(async () => {
  upstream = await startFaultServer();
});

afterEach(async () => {
  for (const i of running.splice(0)) {
    if (i.child.exitCode === null) i.child.kill('SIGKILL');
    await i.exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

afterAll(async () => {
  await upstream?.close();
});

describe('a graceful stop', () => {
  it('answers every request in flight at SIGTERM and writes each to the ledger before the store closes', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bff-stop-'));
    upstream.handle((_req, res) => {
      setTimeout(() => json(res, 200, { data: [], count: 0, credits_consumed: 0 }), SLOW_MS);
    });
    const bff = await startInstance({});
    const before = (await searchLines()).length;

    const answers = searches(bff, 6, 'inflight');
    await until('the six requests upstream', () => upstream.received.length === 6);
    bff.child.kill('SIGTERM');
    // No new connection is taken meanwhile.
    await until('new connections refused', () =>
      fetch(`${bff.url}${pathOf('bff.session')}`).then(
        () => false,
        () => true,
      ),
    );

    expect(await Promise.all(answers)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await bff.exited).toBe(0);
    const lines = (await searchLines()).slice(before);
    expect(lines.map((l) => l.status)).toEqual([200, 200, 200, 200, 200, 200]);
    // One line per step, in order.
    const log = bff.output.join('');
    const steps = [
      '[bff] SIGTERM: stopping',
      // The six, and maybe the probe for new connections that came in just before the signal.
      '[bff] stopping: no new connections; waiting for ',
      '[bff] stopping: every request in flight answered',
      '[bff] stopping: the app closed, the ledger written',
      '[bff] stopping: the store closed',
    ];
    const at = steps.map((s) => log.indexOf(s));
    expect(
      at.every((i) => i >= 0),
      log,
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(log).toMatch(/waiting for [67] requests in flight/);
  });

  it('waits at most its bound, then cuts what is left; an idle kept-alive connection holds nothing', async () => {
    // The stop itself (serve.ts), on a BFF in this process: an upstream that does not answer.
    upstream.handle(() => {});
    const store = await testStore();
    const bff = createBffApp({
      upstream: remoteUpstream(upstream.url, 'upstream-key'),
      store,
      staticDir: 'does-not-exist',
      log: () => {},
      upstreamTimeoutMs: 60_000,
    });
    const server = serveBff(bff, { port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      // A connection kept alive after its answer (the session route answers without the upstream).
      const agent = new Agent({ keepAlive: true });
      const idle = await new Promise<number>((resolve, reject) =>
        httpGet(`${url}${pathOf('bff.session')}`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        }).on('error', reject),
      );
      expect(idle).toBe(200);
      const answers = searches({ url }, 2, 'stuck');
      await until('the two requests upstream', () => upstream.received.length === 2);
      const lines: string[] = [];
      const started = performance.now();
      const outcome = await stopServing(server, { timeoutMs: 300, log: (l) => lines.push(l) }).done;
      // Bounded by its 300 ms, not by the upstream's minute nor the idle connection's keep-alive (5 s).
      expect(performance.now() - started).toBeLessThan(4000);
      expect(outcome).toEqual({ waitedFor: 2, cut: 2 });
      for (const a of await Promise.all(answers)) expect(typeof a).toBe('string');
      expect(lines).toEqual([
        '[bff] stopping: no new connections; waiting for 2 requests in flight (at most 300 ms)',
        '[bff] stopping: 2 requests still unanswered; cutting their connections',
      ]);
      agent.destroy();
    } finally {
      server.closeAllConnections();
      await bff.close();
      await store.close();
    }
  });
});
