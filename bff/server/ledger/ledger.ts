/**
 * The credit ledger: every upstream call the BFF makes for a user (and every cache hit, at 0
 * credits), with what it cost. It answers `GET /bff/usage`, the Admin page's figures, and feeds the
 * team's monthly total; the daily budget is reserved and settled in the store (./budget.ts).
 */

import type { LedgerEntry, UsageResponse } from '../../contract/bff';
import { credits } from '../../contract/pricing';
import type { BffUser } from '../context';
import type { BffStore, LedgerRow } from '../store/store';

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
  // Asked on every paid call (the budget's day): the day last named, while the time is within it.
  const t = d.getTime();
  if (t >= lastDay.start && t < lastDay.start + DAY_MS) return lastDay.name;
  const name = d.toISOString().slice(0, 10);
  lastDay = { start: t - (((t % DAY_MS) + DAY_MS) % DAY_MS), name };
  return name;
}
const DAY_MS = 86_400_000;
let lastDay = { start: Number.NaN, name: '' };

/**
 * Records are written in batches (one transaction per FLUSH_MS or FLUSH_ROWS), not one commit per
 * call: under load a commit per call made the ledger the BFF's largest cost. Readers flush first;
 * a crash loses at most the last batch's lines.
 */
export const FLUSH_MS = 50;
export const FLUSH_ROWS = 256;

export class Ledger {
  private pending: LedgerRow[] = [];
  private readonly listeners: ((creditsConsumed: number, day: string) => void)[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** The writes started so far, in order: a flush waits for them all. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: BffStore,
    private readonly now: () => Date = () => new Date(),
    private readonly log: (line: string) => void = console.error,
  ) {}

  /** Writes the pending records now; resolves when every record so far is in the store. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length > 0) {
      const rows = this.pending;
      this.pending = [];
      this.writing = this.writing.then(() =>
        this.store.insertLedger(rows).catch((err: Error) => {
          this.log(`[bff] ${rows.length} ledger records could not be written: ${err.message}`);
        }),
      );
    }
    return this.writing;
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
    for (const listener of this.listeners) listener(r.creditsConsumed, day);
    this.pending.push({
      userId: r.userId,
      day,
      at,
      method: r.method,
      endpoint: r.endpoint,
      status: r.status,
      creditsConsumed: r.creditsConsumed,
      cache: r.cache,
      durationMs: Math.round(r.durationMs * 1000) / 1000,
    });
    if (this.pending.length >= FLUSH_ROWS) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /** What the user spent today, every instance's records included (this one's flushed first). */
  async spentToday(userId: string): Promise<number> {
    await this.flush();
    return (await this.store.spentOn(userId, utcDay(this.now()))).credits;
  }

  async usage(user: BffUser, budget: number | null, recentCount = 20): Promise<UsageResponse> {
    await this.flush();
    const day = utcDay(this.now());
    const totals = await this.store.spentOn(user.id, day);
    const recent = await this.store.recentLedger(user.id, recentCount);
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
}
