/**
 * The account import's CSV reading over real HTTP (a BFF on a real embedded service): encodings,
 * delimiters, quoting, line numbers, the limits and every refusal (4xx problems, nothing stored).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview, ImportsResponse, RowsResponse } from '../../contract/accounts';
import { pathOf } from '../../contract/endpoints';
import type { Problem } from '../../contract/problem';
import type { Service } from '../../embedded/service';
import {
  type AccountsWorld,
  accepted,
  csvOf,
  type DatasetCompany,
  finished,
  openAccountsWorld,
  upload,
} from '../../testing/accounts';
import { type RunningBff, startBff } from '../../testing/bff-server';
import { embeddedUpstream } from '../upstream/upstream';

let service: Service;
let bff: RunningBff;
let companies: DatasetCompany[];

let world: AccountsWorld | undefined;
beforeAll(async () => {
  world = await openAccountsWorld();
  ({ service, bff, companies } = world);
});
afterAll(() => world?.close());

async function problemOf(res: Response, status: number): Promise<Problem> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  return JSON.parse(text) as Problem;
}

async function rowsOf(id: string): Promise<RowsResponse['data']> {
  const res = await bff.call(`${pathOf('bff.accounts.rows', { id })}?limit=1000`);
  return ((await res.json()) as RowsResponse).data;
}

async function importCount(): Promise<number> {
  const res = await bff.call(pathOf('bff.accounts.imports'));
  return ((await res.json()) as ImportsResponse).data.length;
}

describe('POST /bff/accounts/imports: reading the file', () => {
  it('reads UTF-8 with a BOM, semicolons, quoted fields holding newlines and delimiters, with each row’s line', async () => {
    const [a, b, c] = companies;
    const text = `\uFEFFCompany name;Company Domain Name;Notes\r\n${a!.name};${a!.domain};"first; with a semicolon"\r\n"${b!.name}";${b!.domain};"two\r\nlines\r\nof notes"\r\n${c!.name};https://${c!.domain};plain\r\n`;
    const acc = await accepted(await upload(bff, text));
    expect(acc).toMatchObject({
      rows: 3,
      delimiter: ';',
      name_column: 'Company name',
      domain_column: 'Company Domain Name',
    });
    const s = await finished(bff, acc.id);
    expect(s).toMatchObject({ status: 'completed', matched: 3, invalid: 0 });
    const rows = await rowsOf(acc.id);
    expect(rows.map((r) => [r.line, r.uuid, r.confidence])).toEqual([
      [2, a!.uuid, 5],
      [3, b!.uuid, 5],
      [6, c!.uuid, 5],
    ]);
    expect(rows[0]!.cells).toEqual([a!.name, a!.domain, 'first; with a semicolon']);
    expect(rows[1]!.cells[2]).toBe('two\r\nlines\r\nof notes');
    // The report writes them back quoted: a spreadsheet splitting on `;` keeps the cell whole.
    const report = await (await bff.call(pathOf('bff.accounts.report', { id: acc.id }))).text();
    expect(report).toContain(',"first; with a semicolon",');
    expect(report).toContain(',"two\r\nlines\r\nof notes",');
  });

  it('reports empty, unreadable and broken rows with their lines, and keeps reading after them', async () => {
    const [a, b] = [companies[10]!, companies[11]!];
    const head = new TextEncoder().encode(`Name,Website\n${a.name},${a.domain}\n\n,,\nCaf`);
    const latin1 = new Uint8Array([0xe9, 0x20, 0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x2c, 0x0a]); // "é Müller," in Latin-1
    const tail = new TextEncoder().encode(`${b.name},${b.domain}\n\n\n`);
    const body = new Uint8Array([...head, ...latin1, ...tail]);
    const acc = await accepted(await upload(bff, body));
    // Lines: 2 a, 3 blank, 4 ",,", 5 Latin-1, 6 b; the blank lines at the end are no rows.
    expect(acc.rows).toBe(5);
    const s = await finished(bff, acc.id);
    expect(s).toMatchObject({ matched: 2, invalid: 3, invalid_lines: [3, 4, 5] });
    const rows = await rowsOf(acc.id);
    expect(rows.map((r) => [r.line, r.reason])).toEqual([
      [2, 'exact domain'],
      [3, 'invalid row: empty row'],
      [4, 'invalid row: empty row'],
      [5, 'invalid row: unreadable (not UTF-8 text)'],
      [6, 'exact domain'],
    ]);
  });

  it('reports a row of delimiters only as the last line too (only blank lines trail unreported)', async () => {
    const a = companies[12]!;
    for (const ending of ['\n,,', '\n,,\n', '\n,,\n\n', '\r\n ; \r\n']) {
      const delimiter = ending.includes(';') ? ';' : ',';
      const text = `Name${delimiter}Website${ending.startsWith('\r') ? '\r' : ''}\n${a.name}${delimiter}${a.domain}${ending}`;
      const acc = await accepted(await upload(bff, text));
      expect(acc.rows).toBe(2);
      const s = await finished(bff, acc.id);
      expect(s).toMatchObject({ matched: 1, invalid: 1, invalid_lines: [3] });
      const rows = await rowsOf(acc.id);
      expect(rows.map((r) => [r.line, r.reason])).toEqual([
        [2, 'exact domain'],
        [3, 'invalid row: empty row'],
      ]);
    }
  });

  it('guesses "Account Name" and "Website" headers, and takes columns named by parameters', async () => {
    const c = companies[20]!;
    const text = csvOf([
      ['Id', 'Account Name', 'Website', 'Billing City'],
      ['1', c.name, `www.${c.domain}`, 'Berlin'],
    ]);
    const guessed = await accepted(await upload(bff, text));
    expect([guessed.name_column, guessed.domain_column]).toEqual(['Account Name', 'Website']);

    const named = await accepted(
      await upload(
        bff,
        csvOf([
          ['Org', 'Homepage URL x'],
          [c.name, c.domain],
        ]),
        {
          name_column: 'org',
          domain_column: 'Homepage URL x',
        },
      ),
    );
    expect([named.name_column, named.domain_column]).toEqual(['Org', 'Homepage URL x']);
    const s = await finished(bff, named.id);
    expect(s.matched).toBe(1);
  });

  it('takes the file as a multipart part, its fields beside it', async () => {
    const c = companies[30]!;
    const form = new FormData();
    form.set(
      'file',
      new Blob(
        [
          csvOf([
            ['Company', 'Domain'],
            [c.name, c.domain],
          ]),
        ],
        { type: 'text/csv' },
      ),
      'hubspot export.csv',
    );
    form.set('domain_column', 'Domain');
    const res = await bff.call(pathOf('bff.accounts.import'), { method: 'POST', body: form });
    const acc = await accepted(res);
    expect(acc).toMatchObject({ rows: 1, domain_column: 'Domain', name_column: 'Company' });
    const s = await finished(bff, acc.id);
    expect(s.name).toBe('hubspot export');
    expect(s.matched).toBe(1);
  });

  it('previews the columns and the first rows without storing anything', async () => {
    const before = await importCount();
    const rows = [['Account Name', 'Website'], ...companies.slice(0, 25).map((c) => [c.name, c.website])];
    const res = await bff.call(pathOf('bff.accounts.preview'), {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: csvOf(rows),
    });
    expect(res.status).toBe(200);
    const p = (await res.json()) as ImportPreview;
    expect(p).toMatchObject({
      delimiter: ',',
      columns: ['Account Name', 'Website'],
      name_column: 'Account Name',
      domain_column: 'Website',
      rows: 25,
    });
    expect(p.preview.length).toBe(10);
    expect(p.preview[0]).toEqual({ line: 2, cells: [companies[0]!.name, companies[0]!.website] });
    expect(await importCount()).toBe(before);
  });
});

describe('POST /bff/accounts/imports: refusals (4xx, nothing stored)', () => {
  it('refuses an empty file, a header-only file and a blank one with 422', async () => {
    const before = await importCount();
    expect((await problemOf(await upload(bff, ''), 422)).detail).toMatch(/empty/);
    expect((await problemOf(await upload(bff, '\r\n  \r\n'), 422)).detail).toMatch(/empty/);
    expect((await problemOf(await upload(bff, 'Company name,Website\r\n'), 422)).detail).toMatch(/no rows/);
    expect(
      (await problemOf(await upload(bff, '\uFEFFCompany name;Website\r\n\r\n\r\n'), 422)).detail,
    ).toMatch(/no rows/);
    expect(await importCount()).toBe(before);
  });

  it('refuses what is not CSV: binary content with 415, another media type with 415', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect((await problemOf(await upload(bff, png), 415)).detail).toMatch(/PNG/);
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0]);
    expect((await problemOf(await upload(bff, zip), 415)).detail).toMatch(/Excel/);
    const binary = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
    await problemOf(await upload(bff, binary), 415);
    await problemOf(await upload(bff, '{"a":1}', {}, 'application/json'), 415);
  });

  it('refuses a file without a name or website column (422), and a column parameter naming none (400)', async () => {
    const p = await problemOf(
      await upload(
        bff,
        csvOf([
          ['foo', 'bar'],
          ['1', '2'],
        ]),
      ),
      422,
    );
    expect(p.detail).toMatch(/"foo", "bar"/);
    const q = await problemOf(
      await upload(
        bff,
        csvOf([
          ['Company', 'Web'],
          ['a', 'b'],
        ]),
        { domain_column: 'Site' },
      ),
      400,
    );
    expect(q.errors?.[0]?.path).toBe('domain_column');
  });

  it('holds the import to its own body limit, declared or streamed, and the rest of the API to 1 MiB', async () => {
    const small = await startBff({
      upstream: embeddedUpstream(service, 'dev-enterprise-key'),
      accounts: { maxBytes: 4096 },
    });
    try {
      const big = csvOf([['Company', 'Website'], ...companies.slice(0, 300).map((c) => [c.name, c.domain])]);
      expect(big.length).toBeGreaterThan(4096);
      await problemOf(await upload(small, big), 413);
      // Streamed without a declared length (chunked): counted as it arrives.
      const bytes = new TextEncoder().encode(big);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 1000) controller.enqueue(bytes.slice(i, i + 1000));
          controller.close();
        },
      });
      const chunked = await small.call(pathOf('bff.accounts.import'), {
        method: 'POST',
        headers: { 'content-type': 'text/csv' },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      await problemOf(chunked, 413);
      const fits = csvOf([['Company', 'Website'], ...companies.slice(0, 5).map((c) => [c.name, c.domain])]);
      await accepted(await upload(small, fits));
    } finally {
      await small.close();
    }
    // The list generation body limit is untouched: 1 MiB.
    const huge = await bff.post('/api/v1/list/generate/companies', { query: 'x'.repeat(1024 * 1024 + 10) });
    expect(huge.status).toBe(413);
  });

  it('takes 50,000 rows (above the proxy’s 1 MiB body limit) and refuses 50,001 with 413', async () => {
    const line = (i: number) => `Company ${i},company-${i}.example.com`;
    const body = (n: number) =>
      `Account Name,Website\n${Array.from({ length: n }, (_, i) => line(i)).join('\n')}\n`;
    const full = body(50_000);
    expect(full.length).toBeGreaterThan(1024 * 1024);
    const before = await importCount();
    const over = await problemOf(await upload(bff, body(50_001)), 413);
    expect(over.detail).toMatch(/more than 50,000 rows/);
    expect(await importCount()).toBe(before);

    const acc = await accepted(await upload(bff, full));
    expect(acc.rows).toBe(50_000);
    const cancelled = await bff.call(pathOf('bff.accounts.cancelImport', { id: acc.id }), {
      method: 'DELETE',
    });
    expect(cancelled.status).toBe(200);
    expect(await importCount()).toBe(before + 1);
  });
});
