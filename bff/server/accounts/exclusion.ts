/**
 * Account lists in list generation (issue 15, docs/decisions/0017-account-lists.md): a list request
 * may name account lists to hide (`exclude_account_lists`) and to mark (`mark_account_lists`). This
 * is a step of the list planner (docs/decisions/0021-typed-list-planner.md) around the rest of it,
 * so the proxy route and the BFF's own callers (CSV exports, saved lists) all go through it; the
 * service never sees either field.
 *
 * Hiding keeps pages full: page `offset`/`limit` counts the companies left after hiding, so the BFF
 * reads the list's own order further as far as needed (within the 500 it serves), and remembers the
 * order's companies a few minutes so paging on does not read them again. Page `offset` > 0 first
 * needs the companies before it: read without sections (0.2 credits each, not a section's price).
 * `excluded_count` counts the hidden companies from the list's start to the end of the page;
 * `excluded_count_complete` says when that is all of them (the page reached the list's end), and
 * until then `total_count` (the list's size less them) is an upper bound.
 *
 * Marking adds `account_lists` (the marked lists a company is in) to every company of the page.
 */
import type { ParsedListRequest, SkippedSection, Warning } from '../../contract/api';
import { LIST_TOTAL_CAP } from '../../contract/list-params';
import { credits, PLAN_RULES, type Plan } from '../../contract/pricing';
import type { ProblemField } from '../../contract/problem';
import type { BffUser } from '../context';
import { stableJson, TtlCache } from '../lists/cache';
import type { ListPage, ListRow, ListStep, RunOptions } from '../lists/port';
import { InvalidRequest } from '../proxy/problem';
import type { AccountListRecord, AccountStore } from './store';

/** What the step needs of the account lists: which a user may use, and who is in them. */
export type AccountListLookup = {
  /** The lists of `ids` the user may use; throws the `InvalidRequest` naming those they may not. */
  usableLists: (user: BffUser, ids: readonly string[], field: string) => Promise<AccountListRecord[]>;
  /** Which of `uuids` are members of any of the lists (uuid -> the lists' ids). */
  membersAmong: (listIds: readonly string[], uuids: readonly string[]) => Promise<Map<string, string[]>>;
};

/**
 * The lookup over the accounts' store, made before any route. `recorded` waits for the user's
 * exported companies still being written to "Exported before", so hiding that list right after an
 * export leaves them out (the accounts service's own wait; without it, none).
 */
export function accountListLookup(
  store: Pick<AccountStore, 'getList' | 'membersAmong'>,
  recorded?: (userId: string) => Promise<void>,
): AccountListLookup {
  return {
    usableLists: async (user, ids, field) => {
      if (ids.length > 0 && recorded) await recorded(user.id);
      const out: AccountListRecord[] = [];
      const errors: ProblemField[] = [];
      for (const [i, id] of ids.entries()) {
        const l = await store.getList(id);
        if (l !== undefined && (l.ownerId === user.id || l.shared)) out.push(l);
        else
          errors.push({ path: `${field}.${i}`, message: `no account list "${id}" (or not shared with you)` });
      }
      if (errors.length > 0) throw new InvalidRequest(errors);
      return out;
    },
    membersAmong: (listIds, uuids) => store.membersAmong(listIds, uuids),
  };
}

/**
 * The version of account lists: each list's id, when it last changed and its size. Members added or
 * removed change it, so what was learnt of a list with them (an order, a count) is not used again.
 */
export const listsVersion = (lists: readonly AccountListRecord[]): string =>
  lists.map((l) => `${l.id}@${l.updatedAt}#${l.size}`).join(',');

/**
 * What is remembered of a list's order: its companies' uuids from the start, its size, and the
 * fields of its last answer besides the companies (filters, warnings...).
 */
type HiddenOrder = { uuids: string[]; total: number | undefined; meta: Record<string, unknown> };

/** A page with hidden companies left out: what it reads, and how it tells who is hidden. */
type Hiding = {
  request: Pick<ParsedListRequest, 'offset' | 'limit'>;
  order: HiddenOrder;
  maxLimit: number;
  /** Positions [from, from + limit) of the list's own order, with the request's sections or without. */
  read: (from: number, limit: number, withSections: boolean) => Promise<ListPage>;
  hiddenOf: (uuids: readonly string[]) => Promise<Set<string>>;
};

/** The reads of one page: what they cost and said, and the order they taught. */
class PageReads {
  spent = 0;
  readonly warnings: Warning[] = [];
  readonly skipped: SkippedSection[] = [];
  constructor(private readonly h: Hiding) {}

  /** The order's last position served. */
  end(): number {
    return Math.min(this.h.order.total ?? LIST_TOTAL_CAP, LIST_TOTAL_CAP);
  }

  async read(from: number, n: number, withSections: boolean): Promise<ListRow[]> {
    const o = this.h.order;
    const a = await this.h.read(from, n, withSections);
    this.spent += a.credits_consumed ?? 0;
    for (const w of a.warnings ?? [])
      if (!this.warnings.some((x) => x.code === w.code)) this.warnings.push(w);
    for (const s of a.skipped_sections ?? [])
      if (!this.skipped.some((x) => x.section === s.section)) this.skipped.push(s);
    // The list changed under the order remembered: start it again from here.
    if (o.total !== undefined && a.total_count !== o.total) o.uuids.length = Math.min(o.uuids.length, from);
    o.total = a.total_count;
    if (from <= o.uuids.length) o.uuids.push(...a.data.slice(o.uuids.length - from).map((d) => d.uuid));
    const { data: _data, ...meta } = a;
    o.meta = meta;
    return a.data;
  }
}

/** Where the page starts in the list's own order: after `offset` companies that are not hidden. */
async function pageStart(h: Hiding, reads: PageReads): Promise<number> {
  const { offset, limit } = h.request;
  const o = h.order;
  if (offset === 0) return 0;
  let kept = 0;
  let at = 0;
  for (;;) {
    if (at >= o.uuids.length) {
      if (o.total !== undefined && at >= reads.end()) break;
      const got = await reads.read(at, Math.min(h.maxLimit, Math.max(100, limit)), false);
      if (got.length === 0) break;
    }
    const chunk = o.uuids.slice(at);
    const off = await h.hiddenOf(chunk);
    for (const u of chunk) {
      if (!off.has(u)) kept++;
      at++;
      if (kept === offset) return at;
    }
  }
  return kept === offset ? at : reads.end();
}

/** A page of the list with the hidden lists' companies left out. */
async function hiddenPage(h: Hiding): Promise<ListPage> {
  const { offset, limit } = h.request;
  const o = h.order;
  const reads = new PageReads(h);
  const start = await pageStart(h, reads);
  // The page: read on from `start` until it holds `limit` companies or the list ends.
  const rows: ListRow[] = [];
  let pos = start;
  let lastKept = start - 1;
  let reachedEnd = false;
  while (rows.length < limit) {
    if (o.total !== undefined && pos >= reads.end()) {
      reachedEnd = true;
      break;
    }
    const need = limit - rows.length;
    // Where the order is known, read just far enough to hold `need` companies not hidden.
    let n = need;
    if (pos < o.uuids.length) {
      const known = o.uuids.slice(pos);
      const off = await h.hiddenOf(known);
      let keep = 0;
      n = known.length;
      for (let i = 0; i < known.length; i++) {
        if (!off.has(known[i]!)) keep++;
        if (keep === need) {
          n = i + 1;
          break;
        }
      }
    }
    n = Math.max(1, Math.min(n, h.maxLimit, reads.end() - pos));
    const got = await reads.read(pos, n, true);
    if (got.length === 0) {
      reachedEnd = true;
      break;
    }
    const off = await h.hiddenOf(got.map((g) => g.uuid));
    for (let i = 0; i < got.length && rows.length < limit; i++) {
      if (off.has(got[i]!.uuid)) continue;
      rows.push(got[i]!);
      lastKept = pos + i;
    }
    pos += got.length;
  }
  const pageEnd = reachedEnd ? reads.end() : lastKept + 1;
  const hiddenBefore = (await h.hiddenOf(o.uuids.slice(0, pageEnd))).size;
  return {
    ...o.meta,
    data: rows,
    count: rows.length,
    total_count: Math.max(0, (o.total ?? 0) - hiddenBefore),
    offset,
    excluded_count: hiddenBefore,
    excluded_count_complete: pageEnd >= reads.end(),
    warnings: reads.warnings,
    skipped_sections: reads.skipped,
    credits_consumed: credits(reads.spent),
  };
}

export type AccountListStepOptions = {
  plan: Plan;
  /** Life of a list's remembered order (default 5 minutes). */
  ttlMs?: number;
  now?: () => number;
};

/** The step: `(user, request, run, next)`, where `next` is the rest of the planner. */
export type AccountListStep = (
  user: BffUser,
  request: ParsedListRequest,
  run: RunOptions,
  next: ListStep,
) => Promise<ListPage>;

/** Whether a request names account lists (the step has work to do). */
export const namesAccountLists = (r: ParsedListRequest): boolean =>
  r.exclude_account_lists !== undefined || r.mark_account_lists !== undefined;

export function accountListStep(lookup: AccountListLookup, opts: AccountListStepOptions): AccountListStep {
  const memory = new TtlCache<HiddenOrder>({
    ttlMs: opts.ttlMs ?? 5 * 60_000,
    maxEntries: 256,
    ...(opts.now ? { now: opts.now } : {}),
  });
  // The orders read afresh, per run (the run's set of memory keys stands for it).
  const fresh = new WeakMap<Set<string>, Map<string, HiddenOrder>>();
  const runOrders = (run: Set<string> | undefined): Pick<Map<string, HiddenOrder>, 'get' | 'set'> => {
    if (!run) return new Map();
    let m = fresh.get(run);
    if (!m) {
      m = new Map();
      fresh.set(run, m);
    }
    return m;
  };

  return async (user, request, run, next) => {
    if (!namesAccountLists(request)) return next(user, request, run);
    const { exclude_account_lists: hideAsked, mark_account_lists: markAsked, ...rest } = request;
    const hideIds = [...new Set(hideAsked ?? [])];
    const markIds = [...new Set(markAsked ?? [])];
    const hide = await lookup.usableLists(user, hideIds, 'exclude_account_lists');
    await lookup.usableLists(user, markIds, 'mark_account_lists');

    let answer: ListPage;
    if (hideIds.length === 0) answer = await next(user, rest, run);
    else {
      const { offset: _o, limit: _l, sections: _s, ...base } = rest;
      const version = listsVersion(hide);
      const key = `${user.id}\u0000${stableJson(base)}\u0000${version}`;
      // Asked afresh (a saved list's run): the order is read anew, remembered for that run's pages only.
      const orders = run.fresh ? runOrders(run.memory) : memory;
      let order = orders.get(key);
      if (!order) {
        order = { uuids: [], total: undefined, meta: {} };
        orders.set(key, order);
      }
      answer = await hiddenPage({
        request: rest,
        order,
        maxLimit: PLAN_RULES[opts.plan].maxListLimit,
        read: (from, limit, withSections) =>
          next(
            user,
            {
              ...base,
              offset: from,
              limit,
              ...(withSections && rest.sections !== undefined ? { sections: rest.sections } : {}),
            },
            run,
          ),
        hiddenOf: async (uuids) => new Set((await lookup.membersAmong(hideIds, uuids)).keys()),
      });
    }
    if (markIds.length > 0) {
      const marks = await lookup.membersAmong(
        markIds,
        answer.data.map((d) => d.uuid),
      );
      answer.data = answer.data.map((d) => ({ ...d, account_lists: marks.get(d.uuid) ?? [] }));
    }
    return answer;
  };
}
