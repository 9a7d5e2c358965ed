/**
 * The team's monthly credit cap, on top of each user's daily budget: once the whole team has spent
 * the cap in a calendar month (UTC), paid calls are refused (402) until the month ends, the way the
 * daily budget refuses them. As with the daily budget, the call that crosses the cap is let through:
 * what a call costs is known only from its answer.
 *
 * The month's total is read from the store (every instance's records) at most once a second and
 * added to with this process's records in between, so the check costs no query on most calls;
 * the cap is read again at most once a second too, and at once after this process changed it.
 * Several instances may thus let calls through for up to a second after the team spent its cap
 * (docs/decisions/0013-postgresql-store.md).
 */
import { credits } from '../../contract/pricing';
import type { Ledger } from '../ledger/ledger';
import { utcDay } from '../ledger/ledger';
import type { Refusal } from '../proxy/pipeline';
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

  /**
   * The refusal of a call when the team has spent its cap this month. Answers at once, without a
   * promise, when the cap read last is fresh and there is none: the per-call path stays as it was.
   */
  refusal(): Refusal | undefined | Promise<Refusal | undefined> {
    const t = this.now().getTime();
    const cap = this.cap;
    if (cap && cap.value === null && t >= cap.readAt && t - cap.readAt < CAP_RECHECK_MS) return undefined;
    return this.refusalOfCap();
  }

  private async refusalOfCap(): Promise<Refusal | undefined> {
    const cap = await this.current();
    if (cap === null) return undefined;
    const spent = await this.spentThisMonth();
    if (spent < cap) return undefined;
    return {
      detail: `Your team's monthly cap of ${cap} credits is spent (${spent} used this month); it renews on the 1st at 00:00 UTC. An admin can raise it.`,
      retryAfterS: secondsToNextMonthUtc(this.now()),
    };
  }
}
