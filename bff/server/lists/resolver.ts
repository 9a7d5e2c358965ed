/**
 * The list resolver (docs/decisions/0011-company-size-and-exclusions.md): the planner's step for
 * what the service cannot answer as asked, company size (`firmographic.headcount_range`) and
 * `exclude`. It serves them with calls the service understands, all through the typed port:
 *
 * - company size: each run of adjacent bands is a stretch of the `employee_range` order (./size.ts);
 * - exclusions of a single-valued closed key: the complement within the key, as a filter
 *   (./exclusions.ts, pure);
 * - other exclusions: the companies of the list minus those that have an excluded value, by uuid
 *   (./difference.ts).
 *
 * Probe readings and member lists are kept per user and per list for a few minutes (./memory.ts);
 * a run asked afresh (`RunOptions.fresh`) reads none older than itself.
 */
import type { FilterMatch, ParsedListRequest, Warning } from '../../contract/api';
import { type Exclusions, type ListFilters, usesBffKeys } from '../../contract/filters';
import { LIST_TOTAL_CAP, SORT_LABELS } from '../../contract/list-params';
import { credits, PLAN_LABELS, type Plan } from '../../contract/pricing';
import type { BffUser } from '../context';
import { InvalidRequest } from '../proxy/problem';
import { Calls, type ListRow, Notes, Stale } from './calls';
import { checkCodes, difference } from './difference';
import { ListChanged } from './errors';
import { type ListPlan, planList } from './exclusions';
import { DEFAULT_LIST_CACHE_TTL_MS, ListMemory } from './memory';
import type { ListPage, RunOptions, ServicePort } from './port';
import { type Reading, refuseAloneOverBudget, resolveSource, type Source } from './size';
import { sortedBandPage } from './size-sort';

export { DEFAULT_LIST_CACHE_TTL_MS };

/** What the words of a description become (the words reader's translation, bff/server/words/). */
export type TranslatedQuery = {
  filters: ListFilters;
  exclude?: Exclusions;
  /** What translating cost (already in the ledger: it went through the pipeline). */
  credits: number;
  matches: FilterMatch[];
  /** Words that became no filter (function words aside). */
  unmatched: string[];
};

/**
 * Reads the size and negation words of a list request's `query`; null when there is nothing for
 * the BFF to do (the request then goes to the service as it is).
 */
export type TranslateQuery = (user: BffUser, query: string) => Promise<TranslatedQuery | null>;

export type ListResolverOptions = {
  /** The upstream key's plan: page sizes, and whether a probe reads the band in the list or by enrichment. */
  plan: Plan;
  /**
   * The planner's reading of descriptions (default: the words reader, bff/server/words). Given, it
   * is asked of every request with a `query`.
   */
  translateQuery?: TranslateQuery;
  /** Life of probe readings and member lists (default 5 minutes; 0 = none kept). */
  cacheTtlMs?: number;
  /** Most lists remembered across users (default 256). */
  cacheMaxEntries?: number;
  now?: () => number;
  log?: (line: string) => void;
  /**
   * What a user may still spend (null: no limit): company size gathered slice by slice is refused
   * (402) before it spends anything when this cannot cover its ceiling (./size.ts).
   */
  remaining?: ((user: BffUser) => Promise<number | null>) | undefined;
};

/** Whether a request asks what only the resolver serves (it cannot go to the service as it is). */
export function needsResolving(r: Pick<ParsedListRequest, 'filters' | 'exclude'>): boolean {
  return usesBffKeys(r.filters) || r.exclude !== undefined;
}

type Answer = { data: ListRow[]; total: number };
type Attempt = { reading: Reading; request: ParsedListRequest; planned: ListPlan; warnings: Warning[] };

/** The page of a list with bands or set differences: the slices' or the members' stretch. */
async function resolvedPage(a: Attempt, sections: string[], limit: number, notes: Notes): Promise<Answer> {
  const { reading, request: req, planned, warnings } = a;
  const base: Source = {
    filters: planned.service,
    ...(planned.bands ? { bands: planned.bands } : {}),
    sortBy: planned.bands ? 'employee_range' : req.sort_by,
    order: req.sort_order,
  };
  if (planned.differences.length === 0) {
    const resolved = await resolveSource(reading, base);
    if (resolved.note) warnings.push(resolved.note);
    if (resolved.size > LIST_TOTAL_CAP) {
      warnings.push({
        code: 'list_capped',
        message: `${resolved.size} companies match; only the first ${LIST_TOTAL_CAP} are served.`,
      });
    }
    const end = Math.min(req.offset + limit, resolved.size, LIST_TOTAL_CAP);
    const data = req.offset < end ? await resolved.read(req.offset, end, sections as never[], notes) : [];
    return { data, total: resolved.size };
  }
  await checkCodes(reading.calls, planned);
  const members = await difference(reading, base, planned.differences);
  const end = Math.min(req.offset + limit, members.rows.length);
  if (req.offset >= end) return { data: [], total: members.rows.length };
  const wanted = members.rows.slice(req.offset, end);
  if (sections.length === 0) return { data: wanted, total: members.rows.length };
  // The page's companies with their sections: the stretch of the list that holds them, read
  // with those sections (the companies left out inside it are read, and paid, too).
  const from = members.positions[req.offset]!;
  const to = members.positions[end - 1]! + 1;
  const resolved = await resolveSource(reading, base, { known: members.baseSize });
  const got = await resolved.read(from, to, sections as never[], notes);
  const byUuid = new Map(got.map((r) => [r.uuid, r]));
  const data = wanted.map((w) => {
    const r = byUuid.get(w.uuid);
    if (!r) throw new Stale();
    return r;
  });
  return { data, total: members.rows.length };
}

/** One attempt at the page; throws a refusal, or Stale when the list changed under the readings. */
async function attempt(a: Attempt, translated: TranslatedQuery | null, plan: Plan): Promise<ListPage> {
  const { reading, request: req, planned, warnings } = a;
  const { calls } = reading;
  const notes = new Notes();
  if (translated && translated.unmatched.length > 0) {
    warnings.push({
      code: 'query_words_unmatched',
      message: `No filter was made of ${translated.unmatched.map((w) => `"${w}"`).join(', ')}.`,
    });
  }
  const sections = [...new Set(req.sections ?? [])];
  // Company size alone: 402 before anything is spent when the budget cannot cover its gathering.
  if (planned.bands && planned.differences.length === 0)
    await refuseAloneOverBudget(reading, {
      filters: planned.service,
      bands: planned.bands,
      sortBy: 'employee_range',
      order: req.sort_order,
    });
  let page: Answer;
  if (!planned.bands && planned.differences.length === 0) {
    // Complements only: one call the service answers as it is, with the user's echo.
    const got = await calls.list({
      filters: planned.service,
      sort_by: req.sort_by,
      sort_order: req.sort_order,
      limit: req.limit,
      offset: req.offset,
      sections,
    });
    notes.add(got);
    page = { data: got.data as ListRow[], total: got.total_count };
  } else {
    let limit = req.limit;
    if (limit > calls.maxLimit) {
      warnings.push({
        code: 'limit_lowered',
        message: `limit lowered from ${limit} to ${calls.maxLimit}: the ${PLAN_LABELS[plan]} plan returns at most ${calls.maxLimit} companies per request`,
      });
      limit = calls.maxLimit;
    }
    // Company size in a sort of the user's own: served when the BFF can place every company of
    // the size in that order (./size-sort.ts); else employee order, and the warning says why.
    const sorted =
      planned.bands && req.sort_by !== 'employee_range' && planned.differences.length === 0
        ? await sortedBandPage(
            reading,
            req,
            planned.service,
            planned.bands,
            sections as never[],
            limit,
            notes,
          )
        : null;
    if (sorted && !('why' in sorted)) page = sorted;
    else {
      if (planned.bands && req.sort_by !== 'employee_range') {
        const why = sorted ? sorted.why : 'exclusions of a size are served from that order';
        warnings.push({
          code: 'employee_sort',
          message: `Sorted by employees (${req.sort_order === 'asc' ? 'fewest' : 'most'} first) instead of ${SORT_LABELS[req.sort_by].toLowerCase()}: ${why}.`,
        });
      }
      page = await resolvedPage(a, sections, limit, notes);
    }
  }
  return {
    data: page.data,
    count: page.data.length,
    total_count: page.total,
    offset: req.offset,
    filters: planned.filters,
    ...(planned.exclude ? { exclude: planned.exclude } : {}),
    query_translated: translated !== null,
    warnings: [...warnings, ...notes.warnings.filter((w) => !warnings.some((x) => x.code === w.code))],
    skipped_sections: notes.skipped,
    credits_consumed: credits(calls.credits + (translated?.credits ?? 0)),
  };
}

export type ListResolver = {
  /**
   * The page of a request with company size, exclusions or a translated description. Throws the
   * refusals (`InvalidRequest`, `ListTooBroad`, `ListChanged`, `ServiceRefusal`).
   */
  resolve: (
    user: BffUser,
    request: ParsedListRequest,
    translated: TranslatedQuery | null,
    run?: RunOptions,
  ) => Promise<ListPage>;
};

export function createListResolver(port: ServicePort, opts: ListResolverOptions): ListResolver {
  const memory = new ListMemory({
    ...(opts.cacheTtlMs !== undefined ? { ttlMs: opts.cacheTtlMs } : {}),
    ...(opts.cacheMaxEntries !== undefined ? { maxEntries: opts.cacheMaxEntries } : {}),
    ...(opts.now ? { now: opts.now } : {}),
  });
  return {
    resolve: async (user, request, translated, run = {}) => {
      const planned = planList(request.filters, request.exclude);
      if ('errors' in planned) throw new InvalidRequest(planned.errors);
      // Asked afresh: the memory keys these calls may read (the run's set).
      const remembered = run.fresh ? (run.memory ?? new Set<string>()) : undefined;
      for (let tries = 0; ; tries++) {
        const calls = new Calls(port, user, opts.plan, remembered);
        try {
          const reading = { calls, user, memory, remaining: opts.remaining };
          return await attempt(
            { reading, request, planned, warnings: [...planned.warnings] },
            translated,
            opts.plan,
          );
        } catch (e) {
          if (!(e instanceof Stale)) throw e;
          // The list changed under the readings kept: forget this user's readings and ask again.
          memory.forget(user);
          opts.log?.(`[bff] list of ${user.id} changed while it was read; resolving it again`);
          if (tries >= 1) throw new ListChanged();
        }
      }
    },
  };
}
