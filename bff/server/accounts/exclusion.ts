/**
 * Account lists in list generation (issue 15, docs/decisions/0017-account-lists.md): a list request
 * may name account lists to hide (`exclude_account_lists`) and to mark (`mark_account_lists`). This
 * wraps the list resolver's `call` (so the proxy route and CSV exports both go through it); the
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
import { matchEndpoint, pathOf } from '../../contract/endpoints';
import { LIST_DEFAULT_LIMIT, LIST_TOTAL_CAP } from '../../contract/list-params';
import { credits, PLAN_RULES, type Plan } from '../../contract/pricing';
import type { BffUser } from '../context';
import { stableJson, TtlCache } from '../lists/cache';
import type { CallOptions, CallUpstream } from '../proxy/pipeline';
import { splitUrl } from '../proxy/pipeline';
import { problem } from '../proxy/problem';
import type { Accounts } from './routes';

export type AccountListCallOptions = {
  plan: Plan;
  /** The accounts part (made after the pipeline: read when a request names account lists). */
  accounts: () => Accounts | undefined;
  /** Life of a list's remembered order (default 5 minutes). */
  ttlMs?: number;
  now?: () => number;
};

type Row = { uuid: string } & Record<string, unknown>;
type Answer = {
  data: Row[];
  total_count: number;
  warnings?: { code: string }[];
  skipped_sections?: { section: string }[];
  credits_consumed?: number;
} & Record<string, unknown>;

/**
 * What is remembered of a list's order: its companies' uuids from the start, its size, and the
 * fields of its last answer besides the companies (filters, warnings...).
 */
type Order = { uuids: string[]; total: number | undefined; meta: Record<string, unknown> };

const FIELDS = ['exclude_account_lists', 'mark_account_lists'] as const;

export function withAccountLists(inner: CallUpstream, opts: AccountListCallOptions): CallUpstream {
  const memory = new TtlCache<Order>({
    ttlMs: opts.ttlMs ?? 5 * 60_000,
    maxEntries: 256,
    ...(opts.now ? { now: opts.now } : {}),
  });
  const maxLimit = PLAN_RULES[opts.plan].maxListLimit;
  // The orders read afresh, per run (the run's set of memory keys stands for it).
  const fresh = new WeakMap<Set<string>, Map<string, Order>>();
  const runOrders = (run: Set<string> | undefined): Pick<Map<string, Order>, 'get' | 'set'> => {
    if (!run) return new Map();
    let m = fresh.get(run);
    if (!m) {
      m = new Map();
      fresh.set(run, m);
    }
    return m;
  };

  // Not async: every call but a list's goes on as it came, without a promise of its own.
  return (user, req, callOpts: CallOptions = {}) => {
    if (req.method !== 'POST' || callOpts.body) return inner(user, req, callOpts);
    const m = matchEndpoint('POST', splitUrl(req.url).pathname, ['service']);
    if (m?.kind !== 'endpoint' || m.id !== 'list.generate') return inner(user, req, callOpts);
    return listCall(user, req, callOpts);
  };

  async function listCall(user: BffUser, req: Request, given: CallOptions): Promise<Response> {
    // Read already by the service proxy's own way in (app.ts), or read here. The calls this layer
    // makes with a body of its own must not carry the text read: the options below leave it out.
    const { bodyText, ...callOpts } = given;
    const text = bodyText ?? (await req.text());
    // Passed on as text read already (the list resolver reads it from there): no Request built again.
    if (!text.includes('_account_lists')) return inner(user, req, { ...callOpts, bodyText: text });
    let body: Record<string, unknown>;
    try {
      const parsed = JSON.parse(text) as unknown;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
        return inner(user, req, { ...callOpts, bodyText: text });
      body = parsed as Record<string, unknown>;
    } catch {
      return inner(user, req, { ...callOpts, bodyText: text });
    }
    const accounts = opts.accounts();
    if (!accounts) return problem(503, 'Account lists are not available yet; try again.');

    const ids = (field: (typeof FIELDS)[number]): string[] | Response => {
      const v = body[field];
      if (v === undefined) return [];
      if (!Array.isArray(v) || v.some((x) => typeof x !== 'string'))
        return problem(400, `${field} must be a list of account list ids.`, {
          errors: [{ path: field, message: 'give a list of account list ids' }],
        });
      return [...new Set(v as string[])];
    };
    const hideIds = ids('exclude_account_lists');
    if (hideIds instanceof Response) return hideIds;
    const markIds = ids('mark_account_lists');
    if (markIds instanceof Response) return markIds;
    const hide = await accounts.usableLists(user, hideIds, 'exclude_account_lists');
    if (hide instanceof Response) return hide;
    const mark = await accounts.usableLists(user, markIds, 'mark_account_lists');
    if (mark instanceof Response) return mark;

    const { exclude_account_lists: _h, mark_account_lists: _m, ...rest } = body;
    const post = (b: Record<string, unknown>) =>
      inner(
        user,
        new Request(req.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(b),
        }),
        callOpts,
      );

    let answer: Answer;
    let status = 200;
    if (hideIds.length === 0) {
      const res = await post(rest);
      if (!res.ok) return res;
      answer = (await res.json()) as Answer;
      status = res.status;
    } else {
      const version = hide.map((l) => `${l.id}@${l.updatedAt}#${l.size}`).join(',');
      const r = await hidden(user, rest, hideIds, version, callOpts);
      if (r instanceof Response) return r;
      answer = r;
    }
    if (markIds.length > 0) {
      const marks = await accounts.store.membersAmong(
        markIds,
        answer.data.map((d) => d.uuid),
      );
      answer.data = answer.data.map((d) => ({ ...d, account_lists: marks.get(d.uuid) ?? [] }));
    }
    return new Response(JSON.stringify(answer), {
      status,
      headers: { 'content-type': 'application/json', 'x-cache': 'miss' },
    });
  }

  /** A page of the list with the hidden lists' companies left out. */
  async function hidden(
    user: BffUser,
    request: Record<string, unknown>,
    listIds: readonly string[],
    version: string,
    callOpts: CallOptions,
  ): Promise<Answer | Response> {
    const accounts = opts.accounts()!;
    const offset = typeof request.offset === 'number' ? request.offset : 0;
    const limit = typeof request.limit === 'number' ? request.limit : LIST_DEFAULT_LIMIT;
    const { offset: _o, limit: _l, sections, ...base } = request;
    const key = `${user.id}\u0000${stableJson(base)}\u0000${version}`;
    // Asked afresh (a saved list's run): the order is read anew, remembered for that run's pages only.
    const orders = callOpts.fresh ? runOrders(callOpts.freshMemory) : memory;
    let order = orders.get(key);
    if (!order) {
      order = { uuids: [], total: undefined, meta: {} };
      orders.set(key, order);
    }
    const o = order;
    const end = () => Math.min(o.total ?? LIST_TOTAL_CAP, LIST_TOTAL_CAP);
    const hiddenOf = async (uuids: readonly string[]) =>
      new Set((await accounts.store.membersAmong(listIds, uuids)).keys());

    let spent = 0;
    const warnings: Answer['warnings'] = [];
    const skipped: Answer['skipped_sections'] = [];
    const read = async (from: number, n: number, withSections: boolean): Promise<Row[] | Response> => {
      const res = await inner(
        user,
        new Request(`http://bff${pathOf('list.generate')}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            ...base,
            offset: from,
            limit: n,
            ...(withSections && sections !== undefined ? { sections } : {}),
          }),
        }),
        {
          ...(callOpts.fresh ? { fresh: true } : {}),
          ...(callOpts.freshMemory ? { freshMemory: callOpts.freshMemory } : {}),
        },
      );
      if (!res.ok) return res;
      const a = (await res.json()) as Answer;
      spent += a.credits_consumed ?? 0;
      for (const w of a.warnings ?? []) if (!warnings.some((x) => x.code === w.code)) warnings.push(w);
      for (const s of a.skipped_sections ?? [])
        if (!skipped.some((x) => x.section === s.section)) skipped.push(s);
      if (o.total !== undefined && a.total_count !== o.total) {
        // The list changed under the order remembered: start it again from here.
        o.uuids.length = Math.min(o.uuids.length, from);
      }
      o.total = a.total_count;
      if (from <= o.uuids.length) {
        const fresh = a.data.slice(o.uuids.length - from).map((d) => d.uuid);
        o.uuids.push(...fresh);
      }
      const { data: _data, ...meta } = a;
      o.meta = meta;
      return a.data;
    };

    // Where the page starts in the list's own order: after `offset` companies that are not hidden.
    let start = 0;
    if (offset > 0) {
      let kept = 0;
      let at = 0;
      for (;;) {
        if (at >= o.uuids.length) {
          if (o.total !== undefined && at >= end()) break;
          const got = await read(at, Math.min(maxLimit, Math.max(100, limit)), false);
          if (got instanceof Response) return got;
          if (got.length === 0) break;
        }
        const chunk = o.uuids.slice(at);
        const off = await hiddenOf(chunk);
        let found = false;
        for (const u of chunk) {
          if (!off.has(u)) kept++;
          at++;
          if (kept === offset) {
            found = true;
            break;
          }
        }
        if (found) break;
      }
      start = kept === offset ? at : end();
    }

    // The page: read on from `start` until it holds `limit` companies or the list ends.
    const rows: Row[] = [];
    let pos = start;
    let lastKept = start - 1;
    let reachedEnd = false;
    while (rows.length < limit) {
      if (o.total !== undefined && pos >= end()) {
        reachedEnd = true;
        break;
      }
      const need = limit - rows.length;
      // Where the order is known, read just far enough to hold `need` companies not hidden.
      let n = need;
      if (pos < o.uuids.length) {
        const known = o.uuids.slice(pos);
        const off = await hiddenOf(known);
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
      n = Math.max(1, Math.min(n, maxLimit, end() - pos));
      const got = await read(pos, n, true);
      if (got instanceof Response) return got;
      if (got.length === 0) {
        reachedEnd = true;
        break;
      }
      const off = await hiddenOf(got.map((g) => g.uuid));
      for (let i = 0; i < got.length && rows.length < limit; i++) {
        if (off.has(got[i]!.uuid)) continue;
        rows.push(got[i]!);
        lastKept = pos + i;
      }
      pos += got.length;
    }

    const pageEnd = reachedEnd ? end() : lastKept + 1;
    const hiddenBefore = (await hiddenOf(o.uuids.slice(0, pageEnd))).size;
    const complete = pageEnd >= end();
    const total = o.total ?? 0;
    const answer: Answer = {
      ...o.meta,
      data: rows,
      count: rows.length,
      total_count: Math.max(0, total - hiddenBefore),
      offset,
      excluded_count: hiddenBefore,
      excluded_count_complete: complete,
      warnings,
      skipped_sections: skipped,
      credits_consumed: credits(spent),
    };
    return answer;
  }
}
