/**
 * Money on the BFF's store, written once for both engines (bff/server/store/engine.ts): holds placed
 * under the locks of the spend rows they are checked against, and the ledger's lines written with
 * the holds they end and the spend they add to, each in one transaction, so that any number of
 * instances never hold the same credits twice (docs/decisions/0019-holds-and-a-durable-ledger.md).
 * Rows are locked in one order everywhere (./spend.ts): users' days, then the team's month. On
 * PostgreSQL `FOR UPDATE` locks them; on SQLite one transaction writes at a time.
 */
import { credits } from '../../contract/pricing';
import { type Engine, placeholders, type Tx } from '../store/engine';
import type { Hold, HoldLimits, HoldOutcome, LedgerRow } from '../store/store';
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

/** The spend rows a transaction made or found: known once it has committed. */
type Touched = string[];

/** How often expired holds are deleted (they are left out of every sum meanwhile). */
const HOLD_PRUNE_MS = 60_000;
/** Ids per `IN (...)` list: well within both engines' limits on parameters. */
const IDS_PER_STATEMENT = 500;
/** A batch of lines as one JSON parameter, read back into rows by the engine. */
const LINE_COLUMNS = [
  ['userId', 'text'],
  ['day', 'text'],
  ['at', 'text'],
  ['method', 'text'],
  ['endpoint', 'text'],
  ['status', 'integer'],
  ['creditsConsumed', 'real'],
  ['cache', 'text'],
  ['durationMs', 'real'],
  ['lineId', 'text'],
] as const;
/** The ledger's sum of a spend row, to four decimals, as it is made. */
const ROUNDED_SUM = 'ROUND(CAST(COALESCE(SUM(credits_consumed), 0) AS NUMERIC), 4)';

export class Money {
  /** Spend rows known to exist: they are never deleted, so one seen once is not looked for again. */
  private readonly known = new Set<string>();
  private lastHoldPrune = 0;

  constructor(private readonly e: Engine) {}

  /** Runs `fn` in one transaction; the spend rows it reached are known once it has committed. */
  private async begin<T>(fn: (tx: Tx, touched: Touched) => Promise<T>, durable = false): Promise<T> {
    const touched: Touched = [];
    const result = await this.e.transaction((tx) => fn(tx, touched), { durable });
    if (this.known.size > 10_000) this.known.clear();
    for (const id of touched) this.known.add(id);
    return result;
  }

  /**
   * Makes the spend row of `key` from the ledger when it is missing (a new day or month, or a store
   * from before migration 7). The ledger's sum is read only then: on every batch it was a scan of the
   * day's or the month's lines.
   */
  private async ensureSpend(tx: Tx, touched: Touched, key: SpendKey): Promise<void> {
    const id = spendKeyId(key);
    touched.push(id);
    if (this.known.has(id)) return;
    const team = key.scope === TEAM_SCOPE;
    const [from, to] = team ? monthDays(key.period) : [];
    await tx.run(
      `INSERT INTO spend (scope, period, spent)
       SELECT CAST(? AS TEXT), CAST(? AS TEXT), (SELECT ${ROUNDED_SUM} FROM ledger WHERE ${team ? 'day >= ? AND day < ?' : 'user_id = ? AND day = ?'})
       WHERE NOT EXISTS (SELECT 1 FROM spend WHERE scope = ? AND period = ?)
       ON CONFLICT (scope, period) DO NOTHING`,
      [key.scope, key.period, ...(team ? [from, to] : [key.userId ?? '', key.period]), key.scope, key.period],
    );
  }

  /** The spend row of `key`, locked until the transaction ends. */
  private async lockSpend(tx: Tx, touched: Touched, key: SpendKey): Promise<number> {
    await this.ensureSpend(tx, touched, key);
    const row = await tx.get<{ spent: number }>(
      `SELECT spent FROM spend WHERE scope = ? AND period = ?${this.e.dialect.forUpdate}`,
      [key.scope, key.period],
    );
    return row!.spent;
  }

  /** BffStore.insertLedger: the lines, the holds they end and those released, the spend they add. */
  async settle(rows: readonly LedgerRow[], released: readonly string[]): Promise<void> {
    if (rows.length === 0 && released.length === 0) return;
    const ending = [...rows.flatMap((r) => (r.holdId !== undefined ? [r.holdId] : [])), ...released];
    const keys = spendKeysOf(rows);
    // Answered calls wait for this commit: it waits for the disk too.
    await this.begin(async (tx, touched) => {
      // The spend rows made before the lines go in: a row made after would count them twice.
      for (const key of keys) await this.ensureSpend(tx, touched, key);
      if (rows.length > 0) {
        // `WHERE true`: SQLite reads the ON CONFLICT of an INSERT ... SELECT only after a WHERE.
        const written = await tx.all<{ credits_consumed: number; user_id: string; day: string }>(
          `INSERT INTO ledger (user_id, day, at, method, endpoint, status, credits_consumed, cache, duration_ms, line_id)
           SELECT "userId", day, at, method, endpoint, status, "creditsConsumed", cache, "durationMs", "lineId"
           FROM ${this.e.dialect.jsonRows(LINE_COLUMNS)} WHERE true
           ON CONFLICT (line_id) DO NOTHING
           RETURNING credits_consumed, user_id, day`,
          [JSON.stringify(rows)],
        );
        const added = new Map<string, number>();
        for (const w of written)
          if (w.credits_consumed !== 0)
            addSpend(added, {
              userId: w.user_id,
              day: w.day,
              creditsConsumed: w.credits_consumed,
            } as LedgerRow);
        for (const key of keys) {
          const amount = added.get(spendKeyId(key));
          if (amount !== undefined)
            await tx.run(
              'UPDATE spend SET spent = ROUND(CAST(spent + ? AS NUMERIC), 4) WHERE scope = ? AND period = ?',
              [amount, key.scope, key.period],
            );
        }
      }
      for (let i = 0; i < ending.length; i += IDS_PER_STATEMENT) {
        const ids = ending.slice(i, i + IDS_PER_STATEMENT);
        await tx.run(`DELETE FROM holds WHERE id IN (${placeholders(ids.length)})`, ids);
      }
    }, true);
  }

  /** BffStore.placeHold. */
  placeHold(hold: Hold, limits: HoldLimits, now: string): Promise<HoldOutcome> {
    const month = hold.day.slice(0, 7);
    const t = Date.parse(now);
    if (t - this.lastHoldPrune > HOLD_PRUNE_MS || t < this.lastHoldPrune) {
      // Holds of calls whose instance died count no more; their rows go now and then.
      this.lastHoldPrune = t;
      void this.e.sql.run('DELETE FROM holds WHERE expires_at <= ?', [now]).catch(() => {});
    }
    return this.begin(async (tx, touched): Promise<HoldOutcome> => {
      if (limits.budget !== null) {
        const spent = await this.lockSpend(tx, touched, userSpendKey(hold.userId, hold.day));
        const { held } = (await tx.get<{ held: number }>(
          'SELECT COALESCE(SUM(amount), 0) AS held FROM holds WHERE user_id = ? AND day = ? AND expires_at > ?',
          [hold.userId, hold.day, now],
        ))!;
        if (!fits(spent, held, hold.amount, limits.budget))
          return { ok: false, limit: 'daily', of: limits.budget, spent: credits(spent), held: credits(held) };
      }
      if (limits.cap !== null) {
        const spent = await this.lockSpend(tx, touched, { scope: TEAM_SCOPE, period: month });
        const { held } = (await tx.get<{ held: number }>(
          'SELECT COALESCE(SUM(amount), 0) AS held FROM holds WHERE month = ? AND expires_at > ?',
          [month, now],
        ))!;
        if (!fits(spent, held, hold.amount, limits.cap))
          return { ok: false, limit: 'team', of: limits.cap, spent: credits(spent), held: credits(held) };
      }
      await tx.run(
        'INSERT INTO holds (id, user_id, day, month, amount, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
        [hold.id, hold.userId, hold.day, month, hold.amount, hold.expiresAt],
      );
      return { ok: true };
    });
  }

  /** BffStore.settledSpend. */
  settledSpend(userId: string, day: string): Promise<{ day: number; month: number }> {
    const user = userSpendKey(userId, day);
    const team = { scope: TEAM_SCOPE, period: day.slice(0, 7) };
    return this.begin(async (tx, touched) => {
      await this.ensureSpend(tx, touched, user);
      await this.ensureSpend(tx, touched, team);
      const rows = await tx.all<{ scope: string; spent: number }>(
        'SELECT scope, spent FROM spend WHERE (scope = ? AND period = ?) OR (scope = ? AND period = ?)',
        [user.scope, user.period, team.scope, team.period],
      );
      const of = (scope: string) => credits(rows.find((r) => r.scope === scope)?.spent ?? 0);
      return { day: of(user.scope), month: of(team.scope) };
    });
  }
}
