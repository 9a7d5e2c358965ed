/**
 * Sessions of team mode: a random id in an HttpOnly cookie; the store keeps only its SHA-256 hash,
 * so a copy of the database signs nobody in.
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

const SESSION_USER = `SELECT u.id, u.name, u.daily_budget AS dailyBudget FROM sessions s
  JOIN users u ON u.id = s.user_id WHERE s.id_hash = ? AND s.expires_at > ?`;

/** The signed-in user of a session id, with the user's own daily budget (one query per request). */
export function sessionUser(db: BffDb, id: string, now = new Date()): BffUser | undefined {
  if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return undefined;
  return prepared(db, SESSION_USER).get(hashId(id), now.toISOString()) as BffUser | undefined;
}

export function deleteSession(db: BffDb, id: string): void {
  db.prepare('DELETE FROM sessions WHERE id_hash = ?').run(hashId(id));
}
