/**
 * The credit ledger: every upstream call the BFF makes for a user (and every cache hit, at 0
 * credits), with what it cost. It answers "how much has this user spent today" for the daily
 * budget, and `GET /bff/usage`.
 */

import type { LedgerEntry, UsageResponse } from '../../contract/bff';
import { credits } from '../../contract/pricing';
import type { BffUser } from '../context';
import type { BffDb } from '../store/db';

export type LedgerRecord = {
  userId: string;
  method: string;
  endpoint: string;
  status: number;
  creditsConsumed: number;
  cache: LedgerEntry['cache'];
  durationMs: number;
};

/** UTC day, YYYY-MM-DD: budgets renew at midnight UTC. */
export function utcDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

type Row = [string, string, string, string, string, number, number, string, number];

/**
 * Records are written in batches (one transaction per FLUSH_MS or FLUSH_ROWS), not one commit per
 * call: under load a commit per call made the ledger the BFF's largest cost. The budget check reads
 * the in-memory total, which is exact; a crash loses at most the last batch's lines.
 */
export const FLUSH_MS = 50;
export const FLUSH_ROWS = 256;
/** Rows per INSERT statement in a flush: one statement per row cost a third more per row. */
const ROWS_PER_INSERT = 32;
const COLUMNS = '(user_id, day, at, method, endpoint, status, credits_consumed, cache, duration_ms)';
const ROW_PLACEHOLDERS = '(?, ?, ?, ?, ?, ?, ?, ?, ?)';

export class Ledger {
  /** Today's spend per user, kept beside the table so the budget check costs no query. */
  private readonly spent = new Map<string, { day: string; credits: number }>();
  private readonly insert;
  private readonly insertMany;
  private readonly sumDay;
  private readonly insertAll;
  private pending: Row[] = [];
  private readonly listeners: ((creditsConsumed: number, day: string) => void)[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: BffDb,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.insert = db.prepare(`INSERT INTO ledger ${COLUMNS} VALUES ${ROW_PLACEHOLDERS}`);
    this.insertMany = db.prepare(
      `INSERT INTO ledger ${COLUMNS} VALUES ${Array(ROWS_PER_INSERT).fill(ROW_PLACEHOLDERS).join(', ')}`,
    );
    this.sumDay = db.prepare(
      'SELECT COALESCE(SUM(credits_consumed), 0) AS credits, COUNT(*) AS calls FROM ledger WHERE user_id = ? AND day = ?',
    );
    this.insertAll = db.transaction((rows: Row[]) => {
      let i = 0;
      for (; i + ROWS_PER_INSERT <= rows.length; i += ROWS_PER_INSERT) {
        this.insertMany.run(rows.slice(i, i + ROWS_PER_INSERT).flat());
      }
      for (; i < rows.length; i++) this.insert.run(...rows[i]!);
    });
  }

  /** Writes the pending records now (before reading the table, and on close). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0 || !this.db.open) return;
    const rows = this.pending;
    this.pending = [];
    this.insertAll(rows);
  }

  /**
   * Calls `listener` with every record's credits and UTC day as it is recorded (before it is
   * written): the team's monthly total (bff/server/admin/team-cap.ts) is kept up to date this way.
   */
  onRecord(listener: (creditsConsumed: number, day: string) => void): void {
    this.listeners.push(listener);
  }

  record(r: LedgerRecord): void {
    const at = this.now().toISOString();
    const day = at.slice(0, 10); // utcDay, from the one ISO string the row needs anyway
    // Today's total before this record joins the pending rows: reading it from the table first
    // writes them, and this record would then be counted twice.
    const cur = this.spentEntry(r.userId, day);
    cur.credits = credits(cur.credits + r.creditsConsumed);
    for (const listener of this.listeners) listener(r.creditsConsumed, day);
    this.pending.push([
      r.userId,
      day,
      at,
      r.method,
      r.endpoint,
      r.status,
      r.creditsConsumed,
      r.cache,
      Math.round(r.durationMs * 1000) / 1000,
    ]);
    if (this.pending.length >= FLUSH_ROWS) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  spentToday(userId: string): number {
    return this.spentEntry(userId, utcDay(this.now())).credits;
  }

  usage(user: BffUser, budget: number | null, recentCount = 20): UsageResponse {
    this.flush();
    const day = utcDay(this.now());
    const totals = this.sumDay.get(user.id, day) as { credits: number; calls: number };
    const recent = this.db
      .prepare(
        `SELECT at, method, endpoint, status, credits_consumed, cache FROM ledger
         WHERE user_id = ? ORDER BY id DESC LIMIT ?`,
      )
      .all(user.id, recentCount) as LedgerEntry[];
    const spent = credits(totals.credits);
    return {
      user: { id: user.id, name: user.name },
      day,
      spent_today: spent,
      calls_today: totals.calls,
      budget,
      remaining: budget === null ? null : Math.max(0, credits(budget - spent)),
      recent,
    };
  }

  private spentEntry(userId: string, day: string): { day: string; credits: number } {
    let cur = this.spent.get(userId);
    if (!cur || cur.day !== day) {
      this.flush();
      const row = this.sumDay.get(userId, day) as { credits: number };
      cur = { day, credits: credits(row.credits) };
      this.spent.set(userId, cur);
    }
    return cur;
  }
}
