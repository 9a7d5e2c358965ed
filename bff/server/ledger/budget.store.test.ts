/**
 * The daily budget's reservations on the project's store: a call refused once the budget is spent
 * is told what was spent, at once (before the ledger's batch is written) and with nothing held for
 * calls in flight when none is; a call in flight holds its reservation; what earlier processes
 * wrote to the ledger today counts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testStore } from '../../testing/test-store';
import type { BffStore, Reservation } from '../store/store';

const DAY = '2026-05-04';
let store: BffStore;
beforeEach(async () => {
  store = await testStore();
});
afterEach(async () => {
  await store.close();
});

const granted = (r: Reservation) => {
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r)}`);
  return r.lease;
};

describe('daily budget reservations', () => {
  it('tell a refused call what the settled calls spent, before any ledger line is written', async () => {
    // A list of 20 rows: 1.5 + 20 x 0.2 credits, estimated and spent, over a budget of 5.
    const first = granted(await store.reserveBudget('u1', DAY, 5, 5.5));
    await store.settleBudget(first, 5.5);
    expect(await store.reserveBudget('u1', DAY, 5, 0.7)).toEqual({ ok: false, spent: 5.5, reserved: 0 });
    // Another user's budget is their own.
    expect((await store.reserveBudget('u2', DAY, 5, 0.7)).ok).toBe(true);
  });

  it('hold what a call in flight reserved, and count what it spent once it settles', async () => {
    const inFlight = granted(await store.reserveBudget('u1', DAY, 5, 5));
    expect(await store.reserveBudget('u1', DAY, 5, 1)).toEqual({ ok: false, spent: 0, reserved: 5 });
    await store.settleBudget(inFlight, 4.2);
    // 0.8 left: the call that crosses the budget goes through, and then nothing more.
    const crossing = granted(await store.reserveBudget('u1', DAY, 5, 1));
    await store.settleBudget(crossing, 1);
    expect(await store.reserveBudget('u1', DAY, 5, 1)).toEqual({ ok: false, spent: 5.2, reserved: 0 });
  });

  it('count what earlier processes wrote to the ledger today', async () => {
    await store.insertLedger([
      {
        userId: 'u1',
        day: DAY,
        at: `${DAY}T08:00:00.000Z`,
        method: 'POST',
        endpoint: '/api/v1/list/generate/companies',
        status: 200,
        creditsConsumed: 3,
        cache: 'miss',
        durationMs: 1,
      },
    ]);
    const call = granted(await store.reserveBudget('u1', DAY, 5, 2.5));
    await store.settleBudget(call, 2.5);
    expect(await store.reserveBudget('u1', DAY, 5, 0.7)).toEqual({ ok: false, spent: 5.5, reserved: 0 });
  });
});
