/**
 * Holds on the project's store (SQLite, or PostgreSQL on that project): a paid call's worst case is
 * held only when it fits what is left of the user's daily budget and of the team's monthly cap, also
 * with many calls at once; its ledger line settles it at the real price in the same transaction
 * (written twice, counted once); a hold whose instance died stops counting when it expires. Calls
 * that hold and settle at once on two instances never pass the budget; a store that fails or dies
 * between a hold and its line leaves the ledger and the settled spend right. (On SQLite the holds
 * are in the process's memory, shared by its stores on one file: docs/decisions/0029.)
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { credits } from '../../contract/pricing';
import { ON_POSTGRES, reopenTestStore, testStore } from '../../testing/test-store';
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

describe('holds and lines at once, and a failure between them', () => {
  /** The ledger's own sum for the user's day: what the key lost, as far as the BFF answered it. */
  const ledgerSum = async (s: BffStore, userId: string) =>
    (await s.sql.get<{ n: number; c: number }>(
      'SELECT COUNT(*) AS n, COALESCE(SUM(credits_consumed), 0) AS c FROM ledger WHERE user_id = ? AND day = ?',
      [userId, DAY],
    ))!;

  it('never spend past the budget while calls on two instances hold and settle at once', async () => {
    // 40 credits; each call holds 3 and costs 1 to 3 when it settles. Calls go on until refused: what
    // is settled plus what is held never passes 40, and the settled spend is the ledger's sum.
    const other = await reopenTestStore(store);
    try {
      const prices = [1, 2.5, 3, 1.5];
      let refused = 0;
      const worker = async (w: number) => {
        const s = w % 2 ? other : store;
        for (let i = 0; i < 40; i++) {
          const h = hold('u1', 3);
          const placed = await s.placeHold(h, budget(40), NOW);
          if (!placed.ok) {
            refused++;
            expect(credits(placed.spent + placed.held + 3)).toBeGreaterThan(40);
            return;
          }
          await new Promise((r) => setImmediate(r)); // the call upstream, meanwhile others hold
          await s.insertLedger([line(h, prices[(w + i) % prices.length]!)]);
        }
      };
      await Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
      expect(refused).toBe(8);
      const { c } = await ledgerSum(store, 'u1');
      expect(c).toBeLessThanOrEqual(40);
      expect(c).toBeGreaterThan(40 - 3 - 1e-9); // refused only when 3 more did not fit
      expect(await store.settledSpend('u1', DAY)).toEqual({ day: credits(c), month: credits(c) });
      expect(await other.settledSpend('u1', DAY)).toEqual({ day: credits(c), month: credits(c) });
    } finally {
      await other.close();
    }
  });

  it('keep the hold and change nothing when the line fails mid-write; written again, it settles once', async () => {
    const settled = hold('u1', 5);
    expect(await store.placeHold(settled, budget(10), NOW)).toEqual({ ok: true });
    await store.insertLedger([line(settled, 4)]);
    const h = hold('u1', 5);
    expect(await store.placeHold(h, budget(10), NOW)).toEqual({ ok: true });
    // The write fails after its line went in, as the spend is updated: a disk or a server failing.
    if (ON_POSTGRES) {
      await store.sql.run(
        "CREATE FUNCTION fail_spend() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'disk failed'; END $$ LANGUAGE plpgsql",
      );
      await store.sql.run(
        'CREATE TRIGGER fail_spend BEFORE UPDATE ON spend FOR EACH ROW EXECUTE FUNCTION fail_spend()',
      );
    } else {
      await store.sql.run(
        "CREATE TEMP TRIGGER fail_spend BEFORE UPDATE ON spend BEGIN SELECT RAISE(ABORT, 'disk failed'); END",
      );
    }
    const written = line(h, 3);
    await expect(store.insertLedger([written])).rejects.toThrow(/disk failed/);
    // Nothing of the failed write is left, and its call's hold still counts (4 + 5 of 10).
    expect(await ledgerSum(store, 'u1')).toEqual({ n: 1, c: 4 });
    expect(await store.settledSpend('u1', DAY)).toEqual({ day: 4, month: 4 });
    expect(await store.placeHold(hold('u1', 1.5), budget(10), NOW)).toMatchObject({
      ok: false,
      spent: 4,
      held: 5,
    });
    // The journal offers the batch again once the store is back: written once, the hold ended.
    await store.sql.run(ON_POSTGRES ? 'DROP TRIGGER fail_spend ON spend' : 'DROP TRIGGER fail_spend');
    await store.insertLedger([written]);
    await store.insertLedger([written]);
    expect(await ledgerSum(store, 'u1')).toEqual({ n: 2, c: 7 });
    expect(await store.settledSpend('u1', DAY)).toEqual({ day: 7, month: 7 });
    expect(await store.placeHold(hold('u1', 3), budget(10), NOW)).toEqual({ ok: true });
  });

  it('keep every settled line when the instance dies between a hold and its line', async () => {
    const done = hold('u1', 5);
    const inFlight = hold('u1', 5);
    expect(await store.placeHold(done, budget(10), NOW)).toEqual({ ok: true });
    expect(await store.placeHold(inFlight, budget(10), NOW)).toEqual({ ok: true });
    await store.insertLedger([line(done, 2)]);
    // The instance dies with `inFlight` upstream: no line is written for it, nothing is released.
    await store.close();
    store = await reopenTestStore(store);
    expect(await ledgerSum(store, 'u1')).toEqual({ n: 1, c: 2 });
    expect(await store.settledSpend('u1', DAY)).toEqual({ day: 2, month: 2 });
    // Its hold: on PostgreSQL a row that counts until it expires (another instance may still run the
    // call); on SQLite it was the dead process's, and that process ran every call on the store.
    expect(await store.placeHold(hold('u1', 8), budget(10), NOW)).toEqual(
      ON_POSTGRES ? { ok: false, limit: 'daily', of: 10, spent: 2, held: 5 } : { ok: true },
    );
    // Past its expiry it counts nowhere.
    const after = { ...hold('u1', 8), expiresAt: `${DAY}T11:30:00.000Z` };
    expect(await store.placeHold(after, budget(10), LATER)).toEqual({ ok: true });
  });
});
