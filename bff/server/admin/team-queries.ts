/**
 * The team's queries on the BFF's store, written once for both engines (bff/server/store/engine.ts):
 * the accounts as admins see them, the team's monthly cap, and the audit log.
 */
import type { AdminUser, AuditDetails, AuditEntry, Role } from '../../contract/admin';
import { credits } from '../../contract/pricing';
import type { Engine } from '../store/engine';
import type { Actor, BffStore, PortableSql } from '../store/store';

type AdminRow = {
  id: string;
  name: string;
  role: Role;
  disabled: number;
  daily_budget: number | null;
  spent_today: number;
};

const toAdminUser = (r: AdminRow): AdminUser => ({
  id: r.id,
  name: r.name,
  role: r.role,
  disabled: r.disabled === 1,
  daily_budget: r.daily_budget,
  spent_today: credits(r.spent_today),
});

const ADMIN_COLUMNS = `u.id, u.name, u.role, u.disabled, u.daily_budget,
  COALESCE((SELECT SUM(l.credits_consumed) FROM ledger l WHERE l.user_id = u.id AND l.day = ?), 0) AS spent_today`;

/** Writes one audit entry on `sql` (a transaction's, for a change and its entry as one). */
export async function insertAudit(
  sql: PortableSql,
  actor: Actor,
  at: Date,
  action: string,
  target: string,
  details: AuditDetails = {},
): Promise<void> {
  await sql.run(
    'INSERT INTO audit (at, actor_id, actor_name, action, target, details) VALUES (?, ?, ?, ?, ?, ?)',
    [at.toISOString(), actor.id, actor.name, action, target, JSON.stringify(details)],
  );
}

/** Every account by name (case ignored, as names are unique), with what it spent on `day`. */
export async function listUsers(e: Engine, day: string): Promise<AdminUser[]> {
  const rows = await e.sql.all<AdminRow>(`SELECT ${ADMIN_COLUMNS} FROM users u ORDER BY lower(u.name)`, [
    day,
  ]);
  return rows.map(toAdminUser);
}

export async function getUser(e: Engine, id: string, day: string): Promise<AdminUser | undefined> {
  const row = await e.sql.get<AdminRow>(`SELECT ${ADMIN_COLUMNS} FROM users u WHERE u.id = ?`, [day, id]);
  return row && toAdminUser(row);
}

export async function monthlyCap(e: Engine): Promise<number | null> {
  const row = await e.sql.get<{ monthly_cap: number | null }>(
    'SELECT monthly_cap FROM team_settings WHERE id = 1',
  );
  return row?.monthly_cap ?? null;
}

export async function setMonthlyCap(e: Engine, ...[cap, actor, at]: Parameters<BffStore['setMonthlyCap']>) {
  await e.transaction(
    async (tx) => {
      const row = await tx.get<{ monthly_cap: number | null }>(
        `SELECT monthly_cap FROM team_settings WHERE id = 1${e.dialect.forUpdate}`,
      );
      const from = row?.monthly_cap ?? null;
      if (row && from === cap) return;
      await tx.run(
        `INSERT INTO team_settings (id, monthly_cap, updated_at) VALUES (1, ?, ?)
         ON CONFLICT (id) DO UPDATE SET monthly_cap = excluded.monthly_cap, updated_at = excluded.updated_at`,
        [cap, at.toISOString()],
      );
      if (from !== cap) await insertAudit(tx, actor, at, 'team.cap_changed', 'team', { from, to: cap });
    },
    { durable: true },
  );
}

export async function auditEntries(e: Engine, limit: number): Promise<AuditEntry[]> {
  const rows = await e.sql.all<Omit<AuditEntry, 'details'> & { details: string }>(
    'SELECT at, actor_name AS actor, action, target, details FROM audit ORDER BY id DESC LIMIT ?',
    [limit],
  );
  return rows.map((r) => ({ ...r, details: JSON.parse(r.details) as AuditDetails }));
}
