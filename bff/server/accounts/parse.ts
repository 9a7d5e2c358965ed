/**
 * Reading an account CSV as it streams in (csv-parse): sniffing that it is text at all, the
 * delimiter (comma or semicolon, from the header line), the header, the columns holding the company
 * name and website (given or guessed), then the rows in batches, each with the line it starts on.
 * A row that cannot be matched is kept as invalid with its reason, never dropped. Every refusal is an
 * `ImportRefusal` with its 4xx status; nothing here answers 5xx for a bad file.
 */
import { type CsvError, parse } from 'csv-parse';
import { type CsvDelimiter, detectDelimiter, guessColumns } from '../../contract/csv-columns';
import { normalizeText } from '../../contract/text';
import { parseDomain } from './match';
import type { NewRow } from './records';

/** A file the import refuses: the status and what to tell the user. */
export class ImportRefusal extends Error {
  constructor(
    readonly status: 400 | 413 | 415 | 422,
    readonly detail: string,
    readonly field?: string,
  ) {
    super(detail);
  }
}

export type OpenedCsv = {
  delimiter: CsvDelimiter;
  columns: string[];
  nameColumn: string | null;
  domainColumn: string | null;
  /** The first data rows (up to `previewRows`), already read. */
  preview: NewRow[];
  /** Every data row in batches, the preview's first; throws ImportRefusal past the limits. */
  batches: () => AsyncIterable<NewRow[]>;
  /** Data rows handed out so far (all of them once `batches` is done). */
  rowCount: () => number;
};

export type CsvLimits = { maxRows: number; maxBytes: number; previewRows: number; batchSize?: number };

// ---------------------------------------------------------------------------------------------
// Columns

const headerKey = (h: string) => normalizeText(h);

/** The header a parameter names: exact first, then ignoring case and punctuation. */
function findColumn(columns: readonly string[], wanted: string): string | undefined {
  return columns.find((c) => c === wanted) ?? columns.find((c) => headerKey(c) === headerKey(wanted));
}

// ---------------------------------------------------------------------------------------------
// Sniffing

/** What a file that is no CSV text starts with (magic numbers). */
const BINARY_MAGIC: ReadonlyArray<{ bytes: number[]; what: string }> = [
  { bytes: [0x50, 0x4b, 0x03, 0x04], what: 'an Excel workbook or a zip archive' },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0], what: 'an old Excel workbook' },
  { bytes: [0x25, 0x50, 0x44, 0x46], what: 'a PDF' },
  { bytes: [0x89, 0x50, 0x4e, 0x47], what: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], what: 'a JPEG image' },
  { bytes: [0x47, 0x49, 0x46, 0x38], what: 'a GIF image' },
  { bytes: [0x1f, 0x8b], what: 'a gzip archive' },
];

function sniff(head: Uint8Array): void {
  const starts = (bytes: number[]) => bytes.every((b, i) => head[i] === b);
  for (const m of BINARY_MAGIC) {
    if (starts(m.bytes))
      throw new ImportRefusal(415, `The file is ${m.what}, not CSV. Save it as CSV (UTF-8) and upload that.`);
  }
  if (starts([0xff, 0xfe]) || starts([0xfe, 0xff]))
    throw new ImportRefusal(415, 'The file is UTF-16 text. Save it as CSV (UTF-8) and upload that.');
  let control = 0;
  const n = Math.min(head.length, 8192);
  for (let i = 0; i < n; i++) {
    const b = head[i]!;
    if (b === 0) throw new ImportRefusal(415, 'The file is binary, not CSV text. Upload a CSV file (UTF-8).');
    if (b < 0x09 || (b > 0x0d && b < 0x20)) control++;
  }
  if (n > 0 && control / n > 0.05)
    throw new ImportRefusal(415, 'The file is binary, not CSV text. Upload a CSV file (UTF-8).');
}

// ---------------------------------------------------------------------------------------------
// Reading

type Parsed = { line: number; cells: string[] } | { line: number; error: string };

/** What CRM exports write for "no value": read as an empty cell. */
const PLACEHOLDERS = new Set([
  '',
  'n a',
  'na',
  'none',
  'null',
  'nil',
  'tbd',
  'unknown',
  'not available',
  'undefined',
]);

function rowOf(p: Parsed, nameIdx: number, domainIdx: number): NewRow {
  if ('error' in p)
    return { line: p.line, cells: [], name: null, domain: null, invalid: `unreadable (${p.error})` };
  const cells = p.cells;
  const cell = (i: number) => {
    const v = i >= 0 ? (cells[i] ?? '').trim() : '';
    return PLACEHOLDERS.has(normalizeText(v)) ? '' : v;
  };
  const name = cell(nameIdx) || null;
  const domain = cell(domainIdx) || null;
  const base = { line: p.line, cells, name, domain };
  if (cells.every((c) => c.trim() === '')) return { ...base, invalid: 'empty row' };
  if (cells.some((c) => c.includes('\uFFFD'))) return { ...base, invalid: 'unreadable (not UTF-8 text)' };
  if (!name && !(domain && parseDomain(domain)))
    return {
      ...base,
      invalid: domain
        ? `no company name, and "${domain.slice(0, 80)}" is no website`
        : 'no company name or website',
    };
  return base;
}

/**
 * Opens a CSV stream: sniffs it, reads the header and the first rows. The rest is read when
 * `batches` is iterated (once).
 */
export async function openCsv(
  body: ReadableStream<Uint8Array>,
  limits: CsvLimits,
  given: { nameColumn?: string | undefined; domainColumn?: string | undefined },
): Promise<OpenedCsv> {
  const reader = body.getReader();
  try {
    return await open(reader, limits, given);
  } catch (e) {
    // A file refused before its rows were handed out is not read further.
    reader.cancel().catch(() => undefined);
    throw e;
  }
}

type Head = { head: Uint8Array; headText: string; ended: boolean; bytes: number };

const tooLarge = (limits: CsvLimits) =>
  new ImportRefusal(413, `The file is larger than ${Math.round(limits.maxBytes / 1024 / 1024)} MiB.`);

/** The head: enough to see the first line whole (or 64 KiB, or the end). */
async function readHead(reader: ReadableStreamDefaultReader<Uint8Array>, limits: CsvLimits): Promise<Head> {
  let bytes = 0;
  const headChunks: Uint8Array[] = [];
  let headText = '';
  let ended = false;
  while (!/[\r\n]/.test(headText) && bytes < 65536) {
    const { value, done } = await reader.read();
    if (done) {
      ended = true;
      break;
    }
    bytes += value.byteLength;
    if (bytes > limits.maxBytes) throw tooLarge(limits);
    headChunks.push(value);
    headText += new TextDecoder('utf-8', { fatal: false }).decode(value, { stream: true });
  }
  return { head: concat(headChunks), headText, ended, bytes };
}

type Records = {
  /** The next record or error in file order (an error is seen when the parser skips its record). */
  next: () => Promise<Parsed | undefined>;
  /** Stops reading: the parser and the body are let go (a refused file is not read to its end). */
  stop: () => void;
  /** The body pumped into the parser: settled once all of it is in (or reading failed). */
  pump: Promise<void>;
};

/** The file's records from its head on, the rest of the body fed to the parser as it takes it. */
function readRecords(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  limits: CsvLimits,
  start: Head,
  delimiter: CsvDelimiter,
): Records {
  let bytes = start.bytes;
  // Lines are counted here, from the bytes the parser is given (csv-parse counts a CRLF inside a
  // quoted field as two lines): a record starts where the one before it ended.
  const breaks: number[] = [];
  let fed = 0;
  let passed = 0;
  let lastEnd = 0;
  const lineAt = (offset: number): number => {
    while (passed < breaks.length && breaks[passed]! < offset) passed++;
    return passed + 1;
  };
  const feed = (chunk: Uint8Array): Buffer => {
    for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1)) breaks.push(fed + i);
    fed += chunk.byteLength;
    return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  };

  const errors: Parsed[] = [];
  const parser = parse({
    delimiter,
    bom: true,
    encoding: 'utf8',
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    skip_records_with_error: true,
    // Each record leaves the parser with its line (the types know records as cell arrays only).
    on_record: (record, context) => {
      const line = lineAt(lastEnd);
      lastEnd = context.bytes;
      return { line, cells: record } as unknown as string[];
    },
    on_skip: (err: CsvError | undefined) => {
      const line = lineAt(lastEnd);
      const bytes = (err as { bytes?: unknown } | undefined)?.bytes;
      if (typeof bytes === 'number') lastEnd = bytes;
      errors.push({ line, error: (err?.message ?? 'malformed CSV').replace(/\s+/g, ' ').slice(0, 120) });
      return undefined;
    },
  });

  // Pump the body into the parser as the parser takes it.
  const pump = (async () => {
    parser.write(feed(start.head));
    if (!start.ended) {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        if (bytes > limits.maxBytes) throw tooLarge(limits);
        if (!parser.write(feed(value))) await new Promise<void>((resolve) => parser.once('drain', resolve));
        if (parser.destroyed) return;
      }
    }
    parser.end();
  })().catch((e: unknown) => {
    parser.destroy(e instanceof Error ? e : new Error(String(e)));
    reader.cancel().catch(() => undefined);
  });

  const records = parser[Symbol.asyncIterator]() as AsyncIterator<{ line: number; cells: string[] }>;

  let pending: { line: number; cells: string[] } | undefined;
  /** The next record or error in file order (an error is seen when the parser skips its record). */
  async function next(): Promise<Parsed | undefined> {
    if (errors.length > 0 && (pending === undefined || errors[0]!.line < pending.line)) return errors.shift();
    if (pending) {
      const p = pending;
      pending = undefined;
      return p;
    }
    let r: IteratorResult<{ line: number; cells: string[] }>;
    try {
      r = await records.next();
    } catch (e) {
      if (e instanceof ImportRefusal) throw e;
      throw new ImportRefusal(422, `The file cannot be read as CSV: ${(e as Error).message}`);
    }
    if (!r.done) pending = r.value;
    if (errors.length > 0 && (pending === undefined || errors[0]!.line < pending.line)) return errors.shift();
    if (!pending) return undefined;
    const p = pending;
    pending = undefined;
    return p;
  }

  const stop = () => {
    parser.destroy();
    reader.cancel().catch(() => undefined);
  };
  return { next, stop, pump };
}

/** The columns of the header row, and those naming the company and its website (given or guessed). */
function headerOf(
  first: Parsed | undefined,
  given: { nameColumn?: string | undefined; domainColumn?: string | undefined },
): { columns: string[]; nameColumn: string | null; domainColumn: string | null } {
  if (!first || !('cells' in first) || first.cells.every((c) => c.trim() === ''))
    throw new ImportRefusal(422, 'The file has no header row: its first line must name the columns.');
  const columns = first.cells.map((c, i) => c.trim() || `Column ${i + 1}`);

  let nameColumn: string | null = null;
  let domainColumn: string | null = null;
  const fieldErrors: string[] = [];
  if (given.nameColumn !== undefined) {
    nameColumn = findColumn(columns, given.nameColumn) ?? null;
    if (!nameColumn) fieldErrors.push(`name_column: the file has no column "${given.nameColumn}"`);
  }
  if (given.domainColumn !== undefined) {
    domainColumn = findColumn(columns, given.domainColumn) ?? null;
    if (!domainColumn) fieldErrors.push(`domain_column: the file has no column "${given.domainColumn}"`);
  }
  if (fieldErrors.length > 0)
    throw new ImportRefusal(
      400,
      `${fieldErrors.join('; ')}. Its columns: ${columns.map((c) => `"${c}"`).join(', ')}.`,
      given.nameColumn !== undefined && !nameColumn ? 'name_column' : 'domain_column',
    );
  // The guess the web app's preview makes too (the contract's csv-columns.ts); a column named by a
  // parameter is kept, and the other is guessed among the rest.
  ({ name: nameColumn, domain: domainColumn } = guessColumns(columns, [], {
    name: nameColumn ?? undefined,
    domain: domainColumn ?? undefined,
  }));
  if (!nameColumn && !domainColumn)
    throw new ImportRefusal(
      422,
      `No column holds a company name or a website that the BFF recognises; name them with name_column or domain_column. The columns: ${columns
        .map((c) => `"${c}"`)
        .join(', ')}.`,
    );
  return { columns, nameColumn, domainColumn };
}

async function open(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  limits: CsvLimits,
  given: { nameColumn?: string | undefined; domainColumn?: string | undefined },
): Promise<OpenedCsv> {
  const start = await readHead(reader, limits);
  const { head, headText } = start;
  if (head.length === 0 || head.every((b) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09))
    throw new ImportRefusal(422, 'The file is empty: upload a CSV with a header row and at least one row.');
  sniff(head);
  const delimiter = detectDelimiter(headText);
  const { next, stop, pump } = readRecords(reader, limits, start, delimiter);
  const { columns, nameColumn, domainColumn } = headerOf(await next(), given);
  const nameIdx = nameColumn ? columns.indexOf(nameColumn) : -1;
  const domainIdx = domainColumn ? columns.indexOf(domainColumn) : -1;

  // Rows: blank lines (nothing but spaces, not even a delimiter) at the end of the file are no
  // rows; inside the file they are rows (empty ones, reported). A line of delimiters only (",,") is
  // a row wherever it is: reported as empty, also as the last line.
  let count = 0;
  const held: NewRow[] = [];
  const isBlank = (p: Parsed) => 'cells' in p && p.cells.length <= 1 && (p.cells[0] ?? '').trim() === '';
  async function nextRow(): Promise<NewRow | undefined> {
    if (held.length > 0 && held[0]!.invalid !== 'pending-blank') return held.shift();
    for (;;) {
      const p = await next();
      if (!p) {
        held.length = 0; // trailing blank lines
        return undefined;
      }
      if (isBlank(p)) {
        held.push({ ...rowOf(p, nameIdx, domainIdx), invalid: 'pending-blank' });
        continue;
      }
      const row = rowOf(p, nameIdx, domainIdx);
      if (held.length > 0) {
        const out = held.map((h) => ({ ...h, invalid: 'empty row' }));
        held.length = 0;
        held.push(...out.slice(1), row);
        return out[0];
      }
      return row;
    }
  }
  const counted = async (): Promise<NewRow | undefined> => {
    const row = await nextRow().catch((e: unknown) => {
      stop();
      throw e;
    });
    if (row) {
      count++;
      if (count > limits.maxRows) {
        stop();
        throw new ImportRefusal(
          413,
          `The file has more than ${limits.maxRows.toLocaleString('en-US')} rows; split it into files of at most ${limits.maxRows.toLocaleString('en-US')}.`,
        );
      }
    }
    return row;
  };

  const preview: NewRow[] = [];
  while (preview.length < limits.previewRows) {
    const row = await counted();
    if (!row) break;
    preview.push(row);
  }
  if (preview.length === 0) {
    await pump;
    throw new ImportRefusal(422, 'The file has a header row but no rows of accounts.');
  }

  let used = false;
  const batchSize = limits.batchSize ?? 1000;
  return {
    delimiter,
    columns,
    nameColumn,
    domainColumn,
    preview,
    rowCount: () => count,
    batches: () => {
      if (used) throw new Error('the rows of a CSV are read once');
      used = true;
      return (async function* () {
        let batch = [...preview];
        for (;;) {
          const row = await counted();
          if (!row) break;
          batch.push(row);
          if (batch.length >= batchSize) {
            yield batch;
            batch = [];
          }
        }
        if (batch.length > 0) yield batch;
        await pump;
      })();
    },
  };
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
