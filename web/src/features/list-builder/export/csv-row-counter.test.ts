import { describe, expect, it } from 'vitest';
import { CsvRowCounter, countCsvDataRows } from './csv-row-counter';

const CSV = [
  'Company,Short description,Website',
  'Acme,"Makes ""rockets""\r\nand anvils",acme.com',
  '"Beta, Inc.",Plain,beta.io',
  'Gamma,"Line one\r\nLine two\r\nLine three",gamma.dev',
].join('\r\n');

describe('CsvRowCounter', () => {
  it('counts records by CRLF outside quotes: embedded CRLF and doubled quotes are data', () => {
    expect(countCsvDataRows(`${CSV}\r\n`)).toBe(3);
  });

  it('counts a last record that has no CRLF after it', () => {
    expect(countCsvDataRows(CSV)).toBe(3);
  });

  it('gives the same count however the stream is cut, even between CR and LF', () => {
    const text = `${CSV}\r\n`;
    for (let size = 1; size <= 7; size++) {
      const counter = new CsvRowCounter();
      for (let i = 0; i < text.length; i += size) counter.push(text.slice(i, i + size));
      expect(counter.finish() - 1).toBe(3);
    }
  });

  it('reports completed data rows while streaming (header excluded)', () => {
    const counter = new CsvRowCounter();
    counter.push('Company\r\nAcme\r\nBe');
    expect(counter.dataRows).toBe(1);
    counter.push('ta\r\n');
    expect(counter.dataRows).toBe(2);
  });

  it('does not count a lone LF or a lone CR as a row end', () => {
    expect(countCsvDataRows('a\r\nb\nc\rd\r\n')).toBe(1);
  });

  it('treats an empty file and a file with only a BOM as no rows', () => {
    expect(countCsvDataRows('')).toBe(0);
    expect(countCsvDataRows('\uFEFF')).toBe(0);
    expect(countCsvDataRows('\uFEFFCompany\r\n')).toBe(0);
  });
});
