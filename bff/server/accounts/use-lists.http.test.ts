/**
 * Using account lists over real HTTP (a BFF on a real embedded service, 2,000 companies): hiding
 * and marking their companies in list generation and its export, "Exported before", bulk
 * enrichment with its estimate, CRM presets, and the budget stopping a run cleanly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountListSummary,
  type AccountListsResponse,
  CRM_PRESET_COLUMNS,
  type EnrichmentEstimate,
  type EnrichmentRun,
} from '../../contract/accounts';
import type { CompanyListItem, ListGenerateResponse } from '../../contract/api';
import { pathOf } from '../../contract/endpoints';
import type { Problem } from '../../contract/problem';
import type { Service } from '../../embedded/service';
import {
  type AccountsWorld,
  accepted,
  csvOf,
  type DatasetCompany,
  finished,
  openAccountsWorld,
  upload,
} from '../../testing/accounts';
import { type RunningBff, startBff } from '../../testing/bff-server';
import { parseCsv } from '../../testing/parse-csv';
import { embeddedUpstream } from '../upstream/upstream';

let service: Service;
let bff: RunningBff;
let companies: DatasetCompany[];

const GERMANY = { 'location.hq.country': ['DEU'] };

let world: AccountsWorld | undefined;
beforeAll(async () => {
  world = await openAccountsWorld();
  ({ service, bff, companies } = world);
});
afterAll(() => world?.close());

/** The list as the embedded service serves it (up to 500), for the truth. */
async function direct(
  body: Record<string, unknown>,
): Promise<{ data: CompanyListItem[]; total_count: number }> {
  const res = await service.fetch(
    new Request('http://service/api/v1/list/generate/companies', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'dev-enterprise-key' },
      body: JSON.stringify({ limit: 500, ...body }),
    }),
  );
  expect(res.status).toBe(200);
  return (await res.json()) as { data: CompanyListItem[]; total_count: number };
}

/** Imports these companies (by domain) as an account list; answers its id. */
async function listOf(on: RunningBff, picked: readonly { name: string; website: string }[], name: string) {
  const acc = await accepted(
    await upload(on, csvOf([['Company name', 'Website'], ...picked.map((c) => [c.name, c.website])]), {
      name,
    }),
  );
  const s = await finished(on, acc.id);
  expect(s.matched).toBe(picked.length);
  return acc.account_list_id;
}

async function page(on: RunningBff, body: Record<string, unknown>): Promise<ListGenerateResponse> {
  const res = await on.post('/api/v1/list/generate/companies', body);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as ListGenerateResponse;
}

async function problemOf(res: Response, status: number): Promise<Problem> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as Problem;
}

async function spentToday(on: RunningBff): Promise<number> {
  const res = await on.call('/bff/usage');
  return ((await res.json()) as { spent_today: number }).spent_today;
}

describe('hiding and marking account lists in the list builder', () => {
  let truth: CompanyListItem[];
  let hidden: CompanyListItem[];
  let listId: string;

  beforeAll(async () => {
    const d = await direct({ filters: GERMANY });
    truth = d.data;
    expect(truth.length).toBeGreaterThan(80);
    expect(d.total_count).toBeLessThan(500);
    // In the list at positions 0, 1, 3, 10, 25, 41 and its last; two companies from elsewhere.
    const at = [0, 1, 3, 10, 25, 41, truth.length - 1];
    const inList = new Set(truth.map((c) => c.uuid));
    const outside = companies.filter((c) => !inList.has(c.uuid)).slice(0, 2);
    hidden = at.map((i) => truth[i]!);
    listId = await listOf(bff, [...hidden, ...outside], 'In CRM');
  });

  it('leaves the companies out of every page, pages kept full, and says how many', async () => {
    const kept = truth.filter((c) => !hidden.some((h) => h.uuid === c.uuid));
    const hiddenUuids = new Set(hidden.map((h) => h.uuid));
    const position = new Map(truth.map((c, i) => [c.uuid, i]));

    const first = await page(bff, { filters: GERMANY, limit: 20, exclude_account_lists: [listId] });
    expect(first.data.map((c) => c.uuid)).toEqual(kept.slice(0, 20).map((c) => c.uuid));
    // Left out from the list's start to this page's last company: positions 0, 1, 3, 10.
    expect(first.excluded_count).toBe(4);
    expect(first.excluded_count_complete).toBe(false);
    expect(first.total_count).toBe(truth.length - 4);

    const third = await page(bff, {
      filters: GERMANY,
      limit: 20,
      offset: 40,
      exclude_account_lists: [listId],
    });
    expect(third.data.map((c) => c.uuid)).toEqual(kept.slice(40, 60).map((c) => c.uuid));
    const lastPos = position.get(third.data.at(-1)!.uuid)!;
    expect(third.excluded_count).toBe(hidden.filter((h) => position.get(h.uuid)! <= lastPos).length);

    // With sections, a page deep in the list read first (nothing remembered of the order).
    const fresh = await page(bff, {
      filters: GERMANY,
      sort_by: 'founded_year',
      sort_order: 'asc',
      limit: 30,
      offset: 30,
      sections: ['firmographic'],
      exclude_account_lists: [listId],
    });
    const byYear = (
      await direct({ filters: GERMANY, sort_by: 'founded_year', sort_order: 'asc' })
    ).data.filter((c) => !hiddenUuids.has(c.uuid));
    expect(fresh.data.map((c) => c.uuid)).toEqual(byYear.slice(30, 60).map((c) => c.uuid));
    expect(fresh.data.every((c) => c.firmographic !== undefined)).toBe(true);

    const last = await page(bff, {
      filters: GERMANY,
      limit: 50,
      offset: kept.length - 10,
      exclude_account_lists: [listId],
    });
    expect(last.data.map((c) => c.uuid)).toEqual(kept.slice(-10).map((c) => c.uuid));
    expect(last.excluded_count).toBe(7);
    expect(last.excluded_count_complete).toBe(true);
    expect(last.total_count).toBe(kept.length);
  });

  it('keeps pages full on Pay-as-you-go too, 20 companies a read', async () => {
    const payg = await startBff({ upstream: embeddedUpstream(service, 'dev-payg-key') });
    try {
      const few = [truth[0]!, truth[2]!, truth[5]!, truth[21]!];
      const id = await listOf(payg, few, 'Few');
      const kept = truth.filter((c) => !few.some((f) => f.uuid === c.uuid));
      const one = await page(payg, { filters: GERMANY, limit: 20, exclude_account_lists: [id] });
      expect(one.data.map((c) => c.uuid)).toEqual(kept.slice(0, 20).map((c) => c.uuid));
      // The 20th company left is at position 23: all four lie before it.
      expect(one.excluded_count).toBe(4);
      const two = await page(payg, { filters: GERMANY, limit: 20, offset: 20, exclude_account_lists: [id] });
      expect(two.data.map((c) => c.uuid)).toEqual(kept.slice(20, 40).map((c) => c.uuid));
      expect(two.excluded_count).toBe(4);
    } finally {
      await payg.close();
    }
  });

  it('marks the companies of account lists', async () => {
    const p = await page(bff, { filters: GERMANY, limit: 12, mark_account_lists: [listId] });
    expect(p.data.map((c) => c.uuid)).toEqual(truth.slice(0, 12).map((c) => c.uuid));
    const marked = p.data.filter((c) => (c.account_lists ?? []).includes(listId)).map((c) => c.uuid);
    expect(marked).toEqual([truth[0]!.uuid, truth[1]!.uuid, truth[3]!.uuid, truth[10]!.uuid]);
    expect(p.data.every((c) => Array.isArray(c.account_lists))).toBe(true);
  });

  it('refuses an account list the user cannot use (400 naming it)', async () => {
    const res = await bff.post('/api/v1/list/generate/companies', {
      filters: GERMANY,
      exclude_account_lists: ['1b6b1f52-3f0e-4c57-9a51-4d3f0f0a7e11'],
    });
    const p = await problemOf(res, 400);
    expect(p.errors?.[0]?.path).toBe('exclude_account_lists.0');
  });

  it('leaves them out of the export, says how many, and records what it exported in "Exported before"', async () => {
    const res = await bff.post(pathOf('bff.exports'), {
      request: { filters: GERMANY },
      columns: ['name', 'website'],
      exclude_account_lists: [listId],
    });
    expect(res.status).toBe(200);
    const kept = truth.filter((c) => !hidden.some((h) => h.uuid === c.uuid));
    expect(res.headers.get('x-export-total')).toBe(String(kept.length));
    expect(res.headers.get('x-export-excluded')).toBe('7');
    const rows = parseCsv(await res.text());
    expect(rows.slice(1).map((r) => r[0])).toEqual(kept.map((c) => c.name));

    const lists = (await (await bff.call(pathOf('bff.accounts.lists'))).json()) as AccountListsResponse;
    const exported = lists.data.find((l) => l.source === 'exported')!;
    expect(exported.name).toBe('Exported before');
    expect(exported.size).toBe(kept.length);
    // Hiding "Exported before" now leaves every company exported out.
    const again = await page(bff, { filters: GERMANY, limit: 50, exclude_account_lists: [exported.id] });
    expect(again.data.map((c) => c.uuid)).toEqual(
      hidden
        .slice(0, -1)
        .map((c) => c.uuid)
        .concat(hidden.at(-1)!.uuid),
    );
    expect(again.excluded_count_complete).toBe(true);
    expect(again.excluded_count).toBe(kept.length);
  });

  it('pages a list’s members on request', async () => {
    const all = (await (await bff.call(pathOf('bff.accounts.list', { id: listId }))).json()) as {
      size: number;
      members: { uuid: string }[];
    };
    expect(all.members.length).toBe(all.size);
    const page = (await (
      await bff.call(`${pathOf('bff.accounts.list', { id: listId })}?limit=2&offset=1`)
    ).json()) as {
      size: number;
      members: { uuid: string }[];
    };
    expect(page.size).toBe(all.size);
    expect(page.members).toEqual(all.members.slice(1, 3));
    await problemOf(await bff.call(`${pathOf('bff.accounts.list', { id: listId })}?limit=0`), 400);
  });

  it('shares a list with the team and renames it (its owner)', async () => {
    const res = await bff.call(pathOf('bff.accounts.updateList', { id: listId }), {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ shared: true, name: 'CRM (all reps)' }),
    });
    expect(res.status).toBe(200);
    const l = (await res.json()) as AccountListSummary;
    expect(l).toMatchObject({ shared: true, name: 'CRM (all reps)', own: true });
    const bad = await bff.call(pathOf('bff.accounts.updateList', { id: listId }), {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ shared: 'yes' }),
    });
    await problemOf(bad, 400);
  });
});

describe('bulk enrichment of an account list', () => {
  it('estimates first, then writes the HubSpot preset with its exact headers, resumable at no cost', async () => {
    const picked = companies.slice(100, 130);
    const listId = await listOf(bff, picked, 'To enrich');
    const body = { source: { account_list: listId }, preset: 'hubspot' };

    const est = (await (await bff.post(pathOf('bff.exports.estimate'), body)).json()) as EnrichmentEstimate;
    // industry 1 + headcount 2.5 + financial_estimate 0.5 + location 0.5 + firmographic 2 + digital_presence 0.5
    expect(est).toMatchObject({
      account_list_id: listId,
      rows: 30,
      price_per_company: 7,
      credits: 210,
      already_enriched: 0,
      credits_to_spend: 210,
      budget_remaining: null,
      within_budget: true,
    });
    expect([...est.sections].sort()).toEqual(
      ['digital_presence', 'financial_estimate', 'firmographic', 'headcount', 'industry', 'location'].sort(),
    );

    const spent = await spentToday(bff);
    const res = await bff.post(pathOf('bff.exports'), body);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-export-total')).toBe('30');
    const rows = parseCsv(await res.text());
    expect(rows[0]).toEqual(CRM_PRESET_COLUMNS.hubspot.map((c) => c.header));
    expect(rows[0]).toEqual([
      'Company name',
      'Company Domain Name',
      'Industry',
      'Number of Employees',
      'Annual Revenue',
      'City',
      'State/Region',
      'Country/Region',
      'Description',
      'LinkedIn Company Page',
    ]);
    expect(rows.length - 1).toBe(30);
    expect(await spentToday(bff)).toBe(spent + 210);

    // Cells as the service has them: numbers plain, the country by name.
    const c = picked[0]!;
    const enr = await service.fetch(
      new Request(
        `http://service/api/v1/company/enrichment?company=${c.uuid}&sections=headcount,financial_estimate,location,industry`,
        { headers: { 'x-api-key': 'dev-enterprise-key' } },
      ),
    );
    const data = ((await enr.json()) as { data: Record<string, Record<string, unknown>> }).data;
    const row = rows.find((r) => r[0] === c.name)!;
    expect(row[1]).toBe(c.domain);
    expect(row[3]).toBe(String((data.headcount as { employee_count: number }).employee_count));
    expect(row[3]).toMatch(/^\d+$/);
    expect(row[4]).toBe(String((data.financial_estimate as { revenue_usd: number }).revenue_usd));
    const hq = (data.location as { hq: { city: string; country: { label: string } } }).hq;
    expect(row[5]).toBe(hq.city);
    expect(row[6]).toBe('');
    expect(row[7]).toBe(hq.country.label);
    expect(row[7]).not.toMatch(/^[A-Z]{3}$/);

    const run = (await (await bff.call(pathOf('bff.accounts.enrichment', { id: listId }))).json()) as {
      run: EnrichmentRun;
    };
    expect(run.run).toMatchObject({ status: 'completed', done: 30, total: 30, credits_consumed: 210 });

    // Again: everything is held, nothing is paid; the Salesforce preset reads the same sections.
    const est2 = (await (
      await bff.post(pathOf('bff.exports.estimate'), { ...body, preset: 'salesforce' })
    ).json()) as EnrichmentEstimate;
    expect(est2).toMatchObject({ already_enriched: 30, credits_to_spend: 0 });
    const sf = await bff.post(pathOf('bff.exports'), { ...body, preset: 'salesforce' });
    const sfRows = parseCsv(await sf.text());
    expect(sfRows[0]).toEqual([
      'Account Name',
      'Website',
      'Industry',
      'Employees',
      'Annual Revenue',
      'Billing City',
      'Billing State/Province',
      'Billing Country',
      'Description',
    ]);
    expect(sfRows.length - 1).toBe(30);
    expect(await spentToday(bff)).toBe(spent + 210);
  });

  it('stops cleanly at 402 with the rows done, and the next run pays only for the rest', async () => {
    const poor = await startBff({
      upstream: embeddedUpstream(service, 'dev-enterprise-key'),
      dailyBudget: 70,
    });
    try {
      const picked = companies.slice(200, 220);
      const listId = await listOf(poor, picked, 'Budget');
      const body = { source: { account_list: listId }, preset: 'hubspot' };
      const est = (await (
        await poor.post(pathOf('bff.exports.estimate'), body)
      ).json()) as EnrichmentEstimate;
      expect(est).toMatchObject({ credits_to_spend: 140, budget_remaining: 70, within_budget: false });

      const res = await poor.post(pathOf('bff.exports'), body);
      expect(res.status).toBe(200);
      const rows = parseCsv(await res.text());
      const run = (
        (await (await poor.call(pathOf('bff.accounts.enrichment', { id: listId }))).json()) as {
          run: EnrichmentRun;
        }
      ).run;
      expect(run).toMatchObject({ status: 'stopped', stopped_reason: 'budget', total: 20 });
      expect(run.done).toBeGreaterThanOrEqual(10);
      expect(run.done).toBeLessThan(20);
      expect(rows.length - 1).toBe(run.done);
      expect(rows.slice(1).map((r) => r[0])).toEqual(picked.slice(0, run.done).map((c) => c.name));
      const spent = await spentToday(poor);
      expect(spent).toBeGreaterThanOrEqual(70);

      // What was fetched is kept: the estimate asks only for the rest.
      const after = (await (
        await poor.post(pathOf('bff.exports.estimate'), body)
      ).json()) as EnrichmentEstimate;
      expect(after.already_enriched).toBeGreaterThanOrEqual(run.done);
      expect(after.credits_to_spend).toBe(140 - after.already_enriched * 7);
      expect(after).toMatchObject({ budget_remaining: 0, within_budget: false });

      // The budget spent, another list's first company is refused: 402 as problem details.
      const other = await listOf(poor, companies.slice(300, 302), 'Other');
      const refused = await poor.post(pathOf('bff.exports'), {
        source: { account_list: other },
        preset: 'hubspot',
      });
      await problemOf(refused, 402);
      const otherRun = (
        (await (await poor.call(pathOf('bff.accounts.enrichment', { id: other }))).json()) as {
          run: EnrichmentRun;
        }
      ).run;
      expect(otherRun).toMatchObject({ status: 'stopped', stopped_reason: 'budget', done: 0 });
    } finally {
      await poor.close();
    }
  });

  it('refuses a list the user cannot use, and both request and source', async () => {
    const p = await problemOf(
      await bff.post(pathOf('bff.exports'), {
        source: { account_list: '1b6b1f52-3f0e-4c57-9a51-4d3f0f0a7e11' },
        columns: ['name'],
      }),
      400,
    );
    expect(p.errors?.[0]?.path).toBe('source.account_list.0');
    await problemOf(
      await bff.post(pathOf('bff.exports'), {
        source: { account_list: 'x' },
        request: { filters: GERMANY },
        columns: ['name'],
      }),
      400,
    );
  });
});

describe('CRM presets on a list export', () => {
  it('writes the Salesforce headers in order, revenue plain, countries by name, employees left empty', async () => {
    const res = await bff.post(pathOf('bff.exports'), {
      request: { filters: GERMANY, limit: 5 },
      preset: 'salesforce',
    });
    expect(res.status).toBe(200);
    const rows = parseCsv(await res.text());
    expect(rows[0]).toEqual(CRM_PRESET_COLUMNS.salesforce.map((c) => c.header));
    const d = await direct({ filters: GERMANY, sections: ['financial_estimate', 'location'] });
    expect(rows.length - 1).toBe(d.total_count);
    const first = d.data[0]!;
    expect(rows[1]).toEqual([
      first.name,
      first.website,
      expect.any(String),
      '',
      String(first.financial_estimate!.revenue_usd ?? ''),
      first.location!.hq.city,
      '',
      'Germany',
      expect.any(String),
    ]);
  });
});

describe('a saved list with hidden account lists', () => {
  it('remembers them: its runs leave their companies out, and one joining the account list leaves the saved list', async () => {
    const own = await startBff({
      upstream: embeddedUpstream(service, 'dev-enterprise-key'),
      savedLists: { scheduler: false },
    });
    try {
      const truth = (await direct({ filters: GERMANY })).data;
      const inCrm = [truth[1]!, truth[4]!, truth[9]!];
      const acc = await accepted(
        await upload(
          own,
          csvOf([
            ['Company name', 'Website'],
            ...inCrm.map((c) => [c.name, c.website]),
            ['Zyxqv Nothing Holdings', ''],
          ]),
        ),
      );
      const s = await finished(own, acc.id);
      expect(s).toMatchObject({ matched: 3, unmatched: 1 });

      const created = await own.post(pathOf('bff.savedLists.create'), {
        name: 'Germany, not in CRM',
        request: { filters: GERMANY, exclude_account_lists: [acc.account_list_id] },
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const list = (await created.json()) as { id: string };
      const run = async () => {
        const res = await own.call(pathOf('bff.savedList.run', { id: list.id }), { method: 'POST' });
        const text = await res.text();
        expect(res.status, text).toBe(201);
        return JSON.parse(text) as { added: string[]; removed: { uuid: string }[]; member_count?: number };
      };
      const first = await run();
      const hidden = new Set(inCrm.map((c) => c.uuid));
      expect(first.added.some((u) => hidden.has(u))).toBe(false);
      expect(first.added.length).toBe(truth.length - 3);

      const seen = await own.call(pathOf('bff.savedList.seen', { id: list.id }), { method: 'POST' });
      expect(seen.status).toBe(204);
      // A company joins the account list (the user picks it for the unmatched row): the next run
      // leaves it out, and adds nothing new.
      const joining = truth[12]!;
      const picked = await own.call(pathOf('bff.accounts.pickRow', { id: acc.id, line: '5' }), {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ uuid: joining.uuid }),
      });
      expect(picked.status).toBe(200);
      const second = await run();
      expect(second.added).toEqual([]);
      expect(second.removed.map((r) => r.uuid)).toEqual([joining.uuid]);
    } finally {
      await own.close();
    }
  });
});
