/**
 * Section columns of a static list (issue 35) through the whole BFF over real HTTP on a real embedded
 * service, with the team's company store on: `POST /bff/companies/sections` answers what enrichment
 * answers, at the price `POST /bff/companies/quote` gave, as the ledger and the service's key record
 * it; (company, section) pairs the store holds cost nothing; the static list's CSV writes the chosen
 * columns at the quoted price; 402 and 400 before anything is spent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListGenerateResponse } from '../../contract/api';
import { COLUMN_BY_ID } from '../../contract/columns';
import type { CompanyQuote, CompanySectionsResponse } from '../../contract/company-store';
import { credits } from '../../contract/pricing';
import type { SavedList } from '../../contract/saved-lists';
import type { Service } from '../../embedded/service';
import { createKey, findKey } from '../../embedded/store/keys';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { lastLedgerId, ledgerRows } from '../../testing/list-pages';
import { parseCsv } from '../../testing/parse-csv';
import { cellOf } from '../exports/export';
import { embeddedUpstream } from '../upstream/upstream';

const DAY_MS = 24 * 3600_000;

let service: Service;
let bff: RunningBff;
let tight: RunningBff;
let truthKey: string;
let companies: string[];

beforeAll(async () => {
  service = await startEmbedded(1500);
  truthKey = createKey(service.ctx.db, 'section-columns-truth', 'enterprise', 1e9).key;
  [bff, tight] = await Promise.all([
    startBff({ upstream: embeddedUpstream(service), cacheTtlMs: 0, storeMaxAgeMs: 30 * DAY_MS }),
    startBff({
      upstream: embeddedUpstream(service),
      cacheTtlMs: 0,
      storeMaxAgeMs: 30 * DAY_MS,
      dailyBudget: 5,
    }),
  ]);
  const list = (await direct('/api/v1/list/generate/companies', {
    filters: { 'location.hq.country': ['DEU'] },
    limit: 20,
  })) as ListGenerateResponse;
  companies = list.data.map((c) => c.uuid);
}, 120_000);

afterAll(async () => {
  await Promise.all([bff?.close(), tight?.close()]);
  service?.close();
});

const balance = () => findKey(service.ctx.db, 'dev-enterprise-key')!.credits;

/** A call straight to the embedded service, with a key of the test's own. */
async function direct(path: string, body?: unknown): Promise<unknown> {
  const res = await service.fetch(
    new Request(`http://service${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'x-api-key': truthKey, 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    }),
  );
  expect(res.status).toBe(200);
  return res.json();
}

/** A company's sections as enrichment answers them, asked directly. */
async function truthOf(uuid: string, sections: readonly string[]): Promise<Record<string, unknown>> {
  const got = (await direct(
    `/api/v1/company/enrichment?company=${encodeURIComponent(uuid)}&sections=${sections.join(',')}`,
  )) as { data: Record<string, unknown> };
  return Object.fromEntries(sections.map((s) => [s, got.data[s] ?? null]));
}

async function quote(on: RunningBff, body: unknown): Promise<CompanyQuote> {
  const res = await on.post('/bff/companies/quote', body);
  expect(res.status).toBe(200);
  return (await res.json()) as CompanyQuote;
}

const paidSince = async (on: RunningBff, id: number) =>
  credits((await ledgerRows(on, id)).reduce((s, r) => s + r.credits_consumed, 0));

describe('section columns: POST /bff/companies/sections', () => {
  it('answers what enrichment answers, at the quoted price; stored pairs cost nothing', async () => {
    const some = companies.slice(0, 6);
    const sections = ['firmographic', 'location'] as const;
    // Two of the six already have their firmographic section in the store (a company page's tab).
    for (const uuid of some.slice(0, 2)) {
      const tab = await bff.call(`/api/v1/company/enrichment?company=${uuid}&sections=firmographic`);
      expect(tab.status).toBe(200);
    }
    const q = await quote(bff, { companies: some, sections });
    // firmographic 2 + location 0.5 a company; the two stored firmographic sections are free.
    expect(q).toMatchObject({ credits: 6 * 2.5 - 2 * 2, pairs_missing: 10, pairs_stored: 2 });
    const before = await lastLedgerId(bff);
    const key = balance();
    const res = await bff.post('/bff/companies/sections', { companies: some, sections });
    expect(res.status).toBe(200);
    const got = (await res.json()) as CompanySectionsResponse;
    expect(got.data.map((d) => d.company)).toEqual(some);
    for (const d of got.data) expect(d.sections).toEqual(await truthOf(d.company, sections));
    // Paid exactly the quote, as the ledger and the service's key have it.
    expect(got.credits_consumed).toBe(q.credits);
    expect(await paidSince(bff, before)).toBe(q.credits);
    expect(credits(key - balance())).toBe(q.credits);

    // Again: every pair from the store, free, and nothing charged.
    expect(await quote(bff, { companies: some, sections })).toMatchObject({ credits: 0, pairs_stored: 12 });
    const mid = await lastLedgerId(bff);
    const again = (await (
      await bff.post('/bff/companies/sections', { companies: some, sections })
    ).json()) as CompanySectionsResponse;
    expect(again).toEqual({ ...got, credits_consumed: 0 });
    expect(await paidSince(bff, mid)).toBe(0);
    expect(credits(key - balance())).toBe(q.credits);
  }, 120_000);

  it('refuses with 402 before buying when the missing pairs do not fit the budget left', async () => {
    const before = await lastLedgerId(tight);
    const key = balance();
    const res = await tight.post('/bff/companies/sections', {
      companies: companies.slice(10, 14),
      sections: ['technology'],
    });
    expect(res.status).toBe(402);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(((await res.json()) as { detail: string }).detail).toMatch(/8 credits/);
    expect(await paidSince(tight, before)).toBe(0);
    expect(balance()).toBe(key);
  });

  it('answers 400 naming the field for a bad request, and spends nothing', async () => {
    const key = balance();
    const bad: [unknown, string][] = [
      [{ companies: [], sections: ['location'] }, 'companies'],
      [{ companies: ['x'], sections: ['astrology'] }, 'sections.0'],
      [{ companies: ['x'], sections: [] }, 'sections'],
      [{ companies: Array.from({ length: 101 }, (_, i) => `c${i}`), sections: ['location'] }, 'companies'],
    ];
    for (const [body, path] of bad) {
      const res = await bff.post('/bff/companies/sections', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      const problem = (await res.json()) as { errors: { path: string }[] };
      expect(problem.errors.map((e) => e.path)).toContain(path);
    }
    expect(balance()).toBe(key);
  });
});

describe('a static list’s CSV with paid columns', () => {
  const COLUMNS = ['technology.tech_stack', 'location.hq.country', 'firmographic.founded_year'].filter((id) =>
    COLUMN_BY_ID.has(id),
  );

  it('writes the chosen columns after the identity, at the price the quote gave', async () => {
    expect(COLUMNS.length).toBe(3);
    const picked = companies.slice(6, 10);
    const created = await bff.post('/bff/lists', { name: 'Picked with columns', companies: picked });
    expect(created.status).toBe(201);
    const list = (await created.json()) as SavedList;
    // technology is new for all four; location and firmographic too (other companies were read above).
    const q = await quote(bff, { companies: picked, sections: ['technology', 'location', 'firmographic'] });
    expect(q).toMatchObject({ credits: 4 * (2 + 0.5 + 2), pairs_stored: 0 });
    const before = await lastLedgerId(bff);
    const key = balance();
    const res = await bff.call(`/bff/lists/${list.id}/companies.csv?columns=${COLUMNS.join(',')}`);
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv(await res.text());
    expect(header).toEqual([
      'Company',
      'Website',
      'Product category',
      'Company ID',
      'Added',
      ...COLUMNS.map((id) => COLUMN_BY_ID.get(id)!.header),
    ]);
    expect(rows.map((r) => r[3])).toEqual(picked);
    for (const row of rows) {
      const truth = { uuid: row[3], ...(await truthOf(row[3]!, ['technology', 'location', 'firmographic'])) };
      const want = COLUMNS.map((id) => {
        const cell = cellOf(COLUMN_BY_ID.get(id)!, truth as never);
        return cell === null ? '' : String(cell);
      });
      expect(row.slice(5)).toEqual(want);
      expect(
        row.slice(5).every((c) => c === ''),
        'the columns hold values',
      ).toBe(false);
    }
    expect(await paidSince(bff, before)).toBe(q.credits);
    expect(credits(key - balance())).toBe(q.credits);

    // The same export again: every pair stored, free.
    const mid = await lastLedgerId(bff);
    const again = await bff.call(`/bff/lists/${list.id}/companies.csv?columns=${COLUMNS.join(',')}`);
    expect(again.status).toBe(200);
    expect(await paidSince(bff, mid)).toBe(0);
  }, 120_000);

  it('refuses an unknown column with 400, and a price past the budget with 402, spending nothing', async () => {
    const created = await tight.post('/bff/lists', { name: 'Tight', companies: companies.slice(14, 20) });
    expect(created.status).toBe(201);
    const list = (await created.json()) as SavedList;
    const key = balance();
    const before = await lastLedgerId(tight);
    const unknown = await tight.call(`/bff/lists/${list.id}/companies.csv?columns=horoscope`);
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('content-type')).toContain('application/problem+json');
    const over = await tight.call(`/bff/lists/${list.id}/companies.csv?columns=firmographic.founded_year`);
    expect(over.status).toBe(402);
    expect(over.headers.get('content-type')).toContain('application/problem+json');
    expect(await paidSince(tight, before)).toBe(0);
    expect(balance()).toBe(key);
    // Without paid columns the export stays free, within any budget.
    const plain = await tight.call(`/bff/lists/${list.id}/companies.csv`);
    expect(plain.status).toBe(200);
  }, 60_000);
});
