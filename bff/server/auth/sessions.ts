/**
 * Sessions of team mode: a random id in an HttpOnly cookie; the store keeps only its SHA-256 hash,
 * so a copy of the database signs nobody in.
 *
 * A session found in the store is remembered for at most RECHECK_MS, so a busy tab costs one
 * lookup per second rather than one per request (the lookup was the largest part of the BFF's work
 * per proxied call after the upstream exchange). Ending sessions (sign-out, a user disabled or their
 * password reset) forgets them at once in every instance: the store tells each (on PostgreSQL a
 * NOTIFY, bff/server/store/postgres.ts). A change made without it (the `user:add` CLI) is seen within
 * RECHECK_MS; a session never outlives its expiry.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { BffUser } from '../context';
import type { BffStore } from '../store/store';

export const SESSION_COOKIE = 'lb_session';
/** Under HTTPS the cookie takes the `__Host-` prefix: Secure, host-only, path /. */
export const SECURE_SESSION_COOKIE = '__Host-lb_session';

export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

export async function createSession(
  store: BffStore,
  userId: string,
  ttlMs: number,
  now = new Date(),
): Promise<{ id: string; expires: Date }> {
  const id = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + ttlMs);
  await store.createSession({
    idHash: hashSessionId(id),
    userId,
    createdAt: now.toISOString(),
    expiresAt: expires.toISOString(),
  });
  return { id, expires };
}

/** How long a session found in the store is taken on trust. */
export const RECHECK_MS = 1000;
const MAX_REMEMBERED = 10_000;

type Remembered = { user: BffUser; idHash: string; expiresAt: number; checkedAt: number };
const rememberedByStore = new WeakMap<BffStore, Map<string, Remembered>>();

function remembered(store: BffStore): Map<string, Remembered> {
  let m = rememberedByStore.get(store);
  if (!m) {
    const seen = new Map<string, Remembered>();
    m = seen;
    rememberedByStore.set(store, seen);
    // Sessions another instance (or this one) ended or changed are forgotten here too.
    store.onMessage((message) => {
      if (message.kind !== 'sessions') return;
      for (const [id, r] of seen)
        if (r.idHash === message.idHash || (message.userId !== undefined && r.user.id === message.userId))
          seen.delete(id);
    });
  }
  return m;
}

/**
 * The signed-in user of a session id, with the user's own daily budget. Answers without a promise
 * when the session was read less than RECHECK_MS ago.
 */
export function sessionUser(
  store: BffStore,
  id: string,
  now = new Date(),
): BffUser | undefined | Promise<BffUser | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return undefined;
  const t = now.getTime();
  const seen = remembered(store);
  const hit = seen.get(id);
  if (hit && t >= hit.checkedAt && t - hit.checkedAt < RECHECK_MS && t < hit.expiresAt) return hit.user;
  return lookUp(store, seen, id, hit, now);
}

async function lookUp(
  store: BffStore,
  seen: Map<string, Remembered>,
  id: string,
  hit: Remembered | undefined,
  now: Date,
): Promise<BffUser | undefined> {
  const idHash = hashSessionId(id);
  const row = await store.sessionUser(idHash, now.toISOString());
  if (!row) {
    seen.delete(id);
    return undefined;
  }
  const { expiresAt, ...user } = row;
  // Oldest first out: a Map iterates in insertion order.
  if (!hit && seen.size >= MAX_REMEMBERED) seen.delete(seen.keys().next().value as string);
  seen.set(id, { user, idHash, expiresAt: Date.parse(expiresAt), checkedAt: now.getTime() });
  return user;
}

/** Ends one session (sign-out), in the store and in what every instance remembers. */
export async function deleteSession(store: BffStore, id: string): Promise<void> {
  const idHash = hashSessionId(id);
  await store.deleteSession(idHash);
  remembered(store).delete(id);
  await store.publish({ kind: 'sessions', idHash, ended: true });
}

/**
 * Forgets what every instance remembers of a user's sessions, so the next request reads the user
 * again (a new role or budget applies at once rather than within RECHECK_MS; sessions the store
 * deleted end at once). `ended`: the store deleted them (their live event streams end at once too).
 */
export async function forgetSessionsOf(
  store: BffStore,
  userId: string,
  opts: { ended?: boolean } = {},
): Promise<void> {
  const seen = remembered(store);
  for (const [id, r] of seen) if (r.user.id === userId) seen.delete(id);
  await store.publish({ kind: 'sessions', userId, ...(opts.ended ? { ended: true as const } : {}) });
}

/** Ends every session of a user (a password reset, the user disabled) on every instance. */
export async function deleteSessionsOf(store: BffStore, userId: string): Promise<void> {
  await store.deleteSessionsOf(userId);
  await forgetSessionsOf(store, userId, { ended: true });
}
