/**
 * One run of a saved list (docs/decisions/0016-saved-lists.md): its first 500 companies in the
 * list's order, read without sections in pages the plan allows, through the typed ways in (the
 * port, and the list planner for company size, exclusions and account lists: validation, budget and
 * team cap, the ledger) and always asked afresh (never the read cache, nor the resolver's memory).
 * Compared with the run the runner last marked seen: what is new, what left, and why each left (a
 * company search by id, free: still found means no longer matching, otherwise no longer found).
 *
 * A list with seeds (issue 16): the seeds are never members; on a plan with sections in lists the
 * pages carry the sections the similarity score reads, the seeds' profiles are read (their rows
 * when the pages hold them, else by enrichment), and the members are ranked by similarity to the
 * seeds, as `POST /bff/lookalikes` ranks.
 */
import { z } from 'zod';
import type { ParsedListRequest } from '../../contract/api';
import type { ServiceEndpointId } from '../../contract/endpoints';
import { lookalikeSections } from '../../contract/lookalike-cost';
import { credits, PLAN_RULES, type Plan } from '../../contract/pricing';
import {
  type ListSeed,
  type MemberScore,
  type RemovedCompany,
  type RunCompanies,
  SAVED_LIST_MAX_MEMBERS,
  type SavedListRun,
  type SavedListRunDetail,
  type SavedListRunSummary,
  unrankedNote,
} from '../../contract/saved-lists';
import type { ListSection } from '../../contract/section-names';
import { newRenewal, renewingOrders } from '../companies/renewal';
import type { BffUser } from '../context';
import { listPage, type ServiceWays } from '../lists/list-page';
import type { PortInput } from '../lists/port';
import { type Facts, readFacts } from '../lookalikes/facts';
import { seedFacts } from '../lookalikes/rank';
import { answerOf, problem } from '../proxy/problem';
import { rankMembers } from './ranking';
import type { SavedListStore, StoredList, StoredRun, StoredRunSummary } from './records';

/** The typed ways in (`deps.port`, `deps.planner`), each call asked afresh; the plan and the store. */
export type RunnerOptions = ServiceWays & {
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
const EnrichmentAnswer = z.object({
  data: z.record(z.string(), z.unknown()),
  credits_consumed: z.number().default(0),
});
export type Row = z.infer<typeof Company>;

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
/**
 * Runs of a list that keep their members' scores (a ranked 500-company run’s are ~165 kB); the
 * page shows the latest run's, and older runs keep their members and names.
 */
export const SCORED_RUNS_KEPT = 10;

/** What a static list answers to a run, an estimate or a seen mark: it has nothing to run. */
export const STATIC_LIST_DOES_NOT_RUN =
  'A static list does not run: its companies are the ones added to it. Add or remove companies instead.';

/** Company searches of the companies that left, at most this many at once. */
export const LOOKUPS_AT_ONCE = 8;

/** A refusal of the service (or the planner) on the way, carried to the caller as the answer to relay. */
export class Relay extends Error {
  constructor(readonly response: Response) {
    super(`answered ${response.status}`);
  }
}

/**
 * A call of a service endpoint as `user`, asked afresh: never the read cache, and of the list
 * planner's memory only what the calls sharing `memory` (one run's pages) wrote. A refusal (the
 * service's, the planner's) is thrown as the answer to relay.
 */
async function callFresh<Id extends ServiceEndpointId>(
  opts: RunnerOptions,
  user: BffUser,
  id: Id,
  input: PortInput<Id>,
  memory?: Set<string>,
): Promise<unknown> {
  try {
    if (id === 'list.generate')
      return await listPage(opts, user, input as Record<string, unknown>, {
        fresh: true,
        ...(memory ? { memory } : {}),
      });
    return (await opts.port(user, id, input, { fresh: true })).data;
  } catch (e) {
    throw new Relay(answerOf(e));
  }
}

/** How a run reads its pages: with sections (a ranked run), leaving some companies out (the seeds). */
export type ReadOptions = { sections?: readonly ListSection[]; leaveOut?: ReadonlySet<string> };

/**
 * The list's first 500 companies, in its order, whatever its page size; with what the pages cost.
 * The companies of `leaveOut` are not members (`leftOut` keeps their rows); `rows` are the
 * members' rows, with the sections asked.
 */
export async function readMembers(
  opts: RunnerOptions,
  user: BffUser,
  request: ParsedListRequest,
  read: ReadOptions = {},
): Promise<{
  members: string[];
  companies: RunCompanies;
  totalCount: number;
  credits: number;
  rows: Row[];
  leftOut: Map<string, Row>;
}> {
  const { limit: _limit, offset: _offset, sections: _sections, ...list } = request;
  const sections = read.sections ?? [];
  const pageSize = PLAN_RULES[opts.plan].maxListLimit;
  const members: string[] = [];
  const rows: Row[] = [];
  const leftOut = new Map<string, Row>();
  const companies: RunCompanies = {};
  const seen = new Set<string>();
  let totalCount: number | undefined;
  let spent = 0;
  let offset = 0;
  // The pages of one run share the resolver's readings (company size probes, members to leave out).
  const memory = new Set<string>();
  // What the run reads renews the list's orders the company store keeps (the list's page shows it).
  const renewal = newRenewal();
  while (offset < SAVED_LIST_MAX_MEMBERS) {
    const input = {
      ...list,
      ...(sections.length > 0 ? { sections: [...sections] } : {}),
      limit: Math.min(pageSize, SAVED_LIST_MAX_MEMBERS - offset),
      offset,
    };
    const body = await renewingOrders(renewal, () => callFresh(opts, user, 'list.generate', input, memory));
    const page = ListPage.safeParse(body);
    if (!page.success)
      throw new Relay(problem(502, 'The Company Data Service answered a list page the BFF cannot read.'));
    totalCount ??= page.data.total_count;
    spent += page.data.credits_consumed;
    for (const row of page.data.data) {
      if (seen.has(row.uuid)) continue;
      seen.add(row.uuid);
      if (read.leaveOut?.has(row.uuid)) {
        leftOut.set(row.uuid, row);
        continue;
      }
      members.push(row.uuid);
      if (sections.length > 0) rows.push(row);
      keep(companies, row);
    }
    offset += page.data.data.length;
    if (page.data.data.length === 0 || offset >= Math.min(totalCount, SAVED_LIST_MAX_MEMBERS)) break;
  }
  return { members, companies, totalCount: totalCount ?? 0, credits: credits(spent), rows, leftOut };
}

/** A company by its id (company search, free, asked afresh), or undefined when the service no longer has it. */
export async function findById(
  opts: RunnerOptions,
  user: BffUser,
  uuid: string,
): Promise<{ found: Row | undefined; credits: number }> {
  // A few records, not one: the real service takes the id as a free-text query (free either way).
  const answer = await callFresh(opts, user, 'company.search', { uuid, limit: 5 });
  const body = SearchAnswer.safeParse(answer);
  if (!body.success)
    throw new Relay(problem(502, 'The Company Data Service answered a company search the BFF cannot read.'));
  return { found: body.data.data.find((c) => c.uuid === uuid), credits: body.data.credits_consumed };
}

/**
 * The seeds of a list as a company search finds them now (free): each named, or the positions of
 * those it finds no company for; a relayed refusal of the service as a response.
 */
export async function resolveSeeds(
  opts: RunnerOptions,
  user: BffUser,
  uuids: readonly string[],
): Promise<{ seeds: ListSeed[]; unknown: number[] } | Response> {
  try {
    const found = await Promise.all(uuids.map((u) => findById(opts, user, u)));
    const seeds: ListSeed[] = [];
    const unknown: number[] = [];
    found.forEach(({ found: f }, i) => {
      if (!f) unknown.push(i);
      else seeds.push({ uuid: f.uuid, name: f.name ?? f.uuid, website: f.website ?? '' });
    });
    return { seeds, unknown };
  } catch (e) {
    if (e instanceof Relay) return e.response;
    throw e;
  }
}

/**
 * The seeds' facts for the score: a seed the list's pages held is read from its row (free); the
 * others by a company search (free: are they still there, and their product category) and an
 * enrichment with the score's sections. Seeds the service no longer has are left out (`missing`).
 */
async function seedProfiles(
  opts: RunnerOptions,
  user: BffUser,
  seeds: readonly ListSeed[],
  rows: ReadonlyMap<string, Row>,
  sections: readonly ListSection[],
): Promise<{ facts: Facts[]; missing: ListSeed[]; credits: number }> {
  let spent = 0;
  const read = await Promise.all(
    seeds.map(async (seed): Promise<Facts | undefined> => {
      const row = rows.get(seed.uuid);
      if (row) return readFacts(row);
      const search = await findById(opts, user, seed.uuid);
      spent += search.credits;
      if (!search.found) return undefined;
      const answer = EnrichmentAnswer.safeParse(
        await callFresh(opts, user, 'company.enrichment', {
          company: seed.uuid,
          sections: sections.join(','),
        }),
      );
      if (!answer.success)
        throw new Relay(problem(502, 'The Company Data Service answered an enrichment the BFF cannot read.'));
      spent += answer.data.credits_consumed;
      const f = search.found;
      return seedFacts(answer.data.data, {
        uuid: f.uuid,
        name: f.name ?? seed.name,
        website: f.website ?? seed.website,
        product_category: typeof f.product_category === 'string' ? f.product_category : null,
      });
    }),
  );
  return {
    facts: read.filter((f): f is Facts => f !== undefined),
    missing: seeds.filter((_, i) => read[i] === undefined),
    credits: credits(spent),
  };
}

/** "Acme", "Acme and Beta", "Acme, Beta and Gamma". */
function names(seeds: readonly ListSeed[]): string {
  const n = seeds.map((s) => s.name);
  return n.length <= 1 ? n.join('') : `${n.slice(0, -1).join(', ')} and ${n.at(-1)}`;
}

/** The members of a run and how they are ordered: the list's order, or by similarity to its seeds. */
type Ordered = {
  members: string[];
  ranking: StoredRun['ranking'];
  rankingNote: string | null;
  scores: Record<string, MemberScore> | null;
  credits: number;
};

/** Reads the members of `list`, ranked by similarity to its seeds where the list has seeds and the plan sections. */
async function orderedMembers(
  opts: RunnerOptions,
  user: BffUser,
  list: StoredList & { request: ParsedListRequest },
): Promise<Ordered & Omit<Awaited<ReturnType<typeof readMembers>>, 'members' | 'credits'>> {
  const seeds = list.seeds ?? [];
  if (seeds.length === 0) {
    const read = await readMembers(opts, user, list.request);
    return { ...read, ranking: null, rankingNote: null, scores: null };
  }
  const leaveOut = new Set(seeds.map((s) => s.uuid));
  const note = unrankedNote(opts.plan);
  if (note !== null) {
    const read = await readMembers(opts, user, list.request, { leaveOut });
    return { ...read, ranking: 'filters', rankingNote: note, scores: null };
  }
  const sections = lookalikeSections(opts.plan);
  const read = await readMembers(opts, user, list.request, { sections, leaveOut });
  const profiles = await seedProfiles(opts, user, seeds, read.leftOut, sections);
  const spent = credits(read.credits + profiles.credits);
  const gone = profiles.missing.length;
  if (profiles.facts.length === 0) {
    return {
      ...read,
      credits: spent,
      ranking: 'filters',
      rankingNote: `No company search finds ${gone === 1 ? 'this list’s seed' : 'any of this list’s seeds'} any longer: its companies are in the list’s order.`,
      scores: null,
    };
  }
  const ranked = rankMembers(profiles.facts, read.rows);
  return {
    ...read,
    members: ranked.members,
    credits: spent,
    ranking: 'similarity',
    rankingNote:
      gone > 0
        ? `Ranked by ${profiles.facts.length} of its ${seeds.length} seeds: no company search finds ${names(profiles.missing)} any longer.`
        : null,
    scores: ranked.scores,
  };
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
      const { found, credits: cost } = await findById(opts, user, uuid).catch((e: unknown) => {
        failed = true;
        throw e;
      });
      spent += cost;
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
  /**
   * Asked just before the run is stored; false: it is not (a scheduled check whose attempt another
   * instance took over after this one's lease ended: the retry stores its own run).
   */
  mayStore?: () => Promise<boolean>,
): Promise<RunOutcome> {
  const request = list.request;
  if (request === null) return { ok: false, response: problem(409, STATIC_LIST_DOES_NOT_RUN) };
  try {
    const [seenRun, previous] = await Promise.all([
      opts.store.seenRun(list.id, user.id),
      opts.store.latestRun(list.id),
    ]);
    const read = await orderedMembers(opts, user, { ...list, request });
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
    if (mayStore && !(await mayStore()))
      return {
        ok: false,
        response: problem(409, 'Another instance took this check over; its own attempt stores the run.'),
      };
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
      ranking: read.ranking,
      rankingNote: read.rankingNote,
      scores: read.scores,
    });
    if (!run) return { ok: false, response: problem(404, 'This list was deleted while it ran.') };
    await opts.store.pruneRuns(list.id, RUNS_KEPT, SCORED_RUNS_KEPT);
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
    ranking: r.ranking,
  };
}

export function runJson(r: StoredRun): SavedListRun {
  return {
    ...summaryJson(r),
    added: r.added,
    removed: r.removed,
    companies: r.companies,
    ranking_note: r.rankingNote,
    scores: r.scores,
  };
}

export function runDetailJson(r: StoredRun): SavedListRunDetail {
  return { ...runJson(r), members: r.members };
}
