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
import type { Filters } from '../../contract/filters';
import { LIST_TOTAL_CAP } from '../../contract/list-params';
import { credits, type Plan } from '../../contract/pricing';
import type { BffUser } from '../context';
import { BffProblem } from '../proxy/problem';
import { stretchesIn } from './band-slices';
import { stableJson, TtlCache } from './cache';
import { Calls, Stale } from './calls';
import { accountListsVersion, lessAccountLists } from './count-accounts';
import { CannotCount, COUNT_OFFSET, countedPart, hidesAccountLists, planned } from './count-price';
import { ListChanged } from './errors';
import type { Difference } from './exclusions';
import { listPage, type ServiceWays } from './list-page';
import type { ListPage } from './port';
import { CannotSlice, type CountedSlice, sliceList } from './slicing';

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
  /**
   * The account lists whose companies were taken off each part's members (decision 0039): each
   * part is then a plain slice (its `filters` alone) of `sizes[i]` companies, read from its start
   * in pages of the plan's largest limit, as the count read them. Not sent with a part.
   */
  members?: string[];
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

/**
 * What a count of `request` is remembered by (`CountMemory`): the list part of the request and,
 * when it leaves out account lists, their version (a member added or removed since: counted again).
 * Throws the `InvalidRequest` naming account lists the user may not use.
 */
export async function rememberedAs(
  ways: ServiceWays,
  user: BffUser,
  request: ParsedListRequest,
): Promise<Record<string, unknown>> {
  const part = countedPart(request);
  const version = await accountListsVersion(ways, user, part);
  return version === undefined ? part : { ...part, account_lists_version: version };
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
    quiet = false,
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
        if (!quiet) progress();
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
      quietSlicesOf: (filters) => slicesOf(filters, true, undefined, true),
      spend: (n) => {
        spent += n;
      },
      tally: (s, n) => {
        slices = s;
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
