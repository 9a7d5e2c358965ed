import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BffDb, openBffDatabase } from '../store/db';
import { createSession, deleteSession, RECHECK_MS, sessionUser } from './sessions';
import { addUser } from './users';

const T0 = new Date('2026-11-25T10:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const ALICE = { name: 'alice', password: 'a long enough secret' };

let db: BffDb;
let aliceId: string;
beforeEach(async () => {
  db = openBffDatabase(':memory:');
  aliceId = (await addUser(db, { ...ALICE, dailyBudget: 5 })).user.id;
});
afterEach(() => db.close());

/** What another process (the user:add CLI, a second BFF) does to the store, behind this one's back. */
const elsewhere = (sql: string, ...params: unknown[]) => db.prepare(sql).run(...params);

describe('team sessions, looked up at most once a second each', () => {
  it('knows the signed-in user, their role and their own budget', () => {
    const s = createSession(db, aliceId, 3600_000, T0);
    expect(sessionUser(db, s.id, T0)).toEqual({ id: aliceId, name: 'alice', dailyBudget: 5, role: 'member' });
    expect(sessionUser(db, 'x'.repeat(43), T0)).toBeUndefined();
  });

  it('sees a session ended elsewhere within a second, and a budget changed elsewhere too', () => {
    const s = createSession(db, aliceId, 3600_000, T0);
    expect(sessionUser(db, s.id, T0)?.dailyBudget).toBe(5);
    elsewhere('UPDATE users SET daily_budget = 9 WHERE id = ?', aliceId);
    expect(sessionUser(db, s.id, at(RECHECK_MS - 1))?.dailyBudget).toBe(5);
    expect(sessionUser(db, s.id, at(RECHECK_MS))?.dailyBudget).toBe(9);

    elsewhere('DELETE FROM sessions');
    expect(sessionUser(db, s.id, at(RECHECK_MS + 1))).toBeDefined();
    expect(sessionUser(db, s.id, at(2 * RECHECK_MS))).toBeUndefined();
  });

  it('refuses the session of a user disabled elsewhere within a second', () => {
    const s = createSession(db, aliceId, 3600_000, T0);
    expect(sessionUser(db, s.id, T0)).toBeDefined();
    // Another process disabled alice without deleting her sessions (or before it could).
    elsewhere('UPDATE users SET disabled = 1 WHERE id = ?', aliceId);
    expect(sessionUser(db, s.id, at(RECHECK_MS))).toBeUndefined();
    elsewhere('UPDATE users SET disabled = 0 WHERE id = ?', aliceId);
    expect(sessionUser(db, s.id, at(RECHECK_MS + 1))?.name).toBe('alice');
  });

  it('ends a session signed out here at once', () => {
    const s = createSession(db, aliceId, 3600_000, T0);
    expect(sessionUser(db, s.id, T0)).toBeDefined();
    deleteSession(db, s.id);
    expect(sessionUser(db, s.id, T0)).toBeUndefined();
  });

  it("ends a user's sessions at once when their password is reset here", async () => {
    const s = createSession(db, aliceId, 3600_000, T0);
    const bob = await addUser(db, { name: 'bob', password: 'another long secret', dailyBudget: null });
    const other = createSession(db, bob.user.id, 3600_000, T0);
    expect(sessionUser(db, s.id, T0)).toBeDefined();
    expect(sessionUser(db, other.id, T0)).toBeDefined();
    await addUser(db, { ...ALICE, password: 'a new long secret', dailyBudget: 5 }, { replace: true });
    expect(sessionUser(db, s.id, T0)).toBeUndefined();
    expect(sessionUser(db, other.id, T0)?.name).toBe('bob');
  });

  it('never honours a session past its expiry, remembered or not', () => {
    const s = createSession(db, aliceId, 500, T0);
    expect(sessionUser(db, s.id, at(499))).toBeDefined();
    expect(sessionUser(db, s.id, at(500))).toBeUndefined();
  });

  it('looks again when the clock goes back', () => {
    const s = createSession(db, aliceId, 3600_000, T0);
    expect(sessionUser(db, s.id, T0)).toBeDefined();
    elsewhere('DELETE FROM sessions');
    expect(sessionUser(db, s.id, at(-1))).toBeUndefined();
  });
});
