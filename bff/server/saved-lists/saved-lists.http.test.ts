/**
 * Saved lists over real HTTP (issue 14): a team-mode BFF in front of a real embedded service, two
 * team members (ada, mia). CRUD and who may do what, validation like the proxy's, and scheduled
 * checks of a team member's list. Runs: saved-list-runs.http.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { pathOf } from '../../contract/endpoints';
import type { Problem } from '../../contract/problem';
import type { SavedList, SavedListRunsResponse, SavedListsResponse } from '../../contract/saved-lists';
import { testStore } from '../../testing/test-store';
import {
  ada,
  adaCookie,
  adaId,
  bff,
  create,
  db,
  lastLedgerId,
  ledgerSince,
  markSeen,
  mia,
  miaId,
  NO_SUCH_ID,
  ok,
  PRIVATE_OR_PUBLIC,
  run,
  signMiaInAgain,
  withSavedListsBff,
} from './saved-lists-testing';

withSavedListsBff(testStore);

describe('saving, reading, changing and deleting lists', () => {
  it('saves a list with the defaults, shows it to its owner, changes and deletes it', async () => {
    const request = {
      filters: { 'location.hq.country': ['DEU', 'FRA'] },
      sort_by: 'founded_year',
      limit: 25,
    };
    const list = await create(ada, { name: '  German and French  ', request });
    expect(list).toMatchObject({
      name: 'German and French',
      request: { ...request, sort_order: 'desc', offset: 0 },
      columns: null,
      shared: false,
      schedule: null,
      owner: { id: adaId, name: 'ada' },
      last_run: null,
      new_count: null,
      seen_run_id: null,
      next_check_at: null,
      last_check: null,
    });
    expect(list.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(list.created_at).toBe(list.updated_at);

    expect(await ok<SavedList>(ada('bff.savedList', { id: list.id }))).toEqual(list);
    const mine = await ok<SavedListsResponse>(ada('bff.savedLists'));
    expect(mine.data.map((l) => l.id)).toContain(list.id);

    const changed = await ok<SavedList>(
      ada('bff.savedList.update', {
        id: list.id,
        name: 'Renamed',
        columns: ['name', 'website'],
        schedule: 'weekly',
      }),
    );
    expect(changed).toMatchObject({ name: 'Renamed', columns: ['name', 'website'], schedule: 'weekly' });
    expect(changed.request).toEqual(list.request);
    expect(Date.parse(changed.next_check_at!) - Date.parse(changed.updated_at)).toBe(7 * 24 * 3600_000);
    const unscheduled = await ok<SavedList>(ada('bff.savedList.update', { id: list.id, schedule: null }));
    expect(unscheduled.next_check_at).toBeNull();

    const del = await ada('bff.savedList.delete', { id: list.id });
    expect(del.status).toBe(204);
    expect((await ada('bff.savedList', { id: list.id })).status).toBe(404);
    expect((await ada('bff.savedList.delete', { id: list.id })).status).toBe(404);
    for (const id of ['not-a-list', NO_SUCH_ID]) {
      const res = await ada('bff.savedList', { id });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
    }
  });

  it('keeps a private list from everyone else: 404 for everything, runs included', async () => {
    const list = await create(ada, { name: 'Private', request: { filters: PRIVATE_OR_PUBLIC } });
    await run(ada, list.id);
    const runs = await ok<SavedListRunsResponse>(ada('bff.savedList.runs', { id: list.id }));
    const runId = runs.data[0]!.id;
    const from = await lastLedgerId();
    for (const [id, input] of [
      ['bff.savedList', { id: list.id }],
      ['bff.savedList.update', { id: list.id, name: 'Mine now' }],
      ['bff.savedList.delete', { id: list.id }],
      ['bff.savedList.estimate', { id: list.id }],
      ['bff.savedList.run', { id: list.id }],
      ['bff.savedList.runs', { id: list.id }],
      ['bff.savedList.runDetail', { id: list.id, run_id: runId }],
      ['bff.savedList.seen', { id: list.id }],
    ] as const) {
      const res = await mia(id, input);
      expect(res.status, id).toBe(404);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
    }
    expect(await ledgerSince(miaId, from), 'nothing ran for mia').toBe(0);
    const theirs = await ok<SavedListsResponse>(mia('bff.savedLists'));
    expect(theirs.data.map((l) => l.id)).not.toContain(list.id);
    expect((await ok<SavedList>(ada('bff.savedList', { id: list.id }))).name).toBe('Private');
  });

  it('shares a list read-only: others see, run (charged to them) and mark it seen, and get 403 on a change', async () => {
    const list = await create(ada, {
      name: 'Shared',
      request: { filters: { 'firmographic.company_type': ['public'] } },
      shared: true,
    });
    const seenByMia = await ok<SavedListsResponse>(mia('bff.savedLists'));
    expect(seenByMia.data.find((l) => l.id === list.id)).toMatchObject({ owner: { id: adaId, name: 'ada' } });

    expect((await mia('bff.savedList.update', { id: list.id, name: 'Hijacked' })).status).toBe(403);
    const del = await mia('bff.savedList.delete', { id: list.id });
    expect(del.status).toBe(403);
    expect(((await del.json()) as Problem).detail).toMatch(/owner/);
    expect((await ok<SavedList>(ada('bff.savedList', { id: list.id }))).name).toBe('Shared');

    const from = await lastLedgerId();
    const miasRun = await run(mia, list.id);
    expect(miasRun.run_by).toEqual({ id: miaId, name: 'mia' });
    expect(miasRun.credits_consumed).toBeGreaterThan(0);
    expect(await ledgerSince(miaId, from)).toBe(miasRun.credits_consumed);
    expect(await ledgerSince(adaId, from)).toBe(0);
    await markSeen(mia, list.id);
    const forMia = await ok<SavedList>(mia('bff.savedList', { id: list.id }));
    expect(forMia).toMatchObject({ seen_run_id: miasRun.id, new_count: 0 });
    // Ada marked nothing: for her, every member of the latest run is new.
    const forAda = await ok<SavedList>(ada('bff.savedList', { id: list.id }));
    expect(forAda).toMatchObject({ seen_run_id: null, new_count: miasRun.size });
    expect(forAda.last_run).toEqual({
      id: miasRun.id,
      at: miasRun.at,
      size: miasRun.size,
      added_count: miasRun.added.length,
    });
  });
});

describe('refusing bad saved lists', () => {
  it('refuses bad input with every invalid field named, and changes nothing', async () => {
    const before = (await ok<SavedListsResponse>(ada('bff.savedLists'))).data.length;
    const res = await ada('bff.savedLists.create', {
      name: '',
      request: {
        filters: {
          'location.hq.country': ['XXX'],
          'no.such.key': [1],
          'firmographic.headcount_range': ['7-9'],
        },
        limit: 600,
      },
      columns: ['name', 'no_such_column'],
      schedule: 'hourly',
      shared: 'yes',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const problem = (await res.json()) as Problem;
    const paths = problem.errors!.map((e) => e.path);
    for (const p of [
      'name',
      'request.filters.location.hq.country.0',
      'request.filters.no.such.key',
      'request.filters.firmographic.headcount_range.0',
      'request.limit',
      'columns.1',
      'schedule',
      'shared',
    ])
      expect(paths, p).toContain(p);

    // What only planning the request finds (excluding every value a key allows) is named too, with
    // the other fields.
    const all = await ada('bff.savedLists.create', {
      name: 'x'.repeat(201),
      request: { filters: {}, exclude: { 'firmographic.company_type': ['private', 'public'] } },
    });
    expect(all.status).toBe(400);
    const allPaths = ((await all.json()) as Problem).errors!.map((e) => e.path);
    expect(allPaths).toContain('name');
    expect(allPaths.some((p) => p.startsWith('request.exclude.firmographic.company_type'))).toBe(true);

    // Both query and filters, as the proxy refuses them.
    const both = await ada('bff.savedLists.create', {
      name: 'Both',
      request: { query: 'software companies', filters: PRIVATE_OR_PUBLIC },
    });
    expect(((await both.json()) as Problem).errors!.map((e) => e.path)).toEqual(['request.query']);

    const notJson = await bff.call(pathOf('bff.savedLists.create'), {
      method: 'POST',
      headers: { cookie: adaCookie, 'content-type': 'application/json' },
      body: '{',
    });
    expect(notJson.status).toBe(400);

    const list = await create(ada, { name: 'Kept', request: { filters: PRIVATE_OR_PUBLIC } });
    const patch = await ada('bff.savedList.update', {
      id: list.id,
      name: 'Changed',
      request: { filters: { 'firmographic.company_type': ['nonprofit'] } },
      extra: true,
    });
    expect(patch.status).toBe(400);
    const patchPaths = ((await patch.json()) as Problem).errors!.map((e) => e.path);
    expect(patchPaths).toEqual(
      expect.arrayContaining(['request.filters.firmographic.company_type.0', 'extra']),
    );
    expect(await ok<SavedList>(ada('bff.savedList', { id: list.id }))).toEqual(list);
    expect((await ok<SavedListsResponse>(ada('bff.savedLists'))).data.length).toBe(before + 1);
  });
});

describe('scheduled checks of a team member’s list', () => {
  it('runs a due check as the owner, charged to them, and skips it while the owner is disabled', async () => {
    const list = await create(mia, {
      name: 'Mia daily',
      request: { filters: PRIVATE_OR_PUBLIC },
      schedule: 'daily',
    });
    const makeDue = () =>
      db.sql.run('UPDATE saved_lists SET next_check_at = ? WHERE id = ?', [
        new Date(Date.now() - 1000).toISOString(),
        list.id,
      ]);
    const scheduler = bff.bff.savedLists.scheduler;

    await makeDue();
    const from = await lastLedgerId();
    expect(await scheduler.tick()).toBe(1);
    const ran = await ok<SavedList>(mia('bff.savedList', { id: list.id }));
    expect(ran.last_check).toMatchObject({ outcome: 'ran' });
    const runs = await ok<SavedListRunsResponse>(mia('bff.savedList.runs', { id: list.id }));
    expect(runs.data[0]).toMatchObject({ trigger: 'schedule', run_by: { id: miaId, name: 'mia' } });
    expect(await ledgerSince(miaId, from)).toBe(runs.data[0]!.credits_consumed);
    expect(await ledgerSince(adaId, from)).toBe(0);

    await ok(ada('bff.admin.updateUser', { id: miaId, disabled: true }));
    try {
      await makeDue();
      expect(await scheduler.tick()).toBe(1);
      const skipped = (await ok<SavedListsResponse>(ada('bff.savedLists'))).data;
      // A private list of mia's is not ada's to see: read it from the store.
      expect(skipped.find((l) => l.id === list.id)).toBeUndefined();
      const stored = await bff.bff.savedLists.store.getList(list.id);
      expect(stored?.lastCheck).toMatchObject({ outcome: 'skipped', run_id: null });
      expect(stored?.lastCheck?.detail).toMatch(/can no longer sign in/);
    } finally {
      // Disabling ended mia's sessions: enabled again, she signs in again.
      await ok(ada('bff.admin.updateUser', { id: miaId, disabled: false }));
      await signMiaInAgain();
    }
  });
});
