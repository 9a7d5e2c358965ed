/**
 * Money on PostgreSQL: holds placed under the locks of the spend rows they are checked against, and
 * the ledger's lines written with the holds they end and the spend they add to, each in one
 * transaction, so that any number of instances never hold the same credits twice
 * (docs/decisions/0019-holds-and-a-durable-ledger.md). Locks are taken in one order everywhere
 * (./spend.ts): users' days, then the team's month.
 */
import type postgres from 'postgres';
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

type Sql = postgres.Sql<Record<string, never>>;
type Tx = postgres.TransactionSql<Record<string, never>>;
/** The spend rows a transaction made or found: known once it has committed. */
type Touched = string[];

/** How often expired holds are deleted (they are left out of every sum meanwhile). */
const HOLD_PRUNE_MS = 60_000;

export class PostgresMoney {
  /** Spend rows known to exist: they are never deleted, so one seen once is not looked for again. */
  private readonly known = new Set<string>();
  private lastHoldPrune = 0;

  constructor(private readonly pg: Sql) {}

  /** Runs `fn` in one transaction; the spend rows it reached are known once it has committed. */
  private async begin<T>(fn: (tx: Tx, touched: Touched) => Promise<T>): Promise<T> {
    const touched: Touched = [];
    const result = (await this.pg.begin((tx) => fn(tx, touched))) as T;
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
    if (key.scope === TEAM_SCOPE) {
      const [from, to] = monthDays(key.period);
      await tx`INSERT INTO spend (scope, period, spent)
        SELECT ${key.scope}, ${key.period},
          (SELECT ROUND(COALESCE(SUM(credits_consumed), 0)::numeric, 4)::float8 FROM ledger
           WHERE day >= ${from} AND day < ${to})
        WHERE NOT EXISTS (SELECT 1 FROM spend WHERE scope = ${key.scope} AND period = ${key.period})
        ON CONFLICT (scope, period) DO NOTHING`;
    } else {
      await tx`INSERT INTO spend (scope, period, spent)
        SELECT ${key.scope}, ${key.period},
          (SELECT ROUND(COALESCE(SUM(credits_consumed), 0)::numeric, 4)::float8 FROM ledger
           WHERE user_id = ${key.userId ?? ''} AND day = ${key.period})
        WHERE NOT EXISTS (SELECT 1 FROM spend WHERE scope = ${key.scope} AND period = ${key.period})
        ON CONFLICT (scope, period) DO NOTHING`;
    }
  }

  /** The spend row of `key`, locked until the transaction ends. */
  private async lockSpend(tx: Tx, touched: Touched, key: SpendKey): Promise<number> {
    await this.ensureSpend(tx, touched, key);
    const [row] = await tx<{ spent: number }[]>`
      SELECT spent FROM spend WHERE scope = ${key.scope} AND period = ${key.period} FOR UPDATE`;
    return row!.spent;
  }

  /** BffStore.insertLedger: the lines, the holds they end and those released, the spend they add. */
  settle(rows: readonly LedgerRow[], released: readonly string[]): Promise<void> {
    if (rows.length === 0 && released.length === 0) return Promise.resolve();
    const ending = [...rows.flatMap((r) => (r.holdId !== undefined ? [r.holdId] : [])), ...released];
    const keys = spendKeysOf(rows);
    return this.begin(async (tx, touched) => {
      // Answered calls wait for this commit: it waits for the disk too (see openPostgres).
      await tx`SET LOCAL synchronous_commit = on`;
      // The spend rows made before the lines go in: a row made after would count them twice.
      for (const key of keys) await this.ensureSpend(tx, touched, key);
      if (rows.length > 0) {
        // The batch as one JSON parameter, read back into rows by the server: binding nine
        // parameters a row in the driver was most of the BFF's own work per call on PostgreSQL.
        const written = await tx<{ credits_consumed: number; user_id: string; day: string }[]>`
          INSERT INTO ledger (user_id, day, at, method, endpoint, status, credits_consumed, cache, duration_ms, line_id)
          SELECT "userId", day, at, method, endpoint, status, "creditsConsumed", cache, "durationMs", "lineId"
          FROM json_to_recordset(${JSON.stringify(rows)}::text::json) AS r(
            "userId" text, day text, at text, method text, endpoint text, status integer,
            "creditsConsumed" double precision, cache text, "durationMs" double precision, "lineId" text)
          ON CONFLICT (line_id) DO NOTHING
          RETURNING credits_consumed, user_id, day`;
        const added = new Map<string, number>();
        for (const w of written) {
          if (w.credits_consumed !== 0)
            addSpend(added, {
              userId: w.user_id,
              day: w.day,
              creditsConsumed: w.credits_consumed,
            } as LedgerRow);
        }
        for (const key of keys) {
          const amount = added.get(spendKeyId(key));
          if (amount !== undefined)
            await tx`UPDATE spend SET spent = ROUND((spent + ${amount}::float8)::numeric, 4)::float8
              WHERE scope = ${key.scope} AND period = ${key.period}`;
        }
      }
      if (ending.length > 0) await tx`DELETE FROM holds WHERE id = ANY(${ending}::text[])`;
    });
  }

  /** BffStore.placeHold. */
  placeHold(hold: Hold, limits: HoldLimits, now: string): Promise<HoldOutcome> {
    const month = hold.day.slice(0, 7);
    const t = Date.parse(now);
    if (t - this.lastHoldPrune > HOLD_PRUNE_MS) {
      // Holds of calls whose instance died count no more; their rows go now and then.
      this.lastHoldPrune = t;
      void this.pg`DELETE FROM holds WHERE expires_at <= ${now}`.catch(() => {});
    }
    return this.begin(async (tx, touched): Promise<HoldOutcome> => {
      if (limits.budget !== null) {
        const spent = await this.lockSpend(tx, touched, userSpendKey(hold.userId, hold.day));
        const [row] = await tx<{ held: number }[]>`
          SELECT COALESCE(SUM(amount), 0)::float8 AS held FROM holds
          WHERE user_id = ${hold.userId} AND day = ${hold.day} AND expires_at > ${now}`;
        const held = row!.held;
        if (!fits(spent, held, hold.amount, limits.budget))
          return { ok: false, limit: 'daily', of: limits.budget, spent: credits(spent), held: credits(held) };
      }
      if (limits.cap !== null) {
        const spent = await this.lockSpend(tx, touched, { scope: TEAM_SCOPE, period: month });
        const [row] = await tx<{ held: number }[]>`
          SELECT COALESCE(SUM(amount), 0)::float8 AS held FROM holds
          WHERE month = ${month} AND expires_at > ${now}`;
        const held = row!.held;
        if (!fits(spent, held, hold.amount, limits.cap))
          return { ok: false, limit: 'team', of: limits.cap, spent: credits(spent), held: credits(held) };
      }
      await tx`INSERT INTO holds (id, user_id, day, month, amount, expires_at)
        VALUES (${hold.id}, ${hold.userId}, ${hold.day}, ${month}, ${hold.amount}, ${hold.expiresAt})`;
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
      const rows = await tx<{ scope: string; spent: number }[]>`
        SELECT scope, spent FROM spend
        WHERE (scope = ${user.scope} AND period = ${user.period}) OR (scope = ${team.scope} AND period = ${team.period})`;
      const of = (scope: string) => credits(rows.find((r) => r.scope === scope)?.spent ?? 0);
      return { day: of(user.scope), month: of(team.scope) };
    });
  }
}
