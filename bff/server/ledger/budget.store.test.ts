/**
 * Holds on the project's store (SQLite, or PostgreSQL on that project): a paid call's worst case is
 * held only when it fits what is left of the user's daily budget and of the team's monthly cap, also
 * with many calls at once; its ledger line settles it at the real price in the same transaction
 * (written twice, counted once); a hold whose instance died stops counting when it expires.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reopenTestStore, testStore } from '../../testing/test-store';
import { bffDatabaseFile } from '../store/sqlite';
import type { BffStore, Hold, HoldLimits, LedgerRow } from '../store/store';

const DAY = '2026-05-04';
const NOW = `${DAY}T10:00:00.000Z`;
const LATER = `${DAY}T11:00:00.000Z`;
let dir: string;
let store: BffStore;
beforeEach(async () => {
  // A data file: a second store on it is a second instance (SQLite) as a schema is (PostgreSQL).
  dir = mkdtempSync(path.join(tmpdir(), 'holds-'));
  store = await testStore({ file: bffDatabaseFile(dir) });
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const hold = (userId: string, amount: number, day = DAY): Hold => ({
  id: randomUUID(),
  userId,
  day,
  amount,
  expiresAt: `${day}T10:30:00.000Z`,
});
const budget = (b: number): HoldLimits => ({ budget: b, cap: null });
const line = (h: Hold, creditsConsumed: number): LedgerRow => ({
  userId: h.userId,
  day: h.day,
  at: `${h.day}T10:00:01.000Z`,
  method: 'POST',
  endpoint: '/api/v1/list/generate/companies',
  status: 200,
  creditsConsumed,
  cache: 'miss',
  durationMs: 1,
  lineId: randomUUID(),
  holdId: h.id,
});

describe('holds against the daily budget', () => {
  it('refuse a call whose worst case is more than is left, before anything is spent', async () => {
    // The audit's case: 20 credits a day, one list call of 5,851.5 credits.
    expect(await store.placeHold(hold('u1', 5851.5), budget(20), NOW)).toEqual({
      ok: false,
      limit: 'daily',
      of: 20,
      spent: 0,
      held: 0,
    });
    const first = hold('u1', 11.5);
    expect(await store.placeHold(first, budget(20), NOW)).toEqual({ ok: true });
    // 8.5 left while the first is in flight: a second 11.5 does not fit, an 8.5 does.
    expect(await store.placeHold(hold('u1', 11.5), budget(20), NOW)).toMatchObject({ ok: false, held: 11.5 });
    expect(await store.placeHold(hold('u1', 8.5), budget(20), NOW)).toEqual({ ok: true });
    // Another user's budget is their own.
    expect(await store.placeHold(hold('u2', 20), budget(20), NOW)).toEqual({ ok: true });
  });

  it('settle at the real price with the ledger line, and count a line written twice once', async () => {
    const h = hold('u1', 11.5);
    expect(await store.placeHold(h, budget(20), NOW)).toEqual({ ok: true });
    const written = line(h, 4.3);
    await store.insertLedger([written]);
    await store.insertLedger([written]); // a journal replayed after the first write went through
    expect(await store.settledSpend('u1', DAY)).toEqual({ day: 4.3, month: 4.3 });
    expect(await store.sql.get('SELECT COUNT(*) AS n FROM ledger')).toEqual({ n: 1 });
    expect(await store.sql.get('SELECT COUNT(*) AS n FROM holds')).toEqual({ n: 0 });
    // 15.7 left: exactly that fits, a hair more does not.
    expect(await store.placeHold(hold('u1', 15.8), budget(20), NOW)).toMatchObject({ ok: false, spent: 4.3 });
    expect(await store.placeHold(hold('u1', 15.7), budget(20), NOW)).toEqual({ ok: true });
  });

  it('never hold more than the budget, with fifty calls at once', async () => {
    // 10 credits; reviews of 1.5 a call at worst: six fit (9), the seventh would pass 10.
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () => store.placeHold(hold('u1', 1.5), budget(10), NOW)),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(6);
  });

  it('never hold more than the budget across two instances at once', async () => {
    const other = await reopenTestStore(store);
    try {
      const outcomes = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 ? other : store).placeHold(hold('u1', 2), budget(10), NOW),
        ),
      );
      expect(outcomes.filter((o) => o.ok)).toHaveLength(5);
    } finally {
      await other.close();
    }
  });

  it('free a hold released without a line, and stop counting one whose instance died', async () => {
    const died = hold('u1', 6);
    expect(await store.placeHold(died, budget(10), NOW)).toEqual({ ok: true });
    const failed = hold('u1', 2);
    expect(await store.placeHold(failed, budget(10), NOW)).toEqual({ ok: true });
    await store.insertLedger([], [failed.id]);
    const alive = { ...hold('u1', 4), expiresAt: `${DAY}T11:30:00.000Z` };
    expect(await store.placeHold(alive, budget(10), NOW)).toEqual({ ok: true });
    expect(await store.placeHold(hold('u1', 1), budget(10), NOW)).toMatchObject({ ok: false, held: 10 });
    // After `died` expired (its call's instance was killed), its 6 credits are free again.
    expect(await store.placeHold(hold('u1', 7), budget(10), LATER)).toEqual({
      ok: false,
      limit: 'daily',
      of: 10,
      spent: 0,
      held: 4,
    });
    expect(
      await store.placeHold({ ...hold('u1', 6), expiresAt: `${DAY}T11:30:00.000Z` }, budget(10), LATER),
    ).toEqual({
      ok: true,
    });
  });

  it('count what was written to the ledger today before holds existed', async () => {
    const earlier = { ...line(hold('u1', 0), 3), holdId: undefined, lineId: undefined };
    await store.insertLedger([earlier]);
    const other = await reopenTestStore(store);
    try {
      expect(await other.placeHold(hold('u1', 2.5), budget(5), NOW)).toEqual({
        ok: false,
        limit: 'daily',
        of: 5,
        spent: 3,
        held: 0,
      });
      expect(await other.placeHold(hold('u1', 2), budget(5), NOW)).toEqual({ ok: true });
    } finally {
      await other.close();
    }
  });
});

describe('holds against the team’s monthly cap', () => {
  const cap = (c: number): HoldLimits => ({ budget: null, cap: c });

  it('hold every user’s calls against one cap, and settle them into the month', async () => {
    const a = hold('u1', 30);
    const b = hold('u2', 30);
    expect(await store.placeHold(a, cap(70), NOW)).toEqual({ ok: true });
    expect(await store.placeHold(b, cap(70), NOW)).toEqual({ ok: true });
    expect(await store.placeHold(hold('u3', 11), cap(70), NOW)).toEqual({
      ok: false,
      limit: 'team',
      of: 70,
      spent: 0,
      held: 60,
    });
    await store.insertLedger([line(a, 25), line(b, 5)]);
    expect(await store.placeHold(hold('u3', 40), cap(70), NOW)).toEqual({ ok: true });
    // Another day of the same month counts; another month starts afresh.
    expect(await store.placeHold(hold('u3', 1, '2026-05-05'), cap(70), NOW)).toMatchObject({
      ok: false,
      spent: 30,
      held: 40,
    });
    expect(await store.placeHold(hold('u3', 70, '2026-06-01'), cap(70), `2026-06-01T00:00:00.000Z`)).toEqual({
      ok: true,
    });
  });

  it('never hold more than the cap, with many users’ calls at once on two instances', async () => {
    const other = await reopenTestStore(store);
    try {
      const outcomes = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          (i % 2 ? other : store).placeHold(hold(`u${i % 7}`, 11.5), { budget: 100, cap: 120 }, NOW),
        ),
      );
      // 120 / 11.5: ten fit; and no user passes their own 100 (at most 9 each, far more than they get).
      expect(outcomes.filter((o) => o.ok)).toHaveLength(10);
    } finally {
      await other.close();
    }
  });

  it('name the daily budget when both are short', async () => {
    expect(await store.placeHold(hold('u1', 50), { budget: 20, cap: 30 }, NOW)).toMatchObject({
      ok: false,
      limit: 'daily',
    });
    expect(await store.placeHold(hold('u1', 25), { budget: 100, cap: 20 }, NOW)).toMatchObject({
      ok: false,
      limit: 'team',
    });
  });
});
