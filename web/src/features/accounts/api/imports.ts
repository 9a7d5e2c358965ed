/**
 * An account import: the CSV sent as it is (`POST /bff/accounts/imports`, `text/csv` body, the
 * chosen columns named by their header in the query), then followed (`GET .../{id}`: a live event
 * while the stream is open, polling while it is not), cancelled (`DELETE`), its match report read
 * (`GET .../report.csv`) and an ambiguous row settled (`PATCH .../rows/{line}`).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch, apiStream } from '@/lib/api-client';
import { readCsvPreview } from '../csv-preview';

export const IMPORT_STATES = ['queued', 'matching', 'completed', 'cancelled', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

export type AccountImport = {
  id: string;
  status: ImportState;
  rows: number;
  processed: number;
  matched: number;
  ambiguous: number;
  unmatched: number;
  invalid: number;
  account_list_id: string | null;
  /** Why a failed import stopped (when the BFF says). */
  error?: string | null;
};

export type StartImport = {
  file: Blob;
  name: string;
  nameColumn: string | null;
  domainColumn: string | null;
};

export function isRunning(s: ImportState): boolean {
  return s === 'queued' || s === 'matching';
}

export async function startImport(
  input: StartImport,
): Promise<{ id: string; status: ImportState; rows: number }> {
  const query = new URLSearchParams({ name: input.name });
  if (input.nameColumn) query.set('name_column', input.nameColumn);
  if (input.domainColumn) query.set('domain_column', input.domainColumn);
  return apiFetch(`/bff/accounts/imports?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: input.file,
  });
}

const importPath = (id: string) => `/bff/accounts/imports/${encodeURIComponent(id)}`;

export function getImport(id: string, signal?: AbortSignal): Promise<AccountImport> {
  return apiFetch<AccountImport>(importPath(id), signal ? { signal } : {});
}

export async function cancelImport(id: string): Promise<void> {
  await apiFetch(importPath(id), { method: 'DELETE' });
}

export function reportUrl(id: string): string {
  return `${importPath(id)}/report.csv`;
}

export async function pickCandidate(id: string, line: number, uuid: string): Promise<void> {
  await apiFetch(`${importPath(id)}/rows/${line}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ uuid }),
  });
}

export const importQueryKey = (id: string) => ['bff', 'accounts', 'imports', id] as const;

export const importQueryOptions = (id: string) =>
  queryOptions({
    queryKey: importQueryKey(id),
    queryFn: ({ signal }) => getImport(id, signal),
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 2,
  });

/** How often the status is asked for while the live stream is not open. */
export const POLL_MS = 1500;

export function useImport(id: string | null, opts: { poll: boolean }) {
  return useQuery({
    ...importQueryOptions(id ?? ''),
    enabled: id !== null,
    refetchInterval: (q) => (opts.poll && q.state.data && isRunning(q.state.data.status) ? POLL_MS : false),
  });
}

// ---------------------------------------------------------------------------------------------
// The match report, read back for the rows the page shows (ambiguous, invalid)

export type ReportRow = {
  line: number;
  /** The input row's cells by header. */
  input: Record<string, string>;
  uuid: string;
  name: string;
  domain: string;
  confidence: number | null;
  reason: string;
  candidates: string[];
};

const REPORT_COLUMNS = ['line', 'uuid', 'name', 'domain', 'confidence', 'reason', 'candidates'];

/** The report's rows; the input columns are those between `line` and the match's own columns. */
export function parseReport(text: string): ReportRow[] {
  const { headers, rows } = readCsvPreview(text, Number.POSITIVE_INFINITY);
  const at = (h: string) => headers.lastIndexOf(h);
  const own = new Set(REPORT_COLUMNS.map(at));
  const inputAt = headers.map((h, i) => [h, i] as const).filter(([, i]) => !own.has(i));
  return rows.map((r) => {
    const cell = (h: string) => (at(h) >= 0 ? (r[at(h)] ?? '').trim() : '');
    const confidence = cell('confidence');
    return {
      line: Number(cell('line')),
      input: Object.fromEntries(inputAt.map(([h, i]) => [h, r[i] ?? ''])),
      uuid: cell('uuid'),
      name: cell('name'),
      domain: cell('domain'),
      confidence: confidence === '' ? null : Number(confidence),
      reason: cell('reason'),
      candidates: cell('candidates')
        .split(/[\s;|,]+/)
        .filter((c) => c !== ''),
    };
  });
}

export async function getReport(id: string, signal?: AbortSignal): Promise<ReportRow[]> {
  const res = await apiStream(reportUrl(id), {
    headers: { accept: 'text/csv, application/problem+json' },
    ...(signal ? { signal } : {}),
  });
  const text = await res.text();
  try {
    return parseReport(text);
  } catch {
    return [];
  }
}

export const reportQueryOptions = (id: string, version: number) =>
  queryOptions({
    queryKey: ['bff', 'accounts', 'imports', id, 'report', version],
    queryFn: ({ signal }) => getReport(id, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
