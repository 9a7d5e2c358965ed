/**
 * The account imports' routes (bff/contract/accounts.ts): a CSV previewed, then imported and matched
 * in the background (runner.ts); the user's imports and each one's status, and its cancellation.
 */
import { randomUUID } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { IMPORT_PREVIEW_ROWS, ImportParams } from '../../contract/accounts';
import { pathOf } from '../../contract/endpoints';
import { zodFields } from '../../contract/problem';
import type { BffEnv } from '../context';
import { invalidProblem, problem } from '../proxy/problem';
import { queryInput, route } from '../routing';
import { ImportRefusal, openCsv } from './parse';
import { type Accounts, ownerOf } from './service';
import type { ImportRecord } from './store';

const CSV_TYPES =
  /^(text\/csv|application\/csv|text\/comma-separated-values|text\/plain|application\/vnd\.ms-excel|application\/octet-stream)\b/i;

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

/** An import the CSV's reading refused, as its problem (anything else is thrown on). */
const refusal = (e: unknown): Response => {
  if (e instanceof ImportRefusal) {
    if (e.status === 400 && e.field) return invalidProblem([{ path: e.field, message: e.detail }]);
    return problem(e.status, e.detail, e.status === 413 ? { headers: { connection: 'close' } } : {});
  }
  throw e;
};

/** The user's own import, or the 404 to answer (another user's import is not theirs to see). */
export async function ownImport(accounts: Accounts, c: Context<BffEnv>): Promise<ImportRecord | Response> {
  const r = await accounts.store.getImport(c.req.param('id') ?? '');
  if (!r || r.owner.id !== c.get('user').id) return problem(404, 'No such import.');
  return r;
}

export function importRoutes(accounts: Accounts): Hono<BffEnv> {
  const { store, runner, now } = accounts;
  const { maxRows, maxBytes } = accounts.limits;
  const { statusOf, onProgress } = accounts.progress;
  const app = new Hono<BffEnv>();

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
    const r = await ownImport(accounts, c);
    if (r instanceof Response) return r;
    return c.json(await statusOf(r));
  });

  route(app, 'bff.accounts.cancelImport', async (c) => {
    const r = await ownImport(accounts, c);
    if (r instanceof Response) return r;
    if (r.status !== 'queued' && r.status !== 'matching')
      return problem(409, `The import is ${r.status} already; nothing to cancel.`);
    await runner.cancel(r.id);
    await store.setImportStatus(r.id, 'cancelled', now().toISOString());
    const after = (await store.getImport(r.id))!;
    onProgress(r.id, r.owner.id, true);
    return c.json(await statusOf(after));
  });
  return app;
}
