/**
 * Sign-in attempts counted in the store, on the project's engine: taken atomically before a
 * password is checked (also by two instances on one state at once), refused until the oldest
 * attempt in the way leaves the window; and SignInThrottle on them: one check at a time per name,
 * a success clearing its name's count but not the address's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reopenTestStore, testStore } from '../../testing/test-store';
import { SignInThrottle } from '../security/throttle';
import { bffDatabaseFile } from '../store/sqlite';
import type { BffStore } from '../store/store';

const WINDOW = 15 * 60_000;
const T0 = Date.parse('2026-12-02T09:00:00Z');

let dir: string;
let db: BffStore;
let other: BffStore | undefined;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'sign-in-'));
  db = await testStore({ file: bffDatabaseFile(dir) });
});
afterEach(async () => {
  await other?.close();
  other = undefined;
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = async (key: string) =>
  (await db.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM sign_in_attempts WHERE key = ?', [key]))!.n;

describe('sign-in attempts in the store', () => {
  it('grants five of forty takes for one key made at once through two instances', async () => {
    other = await reopenTestStore(db);
    const takes = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        (n % 2 === 0 ? db : other!).takeAttempts(['name:x', `addr:${n}`], 5, WINDOW, T0 + n),
      ),
    );
    expect(takes.filter((t) => t.ok)).toHaveLength(5);
    expect(await count('name:x')).toBe(5);
    // A refused take counted nothing, under neither of its keys.
    const addresses = await db.sql.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM sign_in_attempts WHERE key LIKE 'addr:%'",
    );
    expect(addresses!.n).toBe(5);
  });

  it('refuses until the oldest attempt in the way leaves the window', async () => {
    for (let i = 0; i < 5; i++)
      expect((await db.takeAttempts(['name:x', `addr:${i}`], 5, WINDOW, T0 + i * 1000)).ok).toBe(true);
    expect(await db.takeAttempts(['name:x', 'addr:new'], 5, WINDOW, T0 + 10_000)).toEqual({
      ok: false,
      retryAfterS: WINDOW / 1000 - 10,
    });
    expect((await db.takeAttempts(['name:x', 'addr:new'], 5, WINDOW, T0 + WINDOW - 1)).ok).toBe(false);
    // The first attempt has left the window: one more fits, then the second must leave too.
    expect((await db.takeAttempts(['name:x', 'addr:new'], 5, WINDOW, T0 + WINDOW)).ok).toBe(true);
    expect(await db.takeAttempts(['name:x', 'addr:new'], 5, WINDOW, T0 + WINDOW)).toEqual({
      ok: false,
      retryAfterS: 1,
    });
    // The address is refused for its own count too.
    for (let i = 0; i < 4; i++)
      expect((await db.takeAttempts([`name:${i}`, 'addr:a'], 5, WINDOW, T0)).ok).toBe(true);
    const take = await db.takeAttempts(['name:y', 'addr:a'], 5, WINDOW, T0);
    expect(take.ok).toBe(true);
    expect((await db.takeAttempts(['name:z', 'addr:a'], 5, WINDOW, T0)).ok).toBe(false);
    expect(await count('name:z')).toBe(0);
  });

  it('forgets every attempt of the keys given, and of the ids given only', async () => {
    const first = await db.takeAttempts(['name:x', 'addr:a'], 5, WINDOW, T0);
    await db.takeAttempts(['name:x', 'addr:a'], 5, WINDOW, T0 + 1);
    await db.takeAttempts(['name:y', 'addr:b'], 5, WINDOW, T0 + 2);
    if (!first.ok) throw new Error('refused');
    await db.forgetAttempts(['name:x'], [first.ids[1]!]);
    expect([
      await count('name:x'),
      await count('addr:a'),
      await count('name:y'),
      await count('addr:b'),
    ]).toEqual([0, 1, 1, 1]);
  });
});

describe('SignInThrottle', () => {
  it("checks one name's attempts one at a time, and five of forty sent at once", async () => {
    const throttle = new SignInThrottle(db);
    let inCheck = 0;
    let most = 0;
    let checks = 0;
    const check = async () => {
      checks++;
      inCheck++;
      most = Math.max(most, inCheck);
      // A check takes a while (scrypt): give the others every chance to start meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 5));
      inCheck--;
      return undefined;
    };
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) => throttle.attempt('Alice', `10.0.0.${n}`, check)),
    );
    expect(checks).toBe(5);
    expect(most).toBe(1);
    expect(answers.filter((a) => a.ok)).toHaveLength(5);
    // The name's case does not matter.
    expect((await throttle.attempt('ALICE', '10.0.1.1', check)).ok).toBe(false);
  });

  it("clears a name's count when it signs in, not the address's: spraying names stops after five", async () => {
    const throttle = new SignInThrottle(db);
    const fail = async () => undefined;
    const pass = async () => 'signed in';
    for (let i = 0; i < 4; i++)
      expect((await throttle.attempt(`nobody${i}`, '10.0.0.1', fail)).ok).toBe(true);
    // An account of the guesser's own, signed in to from the same address.
    expect(await throttle.attempt('mallory', '10.0.0.1', pass)).toEqual({ ok: true, value: 'signed in' });
    expect((await throttle.attempt('nobody4', '10.0.0.1', fail)).ok).toBe(true);
    expect((await throttle.attempt('nobody5', '10.0.0.1', fail)).ok).toBe(false);
    expect((await throttle.attempt('mallory', '10.0.0.1', pass)).ok).toBe(false);

    // The name's count is cleared: five more guesses for it (from elsewhere), then refused.
    for (let i = 0; i < 4; i++) expect((await throttle.attempt('alice', `10.0.1.${i}`, fail)).ok).toBe(true);
    expect((await throttle.attempt('alice', '10.0.2.1', pass)).ok).toBe(true);
    for (let i = 0; i < 5; i++) expect((await throttle.attempt('alice', `10.0.3.${i}`, fail)).ok).toBe(true);
    expect((await throttle.attempt('alice', '10.0.4.1', pass)).ok).toBe(false);
  });

  it('lets an address sign in more than five times: a success takes back its own attempt', async () => {
    const throttle = new SignInThrottle(db);
    // A team behind one address (an office's NAT, a proxy) signs in all morning.
    for (let i = 0; i < 8; i++)
      expect((await throttle.attempt(`user${i}`, '10.0.0.1', async () => 'signed in')).ok).toBe(true);
  });
});
