/**
 * Saved lists' runs over real HTTP (issue 14): first 500 in the list's order, asked afresh, credits
 * as the ledger has them; what is added and removed against the run each user last marked seen, and
 * why a company left.
 */
import { describe, expect, it } from 'vitest';
import { requestOf } from '../../contract/endpoints';
import {
  estimateSavedListRun,
  type SavedList,
  type SavedListEstimate,
  type SavedListRunDetail,
  type SavedListRunsResponse,
} from '../../contract/saved-lists';
import { startBff } from '../../testing/bff-server';
import { eventually } from '../../testing/embedded-additions';
import { testStore } from '../../testing/test-store';
import { embeddedUpstream } from '../upstream/upstream';
import {
  ada,
  adaId,
  type Caller,
  create,
  hidden,
  lastLedgerId,
  ledgerSince,
  markSeen,
  mia,
  NO_SUCH_ID,
  ok,
  PRIVATE_OR_PUBLIC,
  run,
  service,
  withSavedListsBff,
} from './saved-lists-testing';

withSavedListsBff(testStore);

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
});

describe('runs: added and removed', () => {
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
