/**
 * Money on SQLite: holds placed under one transaction with the spend they are checked against, and
 * the ledger's lines written with the holds they end and the spend they add to
 * (docs/decisions/0019-holds-and-a-durable-ledger.md). One process owns the file, so each step is one
 * synchronous better-sqlite3 transaction; ./sqlite.ts makes sure no other caller's is open.
 */
import type Database from 'better-sqlite3';
import { credits } from '../../contract/pricing';
import {
  addSpend,
  fits,
  monthDays,
  type SpendKey,
  spendKeyId,
  spendKeysOf,
  TEAM_SCOPE,
  userSpendKey,
} from './spend';
import type { Hold, HoldLimits, HoldOutcome, LedgerRow } from './store';

/** How often expired holds are deleted (every sum skips them meanwhile). */
const HOLD_PRUNE_MS = 60_000;
const INSERT_LINE = `INSERT INTO ledger
  (user_id, day, at, method, endpoint, status, credits_consumed, cache, duration_ms, line_id)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (line_id) DO NOTHING RETURNING credits_consumed`;

export class SqliteMoney {
  /** Spend rows known to exist: they are never deleted, so one seen once is not looked for again. */
  private readonly known = new Set<string>();
  /** The spend rows the transaction running now made or found: known once it commits. */
  private touched: string[] = [];
  private lastHoldPrune = 0;

  constructor(
    private readonly db: Database.Database,
    private readonly prepared: (sql: string) => Database.Statement,
  ) {}

  /** Runs `fn` in one transaction; the spend rows it reached are known once it has committed. */
  private transaction<T>(fn: () => T): T {
    this.touched = [];
    const result = this.db.transaction(fn)();
    if (this.known.size > 10_000) this.known.clear();
    for (const id of this.touched) this.known.add(id);
    return result;
  }

  /**
   * Makes the spend row of `key` from the ledger when it is missing (a new day or month, or a store
   * from before migration 7). The ledger's sum is read only then: on every batch it was a scan of the
   * day's or the month's lines.
   */
  private ensureSpend(key: SpendKey): void {
    const id = spendKeyId(key);
    this.touched.push(id);
    if (this.known.has(id)) return;
    if (key.scope === TEAM_SCOPE) {
      const [from, to] = monthDays(key.period);
      this.prepared(
        `INSERT INTO spend (scope, period, spent)
         SELECT ?, ?, (SELECT ROUND(COALESCE(SUM(credits_consumed), 0), 4) FROM ledger WHERE day >= ? AND day < ?)
         WHERE NOT EXISTS (SELECT 1 FROM spend WHERE scope = ? AND period = ?)
         ON CONFLICT (scope, period) DO NOTHING`,
      ).run(key.scope, key.period, from, to, key.scope, key.period);
    } else {
      this.prepared(
        `INSERT INTO spend (scope, period, spent)
         SELECT ?, ?, (SELECT ROUND(COALESCE(SUM(credits_consumed), 0), 4) FROM ledger WHERE user_id = ? AND day = ?)
         WHERE NOT EXISTS (SELECT 1 FROM spend WHERE scope = ? AND period = ?)
         ON CONFLICT (scope, period) DO NOTHING`,
      ).run(key.scope, key.period, key.userId, key.period, key.scope, key.period);
    }
  }

  private spentOf(key: SpendKey): number {
    this.ensureSpend(key);
    return (
      this.prepared('SELECT spent FROM spend WHERE scope = ? AND period = ?').get(key.scope, key.period) as {
        spent: number;
      }
    ).spent;
  }

  /** BffStore.insertLedger: the lines, the holds they end and those released, the spend they add. */
  settle(rows: readonly LedgerRow[], released: readonly string[]): void {
    this.transaction(() => {
      // The spend rows made before the lines go in: a row made after would count them twice.
      const keys = spendKeysOf(rows);
      for (const key of keys) this.ensureSpend(key);
      const insert = this.prepared(INSERT_LINE);
      const added = new Map<string, number>();
      for (const r of rows) {
        const written = insert.get(
          r.userId,
          r.day,
          r.at,
          r.method,
          r.endpoint,
          r.status,
          r.creditsConsumed,
          r.cache,
          r.durationMs,
          r.lineId ?? null,
        );
        if (written !== undefined && r.creditsConsumed !== 0) addSpend(added, r);
      }
      for (const key of keys) {
        const amount = added.get(spendKeyId(key));
        if (amount !== undefined)
          this.prepared('UPDATE spend SET spent = ROUND(spent + ?, 4) WHERE scope = ? AND period = ?').run(
            amount,
            key.scope,
            key.period,
          );
      }
      const end = this.prepared('DELETE FROM holds WHERE id = ?');
      for (const r of rows) if (r.holdId !== undefined) end.run(r.holdId);
      for (const id of released) end.run(id);
    });
  }

  /** BffStore.placeHold. */
  placeHold(hold: Hold, limits: HoldLimits, now: string): HoldOutcome {
    return this.transaction((): HoldOutcome => {
      const t = Date.parse(now);
      if (t - this.lastHoldPrune > HOLD_PRUNE_MS || t < this.lastHoldPrune) {
        // Holds of calls whose instance died count no more (the sums below skip them); their rows go
        // now and then.
        this.lastHoldPrune = t;
        this.prepared('DELETE FROM holds WHERE expires_at <= ?').run(now);
      }
      const month = hold.day.slice(0, 7);
      if (limits.budget !== null) {
        const spent = this.spentOf(userSpendKey(hold.userId, hold.day));
        const { held } = this.prepared(
          'SELECT COALESCE(SUM(amount), 0) AS held FROM holds WHERE user_id = ? AND day = ? AND expires_at > ?',
        ).get(hold.userId, hold.day, now) as { held: number };
        if (!fits(spent, held, hold.amount, limits.budget))
          return { ok: false, limit: 'daily', of: limits.budget, spent: credits(spent), held: credits(held) };
      }
      if (limits.cap !== null) {
        const spent = this.spentOf({ scope: TEAM_SCOPE, period: month });
        const { held } = this.prepared(
          'SELECT COALESCE(SUM(amount), 0) AS held FROM holds WHERE month = ? AND expires_at > ?',
        ).get(month, now) as { held: number };
        if (!fits(spent, held, hold.amount, limits.cap))
          return { ok: false, limit: 'team', of: limits.cap, spent: credits(spent), held: credits(held) };
      }
      this.prepared(
        'INSERT INTO holds (id, user_id, day, month, amount, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(hold.id, hold.userId, hold.day, month, hold.amount, hold.expiresAt);
      return { ok: true };
    });
  }

  /** BffStore.settledSpend. */
  settledSpend(userId: string, day: string): { day: number; month: number } {
    return this.transaction(() => ({
      day: credits(this.spentOf(userSpendKey(userId, day))),
      month: credits(this.spentOf({ scope: TEAM_SCOPE, period: day.slice(0, 7) })),
    }));
  }
}
