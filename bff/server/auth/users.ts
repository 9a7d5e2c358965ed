/**
 * Team accounts in the BFF's store (team mode): name, scrypt password hash, daily credit budget.
 */
import { randomUUID } from 'node:crypto';
import type { BffUser } from '../context';
import { type BffDb, prepared } from '../store/db';
import { hashPassword, type PasswordHash } from './passwords';
import { deleteSessionsOf } from './sessions';

export type StoredUser = BffUser & PasswordHash & { daily_budget: number | null };

export const USER_NAME_MAX = 100;
export const PASSWORD_MIN = 10;

export function validateNewUser(name: string, password: string): string[] {
  const problems: string[] = [];
  if (!/^[\p{L}\p{N}._@-]{1,100}$/u.test(name)) {
    problems.push(`the user name must be 1 to ${USER_NAME_MAX} letters, digits or . _ @ -`);
  }
  if (password.length < PASSWORD_MIN)
    problems.push(`the password must have at least ${PASSWORD_MIN} characters`);
  if (password.length > 1000) problems.push('the password must have at most 1000 characters');
  return problems;
}

export function findUserByName(db: BffDb, name: string): StoredUser | undefined {
  return db
    .prepare('SELECT id, name, password_hash AS hash, salt, daily_budget FROM users WHERE name = ?')
    .get(name) as StoredUser | undefined;
}

export function findUserById(db: BffDb, id: string): StoredUser | undefined {
  return prepared(
    db,
    'SELECT id, name, password_hash AS hash, salt, daily_budget FROM users WHERE id = ?',
  ).get(id) as StoredUser | undefined;
}

export type AddUserInput = { name: string; password: string; dailyBudget: number | null };

/** Adds a user, or with `replace` sets an existing user's password and budget (sessions end). */
export async function addUser(
  db: BffDb,
  input: AddUserInput,
  opts: { replace?: boolean } = {},
): Promise<{ user: BffUser; created: boolean }> {
  const problems = validateNewUser(input.name, input.password);
  if (problems.length > 0) throw new Error(problems.join('; '));
  const { hash, salt } = await hashPassword(input.password);
  const existing = findUserByName(db, input.name);
  if (existing) {
    if (!opts.replace)
      throw new Error(`a user named "${existing.name}" exists already (use --replace to reset it)`);
    db.transaction(() => {
      db.prepare('UPDATE users SET password_hash = ?, salt = ?, daily_budget = ? WHERE id = ?').run(
        hash,
        salt,
        input.dailyBudget,
        existing.id,
      );
      deleteSessionsOf(db, existing.id);
    })();
    return { user: { id: existing.id, name: existing.name }, created: false };
  }
  const id = randomUUID();
  db.prepare(
    'INSERT INTO users (id, name, password_hash, salt, daily_budget, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(id, input.name, hash, salt, input.dailyBudget, new Date().toISOString());
  return { user: { id, name: input.name }, created: true };
}
