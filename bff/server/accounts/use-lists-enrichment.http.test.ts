/**
 * Using account lists over real HTTP (a BFF on a real embedded service, 2,000 companies): bulk
 * enrichment with its estimate, the budget stopping a run cleanly, CRM presets on an export, and a
 * saved list with hidden account lists. Hiding and marking: use-lists.http.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { CRM_PRESET_COLUMNS, type EnrichmentEstimate, type EnrichmentRun } from '../../contract/accounts';
import { pathOf } from '../../contract/endpoints';
import { accepted, csvOf, finished, upload } from '../../testing/accounts';
import { startBff } from '../../testing/bff-server';
import { parseCsv } from '../../testing/parse-csv';
import { embeddedUpstream } from '../upstream/upstream';
import {
  bff,
  companies,
  direct,
  GERMANY,
  listOf,
  problemOf,
  service,
  spentToday,
  withAccountsWorld,
} from './use-lists-testing';

withAccountsWorld();

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
});

describe('bulk enrichment: the budget and refusals', () => {
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
  it('writes the Salesforce headers in order, revenue plain, countries by name, employees from headcount', async () => {
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
    // The exact employee count is enrichment's `headcount` section, bought per exported company.
    const enriched = await service.fetch(
      new Request(`http://service/api/v1/company/enrichment?company=${first.uuid}&sections=headcount`, {
        headers: { 'x-api-key': 'dev-enterprise-key' },
      }),
    );
    const count = ((await enriched.json()) as { data: { headcount?: { employee_count?: number } } }).data
      .headcount?.employee_count;
    expect(rows[1]).toEqual([
      first.name,
      first.website,
      expect.any(String),
      count === undefined || count === null ? '' : String(count),
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
