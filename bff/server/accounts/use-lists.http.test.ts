/**
 * Using account lists over real HTTP (a BFF on a real embedded service, 2,000 companies): hiding
 * and marking their companies in list generation and its export, "Exported before", paging, sharing
 * and renaming a list. Bulk enrichment, CRM presets and saved lists: use-lists-enrichment.http.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountListSummary, AccountListsResponse } from '../../contract/accounts';
import type { CompanyListItem } from '../../contract/api';
import { pathOf } from '../../contract/endpoints';
import { startBff } from '../../testing/bff-server';
import { parseCsv } from '../../testing/parse-csv';
import { embeddedUpstream } from '../upstream/upstream';
import {
  bff,
  companies,
  direct,
  GERMANY,
  listOf,
  page,
  problemOf,
  service,
  withAccountsWorld,
} from './use-lists-testing';

withAccountsWorld();

/**
 * An account list "In CRM" of seven companies of the German list (at positions 0, 1, 3, 10, 25, 41
 * and its last) and two from elsewhere; the German list as the service serves it.
 */
async function inCrm(): Promise<{ truth: CompanyListItem[]; hidden: CompanyListItem[]; listId: string }> {
  const d = await direct({ filters: GERMANY });
  const truth = d.data;
  expect(truth.length).toBeGreaterThan(80);
  expect(d.total_count).toBeLessThan(500);
  const at = [0, 1, 3, 10, 25, 41, truth.length - 1];
  const inList = new Set(truth.map((c) => c.uuid));
  const outside = companies.filter((c) => !inList.has(c.uuid)).slice(0, 2);
  const hidden = at.map((i) => truth[i]!);
  const listId = await listOf(bff, [...hidden, ...outside], 'In CRM');
  return { truth, hidden, listId };
}

describe('hiding account lists in the list builder', () => {
  let truth: CompanyListItem[];
  let hidden: CompanyListItem[];
  let listId: string;

  beforeAll(async () => {
    const crm = await inCrm();
    truth = crm.truth;
    hidden = crm.hidden;
    listId = crm.listId;
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
});

describe('marking, exporting, paging and sharing account lists', () => {
  let truth: CompanyListItem[];
  let hidden: CompanyListItem[];
  let listId: string;

  beforeAll(async () => {
    const crm = await inCrm();
    truth = crm.truth;
    hidden = crm.hidden;
    listId = crm.listId;
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
