/**
 * What the Accounts page shows of a CSV before it is sent: the header, the first rows and how many
 * data rows the file holds (for the time estimate). A small reader of its own, quote-aware (RFC 4180:
 * a quoted cell may hold the delimiter, a line break, and a quote written twice), with either line
 * ending (CRLF, LF or CR) and a UTF-8 byte-order mark left out. The delimiter is found by the
 * contract's `detectDelimiter`, as the BFF finds it: comma or semicolon, whichever the header line has
 * more of. Only the first rows are split into cells; the rest are only counted, so a 50,000-row file
 * previews in one quick pass.
 * The BFF parses the file again with a full CSV library and has the last word (its `rows`, its errors).
 */
import { type CsvDelimiter, detectDelimiter } from '@contract/csv-columns';

export type CsvPreview = {
  delimiter: CsvDelimiter;
  /** The header's cells, trimmed; an empty header cell reads "Column N". */
  headers: string[];
  /** The first data rows, each as many cells as it has (not padded). */
  rows: string[][];
  /** Data rows in the whole file, blank lines not counted. */
  rowCount: number;
};

export class CsvPreviewError extends Error {}

const BOM = '\uFEFF';

/**
 * Reads `text` (a whole file's text): the header, the first `maxRows` data rows, and the number of
 * data rows. Throws a `CsvPreviewError` with a sentence for the user when there is nothing to read.
 */
export function readCsvPreview(input: string, maxRows = 5): CsvPreview {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  if (text.includes('\u0000')) throw new CsvPreviewError('This file is not a CSV text file.');
  const delimiter = detectDelimiter(text);
  const records: string[][] = [];
  let rowCount = -1; // the header is no data row
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let hasContent = false;
  const keep = () => records.length < maxRows + 1;

  const endRecord = () => {
    if (hasContent) {
      if (keep()) {
        record.push(cell);
        records.push(record);
      }
      rowCount++;
    }
    record = [];
    cell = '';
    hasContent = false;
  };

  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          if (keep()) cell += '"';
          i++;
        } else quoted = false;
      } else if (keep()) cell += c;
      continue;
    }
    if (c === '"') {
      quoted = true;
      hasContent = true;
    } else if (c === delimiter) {
      hasContent = true;
      if (keep()) record.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else {
      if (c !== ' ' && c !== '\t') hasContent = true;
      if (keep()) cell += c;
    }
  }
  endRecord();

  const header = records[0];
  if (!header) throw new CsvPreviewError('This file is empty.');
  const headers = header.map((h, i) => h.trim() || `Column ${i + 1}`);
  if (rowCount <= 0) throw new CsvPreviewError('This file has a header but no rows.');
  return { delimiter, headers, rows: records.slice(1), rowCount };
}

/** The first cells of a row as wide as the header (a short row reads as empty cells). */
export function cellsOf(row: readonly string[], width: number): string[] {
  return Array.from({ length: width }, (_, i) => row[i]?.trim() ?? '');
}
