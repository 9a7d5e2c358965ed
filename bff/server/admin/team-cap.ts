/**
 * The team's monthly credit cap, on top of each user's daily budget: a paid call runs only when its
 * worst case fits what is left of the cap this calendar month (UTC), held before the call like the
 * daily budget (ledger/budget.ts, docs/decisions/0019). This class reads the cap in force (again at
 * most once a second, and at once after this process changed it: an admin's change reaches other
 * instances within a second) and the month's spend for the Admin page and the estimates.
 */
import { credits } from '../../contract/pricing';
import type { Ledger } from '../ledger/ledger';
import { utcDay } from '../ledger/ledger';
import type { BffStore } from '../store/store';

/** How long a cap read from the store is taken on trust. */
export const CAP_RECHECK_MS = 1000;

/** The UTC month of a moment, YYYY-MM. */
export function utcMonth(d: Date): string {
  return utcDay(d).slice(0, 7);
}

/** Seconds until the next month begins (UTC): when a team that spent its cap may call again. */
export function secondsToNextMonthUtc(d: Date): number {
  const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  return Math.max(1, Math.ceil((next - d.getTime()) / 1000));
}

export class TeamCap {
  private cap: { value: number | null; readAt: number } | undefined;
  private month: { key: string; credits: number; readAt: number; ready: Promise<void> } | undefined;

  constructor(
    private readonly store: BffStore,
    private readonly ledger: Ledger,
    private readonly now: () => Date = () => new Date(),
  ) {
    ledger.onRecord((consumed, day) => {
      const month = this.month;
      if (month && day.startsWith(month.key)) month.credits = credits(month.credits + consumed);
    });
  }

  /** The cap in force (null: none). */
  async current(): Promise<number | null> {
    const t = this.now().getTime();
    if (!this.cap || t - this.cap.readAt >= CAP_RECHECK_MS || t < this.cap.readAt) {
      this.cap = { value: await this.store.monthlyCap(), readAt: t };
    }
    return this.cap.value;
  }

  /** Forgets the cap read, after this process changed it. */
  changed(): void {
    this.cap = undefined;
  }

  /**
   * What the team spent this month: read from the store (every instance's records) when the last
   * reading is a second old, with this process's records since added.
   */
  async spentThisMonth(): Promise<number> {
    const t = this.now().getTime();
    const key = utcMonth(this.now());
    const m = this.month;
    if (m?.key !== key || t - m.readAt >= CAP_RECHECK_MS || t < m.readAt) {
      // Records pending until now are written first and so counted by the sum; those recorded from
      // now on are added by the listener.
      const month = { key, credits: 0, readAt: t, ready: Promise.resolve() };
      this.month = month;
      month.ready = this.ledger
        .flush()
        .then(() => this.store.teamSpendSince(`${key}-01`))
        .then((sum) => {
          month.credits = credits(month.credits + sum);
        });
    }
    const month = this.month!;
    await month.ready;
    return month.credits;
  }
}
