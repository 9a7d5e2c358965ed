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
const FLUSH_MS = 50;
const FLUSH_ROWS = 256;

export class Ledger {
  /** Today's spend per user, kept beside the table so the budget check costs no query. */
  private readonly spent = new Map<string, { day: string; credits: number }>();
  private readonly insert;
  private readonly sumDay;
  private readonly insertAll;
  private pending: Row[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: BffDb,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.insert = db.prepare(
      `INSERT INTO ledger (user_id, day, at, method, endpoint, status, credits_consumed, cache, duration_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.sumDay = db.prepare(
      'SELECT COALESCE(SUM(credits_consumed), 0) AS credits, COUNT(*) AS calls FROM ledger WHERE user_id = ? AND day = ?',
    );
    this.insertAll = db.transaction((rows: Row[]) => {
      for (const row of rows) this.insert.run(...row);
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

  record(r: LedgerRecord): void {
    const at = this.now().toISOString();
    const day = at.slice(0, 10); // utcDay, from the one ISO string the row needs anyway
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
    const cur = this.spentEntry(r.userId, day);
    cur.credits = credits(cur.credits + r.creditsConsumed);
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
