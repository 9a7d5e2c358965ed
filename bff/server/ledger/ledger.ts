/**
 * The credit ledger: every upstream call the BFF makes for a user (and every cache hit, at 0
 * credits), with what it cost. It answers `GET /bff/usage`, the Admin page's figures, and feeds the
 * team's monthly total; the daily budget is reserved and settled in the store (./budget.ts).
 */

import { randomUUID } from 'node:crypto';
import type { LedgerEntry, UsageResponse } from '../../contract/bff';
import { credits } from '../../contract/pricing';
import type { BffUser } from '../context';
import type { BffStore, LedgerRow } from '../store/store';
import type { JournalBatch, LedgerJournal } from './journal';

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
 * A line's own id: a UUID of version 7 (RFC 9562), the milliseconds since 1970 first, then 74
 * random bits. Ids made one after another sort together, so a batch's lines go to the same page of
 * the unique index on `line_id`; random ids put each line on a page of its own, a page more for
 * every commit to write (docs/decisions/0029-holds-in-memory-on-sqlite.md).
 */
export function lineId(ms: number = Date.now()): string {
  const t = ms.toString(16).padStart(12, '0');
  const r = randomUUID(); // xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx: its version nibble becomes 7
  return `${t.slice(0, 8)}-${t.slice(8, 12)}-7${r.slice(15)}`;
}

/**
 * Group commit: a line is written with every other line recorded while the write before it ran, in
 * one transaction, and the call it records is answered only once that transaction committed (or,
 * with the store down, once the line is synced to the local journal). A line per transaction was
 * the BFF's largest cost under load; a line answered before it was written was lost by kill -9.
 */
/** How soon lines the journal holds are offered to the store again (doubling to RETRY_MAX_MS). */
export const RETRY_MS = 1000;
const RETRY_MAX_MS = 30_000;

type Batch = { rows: LedgerRow[]; released: string[]; done: (() => void)[] };

export class Ledger {
  private next: Batch = { rows: [], released: [], done: [] };
  /** The batch being written; the next one waits for it. */
  private writing: Promise<void> | undefined;
  private scheduled = false;
  private readonly listeners: ((creditsConsumed: number, day: string) => void)[] = [];
  /** Batches the store refused and the journal could not take either: offered again from memory. */
  private unwritten: JournalBatch[] = [];
  private journalHolds = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs = RETRY_MS;
  /** Replays of the journal, one after another, and appends to it between them. */
  private journalTurn: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly store: BffStore,
    private readonly now: () => Date = () => new Date(),
    private readonly log: (line: string) => void = console.error,
    /** Where lines go while the store cannot take them; none: they wait in memory. */
    private readonly journal?: LedgerJournal,
  ) {}

  /**
   * Takes over what earlier processes left in their journals (killed while the store was down) and
   * offers it to the store. Resolves once tried; what the store still refuses is retried later.
   */
  async recover(): Promise<void> {
    if (!this.journal) return;
    const journal = this.journal;
    const taken = await this.inTurn(() => journal.adoptOrphans());
    const mine = await this.inTurn(() => journal.batches());
    if (taken > 0) this.log(`[bff] ${taken} ledger batches left by a stopped process are being written`);
    if (mine.length > 0) {
      this.journalHolds = true;
      await this.replay();
    }
  }

  /**
   * Writes the lines recorded so far; resolves when each is in the store (or, the store down, on
   * disk in the journal).
   */
  flush(): Promise<void> {
    if (this.next.rows.length === 0 && this.next.released.length === 0)
      return this.writing ?? Promise.resolve();
    const written = new Promise<void>((resolve) => this.next.done.push(resolve));
    this.writeNext();
    return written;
  }

  /**
   * Calls `listener` with every record's credits and UTC day as it is recorded (before it is
   * written): the team's monthly total (bff/server/admin/team-cap.ts) is kept up to date this way.
   */
  onRecord(listener: (creditsConsumed: number, day: string) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Records a call, ending the hold it settles (`holdId`) in the same transaction. Resolves once the
   * line is durable: answer the call only then.
   */
  record(r: LedgerRecord, holdId?: string): Promise<void> {
    const at = this.now().toISOString();
    const day = at.slice(0, 10); // utcDay, from the one ISO string the row needs anyway
    for (const listener of this.listeners) listener(r.creditsConsumed, day);
    const row: LedgerRow = {
      userId: r.userId,
      day,
      at,
      method: r.method,
      endpoint: r.endpoint,
      status: r.status,
      creditsConsumed: r.creditsConsumed,
      cache: r.cache,
      durationMs: Math.round(r.durationMs * 1000) / 1000,
      lineId: lineId(),
      ...(holdId !== undefined ? { holdId } : {}),
    };
    const batch = this.next;
    batch.rows.push(row);
    const written = new Promise<void>((resolve) => batch.done.push(resolve));
    this.schedule();
    return written;
  }

  /** Ends a hold whose call ended without a line (it failed before the upstream was asked). */
  release(holdId: string): void {
    this.next.released.push(holdId);
    this.schedule();
  }

  /** Writes what is pending and stops retrying; lines still refused stay in the journal for the next start. */
  async close(): Promise<void> {
    await this.flush();
    if (this.journalHolds || this.unwritten.length > 0) await this.replay();
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
  }

  private schedule(): void {
    if (this.writing || this.scheduled) return;
    this.scheduled = true;
    // Lines recorded in the same turn of the event loop go in one batch.
    setImmediate(() => {
      this.scheduled = false;
      this.writeNext();
    });
  }

  private writeNext(): void {
    if (this.writing) return;
    const batch = this.next;
    if (batch.rows.length === 0 && batch.released.length === 0) {
      for (const done of batch.done) done();
      batch.done = [];
      return;
    }
    this.next = { rows: [], released: [], done: [] };
    this.writing = this.persist(batch).then(() => {
      for (const done of batch.done) done();
      this.writing = undefined;
      if (this.next.rows.length > 0 || this.next.released.length > 0 || this.next.done.length > 0)
        this.writeNext();
    });
  }

  /** Into the store; the store down, into the journal (synced) and retried. Never rejects. */
  private async persist({ rows, released }: Batch): Promise<void> {
    try {
      await this.store.insertLedger(rows, released);
      return;
    } catch (err) {
      this.log(
        `[bff] ${rows.length} ledger lines could not be written to the store (${(err as Error).message}); kept ${this.journal ? 'in the journal' : 'in memory'} and retried`,
      );
    }
    const journal = this.journal;
    if (journal) {
      try {
        await this.inTurn(() => journal.append({ rows, released }));
        this.journalHolds = true;
        this.retryLater();
        return;
      } catch (err) {
        this.log(
          `[bff] the ledger journal could not be written (${(err as Error).message}); lines kept in memory`,
        );
      }
    }
    this.unwritten.push({ rows, released });
    this.retryLater();
  }

  private retryLater(): void {
    if (this.retryTimer || this.closed) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.replay();
    }, this.retryMs);
    this.retryTimer.unref();
  }

  /** Offers what the journal and memory hold to the store, in one transaction; on failure, later again. */
  private replay(): Promise<void> {
    const journal = this.journal;
    return this.inTurn(async () => {
      const fromJournal = journal && this.journalHolds ? await journal.batches() : [];
      const fromMemory = this.unwritten;
      const batches = [...fromJournal, ...fromMemory];
      if (batches.length === 0) {
        this.journalHolds = false;
        return;
      }
      try {
        await this.store.insertLedger(
          batches.flatMap((b) => b.rows),
          batches.flatMap((b) => b.released),
        );
      } catch (err) {
        this.retryMs = Math.min(RETRY_MAX_MS, this.retryMs * 2);
        this.log(`[bff] the ledger's kept lines are still not written (${(err as Error).message}); retrying`);
        this.retryLater();
        return;
      }
      this.unwritten = this.unwritten.slice(fromMemory.length);
      if (journal && fromJournal.length > 0) await journal.clear();
      this.journalHolds = false;
      this.retryMs = RETRY_MS;
      const n = batches.reduce((sum, b) => sum + b.rows.length, 0);
      this.log(`[bff] ${n} kept ledger lines written to the store`);
    });
  }

  private inTurn<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.journalTurn.then(fn);
    this.journalTurn = run.catch(() => {});
    return run;
  }

  /** What the user spent today, every instance's records included (this one's flushed first). */
  async spentToday(userId: string): Promise<number> {
    await this.flush();
    return (await this.store.spentOn(userId, utcDay(this.now()))).credits;
  }

  /** Today's figures of the ledger; what the company store saved is added by the route. */
  async usage(
    user: BffUser,
    budget: number | null,
    recentCount = 20,
  ): Promise<Omit<UsageResponse, 'saved_today'>> {
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
