/**
 * The list resolver (decisions section 14, docs/decisions/0011-company-size-and-exclusions.md):
 * wraps the proxy pipeline's `call` for list generation, so the proxy route and the BFF's own
 * callers (CSV exports) both go through it. A request that uses no key of the BFF's and no
 * `exclude` is passed on unchanged (its body read once). Otherwise the BFF resolves it with calls
 * the service understands, all through the pipeline:
 *
 * - company size (`firmographic.headcount_range`): each run of adjacent bands is a stretch of the
 *   `employee_range` order, found by binary search with one-company probes and served from the
 *   order that holds it whole within the 500 positions served (422 when neither does);
 * - exclusions of a single-valued closed key: the complement within the key, as a filter;
 * - other exclusions: the companies of the list minus those that have an excluded value, by uuid,
 *   read without sections (422 past the 500 served).
 *
 * Probe readings and member lists are kept per user and per list for a few minutes; a call asked
 * afresh (`CallOptions.fresh`) reads none older than itself.
 */
import {
  certainlyPlainListRequest,
  type FilterMatch,
  type ListGenerateResponse,
  ListRequest,
  type ParsedListRequest,
  type Warning,
} from '../../contract/api';
import { matchEndpoint } from '../../contract/endpoints';
import { HEADCOUNT_RANGES, type HeadcountRange } from '../../contract/enums';
import {
  type Exclusions,
  type Filters,
  LIST_FILTER_BY_KEY,
  type ListFilters,
  usesBffKeys,
} from '../../contract/filters';
import { type JsonBody, readJsonBody, readJsonText } from '../../contract/http';
import { LIST_TOTAL_CAP, type SortOrder } from '../../contract/list-params';
import { type BandRun, bandRuns } from '../../contract/list-rules';
import { credits, PLAN_LABELS, type Plan } from '../../contract/pricing';
import { invalidDetail, type ProblemField, problemBody, zodFields } from '../../contract/problem';
import type { ListSection } from '../../contract/section-names';
import type { BffUser } from '../context';
import { type CallOptions, type CallUpstream, splitUrl } from '../proxy/pipeline';
import { invalidProblem, problem } from '../proxy/problem';
import { stableJson, TtlCache } from './cache';
import { Calls, type ListRow, Notes, Relay, Stale } from './calls';
import { type Difference, type ListPlan, planList } from './exclusions';
import { findSlices, NO_BAND, PAST_END, type Slice } from './slices';

/** What the words of a description become (the words helper's translator, bff/server/words/). */
export type TranslatedQuery = {
  filters: ListFilters;
  exclude?: Exclusions;
  /** What translating cost (already in the ledger when it went through the pipeline). */
  credits: number;
  matches: FilterMatch[];
  /** Words that became no filter (function words aside). */
  unmatched: string[];
};

/**
 * Reads the size and negation words of a list request's `query`; null when there is nothing for
 * the BFF to do (the request is then passed on unchanged). `call` is the pipeline (for the filter
 * builder, through the ledger like any call).
 */
export type TranslateQuery = (
  user: BffUser,
  query: string,
  call: CallUpstream,
) => Promise<TranslatedQuery | null>;

export type ListResolverOptions = {
  /** The upstream key's plan: page sizes, and whether a probe reads the band in the list or by enrichment. */
  plan: Plan;
  /** Life of probe readings and member lists (default 5 minutes; 0 = none kept). */
  cacheTtlMs?: number;
  /** Most lists remembered across users (default 256). */
  cacheMaxEntries?: number;
  translateQuery?: TranslateQuery;
  now?: () => number;
  log?: (line: string) => void;
};

export const DEFAULT_LIST_CACHE_TTL_MS = 5 * 60_000;

/** What the resolver remembers of one list: its size and its probe readings, `order:position` -> band. */
type Readings = { total?: number; readings: Map<string, number> };
/** A list's companies read without sections, in its order. */
type Members = { rows: ListRow[] };

type Memory = TtlCache<Readings | Members>;

/** The list is too broad to serve exactly: 422 with its size. */
class TooBroad extends Error {
  constructor(
    readonly listSize: number,
    readonly lowerBound: boolean,
    readonly why: string,
  ) {
    super(why);
  }
}

const bandIndex = (v: unknown): number => {
  const i = HEADCOUNT_RANGES.indexOf(v as HeadcountRange);
  return i === -1 ? NO_BAND : i;
};

/** A run of bands in words: "51 to 500", "1001 or more". */
function runLabel(run: BandRun): string {
  const lower = HEADCOUNT_RANGES[run.lo]!.split(/[-+]/)[0];
  const upper = HEADCOUNT_RANGES[run.hi]!;
  return upper.endsWith('+') ? `${lower} or more` : `${lower} to ${upper.split('-')[1]}`;
}

function tooBroadResponse(e: TooBroad): Response {
  // The service counts to 500: a list it says has 500 may have more.
  const size = e.lowerBound ? `${e.listSize} or more` : String(e.listSize);
  const detail = `The list has ${size} companies. ${e.why} Add one more filter to narrow it.`;
  return new Response(
    JSON.stringify({
      ...problemBody(422, detail, undefined, 'List too broad'),
      list_size: e.listSize,
      list_size_is_lower_bound: e.lowerBound,
    }),
    { status: 422, headers: { 'content-type': 'application/problem+json' } },
  );
}

/** A list the service can order: its filters, and the bands asked of it (served from employee order). */
type Source = {
  filters: Filters;
  bands?: HeadcountRange[];
  sortBy: ParsedListRequest['sort_by'];
  order: SortOrder;
};

type Resolved = {
  size: number;
  read: (from: number, to: number, sections: readonly ListSection[], notes: Notes) => Promise<ListRow[]>;
};

export function withListResolver(call: CallUpstream, opts: ListResolverOptions): CallUpstream {
  const memory: Memory = new TtlCache({
    ttlMs: opts.cacheTtlMs ?? DEFAULT_LIST_CACHE_TTL_MS,
    maxEntries: opts.cacheMaxEntries ?? 256,
    ...(opts.now ? { now: opts.now } : {}),
  });
  const plan = opts.plan;

  const keyOf = (user: BffUser, kind: string, filters: Filters, extra = '') =>
    `${user.id}\u0000${kind}\u0000${stableJson(filters)}\u0000${extra}`;

  /** The probe readings of a list, kept in memory from the first reading on. */
  function readingsOf(calls: Calls, user: BffUser, filters: Filters): Readings {
    const key = keyOf(user, 'readings', filters);
    let r = recall(calls, key) as Readings | undefined;
    if (!r) {
      r = { readings: new Map() };
      remember(calls, key, r);
    }
    return r;
  }

  /** What the memory holds for a key, unless asked afresh and not written by the same calls. */
  function recall(calls: Calls, key: string): Readings | Members | undefined {
    if (calls.remembered && !calls.remembered.has(key)) return undefined;
    return memory.get(key);
  }

  function remember(calls: Calls, key: string, value: Readings | Members): void {
    calls.remembered?.add(key);
    memory.set(key, value);
  }

  /** Where the bands lie in a list, or TooBroad. */
  async function slicesOf(
    calls: Calls,
    user: BffUser,
    source: Source,
  ): Promise<{ slices: Slice[]; size: number; total: number }> {
    const memo = readingsOf(calls, user, source.filters);
    const runs = bandRuns(source.bands ?? []);
    const result = await findSlices(
      runs,
      source.order,
      async (order, position) => {
        const a = await calls.list({
          filters: source.filters,
          sort_by: 'employee_range',
          sort_order: order,
          limit: 1,
          offset: position,
          ...(calls.listSections ? { sections: ['firmographic'] as ListSection[] } : {}),
        });
        if (memo.total !== undefined && memo.total !== a.total_count) throw new Stale();
        memo.total = a.total_count;
        const row = a.data[0];
        let band = PAST_END;
        if (row) {
          const firmographic = calls.listSections
            ? row.firmographic
            : (await calls.enrich(row.uuid, ['firmographic'])).firmographic;
          band = bandIndex((firmographic as { headcount_range?: unknown } | undefined)?.headcount_range);
        }
        memo.readings.set(`${order}:${position}`, band);
        return { band, total: a.total_count };
      },
      memo,
    );
    if (result.kind === 'out_of_reach') {
      throw new TooBroad(
        result.listTotal,
        result.listTotal >= LIST_TOTAL_CAP,
        `Its companies of ${runLabel(result.run)} employees lie beyond the first ${LIST_TOTAL_CAP} the Company Data Service serves, ordered by employees either way.`,
      );
    }
    return { slices: result.slices, size: result.size, total: result.listTotal };
  }

  /** A source resolved: its size and a reader of its positions. */
  async function resolveSource(
    calls: Calls,
    user: BffUser,
    source: Source,
    size: { hint?: number; known?: number } = {},
  ): Promise<Resolved> {
    if (!source.bands) {
      // A plain list: its size from a first read (one company unless a bound is known).
      const first =
        size.known === undefined
          ? await calls.list({
              filters: source.filters,
              sort_by: source.sortBy,
              sort_order: source.order,
              limit: Math.max(1, Math.min(size.hint ?? 1, calls.maxLimit)),
              offset: 0,
            })
          : undefined;
      const total = first?.total_count ?? size.known ?? 0;
      return {
        size: total,
        read: async (from, to, sections, notes) => {
          // Read without sections from the start: the first read already holds its beginning.
          if (first && sections.length === 0 && from === 0) {
            const rest =
              to > first.data.length
                ? await calls.range(
                    { filters: source.filters, sort_by: source.sortBy, sort_order: source.order, sections },
                    first.data.length,
                    to,
                    total,
                    notes,
                  )
                : [];
            return [...(first.data.slice(0, to) as ListRow[]), ...rest];
          }
          return calls.range(
            { filters: source.filters, sort_by: source.sortBy, sort_order: source.order, sections },
            from,
            to,
            total,
            notes,
          );
        },
      };
    }
    const { slices, size: sliced, total } = await slicesOf(calls, user, source);
    const runOf = (s: Slice) => new Set(HEADCOUNT_RANGES.slice(s.run.lo, s.run.hi + 1) as string[]);
    return {
      size: sliced,
      read: async (from, to, sections, notes) => {
        const rows: ListRow[] = [];
        let at = 0;
        for (const s of slices) {
          const n = s.end - s.start;
          const a = Math.max(from, at) - at;
          const b = Math.min(to, at + n) - at;
          at += n;
          if (a >= b) continue;
          const q = {
            filters: source.filters,
            sort_by: 'employee_range' as const,
            sort_order: s.order,
            sections,
          };
          // A stretch found in the other order is read there and turned around: the same
          // companies, by employees in the direction asked, ties then by uuid descending.
          const got =
            s.order === source.order
              ? await calls.range(q, s.start + a, s.start + b, total, notes)
              : (await calls.range(q, s.end - b, s.end - a, total, notes)).reverse();
          const bands = runOf(s);
          for (const row of got) {
            const band = (row.firmographic as { headcount_range?: unknown } | undefined)?.headcount_range;
            if (band !== undefined && !bands.has(String(band))) throw new Stale();
          }
          rows.push(...got);
        }
        return rows;
      },
    };
  }

  /** Every company of a source without sections (cached), or TooBroad past the 500 served. */
  async function membersOf(
    calls: Calls,
    user: BffUser,
    source: Source,
    why: (size: number) => string,
    sizeHint?: number,
  ): Promise<ListRow[]> {
    const key = keyOf(
      user,
      'members',
      source.filters,
      `${source.bands?.join(',') ?? ''}\u0000${source.sortBy}:${source.order}`,
    );
    const cached = recall(calls, key) as Members | undefined;
    if (cached) return cached.rows;
    const resolved = await resolveSource(
      calls,
      user,
      source,
      sizeHint === undefined ? {} : { hint: sizeHint },
    );
    // A plain list of 500 may be longer (the service counts to 500); a banded one is counted exactly.
    const lowerBound = !source.bands && resolved.size >= LIST_TOTAL_CAP;
    if (lowerBound || resolved.size > LIST_TOTAL_CAP)
      throw new TooBroad(resolved.size, lowerBound, why(resolved.size));
    const rows = await resolved.read(0, resolved.size, [], new Notes());
    remember(calls, key, { rows });
    return rows;
  }

  /** The base list minus the companies with an excluded value: members with their base positions. */
  async function difference(
    calls: Calls,
    user: BffUser,
    base: Source,
    diffs: readonly Difference[],
  ): Promise<{ rows: ListRow[]; positions: number[]; baseSize: number }> {
    const baseRows = await membersOf(
      calls,
      user,
      base,
      () =>
        `Leaving out companies by ${diffs.map((d) => LIST_FILTER_BY_KEY.get(d.key)!.label.toLowerCase()).join(' and ')} needs all of them, and the Company Data Service serves only the first ${LIST_TOTAL_CAP}.`,
    );
    const inBase = new Set(baseRows.map((r) => r.uuid));
    const removed = new Set<string>();
    // Nothing to leave out of an empty list: no further read.
    for (const d of baseRows.length > 0 ? diffs : []) {
      const label = LIST_FILTER_BY_KEY.get(d.key)!.label.toLowerCase();
      const within = !(d.key in base.filters) && !base.bands;
      const q: Source = { ...base, filters: { ...base.filters, [d.key]: d.values } as Filters };
      const rows = await membersOf(
        calls,
        user,
        q,
        (n) =>
          `${n >= LIST_TOTAL_CAP ? `${n} or more` : n} companies match its other filters with the ${label} to leave out, more than the Company Data Service serves.`,
        // Inside the list, the companies to leave out are at most as many as the list's.
        within ? baseRows.length : undefined,
      ).catch((e: unknown) => {
        if (e instanceof TooBroad) throw new TooBroad(baseRows.length, false, e.why);
        throw e;
      });
      for (const r of rows) if (inBase.has(r.uuid)) removed.add(r.uuid);
    }
    const rows: ListRow[] = [];
    const positions: number[] = [];
    baseRows.forEach((r, i) => {
      if (removed.has(r.uuid)) return;
      rows.push(r);
      positions.push(i);
    });
    return { rows, positions, baseSize: baseRows.length };
  }

  /**
   * Industry, NAICS and SIC codes exist or not only for the service: one call that matches nothing
   * (a founding year no company has, so it costs nothing) checks the filters' and the exclusions'
   * codes together, before anything is spent, and names the fields of both in one 400.
   */
  async function checkCodes(calls: Calls, planned: ListPlan): Promise<void> {
    const codeKinds = new Set(['industry', 'naics', 'sic']);
    const diffs = planned.differences.filter((d) => codeKinds.has(LIST_FILTER_BY_KEY.get(d.key)?.kind ?? ''));
    if (diffs.length === 0) return;
    const filters: Record<string, unknown> = { ...planned.service };
    const offsets = new Map<string, number>();
    for (const d of diffs) {
      const own = (filters[d.key] as unknown[] | undefined) ?? [];
      offsets.set(d.key, own.length);
      filters[d.key] = [...own, ...d.values];
    }
    filters['firmographic.founded_year'] = { gte: 9999, lte: 9999 };
    try {
      await calls.list({
        filters: filters as Filters,
        sort_by: 'relevance',
        sort_order: 'desc',
        limit: 1,
        offset: 0,
      });
    } catch (e) {
      if (!(e instanceof Relay) || e.response.status !== 400) throw e;
      const body = (await e.response
        .clone()
        .json()
        .catch(() => null)) as { errors?: ProblemField[] } | null;
      if (!body?.errors) throw e;
      const errors = body.errors.map((f) => {
        for (const [key, offset] of offsets) {
          const m = f.path.startsWith(`filters.${key}.`) ? /\.(\d+)$/.exec(f.path) : null;
          if (m && Number(m[1]) >= offset) return { ...f, path: `exclude.${key}.${Number(m[1]) - offset}` };
        }
        return f;
      });
      throw new Relay(problem(400, invalidDetail(errors), { errors }));
    }
  }

  function answer(
    planned: ListPlan,
    req: ParsedListRequest,
    page: { data: ListRow[]; total: number },
    calls: Calls,
    warnings: Warning[],
    notes: Notes,
    translated: TranslatedQuery | null,
  ): Response {
    const body: ListGenerateResponse = {
      data: page.data as unknown as ListGenerateResponse['data'],
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
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json', 'x-cache': 'miss' },
    });
  }

  /** One attempt at the answer; throws Relay, TooBroad or Stale. */
  async function run(
    calls: Calls,
    user: BffUser,
    req: ParsedListRequest,
    planned: ListPlan,
    translated: TranslatedQuery | null,
  ): Promise<Response> {
    const notes = new Notes();
    const warnings: Warning[] = [...planned.warnings];
    if (translated && translated.unmatched.length > 0) {
      warnings.push({
        code: 'query_words_unmatched',
        message: `No filter was made of ${translated.unmatched.map((w) => `"${w}"`).join(', ')}.`,
      });
    }
    const sections = [...new Set(req.sections ?? [])];

    if (!planned.bands && planned.differences.length === 0) {
      // Complements only: one call the service answers as it is, with the user's echo.
      const a = await calls.list({
        filters: planned.service,
        sort_by: req.sort_by,
        sort_order: req.sort_order,
        limit: req.limit,
        offset: req.offset,
        sections,
      });
      notes.add(a);
      return answer(
        planned,
        req,
        { data: a.data as ListRow[], total: a.total_count },
        calls,
        warnings,
        notes,
        translated,
      );
    }

    if (planned.bands && req.sort_by !== 'employee_range') {
      warnings.push({
        code: 'employee_sort',
        message: `Sorted by employees (${req.sort_order === 'asc' ? 'fewest' : 'most'} first) instead of ${req.sort_by.replace(/_/g, ' ')}: a company size is served from that order.`,
      });
    }
    let limit = req.limit;
    if (limit > calls.maxLimit) {
      warnings.push({
        code: 'limit_lowered',
        message: `limit lowered from ${limit} to ${calls.maxLimit}: the ${PLAN_LABELS[plan]} plan returns at most ${calls.maxLimit} companies per request`,
      });
      limit = calls.maxLimit;
    }
    const base: Source = {
      filters: planned.service,
      ...(planned.bands ? { bands: planned.bands } : {}),
      sortBy: planned.bands ? 'employee_range' : req.sort_by,
      order: req.sort_order,
    };

    if (planned.differences.length === 0) {
      const resolved = await resolveSource(calls, user, base);
      if (resolved.size > LIST_TOTAL_CAP) {
        warnings.push({
          code: 'list_capped',
          message: `${resolved.size} companies match; only the first ${LIST_TOTAL_CAP} are served.`,
        });
      }
      const end = Math.min(req.offset + limit, resolved.size, LIST_TOTAL_CAP);
      const data = req.offset < end ? await resolved.read(req.offset, end, sections, notes) : [];
      return answer(planned, req, { data, total: resolved.size }, calls, warnings, notes, translated);
    }

    await checkCodes(calls, planned);
    const members = await difference(calls, user, base, planned.differences);
    const end = Math.min(req.offset + limit, members.rows.length);
    let data: ListRow[] = [];
    if (req.offset < end) {
      const wanted = members.rows.slice(req.offset, end);
      if (sections.length === 0) data = wanted;
      else {
        // The page's companies with their sections: the stretch of the list that holds them, read
        // with those sections (the companies left out inside it are read, and paid, too).
        const from = members.positions[req.offset]!;
        const to = members.positions[end - 1]! + 1;
        const resolved = await resolveSource(calls, user, base, { known: members.baseSize });
        const got = await resolved.read(from, to, sections, notes);
        const byUuid = new Map(got.map((r) => [r.uuid, r]));
        data = wanted.map((w) => {
          const r = byUuid.get(w.uuid);
          if (!r) throw new Stale();
          return r;
        });
      }
    }
    return answer(planned, req, { data, total: members.rows.length }, calls, warnings, notes, translated);
  }

  async function resolve(
    user: BffUser,
    req: ParsedListRequest,
    translated: TranslatedQuery | null,
    /** Asked afresh: the memory keys these calls may read (`CallOptions.freshMemory`). */
    remembered: Set<string> | undefined,
  ): Promise<Response> {
    const planned = planList(req.filters, req.exclude);
    if ('errors' in planned) return invalidProblem(planned.errors);
    for (let attempt = 0; ; attempt++) {
      const calls = new Calls(call, user, plan, remembered);
      try {
        return await run(calls, user, req, planned, translated);
      } catch (e) {
        if (e instanceof Relay) return e.response;
        if (e instanceof TooBroad) return tooBroadResponse(e);
        if (!(e instanceof Stale)) throw e;
        // The list changed under the readings kept: forget this user's readings of it and ask again.
        memory.deleteWhere((k) => k.startsWith(`${user.id}\u0000`));
        opts.log?.(`[bff] list of ${user.id} changed while it was read; resolving it again`);
        if (attempt >= 1)
          return problem(503, 'The list changed while it was being read; try again.', {
            headers: { 'retry-after': '1' },
          });
      }
    }
  }

  // Not async: every call but a list's goes on as it came, without a promise of its own.
  return function resolverCall(user: BffUser, req: Request, callOpts: CallOptions = {}) {
    if (req.method !== 'POST' || callOpts.body) return call(user, req, callOpts);
    const m = matchEndpoint('POST', splitUrl(req.url).pathname, ['service']);
    if (m?.kind !== 'endpoint' || m.id !== 'list.generate') return call(user, req, callOpts);
    if (callOpts.bodyText === undefined)
      return readJsonBody(req).then((read) => resolveList(user, req, callOpts, read));
    return resolveList(user, req, callOpts, readJsonText(req.headers.get('content-type'), callOpts.bodyText));
  };

  /** The request to the service as it came, its body read once. */
  function passOn(
    user: BffUser,
    req: Request,
    callOpts: CallOptions,
    read: { value: unknown; text: string },
  ) {
    return call(user, req, {
      ...callOpts,
      bodyText: undefined,
      body: { value: read.value, text: read.text },
    });
  }

  /** A list request, its body read: most go on as they came, at once (no async frame of their own). */
  function resolveList(
    user: BffUser,
    req: Request,
    callOpts: CallOptions,
    read: JsonBody,
  ): Promise<Response> {
    if (!read.ok) return Promise.resolve(problem(read.status, read.detail));
    // Most pages the list builder asks for go to the service as they are: told without zod.
    if (certainlyPlainListRequest(read.value)) return passOn(user, req, callOpts, read);
    return resolveChecked(user, callOpts, req, read);
  }

  async function resolveChecked(
    user: BffUser,
    callOpts: CallOptions,
    req: Request,
    read: { value: unknown; text: string },
  ): Promise<Response> {
    const parsed = ListRequest.safeParse(read.value);
    if (!parsed.success) return invalidProblem(zodFields(parsed.error));
    const r = parsed.data;

    let translated: TranslatedQuery | null = null;
    let request = r;
    if (r.query !== undefined && opts.translateQuery) {
      translated = await opts.translateQuery(user, r.query, call);
      if (translated) {
        const { query: _query, ...rest } = r;
        const again = ListRequest.safeParse({
          ...rest,
          filters: translated.filters,
          ...(translated.exclude ? { exclude: translated.exclude } : {}),
        });
        if (!again.success) {
          opts.log?.(`[bff] the translation of a query is no valid list request: ${again.error.message}`);
          return problem(500, 'The BFF could not read its own translation of the description.');
        }
        request = again.data;
      }
    }
    if (!translated && !usesBffKeys(r.filters) && r.exclude === undefined)
      return passOn(user, req, callOpts, read);
    return resolve(
      user,
      request,
      translated,
      callOpts.fresh ? (callOpts.freshMemory ?? new Set()) : undefined,
    );
  }
}
