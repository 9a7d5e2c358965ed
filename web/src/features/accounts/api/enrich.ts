/**
 * Bulk enrichment of an account list: `POST /bff/exports` with `source: {account_list}` (no list
 * request) and either a CRM `preset` or the `columns` of the picked sections. The CSV streams back;
 * `x-export-total` gives its rows up front, so the rows counted as they arrive make the progress. A
 * budget that runs out stops the run (402): before any row, as a problem; part-way, the stream ends
 * short of the total, and the rows that came are kept and can be saved.
 */
import type { CrmPreset, EnrichmentEstimate } from '@contract/accounts';
import type { ExportRequest } from '@contract/bff-lists';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, call, callStream } from '@/lib/api-client';

export type EnrichRequest = {
  accountListId: string;
  preset?: CrmPreset;
  columns?: readonly string[];
  bom?: boolean;
};

type EnrichProgress = { rows: number; total: number | null };
type EnrichResult = {
  blob: Blob;
  rows: number;
  total: number | null;
  /** The run stopped before the end (budget): what the BFF said, if anything. */
  stopped: string | null;
};

/** Data rows completed in a CSV text so far: line ends outside quotes, the header not counted. */
export class RowCounter {
  private quoted = false;
  private pending = false;
  records = 0;
  push(chunk: string): void {
    for (const c of chunk) {
      if (c === '"') this.quoted = !this.quoted;
      else if (c === '\n' && !this.quoted) {
        if (this.pending) this.records++;
        this.pending = false;
        continue;
      }
      if (c !== '\r' && c !== '\uFEFF') this.pending = true;
    }
  }
  get dataRows(): number {
    return Math.max(0, this.records + (this.pending ? 1 : 0) - 1);
  }
}

/** The export body of a bulk enrichment: the list as the source, a preset or the columns. */
export function enrichmentBody(req: EnrichRequest): ExportRequest {
  return {
    source: { account_list: req.accountListId },
    ...(req.preset ? { preset: req.preset } : { columns: [...(req.columns ?? [])] }),
    bom: req.bom ?? false,
  };
}

/** What the run will cost (`POST /bff/exports/estimate`): nothing is spent asking. */
export const enrichEstimateQueryOptions = (req: EnrichRequest) =>
  queryOptions({
    queryKey: ['bff', 'exports', 'estimate', req],
    queryFn: async ({ signal }): Promise<EnrichmentEstimate> => {
      const e = await call('bff.exports.estimate', enrichmentBody(req), { signal });
      // The endpoint prices lists too; the estimate of an account list is the one that names it.
      if (!('account_list_id' in e)) throw new ApiError(0, 'The estimate did not name the account list.');
      return e;
    },
    staleTime: 10_000,
    retry: false,
  });

export async function runEnrichment(
  req: EnrichRequest,
  onProgress: (p: EnrichProgress) => void,
  signal?: AbortSignal,
): Promise<EnrichResult> {
  const res = await callStream('bff.exports', enrichmentBody(req), {
    ...(signal ? { signal } : {}),
    headers: { accept: 'text/csv, application/problem+json' },
  });
  const totalHeader = res.headers.get('x-export-total');
  const total = totalHeader !== null && /^\d+$/.test(totalHeader) ? Number(totalHeader) : null;
  const counter = new RowCounter();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let stopped: string | null = null;
  onProgress({ rows: 0, total });
  if (res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value as Uint8Array<ArrayBuffer>);
        counter.push(decoder.decode(value, { stream: true }));
        onProgress({ rows: counter.dataRows, total });
      }
    } catch (err) {
      if (signal?.aborted) throw err;
      stopped = 'The connection dropped before the file was complete.';
    }
    counter.push(decoder.decode());
  }
  const rows = counter.dataRows;
  // A file shorter than announced: the run stopped, and the BFF's record of it says why.
  if (stopped === null && total !== null && rows < total) stopped = await whyStopped(req.accountListId);
  onProgress({ rows, total });
  return { blob: new Blob(chunks, { type: 'text/csv;charset=utf-8' }), rows, total, stopped };
}

/** Why the list's last run stopped (`GET /bff/accounts/lists/{id}/enrichment`), in words. */
async function whyStopped(listId: string): Promise<string> {
  try {
    const { run } = await call('bff.accounts.enrichment', { id: listId });
    if (run?.stopped_reason === 'budget')
      return `Your budget ran out (${run.credits_consumed} credits spent on this run). The companies done are kept: run it again when there is budget, and they are not paid for twice.`;
    if (run?.stopped_reason) return `The run stopped: ${run.stopped_reason}. The companies done are kept.`;
  } catch {
    // The file is what matters; the reason is a courtesy.
  }
  return 'The run stopped before the end. The companies done are kept.';
}

/** "acme-accounts-hubspot-2026-11-28.csv": the list, the preset, the day. */
export function enrichFileName(listName: string, what: string, day: Date): string {
  const slug = (s: string) =>
    s
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'accounts';
  return `${slug(listName)}-${slug(what)}-${day.toISOString().slice(0, 10)}.csv`;
}
