/**
 * Reads of the credit ledger on the BFF's store, written once for both engines
 * (bff/server/store/engine.ts). Lines are written with the holds and spend they settle, in
 * ./money-queries.ts.
 */
import type { LedgerEntry } from '../../contract/bff';
import { credits } from '../../contract/pricing';
import type { Engine } from '../store/engine';
import type { LedgerCsvRow, SpendRow } from '../store/store';

export async function spentOn(
  e: Engine,
  userId: string,
  day: string,
): Promise<{ credits: number; calls: number }> {
  const row = await e.sql.get<{ credits: number; calls: number }>(
    'SELECT COALESCE(SUM(credits_consumed), 0) AS credits, COUNT(*) AS calls FROM ledger WHERE user_id = ? AND day = ?',
    [userId, day],
  );
  return { credits: credits(row!.credits), calls: row!.calls };
}

export function recentLedger(e: Engine, userId: string, limit: number): Promise<LedgerEntry[]> {
  return e.sql.all<LedgerEntry>(
    `SELECT at, method, endpoint, status, credits_consumed, cache FROM ledger
     WHERE user_id = ? ORDER BY id DESC LIMIT ?`,
    [userId, limit],
  );
}

export async function teamSpendSince(e: Engine, fromDay: string): Promise<number> {
  const row = await e.sql.get<{ credits: number }>(
    'SELECT COALESCE(SUM(credits_consumed), 0) AS credits FROM ledger WHERE day >= ?',
    [fromDay],
  );
  return credits(row!.credits);
}

export function spendRows(e: Engine, fromDay: string, toDay: string): Promise<SpendRow[]> {
  return e.sql.all<SpendRow>(
    `SELECT l.day, l.user_id, u.name, l.endpoint, SUM(l.credits_consumed) AS credits
     FROM ledger l LEFT JOIN users u ON u.id = l.user_id
     WHERE l.day >= ? AND l.day <= ?
     GROUP BY l.day, l.user_id, u.name, l.endpoint`,
    [fromDay, toDay],
  );
}

export async function lastLedgerId(e: Engine): Promise<number> {
  return (await e.sql.get<{ last: number }>('SELECT COALESCE(MAX(id), 0) AS last FROM ledger'))!.last;
}

export function ledgerPage(e: Engine, after: number, last: number, limit: number): Promise<LedgerCsvRow[]> {
  return e.sql.all<LedgerCsvRow>(
    `SELECT l.id, l.at, l.day, l.user_id, u.name, l.method, l.endpoint, l.status, l.credits_consumed,
            l.cache, l.duration_ms
     FROM ledger l LEFT JOIN users u ON u.id = l.user_id
     WHERE l.id > ? AND l.id <= ? ORDER BY l.id LIMIT ?`,
    [after, last, limit],
  );
}
