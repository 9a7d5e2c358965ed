/**
 * Money on the BFF's store, written once for both engines (bff/server/store/engine.ts): holds placed
 * under the locks of the spend rows they are checked against, and the ledger's lines written with
 * the holds they end and the spend they add to, each in one transaction, so that any number of
 * instances never hold the same credits twice (docs/decisions/0019-holds-and-a-durable-ledger.md).
 * Rows are locked in one order everywhere (./spend.ts): users' days, then the team's month. On
 * PostgreSQL `FOR UPDATE` locks them. On SQLite one process owns the store: its holds are kept in
 * memory (./held.ts), checked and added in one synchronous step, and the lines are written and
 * their holds ended in another (docs/decisions/0029-holds-in-memory-on-sqlite.md).
 */
import { credits } from '../../contract/pricing';
import { type Engine, placeholders, type SyncSql, type Tx } from '../store/engine';
import type { Hold, HoldLimits, HoldOutcome, LedgerRow } from '../store/store';
import { HeldInMemory } from './held';
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
const ADD_SPEND =
  'UPDATE spend SET spent = ROUND(CAST(spent + ? AS NUMERIC), 4) WHERE scope = ? AND period = ?';
/** The same, answering the row's new figure. */
const ADD_SPEND_RETURNING = `${ADD_SPEND} RETURNING spent`;
const SPENT = 'SELECT spent FROM spend WHERE scope = ? AND period = ?';

/** The statement that makes the spend row of `key` from the ledger when it is missing. */
function makeSpend(key: SpendKey): [string, unknown[]] {
  const team = key.scope === TEAM_SCOPE;
  const [from, to] = team ? monthDays(key.period) : [];
  return [
    `INSERT INTO spend (scope, period, spent)
     SELECT CAST(? AS TEXT), CAST(? AS TEXT), (SELECT ${ROUNDED_SUM} FROM ledger WHERE ${team ? 'day >= ? AND day < ?' : 'user_id = ? AND day = ?'})
     WHERE NOT EXISTS (SELECT 1 FROM spend WHERE scope = ? AND period = ?)
     ON CONFLICT (scope, period) DO NOTHING`,
    [key.scope, key.period, ...(team ? [from, to] : [key.userId ?? '', key.period]), key.scope, key.period],
  ];
}

type Written = { credits_consumed: number; user_id: string; day: string };

/** One line; left out when its `line_id` is written already. */
const INSERT_LINE = `INSERT INTO ledger (user_id, day, at, method, endpoint, status, credits_consumed, cache, duration_ms, line_id)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (line_id) DO NOTHING`;
function lineValues(r: LedgerRow): unknown[] {
  const { userId, day, at, method, endpoint, status, creditsConsumed, cache, durationMs } = r;
  return [userId, day, at, method, endpoint, status, creditsConsumed, cache, durationMs, r.lineId ?? null];
}

/** What the lines actually written (`RETURNING`) add to each spend row. */
function addedBy(written: readonly Written[]): Map<string, number> {
  const added = new Map<string, number>();
  for (const w of written)
    if (w.credits_consumed !== 0)
      addSpend(added, { userId: w.user_id, day: w.day, creditsConsumed: w.credits_consumed } as LedgerRow);
  return added;
}

/** The holds a batch ends: those its lines settle, and those released without a line. */
function endedBy(rows: readonly LedgerRow[], released: readonly string[]): string[] {
  return [...rows.flatMap((r) => (r.holdId !== undefined ? [r.holdId] : [])), ...released];
}

export class Money {
  /** Spend rows known to exist: they are never deleted, so one seen once is not looked for again. */
  private readonly known = new Set<string>();
  private lastHoldPrune = 0;
  /** The holds of a store one process owns, shared by its stores on one file; else undefined (rows). */
  private readonly held: HeldInMemory | undefined;
  /**
   * On a local engine, the settled spend of each row as this process last read or wrote it, shared
   * by its stores on one file: every write of `spend` on that file is theirs (settle), and answers
   * the row's new figure, so a hold reads no row (0029). Figures enter only once committed.
   */
  private readonly settled: Map<string, number> | undefined;

  constructor(private readonly e: Engine) {
    this.held = e.local?.shared('held', () => new HeldInMemory());
    this.settled = e.local?.shared('settled', () => new Map<string, number>());
  }

  private remember(touched: Touched): void {
    if (this.known.size > 10_000) this.known.clear();
    for (const id of touched) this.known.add(id);
  }

  /** Runs `fn` in one transaction; the spend rows it reached are known once it has committed. */
  private async begin<T>(fn: (tx: Tx, touched: Touched) => Promise<T>, durable = false): Promise<T> {
    const touched: Touched = [];
    const result = await this.e.transaction((tx) => fn(tx, touched), { durable });
    this.remember(touched);
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
    await tx.run(...makeSpend(key));
  }

  /** ensureSpend at once, on a local engine. */
  private ensureNow(sql: SyncSql, touched: Touched, key: SpendKey): void {
    const id = spendKeyId(key);
    touched.push(id);
    if (!this.known.has(id)) sql.run(...makeSpend(key));
  }

  /**
   * The settled spend of `key`, its row made first when missing: at once, on a local engine, outside
   * any transaction (what it reads is committed).
   */
  private spentNow(sql: SyncSql, touched: Touched, key: SpendKey): number {
    const id = spendKeyId(key);
    const known = this.settled?.get(id);
    if (known !== undefined) return known;
    this.ensureNow(sql, touched, key);
    const { spent } = sql.get<{ spent: number }>(SPENT, [key.scope, key.period])!;
    if (this.settled && this.settled.size > 10_000) this.settled.clear();
    this.settled?.set(id, spent);
    return spent;
  }

  /** The spend row of `key`, locked until the transaction ends. */
  private async lockSpend(tx: Tx, touched: Touched, key: SpendKey): Promise<number> {
    await this.ensureSpend(tx, touched, key);
    const row = await tx.get<{ spent: number }>(`${SPENT}${this.e.dialect.forUpdate}`, [
      key.scope,
      key.period,
    ]);
    return row!.spent;
  }

  /** BffStore.insertLedger: the lines, the holds they end and those released, the spend they add. */
  async settle(rows: readonly LedgerRow[], released: readonly string[]): Promise<void> {
    if (rows.length === 0 && released.length === 0) return;
    const ending = endedBy(rows, released);
    const keys = spendKeysOf(rows);
    const { local } = this.e;
    if (local && this.held) {
      const held = this.held;
      // One synchronous step: the lines committed, then their holds ended, nothing between (a hold
      // checked meanwhile would count a call twice, or not at all). A failed write ends no hold.
      await local.exclusive((sql) => {
        if (rows.length > 0) {
          const touched: Touched = [];
          const figures: [string, number][] = [];
          local.transactionSync(() => {
            // The spend rows made before the lines go in: a row made after would count them twice.
            for (const key of keys) this.ensureNow(sql, touched, key);
            // A line a statement, prepared once: for the few lines of a batch cheaper than one JSON
            // parameter read back by json_each. `changes` tells a line written from one already there.
            const written: Written[] = [];
            for (const r of rows)
              if (sql.run(INSERT_LINE, lineValues(r)).changes === 1)
                written.push({ credits_consumed: r.creditsConsumed, user_id: r.userId, day: r.day });
            const added = addedBy(written);
            for (const key of keys) {
              const amount = added.get(spendKeyId(key));
              if (amount === undefined) continue;
              const row = sql.get<{ spent: number }>(ADD_SPEND_RETURNING, [amount, key.scope, key.period]);
              figures.push([spendKeyId(key), row!.spent]);
            }
          });
          this.remember(touched);
          for (const [id, spent] of figures) this.settled?.set(id, spent);
        }
        held.end(ending);
      });
      return;
    }
    // Answered calls wait for this commit: it waits for the disk too.
    await this.begin(async (tx, touched) => {
      // The spend rows made before the lines go in: a row made after would count them twice.
      for (const key of keys) await this.ensureSpend(tx, touched, key);
      if (rows.length > 0) {
        const written = await tx.all<Written>(this.insertLines(), [JSON.stringify(rows)]);
        const added = addedBy(written);
        for (const key of keys) {
          const amount = added.get(spendKeyId(key));
          if (amount !== undefined) await tx.run(ADD_SPEND, [amount, key.scope, key.period]);
        }
      }
      for (let i = 0; i < ending.length; i += IDS_PER_STATEMENT) {
        const ids = ending.slice(i, i + IDS_PER_STATEMENT);
        await tx.run(`DELETE FROM holds WHERE id IN (${placeholders(ids.length)})`, ids);
      }
    }, true);
  }

  /**
   * The lines of a batch, bound as one JSON parameter; a line already written (its `line_id`) is
   * left out. `WHERE true`: SQLite reads the ON CONFLICT of an INSERT ... SELECT only after a WHERE.
   */
  private insertLines(): string {
    return `INSERT INTO ledger (user_id, day, at, method, endpoint, status, credits_consumed, cache, duration_ms, line_id)
      SELECT "userId", day, at, method, endpoint, status, "creditsConsumed", cache, "durationMs", "lineId"
      FROM ${this.e.dialect.jsonRows(LINE_COLUMNS)} WHERE true
      ON CONFLICT (line_id) DO NOTHING
      RETURNING credits_consumed, user_id, day`;
  }

  /**
   * On a local engine: the hold checked against the settled spend and the holds in memory, and
   * added, in one synchronous step (nothing else runs between the check and the hold).
   */
  private placeNow(
    sql: SyncSql,
    held: HeldInMemory,
    hold: Hold,
    limits: HoldLimits,
    now: string,
  ): HoldOutcome {
    const t = Date.parse(now);
    const user = userSpendKey(hold.userId, hold.day);
    const team: SpendKey = { scope: TEAM_SCOPE, period: hold.day.slice(0, 7) };
    const touched: Touched = [];
    try {
      for (const [key, limit, name] of [
        [user, limits.budget, 'daily'],
        [team, limits.cap, 'team'],
      ] as const) {
        if (limit === null) continue;
        const spent = this.spentNow(sql, touched, key);
        const inFlight = held.heldOf(spendKeyId(key), t);
        if (!fits(spent, inFlight, hold.amount, limit))
          return { ok: false, limit: name, of: limit, spent: credits(spent), held: credits(inFlight) };
      }
    } finally {
      // Each row was made, if at all, by a statement of its own: committed already.
      this.remember(touched);
    }
    held.add(hold, [spendKeyId(user), spendKeyId(team)], t);
    return { ok: true };
  }

  /** BffStore.placeHold: at once (no promise) on a local engine when no transaction is open. */
  placeHold(hold: Hold, limits: HoldLimits, now: string): HoldOutcome | Promise<HoldOutcome> {
    const { local } = this.e;
    const held = this.held;
    if (local && held) return local.exclusive((sql) => this.placeNow(sql, held, hold, limits, now));
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
  async settledSpend(userId: string, day: string): Promise<{ day: number; month: number }> {
    const user = userSpendKey(userId, day);
    const team = { scope: TEAM_SCOPE, period: day.slice(0, 7) };
    const { local } = this.e;
    if (local)
      return local.exclusive((sql) => {
        const touched: Touched = [];
        try {
          return {
            day: credits(this.spentNow(sql, touched, user)),
            month: credits(this.spentNow(sql, touched, team)),
          };
        } finally {
          this.remember(touched);
        }
      });
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
