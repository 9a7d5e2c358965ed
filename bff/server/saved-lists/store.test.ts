/**
 * The saved lists' store, through its interface only, so the same tests hold every implementation
 * (SQLite now; the PostgreSQL store of issue 9 joins `STORES` when it is ported). Two stores opened
 * on one database stand for two BFF instances.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedListRequest } from '../../contract/api';
import { openBffDatabase } from '../store/db';
import { type NewRun, type SavedListStore, SqliteSavedListStore } from './store';

type Opened = { store: SavedListStore; close: () => void };

/** Each implementation: opens a store on the database named `name` (same name, same database). */
const STORES: { kind: string; open: (dir: string, name: string) => Opened }[] = [
  {
    kind: 'sqlite',
    open: (dir, name) => {
      const db = openBffDatabase(path.join(dir, `${name}.sqlite`));
      return { store: new SqliteSavedListStore(db), close: () => db.close() };
    },
  },
];

const REQUEST = {
  filters: { 'location.hq.country': ['DEU'] },
  sort_by: 'relevance',
  sort_order: 'desc',
  limit: 50,
  offset: 0,
} as ParsedListRequest;
const AT = '2030-01-01T00:00:00.000Z';

const newList = (ownerId: string, over: Partial<Parameters<SavedListStore['createList']>[0]> = {}) => ({
  ownerId,
  ownerName: ownerId,
  name: `${ownerId}'s list`,
  request: REQUEST,
  columns: null,
  shared: false,
  schedule: null,
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
  ...over,
});

describe.each(STORES)('the saved lists store ($kind)', ({ open }) => {
  let dir: string;
  const opened: Opened[] = [];
  const store = (name: string) => {
    const o = open(dir, name);
    opened.push(o);
    return o.store;
  };

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'saved-list-store-'));
  });
  afterAll(() => {
    for (const o of opened) o.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps lists as given, shows each user theirs and the shared ones, changes and deletes them', async () => {
    const s = store('crud');
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
    const s = store('runs');
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
    const s = store('prune');
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

  it('lets exactly one of two instances claim a due check', async () => {
    const one = store('claims');
    const two = store('claims');
    const list = await one.createList(newList('ada', { schedule: 'daily', nextCheckAt: AT }));
    await one.createList(newList('ada', { schedule: 'weekly', nextCheckAt: '2030-02-01T00:00:00.000Z' }));
    const [dueOne, dueTwo] = await Promise.all([
      one.dueChecks('2030-01-01T00:01:00.000Z', 10),
      two.dueChecks('2030-01-01T00:01:00.000Z', 10),
    ]);
    expect(dueOne).toEqual([{ id: list.id, nextCheckAt: AT }]);
    expect(dueTwo).toEqual(dueOne);
    const next = '2030-01-02T00:00:00.000Z';
    const claims = await Promise.all([one.claimCheck(list.id, AT, next), two.claimCheck(list.id, AT, next)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect((await two.getList(list.id))?.nextCheckAt).toBe(next);
    expect(await one.dueChecks('2030-01-01T00:01:00.000Z', 10)).toEqual([]);

    await two.recordCheck(list.id, { at: AT, outcome: 'skipped', detail: 'budget', run_id: null });
    expect((await one.getList(list.id))?.lastCheck).toEqual({
      at: AT,
      outcome: 'skipped',
      detail: 'budget',
      run_id: null,
    });
  });

  it('counts unread alerts per user and reads them by list or all at once', async () => {
    const s = store('alerts');
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
