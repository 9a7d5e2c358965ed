/**
 * A screening of every match of a list (`screen: "all"`, docs/decisions/0032-screening-every-match.md):
 * the list read without its signal keys and sections, cut into slices of fewer than 500 as an exact
 * count cuts it (./slicing.ts, docs/decisions/0026-counting-by-slices.md), each slice read in the
 * list's own order, the slices in the order they were cut. The slices are kept per user and list a
 * few minutes, so a screening of the same list with other signals does not cut it again, and is
 * priced at their sizes. A list with company size or exclusions is counted exactly instead and read
 * from the count's parts, as the export of every match reads them
 * (docs/decisions/0036-screening-every-match-with-size-and-exclusions.md).
 */
import type { ParsedListRequest } from '../../contract/api';
import type { Filters } from '../../contract/filters';
import { LIST_TOTAL_CAP } from '../../contract/list-params';
import { credits, PLAN_RULES, type Plan } from '../../contract/pricing';
import { SCREEN_ALL_MAX_COMPANIES } from '../../contract/signal-cost';
import type { BffUser } from '../context';
import { BffProblem } from '../proxy/problem';
import { stableJson } from './cache';
import { countList, type ListCount } from './count';
import { ListChanged } from './errors';
import type { ListPlanner } from './planner';
import type { ListPage, ListRow, ListStep, PortOptions, RunOptions, ServicePort } from './port';
import { resolvedEveryMatch, splitSignals } from './screening-price';
import { CannotSlice, type CountedSlice, sliceList } from './slicing';

/** Most lists' slices kept across users (the oldest goes first). */
const MAX_SLICINGS = 64;

/** A list cut a few minutes ago: its slices, or (company size, exclusions) its exact count's parts. */
type Kept = { at: number; slices: CountedSlice[]; parts?: ListCount };

/** The positions of a part of company size in its slice's employee order, and the slice's size. */
type Window = { from: number; to: number; total: number };

/** The planner is never asked by a count of filters and exclusions (no description, no account lists). */
const NO_PLANNER: ListPlanner = {
  list: () => Promise.reject(new Error('a count of every match to screen asked the planner')),
  passesOn: () => false,
  screenEstimate: () => Promise.reject(new Error('a count of every match to screen asked the planner')),
  hiddenAmong: () => Promise.reject(new Error('a count of every match to screen asked the planner')),
  accountListsVersion: () => Promise.reject(new Error('a count of every match to screen asked the planner')),
};

export class EveryMatch {
  /** The slices each user's lists were cut into, and when. */
  private readonly slicings = new Map<string, Kept>();

  constructor(
    private readonly port: ServicePort,
    private readonly plan: Plan,
    private readonly ttlMs: number,
    private readonly now: () => Date,
  ) {}

  private key(user: BffUser, request: ParsedListRequest): string {
    const { base } = splitSignals(request);
    return `${user.id}:${stableJson({ filters: base.filters ?? {}, exclude: base.exclude ?? null })}`;
  }

  private kept(user: BffUser, request: ParsedListRequest) {
    const key = this.key(user, request);
    const got = this.slicings.get(key);
    if (!got) return undefined;
    if (this.now().getTime() - got.at > this.ttlMs) {
      this.slicings.delete(key);
      return undefined;
    }
    return got;
  }

  private keep(user: BffUser, request: ParsedListRequest, got: Kept): void {
    if (this.slicings.size >= MAX_SLICINGS) {
      const oldest = this.slicings.keys().next().value;
      if (oldest !== undefined) this.slicings.delete(oldest);
    }
    this.slicings.set(this.key(user, request), got);
  }

  /**
   * The sizes of the parts the list was cut into a few minutes ago, if any: its slices' counts, or
   * for company size and exclusions the most each part of their count serves.
   */
  slicedBefore(user: BffUser, request: ParsedListRequest): number[] | undefined {
    const got = this.kept(user, request);
    if (!got) return undefined;
    return got.parts ? (got.parts.sizes ?? []) : got.slices.map((s) => s.count);
  }

  /**
   * Every match of a list (`screen: "all"`), read without sections: cut into slices of fewer than
   * 500 as an exact count cuts it (./slicing.ts, docs/decisions/0026-counting-by-slices.md), each
   * slice then read in its own order, the slices in the order they were cut. Past
   * SCREEN_ALL_MAX_COMPANIES the cutting stops with 422 (what it spent staying spent). The slices are
   * kept a few minutes: a screening of the same list with other signals reads them again at no
   * count, and is priced at their sizes.
   */
  async read(
    user: BffUser,
    request: ParsedListRequest,
    unsectioned: Omit<ParsedListRequest, 'sections'>,
    run: RunOptions,
    base: ListStep,
  ): Promise<{ rows: ListRow[]; credits: number; first: ListPage | undefined }> {
    if (resolvedEveryMatch(unsectioned)) return this.readParts(user, request, unsectioned, run, base);
    const fresh: PortOptions = run.fresh ? { fresh: true } : {};
    const maxLimit = PLAN_RULES[this.plan].maxListLimit;
    const filters = (unsectioned.filters ?? {}) as Filters;
    let spent = 0;
    let slices = run.fresh ? undefined : this.kept(user, request)?.slices;
    if (!slices) {
      const countOf = async (f: Filters): Promise<number> => {
        const called = await this.port(
          user,
          'list.generate',
          { filters: f, limit: 1, offset: LIST_TOTAL_CAP - 1 } as never,
          fresh,
        );
        spent += called.credits;
        return (called.data as ListPage).total_count;
      };
      let sum = 0;
      const tooMany = () =>
        new BffProblem(
          422,
          `The list has more than ${SCREEN_ALL_MAX_COMPANIES.toLocaleString('en-US')} companies, the most a screening of every match reads (${credits(spent)} credits were spent finding that out). Add a filter to narrow it, or screen its first ${LIST_TOTAL_CAP}.`,
          { code: 'list_too_broad' },
        );
      try {
        slices = await sliceList(filters, await countOf(filters), countOf, {
          onSlice: (slice) => {
            sum += slice.count;
            if (sum > SCREEN_ALL_MAX_COMPANIES) throw tooMany();
          },
        });
      } catch (e) {
        if (e instanceof CannotSlice)
          throw new BffProblem(
            422,
            `This list cannot be cut into slices of fewer than ${LIST_TOTAL_CAP} companies. Screen its first ${LIST_TOTAL_CAP} instead.`,
            { code: 'list_too_broad' },
          );
        throw e;
      }
      this.keep(user, request, { at: this.now().getTime(), slices });
    }
    const read = new Collected(spent);
    for (const slice of slices) {
      if (slice.count === 0) continue;
      for (let offset = 0; offset < slice.count; ) {
        const page = await base(
          user,
          {
            ...unsectioned,
            filters: slice.filters as ParsedListRequest['filters'],
            offset,
            limit: Math.min(maxLimit, slice.count - offset),
          },
          run,
        );
        read.add(page);
        if (page.data.length === 0) break;
        offset += page.data.length;
      }
    }
    return read.result();
  }

  /**
   * Every match of a list with company size or exclusions (docs/decisions/0036): counted exactly as
   * `POST /bff/lists/count` counts it (./count.ts; past SCREEN_ALL_MAX_COMPANIES, 422), then each of
   * the count's parts read as the export of every match reads them: a slice with its set
   * differences through the resolver (`base`), a stretch of company size by its positions in the
   * slice's employee order (`window`). The parts are kept a few minutes like the slices.
   */
  private async readParts(
    user: BffUser,
    request: ParsedListRequest,
    unsectioned: Omit<ParsedListRequest, 'sections'>,
    run: RunOptions,
    base: ListStep,
  ): Promise<{ rows: ListRow[]; credits: number; first: ListPage | undefined }> {
    const maxLimit = PLAN_RULES[this.plan].maxListLimit;
    let spent = 0;
    let counted = run.fresh ? undefined : this.kept(user, request)?.parts;
    if (!counted) {
      const { sort_by: _b, sort_order: _o, offset: _f, limit: _l, ...listed } = unsectioned;
      counted = await countList({ port: this.port, planner: NO_PLANNER }, user, listed as ParsedListRequest, {
        plan: this.plan,
        max: SCREEN_ALL_MAX_COMPANIES,
        maxWhat: `a screening of every match reads (${SCREEN_ALL_MAX_COMPANIES.toLocaleString('en-US')})`,
      });
      spent += counted.credits;
      this.keep(user, request, { at: this.now().getTime(), slices: [], parts: counted });
    }
    const { exclude: _x, filters: _f, ...shape } = unsectioned;
    const read = new Collected(spent);
    for (const [i, part] of counted.parts.entries()) {
      const size = counted.sizes?.[i] ?? maxLimit;
      if (size === 0) continue;
      const { window, ...request } = part as { window?: Window } & Record<string, unknown>;
      if (window) {
        // A stretch of company size: positions [from, to) of its slice's employee order.
        for (let at = window.from; at < window.to; ) {
          const page = await base(
            user,
            { ...shape, ...request, offset: at, limit: Math.min(maxLimit, window.to - at) } as never,
            run,
          );
          read.add(page);
          if (page.total_count !== window.total) throw new ListChanged();
          if (page.data.length === 0) break;
          at += page.data.length;
        }
        continue;
      }
      // A slice, with the list's set differences when it has any (the resolver reads them).
      for (let offset = 0; ; ) {
        const limit = Math.min(maxLimit, size);
        const page = await base(user, { ...shape, ...request, offset, limit } as never, run);
        read.add(page);
        offset += page.data.length;
        if (page.data.length < limit || offset >= page.total_count) break;
      }
    }
    return read.result();
  }
}

/**
 * The companies read for a screening, each once (one that moved between slices or parts since they
 * were cut is not screened twice), what reading them cost, and the first page read.
 */
class Collected {
  private readonly rows: ListRow[] = [];
  private readonly seen = new Set<string>();
  private first: ListPage | undefined;

  constructor(private spent: number) {}

  add(page: ListPage): void {
    this.spent += page.credits_consumed ?? 0;
    this.first ??= page;
    for (const { uuid, name, website, product_category, company_type } of page.data) {
      if (this.seen.has(uuid)) continue;
      this.seen.add(uuid);
      this.rows.push({ uuid, name, website, product_category, company_type });
    }
  }

  result(): { rows: ListRow[]; credits: number; first: ListPage | undefined } {
    return { rows: this.rows, credits: credits(this.spent), first: this.first };
  }
}
