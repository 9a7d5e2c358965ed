/**
 * Rows as both engines read them, mapped to the store's records: one place for the mapping the
 * SQLite and PostgreSQL stores share (booleans are 0/1 integers on both, credits rounded alike).
 */
import type { AdminUser, Role } from '../../contract/admin';
import { credits } from '../../contract/pricing';
import type { StoredUser } from './store';

export type UserRow = Omit<StoredUser, 'disabled'> & { disabled: number };
export const toStored = (r: UserRow | undefined): StoredUser | undefined =>
  r && { ...r, disabled: r.disabled === 1 };

export type AdminRow = {
  id: string;
  name: string;
  role: Role;
  disabled: number;
  daily_budget: number | null;
  spent_today: number;
};
export const toAdminUser = (r: AdminRow): AdminUser => ({
  id: r.id,
  name: r.name,
  role: r.role,
  disabled: r.disabled === 1,
  daily_budget: r.daily_budget,
  spent_today: credits(r.spent_today),
});
