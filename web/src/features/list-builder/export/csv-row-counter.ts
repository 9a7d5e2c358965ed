/**
 * Counts the records of a CSV stream as its chunks arrive, to show an export's progress against
 * the `x-export-total` header. Records end with CRLF; a CRLF inside a quoted cell is data (a
 * description with line breaks), and a quote inside a quoted cell is written twice, which toggles
 * the quoted state twice and so leaves it as it was. A chunk may end anywhere, even between the CR
 * and the LF, so the state carries over from chunk to chunk.
 */
export class CsvRowCounter {
  private inQuotes = false;
  private lastWasCr = false;
  /** Whether the record being read has any character yet (a file may lack its last CRLF). */
  private pending = false;
  /** Records completed so far, the header line included. */
  records = 0;

  push(chunk: string): void {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c === 0x22 /* " */) {
        this.inQuotes = !this.inQuotes;
      } else if (c === 0x0a /* \n */ && this.lastWasCr && !this.inQuotes) {
        this.records++;
        this.pending = false;
        this.lastWasCr = false;
        continue;
      }
      this.lastWasCr = c === 0x0d /* \r */;
      // A byte-order mark is not content: an empty file with a BOM has no records.
      if (c !== 0xfeff) this.pending = true;
    }
  }

  /** Records in the whole stream, counting a last one that has no CRLF after it. */
  finish(): number {
    return this.records + (this.pending ? 1 : 0);
  }

  /** Data rows completed so far: records minus the header line. */
  get dataRows(): number {
    return Math.max(0, this.records - 1);
  }
}

/** Data rows of a whole CSV text (header excluded). */
export function countCsvDataRows(text: string): number {
  const counter = new CsvRowCounter();
  counter.push(text);
  return Math.max(0, counter.finish() - 1);
}
