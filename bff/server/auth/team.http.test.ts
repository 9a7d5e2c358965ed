/**
 * Team mode over real HTTP: accounts, sign-in and sign-out, the session cookie's flags, 401 without
 * a session, throttled failures, per-user budgets and ledgers; and `npm run user:add`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionInfo, UsageResponse } from '../../contract/bff';
import type { Service } from '../../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { childEnv, testDatabaseUrl } from '../../testing/env';
import { testStore } from '../../testing/test-store';
import { openStore } from '../store/open';
import type { BffStore } from '../store/store';
import { embeddedUpstream } from '../upstream/upstream';
import { verifyPassword } from './passwords';
import { addUser } from './users';

let service: Service;
let db: BffStore;
let bff: RunningBff;
const ALICE = { name: 'alice', password: 'correct horse battery' };
const BOB = { name: 'bob', password: 'another long secret' };

beforeAll(async () => {
  service = await startEmbedded(300, { seed: 9 });
  db = await testStore();
  await addUser(db, { ...ALICE, dailyBudget: null });
  await addUser(db, { ...BOB, dailyBudget: 2 });
  bff = await startBff({ upstream: embeddedUpstream(service), mode: 'team', store: db });
});
afterAll(async () => {
  await bff.close();
  await db.close();
  service.close();
});

async function signIn(who: { name: string; password: string }, target = bff) {
  return target.post('/bff/session', { username: who.name, password: who.password });
}

function cookieOf(res: Response): string {
  const set = res.headers.get('set-cookie') ?? '';
  return set.split(';')[0] ?? '';
}

describe('team mode: signing in and out', () => {
  it('answers 401 to the API and the BFF without a session, but tells the session state', async () => {
    for (const p of ['/api/v1/industry/search?query=bank', '/bff/usage', '/bff/pricing']) {
      const res = await bff.call(p);
      expect(res.status, p).toBe(401);
      expect((await res.json()).detail).toBe('Sign in to use the list builder.');
    }
    const session = await bff.call('/bff/session');
    expect(session.status).toBe(200);
    expect((await session.json()) as SessionInfo).toEqual({ mode: 'team', user: null });
  });

  it('signs in with a session cookie that is HttpOnly, SameSite=Strict, not Secure over HTTP', async () => {
    const res = await signIn(ALICE);
    expect(res.status).toBe(200);
    const info = (await res.json()) as SessionInfo;
    expect(info).toMatchObject({ mode: 'team', user: { name: 'alice' } });
    const set = res.headers.get('set-cookie') ?? '';
    expect(set).toMatch(/^lb_session=[A-Za-z0-9_-]{43};/);
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Strict');
    expect(set).toContain('Path=/');
    expect(set).toContain('Expires=');
    expect(set).not.toContain('Secure');

    const cookie = cookieOf(res);
    const api = await bff.call('/api/v1/industry/search?query=bank', { headers: { cookie } });
    expect(api.status).toBe(200);
    const me = (await (await bff.call('/bff/session', { headers: { cookie } })).json()) as SessionInfo;
    expect(me.user?.name).toBe('alice');
    // The store keeps only a hash of the session id.
    const stored = await db.sql.all<{ id_hash: string }>('SELECT id_hash FROM sessions');
    expect(stored.map((r) => r.id_hash)).not.toContain(cookie.split('=')[1]);
  });

  it('marks the cookie Secure and __Host- under HTTPS', async () => {
    const tls = await startBff({
      upstream: embeddedUpstream(service),
      mode: 'team',
      store: db,
      trustProxy: true,
    });
    try {
      const res = await signIn(ALICE, {
        ...tls,
        post: (p, b) => tls.post(p, b, { headers: { 'x-forwarded-proto': 'https' } }),
      });
      const set = res.headers.get('set-cookie') ?? '';
      expect(set).toMatch(/__Host-lb_session=[A-Za-z0-9_-]{43};/);
      expect(set).toContain('Secure');
      expect(set).toContain('HttpOnly');
    } finally {
      await tls.close();
    }
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    const wrong = await signIn({ name: 'alice', password: 'not the password' });
    const unknown = await signIn({ name: 'mallory', password: 'whatever it is' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const a = await wrong.json();
    const b = await unknown.json();
    expect(a).toEqual(b);
    expect(a.detail).toBe('The user name or the password is wrong.');
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('signs out: the session ends and the cookie is cleared', async () => {
    const cookie = cookieOf(await signIn(BOB));
    const out = await bff.call('/bff/session', { method: 'DELETE', headers: { cookie } });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/lb_session=;.*Max-Age=0/);
    expect((await bff.call('/bff/usage', { headers: { cookie } })).status).toBe(401);
  });

  it('sign-in needs the CSRF header and a same Origin too', async () => {
    const res = await fetch(`${bff.url}/bff/session`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'https://evil.example',
        'x-requested-with': 'list-builder',
      },
      body: JSON.stringify({ username: ALICE.name, password: ALICE.password }),
    });
    expect(res.status).toBe(403);
  });
});

describe('team mode: what each user may spend and try', () => {
  it('keeps a budget and a ledger per user', async () => {
    const bob = cookieOf(await signIn(BOB));
    const alice = cookieOf(await signIn(ALICE));
    const spend = await bff.post(
      '/api/v1/list/generate/companies',
      { limit: 2 },
      { headers: { cookie: bob } },
    );
    expect(spend.status).toBe(200); // 1.5 + 2 x 0.2 = 1.9 credits of Bob's budget of 2
    const refused = await bff.post(
      '/api/v1/list/generate/companies',
      { limit: 4 },
      { headers: { cookie: bob } },
    );
    expect(refused.status).toBe(402); // 2.3 at most, and 0.1 left
    const ok = await bff.post(
      '/api/v1/list/generate/companies',
      { limit: 4 },
      { headers: { cookie: alice } },
    );
    expect(ok.status).toBe(200);
    // Alice's identical request is not answered from Bob's cache.
    const aliceSame = await bff.post(
      '/api/v1/list/generate/companies',
      { limit: 2 },
      { headers: { cookie: alice } },
    );
    expect(aliceSame.headers.get('x-cache')).toBe('miss');
    const bobUsage = (await (
      await bff.call('/bff/usage', { headers: { cookie: bob } })
    ).json()) as UsageResponse;
    expect(bobUsage).toMatchObject({ user: { name: 'bob' }, budget: 2, spent_today: 1.9, remaining: 0.1 });
    const aliceUsage = (await (
      await bff.call('/bff/usage', { headers: { cookie: alice } })
    ).json()) as UsageResponse;
    expect(aliceUsage).toMatchObject({ user: { name: 'alice' }, budget: null, remaining: null });
    // Her industry search of an earlier test and these two lists; none of Bob's calls.
    expect(aliceUsage.recent.map((e) => e.endpoint)).toEqual([
      '/api/v1/list/generate/companies',
      '/api/v1/list/generate/companies',
      '/api/v1/industry/search',
    ]);
    expect(aliceUsage.calls_today).toBe(3);
  });

  it('throttles repeated failed sign-ins (429), even with the right password afterwards', async () => {
    // A store of its own: the failures counted in this file's store so far would count here too.
    const own = await testStore();
    await addUser(own, { ...ALICE, dailyBudget: null });
    const target = await startBff({ upstream: embeddedUpstream(service), mode: 'team', store: own });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await signIn({ name: 'alice', password: `wrong guess ${i}` }, target)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      const right = await signIn(ALICE, target);
      expect(right.status).toBe(429);
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await target.close();
      await own.close();
    }
  });
});

describe('the client address', () => {
  it('throttles failed sign-ins per address: one address failing does not lock out another', async () => {
    const target = await startBff({ upstream: embeddedUpstream(service), mode: 'team', store: db });
    const from = (address: string, username: string, password: string) =>
      target.bff.fetch(
        new Request(`${target.url}/bff/session`, {
          method: 'POST',
          headers: {
            origin: target.url,
            'x-requested-with': 'list-builder',
            'content-type': 'application/json',
          },
          body: JSON.stringify({ username, password }),
        }),
        { incoming: { socket: { remoteAddress: address, remotePort: 50000, remoteFamily: 'IPv4' } } },
      );
    try {
      // Five names tried from one address: each name fails once, the address five times.
      for (let i = 0; i < 5; i++) expect((await from('10.0.0.1', `nobody${i}`, 'guess')).status).toBe(401);
      expect((await from('10.0.0.1', ALICE.name, ALICE.password)).status).toBe(429);
      expect((await from('10.0.0.2', ALICE.name, ALICE.password)).status).toBe(200);
    } finally {
      await target.close();
    }
  });
});

describe('npm run user:add', () => {
  // On the postgres project the command writes to the file's database, as DATABASE_URL tells it.
  const databaseUrl = testDatabaseUrl();
  const envOf = (dir: string) =>
    childEnv({
      DATA_DIR: dir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });

  it('adds a user with the password from stdin, never echoing it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bff-users-'));
    try {
      const password = 'a long enough password 42';
      const r = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          'bff/server/cli/user-add.ts',
          '--name',
          'carol',
          '--budget',
          '300',
          '--password-stdin',
        ],
        { input: `${password}\n`, env: envOf(dir), encoding: 'utf8', timeout: 60_000 },
      );
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('Added user "carol"');
      expect(r.stdout + r.stderr).not.toContain(password);
      const store = await openStore({ databaseUrl, dataDir: dir });
      try {
        const carol = await store.findUserByName('CAROL');
        expect(carol?.daily_budget).toBe(300);
        expect(carol && (await verifyPassword(password, carol))).toBe(true);
        expect(JSON.stringify(carol)).not.toContain(password);
      } finally {
        await store.close();
      }
      const again = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'bff/server/cli/user-add.ts', '--name', 'carol', '--password-stdin'],
        {
          input: 'short\n',
          env: envOf(dir),
          encoding: 'utf8',
        },
      );
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('the password must have at least 10 characters');

      // --role: a new user is a member unless told; a role that is none is refused before anything.
      const userAdd = (...args: string[]) =>
        spawnSync(
          process.execPath,
          ['--import', 'tsx', 'bff/server/cli/user-add.ts', ...args, '--password-stdin'],
          {
            input: `${password}\n`,
            env: envOf(dir),
            encoding: 'utf8',
            timeout: 60_000,
          },
        );
      const admin = userAdd('--name', 'dana', '--role', 'admin');
      expect(admin.stderr).toBe('');
      expect(admin.stdout).toContain('Added user "dana" in');
      expect(admin.stdout).toContain('role: admin');
      const bad = userAdd('--name', 'erin', '--role', 'owner');
      expect(bad.status).toBe(1);
      expect(bad.stderr.trim()).toBe('user:add: --role must be admin or member, not "owner"');
      const reset = userAdd('--name', 'dana', '--replace');
      expect(reset.stdout).toContain('role: admin'); // kept: --replace without --role
      const check = await openStore({ databaseUrl, dataDir: dir });
      try {
        expect((await check.findUserByName('carol'))?.role).toBe('member');
        expect((await check.findUserByName('dana'))?.role).toBe('admin');
        expect(await check.findUserByName('erin')).toBeUndefined();
      } finally {
        await check.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
