/**
 * A count that leaves out account lists (decisions 0035 and 0039): the list without them counted by
 * its slices as any other, then each slice's members read (list generation without sections from
 * its start, in pages of the plan's largest limit, through the company store) and those in the
 * account lists taken off. The slicing comes first and whole, so a list past the most a count
 * counts (or past what the budget lets it) is refused having paid only its count calls.
 */
import type { Exclusions, Filters, ListFilters } from '../../contract/filters';
import { LIST_TOTAL_CAP } from '../../contract/list-params';
import { PLAN_RULES } from '../../contract/pricing';
import type { BffUser } from '../context';
import { InvalidRequest } from '../proxy/problem';
import type { CountOptions, ListCount } from './count';
import { CannotCount, COUNT_OFFSET } from './count-price';
import { ListChanged, ListTooBroad } from './errors';
import { planList } from './exclusions';
import { listPage, type ServiceWays } from './list-page';
import type { ListPage, ListRow } from './port';
import type { CountedSlice } from './slicing';

/** What a count's account-list step shares of the count (its slicing, its tally, its progress). */
export type CountingState = {
  part: Record<string, unknown>;
  /** The slices of a list, each under 500, counted without a word of progress. */
  quietSlicesOf: (filters: Filters) => Promise<CountedSlice[]>;
  spend: (credits: number) => void;
  /** Slices done and companies counted so far. */
  tally: (slices: number, counted: number) => void;
  slices: () => number;
  progress: () => void;
  cost: () => number;
};

/**
 * Which account lists a count leaves out, as their versions (each list's id, when it last changed
 * and its size): a count remembered for other versions is not the count of the list any more.
 */
export async function accountListsVersion(
  ways: ServiceWays,
  user: BffUser,
  part: Record<string, unknown>,
): Promise<string | undefined> {
  const ids = part.exclude_account_lists;
  if (!Array.isArray(ids) || ids.length === 0) return undefined;
  return ways.planner.accountListsVersion(user, ids as string[]);
}

/**
 * The list less the companies of the account lists `ids`. A list of plain filters is counted by
 * its slices; each part is then a slice with `exclude_account_lists`, `sizes` its count without
 * them and `members` the account lists, so the export reads the slice's members as the count read
 * them (the same pages, kept by the company store) and leaves out the same companies. A list with
 * a query, company size or a set difference is read whole through the planner when it is under
 * 500 without the account lists (one part, the request itself); past 500, a query's translated
 * filters are sliced, and company size or a set difference is refused (422).
 */
export async function lessAccountLists(
  ways: ServiceWays,
  user: BffUser,
  opts: CountOptions,
  ids: string[],
  c: CountingState,
): Promise<ListCount> {
  const { part, progress, cost } = c;
  const hidden = (uuids: readonly string[]) => ways.planner.hiddenAmong(user, ids, uuids);
  // Lists the user may not use: refused before anything is spent.
  await hidden([]);
  const { exclude_account_lists: _hide, ...rest } = part;
  const maxLimit = PLAN_RULES[opts.plan].maxListLimit;

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

  /**
   * A list of service filters alone (no company size, no set difference): sliced whole first (a
   * refusal then has paid only the count calls), then each slice's members read, one line of
   * progress a slice.
   */
  const bySlices = async (filters: Filters): Promise<ListCount> => {
    const own = await c.quietSlicesOf(filters);
    let read = 0;
    let off = 0;
    for (const [i, s] of own.entries()) {
      read += s.count;
      off += await hiddenIn({ filters: s.filters }, s.count, false);
      c.tally(i + 1, read - off);
      progress();
    }
    return {
      count: read - off,
      parts: own.map((s) => ({ filters: s.filters, exclude_account_lists: ids })),
      sizes: own.map((s) => s.count),
      members: ids,
      slices: own.length,
      credits: cost(),
    };
  };

  /** What keeps the request from being sliced with account lists left out, in words ('': nothing). */
  let inTheWay = '';
  const plain = (p: Record<string, unknown>): Filters | undefined => {
    const plan = planList(p.filters as ListFilters | undefined, p.exclude as Exclusions | undefined);
    if ('errors' in plan) throw new InvalidRequest(plan.errors);
    if (plan.bands) inTheWay = 'company size (`filters.firmographic.headcount_range`)';
    else if (plan.differences.length > 0)
      inTheWay = `values left out by set difference (${plan.differences.map((d) => `\`exclude.${d.key}\``).join(', ')})`;
    return plan.bands || plan.differences.length > 0 ? undefined : plan.service;
  };

  if (rest.query === undefined) {
    const filters = plain(rest);
    if (filters) return bySlices(filters);
  }
  // A query, company size or a set difference: the planner reads the list without the account
  // lists first; under 500 it is read whole and their companies in it taken off.
  opts.signal?.throwIfAborted();
  const page = await listPage(ways, user, { ...rest, limit: 1, offset: COUNT_OFFSET }).catch((e: unknown) => {
    // A set difference past the 500 served: the resolver's refusal; the count's says what to do.
    if (e instanceof ListTooBroad && inTheWay !== '') throw cannotCount();
    throw e;
  });
  c.spend(page.credits_consumed ?? 0);
  if (page.total_count < LIST_TOTAL_CAP) {
    const off = page.total_count > 0 ? await hiddenIn(rest, page.total_count, true) : 0;
    const count = page.total_count - off;
    c.tally(1, count);
    progress();
    return { count, parts: [part], sizes: [page.total_count], slices: 1, credits: cost() };
  }
  if (rest.query !== undefined) {
    const echoed = {
      ...(page.filters !== undefined ? { filters: page.filters } : {}),
      ...(page.exclude !== undefined ? { exclude: page.exclude } : {}),
    };
    const filters = plain(echoed);
    if (filters) return bySlices(filters);
  }
  throw cannotCount();

  function cannotCount(): CannotCount {
    return new CannotCount(
      `account lists are left out past the first ${LIST_TOTAL_CAP} only from a list of plain filters (no company size, no values left out by set difference), and this one has ${inTheWay || 'company size or a set difference'}. To count it, count it without \`exclude_account_lists\` (their companies are then counted too), or without ${inTheWay ? 'that' : 'them'}, or narrow its filters until fewer than ${LIST_TOTAL_CAP} match.`,
    );
  }
}
