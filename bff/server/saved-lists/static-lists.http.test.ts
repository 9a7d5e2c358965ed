/**
 * Static lists over real HTTP (issue 35): companies picked by hand kept under a name, changed by
 * adding and removing companies, with the saved lists' rules of who may (404 for someone else's
 * private list, 403 to change a shared one); and "Hide", the user's own account list of hidden
 * companies that list generation leaves out. A team-mode BFF in front of a real embedded service,
 * on the Vitest project's store (SQLite, or PostgreSQL in the `postgres` project).
 */
import { describe, expect, it } from 'vitest';
import type { AccountListSummary, AccountListsResponse } from '../../contract/accounts';
import type { ListGenerateResponse } from '../../contract/api';
import type { Problem } from '../../contract/problem';
import type { SavedList, SavedListsResponse } from '../../contract/saved-lists';
import { testStore } from '../../testing/test-store';
import {
  ada,
  adaId,
  create,
  lastLedgerId,
  ledgerSince,
  mia,
  miaId,
  ok,
  PRIVATE_OR_PUBLIC,
  withSavedListsBff,
} from './saved-lists-testing';

withSavedListsBff(testStore);

type Company = { uuid: string; name: string; website: string; product_category: string | null };

/** Real companies of the embedded service, in the list's order (a paid list page, as the grid reads it). */
async function companies(n: number, offset = 0): Promise<Company[]> {
  const page = await ok<ListGenerateResponse>(
    ada('list.generate', { filters: PRIVATE_OR_PUBLIC, limit: n, offset }),
  );
  expect(page.data.length).toBe(n);
  return page.data.map(({ uuid, name, website, product_category }) => ({
    uuid,
    name,
    website,
    product_category,
  }));
}

const uuids = (list: SavedList) => list.companies?.map((c) => c.uuid);

async function problemOf(res: Promise<Response>, status: number): Promise<Problem> {
  const r = await res;
  expect(r.headers.get('content-type')).toBe('application/problem+json');
  const body = (await r.json()) as Problem;
  expect(r.status, JSON.stringify(body)).toBe(status);
  return body;
}

describe('making a static list from companies picked by hand', () => {
  it('keeps the companies in the order given, named as the company search names them, for free', async () => {
    const picked = await companies(3);
    const from = await lastLedgerId();
    const list = await create(ada, { name: '  Picked by hand ', companies: picked.map((c) => c.uuid) });
    expect(await ledgerSince(adaId, from), 'checking the ids is free').toBe(0);
    expect(list).toMatchObject({
      kind: 'static',
      name: 'Picked by hand',
      request: null,
      shared: false,
      schedule: null,
      seeds: null,
      owner: { id: adaId, name: 'ada' },
      last_run: null,
      company_count: 3,
    });
    expect(list.companies?.map(({ added_at: _, ...c }) => c)).toEqual(picked);

    expect(await ok<SavedList>(ada('bff.savedList', { id: list.id }))).toEqual(list);
    // The Lists page's list: the static list beside the saved searches, counted, without its companies.
    const search = await create(ada, { name: 'A search', request: { filters: PRIVATE_OR_PUBLIC } });
    const all = await ok<SavedListsResponse>(ada('bff.savedLists'));
    const entry = all.data.find((l) => l.id === list.id);
    expect(entry).toMatchObject({ kind: 'static', company_count: 3 });
    expect(entry).not.toHaveProperty('companies');
    expect(all.data.find((l) => l.id === search.id)).toMatchObject({ kind: 'search', company_count: null });
  });

  it('refuses unknown ids, websites, repeats and a body with both a request and companies, saving nothing', async () => {
    const [a, b] = await companies(2);
    const before = (await ok<SavedListsResponse>(ada('bff.savedLists'))).data.length;

    const unknown = await problemOf(
      ada('bff.savedLists.create', {
        name: 'x',
        companies: [a!.uuid, 'no-such-company', b!.uuid, 'gone-too'],
      }),
      400,
    );
    expect(unknown.errors).toEqual([
      { path: 'companies.1', message: 'no company found with the id "no-such-company"' },
      { path: 'companies.3', message: 'no company found with the id "gone-too"' },
    ]);

    const bad = await problemOf(
      ada('bff.savedLists.create', { name: '', companies: [a!.uuid, 'acme.com', a!.uuid] }),
      400,
    );
    expect(bad.errors?.map((e) => e.path).sort()).toEqual(['companies.1', 'companies.2', 'name']);
    expect((await problemOf(ada('bff.savedLists.create', { name: 'x', companies: [] }), 400)).errors).toEqual(
      [{ path: 'companies', message: 'give at least one company' }],
    );
    const both = await problemOf(
      ada('bff.savedLists.create', {
        name: 'x',
        request: { filters: PRIVATE_OR_PUBLIC },
        companies: [a!.uuid],
      }),
      400,
    );
    expect(JSON.stringify(both.errors)).toMatch(/companies/);

    expect((await ok<SavedListsResponse>(ada('bff.savedLists'))).data.length).toBe(before);
  });
});

describe('adding and removing companies', () => {
  it('adds at the end (one already there stays where it is) and removes', async () => {
    const [a, b, c, d] = await companies(4);
    const list = await create(ada, { name: 'Grows', companies: [a!.uuid, b!.uuid] });
    const from = await lastLedgerId();
    const grown = await ok<SavedList>(
      ada('bff.savedList.companies', { id: list.id, add: [c!.uuid, a!.uuid, d!.uuid], remove: [b!.uuid] }),
    );
    expect(await ledgerSince(adaId, from)).toBe(0);
    expect(uuids(grown)).toEqual([a!.uuid, c!.uuid, d!.uuid]);
    expect(grown.company_count).toBe(3);
    expect(grown.companies?.[1]).toMatchObject({ name: c!.name, website: c!.website });

    // Removing a company not in the list changes nothing else; the list answers as it is.
    const shrunk = await ok<SavedList>(
      ada('bff.savedList.companies', { id: list.id, remove: [d!.uuid, b!.uuid] }),
    );
    expect(uuids(shrunk)).toEqual([a!.uuid, c!.uuid]);
    expect(uuids(await ok<SavedList>(ada('bff.savedList', { id: list.id })))).toEqual([a!.uuid, c!.uuid]);
  });

  it('changes nothing on a bad request: unknown ids named, websites, both adding and removing one', async () => {
    const [a, b, c] = await companies(3);
    const list = await create(ada, { name: 'Stays', companies: [a!.uuid, b!.uuid] });

    const unknown = await problemOf(
      ada('bff.savedList.companies', { id: list.id, add: [c!.uuid, 'no-such-company'], remove: [a!.uuid] }),
      400,
    );
    expect(unknown.errors).toEqual([
      { path: 'add.1', message: 'no company found with the id "no-such-company"' },
    ]);
    for (const body of [
      { add: ['acme.com'] },
      { add: [c!.uuid], remove: [c!.uuid] },
      {},
      { add: [], remove: [] },
      { add: [c!.uuid, c!.uuid] },
      { add: [c!.uuid], extra: true },
    ])
      await problemOf(ada('bff.savedList.companies', { id: list.id, ...body }), 400);

    expect(await ok<SavedList>(ada('bff.savedList', { id: list.id }))).toEqual(list);
  });

  it('has nothing to run, and keeps the fields of a saved search out of it', async () => {
    const [a] = await companies(1);
    const list = await create(ada, { name: 'Static', companies: [a!.uuid] });
    for (const [id, input] of [
      ['bff.savedList.run', { id: list.id }],
      ['bff.savedList.estimate', { id: list.id }],
      ['bff.savedList.seen', { id: list.id }],
    ] as const)
      expect((await problemOf(ada(id, input), 409)).detail).toMatch(/static list does not run/);
    const patched = await problemOf(
      ada('bff.savedList.update', {
        id: list.id,
        request: { filters: PRIVATE_OR_PUBLIC },
        schedule: 'daily',
      }),
      400,
    );
    expect(patched.errors?.map((e) => e.path).sort()).toEqual(['request', 'schedule']);
    const renamed = await ok<SavedList>(ada('bff.savedList.update', { id: list.id, name: 'Renamed' }));
    expect(renamed).toMatchObject({ name: 'Renamed', kind: 'static', request: null, company_count: 1 });
    expect(uuids(renamed)).toEqual([a!.uuid]);

    // A saved search's companies are its filters': none added by hand.
    const search = await create(ada, { name: 'Search', request: { filters: PRIVATE_OR_PUBLIC } });
    await problemOf(ada('bff.savedList.companies', { id: search.id, add: [a!.uuid] }), 409);
  });
});

describe('exporting a static list', () => {
  it('writes its companies as CSV, all or only those asked; a search is refused', async () => {
    const [a, b] = await companies(2);
    const list = await create(ada, { name: 'Export me', companies: [a!.uuid, b!.uuid] });
    const all = await ada('bff.savedList.csv', { id: list.id });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(all.headers.get('content-disposition')).toBe('attachment; filename="Export-me.csv"');
    const lines = (await all.text()).split('\r\n');
    expect(lines[0]).toBe('Company,Website,Product category,Company ID,Added');
    expect(lines.slice(1, 3).map((l) => l.split(',')[3])).toEqual([a!.uuid, b!.uuid]);
    expect(lines.length).toBe(4);

    const one = await (await ada('bff.savedList.csv', { id: list.id, companies: b!.uuid })).text();
    expect(
      one
        .split('\r\n')
        .slice(1, -1)
        .map((l) => l.split(',')[3]),
    ).toEqual([b!.uuid]);

    const search = await create(ada, { name: 'Search', request: { filters: PRIVATE_OR_PUBLIC } });
    await problemOf(ada('bff.savedList.csv', { id: search.id }), 409);
    await problemOf(mia('bff.savedList.csv', { id: list.id }), 404);
  });
});

describe('who may: the saved lists’ rules', () => {
  it('keeps a private static list from everyone else (404), and lets the team read a shared one but not change it (403)', async () => {
    const [a, b] = await companies(2);
    const list = await create(ada, { name: 'Ada’s picks', companies: [a!.uuid] });
    await problemOf(mia('bff.savedList', { id: list.id }), 404);
    await problemOf(mia('bff.savedList.companies', { id: list.id, add: [b!.uuid] }), 404);
    expect((await ok<SavedListsResponse>(mia('bff.savedLists'))).data.map((l) => l.id)).not.toContain(
      list.id,
    );

    await ok<SavedList>(ada('bff.savedList.update', { id: list.id, shared: true }));
    const read = await ok<SavedList>(mia('bff.savedList', { id: list.id }));
    expect(uuids(read)).toEqual([a!.uuid]);
    const refused = await problemOf(
      mia('bff.savedList.companies', { id: list.id, add: [b!.uuid], remove: [a!.uuid] }),
      403,
    );
    expect(refused.detail).toMatch(/owner/);
    // A 403 before the body is read: even a bad body gets it, and nothing changed.
    await problemOf(mia('bff.savedList.companies', { id: list.id, add: ['no-such-company'] }), 403);
    expect(uuids(await ok<SavedList>(ada('bff.savedList', { id: list.id })))).toEqual([a!.uuid]);

    const mine = await create(mia, { name: 'Mia’s picks', companies: [b!.uuid] });
    expect(mine.owner).toEqual({ id: miaId, name: 'mia' });
    await problemOf(ada('bff.savedList.companies', { id: mine.id, add: [a!.uuid] }), 404);
  });
});

describe('hiding companies through the user’s own account list', () => {
  it('adds them to “Hidden companies”, which list generation then leaves out', async () => {
    const [a, b, c] = await companies(3);
    const first = await ok<AccountListSummary>(ada('bff.accounts.hide', { companies: [a!.uuid, b!.uuid] }));
    expect(first).toMatchObject({
      name: 'Hidden companies',
      source: 'hidden',
      size: 2,
      shared: false,
      own: true,
      owner: { id: adaId },
    });
    const again = await ok<AccountListSummary>(ada('bff.accounts.hide', { companies: [b!.uuid, c!.uuid] }));
    expect(again).toMatchObject({ id: first.id, size: 3 });

    const unknown = await problemOf(
      ada('bff.accounts.hide', { companies: [a!.uuid, 'no-such-company'] }),
      400,
    );
    expect(unknown.errors).toEqual([
      { path: 'companies.1', message: 'no company found with the id "no-such-company"' },
    ]);
    await problemOf(ada('bff.accounts.hide', { companies: [] }), 400);
    const lists = await ok<AccountListsResponse>(ada('bff.accounts.lists'));
    expect(lists.data.find((l) => l.id === first.id)?.size).toBe(3);
    // Mia's hidden list is her own; she cannot see Ada's.
    expect((await ok<AccountListsResponse>(mia('bff.accounts.lists'))).data.map((l) => l.id)).not.toContain(
      first.id,
    );

    const hiding = await ok<ListGenerateResponse>(
      ada('list.generate', { filters: PRIVATE_OR_PUBLIC, limit: 10, exclude_account_lists: [first.id] }),
    );
    const shown = hiding.data.map((r) => r.uuid);
    for (const gone of [a!, b!, c!]) expect(shown).not.toContain(gone.uuid);
    expect(shown).toEqual((await companies(10, 3)).map((r) => r.uuid));
  });
});
