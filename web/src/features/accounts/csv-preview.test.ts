import { describe, expect, it } from 'vitest';
import { CsvPreviewError, cellsOf, readCsvPreview } from './csv-preview';

describe('readCsvPreview', () => {
  it('reads the header, the first rows and counts every data row', () => {
    const text = [
      'Company name,Website',
      'Acme,acme.com',
      'Globex,www.globex.io',
      'Initech,initech.com',
    ].join('\r\n');
    const p = readCsvPreview(text, 2);
    expect(p.delimiter).toBe(',');
    expect(p.headers).toEqual(['Company name', 'Website']);
    expect(p.rows).toEqual([
      ['Acme', 'acme.com'],
      ['Globex', 'www.globex.io'],
    ]);
    expect(p.rowCount).toBe(3);
  });

  it('detects a semicolon file (a European Excel export) and leaves out the byte-order mark', () => {
    const text =
      '\uFEFFAccount Name;Website;Employees\nMüller GmbH;mueller.de;"1,200"\nDupont SA;dupont.fr;50\n';
    const p = readCsvPreview(text);
    expect(p.delimiter).toBe(';');
    expect(p.headers).toEqual(['Account Name', 'Website', 'Employees']);
    expect(p.rows[0]).toEqual(['Müller GmbH', 'mueller.de', '1,200']);
    expect(p.rowCount).toBe(2);
  });

  it('keeps delimiters, line breaks and doubled quotes inside quoted cells', () => {
    const text =
      'Name,Notes,Domain\r\n"Acme, Inc.","Line one\r\nline ""two""",acme.com\r\nGlobex,,globex.com';
    const p = readCsvPreview(text);
    expect(p.rows).toEqual([
      ['Acme, Inc.', 'Line one\r\nline "two"', 'acme.com'],
      ['Globex', '', 'globex.com'],
    ]);
    expect(p.rowCount).toBe(2);
  });

  it('reads LF, CRLF and lone CR line endings alike, and skips blank lines in the count', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      const p = readCsvPreview(['Company', 'A', '', 'B', '  ', 'C', ''].join(eol));
      expect(p.rowCount).toBe(3);
      expect(p.rows.map((r) => r[0])).toEqual(['A', 'B', 'C']);
    }
  });

  it('counts rows past the preview without keeping them, and quoted line breaks as one row', () => {
    const lines = ['Company,Website'];
    for (let i = 0; i < 10_000; i++)
      lines.push(i % 100 === 0 ? `"Multi\nline ${i}",x${i}.com` : `C${i},x${i}.com`);
    const p = readCsvPreview(lines.join('\n'), 5);
    expect(p.rows).toHaveLength(5);
    expect(p.rowCount).toBe(10_000);
  });

  it('names empty header cells by their position', () => {
    expect(readCsvPreview('Company,,Domain\na,b,c.com').headers).toEqual(['Company', 'Column 2', 'Domain']);
  });

  it('says why an empty, header-only or binary file cannot be previewed', () => {
    expect(() => readCsvPreview('')).toThrow(CsvPreviewError);
    expect(() => readCsvPreview('\uFEFF\r\n\r\n')).toThrow('This file is empty.');
    expect(() => readCsvPreview('Company,Website\r\n')).toThrow('This file has a header but no rows.');
    expect(() => readCsvPreview('PK\u0003\u0004\u0000\u0000binary')).toThrow('not a CSV');
  });
});

describe('cellsOf', () => {
  it('pads a short row and trims cells', () => {
    expect(cellsOf([' a ', 'b'], 3)).toEqual(['a', 'b', '']);
  });
});
