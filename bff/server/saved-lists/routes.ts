/**
 * The saved lists' routes (`bff/contract/saved-lists.ts`): parse, check who may, call the store or
 * the runner, answer. Only the owner changes or deletes a list; a shared list is read, run and
 * marked seen by the whole team; someone else's private list is 404 for everything.
 */
import { type Context, Hono } from 'hono';
import { ListRequest } from '../../contract/api';
import { readJsonBody } from '../../contract/http';
import type { ProblemField } from '../../contract/problem';
import { zodFields } from '../../contract/problem';
import {
  estimateSavedListRun,
  type ListSeed,
  type SavedList,
  SavedListCreate,
  SavedListPatch,
  STATIC_LIST_MAX_COMPANIES,
  StaticListChange,
  StaticListCreate,
  StaticListCsvQuery,
} from '../../contract/saved-lists';
import type { SectionReader } from '../companies/sections';
import type { BffEnv, BffUser } from '../context';
import { csvRow } from '../exports/csv';
import { cellOf } from '../exports/export';
import { planList } from '../lists/exclusions';
import { invalidProblem, problem } from '../proxy/problem';
import { jsonInput, queryInput, route } from '../routing';
import type { NewListCompany } from './records';
import {
  type RunnerOptions,
  resolveSeeds,
  runDetailJson,
  runJson,
  runSavedList,
  STATIC_LIST_DOES_NOT_RUN,
  summaryJson,
} from './runs';
import { firstCheckAt } from './scheduler';
import { companyColumnValues } from './static-columns';
import { resolveCompanies } from './static-companies';
import type { ListChanges, SavedListStore, StoredList } from './store';

export type SavedListRoutesOptions = {
  store: SavedListStore;
  runner: RunnerOptions;
  now: () => Date;
  /** How a static list's CSV reads section and signal columns (the team's company store first). */
  columns?: SectionReader | undefined;
};

/** Runs a list's history shows at most. */
const RUNS_LISTED = 500;
/** Unread alerts listed at most (the count covers them all). */
const ALERTS_LISTED = 50;

const NOT_FOUND = 'No saved list with this id (or it is another user’s private list).';
const OWNER_ONLY = 'Only the list’s owner may change or delete it; duplicate it to make it yours.';

/** What planning a list request finds wrong that its schema does not (excluding all a key allows). */
function planErrors(raw: unknown): ProblemField[] {
  const parsed = ListRequest.safeParse(raw);
  if (!parsed.success) return [];
  const planned = planList(parsed.data.filters, parsed.data.exclude);
  return 'errors' in planned ? planned.errors.map((f) => ({ ...f, path: `request.${f.path}` })) : [];
}

/** A body read and checked like the proxy checks a list request; every invalid field in one 400. */
async function bodyOf<S extends typeof SavedListCreate | typeof SavedListPatch>(
  c: Context,
  schema: S,
): Promise<{ ok: true; value: ReturnType<S['parse']> } | { ok: false; response: Response }> {
  const read = await readJsonBody(c.req.raw);
  if (!read.ok) return { ok: false, response: problem(read.status, read.detail) };
  return checked(read.value, schema);
}

function checked<S extends typeof SavedListCreate | typeof SavedListPatch>(
  value: unknown,
  schema: S,
): { ok: true; value: ReturnType<S['parse']> } | { ok: false; response: Response } {
  const parsed = schema.safeParse(value);
  const raw = (value as { request?: unknown } | null)?.request;
  const errors = [
    ...(parsed.success ? [] : zodFields(parsed.error)),
    ...(raw === undefined ? [] : planErrors(raw)),
  ];
  if (errors.length > 0 || !parsed.success) return { ok: false, response: invalidProblem(errors) };
  return { ok: true, value: parsed.data as ReturnType<S['parse']> };
}

/** A body that asks for a static list: companies and no request (docs/api.md, "Static lists"). */
const asksStatic = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && 'companies' in v && !('request' in v);

/**
 * The companies of a body, each found by a company search (free) and named, in the order given;
 * the 400 naming every id no search finds (`companies.2`, `add.0`), or the service's refusal.
 */
async function companiesOf(
  runner: RunnerOptions,
  user: BffUser,
  ids: readonly string[],
  field: string,
): Promise<NewListCompany[] | Response> {
  if (ids.length === 0) return [];
  const resolved = await resolveCompanies(runner, user, ids);
  if (resolved instanceof Response) return resolved;
  if (resolved.unknown.length > 0)
    return invalidProblem(
      resolved.unknown.map((i) => ({
        path: `${field}.${i}`,
        message: `no company found with the id "${ids[i]}"`,
      })),
    );
  return resolved.companies;
}

const NOT_STATIC_CSV =
  'A saved search is exported from its page through the list builder’s export (its columns, its cost shown first).';
const TOO_MANY = `a static list holds at most ${STATIC_LIST_MAX_COMPANIES} companies`;
const NOT_STATIC =
  'Only a static list’s companies are added and removed by hand; a saved search’s companies are those its filters find.';

/**
 * The seeds of a body, each found by a company search (free) and named; null for none; the 400
 * naming every seed no search finds (`seeds.2`), or the service's refusal.
 */
async function seedsOf(
  runner: RunnerOptions,
  user: BffUser,
  ids: readonly string[] | null,
): Promise<ListSeed[] | null | Response> {
  if (ids === null) return null;
  const resolved = await resolveSeeds(runner, user, ids);
  if (resolved instanceof Response) return resolved;
  if (resolved.unknown.length > 0)
    return invalidProblem(
      resolved.unknown.map((i) => ({
        path: `seeds.${i}`,
        message: `no company found with the id "${ids[i]}"`,
      })),
    );
  return resolved.seeds;
}

/** The list id of the path; any other text than a list's id finds no list (404). */
const idOf = (c: Context): string => c.req.param('id') ?? '';

/** The list as `user` may see it, or the 404. */
async function visible(store: SavedListStore, user: BffUser, id: string): Promise<StoredList | Response> {
  const list = await store.getList(id);
  if (!list || (list.ownerId !== user.id && !list.shared)) return problem(404, NOT_FOUND);
  return list;
}

/** The list if `user` owns it; 404 when they may not see it, 403 when they only see it. */
async function owned(store: SavedListStore, user: BffUser, id: string): Promise<StoredList | Response> {
  const list = await visible(store, user, id);
  if (list instanceof Response) return list;
  return list.ownerId === user.id ? list : problem(403, OWNER_ONLY);
}

/**
 * The list as the API answers it; with `companies` (a static list's, in order) when `detail`, and
 * its `company_count` from `counts` when the caller read them for many lists at once.
 */
async function listJson(
  store: SavedListStore,
  list: StoredList,
  user: BffUser,
  { detail = false, counts }: { detail?: boolean; counts?: ReadonlyMap<string, number> } = {},
): Promise<SavedList> {
  const { latest, seen } = await store.listStatus(list.id, user.id);
  const seenMembers = new Set(seen?.members ?? []);
  const isStatic = list.kind === 'static';
  const companies = isStatic && detail ? await store.companies(list.id) : undefined;
  const count = !isStatic
    ? null
    : companies
      ? companies.length
      : ((counts ?? (await store.companyCounts([list.id]))).get(list.id) ?? 0);
  return {
    id: list.id,
    kind: list.kind,
    name: list.name,
    request: list.request,
    columns: list.columns,
    shared: list.shared,
    schedule: list.schedule,
    seeds: list.seeds?.map((s) => s.uuid) ?? null,
    seed_companies: list.seeds,
    owner: { id: list.ownerId, name: list.ownerName },
    created_at: list.createdAt,
    updated_at: list.updatedAt,
    last_run: latest
      ? { id: latest.id, at: latest.at, size: latest.size, added_count: latest.addedCount }
      : null,
    new_count: latest ? latest.members.filter((u) => !seenMembers.has(u)).length : null,
    seen_run_id: seen?.id ?? null,
    next_check_at: list.nextCheckAt,
    last_check: list.lastCheck,
    company_count: count,
    ...(companies
      ? {
          companies: companies.map((c) => ({
            uuid: c.uuid,
            name: c.name,
            website: c.website,
            product_category: c.productCategory,
            added_at: c.addedAt,
          })),
        }
      : {}),
  };
}

/** `POST /bff/lists` with companies and no request: a static list (docs/api.md, "Static lists"). */
async function createStatic(c: Context<BffEnv>, opts: SavedListRoutesOptions, value: unknown) {
  const { store, now } = opts;
  const user = c.get('user');
  const at = now();
  const parsed = StaticListCreate.safeParse(value);
  if (!parsed.success) return invalidProblem(zodFields(parsed.error));
  const v = parsed.data;
  const companies = await companiesOf(opts.runner, user, v.companies, 'companies');
  if (companies instanceof Response) return companies;
  const list = await store.createList(
    {
      kind: 'static',
      ownerId: user.id,
      ownerName: user.name,
      name: v.name,
      request: null,
      columns: v.columns,
      shared: v.shared,
      schedule: null,
      seeds: null,
      nextCheckAt: null,
      createdAt: at.toISOString(),
    },
    companies,
  );
  return c.json(await listJson(store, list, user, { detail: true }), 201);
}

/**
 * `POST /bff/lists/{id}/companies`: the owner adds companies to a static list and removes them;
 * `GET .../companies.csv`: anyone who sees it exports them (free: the names the list keeps).
 */
function staticListRoutes(app: Hono<BffEnv>, opts: SavedListRoutesOptions): void {
  const { store, now } = opts;
  route(app, 'bff.savedList.csv', async (c) => {
    const list = await visible(store, c.get('user'), idOf(c));
    if (list instanceof Response) return list;
    if (list.kind !== 'static') return problem(409, NOT_STATIC_CSV);
    const q = queryInput(c, StaticListCsvQuery);
    if (!q.ok) return q.response;
    const only = q.value.companies === undefined ? null : new Set(q.value.companies.split(','));
    const rows = (await store.companies(list.id)).filter((r) => only === null || only.has(r.uuid));
    const wanted = (q.value.columns ?? '').split(',').filter(Boolean);
    const read = await companyColumnValues(opts.columns, c.get('user'), rows, wanted);
    const text =
      csvRow([
        'Company',
        'Website',
        'Product category',
        'Company ID',
        'Added',
        ...read.columns.map((d) => d.header),
      ]) +
      rows
        .map((r, i) =>
          csvRow([
            r.name,
            r.website,
            r.productCategory,
            r.uuid,
            r.addedAt,
            ...read.columns.map((d) => cellOf(d, read.rows[i]!)),
          ]),
        )
        .join('');
    const file = `${list.name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'list'}.csv`;
    return c.body(text, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${file}"`,
    });
  });
  route(app, 'bff.savedList.companies', async (c) => {
    const user = c.get('user');
    const list = await owned(store, user, idOf(c));
    if (list instanceof Response) return list;
    if (list.kind !== 'static') return problem(409, NOT_STATIC);
    const input = await jsonInput(c, StaticListChange);
    if (!input.ok) return input.response;
    const added = await companiesOf(opts.runner, user, input.value.add ?? [], 'add');
    if (added instanceof Response) return added;
    const size = await store.changeCompanies(
      list.id,
      { add: added, remove: input.value.remove ?? [] },
      now().toISOString(),
      STATIC_LIST_MAX_COMPANIES,
    );
    if (size === 'full') return invalidProblem([{ path: 'add', message: TOO_MANY }]);
    const changed = await store.getList(list.id);
    if (!changed) return problem(404, NOT_FOUND);
    return c.json(await listJson(store, changed, user, { detail: true }));
  });
}

export function savedListRoutes(opts: SavedListRoutesOptions): Hono<BffEnv> {
  const { store, now } = opts;
  const app = new Hono<BffEnv>();

  route(app, 'bff.savedLists', async (c) => {
    const user = c.get('user');
    const lists = await store.listsVisibleTo(user.id);
    const counts = await store.companyCounts(lists.filter((l) => l.kind === 'static').map((l) => l.id));
    return c.json({ data: await Promise.all(lists.map((l) => listJson(store, l, user, { counts }))) });
  });

  route(app, 'bff.savedLists.create', async (c) => {
    const read = await readJsonBody(c.req.raw);
    if (!read.ok) return problem(read.status, read.detail);
    const user = c.get('user');
    const at = now();
    if (asksStatic(read.value)) return createStatic(c, opts, read.value);
    const input = checked(read.value, SavedListCreate);
    if (!input.ok) return input.response;
    const v = input.value;
    const seeds = await seedsOf(opts.runner, user, v.seeds);
    if (seeds instanceof Response) return seeds;
    const list = await store.createList({
      kind: 'search',
      ownerId: user.id,
      ownerName: user.name,
      name: v.name,
      request: v.request,
      columns: v.columns,
      shared: v.shared,
      schedule: v.schedule,
      seeds,
      nextCheckAt: firstCheckAt(v.schedule, at),
      createdAt: at.toISOString(),
    });
    return c.json(await listJson(store, list, user), 201);
  });

  route(app, 'bff.savedLists.alerts', async (c) => {
    const { unread, data } = await store.alerts(c.get('user').id, ALERTS_LISTED);
    return c.json({
      unread,
      data: data.map((a) => ({
        id: a.id,
        list_id: a.listId,
        list_name: a.listName,
        run_id: a.runId,
        at: a.at,
        count: a.count,
      })),
    });
  });

  route(app, 'bff.savedLists.alertsRead', async (c) => {
    await store.readAlerts(c.get('user').id, now().toISOString());
    return c.body(null, 204);
  });

  route(app, 'bff.savedList', async (c) => {
    const user = c.get('user');
    const list = await visible(store, user, idOf(c));
    if (list instanceof Response) return list;
    return c.json(await listJson(store, list, user, { detail: true }));
  });

  route(app, 'bff.savedList.update', async (c) => {
    const user = c.get('user');
    const list = await owned(store, user, idOf(c));
    if (list instanceof Response) return list;
    const input = await bodyOf(c, SavedListPatch);
    if (!input.ok) return input.response;
    const v = input.value;
    if (list.kind === 'static') {
      const searchOnly = (['request', 'seeds', 'schedule'] as const).filter(
        (k) => v[k] !== undefined && v[k] !== null,
      );
      if (searchOnly.length > 0)
        return invalidProblem(
          searchOnly.map((path) => ({
            path,
            message: `a static list has no ${path}: it holds the companies added to it`,
          })),
        );
    }
    const changes: ListChanges = {};
    if (v.seeds !== undefined) {
      const seeds = await seedsOf(opts.runner, user, v.seeds);
      if (seeds instanceof Response) return seeds;
      changes.seeds = seeds;
    }
    const at = now();
    if (v.name !== undefined) changes.name = v.name;
    if (v.request !== undefined) changes.request = v.request;
    if (v.columns !== undefined) changes.columns = v.columns;
    if (v.shared !== undefined) changes.shared = v.shared;
    // A new schedule starts its clock now; the same schedule given again keeps its next check.
    if (v.schedule !== undefined && v.schedule !== list.schedule) {
      changes.schedule = v.schedule;
      changes.nextCheckAt = firstCheckAt(v.schedule, at);
    }
    const updated = await store.updateList(list.id, changes, at.toISOString());
    if (!updated) return problem(404, NOT_FOUND);
    return c.json(await listJson(store, updated, user, { detail: true }));
  });

  route(app, 'bff.savedList.delete', async (c) => {
    const list = await owned(store, c.get('user'), idOf(c));
    if (list instanceof Response) return list;
    await store.deleteList(list.id);
    return c.body(null, 204);
  });

  runRoutes(app, opts);
  staticListRoutes(app, opts);
  return app;
}

/** A saved search's runs: their price first, a run now, the history, one run, and marking it seen. */
function runRoutes(app: Hono<BffEnv>, opts: SavedListRoutesOptions): void {
  const { store, now } = opts;
  route(app, 'bff.savedList.estimate', async (c) => {
    const list = await visible(store, c.get('user'), idOf(c));
    if (list instanceof Response) return list;
    if (list.request === null) return problem(409, STATIC_LIST_DOES_NOT_RUN);
    const e = estimateSavedListRun(list.request, opts.runner.plan, list.seeds?.length ?? 0);
    return c.json({ credits: e.credits, up_to: e.upTo, parts: e.parts });
  });

  route(app, 'bff.savedList.run', async (c) => {
    const user = c.get('user');
    const list = await visible(store, user, idOf(c));
    if (list instanceof Response) return list;
    const outcome = await runSavedList(opts.runner, list, user, 'manual');
    if (!outcome.ok) return outcome.response;
    return c.json(runJson(outcome.run), 201);
  });

  route(app, 'bff.savedList.runs', async (c) => {
    const list = await visible(store, c.get('user'), idOf(c));
    if (list instanceof Response) return list;
    return c.json({ data: (await store.runs(list.id, RUNS_LISTED)).map(summaryJson) });
  });

  route(app, 'bff.savedList.runDetail', async (c) => {
    const list = await visible(store, c.get('user'), idOf(c));
    if (list instanceof Response) return list;
    const run = await store.getRun(list.id, c.req.param('run_id') ?? '');
    if (!run) return problem(404, 'No run of this list with this id.');
    return c.json(runDetailJson(run));
  });

  route(app, 'bff.savedList.seen', async (c) => {
    const user = c.get('user');
    const list = await visible(store, user, idOf(c));
    if (list instanceof Response) return list;
    if (list.kind === 'static') return problem(409, STATIC_LIST_DOES_NOT_RUN);
    const latest = await store.latestRun(list.id);
    if (!latest) return problem(409, 'This list has not run yet: there is nothing to mark seen.');
    const at = now().toISOString();
    await store.markSeen(list.id, user.id, latest.id, at);
    await store.readAlerts(user.id, at, list.id);
    return c.body(null, 204);
  });
}
