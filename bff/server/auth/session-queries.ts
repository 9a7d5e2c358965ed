/**
 * Sessions on the BFF's store, written once for both engines (bff/server/store/engine.ts). A
 * session's id is stored as its SHA-256 hash; its user is read with it on every request.
 */
import type { Engine } from '../store/engine';
import type { SessionRow } from '../store/store';

const SESSION_USER = `SELECT u.id, u.name, u.daily_budget AS "dailyBudget", u.role, s.expires_at AS "expiresAt"
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id_hash = ? AND s.expires_at > ? AND u.disabled = 0`;

/** Adds a session, and deletes those expired by its start. */
export async function createSession(
  e: Engine,
  s: { idHash: string; userId: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await e.sql.run('DELETE FROM sessions WHERE expires_at <= ?', [s.createdAt]);
  await e.sql.run('INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)', [
    s.idHash,
    s.userId,
    s.createdAt,
    s.expiresAt,
  ]);
}

export function sessionUser(e: Engine, idHash: string, now: string): Promise<SessionRow | undefined> {
  return e.sql.get<SessionRow>(SESSION_USER, [idHash, now]);
}

export async function deleteSession(e: Engine, idHash: string): Promise<void> {
  await e.sql.run('DELETE FROM sessions WHERE id_hash = ?', [idHash]);
}

export async function deleteSessionsOf(e: Engine, userId: string): Promise<void> {
  await e.sql.run('DELETE FROM sessions WHERE user_id = ?', [userId]);
}
