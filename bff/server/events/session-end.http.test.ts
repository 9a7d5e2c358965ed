/**
 * Team mode: a live event stream belongs to its session and ends when the session ends (sign-out, a
 * password reset, the user disabled, `user:add --replace`, expiry, a change made by another process),
 * receiving no event after that; a new role or budget leaves it open. Real HTTP, a real store (both
 * engines), the BFF's own clock moved forward for the expiry.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { openEvents, type SseClient } from '../../testing/sse-client';
import { reopenTestStore, testStore } from '../../testing/test-store';
import { addUser } from '../auth/users';
import type { BffStore } from '../store/store';
import { embeddedUpstream } from '../upstream/upstream';

const PASSWORD = 'a long enough secret';
const NAMES = ['ada', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal'] as const;
type Name = (typeof NAMES)[number];
const TTL_MS = 3600_000;

let service: Service;
let dir: string;
let db: BffStore;
/** Re-reads sessions rarely (a minute): what ends a stream here is the message its ending sends. */
let bff: RunningBff;
/** Re-reads sessions every 50 ms: expiry, and a change no message of this process tells of. */
let quick: RunningBff;
/** The BFFs' clock runs this far ahead of the machine's. */
let ahead = 0;
const ids = new Map<Name, string>();

beforeAll(async () => {
  service = await startEmbedded(50, { seed: 3 });
  dir = mkdtempSync(path.join(tmpdir(), 'bff-session-end-'));
  // A file on SQLite, so that a second store (another process) can open the same state.
  db = await testStore({ file: path.join(dir, 'bff.sqlite') });
  for (const name of NAMES) {
    const { user } = await addUser(db, {
      name,
      password: PASSWORD,
      dailyBudget: null,
      ...(name === 'ada' ? { role: 'admin' as const } : {}),
    });
    ids.set(name, user.id);
  }
  const start = (sessionRecheckMs: number) =>
    startBff({
      upstream: embeddedUpstream(service),
      mode: 'team',
      store: db,
      sessionTtlMs: TTL_MS,
      now: () => new Date(Date.now() + ahead),
      extras: { webhookSecret: undefined, heartbeatMs: 60_000, sessionRecheckMs },
    });
  bff = await start(60_000);
  quick = await start(50);
});

afterAll(async () => {
  await quick?.close();
  await bff?.close();
  await db?.close();
  service?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function signIn(name: Name, on = bff): Promise<string> {
  const res = await on.post('/bff/session', { username: name, password: PASSWORD });
  expect(res.status, `sign-in of ${name}`).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

const open = (cookie: string, on = bff) => openEvents(on.url, { cookie, origin: on.url });

/** A usage event for the user, published through the store as the hub does after a paid call. */
function publish(name: Name): Promise<void> {
  return db.publish({
    kind: 'event',
    userId: ids.get(name)!,
    type: 'usage.changed',
    data: { endpoint: '/api/v1/news', credits_consumed: 1 },
  });
}

/**
 * What the stream does next: an event, its end, or neither within `ms` (a stream left open by a
 * missing check answers "open" rather than hanging the test).
 */
async function next(tab: SseClient, ms = 5000): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('open'), ms);
  });
  const read = tab.nextEvent().then(
    (frame) => `event ${frame.event}`,
    (err: Error) => (err.message === 'event stream ended' ? 'ended' : `failed: ${err.message}`),
  );
  try {
    return await Promise.race([read, waited]);
  } finally {
    clearTimeout(timer);
  }
}

let admin: string | undefined;
async function patchUser(name: Name, body: unknown): Promise<void> {
  admin ??= await signIn('ada');
  const res = await bff.call(`/bff/admin/users/${ids.get(name)}`, {
    method: 'PATCH',
    headers: { cookie: admin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('a live event stream ends with its session', () => {
  it('on sign-out: that session’s streams end and get no later event; another session’s go on', async () => {
    const first = await signIn('bob');
    const second = await signIn('bob');
    const [a1, a2, b] = [await open(first), await open(first), await open(second)];
    try {
      const out = await bff.call('/bff/session', { method: 'DELETE', headers: { cookie: first } });
      expect(out.status).toBe(204);
      await publish('bob');
      expect(await next(a1)).toBe('ended');
      expect(await next(a2)).toBe('ended');
      expect(await next(b)).toBe('event usage.changed');
      // The browser's reconnect is refused.
      expect((await bff.call('/bff/events', { headers: { cookie: first } })).status).toBe(401);
    } finally {
      await Promise.all([a1.close(), a2.close(), b.close()]);
    }
  });

  it('when an admin resets the password', async () => {
    const tab = await open(await signIn('cat'));
    try {
      await patchUser('cat', { password: 'a brand new password' });
      await publish('cat');
      expect(await next(tab)).toBe('ended');
    } finally {
      await tab.close();
    }
  });

  it('when an admin disables the user', async () => {
    const tab = await open(await signIn('dan'));
    try {
      await patchUser('dan', { disabled: true });
      await publish('dan');
      expect(await next(tab)).toBe('ended');
    } finally {
      await tab.close();
    }
  });

  it('when `user:add --replace` resets the password', async () => {
    const tab = await open(await signIn('eve'));
    try {
      await addUser(
        db,
        { name: 'eve', password: 'another new password', dailyBudget: null },
        { replace: true },
      );
      await publish('eve');
      expect(await next(tab)).toBe('ended');
    } finally {
      await tab.close();
    }
  });

  it('but not when an admin changes the user’s budget or role', async () => {
    const tab = await open(await signIn('fay'));
    try {
      await patchUser('fay', { daily_budget: 50 });
      await patchUser('fay', { role: 'admin' });
      await publish('fay');
      expect(await next(tab)).toBe('event usage.changed');
    } finally {
      await tab.close();
    }
  });

  it('when another process resets the password (no message reaches this one on SQLite)', async () => {
    const tab = await open(await signIn('gus', quick), quick);
    const other = await reopenTestStore(db);
    try {
      await addUser(
        other,
        { name: 'gus', password: 'another new password', dailyBudget: null },
        { replace: true },
      );
      expect(await next(tab)).toBe('ended');
    } finally {
      await tab.close();
      await other.close();
    }
  });

  it('at its expiry', async () => {
    const cookie = await signIn('hal', quick);
    const tab = await open(cookie, quick);
    try {
      await publish('hal');
      expect(await next(tab)).toBe('event usage.changed');
      ahead = TTL_MS + 1000;
      expect(await next(tab)).toBe('ended');
      expect((await quick.call('/bff/events', { headers: { cookie } })).status).toBe(401);
    } finally {
      ahead = 0;
      await tab.close();
    }
  });
});
