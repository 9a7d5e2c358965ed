import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../testing/parse-csv';
import { CSV_STRINGIFY_OPTIONS, countCsvRows, csvCell, csvRow } from './csv';

describe('csv cells (RFC 4180)', () => {
  it('leaves plain text alone and ends rows with CRLF', () => {
    expect(csvRow(['Acme', 'Berlin', 12])).toBe('Acme,Berlin,12\r\n');
  });

  it('quotes cells holding a comma, a quote, CR or LF, doubling inner quotes', () => {
    expect(csvCell('Acme, Inc.')).toBe('"Acme, Inc."');
    expect(csvCell('The "best" one')).toBe('"The ""best"" one"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('a\rb')).toBe('"a\rb"');
  });

  it('quotes a cell holding a semicolon, which spreadsheets in some locales split on', () => {
    expect(csvCell('Software; SaaS')).toBe('"Software; SaaS"');
    expect(csvRow(['Bosch;Siemens', 'plain'])).toBe('"Bosch;Siemens",plain\r\n');
    expect(csvCell('=1;2')).toBe(`"'=1;2"`);
  });

  it('writes null as an empty cell and keeps UTF-8 text as is', () => {
    expect(csvRow([null, 'Zürich', '東京'])).toBe(',Zürich,東京\r\n');
  });
});

describe('csv injection (OWASP)', () => {
  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
    ['\ncmd', `"'\ncmd"`],
  ])('neutralises %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('leaves numbers that are numbers alone, but not text that looks like one', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(-0.25)).toBe('-0.25');
    expect(csvCell('-5')).toBe("'-5");
  });

  it('does not touch the characters later in a cell', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('Q&A @ home')).toBe('Q&A @ home');
  });
});

describe('agreement with csv-stringify', () => {
  // csv-stringify with CRLF row ends leaves a bare LF unquoted; we quote it (a reader that splits
  // rows on LF would break the row otherwise), so bare LF and CR are tested above, not here.
  it('writes what csv-stringify writes for cells that need no neutralising', () => {
    const records = [
      ['Acme, Inc.', 'say "hi"', 'line1\r\nline2', 'plain', '', 'ab'],
      ['Zürich', 'x,y', '"', ',', 'end', '42'],
    ];
    const ours = records.map(csvRow).join('');
    expect(ours).toBe(stringify(records, { record_delimiter: 'windows' }));
  });
});

describe('the same rules through csv-stringify (the ledger CSV, an import report)', () => {
  it('writes every cell as csvRow does: quoted, neutralised, CRLF', () => {
    const records = [
      ['Acme, Inc.', 'say "hi"', 'line1\r\nline2', 'bare\nLF', 'bare\rCR', 'plain', ''],
      ['a;b', 'Software; SaaS', '=1;2', '@SUM(A1)', '-2+3', 'Zürich', 'x'],
      ['', ';', '\tcmd', '\ncmd', 'end', '42', 'a=b'],
    ];
    const ours = records.map(csvRow).join('');
    expect(stringify(records, CSV_STRINGIFY_OPTIONS)).toBe(ours);
    expect(ours).toContain('"a;b","Software; SaaS","\'=1;2"');
  });

  it('leaves numbers as numbers', () => {
    expect(stringify([[-5, 0.25, 'x']], CSV_STRINGIFY_OPTIONS)).toBe(csvRow([-5, 0.25, 'x']));
  });
});

describe('round trip', () => {
  it('reads back the cells that were written, and counts rows outside quotes', () => {
    const cells = ['Acme, Inc.', 'say "hi"', 'line1\r\nline2', '=1+1', 42, null];
    const text = csvRow(['a', 'b', 'c', 'd', 'e', 'f']) + csvRow(cells);
    expect(parseCsv(text)[1]).toEqual(['Acme, Inc.', 'say "hi"', 'line1\r\nline2', "'=1+1", '42', '']);
    expect(countCsvRows(text)).toBe(2);
  });
});
