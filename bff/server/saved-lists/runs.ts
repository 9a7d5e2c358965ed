/**
 * One run of a saved list (docs/decisions/0016-saved-lists.md): its first 500 companies in the
 * list's order, read without sections in pages the plan allows, through the BFF's one call path
 * (validation, budget and team cap, the list resolver for company size and exclusions, the ledger)
 * and always asked afresh (never the read cache, nor the resolver's memory). Compared with the run
 * the runner last marked seen: what is new, what left, and why each left (a company search by id,
 * free: still found means no longer matching, otherwise no longer found).
 */
import { z } from 'zod';
import type { ParsedListRequest } from '../../contract/api';
import { requestOf, type ServiceEndpointId } from '../../contract/endpoints';
import { credits, PLAN_RULES, type Plan } from '../../contract/pricing';
import {
  type RemovedCompany,
  type RunCompanies,
  SAVED_LIST_MAX_MEMBERS,
  type SavedListRun,
  type SavedListRunDetail,
  type SavedListRunSummary,
} from '../../contract/saved-lists';
import type { BffUser } from '../context';
import type { CallUpstream } from '../proxy/pipeline';
import { problem } from '../proxy/problem';
import type { SavedListStore, StoredList, StoredRun, StoredRunSummary } from './store';

export type RunnerOptions = {
  /** The BFF's call path (`deps.call`), taking `{fresh: true}`. */
  call: CallUpstream;
  plan: Plan;
  store: SavedListStore;
  now: () => Date;
};

export type RunOutcome =
  | {
      ok: true;
      run: StoredRun;
      /** Members the list's previous run (whoever ran it) did not have; all when it had none. */
      newSincePrevious: string[];
      /** Whether the list had a run before this one. */
      hadPrevious: boolean;
    }
  /** The answer to relay: the upstream's refusal (402 budget, 422 too broad, 5xx...) or 404. */
  | { ok: false; response: Response };

/** A company of a list page or a search, with its name and website when it has them. */
const Company = z
  .object({
    uuid: z.string(),
    name: z.string().optional().catch(undefined),
    website: z.string().optional().catch(undefined),
  })
  .loose();
const ListPage = z.object({
  data: z.array(Company),
  total_count: z.number().int().nonnegative(),
  credits_consumed: z.number().default(0),
});
const SearchAnswer = z.object({
  data: z.array(Company),
  credits_consumed: z.number().default(0),
});

/** Keeps a company's name and website, when it has both. */
function keep(companies: RunCompanies, c: z.infer<typeof Company>): void {
  if (c.name !== undefined && c.website !== undefined)
    companies[c.uuid] = { name: c.name, website: c.website };
}

/**
 * Runs kept per list (over half a year of daily checks), besides those someone marked seen or an
 * unread alert names.
 */
export const RUNS_KEPT = 200;

/** Company searches of the companies that left, at most this many at once. */
const LOOKUPS_AT_ONCE = 8;

class Relay extends Error {
  constructor(readonly response: Response) {
    super(`answered ${response.status}`);
  }
}

/**
 * A call of a service endpoint as `user`, asked afresh: never the read cache, and of the list
 * resolver's memory only what the calls sharing `memory` (one run's pages) wrote.
 */
async function callFresh(
  opts: RunnerOptions,
  user: BffUser,
  id: ServiceEndpointId,
  input: unknown,
  memory?: Set<string>,
): Promise<unknown> {
  const req = requestOf(id, input);
  const res = await opts.call(
    user,
    new Request(`http://bff${req.url}`, {
      method: req.method,
      headers: {
        accept: 'application/json',
        ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(req.body !== undefined ? { body: req.body } : {}),
    }),
    { fresh: true, ...(memory ? { freshMemory: memory } : {}) },
  );
  if (!res.ok) throw new Relay(res);
  try {
    return await res.json();
  } catch {
    throw new Relay(problem(502, 'The Company Data Service answered with a body the BFF cannot read.'));
  }
}

/** The list's first 500 companies, in its order, whatever its page size; with what the pages cost. */
export async function readMembers(
  opts: RunnerOptions,
  user: BffUser,
  request: ParsedListRequest,
): Promise<{ members: string[]; companies: RunCompanies; totalCount: number; credits: number }> {
  const { limit: _limit, offset: _offset, sections: _sections, ...list } = request;
  const pageSize = PLAN_RULES[opts.plan].maxListLimit;
  const members: string[] = [];
  const companies: RunCompanies = {};
  const seen = new Set<string>();
  let totalCount: number | undefined;
  let spent = 0;
  let offset = 0;
  // The pages of one run share the resolver's readings (company size probes, members to leave out).
  const memory = new Set<string>();
  while (offset < SAVED_LIST_MAX_MEMBERS) {
    const body = await callFresh(
      opts,
      user,
      'list.generate',
      { ...list, limit: Math.min(pageSize, SAVED_LIST_MAX_MEMBERS - offset), offset },
      memory,
    );
    const page = ListPage.safeParse(body);
    if (!page.success)
      throw new Relay(problem(502, 'The Company Data Service answered a list page the BFF cannot read.'));
    totalCount ??= page.data.total_count;
    spent += page.data.credits_consumed;
    for (const row of page.data.data) {
      if (seen.has(row.uuid)) continue;
      seen.add(row.uuid);
      members.push(row.uuid);
      keep(companies, row);
    }
    offset += page.data.data.length;
    if (page.data.data.length === 0 || offset >= Math.min(totalCount, SAVED_LIST_MAX_MEMBERS)) break;
  }
  return { members, companies, totalCount: totalCount ?? 0, credits: credits(spent) };
}

/**
 * Why each company left: a company search by its id still finds it, or not. Names and websites of
 * those found go into `companies`.
 */
async function reasonsFor(
  opts: RunnerOptions,
  user: BffUser,
  uuids: readonly string[],
  companies: RunCompanies,
): Promise<{ removed: RemovedCompany[]; credits: number }> {
  const removed: RemovedCompany[] = new Array(uuids.length);
  let spent = 0;
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < uuids.length) {
      const i = next++;
      const uuid = uuids[i]!;
      // A few records, not one: the real service takes the id as a free-text query (free either way).
      const answer = await callFresh(opts, user, 'company.search', { uuid, limit: 5 }).catch((e: unknown) => {
        failed = true;
        throw e;
      });
      const body = SearchAnswer.safeParse(answer);
      if (!body.success) {
        failed = true;
        throw new Relay(
          problem(502, 'The Company Data Service answered a company search the BFF cannot read.'),
        );
      }
      spent += body.data.credits_consumed;
      const found = body.data.data.find((c) => c.uuid === uuid);
      if (found) keep(companies, found);
      removed[i] = { uuid, reason: found ? 'no_longer_matching' : 'no_longer_found' };
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, uuids.length) }, worker));
  return { removed, credits: credits(spent) };
}

/**
 * Runs a list as `user` and stores the run. `added` and `removed` compare it with the run `user`
 * last marked seen (none: with nothing, so every member is added).
 */
export async function runSavedList(
  opts: RunnerOptions,
  list: StoredList,
  user: BffUser,
  trigger: 'manual' | 'schedule',
): Promise<RunOutcome> {
  try {
    const [seenRun, previous] = await Promise.all([
      opts.store.seenRun(list.id, user.id),
      opts.store.latestRun(list.id),
    ]);
    const read = await readMembers(opts, user, list.request);
    const members = new Set(read.members);
    const seen = new Set(seenRun?.members ?? []);
    const added = read.members.filter((u) => !seen.has(u));
    const left = (seenRun?.members ?? []).filter((u) => !members.has(u));
    // The companies that left are named as the service names them now, or as the user saw them.
    const companies = { ...read.companies };
    const reasons = await reasonsFor(opts, user, left, companies);
    for (const u of left) {
      const known = seenRun?.companies[u];
      if (!companies[u] && known) companies[u] = known;
    }
    const run = await opts.store.addRun({
      listId: list.id,
      at: opts.now().toISOString(),
      runBy: { id: user.id, name: user.name },
      trigger,
      totalCount: read.totalCount,
      size: read.members.length,
      creditsConsumed: credits(read.credits + reasons.credits),
      members: read.members,
      added,
      removed: reasons.removed,
      companies,
    });
    if (!run) return { ok: false, response: problem(404, 'This list was deleted while it ran.') };
    await opts.store.pruneRuns(list.id, RUNS_KEPT);
    const before = new Set(previous?.members ?? []);
    return {
      ok: true,
      run,
      newSincePrevious: read.members.filter((u) => !before.has(u)),
      hadPrevious: previous !== undefined,
    };
  } catch (e) {
    if (e instanceof Relay) return { ok: false, response: e.response };
    throw e;
  }
}

export function summaryJson(r: StoredRunSummary): SavedListRunSummary {
  return {
    id: r.id,
    list_id: r.listId,
    at: r.at,
    total_count: r.totalCount,
    size: r.size,
    added_count: r.addedCount,
    removed_count: r.removedCount,
    credits_consumed: r.creditsConsumed,
    run_by: r.runBy,
    trigger: r.trigger,
  };
}

export function runJson(r: StoredRun): SavedListRun {
  return { ...summaryJson(r), added: r.added, removed: r.removed, companies: r.companies };
}

export function runDetailJson(r: StoredRun): SavedListRunDetail {
  return { ...runJson(r), members: r.members };
}
