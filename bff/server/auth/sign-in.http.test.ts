/**
 * Sign-in guesses over real HTTP, on the project's store: guesses sent at once get five checks, not
 * one each, also through two BFFs on one store; one address cannot go on guessing across names by
 * signing in to an account of its own; a success clears its name's count.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { reopenTestStore, testStore } from '../../testing/test-store';
import { bffDatabaseFile } from '../store/sqlite';
import type { BffStore } from '../store/store';
import { embeddedUpstream } from '../upstream/upstream';
import { addUser } from './users';

const ALICE = { name: 'alice', password: 'correct horse battery' };
const MALLORY = { name: 'mallory', password: 'mallory has an account' };

let service: Service;
let dir: string;
let db: BffStore;
let bff: RunningBff;
beforeAll(async () => {
  service = await startEmbedded(50, { seed: 3 });
  dir = mkdtempSync(path.join(tmpdir(), 'sign-in-http-'));
  db = await testStore({ file: bffDatabaseFile(dir) });
  await addUser(db, { ...ALICE, dailyBudget: null });
  await addUser(db, { ...MALLORY, dailyBudget: null });
  bff = await startBff({ upstream: embeddedUpstream(service), mode: 'team', store: db });
});
afterAll(async () => {
  await bff.close();
  await db.close();
  service.close();
  rmSync(dir, { recursive: true, force: true });
});
// The counts live in the store: each test starts without any.
afterEach(async () => {
  await db.sql.run('DELETE FROM sign_in_attempts');
});

const signIn = async (target: RunningBff, username: string, password: string) => {
  const res = await target.post('/bff/session', { username, password });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
};

/** A sign-in from `address` (the app's client address is the socket's). */
const signInFrom = async (address: string, username: string, password: string) =>
  (
    await bff.bff.fetch(
      new Request(`${bff.url}/bff/session`, {
        method: 'POST',
        headers: { origin: bff.url, 'x-requested-with': 'list-builder', 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      }),
      { incoming: { socket: { remoteAddress: address, remotePort: 50000, remoteFamily: 'IPv4' } } },
    )
  ).status;

/** Forty guesses for alice at once, the right password last, spread over `targets`. */
const guessAtOnce = (targets: RunningBff[]) =>
  Promise.all(
    Array.from({ length: 40 }, (_, n) =>
      signIn(targets[n % targets.length]!, ALICE.name, n === 39 ? ALICE.password : `wrong guess ${n}`),
    ),
  );

describe('sign-in guesses', () => {
  it('checks five of forty guesses sent at once; the right one among the rest does not sign in', async () => {
    const answers = await guessAtOnce([bff]);
    // Checked: a 401 (or a 200, were the right guess among the first five to arrive).
    expect(answers.filter((a) => a.status === 401 || a.status === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(35);
    expect(refused[0]!.body).toMatchObject({
      status: 429,
      detail: 'Too many failed sign-ins; wait before trying again.',
    });
    expect(Number(refused[0]!.retryAfter)).toBeGreaterThan(0);
    // Sent last: it came after the five checks were taken.
    expect(answers[39]!.status).toBe(429);
    expect((await signIn(bff, ALICE.name, ALICE.password)).status).toBe(429);
  });

  it('checks five of forty guesses sent at once through two BFFs on one store', async () => {
    const again = await reopenTestStore(db);
    const second = await startBff({ upstream: embeddedUpstream(service), mode: 'team', store: again });
    try {
      const answers = await guessAtOnce([bff, second]);
      expect(answers.filter((a) => a.status === 401 || a.status === 200)).toHaveLength(5);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(35);
      expect((await signIn(second, ALICE.name, ALICE.password)).status).toBe(429);
    } finally {
      await second.close();
      await again.close();
    }
  });

  it('stops one address guessing across names after five, though it signs in to its own account', async () => {
    for (let i = 0; i < 4; i++) expect(await signInFrom('10.0.0.1', `nobody${i}`, 'a guess')).toBe(401);
    expect(await signInFrom('10.0.0.1', MALLORY.name, MALLORY.password)).toBe(200);
    expect(await signInFrom('10.0.0.1', 'nobody4', 'a guess')).toBe(401);
    expect(await signInFrom('10.0.0.1', 'nobody5', 'a guess')).toBe(429);
    expect(await signInFrom('10.0.0.1', ALICE.name, ALICE.password)).toBe(429);
    // Another address is not held back by it.
    expect(await signInFrom('10.0.0.2', ALICE.name, ALICE.password)).toBe(200);
  });

  it("clears the name's count when it signs in", async () => {
    for (let i = 0; i < 4; i++) expect(await signInFrom(`10.0.1.${i}`, ALICE.name, 'a guess')).toBe(401);
    expect(await signInFrom('10.0.2.1', ALICE.name, ALICE.password)).toBe(200);
    // Its own attempt went too: four failures and a success counted would leave room for none.
    expect(await signInFrom('10.0.3.1', ALICE.name, 'a guess')).toBe(401);
  });

  it('counts guesses for a name nobody has as for a real one', async () => {
    for (let i = 0; i < 5; i++)
      expect(await signInFrom(`10.0.5.${i}`, i % 2 ? 'nobody' : 'NOBODY', 'a guess')).toBe(401);
    expect(await signInFrom('10.0.6.1', 'Nobody', 'a guess')).toBe(429);
  });

  it('behind a trusted proxy, counts the address the proxy forwarded, not the proxy’s own', async () => {
    const behind = await startBff({
      upstream: embeddedUpstream(service),
      mode: 'team',
      store: db,
      trustProxy: true,
    });
    try {
      const from = (forwarded: string, username: string, password: string) =>
        behind
          .post('/bff/session', { username, password }, { headers: { 'x-forwarded-for': forwarded } })
          .then((r) => r.status);
      // The client may write any entries first; the proxy appends the address it saw last.
      for (let i = 0; i < 5; i++) expect(await from(`1.2.3.4, 192.0.2.7`, `nobody${i}`, 'a guess')).toBe(401);
      expect(await from('1.2.3.4, 192.0.2.7', 'nobody5', 'a guess')).toBe(429);
      // Another client behind the same proxy (the same socket address) is not locked out.
      expect(await from('192.0.2.7, 192.0.2.8', MALLORY.name, MALLORY.password)).toBe(200);
    } finally {
      await behind.close();
    }
  });
});
