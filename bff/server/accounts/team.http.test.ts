/**
 * Account lists in team mode over real HTTP: a list is its owner's until shared; a shared list is
 * listed, read and usable (hidden in a list) by the team, changed only by its owner; imports and
 * "Exported before" stay each user's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountListDetail, AccountListsResponse } from '../../contract/accounts';
import { pathOf } from '../../contract/endpoints';
import type { Service } from '../../embedded/service';
import { csvOf, datasetCompanies, upload } from '../../testing/accounts';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { testStore } from '../../testing/test-store';
import { addUser } from '../auth/users';
import type { BffStore } from '../store/store';
import { embeddedUpstream } from '../upstream/upstream';

let service: Service;
let db: BffStore;
let bff: RunningBff;
const ALICE = { name: 'alice', password: 'correct horse battery' };
const BOB = { name: 'bob', password: 'another long secret' };
let alice: string;
let bob: string;

const cookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

beforeAll(async () => {
  service = await startEmbedded(300, { seed: 9 });
  db = await testStore();
  await addUser(db, { ...ALICE, dailyBudget: null });
  await addUser(db, { ...BOB, dailyBudget: null });
  bff = await startBff({ upstream: embeddedUpstream(service), mode: 'team', store: db });
  alice = cookieOf(await bff.post('/bff/session', { username: ALICE.name, password: ALICE.password }));
  bob = cookieOf(await bff.post('/bff/session', { username: BOB.name, password: BOB.password }));
});

afterAll(async () => {
  await bff.close();
  await db.close();
  service.close();
});

const as = (cookie: string) => ({ headers: { cookie } });

async function lists(cookie: string): Promise<AccountListsResponse['data']> {
  const res = await bff.call(pathOf('bff.accounts.lists'), as(cookie));
  expect(res.status).toBe(200);
  return ((await res.json()) as AccountListsResponse).data;
}

describe('account lists in a team', () => {
  it('keeps a list private until its owner shares it; only the owner changes it', async () => {
    const companies = datasetCompanies(service).slice(0, 5);
    const res = await upload(
      {
        ...bff,
        call: (p, init = {}) => bff.call(p, { ...init, headers: { ...init.headers, cookie: alice } }),
      },
      csvOf([['Company name', 'Website'], ...companies.map((c) => [c.name, c.domain])]),
      { name: 'Alice CRM' },
    );
    expect(res.status).toBe(202);
    const { id, account_list_id: listId } = (await res.json()) as { id: string; account_list_id: string };

    // Bob sees neither the list, nor the import, nor may he use the list.
    expect((await lists(bob)).map((l) => l.name)).toEqual(['Exported before']);
    expect((await bff.call(pathOf('bff.accounts.list', { id: listId }), as(bob))).status).toBe(404);
    expect((await bff.call(pathOf('bff.accounts.importStatus', { id }), as(bob))).status).toBe(404);
    const hidden = await bff.post(
      '/api/v1/list/generate/companies',
      { limit: 5, exclude_account_lists: [listId] },
      as(bob),
    );
    expect(hidden.status).toBe(400);

    // Shared: Bob lists it, reads it, hides it; he may not change it.
    const share = await bff.call(pathOf('bff.accounts.updateList', { id: listId }), {
      method: 'PATCH',
      headers: { cookie: alice, 'content-type': 'application/json' },
      body: JSON.stringify({ shared: true }),
    });
    expect(share.status).toBe(200);
    const seen = (await lists(bob)).find((l) => l.id === listId)!;
    expect(seen).toMatchObject({ name: 'Alice CRM', shared: true, own: false, owner: { name: 'alice' } });
    const read = await bff.call(pathOf('bff.accounts.list', { id: listId }), as(bob));
    expect(read.status).toBe(200);
    expect(((await read.json()) as AccountListDetail).owner.name).toBe('alice');
    const used = await bff.post(
      '/api/v1/list/generate/companies',
      { limit: 5, exclude_account_lists: [listId] },
      as(bob),
    );
    expect(used.status).toBe(200);
    const change = await bff.call(pathOf('bff.accounts.updateList', { id: listId }), {
      method: 'PATCH',
      headers: { cookie: bob, 'content-type': 'application/json' },
      body: JSON.stringify({ shared: false }),
    });
    expect(change.status).toBe(403);
    // The import stays Alice's.
    expect((await bff.call(pathOf('bff.accounts.importStatus', { id }), as(bob))).status).toBe(404);

    // Each has an "Exported before" of their own.
    const mine = (await lists(alice)).filter((l) => l.source === 'exported');
    const his = (await lists(bob)).filter((l) => l.source === 'exported');
    expect(mine.length).toBe(1);
    expect(his.length).toBe(1);
    expect(mine[0]!.id).not.toBe(his[0]!.id);
  });
});
