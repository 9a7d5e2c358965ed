/**
 * RFC 4180 CSV with OWASP CSV-injection neutralisation, written row by row so an export streams. The
 * one set of rules of every CSV the BFF writes: exports and enrichments (`csvRow`), the ledger CSV and
 * an import's report (csv-stringify with `CSV_STRINGIFY_OPTIONS`).
 *
 * Rules:
 * - Rows end with CRLF. A cell is quoted when it holds `"`, `,`, `;`, CR or LF; quotes inside are
 *   doubled. `;` is no delimiter here, but spreadsheets set to a locale whose list separator it is
 *   (Excel in much of Europe) split on it: quoted, such a cell stays one cell there too.
 * - A text cell starting with `=`, `+`, `-`, `@`, tab, CR or LF gets a leading `'`, so a spreadsheet
 *   shows it as text instead of evaluating it as a formula (OWASP "CSV Injection").
 * - Numbers are exempt: a cell written from a finite JS number (a money, count or year column's
 *   value, never a string from the data) cannot carry a formula, and `-5` must stay a number a
 *   spreadsheet can sum. A text column whose text merely looks like "-5" is still neutralised.
 */

import type { Options as StringifyOptions } from 'csv-stringify/sync';

export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r\n]/;
const NEEDS_QUOTES = /[",;\r\n]/;

export const CSV_ROW_END = '\r\n';
export const UTF8_BOM = '\uFEFF';

/** Text a spreadsheet would run as a formula, with a leading `'` (OWASP CSV injection). */
function neutralised(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function csvCell(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const safe = neutralised(cell);
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The same rules for csv-stringify: CRLF row ends, formulas neutralised, and quoted what it would
 * leave bare (it quotes `"`, `,` and its own row end; not a lone CR or LF, nor `;`).
 */
export const CSV_STRINGIFY_OPTIONS = {
  record_delimiter: 'windows',
  quoted_match: /[;\r\n]/,
  cast: { string: neutralised },
} as const satisfies StringifyOptions;

export function csvRow(cells: readonly CsvCell[]): string {
  return cells.map(csvCell).join(',') + CSV_ROW_END;
}

/** Data rows in CSV text: CRLFs outside quotes (how the web app counts progress; kept here to test it). */
export function countCsvRows(text: string): number {
  let rows = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '\r' && text[i + 1] === '\n') rows++;
  }
  return rows;
}
