/**
 * Every query of roles and the team's administration: users as an admin sees them, the team's
 * monthly cap, the audit log, and the ledger read by day for the spend dashboard and the CSV.
 *
 * Each function is async although better-sqlite3 answers at once, so that a store on a server
 * (PostgreSQL) can take their place with the same calls. A change and its audit entries are written
 * in one transaction: an admin action is never without its entry, nor an entry without its action.
 * The schema is in `../store/db.ts` (its "Roles and administration" part).
 */
import type { AdminUser, AuditAction, AuditDetails, AuditEntry, Role } from '../../contract/admin';
import { credits } from '../../contract/pricing';
import type { PasswordHash } from '../auth/passwords';
import { type BffDb, prepared } from '../store/db';

/** Who acted: an admin (by id and name as they were then), or the command line. */
export type Actor = { id: string; name: string };

type UserRow = {
  id: string;
  name: string;
  role: Role;
  disabled: number;
  daily_budget: number | null;
  spent_today: number;
};

const USER_COLUMNS = `u.id, u.name, u.role, u.disabled, u.daily_budget,
  COALESCE((SELECT SUM(l.credits_consumed) FROM ledger l WHERE l.user_id = u.id AND l.day = ?), 0) AS spent_today`;

function toAdminUser(r: UserRow): AdminUser {
  return {
    id: r.id,
    name: r.name,
    role: r.role,
    disabled: r.disabled === 1,
    daily_budget: r.daily_budget,
    spent_today: credits(r.spent_today),
  };
}

function insertAudit(
  db: BffDb,
  actor: Actor,
  at: Date,
  action: AuditAction,
  target: string,
  details: AuditDetails = {},
): void {
  prepared(
    db,
    'INSERT INTO audit (at, actor_id, actor_name, action, target, details) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(at.toISOString(), actor.id, actor.name, action, target, JSON.stringify(details));
}

// ---------------------------------------------------------------------------------------------
// Users

/** Every account, by name, with what it spent on `day` (UTC, YYYY-MM-DD). */
export async function listUsers(db: BffDb, day: string): Promise<AdminUser[]> {
  const rows = prepared(db, `SELECT ${USER_COLUMNS} FROM users u ORDER BY u.name COLLATE NOCASE`).all(
    day,
  ) as UserRow[];
  return rows.map(toAdminUser);
}

export async function getUser(db: BffDb, id: string, day: string): Promise<AdminUser | undefined> {
  const row = prepared(db, `SELECT ${USER_COLUMNS} FROM users u WHERE u.id = ?`).get(day, id) as
    | UserRow
    | undefined;
  return row && toAdminUser(row);
}

export type NewUserRow = {
  id: string;
  name: string;
  hash: string;
  salt: string;
  role: Role;
  dailyBudget: number | null;
};

/** Adds an account and its audit entry; `exists` when the name is taken (names ignore case). */
export async function createUser(
  db: BffDb,
  user: NewUserRow,
  actor: Actor,
  at: Date,
): Promise<{ kind: 'created' } | { kind: 'exists'; name: string }> {
  return db.transaction(() => {
    const taken = prepared(db, 'SELECT name FROM users WHERE name = ?').get(user.name) as
      | { name: string }
      | undefined;
    if (taken) return { kind: 'exists' as const, name: taken.name };
    prepared(
      db,
      `INSERT INTO users (id, name, password_hash, salt, daily_budget, created_at, role, disabled)
       VALUES (?, ?, ?, ?, ?, ?, ?, 0)`,
    ).run(user.id, user.name, user.hash, user.salt, user.dailyBudget, at.toISOString(), user.role);
    insertAudit(db, actor, at, 'user.created', user.name, {
      role: user.role,
      daily_budget: user.dailyBudget,
    });
    return { kind: 'created' as const };
  })();
}

export type UserChanges = {
  role?: Role;
  disabled?: boolean;
  dailyBudget?: number | null;
  password?: PasswordHash;
};

export type UpdateResult =
  | {
      kind: 'updated';
      /** The user's sessions must end (disabled, or a new password). */
      endSessions: boolean;
      /** Something the user's sessions carry changed (role, budget): they must be read again. */
      refreshSessions: boolean;
    }
  | { kind: 'not_found' }
  /** The change would leave no enabled admin. */
  | { kind: 'last_admin' };

/**
 * Changes an account, writing one audit entry per change that changes something. Refused when it
 * would demote or disable the last enabled admin: the team would have nobody to run it.
 */
export async function updateUser(
  db: BffDb,
  id: string,
  changes: UserChanges,
  actor: Actor,
  at: Date,
): Promise<UpdateResult> {
  return db.transaction((): UpdateResult => {
    const cur = prepared(db, 'SELECT name, role, disabled, daily_budget FROM users WHERE id = ?').get(id) as
      | { name: string; role: Role; disabled: number; daily_budget: number | null }
      | undefined;
    if (!cur) return { kind: 'not_found' };
    const wasEnabledAdmin = cur.role === 'admin' && cur.disabled === 0;
    const staysEnabledAdmin =
      (changes.role ?? cur.role) === 'admin' && !(changes.disabled ?? cur.disabled === 1);
    if (wasEnabledAdmin && !staysEnabledAdmin) {
      const others = prepared(
        db,
        "SELECT COUNT(*) AS n FROM users WHERE role = 'admin' AND disabled = 0 AND id <> ?",
      ).get(id) as { n: number };
      if (others.n === 0) return { kind: 'last_admin' };
    }

    let endSessions = false;
    let refreshSessions = false;
    if (changes.role !== undefined && changes.role !== cur.role) {
      prepared(db, 'UPDATE users SET role = ? WHERE id = ?').run(changes.role, id);
      insertAudit(db, actor, at, 'user.role_changed', cur.name, { from: cur.role, to: changes.role });
      refreshSessions = true;
    }
    if (changes.dailyBudget !== undefined && changes.dailyBudget !== cur.daily_budget) {
      prepared(db, 'UPDATE users SET daily_budget = ? WHERE id = ?').run(changes.dailyBudget, id);
      insertAudit(db, actor, at, 'user.budget_changed', cur.name, {
        from: cur.daily_budget,
        to: changes.dailyBudget,
      });
      refreshSessions = true;
    }
    if (changes.password !== undefined) {
      prepared(db, 'UPDATE users SET password_hash = ?, salt = ? WHERE id = ?').run(
        changes.password.hash,
        changes.password.salt,
        id,
      );
      insertAudit(db, actor, at, 'user.password_reset', cur.name);
      endSessions = true;
    }
    if (changes.disabled !== undefined && changes.disabled !== (cur.disabled === 1)) {
      prepared(db, 'UPDATE users SET disabled = ? WHERE id = ?').run(changes.disabled ? 1 : 0, id);
      insertAudit(db, actor, at, changes.disabled ? 'user.disabled' : 'user.enabled', cur.name);
      if (changes.disabled) endSessions = true;
    }
    return { kind: 'updated', endSessions, refreshSessions };
  })();
}

// ---------------------------------------------------------------------------------------------
// The team

export async function monthlyCap(db: BffDb): Promise<number | null> {
  const row = prepared(db, 'SELECT monthly_cap FROM team_settings WHERE id = 1').get() as
    | { monthly_cap: number | null }
    | undefined;
  return row?.monthly_cap ?? null;
}

/** Sets the team's monthly cap (null: none), with its audit entry when it changes. */
export async function setMonthlyCap(db: BffDb, cap: number | null, actor: Actor, at: Date): Promise<void> {
  db.transaction(() => {
    const row = prepared(db, 'SELECT monthly_cap FROM team_settings WHERE id = 1').get() as
      | { monthly_cap: number | null }
      | undefined;
    const from = row?.monthly_cap ?? null;
    if (row && from === cap) return;
    prepared(
      db,
      `INSERT INTO team_settings (id, monthly_cap, updated_at) VALUES (1, ?, ?)
       ON CONFLICT (id) DO UPDATE SET monthly_cap = excluded.monthly_cap, updated_at = excluded.updated_at`,
    ).run(cap, at.toISOString());
    if (from !== cap) insertAudit(db, actor, at, 'team.cap_changed', 'team', { from, to: cap });
  })();
}

/** Credits the whole team spent from `fromDay` (UTC, YYYY-MM-DD) on; flush the ledger first. */
export async function teamSpendSince(db: BffDb, fromDay: string): Promise<number> {
  const row = prepared(
    db,
    'SELECT COALESCE(SUM(credits_consumed), 0) AS credits FROM ledger WHERE day >= ?',
  ).get(fromDay) as { credits: number };
  return credits(row.credits);
}

// ---------------------------------------------------------------------------------------------
// The audit log

export async function recordAudit(
  db: BffDb,
  actor: Actor,
  at: Date,
  action: AuditAction,
  target: string,
  details: AuditDetails = {},
): Promise<void> {
  insertAudit(db, actor, at, action, target, details);
}

/** The latest `limit` entries, newest first. */
export async function auditEntries(db: BffDb, limit: number): Promise<AuditEntry[]> {
  const rows = prepared(
    db,
    'SELECT at, actor_name AS actor, action, target, details FROM audit ORDER BY id DESC LIMIT ?',
  ).all(limit) as (Omit<AuditEntry, 'details'> & { details: string })[];
  return rows.map((r) => ({ ...r, details: JSON.parse(r.details) as AuditDetails }));
}

// ---------------------------------------------------------------------------------------------
// The ledger, read for the dashboard and for finance (flush the ledger first)

/** Credits by day, user and endpoint from `fromDay` to `toDay` (UTC days, both included). */
export type SpendRow = {
  day: string;
  user_id: string;
  /** The account's name; null for the BFF's own users (local mode's user, the BFF itself). */
  name: string | null;
  endpoint: string;
  credits: number;
};

export async function spendRows(db: BffDb, fromDay: string, toDay: string): Promise<SpendRow[]> {
  return prepared(
    db,
    `SELECT l.day, l.user_id, u.name, l.endpoint, SUM(l.credits_consumed) AS credits
     FROM ledger l LEFT JOIN users u ON u.id = l.user_id
     WHERE l.day >= ? AND l.day <= ?
     GROUP BY l.day, l.user_id, l.endpoint`,
  ).all(fromDay, toDay) as SpendRow[];
}

export type LedgerCsvRow = {
  id: number;
  at: string;
  day: string;
  user_id: string;
  name: string | null;
  method: string;
  endpoint: string;
  status: number;
  credits_consumed: number;
  cache: string;
  duration_ms: number;
};

/**
 * Every ledger entry there is now, oldest first, in pages of `pageSize`. Paged by id rather than
 * one open cursor: the store stays usable between pages while a large file is sent, and entries
 * written meanwhile are left for the next download.
 */
export async function* ledgerEntries(db: BffDb, pageSize = 1000): AsyncGenerator<LedgerCsvRow[]> {
  const { last } = prepared(db, 'SELECT COALESCE(MAX(id), 0) AS last FROM ledger').get() as { last: number };
  let after = 0;
  while (after < last) {
    const page = prepared(
      db,
      `SELECT l.id, l.at, l.day, l.user_id, u.name, l.method, l.endpoint, l.status, l.credits_consumed,
              l.cache, l.duration_ms
       FROM ledger l LEFT JOIN users u ON u.id = l.user_id
       WHERE l.id > ? AND l.id <= ? ORDER BY l.id LIMIT ?`,
    ).all(after, last, pageSize) as LedgerCsvRow[];
    if (page.length === 0) return;
    yield page;
    after = page[page.length - 1]!.id;
  }
}
