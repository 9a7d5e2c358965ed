/**
 * Roles over real HTTP (team mode on an embedded service): what a member may not do (403s, nothing
 * changed), what an admin and a signed-out caller get, local mode's one user, and the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, AuditResponse } from '../../contract/admin';
import { LEDGER_CSV_COLUMNS } from '../../contract/admin';
import type { SessionInfo } from '../../contract/bff';
import { ENDPOINTS } from '../../contract/endpoints';
import type { Problem } from '../../contract/problem';
import { startBff } from '../../testing/bff-server';
import { testStore } from '../../testing/test-store';
import { embeddedUpstream } from '../upstream/upstream';
import {
  ADA,
  ADMIN_ROUTES,
  as,
  type Caller,
  cookieOf,
  embedded,
  MIA,
  SAMPLE_ID,
  signIn,
  type Team,
  team,
  withEmbeddedService,
} from './admin-testing';

withEmbeddedService();

describe('roles', () => {
  let t: Team;
  let ada: Caller;
  let mia: Caller;
  beforeAll(async () => {
    t = await team(await testStore());
    ada = as(t.bff, await cookieOf(t.bff, ADA));
    mia = as(t.bff, await cookieOf(t.bff, MIA));
  });
  afterAll(() => t.close());

  it('tells the web app the role of who is signed in', async () => {
    expect(((await (await ada('bff.session')).json()) as SessionInfo).user).toMatchObject({
      name: 'ada',
      role: 'admin',
    });
    expect(((await (await mia('bff.session')).json()) as SessionInfo).user).toMatchObject({
      name: 'mia',
      role: 'member',
    });
    const signedIn = (await (await signIn(t.bff, MIA)).json()) as SessionInfo;
    expect(signedIn.user?.role).toBe('member');
  });

  it('answers 403 (a problem) to a member on every admin route and the upstream’s webhooks, changing nothing', async () => {
    expect(ADMIN_ROUTES.filter((id) => id.startsWith('bff.admin.')).length).toBe(8);
    expect(ADMIN_ROUTES.filter((id) => id.startsWith('webhooks.')).length).toBe(4);
    const usersBefore = await t.db.sql.all('SELECT * FROM users');
    for (const id of ADMIN_ROUTES) {
      const input =
        id === 'bff.admin.addUser'
          ? { name: 'eve', password: 'eve wants in 1234', role: 'admin' }
          : id === 'bff.admin.updateUser'
            ? { id: SAMPLE_ID, role: 'admin' }
            : id === 'bff.admin.updateTeam'
              ? { monthly_cap: 1 }
              : id === 'webhooks.create'
                ? { url: 'https://example.com/hook', events: ['company_addition.status_changed'] }
                : ENDPOINTS[id].path.includes('{id}')
                  ? { id: 'wh_1' }
                  : undefined;
      const res = await mia(id, input);
      expect(res.status, id).toBe(403);
      expect(res.headers.get('content-type'), id).toMatch(/^application\/problem\+json/);
      const body = (await res.json()) as Problem;
      expect(body, id).toMatchObject({ status: 403, title: 'Forbidden' });
      expect(body.detail, id).toMatch(/admin/);
    }
    // The service's other spelling of the webhooks path is refused alike.
    expect(
      (await t.bff.call('/v1/webhooks/', { headers: { cookie: await cookieOf(t.bff, MIA) } })).status,
    ).toBe(403);
    expect(await t.db.sql.all('SELECT * FROM users')).toEqual(usersBefore);
    expect(await t.db.sql.get('SELECT COUNT(*) AS n FROM audit')).toEqual({ n: 2 });
  });

  it('lets an admin use the webhook endpoints and the admin routes; anyone signed out gets 401', async () => {
    expect((await ada('webhooks.list')).status).toBe(200);
    for (const id of ['bff.admin.users', 'bff.admin.team', 'bff.admin.audit', 'bff.admin.spend'] as const) {
      expect((await ada(id)).status, id).toBe(200);
      expect((await t.bff.call(ENDPOINTS[id].path)).status, id).toBe(401);
    }
    expect((await ada('bff.admin.ledgerCsv')).status).toBe(200);
  });

  it('lets a member build lists, open companies and request additions', async () => {
    expect((await mia('list.generate', { limit: 2 })).status).toBe(200);
    expect((await mia('company.search', { query: 'a' })).status).toBe(200);
    expect((await mia('bff.additions')).status).toBe(200);
  });

  it('makes local mode’s one user an admin', async () => {
    const local = await startBff({ upstream: embeddedUpstream(embedded()) });
    try {
      const info = (await (await local.call('/bff/session')).json()) as SessionInfo;
      expect(info).toEqual({ mode: 'local', user: { id: 'local', name: 'Local user', role: 'admin' } });
      expect((await local.call(ENDPOINTS['bff.admin.users'].path)).status).toBe(200);
      // A ledger without entries is a header line.
      const csv = await local.call(ENDPOINTS['bff.admin.ledgerCsv'].path);
      expect(await csv.text()).toBe(`${LEDGER_CSV_COLUMNS.join(',')}\r\n`);
    } finally {
      await local.close();
    }
  });
});

describe('the audit log', () => {
  it('records every admin action, who, what, to whom and when, newest first, never a password', async () => {
    const t = await team(await testStore());
    try {
      const ada = as(t.bff, await cookieOf(t.bff, ADA));
      const started = Date.now();
      const ben = (await (
        await ada('bff.admin.addUser', { name: 'ben', password: 'ben first password', daily_budget: 10 })
      ).json()) as AdminUser;
      await ada('bff.admin.updateUser', { id: ben.id, role: 'admin', daily_budget: 20 });
      await ada('bff.admin.updateUser', { id: ben.id, password: 'ben second password' });
      await ada('bff.admin.updateUser', { id: ben.id, disabled: true });
      await ada('bff.admin.updateUser', { id: ben.id, disabled: false });
      await ada('bff.admin.updateUser', { id: ben.id, role: 'admin' }); // no change: no entry
      await ada('bff.admin.updateTeam', { monthly_cap: 500 });

      const res = await ada('bff.admin.audit');
      expect(res.status).toBe(200);
      const log = ((await res.json()) as AuditResponse).data;
      expect(log.map(({ actor, action, target, details }) => ({ actor, action, target, details }))).toEqual([
        { actor: 'ada', action: 'team.cap_changed', target: 'team', details: { from: null, to: 500 } },
        { actor: 'ada', action: 'user.enabled', target: 'ben', details: {} },
        { actor: 'ada', action: 'user.disabled', target: 'ben', details: {} },
        { actor: 'ada', action: 'user.password_reset', target: 'ben', details: {} },
        { actor: 'ada', action: 'user.budget_changed', target: 'ben', details: { from: 10, to: 20 } },
        {
          actor: 'ada',
          action: 'user.role_changed',
          target: 'ben',
          details: { from: 'member', to: 'admin' },
        },
        {
          actor: 'ada',
          action: 'user.created',
          target: 'ben',
          details: { role: 'member', daily_budget: 10 },
        },
        // The accounts of the test's set-up, made the way `npm run user:add` makes them.
        {
          actor: 'npm run user:add',
          action: 'user.created',
          target: 'mia',
          details: { role: 'member', daily_budget: null },
        },
        {
          actor: 'npm run user:add',
          action: 'user.created',
          target: 'ada',
          details: { role: 'admin', daily_budget: null },
        },
      ]);
      for (const e of log.slice(0, 7)) {
        expect(Date.parse(e.at)).toBeGreaterThanOrEqual(started - 1000);
        expect(Date.parse(e.at)).toBeLessThanOrEqual(Date.now());
      }
      const everything = JSON.stringify(await t.db.sql.all('SELECT * FROM audit'));
      const hashes = (
        await t.db.sql.all<{ password_hash: string; salt: string }>('SELECT password_hash, salt FROM users')
      ).flatMap((u) => [u.password_hash, u.salt]);
      for (const secret of ['ben first password', 'ben second password', ...hashes])
        expect(everything).not.toContain(secret);

      const limited = ((await (await ada('bff.admin.audit', { limit: 2 })).json()) as AuditResponse).data;
      expect(limited).toEqual(log.slice(0, 2));
      const bad = await ada('bff.admin.audit', { limit: 0 });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as Problem).errors?.map((e) => e.path)).toEqual(['limit']);
    } finally {
      await t.close();
    }
  });
});
