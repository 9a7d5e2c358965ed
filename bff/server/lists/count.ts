/**
 * The exact size of a list request, counted by slices (docs/decisions/0026-counting-by-slices.md):
 * the service counts a list only to 500, so a list of 500 or more is cut into slices of fewer
 * (./slicing.ts) and their counts summed. Exclusions by set difference are counted by inclusion and
 * exclusion: the list, less the list with each excluded value set (each counted the same way). A
 * list the planner serves in its own steps (a query, company size, account lists) is read once
 * through the planner; past 500 its translated filters are counted.
 *
 * Every count call asks for the one company at position 500 (`offset` 499, `limit` 1): a slice of
 * fewer than 500 returns none, so it costs the list's base price and no company.
 */
import type { ParsedListRequest } from '../../contract/api';
import type { Exclusions, Filters, ListFilters } from '../../contract/filters';
import { LIST_TOTAL_CAP } from '../../contract/list-params';
import { credits, PLAN_RULES, type Plan } from '../../contract/pricing';
import type { BffUser } from '../context';
import { BffProblem, InvalidRequest } from '../proxy/problem';
import { stretchesIn } from './band-slices';
import { stableJson, TtlCache } from './cache';
import { Calls, Stale } from './calls';
import { CannotCount, countedPart, hidesAccountLists, planned } from './count-price';
import { ListChanged } from './errors';
import { type Difference, planList } from './exclusions';
import { listPage, type ServiceWays } from './list-page';
import type { ListPage, ListRow } from './port';
import { CannotSlice, type CountedSlice, sliceList } from './slicing';

/** The position a count call reads: the 500th, which only a list of 500 or more has. */
const COUNT_OFFSET = LIST_TOTAL_CAP - 1;

/** What a count found: the list's size, the slices of its companies, what it cost. */
export type ListCount = {
  count: number;
  /**
   * The requests that together serve the list, each of fewer than 500 companies, disjoint: the
   * request itself when the list is under 500, else one per slice (the slice's filters, with the
   * request's exclusions by set difference).
   */
  parts: Record<string, unknown>[];
  /**
   * The most companies each part serves, in the order of `parts`: a slice's count (its set
   * differences may leave fewer), a stretch's length. Not sent with a part.
   */
  sizes?: number[];
  /** Slices counted (the list's, and those of the companies its set differences leave out). */
  slices: number;
  credits: number;
};

/** A list past the most a count counts (`COUNT_MAX_ROWS`, or `EXPORT_MAX_ROWS` for an export). */
export class CountTooLarge extends BffProblem {
  constructor(
    readonly atLeast: number,
    readonly max: number,
    what: string,
  ) {
    super(
      422,
      `The list has more than ${max.toLocaleString('en-US')} companies (at least ${atLeast.toLocaleString('en-US')} counted), the most ${what}. Add a filter to narrow it.`,
      { code: 'list_too_broad' },
    );
  }
}

export type CountOptions = {
  /** The upstream key's plan: company size's probes read a company's band as it allows. */
  plan: Plan;
  /** The most the count counts: past it, CountTooLarge. */
  max: number;
  /**
   * The most companies the user's budget left lets it count (`affordableRows`), when that is less
   * than `max`: a list found larger stops the count with 402, what was spent staying spent.
   */
  affordable?: number | undefined;
  /** Words for what `max` is the most of, in CountTooLarge's detail. */
  maxWhat: string;
  signal?: AbortSignal | undefined;
  /** Each slice as it is counted, and the credits spent so far. */
  onProgress?: ((p: { slices: number; counted: number; credits: number }) => void) | undefined;
};

/** Whether the planner must read the list first (it alone understands these fields). */
const plannerFirst = (part: Record<string, unknown>): boolean =>
  part.query !== undefined || part.exclude_account_lists !== undefined;

/** Every subset of the differences, with its sign in the inclusion-exclusion sum. */
function subsets(ds: readonly Difference[]): { sign: number; of: Difference[] }[] {
  const out: { sign: number; of: Difference[] }[] = [];
  for (let mask = 0; mask < 1 << ds.length; mask++) {
    const of = ds.filter((_, i) => mask & (1 << i));
    out.push({ sign: of.length % 2 === 0 ? 1 : -1, of });
  }
  return out;
}

/** A count stopped because the list proved larger than the budget left lets it count: 402. */
export class CountOverBudget extends BffProblem {
  constructor(atLeast: number, affordable: number, spent: number) {
    super(
      402,
      `The list has more than ${affordable.toLocaleString('en-US')} companies (at least ${atLeast.toLocaleString('en-US')} counted), the most your budget left lets a count count; ${credits(spent)} credits were spent finding that out.`,
    );
  }
}

/** The counts of one user's lists, kept a few minutes: an export after a count does not count again. */
export class CountMemory {
  private readonly cache = new TtlCache<ListCount>({ ttlMs: 5 * 60_000, maxEntries: 500 });
  key(user: BffUser, part: Record<string, unknown>): string {
    return `${user.id}\n${stableJson(part)}`;
  }
  get(user: BffUser, part: Record<string, unknown>): ListCount | undefined {
    return this.cache.get(this.key(user, part));
  }
  set(user: BffUser, part: Record<string, unknown>, count: ListCount): void {
    this.cache.set(this.key(user, part), count);
  }
}

/**
 * The exact count of a list request. Refusals thrown (BffProblem); an abort (`signal`) stops it
 * before the next call, and what the calls made so far cost stays spent.
 */
export async function countList(
  ways: ServiceWays,
  user: BffUser,
  request: ParsedListRequest,
  opts: CountOptions,
): Promise<ListCount> {
  try {
    return await counting(ways, user, request, opts);
  } catch (e) {
    // A slice changed between its count and its probes.
    if (e instanceof Stale) throw new ListChanged();
    throw e;
  }
}

async function counting(
  ways: ServiceWays,
  user: BffUser,
  request: ParsedListRequest,
  opts: CountOptions,
): Promise<ListCount> {
  let spent = 0;
  let slices = 0;
  let counted = 0;
  /** Company size's probes, and the count calls of a list's slices. */
  const calls = new Calls(ways.port, user, opts.plan);
  const cost = () => credits(spent + calls.credits);
  const progress = () => opts.onProgress?.({ slices, counted, credits: cost() });
  const part = countedPart(request);

  const countOf = async (filters: Filters): Promise<number> => {
    opts.signal?.throwIfAborted();
    const called = await ways.port(user, 'list.generate', {
      filters,
      limit: 1,
      offset: COUNT_OFFSET,
    } as never);
    spent += called.credits;
    return (called.data as ListPage).total_count;
  };

  /** Past what the count may count (`max`), or past what the budget lets it (a list of 500 or more). */
  const over = (sum: number, sliced: boolean) => {
    if (sum > opts.max) throw new CountTooLarge(sum, opts.max, opts.maxWhat);
    if (sliced && opts.affordable !== undefined && sum > opts.affordable)
      throw new CountOverBudget(sum, opts.affordable, spent + calls.credits);
  };

  /**
   * The slices of one list of the sum; `capped`: past `opts.max` companies (or what the budget
   * lets it count), a refusal. `within`: each slice's own work (company size's stretches), awaited.
   */
  const slicesOf = async (
    filters: Filters,
    capped: boolean,
    within?: (s: CountedSlice) => Promise<void>,
  ): Promise<CountedSlice[]> => {
    const total = await countOf(filters);
    const sliced = total >= LIST_TOTAL_CAP;
    if (capped && sliced) over(LIST_TOTAL_CAP, true);
    let sum = 0;
    const found = await sliceList(filters, total, countOf, {
      signal: opts.signal,
      onSlice: async (s) => {
        slices++;
        sum += s.count;
        if (capped) over(sum, sliced);
        if (within) await within(s);
        else if (capped) counted = sum;
        progress();
      },
    }).catch((e: unknown) => {
      if (e instanceof CannotSlice)
        throw new CannotCount(
          'a slice of 500 or more companies has one value of every key it could be cut by.',
        );
      throw e;
    });
    return found;
  };

  const ofFilters = async (p: Record<string, unknown>): Promise<ListCount> => {
    const { filters, bands, differences } = planned(p);
    if (bands) {
      // Company size: each slice of the list without it holds the bands as stretches of its
      // employee order, found by probes; their sizes summed, their positions kept for the export.
      let count = 0;
      const parts: Record<string, unknown>[] = [];
      const sizes: number[] = [];
      await slicesOf(filters, true, async (s) => {
        for (const x of await stretchesIn(calls, s.filters, s.count, bands, 'asc')) {
          count += x.end - x.start;
          sizes.push(x.end - x.start);
          parts.push({
            filters: x.filters,
            sort_by: 'employee_range',
            sort_order: x.order,
            window: { from: x.start, to: x.end, total: x.total },
          });
        }
        counted = count;
      });
      return { count, parts, sizes, slices, credits: cost() };
    }
    const exclude: Record<string, unknown> = {};
    for (const d of differences) exclude[d.key] = d.values;
    const own = await slicesOf(filters, true);
    let count = own.reduce((n, s) => n + s.count, 0);
    for (const { sign, of } of subsets(differences)) {
      if (of.length === 0) continue;
      const narrowed = { ...filters } as Record<string, unknown>;
      for (const d of of) narrowed[d.key] = d.values;
      const theirs = await slicesOf(narrowed as Filters, false);
      count += sign * theirs.reduce((n, s) => n + s.count, 0);
    }
    return {
      count,
      parts: own.map((s) => ({
        filters: s.filters,
        ...(differences.length > 0 ? { exclude } : {}),
      })),
      sizes: own.map((s) => s.count),
      slices,
      credits: cost(),
    };
  };

  if (hidesAccountLists(part))
    return lessAccountLists(ways, user, opts, part.exclude_account_lists as string[], {
      part,
      slicesOf,
      spend: (n) => {
        spent += n;
      },
      tally: (s, n) => {
        if (s !== undefined) slices = s;
        counted = n;
      },
      slices: () => slices,
      progress,
      cost,
    });

  if (!plannerFirst(part)) {
    // A list with no set difference under 500 is counted by its one call.
    return ofFilters(part);
  }
  // The planner reads the list first: what it serves of it, and the filters it came to.
  opts.signal?.throwIfAborted();
  const page = await listPage(ways, user, { ...part, limit: 1, offset: COUNT_OFFSET });
  spent += page.credits_consumed ?? 0;
  if (page.total_count < LIST_TOTAL_CAP) {
    slices = 1;
    counted = page.total_count;
    progress();
    return { count: page.total_count, parts: [part], slices, credits: cost() };
  }
  const echo = { filters: page.filters, exclude: page.exclude };
  return ofFilters({
    ...(echo.filters !== undefined ? { filters: echo.filters } : {}),
    ...(echo.exclude !== undefined ? { exclude: echo.exclude } : {}),
  });
}

/** What a count's account-list step shares of the count (its slicing, its tally, its progress). */
type CountingState = {
  part: Record<string, unknown>;
  slicesOf: (
    filters: Filters,
    capped: boolean,
    within?: (s: CountedSlice) => Promise<void>,
  ) => Promise<CountedSlice[]>;
  spend: (credits: number) => void;
  /** Slices done (when given) and companies counted so far. */
  tally: (slices: number | undefined, counted: number) => void;
  slices: () => number;
  progress: () => void;
  cost: () => number;
};

/**
 * The list less the companies of the account lists `ids` (decision 0035): the list without them
 * counted as any other, by its slices; each slice's members read (list generation without
 * sections from its start, through the company store) and those in the account lists taken off.
 * Each part carries `exclude_account_lists`: a slice is under 500, where the planner leaves them
 * out exactly.
 */
async function lessAccountLists(
  ways: ServiceWays,
  user: BffUser,
  opts: CountOptions,
  ids: string[],
  c: CountingState,
): Promise<ListCount> {
  const { part, slicesOf, progress, cost } = c;
  const hidden = (uuids: readonly string[]) => ways.planner.hiddenAmong(user, ids, uuids);
  // Lists the user may not use: refused before anything is spent.
  await hidden([]);
  const { exclude_account_lists: _hide, ...rest } = part;
  const maxLimit = PLAN_RULES[opts.plan].maxListLimit;
  let off = 0;

  /** How many of positions [0, n) of a list are in the account lists (read as `viaPlanner` says). */
  const hiddenIn = async (input: Record<string, unknown>, n: number, viaPlanner: boolean) => {
    let found = 0;
    for (let from = 0; from < n; from += maxLimit) {
      opts.signal?.throwIfAborted();
      const limit = Math.min(maxLimit, n - from);
      let rows: ListRow[];
      if (viaPlanner) {
        const p = await listPage(ways, user, { ...input, limit, offset: from });
        c.spend(p.credits_consumed ?? 0);
        rows = p.data;
      } else {
        const called = await ways.port(user, 'list.generate', { ...input, limit, offset: from } as never);
        c.spend(called.credits);
        rows = (called.data as ListPage).data;
      }
      // Fewer than counted: the list changed since; the count would not be exact.
      if (rows.length !== limit) throw new ListChanged();
      found += (await hidden(rows.map((r) => r.uuid))).size;
    }
    return found;
  };

  /** A list of service filters alone (no company size, no set difference): by its slices. */
  const bySlices = async (filters: Filters): Promise<ListCount> => {
    let sum = 0;
    const own = await slicesOf(filters, true, async (s) => {
      sum += s.count;
      off += await hiddenIn({ filters: s.filters }, s.count, false);
      c.tally(undefined, sum - off);
    });
    return {
      count: sum - off,
      parts: own.map((s) => ({ filters: s.filters, exclude_account_lists: ids })),
      slices: c.slices(),
      credits: cost(),
    };
  };

  const plain = (p: Record<string, unknown>): Filters | undefined => {
    const plan = planList(p.filters as ListFilters | undefined, p.exclude as Exclusions | undefined);
    if ('errors' in plan) throw new InvalidRequest(plan.errors);
    return plan.bands || plan.differences.length > 0 ? undefined : plan.service;
  };

  if (rest.query === undefined) {
    const filters = plain(rest);
    if (filters) return bySlices(filters);
  }
  // A query, company size or a set difference: the planner reads the list without the account
  // lists first; under 500 it is read whole and their companies in it taken off.
  opts.signal?.throwIfAborted();
  const page = await listPage(ways, user, { ...rest, limit: 1, offset: COUNT_OFFSET });
  c.spend(page.credits_consumed ?? 0);
  if (page.total_count < LIST_TOTAL_CAP) {
    off = page.total_count > 0 ? await hiddenIn(rest, page.total_count, true) : 0;
    const count = page.total_count - off;
    c.tally(1, count);
    progress();
    return { count, parts: [part], slices: 1, credits: cost() };
  }
  if (rest.query !== undefined) {
    const echoed = {
      ...(page.filters !== undefined ? { filters: page.filters } : {}),
      ...(page.exclude !== undefined ? { exclude: page.exclude } : {}),
    };
    const filters = plain(echoed);
    if (filters) return bySlices(filters);
  }
  throw new CannotCount(
    `account lists are left out past the first ${LIST_TOTAL_CAP} only from a list of plain filters (no company size, no values left out by set difference). To count it, count it without \`exclude_account_lists\` (their companies are then counted too), or narrow its filters until fewer than ${LIST_TOTAL_CAP} match.`,
  );
}
