/**
 * Sessions of team mode: a random id in an HttpOnly cookie; the store keeps only its SHA-256 hash,
 * so a copy of the database signs nobody in.
 *
 * A session found in the store is remembered for at most RECHECK_MS, so a busy tab costs one
 * lookup per second rather than one per request (the lookup was the largest part of the BFF's work
 * per proxied call after the upstream exchange). Ending sessions in this process (sign-out, a
 * user's password reset) forgets them at once; a change another process makes to the store (the
 * `user:add` CLI) is seen within RECHECK_MS; a session never outlives its expiry.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { BffUser } from '../context';
import { type BffDb, prepared } from '../store/db';

export const SESSION_COOKIE = 'lb_session';
/** Under HTTPS the cookie takes the `__Host-` prefix: Secure, host-only, path /. */
export const SECURE_SESSION_COOKIE = '__Host-lb_session';

function hashId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

export function createSession(
  db: BffDb,
  userId: string,
  ttlMs: number,
  now = new Date(),
): { id: string; expires: Date } {
  const id = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + ttlMs);
  db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(now.toISOString());
  db.prepare('INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(
    hashId(id),
    userId,
    now.toISOString(),
    expires.toISOString(),
  );
  return { id, expires };
}

// A disabled user's sessions are deleted when they are disabled; the condition also holds against a
// process that remembered one, and against a store another process changed.
const SESSION_USER = `SELECT u.id, u.name, u.daily_budget AS dailyBudget, u.role, s.expires_at AS expiresAt
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id_hash = ? AND s.expires_at > ? AND u.disabled = 0`;

/** How long a session found in the store is taken on trust. */
export const RECHECK_MS = 1000;
const MAX_REMEMBERED = 10_000;

type Remembered = { user: BffUser; expiresAt: number; checkedAt: number };
const rememberedByDb = new WeakMap<BffDb, Map<string, Remembered>>();

function remembered(db: BffDb): Map<string, Remembered> {
  let m = rememberedByDb.get(db);
  if (!m) {
    m = new Map();
    rememberedByDb.set(db, m);
  }
  return m;
}

/** The signed-in user of a session id, with the user's own daily budget. */
export function sessionUser(db: BffDb, id: string, now = new Date()): BffUser | undefined {
  if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return undefined;
  const t = now.getTime();
  const seen = remembered(db);
  const hit = seen.get(id);
  if (hit && t >= hit.checkedAt && t - hit.checkedAt < RECHECK_MS && t < hit.expiresAt) return hit.user;
  const row = prepared(db, SESSION_USER).get(hashId(id), now.toISOString()) as
    | (BffUser & { expiresAt: string })
    | undefined;
  if (!row) {
    seen.delete(id);
    return undefined;
  }
  const { expiresAt, ...user } = row;
  // Oldest first out: a Map iterates in insertion order.
  if (!hit && seen.size >= MAX_REMEMBERED) seen.delete(seen.keys().next().value as string);
  seen.set(id, { user, expiresAt: Date.parse(expiresAt), checkedAt: t });
  return user;
}

export function deleteSession(db: BffDb, id: string): void {
  remembered(db).delete(id);
  db.prepare('DELETE FROM sessions WHERE id_hash = ?').run(hashId(id));
}

/**
 * Forgets what this process remembers of a user's sessions, so the next request reads the user
 * again (a new role or budget applies at once rather than within RECHECK_MS).
 */
export function forgetSessionsOf(db: BffDb, userId: string): void {
  const seen = remembered(db);
  for (const [id, r] of seen) if (r.user.id === userId) seen.delete(id);
}

/**
 * Ends every session of a user (a password reset, the user disabled): the store's rows, and what
 * this process remembers.
 */
export function deleteSessionsOf(db: BffDb, userId: string): void {
  forgetSessionsOf(db, userId);
  db.prepare('DELETE FROM sessions WHERE user_id = ?').run(userId);
}
