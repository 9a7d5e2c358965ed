/**
 * CSV export of a list request: validates, pages list generation upstream through `deps.call` (so
 * every page is budget-checked and recorded in the ledger like any proxied call), and streams the
 * CSV as pages arrive.
 *
 * Failure handling: the first page is fetched before anything is sent, so a request the upstream
 * refuses (400, 402 budget spent, 429, 502...) gets that problem with its real status. Once the
 * first rows are out the status line is committed; if a later page fails, the stream is aborted
 * (the connection is destroyed without the final chunk), so the browser's download or `fetch`
 * read fails visibly instead of leaving a silently truncated file that looks complete.
 */
import { z } from 'zod';
import type { CompanyListItem } from '../../contract/api';
import { EXPORT_MAX_ROWS } from '../../contract/bff';
import { ExportRequest } from '../../contract/bff-lists';
import { COLUMN_BY_ID, type ColumnDef, sectionsOfColumns } from '../../contract/columns';
import { PLAN_LABELS, PLAN_RULES } from '../../contract/pricing';
import type { ProblemField } from '../../contract/problem';
import { zodFields } from '../../contract/problem';
import { type ListSection, SECTION_LABELS } from '../../contract/section-names';
import { presetColumns, presetSections } from '../accounts/presets';
import type { BffDeps, BffUser } from '../context';
import { invalidProblem, problem } from '../proxy/problem';
import { callEndpoint } from '../routing';
import { type CsvCell, csvRow, UTF8_BOM } from './csv';

/** Pages stay small enough that progress moves while the export runs. */
export const EXPORT_PAGE_SIZE = 100;

export type ExportHooks = {
  now?: () => Date;
  /** After each page is written (rows written so far, rows announced). */
  onProgress?: (done: number, total: number) => void;
  /** After each page the upstream answered, with the credits it cost. */
  onSpent?: (credits: number) => void;
  /** The companies of each page written (the user's "Exported before" account list). */
  onRows?: (rows: { uuid: string; name: string; website: string }[]) => void;
};

/** What the export needs of a list page; section contents are read defensively by the columns. */
const ListPage = z.object({
  data: z.array(z.object({ uuid: z.string() }).loose()),
  total_count: z.number().int().nonnegative(),
  credits_consumed: z.number().optional(),
  excluded_count: z.number().int().optional(),
});

type Plan = {
  request: Record<string, unknown>;
  /** Account lists are left out: the pages are read whole first, so the counts are exact. */
  excluding: boolean;
  columns: readonly ColumnDef[];
  uuids: ReadonlySet<string> | null;
  bom: boolean;
  pageSize: number;
};

/** Validates an export body; answers the plan of the export or the problem to send. */
export function planExport(body: unknown, plan: BffDeps['plan']): Plan | Response {
  const parsed = ExportRequest.safeParse(body);
  const errors: ProblemField[] = parsed.success ? [] : zodFields(parsed.error);
  const rawColumns = (body as { columns?: unknown } | null)?.columns;
  if (Array.isArray(rawColumns)) {
    rawColumns.forEach((id, i) => {
      if (typeof id === 'string' && !COLUMN_BY_ID.has(id)) {
        errors.push({ path: `columns.${i}`, message: `unknown column "${id}"` });
      }
    });
  }
  if (!parsed.success || errors.length > 0) return invalidProblem(errors);
  const req = parsed.data;
  if (!req.request)
    return invalidProblem([
      { path: 'source', message: 'bulk enrichment of an account list is not available here' },
    ]);

  const columns = req.preset
    ? presetColumns(req.preset, false)
    : (req.columns ?? []).map((id) => COLUMN_BY_ID.get(id)!);
  const rules = PLAN_RULES[plan];
  // The service would skip these sections and the cells would come out empty; say so before any
  // credits are spent rather than deliver a file with blank columns.
  const blocked: ProblemField[] = [];
  columns.forEach((c, i) => {
    if (c.section === null) return;
    if (!rules.listSections) {
      blocked.push({
        path: `columns.${i}`,
        message: `"${c.header}" needs the ${SECTION_LABELS[c.section]} section; the ${PLAN_LABELS[plan]} plan includes no sections in lists`,
      });
    } else if (!rules.sections.includes(c.section)) {
      blocked.push({
        path: `columns.${i}`,
        message: `"${c.header}" needs the ${SECTION_LABELS[c.section]} section, which the ${PLAN_LABELS[plan]} plan does not include`,
      });
    }
  });
  if (blocked.length > 0) {
    return problem(
      403,
      `${blocked.length} of the chosen columns need sections the ${PLAN_LABELS[plan]} plan does not include.`,
      { errors: blocked },
    );
  }

  // Only the sections the columns read: a section nobody exports would cost credits per company.
  const {
    limit: _limit,
    offset: _offset,
    sections: _sections,
    mark_account_lists: _mark,
    ...list
  } = req.request;
  const sections: ListSection[] = req.preset
    ? (presetSections(req.preset, false) as ListSection[])
    : sectionsOfColumns(req.columns ?? []);
  // Account lists to leave out, beside the request's own (issue 15): the list resolver of account
  // lists leaves them out of each page (bff/server/accounts/exclusion.ts).
  const excluded = [
    ...new Set([...(list.exclude_account_lists ?? []), ...(req.exclude_account_lists ?? [])]),
  ];
  return {
    request: {
      ...list,
      ...(excluded.length > 0 ? { exclude_account_lists: excluded } : {}),
      ...(sections.length > 0 ? { sections } : {}),
    },
    excluding: excluded.length > 0,
    columns,
    uuids: req.uuids ? new Set(req.uuids) : null,
    bom: req.bom,
    pageSize: Math.min(rules.maxListLimit, EXPORT_PAGE_SIZE),
  };
}

function cellOf(column: ColumnDef, row: CompanyListItem): CsvCell {
  try {
    if (column.kind === 'number' || column.kind === 'money' || column.kind === 'year') {
      const v = column.value(row);
      return typeof v === 'number' ? v : null;
    }
    return column.text(row);
  } catch {
    // A remote upstream may send a section in a shape the catalog does not know; one odd cell
    // must not abort a 500-row export.
    return null;
  }
}

type Page = { rows: CompanyListItem[]; total: number; excluded: number };

async function fetchPage(
  deps: Pick<BffDeps, 'call'>,
  user: BffUser,
  request: Record<string, unknown>,
  offset: number,
  limit: number,
  onSpent?: (credits: number) => void,
): Promise<Page | Response> {
  const res = await callEndpoint(deps, user, 'list.generate', { ...request, limit, offset });
  if (!res.ok) return res;
  const parsed = ListPage.safeParse(await res.json().catch(() => undefined));
  if (!parsed.success)
    return problem(502, 'The Company Data Service answered a list page the BFF cannot read.');
  if (parsed.data.credits_consumed) onSpent?.(parsed.data.credits_consumed);
  return {
    rows: parsed.data.data as unknown as CompanyListItem[],
    total: parsed.data.total_count,
    excluded: parsed.data.excluded_count ?? 0,
  };
}

/** Passes an upstream refusal on with its status, body and the headers that matter to the client. */
function relay(res: Response): Response {
  const headers = new Headers();
  for (const name of ['content-type', 'retry-after']) {
    const v = res.headers.get(name);
    if (v) headers.set(name, v);
  }
  return new Response(res.body, { status: res.status, headers });
}

export function exportFileName(now: Date): string {
  return `companies-${now.toISOString().slice(0, 10)}.csv`;
}

export async function runExport(
  deps: Pick<BffDeps, 'call' | 'plan' | 'log'>,
  user: BffUser,
  body: unknown,
  hooks: ExportHooks = {},
): Promise<Response> {
  const plan = planExport(body, deps.plan);
  if (plan instanceof Response) return plan;

  const first = await fetchPage(deps, user, plan.request, 0, plan.pageSize, hooks.onSpent);
  if (first instanceof Response) return relay(first);

  if (plan.excluding) return bufferedExport(deps, user, plan, first, hooks);

  const end = Math.min(first.total, EXPORT_MAX_ROWS);
  // With a selection the number of rows is known up front; a selected company that no longer
  // matches the list is simply absent, so the stream may end short of it (documented in docs/api.md, "CSV export").
  const total = plan.uuids ? plan.uuids.size : end;
  const encoder = new TextEncoder();
  let offset = first.rows.length;
  let written = 0;
  let found = 0;
  let cancelled = false;

  const rowsOf = (rows: CompanyListItem[]): string => {
    let out = '';
    const exported: { uuid: string; name: string; website: string }[] = [];
    for (const row of rows) {
      if (plan.uuids && !plan.uuids.has(row.uuid)) continue;
      found++;
      out += csvRow(plan.columns.map((c) => cellOf(c, row)));
      exported.push({ uuid: row.uuid, name: row.name, website: row.website });
    }
    hooks.onRows?.(exported);
    written = plan.uuids ? found : written + rows.length;
    return out;
  };
  const finished = (lastPageRows: number) =>
    offset >= end || lastPageRows === 0 || (plan.uuids !== null && found >= plan.uuids.size);

  let lastPageRows = first.rows.length;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const head = (plan.bom ? UTF8_BOM : '') + csvRow(plan.columns.map((c) => c.header));
      controller.enqueue(encoder.encode(head + rowsOf(first.rows)));
      hooks.onProgress?.(written, total);
    },
    async pull(controller) {
      // A page with none of the selected companies enqueues nothing; the stream only pulls again
      // after a chunk, so keep paging here until there is one or the list ends.
      while (!cancelled) {
        if (finished(lastPageRows)) {
          controller.close();
          return;
        }
        const limit = Math.min(plan.pageSize, end - offset);
        const page = await fetchPage(deps, user, plan.request, offset, limit, hooks.onSpent);
        if (cancelled) return;
        if (page instanceof Response) {
          deps.log(`export for ${user.id} aborted at row ${written}: upstream answered ${page.status}`);
          controller.error(new Error(`upstream answered ${page.status}`));
          return;
        }
        offset += page.rows.length;
        lastPageRows = page.rows.length;
        const text = rowsOf(page.rows);
        hooks.onProgress?.(written, total);
        if (text !== '') {
          controller.enqueue(encoder.encode(text));
          return;
        }
      }
    },
    cancel() {
      // The browser went away: stop paging so no further credits are spent.
      cancelled = true;
    },
  });

  return new Response(stream, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${exportFileName(hooks.now?.() ?? new Date())}"`,
      'x-export-total': String(total),
      'cache-control': 'no-store',
    },
  });
}

/**
 * An export that leaves account lists out: every page read before the first byte, so the file's
 * row count (`x-export-total`) and the companies left out (`x-export-excluded`) are exact (at
 * most 500 rows: the list's pages, read through the account lists' resolver).
 */
async function bufferedExport(
  deps: Pick<BffDeps, 'call' | 'plan' | 'log'>,
  user: BffUser,
  plan: Plan,
  first: Page,
  hooks: ExportHooks,
): Promise<Response> {
  const rows: CompanyListItem[] = [...first.rows];
  let excluded = first.excluded;
  let last = first;
  while (last.rows.length > 0 && rows.length < Math.min(last.total, EXPORT_MAX_ROWS)) {
    const limit = Math.min(plan.pageSize, EXPORT_MAX_ROWS - rows.length);
    const page = await fetchPage(deps, user, plan.request, rows.length, limit, hooks.onSpent);
    if (page instanceof Response) return relay(page);
    rows.push(...page.rows);
    excluded = page.excluded;
    last = page;
    hooks.onProgress?.(rows.length, last.total);
  }
  const chosen = plan.uuids ? rows.filter((r) => plan.uuids!.has(r.uuid)) : rows;
  hooks.onRows?.(chosen.map((r) => ({ uuid: r.uuid, name: r.name, website: r.website })));
  let text = (plan.bom ? UTF8_BOM : '') + csvRow(plan.columns.map((c) => c.header));
  for (const row of chosen) text += csvRow(plan.columns.map((c) => cellOf(c, row)));
  hooks.onProgress?.(chosen.length, chosen.length);
  return new Response(text, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${exportFileName(hooks.now?.() ?? new Date())}"`,
      'x-export-total': String(chosen.length),
      'x-export-excluded': String(excluded),
      'cache-control': 'no-store',
    },
  });
}
