/**
 * Roles and the team's administration over real HTTP (team mode on an embedded service): the 403s
 * of members, users added and changed (sessions ending at once), the last admin kept, the team's
 * monthly cap refusing calls, the audit log, and the spend dashboard and ledger CSV agreeing with
 * the ledger to the last credit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminUser,
  AdminUsersResponse,
  AuditResponse,
  SpendResponse,
  TeamSettings,
} from '../../contract/admin';
import { LEDGER_CSV_COLUMNS } from '../../contract/admin';
import type { SessionInfo } from '../../contract/bff';
import { ENDPOINT_IDS, ENDPOINTS, type EndpointDef, requestOf } from '../../contract/endpoints';
import { credits } from '../../contract/pricing';
import type { Problem } from '../../contract/problem';
import { type Service, startService } from '../../embedded/service';
import { type RunningBff, startBff } from '../../testing/bff-server';
import { parseCsv } from '../../testing/parse-csv';
import { testStore } from '../../testing/test-store';
import { addUser } from '../auth/users';
import { utcDay } from '../ledger/ledger';
import type { BffStore } from '../store/store';
import { embeddedUpstream } from '../upstream/upstream';
import { windowDays } from './spend';

const ADA = { name: 'ada', password: 'ada admin password' };
const MIA = { name: 'mia', password: 'mia member password' };
const SAMPLE_ID = '0b6b1f52-3f0e-4c57-9a51-4d3f0f0a7e11';

let service: Service;
beforeAll(async () => {
  service = await startService({ dataDir: ':memory:', companies: 300, seed: 13 });
});
afterAll(() => service.close());

/** A team-mode BFF on its own store with an admin (ada) and a member (mia). */
async function team(): Promise<{ bff: RunningBff; db: BffStore; close: () => Promise<void> }> {
  const db = await testStore();
  await addUser(db, { ...ADA, dailyBudget: null, role: 'admin' });
  await addUser(db, { ...MIA, dailyBudget: null });
  const bff = await startBff({ upstream: embeddedUpstream(service), mode: 'team', store: db });
  return {
    bff,
    db,
    close: async () => {
      await bff.close();
      await db.close();
    },
  };
}

async function signIn(bff: RunningBff, who: { name: string; password: string }): Promise<Response> {
  return bff.post('/bff/session', { username: who.name, password: who.password });
}
async function cookieOf(bff: RunningBff, who: { name: string; password: string }): Promise<string> {
  const res = await signIn(bff, who);
  expect(res.status, `sign-in of ${who.name}`).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** A call of an endpoint by id as a signed-in user (the path built from the endpoint table). */
function as(bff: RunningBff, cookie: string) {
  return (id: keyof typeof ENDPOINTS, input?: unknown): Promise<Response> => {
    const req = requestOf(id, input);
    return bff.call(req.url, {
      method: req.method,
      headers: { cookie, ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(req.body !== undefined ? { body: req.body } : {}),
    });
  };
}

const ledgerSum = async (db: BffStore, where = '1 = 1', ...params: unknown[]): Promise<number> =>
  credits(
    (await db.sql.get<{ c: number }>(
      `SELECT COALESCE(SUM(credits_consumed), 0) AS c FROM ledger WHERE ${where}`,
      params,
    ))!.c,
  );

const ADMIN_ROUTES = ENDPOINT_IDS.filter((id) => {
  const d: EndpointDef = ENDPOINTS[id];
  return d.role === 'admin';
});

describe('roles', () => {
  let t: Awaited<ReturnType<typeof team>>;
  let ada: ReturnType<typeof as>;
  let mia: ReturnType<typeof as>;
  beforeAll(async () => {
    t = await team();
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
    const local = await startBff({ upstream: embeddedUpstream(service) });
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

describe('users', () => {
  let t: Awaited<ReturnType<typeof team>>;
  let ada: ReturnType<typeof as>;
  beforeAll(async () => {
    t = await team();
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

describe('the team’s monthly cap', () => {
  let t: Awaited<ReturnType<typeof team>>;
  let ada: ReturnType<typeof as>;
  let mia: ReturnType<typeof as>;
  beforeAll(async () => {
    t = await team();
    ada = as(t.bff, await cookieOf(t.bff, ADA));
    mia = as(t.bff, await cookieOf(t.bff, MIA));
  });
  afterAll(() => t.close());

  const settings = async () => (await (await ada('bff.admin.team')).json()) as TeamSettings;

  it('has none at first, and says what the team spent this month', async () => {
    expect((await mia('list.generate', { limit: 3 })).status).toBe(200);
    expect((await ada('list.generate', { limit: 5 })).status).toBe(200);
    const month = utcDay(new Date()).slice(0, 7);
    expect(await settings()).toEqual({
      monthly_cap: null,
      spent_this_month: 2.1 + 2.5,
      spent_today: 2.1 + 2.5,
      month,
      default_daily_budget: null,
    });
    expect((await settings()).spent_this_month).toBe(await ledgerSum(t.db, 'day >= ?', `${month}-01`));
    expect((await settings()).spent_today).toBe(await ledgerSum(t.db, 'day = ?', utcDay(new Date())));
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    for (const body of [{ monthly_cap: -1 }, { monthly_cap: 'ten' }, {}, { monthly_cap: 5, extra: 1 }]) {
      const res = await ada('bff.admin.updateTeam', body as never);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const paths = ((await res.json()) as Problem).errors?.map((e) => e.path);
      expect(paths, JSON.stringify(body)).toEqual('extra' in body ? ['extra'] : ['monthly_cap']);
    }
    expect((await settings()).monthly_cap).toBeNull();
  });

  it('refuses every user’s paid calls once the team spent its cap, saying it is the team cap', async () => {
    // 4.6 spent: under a cap of 7 one more list of 3 (2.1 at most) fits; then 0.3 is left, and no
    // list fits (its worst case is known before the call), whoever asks.
    const set = await ada('bff.admin.updateTeam', { monthly_cap: 7 });
    expect(set.status).toBe(200);
    expect(((await set.json()) as TeamSettings).monthly_cap).toBe(7);
    expect((await mia('list.generate', { limit: 3, offset: 3 })).status).toBe(200);
    for (const call of [mia, ada]) {
      const refused = await call('list.generate', { limit: 2, offset: 9 });
      expect(refused.status).toBe(402);
      const body = (await refused.json()) as Problem;
      expect(body.detail).toMatch(
        /^This call may cost up to 1\.9 credits, and your team's monthly cap of 7 has only 0\.3 left \(6\.7 used this month\)/,
      );
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(31 * 86_400);
    }
    // A cache hit costs nothing and is still served.
    expect((await mia('list.generate', { limit: 3, offset: 3 })).headers.get('x-cache')).toBe('hit');
    // Admin work goes on.
    expect((await ada('bff.admin.users')).status).toBe(200);
    expect((await settings()).spent_this_month).toBe(6.7);

    await ada('bff.admin.updateTeam', { monthly_cap: null });
    expect((await mia('list.generate', { limit: 2, offset: 9 })).status).toBe(200);
  });

  it('writes every change to the audit log', async () => {
    const log = ((await (await ada('bff.admin.audit')).json()) as AuditResponse).data;
    expect(log.slice(0, 2)).toEqual([
      {
        at: expect.any(String),
        actor: 'ada',
        action: 'team.cap_changed',
        target: 'team',
        details: { from: 7, to: null },
      },
      {
        at: expect.any(String),
        actor: 'ada',
        action: 'team.cap_changed',
        target: 'team',
        details: { from: null, to: 7 },
      },
    ]);
  });
});

describe('the audit log', () => {
  it('records every admin action, who, what, to whom and when, newest first, never a password', async () => {
    const t = await team();
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

describe('the spend dashboard and the ledger CSV', () => {
  let t: Awaited<ReturnType<typeof team>>;
  let ada: ReturnType<typeof as>;
  let mia: ReturnType<typeof as>;
  let miaId: string;
  const today = new Date();
  const days = windowDays(today, 30);
  beforeAll(async () => {
    t = await team();
    ada = as(t.bff, await cookieOf(t.bff, ADA));
    mia = as(t.bff, await cookieOf(t.bff, MIA));
    miaId = (await t.db.sql.get<{ id: string }>("SELECT id FROM users WHERE name = 'mia'"))!.id;
    // Earlier days' spending, as the ledger would hold it: one inside the window, one a day before it.
    const insert = (...params: unknown[]) =>
      t.db.sql.run(
        `INSERT INTO ledger (user_id, day, at, method, endpoint, status, credits_consumed, cache, duration_ms)
         VALUES (?, ?, ?, 'POST', '/api/v1/list/generate/companies', 200, ?, 'miss', 12.5)`,
        params,
      );
    const old = windowDays(today, 31)[0]!;
    await insert(miaId, days[3], `${days[3]}T10:00:00.000Z`, 3.3);
    await insert(miaId, days[3], `${days[3]}T11:00:00.000Z`, 0.1);
    await insert(miaId, old, `${old}T10:00:00.000Z`, 50);
    await insert('system', days[5], `${days[5]}T09:00:00.000Z`, 0.2);
    // Today's, through the BFF.
    expect((await mia('list.generate', { limit: 3 })).status).toBe(200);
    expect(
      (await mia('company.enrichment', { company: firstCompany(), sections: 'firmographics' })).status,
    ).toBe(200);
    expect((await ada('list.generate', { limit: 6 })).status).toBe(200);
    expect((await ada('industry.search', { query: 'bank' })).status).toBe(200);
  });
  afterAll(() => t.close());

  function firstCompany(): string {
    return (service.ctx.db.prepare('SELECT uuid FROM companies LIMIT 1').get() as { uuid: string }).uuid;
  }

  it('answers every day of the window, zero days included, by user, by endpoint and the top spenders', async () => {
    const res = await ada('bff.admin.spend', { days: 30 });
    expect(res.status).toBe(200);
    const spend = (await res.json()) as SpendResponse;
    expect(spend.days.map((d) => d.date)).toEqual(days);
    expect(spend.days.at(-1)?.date).toBe(utcDay(today));
    expect(spend.days[0]).toEqual({ date: days[0], credits: 0, by_user: {} });
    expect(spend.days[3]).toEqual({ date: days[3], credits: 3.4, by_user: { mia: 3.4 } });
    expect(spend.days[5]).toEqual({ date: days[5], credits: 0.2, by_user: { BFF: 0.2 } });
    const todayRow = spend.days.at(-1)!;
    const adaId = (await t.db.sql.get<{ id: string }>("SELECT id FROM users WHERE name = 'ada'"))!.id;
    expect(todayRow.by_user.ada).toBe(await ledgerSum(t.db, 'day = ? AND user_id = ?', utcDay(today), adaId));
    expect(todayRow.by_user.mia).toBe(await ledgerSum(t.db, 'day = ? AND user_id = ?', utcDay(today), miaId));
    expect(todayRow.credits).toBe(await ledgerSum(t.db, 'day = ?', utcDay(today)));
    // The window's totals, every way, equal the ledger's sum over the window (the day before left out).
    const windowSum = await ledgerSum(t.db, 'day >= ?', days[0]);
    expect(credits(spend.days.reduce((s, d) => s + d.credits, 0))).toBe(windowSum);
    expect(credits(Object.values(spend.by_endpoint).reduce((s, c) => s + c, 0))).toBe(windowSum);
    expect(credits(spend.top_spenders.reduce((s, u) => s + u.credits, 0))).toBe(windowSum);
    for (const d of spend.days)
      expect(credits(Object.values(d.by_user).reduce((s, c) => s + c, 0)), d.date).toBe(d.credits);
    // Free calls (industry search) have no place among the costs.
    expect(Object.keys(spend.by_endpoint).sort()).toEqual([
      '/api/v1/company/enrichment',
      '/api/v1/list/generate/companies',
    ]);
    expect(spend.by_endpoint['/api/v1/company/enrichment']).toBe(
      await ledgerSum(t.db, "endpoint = '/api/v1/company/enrichment' AND day >= ?", days[0]),
    );
    expect(spend.top_spenders.map((s) => s.name).sort()).toEqual(['BFF', 'ada', 'mia']);
    const amounts = spend.top_spenders.map((s) => s.credits);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(spend.top_spenders.find((s) => s.name === 'mia')?.credits).toBe(
      await ledgerSum(t.db, 'user_id = ? AND day >= ?', miaId, days[0]),
    );
  });

  it('takes 1 to 90 days (30 by default) and refuses anything else', async () => {
    expect(((await (await ada('bff.admin.spend')).json()) as SpendResponse).days).toHaveLength(30);
    expect(((await (await ada('bff.admin.spend', { days: 1 })).json()) as SpendResponse).days).toHaveLength(
      1,
    );
    const long = (await (await ada('bff.admin.spend', { days: 90 })).json()) as SpendResponse;
    expect(long.days).toHaveLength(90);
    expect(credits(long.days.reduce((s, d) => s + d.credits, 0))).toBe(await ledgerSum(t.db));
    for (const bad of ['0', '91', '2.5', 'many']) {
      const res = await t.bff.call(`${ENDPOINTS['bff.admin.spend'].path}?days=${bad}`, {
        headers: { cookie: await cookieOf(t.bff, ADA) },
      });
      expect(res.status, bad).toBe(400);
      expect(
        ((await res.json()) as Problem).errors?.map((e) => e.path),
        bad,
      ).toEqual(['days']);
    }
    const twice = await t.bff.call(`${ENDPOINTS['bff.admin.spend'].path}?days=3&days=4&color=red`, {
      headers: { cookie: await cookieOf(t.bff, ADA) },
    });
    expect(((await twice.json()) as Problem).errors?.map((e) => e.path)).toEqual(['days']);
  });

  it('sends every ledger entry as CSV with the users named, its sums equal to the ledger', async () => {
    const res = await ada('bff.admin.ledgerCsv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="ledger-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = parseCsv(await res.text());
    expect(header).toEqual([...LEDGER_CSV_COLUMNS]);
    const count = (await t.db.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM ledger'))!.n;
    expect(rows).toHaveLength(count);
    const col = (name: (typeof LEDGER_CSV_COLUMNS)[number]) => LEDGER_CSV_COLUMNS.indexOf(name);
    expect(new Set(rows.map((r) => r[col('user')]))).toEqual(new Set(['ada', 'mia', 'BFF']));
    expect(credits(rows.reduce((s, r) => s + Number(r[col('credits_consumed')]), 0))).toBe(
      await ledgerSum(t.db),
    );
    const miaRows = rows.filter((r) => r[col('user')] === 'mia');
    expect(miaRows.every((r) => r[col('user_id')] === miaId)).toBe(true);
    expect(credits(miaRows.reduce((s, r) => s + Number(r[col('credits_consumed')]), 0))).toBe(
      await ledgerSum(t.db, 'user_id = ?', miaId),
    );
    // Oldest first, as written.
    const ats = rows.map((r) => r[col('at')]!);
    expect(ats.filter((a) => a.startsWith(utcDay(today)))).toEqual(
      ats.filter((a) => a.startsWith(utcDay(today))).sort(),
    );
  });

  it('writes a user name a spreadsheet would run as a formula as text', async () => {
    // "@" and "-" may begin a user name; a spreadsheet would take "@sum" or "-1" for a formula.
    for (const name of ['@sum', '-1']) {
      const { user } = await addUser(t.db, { name, password: 'a long enough secret', dailyBudget: null });
      await t.db.sql.run(
        `INSERT INTO ledger (user_id, day, at, method, endpoint, status, credits_consumed, cache, duration_ms)
         VALUES (?, ?, ?, 'GET', '/api/v1/news', 200, 0.5, 'miss', 3)`,
        [user.id, days[1], `${days[1]}T08:00:00.000Z`],
      );
    }
    const [, ...rows] = parseCsv(await (await ada('bff.admin.ledgerCsv')).text());
    const names = rows.map((r) => r[LEDGER_CSV_COLUMNS.indexOf('user')]);
    expect(names).toContain("'@sum");
    expect(names).toContain("'-1");
    expect(names).not.toContain('@sum');
    // The dashboard names them as they are.
    const spend = (await (await ada('bff.admin.spend')).json()) as SpendResponse;
    expect(spend.days[1]?.by_user).toEqual({ '@sum': 0.5, '-1': 0.5 });
  });

  it('quotes a cell holding a semicolon, which spreadsheets in some locales split on', async () => {
    await t.db.sql.run(
      `INSERT INTO ledger (user_id, day, at, method, endpoint, status, credits_consumed, cache, duration_ms)
       VALUES (?, ?, ?, 'GET', '/api/v1/news;v=1', 200, 0, 'miss', 3)`,
      [miaId, days[1], `${days[1]}T09:00:00.000Z`],
    );
    const text = await (await ada('bff.admin.ledgerCsv')).text();
    expect(text).toContain(',"/api/v1/news;v=1",');
    const endpoints = parseCsv(text).map((r) => r[LEDGER_CSV_COLUMNS.indexOf('endpoint')]);
    expect(endpoints).toContain('/api/v1/news;v=1');
  });

  it('streams a ledger larger than one page whole', async () => {
    await t.db.insertLedger(
      Array.from({ length: 2500 }, () => ({
        userId: miaId,
        day: days[10]!,
        at: `${days[10]}T12:00:00.000Z`,
        method: 'GET',
        endpoint: '/api/v1/news',
        status: 200,
        creditsConsumed: 0.05,
        cache: 'miss' as const,
        durationMs: 3,
      })),
    );
    const [, ...rows] = parseCsv(await (await ada('bff.admin.ledgerCsv')).text());
    const count = (await t.db.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM ledger'))!.n;
    expect(rows).toHaveLength(count);
    expect(credits(rows.reduce((s, r) => s + Number(r[7]), 0))).toBe(await ledgerSum(t.db));
  });
});
