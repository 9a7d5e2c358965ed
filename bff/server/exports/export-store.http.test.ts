/**
 * CSV exports with the team's company store on (docs/decisions/0024-company-store.md), over real
 * HTTP on a real embedded service: the estimate before the file equals what the file then costs once
 * the list's pages have been looked at, a selection pays only for its companies, the CRM file's
 * employees come from `headcount`, and "Data as of" says when each row's data was fetched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListExportEstimate } from '../../contract/company-store';
import { enrichmentCost } from '../../contract/pricing';
import type { Service } from '../../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { parseCsv } from '../../testing/parse-csv';
import { embeddedUpstream } from '../upstream/upstream';

const DAY_MS = 86_400_000;
const clock = Date.parse('2026-11-03T09:00:00Z');
let service: Service;
let bff: RunningBff;

beforeAll(async () => {
  service = await startEmbedded(1500);
  bff = await startBff({
    upstream: embeddedUpstream(service, 'dev-enterprise-key'),
    mode: 'team',
    cacheTtlMs: 0,
    storeMaxAgeMs: 30 * DAY_MS,
    now: () => new Date(clock),
  });
});

afterAll(async () => {
  await bff?.close();
  service?.close();
});

const spent = async (user: string) =>
  ((await (await bff.call('/bff/usage', { headers: await bff.as(user) })).json()) as { spent_today: number })
    .spent_today;

async function estimate(user: string, body: unknown): Promise<ListExportEstimate> {
  const res = await bff.post('/bff/exports/estimate', body, { headers: await bff.as(user) });
  expect(res.status).toBe(200);
  return (await res.json()) as ListExportEstimate;
}

async function exportCsv(user: string, body: unknown): Promise<string[][]> {
  const res = await bff.post('/bff/exports', body, { headers: await bff.as(user) });
  expect(res.status).toBe(200);
  return parseCsv(await res.text());
}

const request = { filters: { 'location.hq.country': ['FRA', 'BEL'] }, sort_by: 'founded_year' };

describe('exports through the company store', () => {
  it('prices the file before it is made: an upper bound first, exact once the pages were looked at', async () => {
    const columns = ['name', 'firmographic.founded_year', 'location.hq.country', 'as_of'];
    const blind = await estimate('ann', { request, columns });
    expect(blind.exact).toBe(false);
    expect(blind.credits).toBe(blind.credits_without_store);

    // The grid's pages (its page size, the export's): orders kept, firmographic stored.
    const first = await bff.post(
      '/api/v1/list/generate/companies',
      { ...request, limit: 50, sections: ['firmographic'] },
      { headers: await bff.as('ann') },
    );
    const total = ((await first.json()) as { total_count: number }).total_count;
    expect(total).toBeGreaterThan(50);
    for (let offset = 50; offset < Math.min(total, 500); offset += 50)
      await bff.post(
        '/api/v1/list/generate/companies',
        { ...request, limit: 50, offset, sections: ['firmographic'] },
        { headers: await bff.as('ann') },
      );
    const known = await estimate('bob', { request, columns });
    expect(known.exact).toBe(true);
    expect(known.rows).toBe(Math.min(total, 500));
    // Firmographic is stored; location is not.
    expect(known.credits).toBe(known.rows * enrichmentCost(['location']));

    const before = await spent('bob');
    const rows = await exportCsv('bob', { request, columns });
    expect((await spent('bob')) - before).toBeCloseTo(known.credits, 6);
    expect(rows[0]).toEqual(['Company', 'Founded', 'HQ country', 'Data as of']);
    expect(rows.length - 1).toBe(known.rows);
    expect(new Set(rows.slice(1).map((r) => r[3]))).toEqual(new Set(['2026-11-03']));

    // The same file again costs nothing.
    expect((await estimate('cara', { request, columns })).credits).toBe(0);
    const again = await spent('cara');
    await exportCsv('cara', { request, columns });
    expect(await spent('cara')).toBe(again);
  });

  it('a selection pays only for the chosen companies’ sections', async () => {
    const list = (await (
      await bff.post('/api/v1/list/generate/companies', { limit: 50 }, { headers: await bff.as('dan') })
    ).json()) as { data: { uuid: string }[] };
    const chosen = [list.data[3]!.uuid, list.data[17]!.uuid, list.data[40]!.uuid];
    const body = { request: {}, columns: ['name', 'technology.tech_stack'], uuids: chosen };
    const quoted = await estimate('dan', body);
    expect(quoted).toMatchObject({ rows: 3, exact: true, credits: 3 * enrichmentCost(['technology']) });
    const before = await spent('dan');
    const rows = await exportCsv('dan', body);
    expect(rows.length - 1).toBe(3);
    expect((await spent('dan')) - before).toBeCloseTo(quoted.credits, 6);
  });

  it('the HubSpot file fills Number of Employees from headcount, priced first', async () => {
    const body = { request: { filters: { 'location.hq.country': ['CHE'] } }, preset: 'hubspot' };
    const quoted = await estimate('erin', body);
    expect(quoted.sections).toContain('headcount');
    const rows = await exportCsv('erin', body);
    const col = rows[0]!.indexOf('Number of Employees');
    expect(col).toBeGreaterThan(-1);
    expect(rows.slice(1).filter((r) => /^\d+$/.test(r[col]!)).length).toBeGreaterThan(0);
  });
});
