/**
 * The settled spend the store keeps beside the ledger (table `spend`, migration 7): one row per
 * user and UTC day (`user:<id>`, `YYYY-MM-DD`) and one per team and UTC month (`team`, `YYYY-MM`).
 * ./money-queries.ts adds to them in the transaction that writes the ledger lines, and reads them
 * under the row's lock when it places a hold (docs/decisions/0019-holds-and-a-durable-ledger.md).
 */
import { credits } from '../../contract/pricing';
import type { LedgerRow } from '../store/store';

export const TEAM_SCOPE = 'team';

export type SpendKey = { scope: string; period: string; userId?: string };

export function userSpendKey(userId: string, day: string): SpendKey {
  return { scope: `user:${userId}`, period: day, userId };
}

export function spendKeyId(key: SpendKey): string {
  return `${key.scope}\u0000${key.period}`;
}

/**
 * The spend rows that lines costing something add to, in the order every transaction locks them:
 * users' days by key, then the team's months. Placing a hold locks a user's row before the team's,
 * so two transactions never wait for each other's rows.
 */
export function spendKeysOf(rows: readonly LedgerRow[]): SpendKey[] {
  const users = new Map<string, SpendKey>();
  const months = new Map<string, SpendKey>();
  for (const r of rows) {
    if (r.creditsConsumed === 0) continue;
    const user = userSpendKey(r.userId, r.day);
    users.set(spendKeyId(user), user);
    const month = { scope: TEAM_SCOPE, period: r.day.slice(0, 7) };
    months.set(spendKeyId(month), month);
  }
  const byId = (a: SpendKey, b: SpendKey) => (spendKeyId(a) < spendKeyId(b) ? -1 : 1);
  return [...[...users.values()].sort(byId), ...[...months.values()].sort(byId)];
}

/** Adds a written line's credits to its user's day and its team's month. */
export function addSpend(added: Map<string, number>, r: LedgerRow): void {
  for (const key of [userSpendKey(r.userId, r.day), { scope: TEAM_SCOPE, period: r.day.slice(0, 7) }]) {
    const id = spendKeyId(key);
    added.set(id, credits((added.get(id) ?? 0) + r.creditsConsumed));
  }
}

/** The first day of a month and of the month after (YYYY-MM-DD), for `day >= from AND day < to`. */
export function monthDays(month: string): [string, string] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return [`${month}-01`, `${next}-01`];
}

/**
 * Whether a hold of `amount` fits a limit with `spent` settled and `held` held. Credits have at most
 * four decimals: a sum a float rounding puts a hair over the limit still fits.
 */
export function fits(spent: number, held: number, amount: number, limit: number): boolean {
  return credits(spent + held + amount) <= limit;
}
