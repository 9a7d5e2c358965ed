/**
 * Helpers of the account lists' tests and bench: the dataset's companies as rows to import, uploads,
 * and waiting for an import to end (polling its status over HTTP).
 */
import { expect } from 'vitest';
import type { ImportAccepted, ImportStatus } from '../contract/accounts';
import { pathOf } from '../contract/endpoints';
import { type Service, startService } from '../embedded/service';
import { embeddedUpstream } from '../server/upstream/upstream';
import { type RunningBff, startBff } from './bff-server';

export type DatasetCompany = {
  uuid: string;
  name: string;
  website: string;
  domain: string;
  search_name: string;
};

/** The account lists' usual test world: 2,000 companies (seed 11) and a local BFF on an Enterprise key. */
export type AccountsWorld = {
  service: Service;
  bff: RunningBff;
  companies: DatasetCompany[];
  close: () => Promise<void>;
};

export async function openAccountsWorld(): Promise<AccountsWorld> {
  const service = await startService({ dataDir: ':memory:', companies: 2000, seed: 11 });
  const bff = await startBff({ upstream: embeddedUpstream(service, 'dev-enterprise-key') });
  return {
    service,
    bff,
    companies: datasetCompanies(service),
    close: async () => {
      await bff.close();
      service.close();
    },
  };
}

export function datasetCompanies(service: Service): DatasetCompany[] {
  return service.ctx.db
    .prepare('SELECT uuid, name, website, domain, search_name FROM companies ORDER BY idx')
    .all() as DatasetCompany[];
}

export function upload(
  bff: RunningBff,
  csv: string | Uint8Array,
  params: Record<string, string> = {},
  contentType = 'text/csv',
): Promise<Response> {
  const q = new URLSearchParams(params).toString();
  return bff.call(`${pathOf('bff.accounts.import')}${q ? `?${q}` : ''}`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: typeof csv === 'string' ? csv : new Blob([csv as Uint8Array<ArrayBuffer>]),
  });
}

export async function accepted(res: Response): Promise<ImportAccepted> {
  const text = await res.text();
  expect(res.status, text).toBe(202);
  return JSON.parse(text) as ImportAccepted;
}

export async function status(bff: RunningBff, id: string): Promise<ImportStatus> {
  const res = await bff.call(pathOf('bff.accounts.importStatus', { id }));
  expect(res.status).toBe(200);
  return (await res.json()) as ImportStatus;
}

/** Polls the import's status until it has ended (completed, cancelled, failed). */
export async function finished(bff: RunningBff, id: string): Promise<ImportStatus> {
  for (;;) {
    const s = await status(bff, id);
    if (s.status !== 'queued' && s.status !== 'matching') return s;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** CSV text from rows of cells (quoted where needed), CRLF line ends. */
export function csvOf(rows: readonly (readonly string[])[], delimiter = ','): string {
  return rows
    .map((r) =>
      r
        .map((c) => (/["\r\n]/.test(c) || c.includes(delimiter) ? `"${c.replaceAll('"', '""')}"` : c))
        .join(delimiter),
    )
    .join('\r\n')
    .concat('\r\n');
}
