/** A strict RFC 4180 reader for tests: rows must end with CRLF, quotes must balance. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
      } else if (ch === '"') {
        quoted = false;
        i++;
      } else {
        cell += ch;
        i++;
      }
    } else if (ch === '"') {
      if (cell !== '') throw new Error(`quote inside an unquoted cell at ${i}`);
      quoted = true;
      i++;
    } else if (ch === ',') {
      row.push(cell);
      cell = '';
      i++;
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 2;
    } else if (ch === '\r' || ch === '\n') {
      throw new Error(`bare line break outside quotes at ${i}`);
    } else {
      cell += ch;
      i++;
    }
  }
  if (quoted) throw new Error('unterminated quoted cell');
  if (cell !== '' || row.length > 0) throw new Error('last row does not end with CRLF');
  return rows;
}
