/**
 * An import's rows (bff/contract/accounts.ts): the report of its matches as CSV, its rows page by
 * page, and the company a user picks for a row.
 */
import { stringify } from 'csv-stringify/sync';
import { Hono } from 'hono';
import { type ImportRow, MATCH_REASONS, PickRequest, RowsQuery } from '../../contract/accounts';
import type { BffEnv } from '../context';
import { CSV_STRINGIFY_OPTIONS } from '../exports/csv';
import { invalidProblem, problem } from '../proxy/problem';
import { jsonInput, queryInput, route } from '../routing';
import { ownImport } from './import-routes';
import { domainOf } from './match';
import type { Accounts } from './service';
import type { RowRecord } from './store';

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

export function rowRoutes(accounts: Accounts): Hono<BffEnv> {
  const { store, now } = accounts;
  const { onProgress } = accounts.progress;
  const app = new Hono<BffEnv>();

  route(app, 'bff.accounts.report', async (c) => {
    const r = await ownImport(accounts, c);
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
    const r = await ownImport(accounts, c);
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
    const r = await ownImport(accounts, c);
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
        // Any company the service knows (the free search by id) may be picked; a refusal of the
        // service is thrown, and `onError` relays it.
        const { data } = await accounts.port(c.get('user'), 'company.search', { uuid });
        const body = data as {
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
  return app;
}
