/**
 * The export of every match of a list (`all: true`, docs/decisions/0026-counting-by-slices.md): the
 * list is counted by slices of fewer than 500 (../lists/count.ts; a count made a few minutes before
 * is used again at no cost), refused past EXPORT_MAX_ROWS (422 naming the count) and past what the
 * user may still spend (402) before any row is bought, then read slice by slice, each slice in the
 * list's own order, in pages of the most the plan serves at once, through the same way in as
 * every export (the company store first: what it holds is not bought again). `x-export-total` is
 * the exact count. The file's order: the slices in the order they were counted (HQ countries,
 * fewest companies first, then founded-year runs oldest first, ...), within a slice the list's sort.
 *
 * A client that goes away stops the export before its next call; what was bought stays in the
 * ledger and the store.
 */
import { ListRequest, type ParsedListRequest } from '../../contract/api';
import type { AllExportEstimate } from '../../contract/bff-lists';
import { credits, PLAN_RULES, PRICES, SECTION_PRICES } from '../../contract/pricing';
import { zodFields } from '../../contract/problem';
import { quoteListPage } from '../companies/port';
import type { CompanyStore } from '../companies/store';
import type { BffUser } from '../context';
import { type CountMemory, countList, type ListCount, rememberedAs } from '../lists/count';
import { countCreditsMax, countedPart, hidesAccountLists } from '../lists/count-price';
import { answerOf, invalidProblem, problem } from '../proxy/problem';
import { csvRow, UTF8_BOM } from './csv';
import {
  cellOf,
  type ExportDeps,
  type ExportHooks,
  type ExportRow,
  exportFileName,
  type Plan,
  planExport,
  relay,
} from './export';
import { membersReadMax, readMembersPage, readPartPage, type Window } from './export-parts';

export type AllExportDeps = {
  counts: CountMemory;
  /** EXPORT_MAX_ROWS: the most rows such a file holds. */
  maxRows: number;
  remaining: (user: BffUser) => Promise<number | null>;
  /** The team's company store: rows it keeps are priced at what it lacks of them. */
  companies?: CompanyStore | undefined;
};

const WHAT = 'an export of every match writes (EXPORT_MAX_ROWS)';

/** The export's plan and its list request as the planner reads it, or the problem to answer. */
function planAll(deps: ExportDeps, body: unknown): { plan: Plan; list: ParsedListRequest } | Response {
  const plan = planExport(body, deps.plan);
  if (plan instanceof Response) return plan;
  const parsed = ListRequest.safeParse(plan.request);
  if (!parsed.success) return invalidProblem(zodFields(parsed.error));
  return { plan, list: parsed.data };
}

/** List generation's price per company with the sections the file needs, enrichment's added. */
function perCompany(plan: Plan): number {
  const sections = (plan.request.sections as (keyof typeof SECTION_PRICES)[] | undefined) ?? [];
  return credits(
    PRICES.listPerCompany +
      [...sections, ...plan.enrich].reduce((sum, s) => sum + (SECTION_PRICES[s] ?? 0), 0),
  );
}

/**
 * What the counted parts' pages the team's company store already keeps would cost now (the
 * sections it lacks, the same quote as the export of a page: ./estimate.ts), and how many rows they
 * hold. A part's pages are quoted in the order the export reads them until one is not kept.
 */
async function storedPart(
  store: CompanyStore,
  plan: Plan,
  limit: number,
  part: Record<string, unknown>,
): Promise<{ rows: number; credits: number }> {
  const { query: _q, filters: _f, exclude: _x, ...shape } = plan.request;
  const { window, ...request } = { ...shape, ...part } as { window?: Window };
  const from = window?.from ?? 0;
  let rows = 0;
  let price = 0;
  for (let offset = 0; ; ) {
    const pageLimit = window ? Math.min(limit, window.to - from - offset) : limit;
    if (pageLimit <= 0) break;
    const q = await quoteListPage(
      store,
      { ...request, offset: from + offset, limit: pageLimit } as never,
      plan.enrich,
    );
    if (!q.exact || q.uuids === null) break;
    rows += q.uuids.length;
    price += q.credits;
    offset += q.uuids.length;
    if (q.uuids.length < pageLimit) break;
  }
  return { rows, credits: price };
}

async function estimateOf(
  deps: ExportDeps,
  all: AllExportDeps,
  plan: Plan,
  list: ParsedListRequest,
  counted: ListCount | undefined,
) {
  const rows = counted ? Math.min(counted.count, all.maxRows) : all.maxRows;
  const per = perCompany(plan);
  const countMax = counted ? 0 : countCreditsMax(list, all.maxRows, deps.plan);
  const store = all.companies ?? deps.companies;
  if (hidesAccountLists(countedPart(list))) {
    // Account lists left out: the slices' members read, the sections of the rows written bought.
    const read = await membersReadMax(deps, store, list, per, all.maxRows, counted);
    return {
      rows,
      per,
      countMax,
      max: credits(read.max + countMax),
      without: credits(read.without + countMax),
      stored: 0,
    };
  }
  const without = credits(per * rows * 1.1 + countMax);
  // Counted: the rows of the parts' pages the company store keeps are priced at what it lacks of
  // them (issue 32: what is stored is not bought again); the rest at the bound.
  let stored = 0;
  let storedPrice = 0;
  if (counted && store?.on) {
    const limit = PLAN_RULES[deps.plan].maxListLimit;
    for (const part of counted.parts) {
      if (stored >= rows) break;
      const got = await storedPart(store, plan, limit, part);
      stored += got.rows;
      storedPrice += got.credits;
    }
    stored = Math.min(stored, rows);
  }
  const max = credits(per * (rows - stored) * 1.1 + storedPrice + countMax);
  return { rows, per, countMax, max, without, stored };
}

/** `POST /bff/exports/estimate` with `all`: the most the file may cost, before anything is spent. */
export async function estimateAllExport(
  deps: ExportDeps,
  all: AllExportDeps,
  user: BffUser,
  body: unknown,
): Promise<AllExportEstimate | Response> {
  const planned = planAll(deps, body);
  if (planned instanceof Response) return planned;
  const counted = all.counts.get(user, await rememberedAs(deps, user, planned.list));
  const e = await estimateOf(deps, all, planned.plan, planned.list, counted);
  const remaining = await all.remaining(user);
  return {
    kind: 'all',
    count: counted?.count ?? null,
    rows_max: e.rows,
    per_company: e.per,
    count_credits_max: e.countMax,
    credits_max: e.max,
    rows_stored: e.stored,
    credits_without_store: e.without,
    budget_remaining: remaining,
    within_budget: remaining === null || remaining >= e.max,
  };
}

/** `POST /bff/exports` with `all`: every match, slice by slice (see the header). */
export async function runAllExport(
  deps: ExportDeps,
  all: AllExportDeps,
  user: BffUser,
  body: unknown,
  hooks: ExportHooks = {},
  signal?: AbortSignal,
): Promise<Response> {
  const planned = planAll(deps, body);
  if (planned instanceof Response) return planned;
  const { plan, list } = planned;
  const part = await rememberedAs(deps, user, list);
  let counted = all.counts.get(user, part);
  if (counted && counted.count > all.maxRows)
    return problem(
      422,
      `The list has ${counted.count.toLocaleString('en-US')} companies, more than the ${all.maxRows.toLocaleString('en-US')} an export of every match writes. Nothing was spent. Add a filter to narrow it.`,
    );
  const e = await estimateOf(deps, all, plan, list, counted);
  const remaining = await all.remaining(user);
  if (remaining !== null && e.max > remaining)
    return problem(
      402,
      `Exporting every match may cost up to ${e.max} credits; you have ${credits(remaining)} left. Nothing was spent.`,
    );

  if (!counted) {
    try {
      counted = await countList(deps, user, list, {
        plan: deps.plan,
        max: all.maxRows,
        maxWhat: WHAT,
        signal,
      });
    } catch (err) {
      return relay(answerOf(err));
    }
    all.counts.set(user, part, counted);
    hooks.onSpent?.(counted.credits);
  }

  const { query: _q, filters: _f, exclude: _x, ...shape } = plan.request;
  const parts = counted.parts.map((p) => ({ ...shape, ...p }));
  const total = counted.count;
  // Account lists left out of plain slices: each slice's members read as the count read them.
  const members = counted.members ? (counted as ListCount & { members: string[] }) : undefined;
  const encoder = new TextEncoder();
  const seen = new Set<string>();
  let at = 0;
  let offset = 0;
  let written = 0;
  let cancelled = false;
  signal?.addEventListener('abort', () => {
    cancelled = true;
  });

  const rowsOf = (rows: ExportRow[]): string => {
    let out = '';
    const exported: { uuid: string; name: string; website: string }[] = [];
    for (const row of rows) {
      // A company that moved between slices since the count is written once.
      if (seen.has(row.uuid)) continue;
      seen.add(row.uuid);
      out += csvRow(plan.columns.map((c) => cellOf(c, row)));
      exported.push({ uuid: row.uuid, name: row.name, website: row.website });
      written++;
    }
    hooks.onRows?.(exported);
    return out;
  };

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        encoder.encode((plan.bom ? UTF8_BOM : '') + csvRow(plan.columns.map((c) => c.header))),
      );
    },
    async pull(controller) {
      while (!cancelled) {
        if (at >= parts.length || written >= all.maxRows) {
          controller.close();
          return;
        }
        const got = members
          ? await readMembersPage(deps, user, plan, members, at, offset, hooks)
          : await readPartPage(deps, user, plan, parts[at]!, offset, hooks);
        if (cancelled) return;
        if ('failed' in got) {
          deps.log(`export of every match for ${user.id} aborted at row ${written}: ${got.failed}`);
          controller.error(new Error(got.failed));
          return;
        }
        offset += got.read;
        if (got.done) {
          at++;
          offset = 0;
        }
        const text = rowsOf(got.rows);
        hooks.onProgress?.(written, total);
        if (text !== '') {
          controller.enqueue(encoder.encode(text));
          return;
        }
      }
    },
    cancel() {
      // The client went away: no further call is made.
      cancelled = true;
    },
  });

  return new Response(stream, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${exportFileName(hooks.now?.() ?? new Date())}"`,
      'x-export-total': String(total),
      'x-export-slices': String(parts.length),
      'x-count-credits': String(counted.credits),
      'cache-control': 'no-store',
    },
  });
}
