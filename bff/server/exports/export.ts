/**
 * CSV export of a list request: validates, reads the list's pages through the typed ways in
 * (`listPage`: the port, or the list planner for what the service cannot answer as asked; every page
 * budget-checked and recorded in the ledger like any proxied call), and streams the CSV as pages
 * arrive.
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
import { COLUMN_BY_ID, type ColumnDef, sectionsOfColumns, signalsOfColumns } from '../../contract/columns';
import { PLAN_LABELS, PLAN_RULES } from '../../contract/pricing';
import type { ProblemField } from '../../contract/problem';
import { zodFields } from '../../contract/problem';
import {
  LIST_SECTIONS,
  type ListSection,
  SECTION_LABELS,
  type StoredSection,
} from '../../contract/section-names';
import type { SignalReading } from '../../contract/signal-columns';
import { presetColumns, presetSections } from '../accounts/presets';
import { withReceipt } from '../companies/receipt';
import { readSignals } from '../companies/signals';
import type { CompanyStore } from '../companies/store';
import type { BffDeps, BffUser } from '../context';
import { listPage, type ServiceWays } from '../lists/list-page';
import { answerOf, invalidProblem, problem } from '../proxy/problem';
import { type CsvCell, csvRow, UTF8_BOM } from './csv';

/**
 * Pages stay small enough that progress moves while the export runs, and are the list builder's
 * page size: the orders of the pages a rep has looked at are kept by the company store, so their
 * export reads them at no cost and its estimate is exact.
 */
export const EXPORT_PAGE_SIZE = 50;

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

/**
 * The limit of the page at `offset`: always the page size, the last page too (the service answers
 * what is left), so the export's pages are the grid's and the store's kept orders serve them; less
 * only where the 500 the service serves end.
 */
export function exportPageLimit(pageSize: number, offset: number): number {
  return Math.min(pageSize, EXPORT_MAX_ROWS - offset);
}

export type Plan = {
  request: Record<string, unknown>;
  /**
   * Sections bought per exported row by enrichment (what the team's company store holds is free):
   * a CRM file's `headcount`; with a selection, every section the columns need, so that only the
   * chosen companies are paid for (the list's pages are read without sections).
   */
  enrich: StoredSection[];
  /**
   * Signal readings bought per exported row (signal columns, bff/contract/signal-columns.ts): the
   * team's company store serves those it holds (a screening's, a tab's, the grid's) at no cost.
   */
  signals: SignalReading[];
  /** Account lists are left out: the pages are read whole first, so the counts are exact. */
  excluding: boolean;
  columns: readonly ColumnDef[];
  uuids: ReadonlySet<string> | null;
  bom: boolean;
  pageSize: number;
};

/**
 * What an export reads its pages through, and the plan they are read on; the company store and
 * the budget left price signal columns first (a 402 before the first byte).
 */
export type ExportDeps = ServiceWays &
  Pick<BffDeps, 'plan' | 'log'> & {
    companies?: CompanyStore | undefined;
    remaining?: ((user: BffUser) => Promise<number | null>) | undefined;
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

  const rules = PLAN_RULES[plan];
  // A CRM file's employees come from `headcount`, an enrichment section every plan has.
  const extra: StoredSection[] = req.preset && rules.sections.includes('headcount') ? ['headcount'] : [];
  const columns = req.preset
    ? presetColumns(req.preset, extra.length > 0)
    : (req.columns ?? []).map((id) => COLUMN_BY_ID.get(id)!);
  const inLists = (section: string) => (LIST_SECTIONS as readonly string[]).includes(section);
  // The service would skip these sections and the cells would come out empty; say so before any
  // credits are spent rather than deliver a file with blank columns.
  const blocked: ProblemField[] = [];
  columns.forEach((c, i) => {
    if (c.section === null) return;
    if (!rules.listSections && inLists(c.section)) {
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
  const selection = req.uuids !== undefined;
  return {
    request: {
      ...list,
      ...(excluded.length > 0 ? { exclude_account_lists: excluded } : {}),
      ...(sections.length > 0 && !selection ? { sections } : {}),
    },
    enrich: selection ? [...sections, ...extra] : extra,
    signals: req.preset ? [] : signalsOfColumns(req.columns ?? []),
    excluding: excluded.length > 0,
    columns,
    uuids: req.uuids ? new Set(req.uuids) : null,
    bom: req.bom,
    pageSize: Math.min(rules.maxListLimit, EXPORT_PAGE_SIZE),
  };
}

export function cellOf(column: ColumnDef, row: CompanyListItem): CsvCell {
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

export type Page = { rows: CompanyListItem[]; total: number; excluded: number };

/** A row as exported: the list item, what enrichment added, and when its data was fetched. */
export type ExportRow = CompanyListItem & { as_of?: string };

/** A page of the list, or the refusal to relay (the service's, the planner's) as an answer. */
export async function fetchPage(
  ways: ServiceWays,
  user: BffUser,
  request: Record<string, unknown>,
  offset: number,
  limit: number,
  onSpent?: (credits: number) => void,
): Promise<Page | Response> {
  let page: unknown;
  let fetched: Map<string, string>;
  try {
    const read = await withReceipt(false, () => listPage(ways, user, { ...request, limit, offset }));
    page = read.value;
    fetched = read.receipt.asOf;
  } catch (e) {
    return answerOf(e);
  }
  const parsed = ListPage.safeParse(page);
  if (!parsed.success)
    return problem(502, 'The Company Data Service answered a list page the BFF cannot read.');
  if (parsed.data.credits_consumed) onSpent?.(parsed.data.credits_consumed);
  const now = new Date().toISOString();
  const rows = parsed.data.data as unknown as ExportRow[];
  for (const row of rows) row.as_of = fetched.get(row.uuid) ?? now;
  return {
    rows,
    total: parsed.data.total_count,
    excluded: parsed.data.excluded_count ?? 0,
  };
}

/** Rows enriched at once. */
const ENRICHING_AT_ONCE = 6;

/**
 * The plan's enrichment sections added to each row (through the port: stored ones are free), and
 * each row's `as_of` moved to its oldest data; a refusal is answered as the response to relay.
 */
export async function completeRows(
  ways: ServiceWays,
  user: BffUser,
  sections: readonly StoredSection[],
  rows: ExportRow[],
  onSpent?: (credits: number) => void,
  signals: readonly SignalReading[] = [],
): Promise<ExportRow[] | Response> {
  if (signals.length > 0 && rows.length > 0) {
    const added = await addSignals(ways, user, signals, rows, onSpent);
    if (added instanceof Response) return added;
  }
  if (sections.length === 0 || rows.length === 0) return rows;
  let next = 0;
  const one = async (row: ExportRow) => {
    const { value, receipt } = await withReceipt(false, () =>
      ways.port(user, 'company.enrichment', { company: row.uuid, sections: sections.join(',') }),
    );
    if (value.credits) onSpent?.(value.credits);
    const data = (value.data as { data?: Record<string, unknown> } | undefined)?.data ?? {};
    for (const s of sections) (row as Record<string, unknown>)[s] = data[s];
    const at = receipt.oldest;
    if (at && (row.as_of === undefined || at < row.as_of)) row.as_of = at;
  };
  try {
    await Promise.all(
      Array.from({ length: Math.min(ENRICHING_AT_ONCE, rows.length) }, async () => {
        while (next < rows.length) await one(rows[next++]!);
      }),
    );
  } catch (e) {
    return answerOf(e);
  }
  return rows;
}

/** Signal readings bought at once: the most `POST /bff/companies/signals` takes. */
const SIGNAL_BATCH = 100;

/** Each row's signal values (`signals`) for the signal columns, the store counted. */
async function addSignals(
  ways: ServiceWays,
  user: BffUser,
  readings: readonly SignalReading[],
  rows: ExportRow[],
  onSpent?: (credits: number) => void,
): Promise<undefined | Response> {
  const d = ways as ExportDeps;
  try {
    for (let i = 0; i < rows.length; i += SIGNAL_BATCH) {
      const batch = rows.slice(i, i + SIGNAL_BATCH);
      const read = await readSignals(
        { port: ways.port, store: d.companies, remaining: d.remaining },
        user,
        batch.map((r) => r.uuid),
        readings,
        onSpent,
      );
      read.data.forEach((got, j) => {
        const row = batch[j]!;
        row.signals = { ...row.signals, ...(got.signals as NonNullable<ExportRow['signals']>) };
      });
    }
  } catch (e) {
    return answerOf(e);
  }
  return undefined;
}

/** Passes an upstream refusal on with its status, body and the headers that matter to the client. */
export function relay(res: Response): Response {
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
  deps: ExportDeps,
  user: BffUser,
  body: unknown,
  hooks: ExportHooks = {},
): Promise<Response> {
  const plan = planExport(body, deps.plan);
  if (plan instanceof Response) return plan;

  const first = await fetchPage(deps, user, plan.request, 0, plan.pageSize, hooks.onSpent);
  if (first instanceof Response) return relay(first);

  if (plan.excluding) return bufferedExport(deps, user, plan, first, hooks);
  const select = (rows: ExportRow[]) => (plan.uuids ? rows.filter((r) => plan.uuids!.has(r.uuid)) : rows);
  const firstRows = await completeRows(
    deps,
    user,
    plan.enrich,
    select(first.rows),
    hooks.onSpent,
    plan.signals,
  );
  if (firstRows instanceof Response) return relay(firstRows);

  const end = Math.min(first.total, EXPORT_MAX_ROWS);
  // With a selection the number of rows is known up front; a selected company that no longer
  // matches the list is simply absent, so the stream may end short of it (documented in docs/api.md, "CSV export").
  const total = plan.uuids ? plan.uuids.size : end;
  const encoder = new TextEncoder();
  let offset = first.rows.length;
  let written = 0;
  let found = 0;
  let cancelled = false;

  /** The CSV of a page's rows as chosen and completed (`pageRows`: the rows the page had). */
  const rowsOf = (rows: ExportRow[], pageRows: number): string => {
    let out = '';
    const exported: { uuid: string; name: string; website: string }[] = [];
    for (const row of rows) {
      found++;
      out += csvRow(plan.columns.map((c) => cellOf(c, row)));
      exported.push({ uuid: row.uuid, name: row.name, website: row.website });
    }
    hooks.onRows?.(exported);
    written = plan.uuids ? found : written + pageRows;
    return out;
  };
  const finished = (lastPageRows: number) =>
    offset >= end || lastPageRows === 0 || (plan.uuids !== null && found >= plan.uuids.size);

  let lastPageRows = first.rows.length;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const head = (plan.bom ? UTF8_BOM : '') + csvRow(plan.columns.map((c) => c.header));
      controller.enqueue(encoder.encode(head + rowsOf(firstRows, first.rows.length)));
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
        const page = await fetchPage(
          deps,
          user,
          plan.request,
          offset,
          exportPageLimit(plan.pageSize, offset),
          hooks.onSpent,
        );
        if (cancelled) return;
        if (page instanceof Response) {
          deps.log(`export for ${user.id} aborted at row ${written}: upstream answered ${page.status}`);
          controller.error(new Error(`upstream answered ${page.status}`));
          return;
        }
        const completed = await completeRows(
          deps,
          user,
          plan.enrich,
          select(page.rows),
          hooks.onSpent,
          plan.signals,
        );
        if (cancelled) return;
        if (completed instanceof Response) {
          deps.log(`export for ${user.id} aborted at row ${written}: upstream answered ${completed.status}`);
          controller.error(new Error(`upstream answered ${completed.status}`));
          return;
        }
        offset += page.rows.length;
        lastPageRows = page.rows.length;
        const text = rowsOf(completed, page.rows.length);
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
  deps: ExportDeps,
  user: BffUser,
  plan: Plan,
  first: Page,
  hooks: ExportHooks,
): Promise<Response> {
  const rows: ExportRow[] = [...first.rows];
  let excluded = first.excluded;
  let last = first;
  while (last.rows.length > 0 && rows.length < Math.min(last.total, EXPORT_MAX_ROWS)) {
    const limit = exportPageLimit(plan.pageSize, rows.length);
    const page = await fetchPage(deps, user, plan.request, rows.length, limit, hooks.onSpent);
    if (page instanceof Response) return relay(page);
    rows.push(...page.rows);
    excluded = page.excluded;
    last = page;
    hooks.onProgress?.(rows.length, last.total);
  }
  const completed = await completeRows(
    deps,
    user,
    plan.enrich,
    plan.uuids ? rows.filter((r) => plan.uuids!.has(r.uuid)) : rows,
    hooks.onSpent,
    plan.signals,
  );
  if (completed instanceof Response) return relay(completed);
  const chosen = completed;
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
