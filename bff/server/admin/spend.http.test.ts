/**
 * The spend dashboard and the ledger CSV over real HTTP (team mode on an embedded service), each
 * agreeing with the ledger to the last credit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpendResponse } from '../../contract/admin';
import { LEDGER_CSV_COLUMNS } from '../../contract/admin';
import { ENDPOINTS } from '../../contract/endpoints';
import { credits } from '../../contract/pricing';
import type { Problem } from '../../contract/problem';
import { parseCsv } from '../../testing/parse-csv';
import { testStore } from '../../testing/test-store';
import { addUser } from '../auth/users';
import { utcDay } from '../ledger/ledger';
import {
  ADA,
  type Caller,
  cookieOf,
  ledgerSum,
  spendingTeam,
  type Team,
  withEmbeddedService,
} from './admin-testing';

withEmbeddedService();

describe('the spend dashboard', () => {
  let t: Team;
  let ada: Caller;
  let miaId: string;
  let today: Date;
  let days: string[];
  beforeAll(async () => {
    const spent = await spendingTeam(await testStore());
    t = spent.t;
    ada = spent.ada;
    miaId = spent.miaId;
    today = spent.today;
    days = spent.days;
  });
  afterAll(() => t.close());

  it('answers every day of the window, zero days included, by user, by endpoint and the top spenders', async () => {
    const res = await ada('bff.admin.spend', { days: 30 });
    expect(res.status).toBe(200);
    const spend = (await res.json()) as SpendResponse;
    expect(spend.days.map((d) => d.date)).toEqual(days);
    expect(spend.days.at(-1)?.date).toBe(utcDay(today));
    expect(spend.days[0]).toEqual({ date: days[0], credits: 0, by_user: {}, saved: 0, saved_by_user: {} });
    expect(spend.days[3]).toEqual({
      date: days[3],
      credits: 3.4,
      by_user: { mia: 3.4 },
      saved: 0,
      saved_by_user: {},
    });
    expect(spend.days[5]).toEqual({
      date: days[5],
      credits: 0.2,
      by_user: { BFF: 0.2 },
      saved: 0,
      saved_by_user: {},
    });
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
});

describe('the ledger CSV', () => {
  let t: Team;
  let ada: Caller;
  let miaId: string;
  let today: Date;
  let days: string[];
  beforeAll(async () => {
    const spent = await spendingTeam(await testStore());
    t = spent.t;
    ada = spent.ada;
    miaId = spent.miaId;
    today = spent.today;
    days = spent.days;
  });
  afterAll(() => t.close());

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
