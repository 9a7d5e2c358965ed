/**
 * The BFF's own checks of scheduled lists (daily, weekly; docs/decisions/0016-saved-lists.md). Every
 * instance ticks; each due check is taken as an attempt leased to one instance (a conditional update
 * on what it read, so of several instances on one store exactly one takes it), which renews the lease
 * while it runs. `next_check_at` moves on only when the check's slot ends: it ran, was skipped, or
 * failed for good. A failed attempt (the service down, credits or budget spent, a fault in the BFF)
 * is recorded with its reason and tried again later in its slot, a bounded number of times; an attempt
 * whose lease ended without an end (its instance died) is recorded as failed by the instance that
 * finds it, which tries again at once. A check runs the list as its owner (charged to them) unless
 * the owner's daily budget left, or the team's monthly cap left, cannot cover the run's estimate:
 * then it is skipped, and the list says why. A check that finds companies the list's previous run did
 * not have makes an alert for the owner and a `list.new_matches` live event.
 */
import { randomUUID } from 'node:crypto';
import {
  estimateSavedListRun,
  type LastCheck,
  type ListSchedule,
  SCHEDULE_INTERVAL_MS,
} from '../../contract/saved-lists';
import type { BffUser } from '../context';
import type { EventHub } from '../events/hub';
import type { DueCheck, SavedListStore, StoredList } from './records';
import { type RunnerOptions, runSavedList, STATIC_LIST_DOES_NOT_RUN } from './runs';

/** What a user may still spend: their daily budget's rest and the team's monthly cap's (null: none). */
export type BudgetLeft = { daily: number | null; team: number | null };

export type SchedulerOptions = {
  runner: RunnerOptions;
  store: SavedListStore;
  /** The owner as a user the BFF may act for; undefined when their account is gone or disabled. */
  ownerOf: (list: StoredList) => BffUser | undefined | Promise<BffUser | undefined>;
  budgetLeft: (user: BffUser) => Promise<BudgetLeft>;
  hub?: EventHub | undefined;
  /** The clock checks are due by (tests move it). */
  now: () => Date;
  /** How often an instance looks for due checks (default a minute). */
  intervalMs?: number;
  /** Due checks taken per tick (default 20). */
  batch?: number;
  /**
   * How long an attempt's lease lasts (ms, default a minute): renewed every third of it while the
   * check runs; once it has ended without an end, any instance's next tick records the attempt as
   * failed and tries again.
   */
  leaseMs?: number;
  log: (line: string) => void;
};

export const DEFAULT_SCHEDULER_INTERVAL_MS = 60_000;
export const DEFAULT_CHECK_LEASE_MS = 60_000;
/** Attempts a check's slot gets at most: the first and three retries (a check that kills its instance kills at most four). */
export const CHECK_ATTEMPTS = 4;
/** How long after a failed attempt the next may start: after the first 5 minutes, then 20, then 80. */
export const RETRY_DELAYS_MS: readonly number[] = [5 * 60_000, 20 * 60_000, 80 * 60_000];
/** What the list says of an attempt whose instance stopped (or died) before it ended. */
export const STOPPED_DETAIL =
  'The check stopped before it finished: the BFF instance running it stopped (it was restarted, or it failed).';

/**
 * When the attempt after failed attempt `attempt` (1 the first) may start: its delay after
 * `failedAt`, if that is still within the slot (before `slotEnd`) and attempts are left; null: none.
 */
export function retryAfter(attempt: number, failedAt: Date, slotEnd: string): string | null {
  const delay = RETRY_DELAYS_MS[attempt - 1];
  if (attempt >= CHECK_ATTEMPTS || delay === undefined) return null;
  const at = failedAt.getTime() + delay;
  return at < Date.parse(slotEnd) ? new Date(at).toISOString() : null;
}

/**
 * Whether a run refused with `status` may fare better later in its slot: the service down or busy
 * (5xx, 408, 429), credits or the budget spent (402). Other refusals (a list too broad for a size,
 * a request no longer valid) would be the same again.
 */
export function retryable(status: number): boolean {
  return status >= 500 || status === 402 || status === 408 || status === 429;
}

/**
 * The slot an attempt at a due check belongs to, and its number there: the next of the slot's while it
 * lasts (more than CHECK_ATTEMPTS: none left); a new slot's first when the check has none yet, or
 * when its slot ended before a retry could be made (every instance was down): missed checks are not
 * made up, the new slot starts now.
 */
export function slotOf(
  d: Pick<DueCheck, 'nextCheckAt' | 'attempts' | 'slotEnd'>,
  schedule: ListSchedule,
  now: Date,
): { slotStart: string; slotEnd: string; attempt: number } {
  if (d.attempts === 0 || d.slotEnd === null)
    return { slotStart: d.nextCheckAt, slotEnd: nextCheckAfter(d.nextCheckAt, schedule, now), attempt: 1 };
  if (now.getTime() < Date.parse(d.slotEnd))
    return { slotStart: d.nextCheckAt, slotEnd: d.slotEnd, attempt: d.attempts + 1 };
  return { slotStart: d.slotEnd, slotEnd: nextCheckAfter(d.slotEnd, schedule, now), attempt: 1 };
}

/** How an attempt ended: the list's last check (its attempt and retry added), and whether to retry. */
type Ended = { check: Omit<LastCheck, 'attempt' | 'retry_at'>; retry: boolean };

/** When a check claimed at `due` is next due: one interval on, or one interval from now if behind. */
export function nextCheckAfter(due: string, schedule: ListSchedule, now: Date): string {
  const interval = SCHEDULE_INTERVAL_MS[schedule];
  const next = Date.parse(due) + interval;
  return new Date(next > now.getTime() ? next : now.getTime() + interval).toISOString();
}

/** When a list given `schedule` at `now` is first checked. */
export function firstCheckAt(schedule: ListSchedule | null, now: Date): string | null {
  return schedule === null ? null : new Date(now.getTime() + SCHEDULE_INTERVAL_MS[schedule]).toISOString();
}

export class SavedListScheduler {
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<number> | undefined;
  /** This instance, as the holder of attempts' leases (several BFF instances share one store). */
  private readonly instance = randomUUID();
  private readonly leaseMs: number;

  constructor(private readonly opts: SchedulerOptions) {
    this.leaseMs = opts.leaseMs ?? DEFAULT_CHECK_LEASE_MS;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.tick().catch((e: unknown) => this.opts.log(`[bff] saved list checks failed: ${String(e)}`));
    }, this.opts.intervalMs ?? DEFAULT_SCHEDULER_INTERVAL_MS);
    this.timer.unref();
  }

  /** Stops ticking; answers when a tick under way has finished. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking?.catch(() => undefined);
  }

  /**
   * Runs the checks due now that this instance claims; answers how many attempts it ended (ran,
   * skipped, failed, or found stopped and ended for good).
   */
  tick(): Promise<number> {
    // One tick at a time per instance: a slow check must not be claimed twice by the same instance.
    this.ticking ??= this.checkDue().finally(() => {
      this.ticking = undefined;
    });
    return this.ticking;
  }

  private async checkDue(): Promise<number> {
    const { store } = this.opts;
    const due = await store.dueChecks(this.opts.now().toISOString(), this.opts.batch ?? 20);
    let done = 0;
    for (const d of due) {
      const list = await store.getList(d.id);
      if (!list?.schedule) continue;
      if (await this.attempt(list, list.schedule, d)) done++;
    }
    return done;
  }

  /** Takes one due check as an attempt and runs it to its end; false when another instance took it. */
  private async attempt(list: StoredList, schedule: ListSchedule, d: DueCheck): Promise<boolean> {
    const { store, log } = this.opts;
    const at = this.opts.now();
    const slot = slotOf(d, schedule, at);
    let stoppedCheck: LastCheck | undefined;
    if (d.stopped) {
      // An attempt whose lease ended without an end: its instance stopped mid-run. It failed; tried
      // again at once while its slot has attempts and time left.
      const again = slot.attempt > 1 && slot.attempt <= CHECK_ATTEMPTS;
      stoppedCheck = {
        at: d.stopped.startedAt,
        outcome: 'failed',
        detail: STOPPED_DETAIL,
        run_id: null,
        attempt: d.attempts,
        retry_at: again ? at.toISOString() : null,
      };
      log(
        `[bff] the scheduled check of list ${list.id} (attempt ${d.attempts}) stopped before it finished on instance ${d.stopped.owner}${again ? ': trying again' : ''}`,
      );
      if (slot.attempt > CHECK_ATTEMPTS)
        return store.endCheck({
          id: list.id,
          attemptId: d.stopped.attemptId,
          check: stoppedCheck,
          retryAt: null,
          leaseEndedBefore: at.toISOString(),
        });
    }
    const attemptId = randomUUID();
    const leaseUntil = () => new Date(this.opts.now().getTime() + this.leaseMs).toISOString();
    const claimed = await store.claimCheck({
      id: list.id,
      due: d,
      attemptId,
      owner: this.instance,
      at: at.toISOString(),
      leaseUntil: leaseUntil(),
      ...slot,
      // A new slot shows no retry for the failure before it; a stopped attempt's record says.
      ...(stoppedCheck
        ? { stoppedCheck, retryAt: stoppedCheck.retry_at }
        : slot.attempt === 1
          ? { retryAt: null }
          : {}),
    });
    if (!claimed) return false;
    const { attempt, slotEnd } = slot;
    // Held while it runs: renewed every third of the lease, and once more before the run is stored.
    // Lost (another instance took the check over after this one stalled past its lease), the run is
    // not stored and this attempt's end is not recorded: the other instance's attempt is the check.
    let held = true;
    const renew = async () => {
      held = held && (await store.renewCheck(list.id, attemptId, leaseUntil()));
      return held;
    };
    const renewal = setInterval(() => {
      renew().catch(() => undefined);
    }, this.leaseMs / 3);
    renewal.unref();
    let ended: Ended;
    try {
      ended = await this.check(list, renew);
    } catch (e) {
      log(`[bff] the scheduled check of list ${list.id} failed: ${String(e)}`);
      ended = {
        check: {
          at: this.opts.now().toISOString(),
          outcome: 'failed',
          detail: 'The check failed inside the BFF.',
          run_id: null,
        },
        retry: true,
      };
    } finally {
      clearInterval(renewal);
    }
    const retryAt =
      ended.check.outcome === 'failed' && ended.retry ? retryAfter(attempt, this.opts.now(), slotEnd) : null;
    const recorded = await store.endCheck({
      id: list.id,
      attemptId,
      check: { ...ended.check, attempt, retry_at: retryAt },
      retryAt,
    });
    if (!recorded)
      log(
        `[bff] the scheduled check of list ${list.id} ended after another instance took it over (or its schedule changed): its end is not recorded`,
      );
    return true;
  }

  private async check(list: StoredList, mayStore: () => Promise<boolean>): Promise<Ended> {
    const at = () => this.opts.now().toISOString();
    const owner = await this.opts.ownerOf(list);
    if (!owner)
      return {
        check: {
          at: at(),
          outcome: 'skipped',
          detail: 'The list’s owner can no longer sign in, so the BFF does not run it for them.',
          run_id: null,
        },
        retry: false,
      };
    // A static list is never scheduled (no request to run); one found here is left alone.
    if (list.request === null)
      return {
        check: { at: at(), outcome: 'failed', detail: STATIC_LIST_DOES_NOT_RUN, run_id: null },
        retry: false,
      };
    const estimate = estimateSavedListRun(
      list.request,
      this.opts.runner.plan,
      list.seeds?.length ?? 0,
    ).credits;
    const skip = budgetRefusal(estimate, await this.opts.budgetLeft(owner));
    if (skip) {
      this.opts.log(`[bff] scheduled check of list ${list.id} skipped: ${skip}`);
      return { check: { at: at(), outcome: 'skipped', detail: skip, run_id: null }, retry: false };
    }
    const outcome = await runSavedList(this.opts.runner, list, owner, 'schedule', mayStore);
    if (!outcome.ok) {
      const { status } = outcome.response;
      const body = (await outcome.response.json().catch(() => null)) as { detail?: unknown } | null;
      const detail = typeof body?.detail === 'string' ? body.detail : `The run answered ${status}.`;
      return { check: { at: at(), outcome: 'failed', detail, run_id: null }, retry: retryable(status) };
    }
    const { run } = outcome;
    // The first run of a list sets what "new" is measured against: it alerts nobody.
    const count = outcome.hadPrevious ? outcome.newSincePrevious.length : 0;
    if (count > 0) {
      await this.opts.store.addAlert({ userId: owner.id, listId: list.id, runId: run.id, at: run.at, count });
      this.opts.hub?.publish(owner.id, 'list.new_matches', {
        list_id: list.id,
        list_name: list.name,
        run_id: run.id,
        count,
      });
    }
    return { check: { at: run.at, outcome: 'ran', detail: null, run_id: run.id }, retry: false };
  }
}

/** Why a run estimated at `estimate` must not start with this budget left; undefined when it may. */
export function budgetRefusal(estimate: number, left: BudgetLeft): string | undefined {
  if (left.daily !== null && estimate > left.daily)
    return `A run may cost up to ${estimate} credits and the owner’s daily budget has ${left.daily} left.`;
  if (left.team !== null && estimate > left.team)
    return `A run may cost up to ${estimate} credits and the team’s monthly cap has ${left.team} left.`;
  return undefined;
}
