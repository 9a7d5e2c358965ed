/**
 * The BFF's database down (issue 30, item 9): a BFF on a PostgreSQL cluster of this file's own that
 * the test stops and starts again. While it is down, every call answers within two seconds a 503
 * with `Retry-After` and a problem that says the BFF's database is unreachable, on the service proxy's
 * routes and the BFF's own, in team mode (signed in before) and in local mode; once it is back,
 * the same BFFs answer again without a restart. And a database that neither answers nor fails (a
 * relay that holds its bytes): the request's deadline answers the same 503.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../contract/endpoints';
import { PROBLEM_CONTENT_TYPE } from '../../contract/problem';
import type { Service } from '../../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { startTcpProxy, type TcpProxy } from '../../testing/tcp-proxy';
import { addUser } from '../auth/users';
import { embeddedUpstream } from '../upstream/upstream';
import { type EmbeddedCluster, freePort, startEmbeddedPostgres, urlOf } from './embedded-postgres';
import { openPostgres, type PostgresStore } from './postgres';
import {
  isStoreUnavailable,
  STORE_DEADLINE_MS,
  STORE_RETRY_AFTER_S,
  STORE_UNAVAILABLE_DETAIL,
} from './unavailable';

const PASSWORD = 'a long enough secret';
/** What "at once" means for a store that is down: the audit saw calls hang 5-19 s. */
const WITHIN_MS = 2000;
/** How soon calls succeed again once the database is back. */
const RECOVERY_MS = 5000;

let dir: string;
let port: number;
let cluster: EmbeddedCluster | undefined;
let proxy: TcpProxy;
let service: Service;
let company: string;
const stores: PostgresStore[] = [];
const bffs: RunningBff[] = [];

type Pair = { team: RunningBff; cookie: string; local: RunningBff; store: PostgresStore };

async function startCluster(): Promise<EmbeddedCluster> {
  // A data folder of the test's own (kept across the stop), so the same cluster starts again.
  return startEmbeddedPostgres({ dir: path.join(dir, 'data'), port, throwaway: true });
}

/** A team-mode BFF with a signed-in user and a local-mode BFF, on `url`'s server. */
async function startPair(url: string, name: string): Promise<Pair> {
  const teamStore = await openPostgres(url, { schema: `${name}_team`, max: 4 });
  const localStore = await openPostgres(url, { schema: `${name}_local`, max: 4 });
  stores.push(teamStore, localStore);
  await addUser(teamStore, { name: 'ada', password: PASSWORD, dailyBudget: null, role: 'member' });
  const upstream = embeddedUpstream(service);
  const team = await startBff({ upstream, store: teamStore, mode: 'team', cacheTtlMs: 0 });
  const local = await startBff({ upstream, store: localStore, mode: 'local', cacheTtlMs: 0 });
  bffs.push(team, local);
  const signIn = await team.post(pathOf('bff.signIn'), { username: 'ada', password: PASSWORD });
  expect(signIn.status).toBe(200);
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
  return { team, cookie, local, store: teamStore };
}

/** Calls of both modes: a proxied enrichment and the BFF's own /bff/usage. */
function calls(p: Pair): { name: string; send: () => Promise<Response> }[] {
  const enrichment = `${pathOf('company.enrichment')}?company=${company}&sections=firmographic`;
  const usage = pathOf('bff.usage');
  const withCookie = { headers: { cookie: p.cookie } };
  return [
    { name: 'team enrichment', send: () => p.team.call(enrichment, withCookie) },
    { name: 'team usage', send: () => p.team.call(usage, withCookie) },
    { name: 'local enrichment', send: () => p.local.call(enrichment) },
    { name: 'local usage', send: () => p.local.call(usage) },
  ];
}

async function expectAllAnswer(p: Pair, status: number): Promise<void> {
  for (const c of calls(p)) {
    const res = await c.send();
    expect(res.status, `${c.name}: ${await res.clone().text()}`).toBe(status);
    await res.arrayBuffer();
  }
}

/** Every call answers the store's 503 within `withinMs`, `rounds` times over. */
async function expectStoreDown(p: Pair, rounds: number, withinMs: number): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    for (const c of calls(p)) {
      const started = performance.now();
      const res = await c.send();
      const ms = performance.now() - started;
      const what = `${c.name}, round ${round + 1}`;
      expect(res.status, `${what}: ${await res.clone().text()}`).toBe(503);
      expect(ms, `${what}: answered after ${Math.round(ms)} ms`).toBeLessThan(withinMs);
      expect(res.headers.get('retry-after'), what).toBe(String(STORE_RETRY_AFTER_S));
      expect(res.headers.get('content-type'), what).toBe(PROBLEM_CONTENT_TYPE);
      expect(await res.json(), what).toEqual({
        type: expect.stringMatching(/\/unavailable$/),
        title: 'Service unavailable',
        status: 503,
        detail: STORE_UNAVAILABLE_DETAIL,
      });
    }
  }
}

/**
 * Polls until every call answers `status`. The driver reconnects by itself, and tries again within
 * half a second (left to its default it waited up to 20 s by then).
 */
async function untilAllAnswer(p: Pair, status: number): Promise<void> {
  const deadline = Date.now() + RECOVERY_MS;
  for (;;) {
    const answers = await Promise.all(calls(p).map(async (c) => (await c.send()).status));
    if (answers.every((s) => s === status)) return;
    if (Date.now() > deadline) throw new Error(`still ${answers.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'bff-store-down-'));
  if (process.getuid?.() === 0) chmodSync(dir, 0o755); // PostgreSQL runs as `postgres` under root
  port = await freePort();
  cluster = await startCluster();
  proxy = await startTcpProxy({ host: '127.0.0.1', port });
  service = await startEmbedded(50, { seed: 9 });
  company = (service.ctx.db.prepare('SELECT uuid FROM companies LIMIT 1').get() as { uuid: string }).uuid;
}, 120_000);

afterAll(async () => {
  for (const b of bffs) await b.close();
  for (const s of stores) await s.close().catch(() => {});
  await proxy?.close();
  await cluster?.stop();
  service?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the BFF with its database down', () => {
  it('answers 503 with Retry-After at once while PostgreSQL is stopped, and again 200 once it is back', async () => {
    const pair = await startPair(urlOf(port, 'postgres'), 'stopped');
    await expectAllAnswer(pair, 200);

    await cluster!.stop();
    cluster = undefined;
    // Rounds enough for the driver's back-off to have grown to its longest (it doubled and more
    // with every failed try, to 20 s).
    await expectStoreDown(pair, 4, WITHIN_MS);
    expect(pair.team.logs.join('\n')).toContain('[bff] the store is unreachable; answering 503');
    expect(pair.team.logs.join('\n')).not.toContain('unexpected error');
    // The driver itself fails a query on a stopped server, every time before a request's deadline
    // would (its back-off between tries, left to itself, grows past 5 s after a few failures).
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      const err = await pair.store.spentOn('nobody', '2026-12-02').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isStoreUnavailable(err), String(err)).toBe(true);
      expect(performance.now() - started, `try ${i + 1}`).toBeLessThan(STORE_DEADLINE_MS);
    }

    cluster = await startCluster();
    await untilAllAnswer(pair, 200);
    // The session made before the stop still holds: nothing was restarted.
    const who = await pair.team.call(pathOf('bff.session'), { headers: { cookie: pair.cookie } });
    expect(((await who.json()) as { user: { name: string } | null }).user?.name).toBe('ada');
  });

  it('answers 503 when PostgreSQL neither answers nor fails, and goes on once it answers', async () => {
    const pair = await startPair(urlOf(proxy.port, 'postgres'), 'frozen');
    await expectAllAnswer(pair, 200);

    proxy.freeze();
    try {
      // The request's deadline answers, plus what a busy machine adds to a timer.
      await expectStoreDown(pair, 1, STORE_DEADLINE_MS + 1000);
    } finally {
      proxy.thaw();
    }
    await untilAllAnswer(pair, 200);
  });
});
