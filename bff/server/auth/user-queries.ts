/**
 * Accounts on the BFF's store, written once for both engines (bff/server/store/engine.ts). Names
 * ignore case: compared as `lower(name)` (SQLite's column is also NOCASE; PostgreSQL has a unique
 * index on `lower(name)`). Each change and its audit entries are one transaction.
 */
import type { Role } from '../../contract/admin';
import { insertAudit } from '../admin/team-queries';
import { type Engine, isUniqueViolation } from '../store/engine';
import type { BffStore, CreateUserResult, StoredUser, UpdateResult } from '../store/store';

type UserRow = Omit<StoredUser, 'disabled'> & { disabled: number };
const toStored = (r: UserRow | undefined): StoredUser | undefined =>
  r && { ...r, disabled: r.disabled === 1 };

const USER_BY = 'SELECT id, name, password_hash AS hash, salt, daily_budget, role, disabled FROM users WHERE';
/** Serialises changes that must leave an enabled admin (several admins changed at once). */
const ADMINS_LOCK = 0x6c626164;

export async function findUserByName(e: Engine, name: string): Promise<StoredUser | undefined> {
  return toStored(await e.sql.get<UserRow>(`${USER_BY} lower(name) = lower(?)`, [name]));
}

export async function findUserById(e: Engine, id: string): Promise<StoredUser | undefined> {
  return toStored(await e.sql.get<UserRow>(`${USER_BY} id = ?`, [id]));
}

export async function createUser(
  e: Engine,
  ...[user, actor, at]: Parameters<BffStore['createUser']>
): Promise<CreateUserResult> {
  try {
    return await e.transaction(
      async (tx): Promise<CreateUserResult> => {
        const taken = await tx.get<{ name: string }>('SELECT name FROM users WHERE lower(name) = lower(?)', [
          user.name,
        ]);
        if (taken) return { kind: 'exists', name: taken.name };
        await tx.run(
          `INSERT INTO users (id, name, password_hash, salt, daily_budget, created_at, role, disabled)
           VALUES (?, ?, ?, ?, ?, ?, ?, 0)`,
          [user.id, user.name, user.hash, user.salt, user.dailyBudget, at.toISOString(), user.role],
        );
        await insertAudit(tx, actor, at, 'user.created', user.name, {
          role: user.role,
          daily_budget: user.dailyBudget,
        });
        return { kind: 'created' };
      },
      { durable: true },
    );
  } catch (err) {
    // The same name added at the same moment through another instance.
    if (!isUniqueViolation(err)) throw err;
    const other = await findUserByName(e, user.name);
    return { kind: 'exists', name: other?.name ?? user.name };
  }
}

type Current = { name: string; role: Role; disabled: number; daily_budget: number | null };

export function updateUser(
  e: Engine,
  ...[id, changes, actor, at]: Parameters<BffStore['updateUser']>
): Promise<UpdateResult> {
  return e.transaction(
    async (tx): Promise<UpdateResult> => {
      await tx.lock(ADMINS_LOCK);
      const cur = await tx.get<Current>(
        `SELECT name, role, disabled, daily_budget FROM users WHERE id = ?${e.dialect.forUpdate}`,
        [id],
      );
      if (!cur) return { kind: 'not_found' };
      const wasEnabledAdmin = cur.role === 'admin' && cur.disabled === 0;
      const staysEnabledAdmin =
        (changes.role ?? cur.role) === 'admin' && !(changes.disabled ?? cur.disabled === 1);
      if (wasEnabledAdmin && !staysEnabledAdmin) {
        const others = await tx.get<{ n: number }>(
          "SELECT COUNT(*) AS n FROM users WHERE role = 'admin' AND disabled = 0 AND id <> ?",
          [id],
        );
        if (others!.n === 0) return { kind: 'last_admin' };
      }
      let endSessions = false;
      let refreshSessions = false;
      if (changes.role !== undefined && changes.role !== cur.role) {
        await tx.run('UPDATE users SET role = ? WHERE id = ?', [changes.role, id]);
        await insertAudit(tx, actor, at, 'user.role_changed', cur.name, { from: cur.role, to: changes.role });
        refreshSessions = true;
      }
      if (changes.dailyBudget !== undefined && changes.dailyBudget !== cur.daily_budget) {
        await tx.run('UPDATE users SET daily_budget = ? WHERE id = ?', [changes.dailyBudget, id]);
        await insertAudit(tx, actor, at, 'user.budget_changed', cur.name, {
          from: cur.daily_budget,
          to: changes.dailyBudget,
        });
        refreshSessions = true;
      }
      if (changes.password !== undefined) {
        await tx.run('UPDATE users SET password_hash = ?, salt = ? WHERE id = ?', [
          changes.password.hash,
          changes.password.salt,
          id,
        ]);
        await insertAudit(tx, actor, at, 'user.password_reset', cur.name);
        endSessions = true;
      }
      if (changes.disabled !== undefined && changes.disabled !== (cur.disabled === 1)) {
        await tx.run('UPDATE users SET disabled = ? WHERE id = ?', [changes.disabled ? 1 : 0, id]);
        await insertAudit(tx, actor, at, changes.disabled ? 'user.disabled' : 'user.enabled', cur.name);
        if (changes.disabled) endSessions = true;
      }
      if (endSessions) await tx.run('DELETE FROM sessions WHERE user_id = ?', [id]);
      return { kind: 'updated', endSessions, refreshSessions };
    },
    { durable: true },
  );
}
