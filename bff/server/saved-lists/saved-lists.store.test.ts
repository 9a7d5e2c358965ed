/**
 * The saved lists' store, through its interface only, so the same tests hold every implementation
 * (on the BFF store of the Vitest project: SQLite, or PostgreSQL in the `postgres` project). Two
 * stores opened on one database stand for two BFF instances.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedListRequest } from '../../contract/api';
import { ON_POSTGRES, reopenTestStore, testStore } from '../../testing/test-store';
import type { BffStore } from '../store/store';
import type { NewRun, SavedListStore } from './records';
import { SqlSavedListStore } from './store';

type Opened = { store: SavedListStore; close: () => Promise<void> };

/** Opens a store on the database named `name` (same name, same database: another instance). */
const byName = new Map<string, BffStore>();
async function open(dir: string, name: string): Promise<Opened> {
  const first = byName.get(name);
  const db = first
    ? await reopenTestStore(first)
    : await testStore({ file: path.join(dir, `${name}.sqlite`) });
  if (!first) byName.set(name, db);
  // The tables are the store's migration 3, applied when the BFF store opens.
  return {
    store: new SqlSavedListStore(db.sql, { applySchema: false, transaction: (fn) => db.transaction(fn) }),
    close: () => db.close(),
  };
}
const STORES = [{ kind: ON_POSTGRES ? 'postgres' : 'sqlite', open }];

const REQUEST = {
  filters: { 'location.hq.country': ['DEU'] },
  sort_by: 'relevance',
  sort_order: 'desc',
  limit: 50,
  offset: 0,
} as ParsedListRequest;
const AT = '2030-01-01T00:00:00.000Z';

const newList = (
  ownerId: string,
  over: Partial<Parameters<SavedListStore['createList']>[0]> = {},
): Parameters<SavedListStore['createList']>[0] => ({
  kind: 'search',
  ownerId,
  ownerName: ownerId,
  name: `${ownerId}'s list`,
  request: REQUEST,
  columns: null,
  shared: false,
  schedule: null,
  seeds: null,
  nextCheckAt: null,
  createdAt: AT,
  ...over,
});

const newRun = (listId: string, members: string[], over: Partial<NewRun> = {}): NewRun => ({
  listId,
  at: AT,
  runBy: { id: 'ada', name: 'ada' },
  trigger: 'manual',
  totalCount: members.length,
  size: members.length,
  creditsConsumed: 1.5 + 0.2 * members.length,
  members,
  added: members,
  removed: [],
  companies: Object.fromEntries(members.map((u) => [u, { name: u.toUpperCase(), website: `${u}.example` }])),
  ranking: null,
  rankingNote: null,
  scores: null,
  ...over,
});

/**
 * Opens stores by database name in a folder of the describe's own (made before its tests); after
 * them, closes every store it opened and removes the folder.
 */
function storesOf(openOne: typeof open): (name: string) => Promise<SavedListStore> {
  let dir: string;
  const opened: Opened[] = [];
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'saved-list-store-'));
  });
  afterAll(async () => {
    for (const o of opened.reverse()) await o.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return async (name) => {
    const o = await openOne(dir, name);
    opened.push(o);
    return o.store;
  };
}

describe.each(STORES)('the saved lists store ($kind): lists and runs', ({ open }) => {
  const store = storesOf(open);

  it('keeps lists as given, shows each user theirs and the shared ones, changes and deletes them', async () => {
    const s = await store('crud');
    const mine = await s.createList(
      newList('ada', { columns: ['name'], schedule: 'daily', nextCheckAt: AT }),
    );
    const theirs = await s.createList(
      newList('mia', { shared: true, createdAt: '2030-01-02T00:00:00.000Z' }),
    );
    await s.createList(newList('mia', { name: 'private' }));
    expect(mine).toMatchObject({
      ownerId: 'ada',
      request: REQUEST,
      columns: ['name'],
      shared: false,
      schedule: 'daily',
      nextCheckAt: AT,
      lastCheck: null,
      createdAt: AT,
      updatedAt: AT,
    });
    expect((await s.listsVisibleTo('ada')).map((l) => l.id)).toEqual([theirs.id, mine.id]);
    const changed = await s.updateList(
      mine.id,
      { name: 'renamed', shared: true, columns: null },
      '2030-01-03T00:00:00.000Z',
    );
    expect(changed).toMatchObject({
      name: 'renamed',
      shared: true,
      columns: null,
      updatedAt: '2030-01-03T00:00:00.000Z',
    });
    expect(await s.updateList('no-such-list', { name: 'x' }, AT)).toBeUndefined();
    expect(await s.deleteList(mine.id)).toBe(true);
    expect(await s.getList(mine.id)).toBeUndefined();
    expect(await s.deleteList(mine.id)).toBe(false);
  });

  it('orders runs made within one millisecond, lists them without companies, and deletes them with the list', async () => {
    const s = await store('runs');
    const list = await s.createList(newList('ada'));
    const first = await s.addRun(newRun(list.id, ['a', 'b']));
    const second = await s.addRun(
      newRun(list.id, ['b', 'c'], { added: ['c'], removed: [{ uuid: 'a', reason: 'no_longer_found' }] }),
    );
    expect(second).toMatchObject({ members: ['b', 'c'], added: ['c'], addedCount: 1, removedCount: 1 });
    expect((await s.latestRun(list.id))?.id).toBe(second!.id);
    const runs = await s.runs(list.id, 10);
    expect(runs.map((r) => r.id)).toEqual([second!.id, first!.id]);
    expect(runs[0]).not.toHaveProperty('members');
    expect(await s.getRun(list.id, first!.id)).toMatchObject({
      members: ['a', 'b'],
      creditsConsumed: 1.9,
      companies: { a: { name: 'A', website: 'a.example' }, b: { name: 'B', website: 'b.example' } },
    });
    expect(await s.getRun('other-list', first!.id)).toBeUndefined();

    await s.markSeen(list.id, 'ada', first!.id, AT);
    await s.markSeen(list.id, 'ada', second!.id, AT);
    expect((await s.seenRun(list.id, 'ada'))?.id).toBe(second!.id);
    expect(await s.seenRun(list.id, 'mia')).toBeUndefined();
    expect(await s.listStatus(list.id, 'ada')).toEqual({
      latest: { id: second!.id, at: AT, size: 2, addedCount: 1, members: ['b', 'c'] },
      seen: { id: second!.id, members: ['b', 'c'] },
    });
    expect(await s.listStatus(list.id, 'mia')).toEqual({
      latest: { id: second!.id, at: AT, size: 2, addedCount: 1, members: ['b', 'c'] },
    });

    await s.deleteList(list.id);
    expect(await s.latestRun(list.id)).toBeUndefined();
    expect(await s.seenRun(list.id, 'ada')).toBeUndefined();
    expect(await s.addRun(newRun(list.id, ['a']))).toBeUndefined();
    expect(await s.listStatus(list.id, 'ada')).toEqual({});
  });

  it('prunes runs past the newest ones kept, but those marked seen or named by an unread alert', async () => {
    const s = await store('prune');
    const list = await s.createList(newList('ada'));
    const runs = [];
    for (let i = 0; i < 6; i++) runs.push((await s.addRun(newRun(list.id, [`c${i}`])))!);
    await s.markSeen(list.id, 'mia', runs[0]!.id, AT);
    await s.addAlert({ userId: 'ada', listId: list.id, runId: runs[1]!.id, at: AT, count: 1 });
    await s.addAlert({ userId: 'ada', listId: list.id, runId: runs[2]!.id, at: AT, count: 1 });
    await s.readAlerts('ada', AT, list.id);
    await s.addAlert({ userId: 'ada', listId: list.id, runId: runs[1]!.id, at: AT, count: 1 });
    expect(await s.pruneRuns(list.id, 2)).toBe(2);
    expect((await s.runs(list.id, 10)).map((r) => r.id)).toEqual([
      runs[5]!.id,
      runs[4]!.id,
      runs[1]!.id,
      runs[0]!.id,
    ]);
    expect(await s.pruneRuns(list.id, 2)).toBe(0);
  });
});

describe.each(STORES)('the saved lists store ($kind): seeds and claims', ({ open }) => {
  const store = storesOf(open);

  it('keeps a list’s seeds (migration 6), changes and clears them; a ranked run’s scores, pruned past the newest scored runs', async () => {
    const s = await store('seeds');
    const seeds = [
      { uuid: 'c1', name: 'Acme', website: 'acme.example' },
      { uuid: 'c2', name: 'Beta “Co”', website: 'beta.example' },
    ];
    const list = await s.createList(newList('ada', { seeds }));
    expect(list.seeds).toEqual(seeds);
    expect((await s.getList(list.id))?.seeds).toEqual(seeds);
    expect((await s.listsVisibleTo('ada'))[0]?.seeds).toEqual(seeds);
    expect((await s.createList(newList('ada'))).seeds).toBeNull();
    expect((await s.updateList(list.id, { seeds: [seeds[1]!] }, AT))?.seeds).toEqual([seeds[1]]);
    // Another change leaves the seeds as they are.
    expect((await s.updateList(list.id, { name: 'renamed' }, AT))?.seeds).toEqual([seeds[1]]);
    expect((await s.updateList(list.id, { seeds: null }, AT))?.seeds).toBeNull();

    const scores = {
      b: { score: 0.91, reasons: ['same industry: Payments'], cells: { 'industry.primary': 'Payments' } },
      a: { score: 0.5, reasons: [], cells: {} },
    };
    const ranked = await s.addRun(
      newRun(list.id, ['b', 'a'], {
        ranking: 'similarity',
        rankingNote: 'Ranked by 1 of its 2 seeds',
        scores,
      }),
    );
    expect(ranked).toMatchObject({
      members: ['b', 'a'],
      ranking: 'similarity',
      rankingNote: 'Ranked by 1 of its 2 seeds',
      scores,
    });
    expect((await s.runs(list.id, 1))[0]?.ranking).toBe('similarity');
    expect(
      await s.addRun(newRun(list.id, ['a'], { ranking: 'filters', rankingNote: 'Pay-as-you-go' })),
    ).toMatchObject({ ranking: 'filters', rankingNote: 'Pay-as-you-go', scores: null });
    const more = [];
    for (let i = 0; i < 3; i++)
      more.push(
        (await s.addRun(newRun(list.id, ['a'], { ranking: 'similarity', scores: { a: scores.a } })))!,
      );
    // Five runs kept, the newest two with their scores.
    expect(await s.pruneRuns(list.id, 5, 2)).toBe(0);
    expect((await s.getRun(list.id, ranked!.id))?.scores).toBeNull();
    expect((await s.getRun(list.id, ranked!.id))?.ranking).toBe('similarity');
    expect((await s.getRun(list.id, more[0]!.id))?.scores).toBeNull();
    expect((await s.getRun(list.id, more[1]!.id))?.scores).toEqual({ a: scores.a });
    expect((await s.latestRun(list.id))?.scores).toEqual({ a: scores.a });
  });

  it('lets exactly one of two instances claim a due check, and keeps it due until its attempt ends', async () => {
    const one = await store('claims');
    const two = await store('claims');
    const list = await one.createList(newList('ada', { schedule: 'daily', nextCheckAt: AT }));
    await one.createList(newList('ada', { schedule: 'weekly', nextCheckAt: '2030-02-01T00:00:00.000Z' }));
    const NOW = '2030-01-01T00:01:00.000Z';
    const [dueOne, dueTwo] = await Promise.all([one.dueChecks(NOW, 10), two.dueChecks(NOW, 10)]);
    expect(dueOne).toEqual([{ id: list.id, nextCheckAt: AT, attempts: 0, slotEnd: null, stopped: null }]);
    expect(dueTwo).toEqual(dueOne);
    const next = '2030-01-02T00:00:00.000Z';
    const claim = (s: SavedListStore, attemptId: string) =>
      s.claimCheck({
        id: list.id,
        due: dueOne[0]!,
        attemptId,
        owner: attemptId,
        at: NOW,
        leaseUntil: '2030-01-01T00:02:00.000Z',
        attempt: 1,
        slotStart: AT,
        slotEnd: next,
      });
    const claims = await Promise.all([claim(one, 'a1'), claim(two, 'a2')]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    const mine = claims[0] ? 'a1' : 'a2';
    // Running: not due for anyone while its lease holds, and next_check_at has not moved on.
    expect(await one.dueChecks(NOW, 10)).toEqual([]);
    expect((await two.getList(list.id))?.nextCheckAt).toBe(AT);
    // Only the attempt's holder renews or ends it.
    expect(await one.renewCheck(list.id, 'other', '2030-01-01T00:03:00.000Z')).toBe(false);
    expect(await one.renewCheck(list.id, mine, '2030-01-01T00:03:00.000Z')).toBe(true);
    const check = {
      at: NOW,
      outcome: 'skipped' as const,
      detail: 'budget',
      run_id: null,
      attempt: 1,
      retry_at: null,
    };
    expect(await two.endCheck({ id: list.id, attemptId: 'other', check, retryAt: null })).toBe(false);
    expect(await two.endCheck({ id: list.id, attemptId: mine, check, retryAt: null })).toBe(true);
    const ended = await one.getList(list.id);
    expect(ended?.nextCheckAt).toBe(next);
    expect(ended?.lastCheck).toEqual(check);
    expect(await one.dueChecks(NOW, 10)).toEqual([]);

    await two.recordCheck(list.id, { ...check, outcome: 'ran', detail: null });
    expect((await one.getList(list.id))?.lastCheck).toMatchObject({ outcome: 'ran', attempt: 1 });
  });
});

describe.each(STORES)('the saved lists store ($kind): leases and alerts', ({ open }) => {
  const store = storesOf(open);

  it('hands an attempt whose lease ended to one other instance, recording it as failed', async () => {
    const one = await store('leases');
    const two = await store('leases');
    const list = await one.createList(newList('ada', { schedule: 'daily', nextCheckAt: AT }));
    const slotEnd = '2030-01-02T00:00:00.000Z';
    const [due] = await one.dueChecks(AT, 10);
    expect(
      await one.claimCheck({
        id: list.id,
        due: due!,
        attemptId: 'dies',
        owner: 'one',
        at: AT,
        leaseUntil: '2030-01-01T00:01:00.000Z',
        attempt: 1,
        slotStart: AT,
        slotEnd,
      }),
    ).toBe(true);
    // Within the lease nobody takes it; past it, both see the stopped attempt and one takes it over.
    expect(await two.dueChecks('2030-01-01T00:00:59.000Z', 10)).toEqual([]);
    const LATER = '2030-01-01T00:01:30.000Z';
    const [stopped] = await two.dueChecks(LATER, 10);
    expect(stopped).toEqual({
      id: list.id,
      nextCheckAt: AT,
      attempts: 1,
      slotEnd,
      stopped: { attemptId: 'dies', startedAt: AT, owner: 'one' },
    });
    const stoppedCheck = {
      at: AT,
      outcome: 'failed' as const,
      detail: 'stopped',
      run_id: null,
      attempt: 1,
      retry_at: LATER,
    };
    const takeOver = (s: SavedListStore, attemptId: string) =>
      s.claimCheck({
        id: list.id,
        due: stopped!,
        attemptId,
        owner: attemptId,
        at: LATER,
        leaseUntil: '2030-01-01T00:02:30.000Z',
        attempt: 2,
        slotStart: AT,
        slotEnd,
        retryAt: LATER,
        stoppedCheck,
      });
    const took = await Promise.all([takeOver(one, 'b1'), takeOver(two, 'b2')]);
    expect(took.filter(Boolean)).toHaveLength(1);
    const retry = took[0] ? 'b1' : 'b2';
    const during = await one.getList(list.id);
    expect(during?.lastCheck).toEqual(stoppedCheck);
    expect(during?.nextCheckAt).toBe(AT);
    // The stalled holder comes back: its lease is gone.
    expect(await one.renewCheck(list.id, 'dies', '2030-01-01T00:05:00.000Z')).toBe(false);
    // The retry fails too, to be tried again later in the slot: the slot stays.
    const failed = {
      ...stoppedCheck,
      at: LATER,
      detail: 'down',
      attempt: 2,
      retry_at: '2030-01-01T00:06:30.000Z',
    };
    expect(
      await two.endCheck({ id: list.id, attemptId: retry, check: failed, retryAt: failed.retry_at }),
    ).toBe(true);
    expect(await one.dueChecks('2030-01-01T00:06:00.000Z', 10)).toEqual([]);
    expect(await one.dueChecks('2030-01-01T00:06:30.000Z', 10)).toEqual([
      { id: list.id, nextCheckAt: AT, attempts: 2, slotEnd, stopped: null },
    ]);
    expect((await one.getList(list.id))?.lastCheck).toEqual(failed);
  });

  it('counts unread alerts per user and reads them by list or all at once', async () => {
    const s = await store('alerts');
    const a = await s.createList(newList('ada', { name: 'A' }));
    const b = await s.createList(newList('ada', { name: 'B' }));
    const runA = await s.addRun(newRun(a.id, ['x']));
    const runB = await s.addRun(newRun(b.id, ['y']));
    await s.addAlert({ userId: 'ada', listId: a.id, runId: runA!.id, at: AT, count: 2 });
    await s.addAlert({
      userId: 'ada',
      listId: b.id,
      runId: runB!.id,
      at: '2030-01-01T00:00:01.000Z',
      count: 1,
    });
    const alerts = await s.alerts('ada', 10);
    expect(alerts.unread).toBe(2);
    expect(alerts.data.map((x) => [x.listName, x.count])).toEqual([
      ['B', 1],
      ['A', 2],
    ]);
    expect((await s.alerts('mia', 10)).unread).toBe(0);
    await s.readAlerts('ada', AT, a.id);
    expect((await s.alerts('ada', 10)).data.map((x) => x.listName)).toEqual(['B']);
    await s.readAlerts('ada', AT);
    expect(await s.alerts('ada', 10)).toEqual({ unread: 0, data: [] });
  });
});

describe.each(STORES)('the saved lists store ($kind): static lists', ({ open }) => {
  const store = storesOf(open);
  const company = (uuid: string) => ({
    uuid,
    name: uuid.toUpperCase(),
    website: `${uuid}.com`,
    productCategory: null,
  });

  it('keeps the companies in order, and undoes a change that would pass the limit', async () => {
    const s = await store('static');
    const list = await s.createList(newList('ada', { kind: 'static', request: null }), [
      company('a'),
      company('b'),
    ]);
    expect(list).toMatchObject({ kind: 'static', request: null });
    expect(
      await s.changeCompanies(list.id, { add: [company('c'), company('a')], remove: ['b'] }, AT, 3),
    ).toBe(2);
    expect((await s.companies(list.id)).map((c) => c.uuid)).toEqual(['a', 'c']);
    // Three more less one would make 4 of at most 3: nothing changes, the removal included.
    expect(
      await s.changeCompanies(
        list.id,
        { add: [company('d'), company('e'), company('f')], remove: ['c'] },
        AT,
        3,
      ),
    ).toBe('full');
    expect((await s.companies(list.id)).map((c) => c.uuid)).toEqual(['a', 'c']);
    expect(await s.companyCounts([list.id, 'none'])).toEqual(new Map([[list.id, 2]]));
    await s.deleteList(list.id);
    expect(await s.companies(list.id)).toEqual([]);
  });
});
