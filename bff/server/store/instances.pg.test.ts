/**
 * Several BFF instances on one PostgreSQL behave as one (issue 13): two real `npm start` processes
 * (bff/server/cli/start.ts, team mode, their own PORTs, one DATABASE_URL), one upstream (the embedded
 * service on a loopback port), over real HTTP. The `postgres` Vitest project only (*.pg.test.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdditionStatus } from '../../contract/api';
import { CSRF_HEADER, CSRF_HEADER_VALUE, type UsageResponse } from '../../contract/bff';
import { pathOf } from '../../contract/endpoints';
import { type Service, startService } from '../../embedded/service';
import { type BffProcess, startBffProcess } from '../../testing/bff-process';
import { testDatabaseUrl } from '../../testing/env';
import { openEvents } from '../../testing/sse-client';
import { addUser } from '../auth/users';
import { MIGRATIONS } from './migrations';
import { openPostgres, type PostgresStore } from './postgres';

const SECRET = `whsec_${randomBytes(24).toString('base64')}`;
/** Requests per minute per user: low enough to reach in a test, high enough for the other steps. */
const RATE_LIMIT = 60;
const PASSWORD = 'a long enough secret';
const USERS = {
  ada: { role: 'admin' as const, dailyBudget: null },
  sam: { role: 'member' as const, dailyBudget: null },
  dan: { role: 'member' as const, dailyBudget: null },
  bea: { role: 'member' as const, dailyBudget: 10 },
  rex: { role: 'member' as const, dailyBudget: null },
  mia: { role: 'member' as const, dailyBudget: null },
  kim: { role: 'member' as const, dailyBudget: 10 },
  ivy: { role: 'member' as const, dailyBudget: null },
};
type Name = keyof typeof USERS;

type Instance = BffProcess;

let service: Service;
let closeService: () => void;
let store: PostgresStore;
let dataDir: string;
let a: Instance;
let b: Instance;
let companies: string[];

function startInstance(upstreamUrl: string, databaseUrl: string): Promise<Instance> {
  return startBffProcess({
    BFF_MODE: 'team',
    UPSTREAM_URL: upstreamUrl,
    UPSTREAM_API_KEY: 'dev-enterprise-key',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    WEBHOOK_SECRET: SECRET,
    BFF_RATE_LIMIT: String(RATE_LIMIT),
  });
}

function stopInstance(i: Instance | undefined): Promise<void> {
  if (!i || i.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    i.child.once('exit', () => resolve());
    i.child.kill('SIGTERM');
  });
}

/** A browser-like call on an instance (same-origin Origin, the CSRF header, the cookie). */
function call(on: Instance, p: string, init: RequestInit & { cookie?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('origin', on.url);
  headers.set(CSRF_HEADER, CSRF_HEADER_VALUE);
  if (init.cookie) headers.set('cookie', init.cookie);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  return fetch(`${on.url}${p}`, { ...init, headers });
}

async function signIn(on: Instance, name: Name): Promise<string> {
  const res = await call(on, '/bff/session', {
    method: 'POST',
    body: JSON.stringify({ username: name, password: PASSWORD }),
  });
  expect(res.status, `sign-in of ${name}`).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

const whoIs = async (on: Instance, cookie: string) =>
  ((await (await call(on, '/bff/session', { cookie })).json()) as { user: { name: string } | null }).user
    ?.name ?? null;

const enrich = (on: Instance, cookie: string, company: string) =>
  call(on, `${pathOf('company.enrichment')}?company=${company}&sections=firmographic`, { cookie });

function statusOf(requestId: string, status: AdditionStatus['status'], at: string): AdditionStatus {
  return {
    request_id: requestId,
    request_type: 'company_addition',
    status,
    detail: {
      company_addition_request_id: requestId,
      company_name: 'Zebra Widgets',
      domain: 'zebrawidgets.com',
      status,
      reason: null,
      company_uuid: status === 'completed' ? randomUUID() : null,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: at,
    },
  };
}

/** A signed delivery of a status change, as the upstream sends it. */
function deliver(on: Instance, id: string, data: AdditionStatus): Promise<Response> {
  const body = JSON.stringify({
    type: 'company_addition.status_changed',
    timestamp: data.detail.updated_at,
    data,
  });
  const at = new Date();
  return fetch(`${on.url}${pathOf('bff.webhookReceiver')}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(SECRET).sign(id, at, body),
    },
    body,
  });
}

/** An addition request submitted through `on`: the BFF records it as the user's. */
async function submitAddition(on: Instance, cookie: string, name: string): Promise<string> {
  const res = await call(on, pathOf('additions.submit'), {
    method: 'POST',
    cookie,
    body: JSON.stringify({
      company_name: name,
      website: `https://${name.toLowerCase().replace(/\W/g, '')}.example`,
    }),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return ((await res.json()) as { request_id: string }).request_id;
}

beforeAll(async () => {
  const databaseUrl = testDatabaseUrl()!;
  dataDir = mkdtempSync(path.join(tmpdir(), 'bff-instances-'));
  service = await startService({ dataDir: ':memory:', companies: 300, seed: 5 });
  const upstream = serve({ fetch: service.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => upstream.once('listening', () => resolve()));
  closeService = () => {
    upstream.close();
    service.close();
  };
  companies = (
    service.ctx.db.prepare('SELECT uuid FROM companies ORDER BY idx LIMIT 40').all() as { uuid: string }[]
  ).map((r) => r.uuid);
  // The accounts, in the database both instances use (its default schema, as npm start opens it).
  store = await openPostgres(databaseUrl);
  for (const [name, u] of Object.entries(USERS))
    await addUser(store, { name, password: PASSWORD, dailyBudget: u.dailyBudget, role: u.role });
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  // Started at once: both apply the migrations' check under the advisory lock.
  [a, b] = await Promise.all([
    startInstance(upstreamUrl, databaseUrl),
    startInstance(upstreamUrl, databaseUrl),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([stopInstance(a), stopInstance(b)]);
  await store?.close();
  closeService?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('two BFF processes on one PostgreSQL: state and sessions', () => {
  it('both say where their state is, and started on the same migrated schema', async () => {
    for (const i of [a, b])
      expect(i.output.join('')).toMatch(/team mode; upstream: remote.*store: postgres:\/\/127\.0\.0\.1/);
    expect(await store.sql.all('SELECT id FROM schema_migrations ORDER BY id')).toEqual(
      MIGRATIONS.map((m) => ({ id: m.id })),
    );
  });

  it('honours a session made on A on B; signing out on A ends it on B', async () => {
    const cookie = await signIn(a, 'sam');
    expect(await whoIs(b, cookie)).toBe('sam');
    expect((await call(b, pathOf('bff.usage'), { cookie })).status).toBe(200); // B remembers it now
    expect((await call(a, '/bff/session', { method: 'DELETE', cookie })).status).toBe(204);
    await expect.poll(async () => (await call(b, pathOf('bff.usage'), { cookie })).status).toBe(401);
    expect(await whoIs(b, cookie)).toBeNull();
    expect(await whoIs(a, cookie)).toBeNull();
  });

  it("ends a disabled user's sessions on both instances", async () => {
    const onA = await signIn(a, 'dan');
    const onB = await signIn(b, 'dan');
    for (const [i, c] of [
      [a, onA],
      [b, onB],
      [a, onB],
      [b, onA],
    ] as const)
      expect(await whoIs(i, c)).toBe('dan');
    const admin = await signIn(b, 'ada');
    const dan = (await store.findUserByName('dan'))!;
    const res = await call(a, `/bff/admin/users/${dan.id}`, {
      method: 'PATCH',
      cookie: await signIn(a, 'ada'),
      body: JSON.stringify({ disabled: true }),
    });
    expect(res.status).toBe(200);
    for (const [i, c] of [
      [a, onA],
      [b, onB],
      [a, onB],
      [b, onA],
    ] as const)
      await expect.poll(async () => (await call(i, pathOf('bff.usage'), { cookie: c })).status).toBe(401);
    expect(
      (
        await call(b, '/bff/session', {
          method: 'POST',
          body: JSON.stringify({ username: 'dan', password: PASSWORD }),
        })
      ).status,
    ).toBe(403);
    expect(await whoIs(b, admin)).toBe('ada');
  });
});

describe('two BFF processes on one PostgreSQL: money and limits', () => {
  it("holds a user's daily budget across instances under concurrent calls", async () => {
    // bea: 10 credits a day; an enrichment of one section costs 2, so 5 calls fit. Eight at once,
    // four through each instance, each a company of its own (no cache answers).
    const [onA, onB] = [await signIn(a, 'bea'), await signIn(b, 'bea')];
    const statuses = await Promise.all(
      companies.slice(0, 8).map(async (company, n) => {
        const res = await enrich(n % 2 === 0 ? a : b, n % 2 === 0 ? onA : onB, company);
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const ok = statuses.filter((s) => s === 200).length;
    expect(statuses.filter((s) => s !== 200).every((s) => s === 402)).toBe(true);
    // The price is known before the call and held on both instances at once: exactly five, never one
    // past the budget.
    expect(ok).toBe(5);
    // Every call is in the ledger before its answer: A's usage shows B's calls at once.
    const spentToday = async () =>
      ((await (await call(a, pathOf('bff.usage'), { cookie: onA })).json()) as UsageResponse).spent_today;
    expect(await spentToday()).toBe(10);
    // Spent: refused on either instance now.
    for (const [i, c] of [
      [a, onA],
      [b, onB],
    ] as const)
      expect((await enrich(i, c, companies[20]!)).status).toBe(402);
  });

  it("holds reads priced by their results, and the team's cap, across instances under concurrent calls", async () => {
    // kim: 10 credits a day. Fifty employee-review calls at once, half through each instance: each
    // holds its worst case (1.5, a block of 50 reviews) first, so together they never pass 10.
    const [onA, onB] = [await signIn(a, 'kim'), await signIn(b, 'kim')];
    const statuses = await Promise.all(
      companies.slice(0, 40).map(async (company, n) => {
        const res = await call(
          n % 2 === 0 ? a : b,
          `/api/v1/company/employee-reviews?company=${company}&limit=10`,
          {
            cookie: n % 2 === 0 ? onA : onB,
          },
        );
        await res.arrayBuffer();
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s !== 200).every((s) => s === 402)).toBe(true);
    const spent = await store.sql.get<{ c: number }>(
      'SELECT COALESCE(SUM(l.credits_consumed), 0) AS c FROM ledger l JOIN users u ON u.id = l.user_id WHERE u.name = ?',
      ['kim'],
    );
    expect(Number(spent!.c)).toBeLessThanOrEqual(10);

    // The team's cap: what the month spent so far plus 20. Lists of 50 (11.5 each) at once on both
    // instances by two members without budgets: no more than the 20 left is ever spent.
    const month = new Date().toISOString().slice(0, 7);
    const before = await store.sql.get<{ c: number }>(
      'SELECT COALESCE(SUM(credits_consumed), 0) AS c FROM ledger WHERE day >= ?',
      [`${month}-01`],
    );
    const cap = Math.round(Number(before!.c) * 10) / 10 + 20;
    await store.setMonthlyCap(cap, { id: 'test', name: 'test' }, new Date());
    try {
      // Each instance reads the cap again within a second.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const [sam, mia] = [await signIn(a, 'sam'), await signIn(b, 'mia')];
      const lists = await Promise.all(
        Array.from({ length: 12 }, async (_, n) => {
          const res = await call(n % 2 === 0 ? a : b, pathOf('list.generate'), {
            method: 'POST',
            cookie: n % 2 === 0 ? sam : mia,
            body: JSON.stringify({ filters: {}, limit: 50, offset: 100 + n }),
          });
          await res.arrayBuffer();
          return res.status;
        }),
      );
      expect(lists.filter((s) => s === 200).length).toBe(1);
      const after = await store.sql.get<{ c: number }>(
        'SELECT COALESCE(SUM(credits_consumed), 0) AS c FROM ledger WHERE day >= ?',
        [`${month}-01`],
      );
      expect(Number(after!.c)).toBeLessThanOrEqual(cap);
    } finally {
      await store.setMonthlyCap(null, { id: 'test', name: 'test' }, new Date());
    }
  });

  it('shares the per-user rate limit between instances', async () => {
    const [onA, onB] = [await signIn(a, 'rex'), await signIn(b, 'rex')];
    // Twice the limit, half through each instance: one shared bucket lets about the limit through
    // (plus what refills meanwhile, one a second); two buckets of their own would let all through.
    const statuses = await Promise.all(
      Array.from({ length: 2 * RATE_LIMIT }, (_, n) =>
        call(n % 2 === 0 ? a : b, pathOf('bff.pricing'), { cookie: n % 2 === 0 ? onA : onB }).then(
          async (r) => {
            await r.arrayBuffer();
            return r.status;
          },
        ),
      ),
    );
    const ok = statuses.filter((s) => s === 200).length;
    expect(statuses.filter((s) => s !== 200).every((s) => s === 429)).toBe(true);
    expect(ok).toBeGreaterThanOrEqual(RATE_LIMIT - 2); // the sign-ins took two tokens
    expect(ok).toBeLessThan(1.5 * RATE_LIMIT);
    const refused = await call(b, pathOf('bff.pricing'), { cookie: onB });
    if (refused.status === 429) expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('checks five of forty sign-in guesses sent at once through both instances', async () => {
    await addUser(store, { name: 'tia', password: PASSWORD, dailyBudget: null });
    try {
      // The right password last (sent last; two processes may still take it among the first five).
      const statuses = await Promise.all(
        Array.from({ length: 40 }, async (_, n) => {
          const res = await call(n % 2 === 0 ? a : b, '/bff/session', {
            method: 'POST',
            body: JSON.stringify({ username: 'tia', password: n === 39 ? PASSWORD : `wrong guess ${n}` }),
          });
          await res.arrayBuffer();
          return res.status;
        }),
      );
      // Checked: five, whichever arrived first (the right one among them or not); the rest refused.
      expect(statuses.filter((s) => s === 401 || s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    } finally {
      // This address's failures would refuse the later tests' sign-ins.
      await store.sql.run('DELETE FROM sign_in_attempts');
    }
  });
});

describe('two BFF processes on one PostgreSQL: live events and webhooks', () => {
  it('sends a live event of a webhook landing on A to the tab open on B', async () => {
    const cookie = await signIn(a, 'mia');
    const requestId = await submitAddition(a, cookie, 'Zebra Widgets');
    const tab = await openEvents(b.url, { cookie, origin: b.url });
    try {
      const data = statusOf(requestId, 'in_progress', new Date(Date.now() + 60_000).toISOString());
      expect((await deliver(a, `msg_${randomUUID()}`, data)).status).toBe(204);
      const event = await tab.nextEvent();
      expect(event.event).toBe('company_addition.status_changed');
      expect(JSON.parse(event.data!)).toMatchObject({ request_id: requestId, status: 'in_progress' });
      // And B's list of the user's requests shows it.
      const list = (await (await call(b, pathOf('bff.additions'), { cookie })).json()) as {
        data: { request_id: string; status: string }[];
      };
      expect(list.data.find((r) => r.request_id === requestId)?.status).toBe('in_progress');
    } finally {
      await tab.close();
    }
  });

  it('applies a delivery posted to both instances at once exactly once', async () => {
    const cookie = await signIn(b, 'mia');
    const requestId = await submitAddition(b, cookie, 'Yak Supplies');
    const tab = await openEvents(a.url, { cookie, origin: a.url });
    try {
      const id = `msg_${randomUUID()}`;
      const completed = statusOf(requestId, 'completed', new Date(Date.now() + 120_000).toISOString());
      const answers = await Promise.all([deliver(a, id, completed), deliver(b, id, completed)]);
      expect(answers.map((r) => r.status)).toEqual([204, 204]);
      expect(
        await store.sql.get('SELECT COUNT(*) AS n FROM webhook_deliveries WHERE webhook_id = ?', [id]),
      ).toEqual({
        n: 1,
      });
      const first = await tab.nextEvent();
      expect(JSON.parse(first.data!)).toMatchObject({ request_id: requestId, status: 'completed' });
      // A later, different delivery is the next event: the same delivery was not applied twice
      // (instances publish in the order their transactions commit).
      const other = await submitAddition(a, cookie, 'Xylo Tools');
      const later = statusOf(other, 'in_progress', new Date(Date.now() + 180_000).toISOString());
      expect((await deliver(b, `msg_${randomUUID()}`, later)).status).toBe(204);
      const next = await tab.nextEvent();
      expect(JSON.parse(next.data!)).toMatchObject({ request_id: other, status: 'in_progress' });
    } finally {
      await tab.close();
    }
  });

  it('ends a live event stream on one instance when its session ends on the other, before later events', async () => {
    const cookie = await signIn(a, 'ivy');
    const requestId = await submitAddition(a, cookie, 'Ibis Tools');
    const onB = await openEvents(b.url, { cookie, origin: b.url });
    try {
      expect((await call(a, '/bff/session', { method: 'DELETE', cookie })).status).toBe(204);
      // Published on A after the sign-out: B hears of the ending first, and the stream gets nothing.
      const inProgress = statusOf(requestId, 'in_progress', new Date(Date.now() + 60_000).toISOString());
      expect((await deliver(a, `msg_${randomUUID()}`, inProgress)).status).toBe(204);
      await expect(onB.nextEvent()).rejects.toThrow('event stream ended');
    } finally {
      await onB.close();
    }
    // An admin's password reset on B ends the user's stream on A.
    const again = await signIn(b, 'ivy');
    const onA = await openEvents(a.url, { cookie: again, origin: a.url });
    try {
      const ivy = (await store.findUserByName('ivy'))!;
      const res = await call(b, `/bff/admin/users/${ivy.id}`, {
        method: 'PATCH',
        cookie: await signIn(b, 'ada'),
        body: JSON.stringify({ password: 'a brand new password' }),
      });
      expect(res.status).toBe(200);
      const completed = statusOf(requestId, 'completed', new Date(Date.now() + 120_000).toISOString());
      expect((await deliver(b, `msg_${randomUUID()}`, completed)).status).toBe(204);
      await expect(onA.nextEvent()).rejects.toThrow('event stream ended');
    } finally {
      await onA.close();
    }
  });
});
