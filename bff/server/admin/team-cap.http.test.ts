/**
 * The team's monthly cap over real HTTP (team mode on an embedded service): set by an admin,
 * refusing every user's paid calls once spent, and written to the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditResponse, TeamSettings } from '../../contract/admin';
import type { Problem } from '../../contract/problem';
import { testStore } from '../../testing/test-store';
import { utcDay } from '../ledger/ledger';
import {
  ADA,
  as,
  type Caller,
  cookieOf,
  ledgerSum,
  MIA,
  type Team,
  team,
  withEmbeddedService,
} from './admin-testing';

withEmbeddedService();

describe('the team’s monthly cap', () => {
  let t: Team;
  let ada: Caller;
  let mia: Caller;
  beforeAll(async () => {
    t = await team(await testStore());
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
