/**
 * POST /bff/exports: the list as CSV, streamed. The BFF gives the number of data rows up front
 * (`x-export-total`), so the rows counted as the stream arrives make a true progress bar.
 */
import type { ExportRequest } from '@contract/bff-lists';
import { callStream } from '@/lib/api-client';
import { CsvRowCounter } from '../export/csv-row-counter';

export type ExportProgress = {
  rows: number;
  total: number | null;
  /** A file of every match (issue 33): the slices it is read in (`x-export-slices`), else null. */
  slices?: number | null;
};
type ExportResult = {
  blob: Blob;
  rows: number;
  total: number | null;
  slices: number | null;
  /** What counting the list cost before the first row (`x-count-credits`; 0 when it was counted already). */
  countCredits: number | null;
  /** Companies of hidden account lists the export left out (`x-export-excluded`), or null. */
  excluded: number | null;
};

export async function exportCsv(
  body: ExportRequest,
  onProgress: (p: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<ExportResult> {
  const res = await callStream('bff.exports', body, {
    signal,
    headers: { accept: 'text/csv, application/problem+json' },
  });
  const totalHeader = res.headers.get('x-export-total');
  const total = totalHeader !== null && /^\d+$/.test(totalHeader) ? Number(totalHeader) : null;
  const excludedHeader = res.headers.get('x-export-excluded');
  const excluded = excludedHeader !== null && /^\d+$/.test(excludedHeader) ? Number(excludedHeader) : null;
  const slices = headerNumber(res.headers, 'x-export-slices');
  const countCredits = headerNumber(res.headers, 'x-count-credits');
  // Only a file of every match is read in slices: other exports' progress stays as it was.
  const sliced = slices !== null ? { slices } : {};
  const counter = new CsvRowCounter();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  onProgress({ rows: 0, total, ...sliced });
  if (res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      counter.push(decoder.decode(value, { stream: true }));
      onProgress({ rows: counter.dataRows, total, ...sliced });
    }
    counter.push(decoder.decode());
  }
  const rows = Math.max(0, counter.finish() - 1);
  onProgress({ rows, total, ...sliced });
  return {
    blob: new Blob(chunks, { type: 'text/csv;charset=utf-8' }),
    rows,
    total,
    slices,
    countCredits,
    excluded,
  };
}

/** A header holding a non-negative number, or null. */
function headerNumber(headers: Headers, name: string): number | null {
  const raw = headers.get(name);
  return raw !== null && /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : null;
}
