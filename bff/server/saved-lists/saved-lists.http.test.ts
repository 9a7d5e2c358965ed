/**
 * Saved lists over real HTTP (issue 14): a team-mode BFF in front of a real embedded service, two
 * team members (ada, mia). Every rule of the API: CRUD and who may do what, validation like the
 * proxy's, runs (first 500 in the list's order, asked afresh, credits as the ledger has them), what
 * is added and removed against the run each user last marked seen, and why a company left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ENDPOINTS, pathOf, requestOf } from '../../contract/endpoints';
import { credits } from '../../contract/pricing';
import type { Problem } from '../../contract/problem';
import {
  estimateSavedListRun,
  type SavedList,
  type SavedListEstimate,
  type SavedListRun,
  type SavedListRunDetail,
  type SavedListRunsResponse,
  type SavedListsResponse,
} from '../../contract/saved-lists';
import { type Service, startService } from '../../embedded/service';
import { type RunningBff, startBff } from '../../testing/bff-server';
import { eventually } from '../../testing/embedded-additions';
import { testStore } from '../../testing/test-store';
import { addUser } from '../auth/users';
import type { BffStore } from '../store/store';
import { embeddedUpstream, type Upstream } from '../upstream/upstream';

const ADA = { name: 'ada', password: 'ada admin password' };
const MIA = { name: 'mia', password: 'mia member password' };
const NO_SUCH_ID = '0b6b1f52-3f0e-4c57-9a51-4d3f0f0a7e11';

type Caller = (id: keyof typeof ENDPOINTS, input?: unknown) => Promise<Response>;

let service: Service;
let db: BffStore;
let bff: RunningBff;
let ada: Caller;
let adaCookie: string;
let mia: Caller;
let adaId: string;
let miaId: string;
/** Companies the staged upstream hides, as if the service no longer had them. */
const hidden = new Set<string>();

/** The embedded service, with the companies of `hidden` gone from list pages and company searches. */
function withHidden(real: Upstream): Upstream {
  return {
    ...real,
    send: async (call) => {
      const answer = await real.send(call);
      const path = call.pathAndQuery;
      if (hidden.size === 0 || answer.status !== 200) return answer;
      if (!path.startsWith('/api/v1/list/generate/') && !path.startsWith('/api/v1/company/search'))
        return answer;
      const body = JSON.parse(answer.text) as { data: { uuid: string }[]; count?: number };
      body.data = body.data.filter((c) => !hidden.has(c.uuid));
      if (body.count !== undefined) body.count = body.data.length;
      return { ...answer, text: JSON.stringify(body) };
    },
  };
}

async function cookieOf(who: { name: string; password: string }): Promise<string> {
  const res = await bff.post(pathOf('bff.signIn'), { username: who.name, password: who.password });
  expect(res.status, `sign-in of ${who.name}`).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

function caller(cookie: string): Caller {
  return (id, input) => {
    const req = requestOf(id, input);
    return bff.call(req.url, {
      method: req.method,
      headers: { cookie, ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(req.body !== undefined ? { body: req.body } : {}),
    });
  };
}

async function ok<T>(res: Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text).toBe(status);
  return (text ? JSON.parse(text) : undefined) as T;
}

const create = (as: Caller, body: Record<string, unknown>) =>
  ok<SavedList>(as('bff.savedLists.create', body), 201);
const run = (as: Caller, id: string) => ok<SavedListRun>(as('bff.savedList.run', { id }), 201);
const markSeen = async (as: Caller, id: string) => {
  const res = await as('bff.savedList.seen', { id });
  expect(res.status, await res.text()).toBe(204);
};

/** The ledger's credits of a user since a row id. */
async function ledgerSince(userId: string, afterId: number): Promise<number> {
  await ada('bff.usage');
  return credits(
    (
      (await db.sql.get<{ c: number }>(
        'SELECT COALESCE(SUM(credits_consumed), 0) AS c FROM ledger WHERE user_id = ? AND id > ?',
        [userId, afterId],
      )) ?? { c: 0 }
    ).c,
  );
}

async function lastLedgerId(): Promise<number> {
  // `/bff/usage` writes the ledger's pending records first.
  await ada('bff.usage');
  const row = await db.sql.get<{ id: number }>('SELECT COALESCE(MAX(id), 0) AS id FROM ledger');
  return Number(row?.id ?? 0);
}

const PRIVATE_OR_PUBLIC = { 'firmographic.company_type': ['private', 'public'] };

beforeAll(async () => {
  service = await startService({ dataDir: ':memory:', companies: 400, seed: 21, additionDelayMs: 30 });
  db = await testStore();
  adaId = (await addUser(db, { ...ADA, dailyBudget: null, role: 'admin' })).user.id;
  miaId = (await addUser(db, { ...MIA, dailyBudget: null })).user.id;
  bff = await startBff({
    upstream: withHidden(embeddedUpstream(service)),
    mode: 'team',
    store: db,
    savedLists: { scheduler: false },
  });
  adaCookie = await cookieOf(ADA);
  ada = caller(adaCookie);
  mia = caller(await cookieOf(MIA));
});

afterAll(async () => {
  await bff?.close();
  await db?.close();
  service?.close();
});

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

describe('runs', () => {
  it('holds the first 500 matches in the list’s order whatever its page size, with the service’s count and the ledger’s credits', async () => {
    const request = { filters: PRIVATE_OR_PUBLIC, sort_by: 'founded_year', sort_order: 'asc', limit: 10 };
    const list = await create(ada, { name: 'Everyone by age', request });
    const estimate = await ok<SavedListEstimate>(ada('bff.savedList.estimate', { id: list.id }));
    expect(estimate.credits).toBe(estimateSavedListRun(request, 'enterprise').credits);
    expect(estimate.up_to).toBe(true);

    const from = await lastLedgerId();
    const first = await run(ada, list.id);
    expect(first.credits_consumed).toBe(await ledgerSince(adaId, from));
    const truth = await readAll(ada, {
      filters: PRIVATE_OR_PUBLIC,
      sort_by: 'founded_year',
      sort_order: 'asc',
    });
    expect(first.size).toBe(truth.uuids.length);
    expect(first.total_count).toBe(truth.total);
    expect(first.size).toBe(400);
    expect(first.added).toEqual(truth.uuids);
    expect(first.removed).toEqual([]);
    expect(first.trigger).toBe('manual');
    expect(first.credits_consumed).toBeLessThanOrEqual(estimate.credits);

    const detail = await ok<SavedListRunDetail>(
      ada('bff.savedList.runDetail', { id: list.id, run_id: first.id }),
    );
    expect(detail.members).toEqual(truth.uuids);
    // Each member named as list generation names it.
    expect(Object.keys(first.companies).sort()).toEqual([...truth.uuids].sort());
    expect(detail.companies).toEqual(first.companies);
    expect(first.companies[truth.uuids[0]!]).toEqual({ name: truth.names[0], website: truth.websites[0] });
    expect(detail).toMatchObject({ id: first.id, added: first.added, removed: [], size: first.size });
    expect((await ada('bff.savedList.runDetail', { id: list.id, run_id: NO_SUCH_ID })).status).toBe(404);

    const history = await ok<SavedListRunsResponse>(ada('bff.savedList.runs', { id: list.id }));
    expect(history.data).toEqual([
      {
        id: first.id,
        list_id: list.id,
        at: first.at,
        total_count: first.total_count,
        size: first.size,
        added_count: first.size,
        removed_count: 0,
        credits_consumed: first.credits_consumed,
        run_by: { id: adaId, name: 'ada' },
        trigger: 'manual',
        ranking: null,
      },
    ]);
    expect((await ada('bff.savedList.run', { id: NO_SUCH_ID })).status).toBe(404);
  });

  it('runs a company-size list with an exclusion through the list resolver, asked afresh, within its estimate', async () => {
    const request = {
      filters: { 'firmographic.headcount_range': ['1-10', '11-50', '51-200'] },
      exclude: { 'location.hq.country': ['USA'] },
      sort_by: 'employee_range',
      sort_order: 'asc',
      limit: 20,
    };
    const list = await create(ada, { name: 'Small, not American', request });
    const estimate = await ok<SavedListEstimate>(ada('bff.savedList.estimate', { id: list.id }));
    const from = await lastLedgerId();
    const first = await run(ada, list.id);
    expect(first.credits_consumed).toBe(await ledgerSince(adaId, from));
    expect(first.credits_consumed).toBeLessThanOrEqual(estimate.credits);
    const { limit: _limit, ...rest } = request;
    const truth = await readAll(ada, rest);
    expect(first.added).toEqual(truth.uuids);
    expect(first.size).toBeGreaterThan(0);
    // A second run pays its probes again: it reads none of the first run's readings.
    const again = await run(ada, list.id);
    expect(again.credits_consumed).toBe(first.credits_consumed);
  });

  it('on Pay-as-you-go reads the 500 in pages of 20 that share one run’s probes', async () => {
    const payg = await startBff({
      upstream: embeddedUpstream(service, 'dev-payg-key'),
      savedLists: { scheduler: false },
    });
    try {
      const as: Caller = (id, input) => {
        const req = requestOf(id, input);
        return payg.call(req.url, {
          method: req.method,
          ...(req.body !== undefined
            ? { headers: { 'content-type': 'application/json' }, body: req.body }
            : {}),
        });
      };
      for (const request of [
        { filters: PRIVATE_OR_PUBLIC },
        {
          filters: { 'firmographic.headcount_range': ['1-10', '11-50'] },
          sort_by: 'employee_range',
          sort_order: 'asc',
        },
      ]) {
        const list = await create(as, { name: 'Pay as you go', request });
        const estimate = await ok<SavedListEstimate>(as('bff.savedList.estimate', { id: list.id }));
        expect(estimate.credits).toBe(estimateSavedListRun(request, 'payg').credits);
        const r = await run(as, list.id);
        expect(r.credits_consumed).toBeLessThanOrEqual(estimate.credits);
        expect(r.added).toEqual((await readAll(as, request)).uuids);
      }
    } finally {
      await payg.close();
    }
  });

  it('adds and removes against the run the user last marked seen, each user their own; why each left', async () => {
    const list = await create(ada, { name: 'Diff', request: { filters: PRIVATE_OR_PUBLIC }, shared: true });
    expect((await ada('bff.savedList.seen', { id: list.id })).status).toBe(409);

    const first = await run(ada, list.id);
    expect(first.added).toHaveLength(first.size);
    // Not marked seen: everything is still new.
    const again = await run(ada, list.id);
    expect(again.added).toEqual(first.added);
    await markSeen(ada, list.id);
    const quiet = await run(ada, list.id);
    expect(quiet).toMatchObject({ added: [], removed: [] });
    await markSeen(ada, list.id);

    // The owner narrows the list: the private companies leave it, still found by id.
    const publicOnly = await ok<SavedList>(
      ada('bff.savedList.update', {
        id: list.id,
        request: { filters: { 'firmographic.company_type': ['public'] } },
      }),
    );
    const narrowed = await run(ada, publicOnly.id);
    const kept = new Set((await detailOf(list.id, narrowed.id)).members);
    const left = first.added.filter((u) => !kept.has(u));
    expect(left.length).toBeGreaterThan(0);
    expect(narrowed.added).toEqual([]);
    expect(narrowed.removed.length).toBe(first.size - narrowed.size);
    expect(narrowed.removed.map((r) => r.uuid).sort()).toEqual(left.sort());
    for (const r of narrowed.removed) {
      expect(r.reason).toBe('no_longer_matching');
      expect(narrowed.companies[r.uuid], 'a company that left is named').toEqual(first.companies[r.uuid]);
    }

    // Mia never marked it seen: her first run adds every member and removes nothing.
    const miaFirst = await run(mia, list.id);
    expect(miaFirst.added).toHaveLength(miaFirst.size);
    expect(miaFirst.removed).toEqual([]);

    // A company the service no longer has: no longer found.
    await markSeen(ada, list.id);
    const gone = [...kept][0]!;
    hidden.add(gone);
    try {
      const after = await run(ada, list.id);
      expect(after.removed).toEqual([{ uuid: gone, reason: 'no_longer_found' }]);
      // No longer found, it is named as the user last saw it.
      expect(after.companies[gone]).toEqual(first.companies[gone]);
      // Not marked seen: it stays removed on the next run.
      expect((await run(ada, list.id)).removed).toEqual([{ uuid: gone, reason: 'no_longer_found' }]);
    } finally {
      hidden.delete(gone);
    }
    // Back again and not marked seen since: no longer removed, not added either.
    const back = await run(ada, list.id);
    expect(back).toMatchObject({ added: [], removed: [] });
  });

  it('asks the service afresh: a company added a minute ago is in the next run, though the read cache holds the list', async () => {
    const request = { filters: PRIVATE_OR_PUBLIC, sort_by: 'relevance' };
    const list = await create(ada, { name: 'Fresh', request });
    const first = await run(ada, list.id);
    await markSeen(ada, list.id);
    // The run's own request through the proxy, twice: the second answer is the BFF's cached one,
    // which a run that read the cache would get.
    const body = { ...request, sort_order: 'desc', limit: 500, offset: 0 };
    await ada('list.generate', body);
    const cached = await ada('list.generate', body);
    expect(cached.headers.get('x-cache')).toBe('hit');

    const submitted = await ok<{ request_id: string }>(
      ada('additions.submit', {
        company_name: 'Quokka Analytics',
        website: 'https://quokka-analytics-test.com',
      }),
      202,
    );
    const done = await eventually(
      async () =>
        ok<{ status: string; detail: { company_uuid: string | null } }>(
          ada('additions.status', { id: submitted.request_id }),
        ),
      (s) => s.status === 'completed' || s.status === 'failed',
      'the addition to complete',
    );
    expect(done.status).toBe('completed');
    const uuid = done.detail.company_uuid!;
    const stale = (await (await ada('list.generate', body)).json()) as { data: { uuid: string }[] };
    expect(
      stale.data.map((c) => c.uuid),
      'the cache still holds the list without it',
    ).not.toContain(uuid);

    const second = await run(ada, list.id);
    expect(second.size).toBe(first.size + 1);
    expect(second.added).toEqual([uuid]);
    const detail = await detailOf(list.id, second.id);
    expect(detail.members).toContain(uuid);
  });
});

async function detailOf(listId: string, runId: string): Promise<SavedListRunDetail> {
  return ok<SavedListRunDetail>(ada('bff.savedList.runDetail', { id: listId, run_id: runId }));
}

/** A whole list through the proxy, 20 at a time (every plan's page), as the grid pages it. */
async function readAll(
  as: Caller,
  body: Record<string, unknown>,
): Promise<{ uuids: string[]; names: string[]; websites: string[]; total: number }> {
  const rows: { uuid: string; name: string; website: string }[] = [];
  let total = 0;
  for (let offset = 0; ; ) {
    const page = await ok<{ data: { uuid: string; name: string; website: string }[]; total_count: number }>(
      as('list.generate', { ...body, limit: 20, offset }),
    );
    total = page.total_count;
    rows.push(...page.data);
    offset += page.data.length;
    if (page.data.length === 0 || offset >= Math.min(total, 500))
      return {
        uuids: rows.map((r) => r.uuid),
        names: rows.map((r) => r.name),
        websites: rows.map((r) => r.website),
        total,
      };
  }
}

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
      mia = caller(await cookieOf(MIA));
    }
  });
});
