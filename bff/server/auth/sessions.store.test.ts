import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testStore } from '../../testing/test-store';
import type { BffStore } from '../store/store';
import { createSession, deleteSession, RECHECK_MS, sessionUser } from './sessions';
import { addUser } from './users';

const T0 = new Date('2026-11-25T10:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const ALICE = { name: 'alice', password: 'a long enough secret' };

let store: BffStore;
let aliceId: string;
beforeEach(async () => {
  store = await testStore();
  aliceId = (await addUser(store, { ...ALICE, dailyBudget: 5 })).user.id;
});
afterEach(() => store.close());

/** What another process (the user:add CLI, a second BFF) does to the store, behind this one's back. */
const elsewhere = (sql: string, ...params: unknown[]) => store.sql.run(sql, params);

describe('team sessions, looked up at most once a second each', () => {
  it('knows the signed-in user, their role and their own budget', async () => {
    const s = await createSession(store, aliceId, 3600_000, T0);
    expect(await sessionUser(store, s.id, T0)).toEqual({
      id: aliceId,
      name: 'alice',
      dailyBudget: 5,
      role: 'member',
    });
    expect(await sessionUser(store, 'x'.repeat(43), T0)).toBeUndefined();
  });

  it('sees a session ended elsewhere within a second, and a budget changed elsewhere too', async () => {
    const s = await createSession(store, aliceId, 3600_000, T0);
    expect((await sessionUser(store, s.id, T0))?.dailyBudget).toBe(5);
    await elsewhere('UPDATE users SET daily_budget = 9 WHERE id = ?', aliceId);
    expect((await sessionUser(store, s.id, at(RECHECK_MS - 1)))?.dailyBudget).toBe(5);
    expect((await sessionUser(store, s.id, at(RECHECK_MS)))?.dailyBudget).toBe(9);

    await elsewhere('DELETE FROM sessions');
    expect(await sessionUser(store, s.id, at(RECHECK_MS + 1))).toBeDefined();
    expect(await sessionUser(store, s.id, at(2 * RECHECK_MS))).toBeUndefined();
  });

  it('refuses the session of a user disabled elsewhere within a second', async () => {
    const s = await createSession(store, aliceId, 3600_000, T0);
    expect(await sessionUser(store, s.id, T0)).toBeDefined();
    // Another process disabled alice without deleting her sessions (or before it could).
    await elsewhere('UPDATE users SET disabled = 1 WHERE id = ?', aliceId);
    expect(await sessionUser(store, s.id, at(RECHECK_MS))).toBeUndefined();
    await elsewhere('UPDATE users SET disabled = 0 WHERE id = ?', aliceId);
    expect((await sessionUser(store, s.id, at(RECHECK_MS + 1)))?.name).toBe('alice');
  });

  it('ends a session signed out here at once', async () => {
    const s = await createSession(store, aliceId, 3600_000, T0);
    expect(await sessionUser(store, s.id, T0)).toBeDefined();
    await deleteSession(store, s.id);
    expect(await sessionUser(store, s.id, T0)).toBeUndefined();
  });

  it("ends a user's sessions at once when their password is reset here", async () => {
    const s = await createSession(store, aliceId, 3600_000, T0);
    const bob = await addUser(store, { name: 'bob', password: 'another long secret', dailyBudget: null });
    const other = await createSession(store, bob.user.id, 3600_000, T0);
    expect(await sessionUser(store, s.id, T0)).toBeDefined();
    expect(await sessionUser(store, other.id, T0)).toBeDefined();
    await addUser(store, { ...ALICE, password: 'a new long secret', dailyBudget: 5 }, { replace: true });
    expect(await sessionUser(store, s.id, T0)).toBeUndefined();
    expect((await sessionUser(store, other.id, T0))?.name).toBe('bob');
  });

  it('never honours a session past its expiry, remembered or not', async () => {
    const s = await createSession(store, aliceId, 500, T0);
    expect(await sessionUser(store, s.id, at(499))).toBeDefined();
    expect(await sessionUser(store, s.id, at(500))).toBeUndefined();
  });

  it('looks again when the clock goes back', async () => {
    const s = await createSession(store, aliceId, 3600_000, T0);
    expect(await sessionUser(store, s.id, T0)).toBeDefined();
    await elsewhere('DELETE FROM sessions');
    expect(await sessionUser(store, s.id, at(-1))).toBeUndefined();
  });
});
