/**
 * The BFF's own checks of scheduled lists (daily, weekly; docs/decisions/0016-saved-lists.md). Every
 * instance ticks; each due check is claimed by moving the list's `next_check_at` on, conditionally on
 * the value it read, so of several instances on one store exactly one runs it. A check runs the list
 * as its owner (charged to them) unless the owner's daily budget left, or the team's monthly cap left,
 * cannot cover the run's estimate: then it is skipped, and the list says why. A check that finds
 * companies the list's previous run did not have makes an alert for the owner and a
 * `list.new_matches` live event.
 */
import { estimateSavedListRun, type ListSchedule, SCHEDULE_INTERVAL_MS } from '../../contract/saved-lists';
import type { BffUser } from '../context';
import type { EventHub } from '../events/hub';
import { type RunnerOptions, runSavedList } from './runs';
import type { SavedListStore, StoredList } from './store';

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
  log: (line: string) => void;
};

export const DEFAULT_SCHEDULER_INTERVAL_MS = 60_000;

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

  constructor(private readonly opts: SchedulerOptions) {}

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

  /** Runs the checks due now that this instance claims; answers how many it ran or skipped. */
  tick(): Promise<number> {
    // One tick at a time per instance: a slow check must not be claimed twice by the same instance.
    this.ticking ??= this.checkDue().finally(() => {
      this.ticking = undefined;
    });
    return this.ticking;
  }

  private async checkDue(): Promise<number> {
    const { store } = this.opts;
    const now = this.opts.now();
    const due = await store.dueChecks(now.toISOString(), this.opts.batch ?? 20);
    let done = 0;
    for (const d of due) {
      const list = await store.getList(d.id);
      if (!list?.schedule) continue;
      if (
        !(await store.claimCheck(list.id, d.nextCheckAt, nextCheckAfter(d.nextCheckAt, list.schedule, now)))
      )
        continue;
      try {
        await this.check(list);
      } catch (e) {
        this.opts.log(`[bff] the scheduled check of list ${list.id} failed: ${String(e)}`);
        await store.recordCheck(list.id, {
          at: this.opts.now().toISOString(),
          outcome: 'failed',
          detail: 'The check failed inside the BFF.',
          run_id: null,
        });
      }
      done++;
    }
    return done;
  }

  private async check(list: StoredList): Promise<void> {
    const { store } = this.opts;
    const at = () => this.opts.now().toISOString();
    const owner = await this.opts.ownerOf(list);
    if (!owner) {
      await store.recordCheck(list.id, {
        at: at(),
        outcome: 'skipped',
        detail: 'The list’s owner can no longer sign in, so the BFF does not run it for them.',
        run_id: null,
      });
      return;
    }
    const estimate = estimateSavedListRun(
      list.request,
      this.opts.runner.plan,
      list.seeds?.length ?? 0,
    ).credits;
    const skip = budgetRefusal(estimate, await this.opts.budgetLeft(owner));
    if (skip) {
      await store.recordCheck(list.id, { at: at(), outcome: 'skipped', detail: skip, run_id: null });
      this.opts.log(`[bff] scheduled check of list ${list.id} skipped: ${skip}`);
      return;
    }
    const outcome = await runSavedList(this.opts.runner, list, owner, 'schedule');
    if (!outcome.ok) {
      const body = (await outcome.response.json().catch(() => null)) as { detail?: unknown } | null;
      const detail =
        typeof body?.detail === 'string' ? body.detail : `The run answered ${outcome.response.status}.`;
      await store.recordCheck(list.id, { at: at(), outcome: 'failed', detail, run_id: null });
      return;
    }
    const { run } = outcome;
    await store.recordCheck(list.id, { at: run.at, outcome: 'ran', detail: null, run_id: run.id });
    // The first run of a list sets what "new" is measured against: it alerts nobody.
    const count = outcome.hadPrevious ? outcome.newSincePrevious.length : 0;
    if (count > 0) {
      await store.addAlert({ userId: owner.id, listId: list.id, runId: run.id, at: run.at, count });
      this.opts.hub?.publish(owner.id, 'list.new_matches', {
        list_id: list.id,
        list_name: list.name,
        run_id: run.id,
        count,
      });
    }
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
