/**
 * The account lists' routes (issue 15, bff/contract/accounts.ts): CSV imports matched in the
 * background, their reports and rows, and the account lists. Bulk enrichment and exclusions hook
 * into the exports and list generation (enrich.ts, exclusion.ts).
 */
import { randomUUID } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import type { Context, Hono } from 'hono';
import {
  AccountListPatch,
  AccountListQuery,
  type AccountListSummary,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_PREVIEW_ROWS,
  ImportParams,
  type ImportRow,
  type ImportStatus,
  MATCH_REASONS,
  PickRequest,
  RowsQuery,
} from '../../contract/accounts';
import { pathOf } from '../../contract/endpoints';
import { readJsonBody } from '../../contract/http';
import type { Plan } from '../../contract/pricing';
import { zodFields } from '../../contract/problem';
import type { BffDeps, BffEnv, BffUser } from '../context';
import type { EventHub } from '../events/hub';
import { CSV_STRINGIFY_OPTIONS } from '../exports/csv';
import type { ExportExtension } from '../exports/routes';
import { invalidProblem, problem } from '../proxy/problem';
import { callEndpoint, jsonInput, queryInput, route } from '../routing';
import { type EnrichDeps, estimateEnrichment, planEnrichment, runEnrichment, runOut } from './enrich';
import { domainOf } from './match';
import { Pacer } from './pacer';
import { ImportRefusal, openCsv } from './parse';
import { ImportRunner } from './runner';
import type { AccountListRecord, AccountStore, ImportRecord, Owner, RowRecord } from './store';

export type AccountsOptions = {
  store: AccountStore;
  call: BffDeps['call'];
  plan: Plan;
  hub: EventHub;
  /** Credits the user may still spend (daily budget and team cap); null: unlimited. */
  remaining: (user: BffUser) => Promise<number | null>;
  /** Requests a minute the matching is paced to; null: not paced. */
  perMinute: number | null;
  /** Rows matched at once per import (default 4). */
  concurrency?: number;
  /** How long an instance's lease on an import it matches lasts (ms, default 30 s). */
  leaseMs?: number;
  maxRows?: number;
  maxBytes?: number;
  retryBaseMs?: number;
  log: (line: string) => void;
  now: () => Date;
};

export type Accounts = {
  store: AccountStore;
  runner: ImportRunner;
  /** The user's "Exported before" list (made when missing). */
  exportedList: (user: BffUser) => Promise<AccountListRecord>;
  /** Adds exported companies to the user's "Exported before" list. */
  recordExport: (
    user: BffUser,
    rows: readonly { uuid: string; name: string; website?: string; domain?: string }[],
  ) => Promise<void>;
  /** The lists of `ids` the user may use, or the 400 naming those they may not. */
  usableLists: (
    user: BffUser,
    ids: readonly string[],
    field: string,
  ) => Promise<AccountListRecord[] | Response>;
  /** Bulk enrichment in `POST /bff/exports` (`source: {account_list}`). */
  exportExtension: ExportExtension;
  close: () => Promise<void>;
};

export const EXPORTED_BEFORE = 'Exported before';
/** How often one import's progress event goes out at most (the final one always does). */
const PROGRESS_EVERY_MS = 250;

const ownerOf = (user: BffUser): Owner => ({ id: user.id, name: user.name, role: user.role ?? 'member' });

const CSV_TYPES =
  /^(text\/csv|application\/csv|text\/comma-separated-values|text\/plain|application\/vnd\.ms-excel|application\/octet-stream)\b/i;

export function mountAccounts(app: Hono<BffEnv>, opts: AccountsOptions): Accounts {
  const { store, hub, now } = opts;
  const maxRows = opts.maxRows ?? IMPORT_MAX_ROWS;
  const maxBytes = opts.maxBytes ?? IMPORT_MAX_BYTES;
  const pacer = new Pacer(opts.perMinute);
  const lastSent = new Map<string, { at: number; timer?: NodeJS.Timeout }>();

  const statusOf = async (r: ImportRecord): Promise<ImportStatus> => {
    const counts = await store.counts(r.id);
    const left = r.rows - counts.processed;
    const done = counts.processed - counts.invalid;
    const perRow = done > 0 && r.requests > 0 ? r.requests / done : 1.5;
    const finished = r.status === 'completed' || r.status === 'cancelled' || r.status === 'failed';
    return {
      id: r.id,
      name: r.name,
      status: r.status,
      rows: r.rows,
      ...counts,
      invalid_lines: await store.invalidLines(r.id, 1000),
      account_list_id: r.accountListId,
      name_column: r.nameColumn,
      domain_column: r.domainColumn,
      requests: r.requests,
      requests_per_minute: pacer.perMinute,
      eta_seconds: finished ? 0 : Math.ceil(left * perRow * runner.requestSeconds),
      error: r.error,
      created_at: r.createdAt,
      updated_at: r.updatedAt,
    };
  };

  // An import's events go out in the order they were asked for: each reads the import after the one
  // before it was sent (two reads in flight could finish in either order, and a `matching` snapshot
  // sent after the `completed` one left the app showing a finished import as still matching).
  const publishing = new Map<string, Promise<void>>();
  const publish = (importId: string, ownerId: string): Promise<void> => {
    const next = (publishing.get(importId) ?? Promise.resolve()).then(async () => {
      const r = await store.getImport(importId);
      if (r) hub.publish(ownerId, 'accounts.import.progress', await statusOf(r));
    });
    const settled = next.catch(() => {});
    publishing.set(importId, settled);
    void settled.then(() => {
      if (publishing.get(importId) === settled) publishing.delete(importId);
    });
    return next;
  };
  const onProgress = (importId: string, ownerId: string, final: boolean) => {
    const t = Date.now();
    const last = lastSent.get(importId);
    if (last?.timer) clearTimeout(last.timer);
    const send = () => {
      lastSent.set(importId, { at: Date.now() });
      publish(importId, ownerId).catch((e: unknown) => opts.log(`[accounts] progress event: ${String(e)}`));
    };
    if (final || !last || t - last.at >= PROGRESS_EVERY_MS) {
      send();
      if (final) lastSent.delete(importId);
      return;
    }
    // Within the interval: the latest state goes out when it ends.
    lastSent.set(importId, { at: last.at, timer: setTimeout(send, PROGRESS_EVERY_MS - (t - last.at)) });
  };

  const runner = new ImportRunner({
    store,
    call: opts.call,
    pacer,
    ...(opts.concurrency !== undefined ? { concurrency: opts.concurrency } : {}),
    ...(opts.leaseMs !== undefined ? { leaseMs: opts.leaseMs } : {}),
    ...(opts.retryBaseMs !== undefined ? { retryBaseMs: opts.retryBaseMs } : {}),
    onProgress,
    log: opts.log,
    now,
  });

  const exportedList = (user: BffUser) =>
    store.exportedList(ownerOf(user), randomUUID(), EXPORTED_BEFORE, now().toISOString());

  // An export records its companies in "Exported before" as its pages are written, without waiting
  // (the store's writes may be round trips to PostgreSQL): the user's reads of account lists wait
  // for those still being written, so a list read after an export shows what it exported.
  const recording = new Map<string, Set<Promise<void>>>();
  const recorded = async (userId: string): Promise<void> => {
    const pending = recording.get(userId);
    if (pending) await Promise.allSettled([...pending]);
  };
  const record = (userId: string, write: Promise<void>): Promise<void> => {
    let pending = recording.get(userId);
    if (!pending) {
      pending = new Set();
      recording.set(userId, pending);
    }
    const set = pending;
    set.add(write);
    return write.finally(() => {
      set.delete(write);
      if (set.size === 0 && recording.get(userId) === set) recording.delete(userId);
    });
  };

  const summaryOf = (l: AccountListRecord, user: BffUser): AccountListSummary => ({
    id: l.id,
    name: l.name,
    size: l.size,
    shared: l.shared,
    source: l.source,
    owner: { id: l.ownerId, name: l.ownerName },
    own: l.ownerId === user.id,
    import_id: l.importId,
    created_at: l.createdAt,
    updated_at: l.updatedAt,
  });
  const visible = (l: AccountListRecord | undefined, user: BffUser) =>
    l !== undefined && (l.ownerId === user.id || l.shared);

  const rowOut = (r: RowRecord): ImportRow => ({
    line: r.line,
    cells: r.cells,
    uuid: r.uuid,
    name: r.companyName,
    domain: r.companyDomain,
    confidence: r.confidence,
    reason: r.reason,
    candidates: r.candidates,
  });

  /** The user's own import, or the 404 to answer (another user's import is not theirs to see). */
  const ownImport = async (c: Context<BffEnv>): Promise<ImportRecord | Response> => {
    const r = await store.getImport(c.req.param('id') ?? '');
    if (!r || r.owner.id !== c.get('user').id) return problem(404, 'No such import.');
    return r;
  };

  // --- imports ---------------------------------------------------------------------------------

  /** The CSV stream and the parameters of an import request, or the problem to answer. */
  async function importInput(
    c: Context<BffEnv>,
  ): Promise<{ body: ReadableStream<Uint8Array>; params: ImportParams; fileName: string | null } | Response> {
    const type = c.req.header('content-type') ?? '';
    const query = queryInput(c, ImportParams);
    if (!query.ok) return query.response;
    if (/^multipart\/form-data\b/i.test(type)) {
      let form: FormData;
      try {
        form = await c.req.raw.formData();
      } catch {
        return problem(400, 'The multipart body cannot be read.');
      }
      const file = form.get('file');
      if (!file || typeof file === 'string')
        return invalidProblem([{ path: 'file', message: 'send the CSV file as a part named "file"' }]);
      const fields: Record<string, string> = { ...query.value };
      for (const k of ['name', 'name_column', 'domain_column'] as const) {
        const v = form.get(k);
        if (typeof v === 'string' && v.trim() !== '') fields[k] = v;
      }
      const parsed = ImportParams.safeParse(fields);
      if (!parsed.success) return invalidProblem(zodFields(parsed.error));
      return { body: file.stream(), params: parsed.data, fileName: file.name || null };
    }
    if (!CSV_TYPES.test(type))
      return problem(
        415,
        'Send the accounts as CSV: a text/csv body, or multipart/form-data with the file in a part named "file".',
      );
    const body = c.req.raw.body;
    if (!body) return problem(422, 'The file is empty: upload a CSV with a header row and at least one row.');
    return { body, params: query.value, fileName: null };
  }

  const refusal = (e: unknown): Response => {
    if (e instanceof ImportRefusal) {
      if (e.status === 400 && e.field) return invalidProblem([{ path: e.field, message: e.detail }]);
      return problem(e.status, e.detail, e.status === 413 ? { headers: { connection: 'close' } } : {});
    }
    throw e;
  };

  route(app, 'bff.accounts.preview', async (c) => {
    const input = await importInput(c);
    if (input instanceof Response) return input;
    try {
      const csv = await openCsv(
        input.body,
        { maxRows, maxBytes, previewRows: IMPORT_PREVIEW_ROWS },
        { nameColumn: input.params.name_column, domainColumn: input.params.domain_column },
      );
      for await (const _ of csv.batches()) {
        // counted as read
      }
      const rows = csv.rowCount();
      return c.json({
        delimiter: csv.delimiter,
        columns: csv.columns,
        name_column: csv.nameColumn,
        domain_column: csv.domainColumn,
        preview: csv.preview.map((r) => ({ line: r.line, cells: r.cells })),
        rows,
        eta_seconds: Math.ceil(rows * 1.5 * runner.requestSeconds),
      });
    } catch (e) {
      return refusal(e);
    }
  });

  route(app, 'bff.accounts.import', async (c) => {
    const user = c.get('user');
    const input = await importInput(c);
    if (input instanceof Response) return input;
    const at = now().toISOString();
    const id = randomUUID();
    const listId = randomUUID();
    try {
      const csv = await openCsv(
        input.body,
        { maxRows, maxBytes, previewRows: IMPORT_PREVIEW_ROWS },
        { nameColumn: input.params.name_column, domainColumn: input.params.domain_column },
      );
      const name =
        input.params.name ??
        input.fileName?.replace(/\.(csv|txt)$/i, '').trim() ??
        `Accounts ${at.slice(0, 10)}`;
      await store.createList({ id: listId, owner: ownerOf(user), name, source: 'import', importId: id, at });
      const record: ImportRecord = {
        id,
        owner: ownerOf(user),
        name,
        status: 'queued',
        columns: csv.columns,
        nameColumn: csv.nameColumn,
        domainColumn: csv.domainColumn,
        delimiter: csv.delimiter,
        rows: 0,
        requests: 0,
        accountListId: listId,
        error: null,
        createdAt: at,
        updatedAt: at,
      };
      const batches = csv.batches();
      try {
        await store.createImport(
          record,
          (async function* () {
            for await (const b of batches) {
              record.rows += b.length;
              yield b;
            }
          })(),
        );
      } catch (e) {
        await store.deleteList(listId);
        throw e;
      }
      runner.start(record);
      const pending = record.rows - (await store.counts(id)).invalid;
      return c.json(
        {
          id,
          status: 'queued',
          rows: record.rows,
          account_list_id: listId,
          name_column: csv.nameColumn,
          domain_column: csv.domainColumn,
          delimiter: csv.delimiter,
          eta_seconds: Math.ceil(pending * 1.5 * runner.requestSeconds),
        },
        202,
        { location: pathOf('bff.accounts.importStatus', { id }) },
      );
    } catch (e) {
      return refusal(e);
    }
  });

  route(app, 'bff.accounts.imports', async (c) => {
    const user = c.get('user');
    const records = await store.importsOf(user.id);
    return c.json({ data: await Promise.all(records.map(statusOf)) });
  });

  route(app, 'bff.accounts.importStatus', async (c) => {
    const r = await ownImport(c);
    if (r instanceof Response) return r;
    return c.json(await statusOf(r));
  });

  route(app, 'bff.accounts.cancelImport', async (c) => {
    const r = await ownImport(c);
    if (r instanceof Response) return r;
    if (r.status !== 'queued' && r.status !== 'matching')
      return problem(409, `The import is ${r.status} already; nothing to cancel.`);
    await runner.cancel(r.id);
    await store.setImportStatus(r.id, 'cancelled', now().toISOString());
    const after = (await store.getImport(r.id))!;
    onProgress(r.id, r.owner.id, true);
    return c.json(await statusOf(after));
  });

  route(app, 'bff.accounts.report', async (c) => {
    const r = await ownImport(c);
    if (r instanceof Response) return r;
    const encoder = new TextEncoder();
    const header = ['line', ...r.columns, 'uuid', 'name', 'domain', 'confidence', 'reason', 'candidates'];
    let after = 0;
    let first = true;
    const csv = (rows: unknown[][]) =>
      encoder.encode(
        // The rules of every CSV the BFF writes (exports/csv.ts).
        stringify(rows, CSV_STRINGIFY_OPTIONS),
      );
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const rows = await store.rows(r.id, 'all', after, 1000);
        const out: unknown[][] = first ? [header] : [];
        first = false;
        for (const row of rows) {
          const cells = r.columns.map((_, i) => row.cells[i] ?? '');
          out.push([
            row.line,
            ...cells,
            row.uuid ?? '',
            row.companyName ?? '',
            row.companyDomain ?? '',
            row.confidence ?? '',
            row.reason ?? (row.state === 'pending' ? 'pending' : ''),
            row.reason === 'several candidates' ? row.candidates.map((x) => x.uuid).join('; ') : '',
          ]);
        }
        if (out.length > 0) controller.enqueue(csv(out));
        if (rows.length === 0) controller.close();
        else after = rows[rows.length - 1]!.line;
      },
    });
    const file = `${r.name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'accounts'}-matches.csv`;
    return c.body(body, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${file}"`,
    });
  });

  route(app, 'bff.accounts.rows', async (c) => {
    const r = await ownImport(c);
    if (r instanceof Response) return r;
    const q = queryInput(c, RowsQuery);
    if (!q.ok) return q.response;
    const rows = await store.rows(r.id, q.value.filter, q.value.after, q.value.limit + 1);
    const page = rows.slice(0, q.value.limit);
    return c.json({
      data: page.map(rowOut),
      next_after: rows.length > q.value.limit ? page[page.length - 1]!.line : null,
    });
  });

  route(app, 'bff.accounts.pickRow', async (c) => {
    const r = await ownImport(c);
    if (r instanceof Response) return r;
    const input = await jsonInput(c, PickRequest);
    if (!input.ok) return input.response;
    const line = Number(c.req.param('line'));
    const row = await store.row(r.id, line);
    if (!row) return problem(404, `The import has no row at line ${line}.`);
    if (row.state === 'invalid')
      return problem(409, `Line ${line} could not be read (${row.reason}); fix it in the file.`);
    if (row.state === 'pending') return problem(409, `Line ${line} is not matched yet; pick once it is.`);
    const uuid = input.value.uuid;
    const at = now().toISOString();
    if (uuid === null) {
      await store.pickRow(
        r.id,
        line,
        {
          uuid: null,
          name: null,
          domain: null,
          confidence: 0,
          reason: 'rejected by user',
          candidates: row.candidates,
        },
        r.accountListId,
        at,
      );
    } else {
      let company = row.candidates.find((x) => x.uuid === uuid);
      if (!company) {
        // Any company the service knows (the free search by id) may be picked.
        const res = await callEndpoint({ call: opts.call }, c.get('user'), 'company.search', { uuid });
        if (!res.ok) return res;
        const body = (await res.json().catch(() => null)) as {
          data?: { uuid: string; name: string; website?: string; domain?: string }[];
        } | null;
        const found = body?.data?.find((x) => x.uuid === uuid);
        if (!found) return invalidProblem([{ path: 'uuid', message: `no company has the id "${uuid}"` }]);
        company = { uuid: found.uuid, name: found.name, domain: domainOf(found) };
      }
      await store.pickRow(
        r.id,
        line,
        {
          uuid: company.uuid,
          name: company.name,
          domain: company.domain,
          confidence: MATCH_REASONS['picked by user'],
          reason: 'picked by user',
          candidates: row.candidates,
        },
        r.accountListId,
        at,
      );
    }
    onProgress(r.id, r.owner.id, true);
    return c.json(rowOut((await store.row(r.id, line))!));
  });

  // --- account lists ---------------------------------------------------------------------------

  route(app, 'bff.accounts.lists', async (c) => {
    const user = c.get('user');
    await recorded(user.id);
    await exportedList(user);
    const lists = await store.visibleLists(user.id);
    return c.json({ data: lists.map((l) => summaryOf(l, user)) });
  });

  route(app, 'bff.accounts.list', async (c) => {
    const user = c.get('user');
    await recorded(user.id);
    const l = await store.getList(c.req.param('id') ?? '');
    if (!visible(l, user)) return problem(404, 'No such account list.');
    const q = queryInput(c, AccountListQuery);
    if (!q.ok) return q.response;
    const { limit, offset } = q.value;
    const members = await store.members(
      l!.id,
      limit !== undefined || offset > 0 ? { limit: limit ?? 1_000_000_000, offset } : undefined,
    );
    return c.json({ ...summaryOf(l!, user), members });
  });

  route(app, 'bff.accounts.updateList', async (c) => {
    const user = c.get('user');
    const l = await store.getList(c.req.param('id') ?? '');
    if (!visible(l, user)) return problem(404, 'No such account list.');
    if (l!.ownerId !== user.id) return problem(403, 'Only the owner of an account list may change it.');
    const input = await jsonInput(c, AccountListPatch);
    if (!input.ok) return input.response;
    await store.updateList(l!.id, input.value, now().toISOString());
    return c.json(summaryOf((await store.getList(l!.id))!, user));
  });

  // --- bulk enrichment ---------------------------------------------------------------------------

  const usableLists: Accounts['usableLists'] = async (user, ids, field) => {
    const out: AccountListRecord[] = [];
    const errors: { path: string; message: string }[] = [];
    await recorded(user.id);
    for (const [i, id] of ids.entries()) {
      const l = await store.getList(id);
      if (visible(l, user)) out.push(l!);
      else
        errors.push({ path: `${field}.${i}`, message: `no account list "${id}" (or not shared with you)` });
    }
    return errors.length > 0 ? invalidProblem(errors) : out;
  };
  const enrichDeps: EnrichDeps = {
    store,
    call: opts.call,
    plan: opts.plan,
    hub,
    pacer,
    log: opts.log,
    now,
    remaining: opts.remaining,
    usableLists,
  };

  route(app, 'bff.exports.estimate', async (c) => {
    const read = await readJsonBody(c.req.raw);
    if (!read.ok) return problem(read.status, read.detail);
    const user = c.get('user');
    const plan = await planEnrichment(enrichDeps, user, read.value);
    if (plan instanceof Response) return plan;
    return c.json(await estimateEnrichment(enrichDeps, user, plan));
  });

  route(app, 'bff.accounts.enrichment', async (c) => {
    const user = c.get('user');
    const l = await store.getList(c.req.param('id') ?? '');
    if (!visible(l, user)) return problem(404, 'No such account list.');
    const run = await store.getRun(l!.id);
    return c.json({ run: run ? runOut(run) : null });
  });

  const exportExtension: ExportExtension = {
    handle: async (user, body, hooks) => {
      if (!body || typeof body !== 'object' || !('source' in body)) return { body };
      const plan = await planEnrichment(enrichDeps, user, body);
      if (plan instanceof Response) return plan;
      return runEnrichment(enrichDeps, user, plan, hooks);
    },
  };

  // Imports a previous process left unfinished go on where they stopped.
  runner.resumeAll().catch((e: unknown) => opts.log(`[accounts] could not resume imports: ${String(e)}`));

  return {
    store,
    runner,
    exportedList,
    recordExport: async (user, rows) => {
      if (rows.length === 0) return;
      const at = now().toISOString();
      await record(
        user.id,
        exportedList(user).then((list) =>
          store.addMembers(
            list.id,
            rows.map((r) => ({
              uuid: r.uuid,
              name: r.name,
              domain: r.domain ?? domainOf({ website: r.website ?? '' }),
            })),
            at,
          ),
        ),
      );
    },
    usableLists,
    exportExtension,
    close: async () => {
      for (const s of lastSent.values()) if (s.timer) clearTimeout(s.timer);
      await runner.close();
    },
  };
}
