/**
 * Bulk enrichment of an account list (issue 15): `POST /bff/exports` with `source: {account_list}`
 * and columns (or a CRM preset) writes the list's matched companies as CSV, each enriched with the
 * sections its columns need, one enrichment call per company through `deps.port` (budget, team cap,
 * ledger, retries as any call), paced like matching.
 *
 * - Cost first: `POST /bff/exports/estimate` answers price per company x companies, what an
 *   earlier run already holds, and the budget left.
 * - Resumable: each company's sections are stored as they arrive (per list); a run asks only for
 *   the sections a company still lacks, so running the export again after a stop pays only the rest.
 * - Budget: 402 on the first company answers 402; 402 later ends the file cleanly after the rows
 *   done (they are kept), the run `stopped` with `stopped_reason: "budget"` (GET
 *   /bff/accounts/lists/{id}/enrichment, the `accounts.enrichment.progress` event). Other failures
 *   mid-way abort the download (as list exports do), the rows done kept all the same.
 */
import type { CrmPreset, EnrichmentEstimate, EnrichmentRun } from '../../contract/accounts';
import type { CompanyListItem } from '../../contract/api';
import { ExportRequest } from '../../contract/bff-lists';
import { COLUMN_BY_ID, type ColumnDef } from '../../contract/columns';
import {
  credits,
  enrichmentCost,
  PLAN_LABELS,
  PLAN_RULES,
  type Plan,
  SECTION_PRICES,
} from '../../contract/pricing';
import { type ProblemField, zodFields } from '../../contract/problem';
import { SECTION_LABELS, STORED_SECTIONS, type StoredSection } from '../../contract/section-names';
import type { BffUser } from '../context';
import type { EventHub } from '../events/hub';
import { type CsvCell, csvRow, UTF8_BOM } from '../exports/csv';
import { type ExportHooks, exportFileName } from '../exports/export';
import type { ServicePort } from '../lists/port';
import { invalidProblem, problem, ServiceRefusal } from '../proxy/problem';
import type { Pacer } from './pacer';
import { presetColumns, presetSections } from './presets';
import type { AccountListRecord, AccountStore, EnrichmentRunRecord, MemberRecord } from './records';

export type EnrichDeps = {
  store: AccountStore;
  /** The typed port to the service (`deps.port`). */
  port: ServicePort;
  plan: Plan;
  hub: EventHub;
  pacer: Pacer;
  log: (line: string) => void;
  now: () => Date;
  /** Credits the user may still spend (daily budget and team cap); null: unlimited. */
  remaining: (user: BffUser) => Promise<number | null>;
  usableLists: (
    user: BffUser,
    ids: readonly string[],
    field: string,
  ) => Promise<AccountListRecord[] | Response>;
};

/** Companies enriched at once (their rows still written in list order). */
const CONCURRENCY = 4;
/** Members read from the store at a time. */
const CHUNK = 200;

type EnrichPlan = {
  list: AccountListRecord;
  columns: ColumnDef[];
  sections: StoredSection[];
  bom: boolean;
};

/** The columns' sections: a list column's section, or `headcount` for a preset's employees. */
function sectionsOf(columns: readonly string[]): StoredSection[] {
  const out = new Set<StoredSection>();
  for (const id of columns) {
    const s = COLUMN_BY_ID.get(id)?.section;
    if (s) out.add(s);
  }
  // company_type and product_category are identity columns in a list; enrichment reads them from
  // the firmographic and product_offering sections.
  if (columns.includes('company_type')) out.add('firmographic');
  if (columns.includes('product_category')) out.add('product_offering');
  return STORED_SECTIONS.filter((s) => out.has(s));
}

/** Validates a bulk enrichment request; the plan or the problem to answer. */
export async function planEnrichment(
  deps: EnrichDeps,
  user: BffUser,
  body: unknown,
): Promise<EnrichPlan | Response> {
  const parsed = ExportRequest.safeParse(body);
  const errors: ProblemField[] = parsed.success ? [] : zodFields(parsed.error);
  const rawColumns = (body as { columns?: unknown } | null)?.columns;
  if (Array.isArray(rawColumns))
    rawColumns.forEach((id, i) => {
      if (typeof id === 'string' && !COLUMN_BY_ID.has(id))
        errors.push({ path: `columns.${i}`, message: `unknown column "${id}"` });
    });
  if (!parsed.success || errors.length > 0) return invalidProblem(errors);
  const req = parsed.data;
  if (!req.source)
    return invalidProblem([
      { path: 'source', message: 'give source: {account_list} to enrich an account list' },
    ]);
  if (req.uuids) return invalidProblem([{ path: 'uuids', message: 'an account list is enriched whole' }]);
  const lists = await deps.usableLists(user, [req.source.account_list], 'source.account_list');
  if (lists instanceof Response) return lists;
  const list = lists[0]!;

  const preset = req.preset as CrmPreset | undefined;
  const columns = preset
    ? presetColumns(preset, true)
    : (req.columns ?? []).map((id) => COLUMN_BY_ID.get(id)!);
  const sections = preset ? presetSections(preset, true) : sectionsOf(req.columns ?? []);
  const rules = PLAN_RULES[deps.plan];
  const blocked = sections.filter((s) => !rules.sections.includes(s));
  if (blocked.length > 0)
    return problem(
      403,
      `The ${PLAN_LABELS[deps.plan]} plan does not include ${blocked.map((s) => SECTION_LABELS[s]).join(', ')}.`,
      {
        errors: blocked.map((s) => ({
          path: preset ? 'preset' : 'columns',
          message: `needs ${SECTION_LABELS[s]}`,
        })),
      },
    );
  return { list, columns, sections, bom: req.bom };
}

const pricePer = (sections: readonly StoredSection[]) =>
  credits(sections.reduce((sum, s) => sum + SECTION_PRICES[s], 0));

export async function estimateEnrichment(
  deps: EnrichDeps,
  user: BffUser,
  plan: EnrichPlan,
): Promise<EnrichmentEstimate> {
  const members = await deps.store.members(plan.list.id);
  let toSpend = 0;
  let already = 0;
  for (let i = 0; i < members.length; i += CHUNK) {
    const chunk = members.slice(i, i + CHUNK);
    const have = await deps.store.enrichedSections(
      plan.list.id,
      chunk.map((m) => m.uuid),
    );
    for (const m of chunk) {
      const missing = plan.sections.filter((s) => !have.get(m.uuid)?.has(s));
      if (missing.length === 0) already++;
      toSpend += pricePer(missing);
    }
  }
  const remaining = await deps.remaining(user);
  const price = pricePer(plan.sections);
  return {
    account_list_id: plan.list.id,
    rows: members.length,
    sections: plan.sections,
    price_per_company: price,
    credits: credits(price * members.length),
    already_enriched: already,
    credits_to_spend: credits(toSpend),
    budget_remaining: remaining,
    within_budget: remaining === null || credits(toSpend) <= remaining,
  };
}

export function runOut(r: EnrichmentRunRecord): EnrichmentRun {
  return {
    account_list_id: r.listId,
    status: r.status,
    done: r.done,
    total: r.total,
    credits_consumed: credits(r.credits),
    stopped_reason: r.stoppedReason,
    sections: r.sections,
    started_at: r.startedAt,
    updated_at: r.updatedAt,
  };
}

/** An enrichment call's outcome for one company. */
type Fetched =
  | { ok: true; sections: Record<string, unknown>; credits: number }
  | { ok: false; status: number; response: Response };

/** A company as the columns read it: identity from the member, sections from enrichment. */
function rowOf(m: MemberRecord, sections: ReadonlyMap<string, unknown>): CompanyListItem {
  const firmographic = sections.get('firmographic') as
    | { website?: string; company_type?: unknown }
    | undefined;
  const product = sections.get('product_offering') as { product_category?: string } | undefined;
  const row: Record<string, unknown> = {
    uuid: m.uuid,
    name: m.name,
    website: firmographic?.website ?? (m.domain ? `https://${m.domain}` : ''),
    product_category: product?.product_category ?? null,
    company_type: firmographic?.company_type ?? null,
  };
  for (const [s, v] of sections) row[s] = v;
  return row as unknown as CompanyListItem;
}

function cellOf(column: ColumnDef, row: CompanyListItem): CsvCell {
  try {
    if (column.kind === 'number' || column.kind === 'money' || column.kind === 'year') {
      const v = column.value(row);
      return typeof v === 'number' ? v : null;
    }
    return column.text(row);
  } catch {
    return null;
  }
}

/** One member's missing sections from the service, waiting out its rate limit (429) as told. */
async function fetchSections(
  deps: EnrichDeps,
  user: BffUser,
  m: MemberRecord,
  missing: StoredSection[],
): Promise<Fetched> {
  for (;;) {
    await deps.pacer.take();
    let body: { data?: Record<string, unknown>; credits_consumed?: number } | null;
    try {
      const called = await deps.port(user, 'company.enrichment', {
        company: m.uuid,
        sections: missing.join(','),
      });
      body = called.data as typeof body;
    } catch (e) {
      if (!(e instanceof ServiceRefusal)) throw e;
      const res = e.response;
      if (res.status === 429) {
        // The upstream's rate limit: wait as told, then ask again.
        const retryAfter = Number(res.headers.get('retry-after'));
        await res.body?.cancel().catch(() => undefined);
        deps.pacer.pause(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 60_000);
        continue;
      }
      return { ok: false, status: res.status, response: res };
    }
    const data = body?.data ?? {};
    const sections: Record<string, unknown> = {};
    for (const s of missing) if (data[s] !== undefined) sections[s] = data[s];
    return { ok: true, sections, credits: body?.credits_consumed ?? 0 };
  }
}

/** The answer for a row the budget left cannot pay for (not asked of the service). */
function outOfCredits(price: number, left: number): Response {
  return problem(402, `The next company costs ${price} credits and only ${left} are left of your budget.`);
}

/** The rows of one chunk of members, in order; stops at the first failure (what came before kept). */
async function chunkRows(
  deps: EnrichDeps,
  user: BffUser,
  plan: EnrichPlan,
  run: EnrichmentRunRecord,
  chunk: MemberRecord[],
): Promise<{ rows: string; done: MemberRecord[]; failure?: Fetched & { ok: false } }> {
  const { store, now } = deps;
  const listId = run.listId;
  const have = await store.enrichedSections(
    listId,
    chunk.map((m) => m.uuid),
  );
  const results: (Fetched | { ok: true; sections: Record<string, unknown>; credits: 0 })[] = new Array(
    chunk.length,
  );
  let next = 0;
  let failed = false;
  // What the user may still spend, less the price of each row started: calls in flight each hold
  // their worst case until answered, in whatever order they reach the store, so a later row could
  // take the credits of an earlier one and the file (in member order) would end before a row paid
  // for. A row that does not fit is not started; the first one always is, so that a spent budget is
  // the service's own 402.
  let left = await deps.remaining(user);
  let started = run.done;
  const worker = async () => {
    while (!failed && next < chunk.length) {
      const i = next;
      const m = chunk[i]!;
      const missing = plan.sections.filter((s) => !have.get(m.uuid)?.has(s));
      if (missing.length === 0) {
        next++;
        results[i] = { ok: true, sections: {}, credits: 0 };
        continue;
      }
      const price = enrichmentCost(missing);
      if (left !== null && started > 0 && price > left) {
        failed = true;
        results[i] = { ok: false, status: 402, response: outOfCredits(price, left) };
        break;
      }
      next++;
      started++;
      if (left !== null) left = credits(left - price);
      const got = await fetchSections(deps, user, m, missing);
      results[i] = got;
      if (got.ok) {
        await store.saveEnrichment(listId, m.uuid, got.sections, now().toISOString());
        run.credits += got.credits;
      } else if (got.status !== 404) failed = true;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, chunk.length) }, worker));
  let rows = '';
  const done: MemberRecord[] = [];
  for (let i = 0; i < chunk.length; i++) {
    const r = results[i];
    if (!r) break;
    if (!r.ok && r.status !== 404) {
      // Rows after a failure are not written (even those fetched): the file stays in order.
      await Promise.all(
        results
          .slice(i + 1)
          .map((x) => (x && !x.ok ? x.response.body?.cancel().catch(() => undefined) : undefined)),
      );
      return { rows, done, failure: r };
    }
    const m = chunk[i]!;
    const sections = new Map(have.get(m.uuid) ?? []);
    if (r.ok) for (const [s, v] of Object.entries(r.sections)) sections.set(s, v);
    // A company the service no longer knows (404) is written with its identity only.
    rows += csvRow(plan.columns.map((c) => cellOf(c, rowOf(m, sections))));
    done.push(m);
  }
  return { rows, done };
}

export async function runEnrichment(
  deps: EnrichDeps,
  user: BffUser,
  plan: EnrichPlan,
  hooks: ExportHooks,
): Promise<Response> {
  const { store, now } = deps;
  const listId = plan.list.id;
  const members = await store.members(listId);
  const at = now().toISOString();
  const run: EnrichmentRunRecord = {
    listId,
    userId: user.id,
    status: 'running',
    sections: plan.sections,
    done: 0,
    total: members.length,
    credits: 0,
    stoppedReason: null,
    startedAt: at,
    updatedAt: at,
  };
  let lastEvent = 0;
  const save = async (final = false) => {
    run.updatedAt = now().toISOString();
    await store.saveRun(run);
    const t = Date.now();
    if (final || t - lastEvent >= 250) {
      lastEvent = t;
      deps.hub.publish(user.id, 'accounts.enrichment.progress', runOut(run));
    }
  };
  await save(true);

  const rowsOf = (chunk: MemberRecord[]) => chunkRows(deps, user, plan, run, chunk);

  const encoder = new TextEncoder();
  const head = (plan.bom ? UTF8_BOM : '') + csvRow(plan.columns.map((c) => c.header));
  const stop = async (status: EnrichmentRunRecord['status'], reason: string | null) => {
    run.status = status;
    run.stoppedReason = reason;
    await save(true);
  };

  // The first chunk before anything is sent: a refusal of the first company is the answer's status.
  let offset = 0;
  const first = await rowsOf(members.slice(0, CHUNK));
  run.done += first.done.length;
  hooks.onRows?.(first.done.map((m) => ({ uuid: m.uuid, name: m.name, website: m.domain })));
  offset = Math.min(CHUNK, members.length);
  if (first.failure && first.done.length === 0) {
    await stop(
      first.failure.status === 402 ? 'stopped' : 'failed',
      first.failure.status === 402 ? 'budget' : String(first.failure.status),
    );
    const res = first.failure.response;
    const headers = new Headers();
    for (const name of ['content-type', 'retry-after']) {
      const v = res.headers.get(name);
      if (v) headers.set(name, v);
    }
    return new Response(res.body, { status: res.status, headers });
  }
  await save(!!first.failure || offset >= members.length);

  let finished = false;
  // A failure after some rows of the first chunk: the file ends with them.
  const pending = first.failure;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(head + first.rows));
      hooks.onProgress?.(run.done, run.total);
    },
    async pull(controller) {
      if (finished) return;
      if (pending) {
        finished = true;
        await endWith(controller, pending);
        return;
      }
      if (offset >= members.length) {
        finished = true;
        await stop('completed', null);
        controller.close();
        return;
      }
      const chunk = members.slice(offset, offset + CHUNK);
      offset += chunk.length;
      const got = await rowsOf(chunk);
      run.done += got.done.length;
      hooks.onRows?.(got.done.map((m) => ({ uuid: m.uuid, name: m.name, website: m.domain })));
      hooks.onProgress?.(run.done, run.total);
      if (got.rows !== '') controller.enqueue(encoder.encode(got.rows));
      if (got.failure) {
        finished = true;
        await endWith(controller, got.failure);
        return;
      }
      await save();
    },
    cancel() {
      finished = true;
      // The browser went away: the run stops here (what was fetched is kept for the next run).
      stop('stopped', 'cancelled').catch(() => undefined);
    },
  });

  async function endWith(
    controller: ReadableStreamDefaultController<Uint8Array>,
    failure: Fetched & { ok: false },
  ) {
    await failure.response.body?.cancel().catch(() => undefined);
    if (failure.status === 402) {
      // Out of credits: the file ends cleanly with the rows done; the run says why it stopped.
      await stop('stopped', 'budget');
      controller.close();
      return;
    }
    await stop('failed', String(failure.status));
    deps.log(`bulk enrichment of ${listId} for ${user.id} aborted after ${run.done} rows: ${failure.status}`);
    controller.error(new Error(`upstream answered ${failure.status}`));
  }

  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${exportFileName(hooks.now?.() ?? new Date())}"`,
      'x-export-total': String(members.length),
      'cache-control': 'no-store',
    },
  });
}
