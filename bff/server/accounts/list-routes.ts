/**
 * The account lists' routes (bff/contract/accounts.ts): the lists a user may see, one with its
 * members, its owner's changes, and bulk enrichment's estimate and last run (enrich.ts).
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import {
  AccountListPatch,
  AccountListQuery,
  type AccountListSummary,
  HideCompanies,
} from '../../contract/accounts';
import type { BffEnv, BffUser } from '../context';
import type { ServicePort } from '../lists/port';
import { answerOf, invalidProblem, problem } from '../proxy/problem';
import { jsonInput, queryInput, route } from '../routing';
import { runOut } from './enrich';
import { domainOf } from './match';
import { type Accounts, HIDDEN_COMPANIES, ownerOf, visible } from './service';
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

type Found = { uuid: string; name: string; website: string };

/** Lookups of the companies to hide at most this many at once. */
const LOOKUPS_AT_ONCE = 8;

/**
 * Each company by its id through the free company search (asked afresh), in order: the company,
 * or undefined when no search finds it; a refusal of the service as the answer to relay.
 */
async function findCompanies(
  port: ServicePort,
  user: BffUser,
  ids: readonly string[],
): Promise<(Found | undefined)[] | Response> {
  const found: (Found | undefined)[] = new Array(ids.length);
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const i = next++;
      const answer = (await port(user, 'company.search', { uuid: ids[i]!, limit: 5 }, { fresh: true }))
        .data as { data?: Found[] };
      found[i] = answer.data?.find((c) => c.uuid === ids[i]);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, ids.length) }, worker));
  } catch (e) {
    return answerOf(e);
  }
  return found;
}

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

  route(app, 'bff.accounts.hide', async (c) => {
    const user = c.get('user');
    const input = await jsonInput(c, HideCompanies);
    if (!input.ok) return input.response;
    const ids = input.value.companies;
    const found = await findCompanies(accounts.port, user, ids);
    if (found instanceof Response) return found;
    const unknown = found.flatMap((f, i) => (f ? [] : [i]));
    if (unknown.length > 0)
      return invalidProblem(
        unknown.map((i) => ({ path: `companies.${i}`, message: `no company found with the id "${ids[i]}"` })),
      );
    const at = now().toISOString();
    const list = await store.hiddenList(ownerOf(user), randomUUID(), HIDDEN_COMPANIES, at);
    await store.addMembers(
      list.id,
      found.map((f) => ({ uuid: f!.uuid, name: f!.name, domain: domainOf({ website: f!.website }) })),
      at,
    );
    return c.json(summaryOf((await store.getList(list.id))!, user));
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
