/**
 * RFC 4180 CSV with OWASP CSV-injection neutralisation, written row by row so an export streams.
 *
 * Rules:
 * - Rows end with CRLF. A cell is quoted when it holds `"`, `,`, CR or LF; quotes inside are doubled.
 * - A text cell starting with `=`, `+`, `-`, `@`, tab, CR or LF gets a leading `'`, so a spreadsheet
 *   shows it as text instead of evaluating it as a formula (OWASP "CSV Injection").
 * - Numbers are exempt: a cell written from a finite JS number (a money, count or year column's
 *   value, never a string from the data) cannot carry a formula, and `-5` must stay a number a
 *   spreadsheet can sum. A text column whose text merely looks like "-5" is still neutralised.
 */

export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r\n]/;
const NEEDS_QUOTES = /[",\r\n]/;

export const CSV_ROW_END = '\r\n';
export const UTF8_BOM = '\uFEFF';

export function csvCell(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const safe = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

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
