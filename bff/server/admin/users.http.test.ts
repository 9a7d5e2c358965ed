/**
 * The team's users over real HTTP (team mode on an embedded service): users added and refused,
 * changed (sessions ending at once, budgets holding at once), and the last enabled admin kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, AdminUsersResponse } from '../../contract/admin';
import type { SessionInfo } from '../../contract/bff';
import type { Problem } from '../../contract/problem';
import { testStore } from '../../testing/test-store';
import {
  ADA,
  as,
  type Caller,
  cookieOf,
  MIA,
  SAMPLE_ID,
  signIn,
  type Team,
  team,
  withEmbeddedService,
} from './admin-testing';

withEmbeddedService();

describe('users: adding', () => {
  let t: Team;
  let ada: Caller;
  beforeAll(async () => {
    t = await team(await testStore());
    ada = as(t.bff, await cookieOf(t.bff, ADA));
  });
  afterAll(() => t.close());

  const users = async () => ((await (await ada('bff.admin.users')).json()) as AdminUsersResponse).data;
  const audits = async () => (await t.db.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM audit'))!.n;

  it('lists the users with role, state, budget and today’s spend', async () => {
    expect(await users()).toEqual([
      {
        id: expect.any(String),
        name: 'ada',
        role: 'admin',
        disabled: false,
        daily_budget: null,
        spent_today: 0,
      },
      {
        id: expect.any(String),
        name: 'mia',
        role: 'member',
        disabled: false,
        daily_budget: null,
        spent_today: 0,
      },
    ]);
  });

  it('adds a user (a member by default), who can then sign in', async () => {
    const res = await ada('bff.admin.addUser', { name: 'ben', password: 'ben new password' });
    expect(res.status).toBe(201);
    const ben = (await res.json()) as AdminUser;
    expect(ben).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'ben',
      role: 'member',
      disabled: false,
      daily_budget: null,
      spent_today: 0,
    });
    expect((await signIn(t.bff, { name: 'ben', password: 'ben new password' })).status).toBe(200);
    const cleo = (await (
      await ada('bff.admin.addUser', {
        name: 'cleo',
        password: 'cleo new password',
        role: 'admin',
        daily_budget: 40,
      })
    ).json()) as AdminUser;
    expect(cleo).toMatchObject({ role: 'admin', daily_budget: 40 });
    expect((await users()).map((u) => u.name)).toEqual(['ada', 'ben', 'cleo', 'mia']);
  });

  it('refuses bad input naming every invalid field at once, and adds nobody', async () => {
    const before = await users();
    const auditBefore = await audits();
    const res = await ada('bff.admin.addUser', {
      name: 'no spaces allowed',
      password: 'short',
      role: 'owner',
      daily_budget: -5,
      colour: 'blue',
    } as never);
    expect(res.status).toBe(400);
    const body = (await res.json()) as Problem;
    expect(body.errors?.map((e) => e.path).sort()).toEqual([
      'colour',
      'daily_budget',
      'name',
      'password',
      'role',
    ]);
    expect(await users()).toEqual(before);
    expect(await audits()).toBe(auditBefore);
  });

  it('answers 409 for a name taken (in any case)', async () => {
    const res = await ada('bff.admin.addUser', { name: 'MIA', password: 'another long password' });
    expect(res.status).toBe(409);
    expect(((await res.json()) as Problem).errors).toEqual([
      { path: 'name', message: 'A user named "mia" exists already.' },
    ]);
  });
});

describe('users: changing', () => {
  let t: Team;
  let ada: Caller;
  beforeAll(async () => {
    t = await team(await testStore());
    ada = as(t.bff, await cookieOf(t.bff, ADA));
    // ben, a member, and cleo, an admin: added as an admin adds them.
    expect((await ada('bff.admin.addUser', { name: 'ben', password: 'ben new password' })).status).toBe(201);
    const cleo = await ada('bff.admin.addUser', {
      name: 'cleo',
      password: 'cleo new password',
      role: 'admin',
      daily_budget: 40,
    });
    expect(cleo.status).toBe(201);
  });
  afterAll(() => t.close());

  const users = async () => ((await (await ada('bff.admin.users')).json()) as AdminUsersResponse).data;
  const audits = async () => (await t.db.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM audit'))!.n;

  it('sets a role and a daily budget; the budget applies to the user’s next call', async () => {
    const mia = (await users()).find((u) => u.name === 'mia')!;
    const miaCall = as(t.bff, await cookieOf(t.bff, MIA));
    expect((await miaCall('list.generate', { limit: 3 })).status).toBe(200);
    const res = await ada('bff.admin.updateUser', { id: mia.id, daily_budget: 1 });
    expect(res.status).toBe(200);
    expect((await res.json()) as AdminUser).toMatchObject({ daily_budget: 1, spent_today: 2.1 });
    // Her session is not ended, but her new budget holds at once (no second of grace).
    const refused = await miaCall('list.generate', { limit: 4 });
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as Problem).detail).toMatch(
      /your daily budget of 1 has nothing left \(2.1 used today\)/,
    );
    await ada('bff.admin.updateUser', { id: mia.id, daily_budget: null });
    expect((await miaCall('list.generate', { limit: 4 })).status).toBe(200);

    const promoted = (await (
      await ada('bff.admin.updateUser', { id: mia.id, role: 'admin' })
    ).json()) as AdminUser;
    expect(promoted.role).toBe('admin');
    expect(((await (await miaCall('bff.session')).json()) as SessionInfo).user?.role).toBe('admin');
    expect((await miaCall('bff.admin.users')).status).toBe(200);
    await ada('bff.admin.updateUser', { id: mia.id, role: 'member' });
    expect((await miaCall('bff.admin.users')).status).toBe(403);
  });

  it('disables a user: their sessions end at once and they cannot sign in until enabled again', async () => {
    const mia = (await users()).find((u) => u.name === 'mia')!;
    const first = await cookieOf(t.bff, MIA);
    const second = await cookieOf(t.bff, MIA);
    for (const c of [first, second]) expect((await as(t.bff, c)('bff.usage')).status).toBe(200);
    const res = await ada('bff.admin.updateUser', { id: mia.id, disabled: true });
    expect(res.status).toBe(200);
    expect(((await res.json()) as AdminUser).disabled).toBe(true);
    for (const c of [first, second]) {
      expect((await as(t.bff, c)('bff.usage')).status).toBe(401);
      expect(((await (await as(t.bff, c)('bff.session')).json()) as SessionInfo).user).toBeNull();
    }
    expect(await t.db.sql.get('SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?', [mia.id])).toEqual({
      n: 0,
    });
    const refused = await signIn(t.bff, MIA);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Problem).detail).toMatch(/disabled/);
    expect(refused.headers.get('set-cookie')).toBeNull();
    // A wrong password learns nothing about the account's state.
    expect((await signIn(t.bff, { name: 'mia', password: 'not her password' })).status).toBe(401);

    await ada('bff.admin.updateUser', { id: mia.id, disabled: false });
    expect((await signIn(t.bff, MIA)).status).toBe(200);
  });

  it('resets a password: the old one and every session of the user end', async () => {
    const ben = (await users()).find((u) => u.name === 'ben')!;
    const old = await cookieOf(t.bff, { name: 'ben', password: 'ben new password' });
    const res = await ada('bff.admin.updateUser', { id: ben.id, password: 'ben reset password' });
    expect(res.status).toBe(200);
    expect((await as(t.bff, old)('bff.usage')).status).toBe(401);
    expect((await signIn(t.bff, { name: 'ben', password: 'ben new password' })).status).toBe(401);
    expect((await signIn(t.bff, { name: 'ben', password: 'ben reset password' })).status).toBe(200);
  });

  it('refuses bad changes naming every invalid field, an empty change, and an unknown user', async () => {
    const mia = (await users()).find((u) => u.name === 'mia')!;
    const before = await users();
    const auditBefore = await audits();
    const bad = await ada('bff.admin.updateUser', {
      id: mia.id,
      role: 'boss',
      disabled: 'yes',
      daily_budget: 'lots',
      password: 'short',
    } as never);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Problem).errors?.map((e) => e.path).sort()).toEqual([
      'daily_budget',
      'disabled',
      'password',
      'role',
    ]);
    const empty = await ada('bff.admin.updateUser', { id: mia.id });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as Problem).detail).toMatch(/at least one of/);
    expect((await ada('bff.admin.updateUser', { id: SAMPLE_ID, role: 'admin' })).status).toBe(404);
    expect((await ada('bff.admin.updateUser', { id: 'not-a-user', role: 'admin' })).status).toBe(404);
    expect(await users()).toEqual(before);
    expect(await audits()).toBe(auditBefore);
  });

  it('keeps the last enabled admin: neither demoted nor disabled (409)', async () => {
    const list = await users();
    const adaId = list.find((u) => u.name === 'ada')!.id;
    const cleoId = list.find((u) => u.name === 'cleo')!.id;
    // cleo is an admin too: ada may step down...
    expect((await ada('bff.admin.updateUser', { id: cleoId, disabled: true })).status).toBe(200);
    // ...but not once she is the only enabled admin left.
    const auditBefore = await audits();
    for (const change of [
      { role: 'member' },
      { disabled: true },
      { role: 'member', disabled: true },
    ] as const) {
      const res = await ada('bff.admin.updateUser', { id: adaId, ...change });
      expect(res.status, JSON.stringify(change)).toBe(409);
      expect(((await res.json()) as Problem).detail).toMatch(/last enabled admin/);
    }
    expect(await audits()).toBe(auditBefore);
    expect((await users()).find((u) => u.name === 'ada')).toMatchObject({ role: 'admin', disabled: false });
    // A disabled admin does not count; enabled again, she does, and ada may then step down.
    await ada('bff.admin.updateUser', { id: cleoId, disabled: false });
    const res = await ada('bff.admin.updateUser', { id: adaId, role: 'member' });
    expect(res.status).toBe(200);
    // She is a member now: the admin routes are closed to her from her next request on.
    expect((await ada('bff.admin.users')).status).toBe(403);
  });
});
