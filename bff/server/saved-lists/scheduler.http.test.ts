/**
 * Scheduled checks of saved lists over real HTTP: two BFF instances on one store (a SQLite file, or
 * a PostgreSQL schema) run each due check exactly once; a check whose instance stops mid-run is
 * recorded as failed and run by the other instance within its slot; a failed check is retried later
 * in its slot, a bounded number of times; a check that finds a company added since the list's
 * previous run makes an alert and a `list.new_matches` live event; a check the budget left cannot
 * cover is skipped and says why. The checks' clock is the test's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ENDPOINTS, requestOf } from '../../contract/endpoints';
import {
  estimateSavedListRun,
  type ListAlertsResponse,
  type ListNewMatchesEvent,
  type SavedList,
  type SavedListRunsResponse,
  type SavedListsResponse,
} from '../../contract/saved-lists';
import type { Service } from '../../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { eventually } from '../../testing/embedded-additions';
import { openEvents } from '../../testing/sse-client';
import { reopenTestStore, testStore } from '../../testing/test-store';
import { bffDatabaseFile } from '../store/sqlite';
import type { BffStore } from '../store/store';
import { embeddedUpstream, type Upstream } from '../upstream/upstream';
import {
  budgetRefusal,
  CHECK_ATTEMPTS,
  DEFAULT_CHECK_LEASE_MS,
  nextCheckAfter,
  RETRY_DELAYS_MS,
  retryAfter,
  retryable,
  STOPPED_DETAIL,
  slotOf,
} from './scheduler';

const DAY = 24 * 3600_000;
const T0 = Date.parse('2030-03-04T08:00:00.000Z');
const ALL = { filters: { 'firmographic.company_type': ['private', 'public'] } };

let service: Service;
let dir: string;
const opened: { bff: RunningBff; db: BffStore }[] = [];
/** The first store opened on each name: later instances of that name open the same state. */
const byName = new Map<string, BffStore>();

/** The checks' clock, shared by the instances of a test. */
let clock = T0;
const now = () => new Date(clock);

beforeAll(async () => {
  service = await startEmbedded(300, { seed: 31, additionDelayMs: 30 });
  dir = mkdtempSync(path.join(tmpdir(), 'bff-saved-lists-'));
});

afterAll(async () => {
  for (const o of opened) {
    await o.bff.close();
    await o.db.close();
  }
  service?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A local-mode BFF on the store file `name` (shared by instances given the same name). */
async function instance(
  name: string,
  opts: { dailyBudget?: number; intervalMs?: number; upstream?: Upstream } = {},
): Promise<RunningBff> {
  const first = byName.get(name);
  const db = first
    ? await reopenTestStore(first)
    : await testStore({ file: bffDatabaseFile(path.join(dir, name)) });
  if (!first) byName.set(name, db);
  const bff = await startBff({
    upstream: opts.upstream ?? embeddedUpstream(service),
    store: db,
    ...(opts.dailyBudget !== undefined ? { dailyBudget: opts.dailyBudget } : {}),
    savedLists: { scheduler: opts.intervalMs ? { intervalMs: opts.intervalMs } : false, now },
  });
  opened.push({ bff, db });
  return bff;
}

function call(bff: RunningBff) {
  return async <T>(id: keyof typeof ENDPOINTS, input?: unknown, status = 200): Promise<T> => {
    const req = requestOf(id, input);
    const res = await bff.call(req.url, {
      method: req.method,
      ...(req.body !== undefined ? { headers: { 'content-type': 'application/json' }, body: req.body } : {}),
    });
    const text = await res.text();
    expect(res.status, `${id}: ${text}`).toBe(status);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

const tick = (bff: RunningBff) => bff.bff.savedLists.scheduler.tick();
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The service with its list generation held until `release()`: a check in flight for as long as the
 * test wants. `arrived` resolves when the first list page is asked for (the check was taken).
 */
function held(real: Upstream): { upstream: Upstream; arrived: Promise<void>; release: () => void } {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    upstream: {
      ...real,
      send: async (call) => {
        if (call.pathAndQuery.startsWith('/api/v1/list/generate/')) {
          arrive();
          await released;
        }
        return real.send(call);
      },
    },
    arrived,
    release,
  };
}

describe('scheduled checks across instances', () => {
  it('runs a due check exactly once across two instances on one store, and moves it on', async () => {
    clock = T0;
    const a = await instance('shared');
    const b = await instance('shared');
    const list = await call(a)<SavedList>(
      'bff.savedLists.create',
      { name: 'Daily', request: ALL, schedule: 'daily' },
      201,
    );
    expect(list.next_check_at).toBe(new Date(T0 + DAY).toISOString());

    clock = T0 + DAY - 1;
    expect(await Promise.all([tick(a), tick(b)])).toEqual([0, 0]);

    clock = T0 + DAY + 60_000;
    const [ranA, ranB] = await Promise.all([tick(a), tick(b)]);
    expect(ranA + ranB).toBe(1);
    const runs = await call(b)<SavedListRunsResponse>('bff.savedList.runs', { id: list.id });
    expect(runs.data).toHaveLength(1);
    expect(runs.data[0]).toMatchObject({ trigger: 'schedule', run_by: { id: 'local' }, size: 300 });
    const after = await call(a)<SavedList>('bff.savedList', { id: list.id });
    expect(after.last_check).toEqual({
      at: runs.data[0]!.at,
      outcome: 'ran',
      detail: null,
      run_id: runs.data[0]!.id,
      attempt: 1,
      retry_at: null,
    });
    expect(after.next_check_at).toBe(new Date(T0 + 2 * DAY).toISOString());
    // The first check only sets what "new" is measured against: no alert.
    expect((await call(a)<ListAlertsResponse>('bff.savedLists.alerts')).unread).toBe(0);

    // Nothing is due again until the next day, on either instance.
    expect(await Promise.all([tick(a), tick(b)])).toEqual([0, 0]);
    clock = T0 + 2 * DAY;
    expect((await Promise.all([tick(b), tick(a)])).reduce((x, y) => x + y)).toBe(1);
    expect((await call(a)<SavedListRunsResponse>('bff.savedList.runs', { id: list.id })).data).toHaveLength(
      2,
    );
  });

  it('records a check whose instance stopped mid-run as failed, and another instance runs it within its slot', async () => {
    clock = T0;
    const onA = held(embeddedUpstream(service));
    const onB = held(embeddedUpstream(service));
    const a = await instance('stopped', { upstream: onA.upstream });
    const b = await instance('stopped', { upstream: onB.upstream });
    const list = await call(b)<SavedList>(
      'bff.savedLists.create',
      { name: 'Stopped', request: ALL, schedule: 'daily' },
      201,
    );
    const due = iso(T0 + DAY);
    clock = T0 + DAY + 60_000;
    const started = clock;
    // A takes the check and never gets past its first page: as good as killed, for the store (no
    // end, no renewal: its lease runs out).
    const stalled = tick(a);
    await onA.arrived;
    // Within A's lease nobody else takes it, and the check stays due: next_check_at has not moved.
    expect(await tick(b)).toBe(0);
    const running = await call(b)<SavedList>('bff.savedList', { id: list.id });
    expect(running.next_check_at).toBe(due);
    expect(running.last_check).toBeNull();

    // Past the lease, B finds the attempt stopped: it records it as failed, and tries again at once.
    clock = started + DEFAULT_CHECK_LEASE_MS + 1;
    const retrying = tick(b);
    await onB.arrived;
    const stopped = {
      at: iso(started),
      outcome: 'failed',
      detail: STOPPED_DETAIL,
      run_id: null,
      attempt: 1,
      retry_at: iso(clock),
    };
    const during = await call(a)<SavedList>('bff.savedList', { id: list.id });
    expect(during.last_check).toEqual(stopped);
    expect(during.next_check_at).toBe(due);
    const lists = await call(a)<SavedListsResponse>('bff.savedLists');
    expect(lists.data.find((l) => l.id === list.id)?.last_check).toEqual(stopped);

    onB.release();
    expect(await retrying).toBe(1);
    const runs = await call(b)<SavedListRunsResponse>('bff.savedList.runs', { id: list.id });
    expect(runs.data).toHaveLength(1);
    expect(runs.data[0]).toMatchObject({ trigger: 'schedule', size: 300 });
    const ran = await call(a)<SavedList>('bff.savedList', { id: list.id });
    expect(ran.last_check).toEqual({
      at: runs.data[0]!.at,
      outcome: 'ran',
      detail: null,
      run_id: runs.data[0]!.id,
      attempt: 2,
      retry_at: null,
    });
    expect(ran.next_check_at).toBe(iso(T0 + 2 * DAY));

    // A comes back to life: its lease is gone, so it stores no run and records nothing.
    onA.release();
    await stalled;
    expect((await call(a)<SavedListRunsResponse>('bff.savedList.runs', { id: list.id })).data).toHaveLength(
      1,
    );
    expect((await call(a)<SavedList>('bff.savedList', { id: list.id })).last_check).toEqual(ran.last_check);
  });
});

describe('scheduled checks: alerts and budgets', () => {
  it('alerts the owner when a check finds companies the previous run did not have', async () => {
    clock = T0;
    const bff = await instance('alerts');
    const as = call(bff);
    const list = await as<SavedList>(
      'bff.savedLists.create',
      { name: 'Weekly', request: ALL, schedule: 'weekly' },
      201,
    );
    clock = T0 + 7 * DAY;
    expect(await tick(bff)).toBe(1);

    const submitted = await as<{ request_id: string }>(
      'additions.submit',
      { company_name: 'Wallaby Robotics', website: 'https://wallaby-robotics-test.com' },
      202,
    );
    const done = await eventually(
      () =>
        as<{ status: string; detail: { company_uuid: string | null } }>('additions.status', {
          id: submitted.request_id,
        }),
      (s) => s.status === 'completed' || s.status === 'failed',
      'the addition to complete',
    );
    expect(done.status).toBe('completed');

    const tab = await openEvents(bff.url, {});
    try {
      clock = T0 + 14 * DAY;
      expect(await tick(bff)).toBe(1);
      let frame = await tab.nextEvent();
      while (frame.event !== 'list.new_matches') frame = await tab.nextEvent();
      const event = JSON.parse(frame.data!) as ListNewMatchesEvent;
      const runs = await as<SavedListRunsResponse>('bff.savedList.runs', { id: list.id });
      expect(event).toEqual({ list_id: list.id, list_name: 'Weekly', run_id: runs.data[0]!.id, count: 1 });
    } finally {
      await tab.close();
    }
    const alerts = await as<ListAlertsResponse>('bff.savedLists.alerts');
    expect(alerts.unread).toBe(1);
    expect(alerts.data[0]).toMatchObject({ list_id: list.id, list_name: 'Weekly', count: 1 });
    // The company is new to the owner until they mark the list seen.
    const detail = await as<SavedList>('bff.savedList', { id: list.id });
    expect(detail.new_count).toBe(301);
    await as('bff.savedList.seen', { id: list.id }, 204);
    expect((await as<ListAlertsResponse>('bff.savedLists.alerts')).unread).toBe(0);
    expect((await as<SavedList>('bff.savedList', { id: list.id })).new_count).toBe(0);
    await as('bff.savedLists.alertsRead', {}, 204);
  });

  it('skips a check the daily budget left cannot cover, and says so; the team’s cap likewise', async () => {
    clock = T0;
    const estimate = estimateSavedListRun(ALL, 'enterprise').credits;
    const bff = await instance('budget', { dailyBudget: estimate - 1 });
    const as = call(bff);
    const list = await as<SavedList>(
      'bff.savedLists.create',
      { name: 'Too dear', request: ALL, schedule: 'daily' },
      201,
    );
    clock = T0 + DAY;
    expect(await tick(bff)).toBe(1);
    const skipped = await as<SavedList>('bff.savedList', { id: list.id });
    expect(skipped.last_check).toMatchObject({ outcome: 'skipped', run_id: null });
    expect(skipped.last_check!.detail).toMatch(/daily budget has \d+(\.\d+)? left/);
    expect(skipped.next_check_at).toBe(new Date(T0 + 2 * DAY).toISOString());
    expect((await as<SavedListRunsResponse>('bff.savedList.runs', { id: list.id })).data).toEqual([]);
    expect((await as<{ calls_today: number }>('bff.usage')).calls_today).toBe(0);

    const capped = await instance('cap');
    const cas = call(capped);
    await cas('bff.admin.updateTeam', { monthly_cap: 10 });
    const other = await cas<SavedList>(
      'bff.savedLists.create',
      { name: 'Capped', request: ALL, schedule: 'daily' },
      201,
    );
    clock = T0 + 2 * DAY;
    expect(await tick(capped)).toBe(1);
    const byCap = await cas<SavedList>('bff.savedList', { id: other.id });
    expect(byCap.last_check).toMatchObject({ outcome: 'skipped' });
    expect(byCap.last_check!.detail).toMatch(/team’s monthly cap has 10 left/);
  });
});

describe('scheduled checks: refusals, retries and the timer', () => {
  it('records a check the service refused as failed, with its words, and retries it within its slot with backoff', async () => {
    clock = T0;
    let refuse: 503 | 422 | null = null;
    const real = embeddedUpstream(service);
    // The service refusing list generation: a fault staged on the real service.
    const faulty: Upstream = {
      ...real,
      send: async (call) =>
        refuse !== null && call.pathAndQuery.startsWith('/api/v1/list/generate/')
          ? {
              status: refuse,
              headers: new Headers({ 'content-type': 'application/problem+json' }),
              text: JSON.stringify({
                type: 'about:blank',
                title: refuse === 503 ? 'Service unavailable' : 'Unprocessable',
                status: refuse,
                detail: refuse === 503 ? 'Down for maintenance.' : 'Too broad.',
              }),
            }
          : real.send(call),
    };
    const bff = await instance('faults', { upstream: faulty });
    const as = call(bff);
    const list = await as<SavedList>(
      'bff.savedLists.create',
      { name: 'Down', request: ALL, schedule: 'daily' },
      201,
    );
    refuse = 503;
    const due = iso(T0 + DAY);
    clock = T0 + DAY;
    for (let attempt = 1; attempt <= CHECK_ATTEMPTS; attempt++) {
      expect(await tick(bff)).toBe(1);
      const failed = await as<SavedList>('bff.savedList', { id: list.id });
      const last = attempt === CHECK_ATTEMPTS;
      expect(failed.last_check).toMatchObject({
        at: iso(clock),
        outcome: 'failed',
        run_id: null,
        attempt,
        // Retried later in the slot, until its attempts are spent: then the next check is tomorrow's.
        retry_at: last ? null : iso(clock + RETRY_DELAYS_MS[attempt - 1]!),
      });
      expect(failed.last_check!.detail).toMatch(/maintenance|Company Data Service/);
      expect(failed.next_check_at).toBe(last ? iso(T0 + 2 * DAY) : due);
      // Not before its time.
      expect(await tick(bff)).toBe(0);
      if (!last) clock += RETRY_DELAYS_MS[attempt - 1]!;
    }
    expect((await as<SavedListRunsResponse>('bff.savedList.runs', { id: list.id })).data).toEqual([]);

    // The next day the service is back: the check runs, at its first attempt.
    refuse = null;
    clock = T0 + 2 * DAY;
    expect(await tick(bff)).toBe(1);
    expect((await as<SavedList>('bff.savedList', { id: list.id })).last_check).toMatchObject({
      outcome: 'ran',
      attempt: 1,
      retry_at: null,
    });

    // A refusal that would be the same again (422) is not retried: the slot ends.
    refuse = 422;
    clock = T0 + 3 * DAY;
    expect(await tick(bff)).toBe(1);
    const refused = await as<SavedList>('bff.savedList', { id: list.id });
    expect(refused.last_check).toMatchObject({ outcome: 'failed', attempt: 1, retry_at: null });
    expect(refused.next_check_at).toBe(iso(T0 + 4 * DAY));
  });

  it('ticks by itself once started, and stops', async () => {
    clock = T0;
    const bff = await instance('started', { intervalMs: 20 });
    const as = call(bff);
    const list = await as<SavedList>(
      'bff.savedLists.create',
      { name: 'Auto', request: ALL, schedule: 'daily' },
      201,
    );
    clock = T0 + DAY;
    await eventually(
      () => as<SavedListRunsResponse>('bff.savedList.runs', { id: list.id }),
      (r) => r.data.length === 1,
      'the started scheduler to run the due check',
    );
    await bff.bff.savedLists.scheduler.stop();
    clock = T0 + 3 * DAY;
    await new Promise((r) => setTimeout(r, 100));
    expect((await as<SavedListRunsResponse>('bff.savedList.runs', { id: list.id })).data).toHaveLength(1);
  });
});

describe('the schedule’s arithmetic', () => {
  it('moves a check one interval on, or one interval from now when it fell behind', () => {
    const due = '2030-01-01T06:00:00.000Z';
    expect(nextCheckAfter(due, 'daily', new Date('2030-01-01T06:00:30.000Z'))).toBe(
      '2030-01-02T06:00:00.000Z',
    );
    expect(nextCheckAfter(due, 'weekly', new Date('2030-01-01T07:00:00.000Z'))).toBe(
      '2030-01-08T06:00:00.000Z',
    );
    expect(nextCheckAfter(due, 'daily', new Date('2030-01-05T07:00:00.000Z'))).toBe(
      '2030-01-06T07:00:00.000Z',
    );
  });

  it('retries a failed attempt after 5, 20 and 80 minutes, within its slot only', () => {
    const slotEnd = '2030-01-02T06:00:00.000Z';
    const at = new Date('2030-01-01T06:00:00.000Z');
    expect(retryAfter(1, at, slotEnd)).toBe('2030-01-01T06:05:00.000Z');
    expect(retryAfter(2, at, slotEnd)).toBe('2030-01-01T06:20:00.000Z');
    expect(retryAfter(3, at, slotEnd)).toBe('2030-01-01T07:20:00.000Z');
    expect(retryAfter(CHECK_ATTEMPTS, at, slotEnd)).toBeNull();
    expect(retryAfter(1, new Date('2030-01-02T05:56:00.000Z'), slotEnd)).toBeNull();
    expect([500, 503, 402, 408, 429].every(retryable)).toBe(true);
    expect([400, 403, 404, 409, 422].some(retryable)).toBe(false);
  });

  it('counts attempts per slot, and starts a new slot when a retry comes after its slot ended', () => {
    const due = '2030-01-01T06:00:00.000Z';
    const end = '2030-01-02T06:00:00.000Z';
    expect(slotOf({ nextCheckAt: due, attempts: 0, slotEnd: null }, 'daily', new Date(due))).toEqual({
      slotStart: due,
      slotEnd: end,
      attempt: 1,
    });
    expect(
      slotOf({ nextCheckAt: due, attempts: 2, slotEnd: end }, 'daily', new Date('2030-01-01T09:00:00.000Z')),
    ).toEqual({ slotStart: due, slotEnd: end, attempt: 3 });
    // Every instance was down past the slot's end: the check runs once now, the next a day on.
    expect(
      slotOf({ nextCheckAt: due, attempts: 2, slotEnd: end }, 'daily', new Date('2030-01-03T07:00:00.000Z')),
    ).toEqual({ slotStart: end, slotEnd: '2030-01-04T07:00:00.000Z', attempt: 1 });
  });

  it('refuses a run the daily budget or the team’s cap left cannot cover', () => {
    expect(budgetRefusal(100, { daily: null, team: null })).toBeUndefined();
    expect(budgetRefusal(100, { daily: 100, team: 100 })).toBeUndefined();
    expect(budgetRefusal(100, { daily: 99.5, team: null })).toMatch(/daily budget has 99.5 left/);
    expect(budgetRefusal(100, { daily: 500, team: 3 })).toMatch(/monthly cap has 3 left/);
  });
});
