/**
 * An account import: the CSV sent as it is (`POST /bff/accounts/imports`, `text/csv` body, the
 * chosen columns named by their header in the query), then followed (`GET .../{id}`: a live event
 * while the stream is open, polling while it is not), cancelled (`DELETE`), its match report
 * downloaded (`GET .../report.csv`), the rows to review read (`GET .../rows`) and an ambiguous row
 * settled (`PATCH .../rows/{line}`).
 */
import type { ImportAccepted, ImportRow, ImportState, ImportStatus } from '@contract/accounts';
import { pathOf } from '@contract/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch, call, urlOf } from '@/lib/api-client';

export type { ImportRow, ImportState, ImportStatus };

type StartImport = {
  file: Blob;
  name: string;
  nameColumn: string | null;
  domainColumn: string | null;
};

export function isRunning(s: ImportState): boolean {
  return s === 'queued' || s === 'matching';
}

/** The file is the body as it is (no JSON): the typed client's `call` would encode it. */
export function startImport(input: StartImport): Promise<ImportAccepted> {
  const query = new URLSearchParams({ name: input.name });
  if (input.nameColumn) query.set('name_column', input.nameColumn);
  if (input.domainColumn) query.set('domain_column', input.domainColumn);
  return apiFetch<ImportAccepted>(`${pathOf('bff.accounts.import')}?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: input.file,
  });
}

export function cancelImport(id: string): Promise<ImportStatus> {
  return call('bff.accounts.cancelImport', { id });
}

export function reportUrl(id: string): string {
  return urlOf('bff.accounts.report', { id });
}

export function pickCandidate(id: string, line: number, uuid: string | null): Promise<ImportRow> {
  return call('bff.accounts.pickRow', { id, line: String(line), uuid });
}

export const importQueryKey = (id: string) => ['bff', 'accounts', 'imports', id] as const;

const importQueryOptions = (id: string) =>
  queryOptions({
    queryKey: importQueryKey(id),
    queryFn: ({ signal }) => call('bff.accounts.importStatus', { id }, { signal }),
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 2,
  });

/** How often the status is asked for while the live stream is not open. */
const POLL_MS = 1500;
/** And while it is: now and then all the same, should an event have been lost on the way. */
const LIVE_POLL_MS = 10_000;

export function useImport(id: string | null, opts: { poll: boolean }) {
  return useQuery({
    ...importQueryOptions(id ?? ''),
    enabled: id !== null,
    refetchInterval: (q) =>
      q.state.data && isRunning(q.state.data.status) ? (opts.poll ? POLL_MS : LIVE_POLL_MS) : false,
  });
}

/** The rows the page shows to review: the ambiguous ones (with their candidates) and the invalid ones. */
type RowsFilter = 'ambiguous' | 'invalid';
const ROWS_SHOWN = 200;

export const rowsQueryOptions = (id: string, filter: RowsFilter, version: string) =>
  queryOptions({
    queryKey: [...importQueryKey(id), 'rows', filter, version],
    queryFn: ({ signal }) => call('bff.accounts.rows', { id, filter, limit: ROWS_SHOWN }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
