/**
 * The account lists' routes (bff/contract/accounts.ts): the lists a user may see, one with its
 * members, its owner's changes, and bulk enrichment's estimate and last run (enrich.ts).
 */
import { Hono } from 'hono';
import { AccountListPatch, AccountListQuery, type AccountListSummary } from '../../contract/accounts';
import type { BffEnv, BffUser } from '../context';
import { problem } from '../proxy/problem';
import { jsonInput, queryInput, route } from '../routing';
import { runOut } from './enrich';
import { type Accounts, visible } from './service';
import type { AccountListRecord } from './store';

const summaryOf = (l: AccountListRecord, user: BffUser): AccountListSummary => ({
  id: l.id,
  name: l.name,
  size: l.size,
  shared: l.shared,
  source: l.source,
  owner: { id: l.ownerId, name: l.ownerName },
  own: l.ownerId === user.id,
  import_id: l.importId,
  created_at: l.createdAt,
  updated_at: l.updatedAt,
});

export function listRoutes(accounts: Accounts): Hono<BffEnv> {
  const { store, now, recorded, exportedList } = accounts;
  const app = new Hono<BffEnv>();

  route(app, 'bff.accounts.lists', async (c) => {
    const user = c.get('user');
    await recorded(user.id);
    await exportedList(user);
    const lists = await store.visibleLists(user.id);
    return c.json({ data: lists.map((l) => summaryOf(l, user)) });
  });

  route(app, 'bff.accounts.list', async (c) => {
    const user = c.get('user');
    await recorded(user.id);
    const l = await store.getList(c.req.param('id') ?? '');
    if (!visible(l, user)) return problem(404, 'No such account list.');
    const q = queryInput(c, AccountListQuery);
    if (!q.ok) return q.response;
    const { limit, offset } = q.value;
    const members = await store.members(
      l!.id,
      limit !== undefined || offset > 0 ? { limit: limit ?? 1_000_000_000, offset } : undefined,
    );
    return c.json({ ...summaryOf(l!, user), members });
  });

  route(app, 'bff.accounts.updateList', async (c) => {
    const user = c.get('user');
    const l = await store.getList(c.req.param('id') ?? '');
    if (!visible(l, user)) return problem(404, 'No such account list.');
    if (l!.ownerId !== user.id) return problem(403, 'Only the owner of an account list may change it.');
    const input = await jsonInput(c, AccountListPatch);
    if (!input.ok) return input.response;
    await store.updateList(l!.id, input.value, now().toISOString());
    return c.json(summaryOf((await store.getList(l!.id))!, user));
  });

  route(app, 'bff.accounts.enrichment', async (c) => {
    const user = c.get('user');
    const l = await store.getList(c.req.param('id') ?? '');
    if (!visible(l, user)) return problem(404, 'No such account list.');
    const run = await store.getRun(l!.id);
    return c.json({ run: run ? runOut(run) : null });
  });
  return app;
}
