/**
 * The team's monthly cap on a real store (SQLite, or PostgreSQL on that project): the month's total
 * exact beside the ledger (pending records, records during the first read, a new month), the cap
 * read again after a second; and an old SQLite store file gaining the new columns without losing a user.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testStore } from '../../testing/test-store';
import { addUser } from '../auth/users';
import { Ledger, type LedgerRecord } from '../ledger/ledger';
import { bffDatabaseFile, SqliteStore } from '../store/sqlite';
import type { BffStore } from '../store/store';
import { buildSpend, windowDays } from './spend';
import { CAP_RECHECK_MS, secondsToNextMonthUtc, TeamCap } from './team-cap';

const ADMIN = { id: 'a', name: 'ada' };
const spend = (userId: string, creditsConsumed: number): LedgerRecord => ({
  userId,
  method: 'POST',
  endpoint: '/api/v1/list/generate/companies',
  status: 200,
  creditsConsumed,
  cache: 'miss',
  durationMs: 1,
});

let db: BffStore;
let clock: Date;
let ledger: Ledger;
let cap: TeamCap;
const now = () => clock;
beforeEach(async () => {
  db = await testStore();
  clock = new Date('2026-03-31T23:59:58.000Z');
  ledger = new Ledger(db, now);
  cap = new TeamCap(db, ledger, now);
});
afterEach(async () => {
  await ledger.flush();
  await db.close();
});

describe('the team’s monthly cap', () => {
  it('counts the month’s spend with records not yet written', async () => {
    void ledger.record(spend('u1', 1.2));
    void ledger.record(spend('u2', 1.2));
    void ledger.record(spend('u1', 0.6));
    expect(await cap.spentThisMonth()).toBe(3);
    expect(await db.sql.get('SELECT COUNT(*) AS n FROM ledger')).toEqual({ n: 3 });
  });

  it('starts each month afresh, and reads what earlier processes wrote this month', async () => {
    await ledger.record(spend('u1', 5));
    expect(await cap.spentThisMonth()).toBe(5);
    clock = new Date('2026-04-01T00:00:01.000Z');
    expect(await cap.spentThisMonth()).toBe(0);
    await ledger.record(spend('u1', 1.5));
    // A BFF started later this month reads the month so far from the store.
    const later = new TeamCap(db, new Ledger(db, now), now);
    expect(await later.spentThisMonth()).toBe(1.5);
  });

  it('reads a cap changed elsewhere within a second, and one changed here at once', async () => {
    expect(await cap.current()).toBeNull();
    await db.setMonthlyCap(1, ADMIN, clock); // by another process: this one still trusts its read
    expect(await cap.current()).toBeNull();
    clock = new Date(clock.getTime() + CAP_RECHECK_MS);
    expect(await cap.current()).toBe(1);
    await db.setMonthlyCap(null, ADMIN, clock);
    cap.changed();
    expect(await cap.current()).toBeNull();
  });

  it('counts the seconds to the next month in UTC', () => {
    expect(secondsToNextMonthUtc(new Date('2026-12-31T23:00:00.000Z'))).toBe(3600);
    expect(secondsToNextMonthUtc(new Date('2026-02-01T00:00:00.000Z'))).toBe(28 * 86_400);
  });
});

describe('the spend window', () => {
  it('is the last n UTC days, across month and year ends', () => {
    expect(windowDays(new Date('2026-01-02T23:30:00.000Z'), 4)).toEqual([
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
    ]);
  });

  it('sums without float drift and leaves out what cost nothing', () => {
    const days = ['2026-01-01', '2026-01-02'];
    const row = (day: string, name: string, endpoint: string, credits: number) => ({
      day,
      user_id: name,
      name,
      endpoint,
      credits,
    });
    const out = buildSpend(
      [
        row('2026-01-01', 'a', '/x', 0.1),
        row('2026-01-01', 'b', '/x', 0.2),
        row('2026-01-02', 'a', '/free', 0),
        row('2025-12-31', 'a', '/x', 9),
      ],
      days,
      (r) => r.name ?? r.user_id,
      // What the company store saved: in the window by day and user, outside it left out.
      [
        { user_id: 'a', name: null, day: '2026-01-02', credits: 2.5 },
        { user_id: 'b', name: null, day: '2026-01-02', credits: 0.1 },
        { user_id: 'a', name: null, day: '2025-12-31', credits: 7 },
      ],
    );
    expect(out).toEqual({
      days: [
        { date: '2026-01-01', credits: 0.3, by_user: { b: 0.2, a: 0.1 }, saved: 0, saved_by_user: {} },
        { date: '2026-01-02', credits: 0, by_user: {}, saved: 2.6, saved_by_user: { a: 2.5, b: 0.1 } },
      ],
      by_endpoint: { '/x': 0.3 },
      top_spenders: [
        { name: 'b', credits: 0.2 },
        { name: 'a', credits: 0.1 },
      ],
      saved: 2.6,
    });
  });
});

describe('the store’s schema upgrade', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'bff-admin-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('adds roles, the disabled flag, team settings and the audit log to a store from before them', async () => {
    const file = bffDatabaseFile(dir);
    // The users table as it was before roles.
    const old = new Database(file);
    old.exec(`CREATE TABLE users (id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE,
      password_hash TEXT NOT NULL, salt TEXT NOT NULL, daily_budget REAL, created_at TEXT NOT NULL);
      INSERT INTO users VALUES ('u1', 'olga', 'h', 's', 7, '2025-01-01T00:00:00.000Z');`);
    old.close();

    for (let i = 0; i < 2; i++) {
      // Opened twice: the second time finds every column there and adds nothing.
      const store = new SqliteStore(file);
      try {
        expect(await store.findUserByName('olga')).toMatchObject({
          id: 'u1',
          role: 'member',
          disabled: false,
          daily_budget: 7,
        });
        const names = (
          await store.sql.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
        ).map((t) => t.name);
        expect(names).toEqual(
          expect.arrayContaining(['users', 'team_settings', 'audit', 'ledger', 'schema_migrations']),
        );
        if (i === 0)
          await addUser(store, {
            name: 'root',
            password: 'a long admin secret',
            dailyBudget: null,
            role: 'admin',
          });
      } finally {
        await store.close();
      }
    }
    const store = new SqliteStore(file);
    try {
      expect((await store.findUserByName('root'))?.role).toBe('admin');
      await expect(store.sql.run("UPDATE users SET role = 'owner' WHERE id = 'u1'")).rejects.toThrow(/CHECK/);
    } finally {
      await store.close();
    }
  });
});
