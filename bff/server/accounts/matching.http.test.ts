/**
 * Account imports over real HTTP: a BFF in front of a real embedded service (2,000 companies), rows
 * built from the dataset's real companies, one for every rung of the matching ladder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccountListDetail,
  AccountListsResponse,
  ImportRow,
  ImportStatus,
  RowsResponse,
} from '../../contract/accounts';
import { pathOf } from '../../contract/endpoints';
import {
  type AccountsWorld,
  accepted,
  csvOf,
  type DatasetCompany,
  finished,
  openAccountsWorld,
  upload,
} from '../../testing/accounts';
import type { RunningBff } from '../../testing/bff-server';
import { parseCsv } from '../../testing/parse-csv';
import { openEvents } from '../../testing/sse-client';
import { nameKey } from './match';

let bff: RunningBff;
let companies: DatasetCompany[];

let world: AccountsWorld | undefined;
beforeAll(async () => {
  world = await openAccountsWorld();
  ({ bff, companies } = world);
});
afterAll(() => world?.close());

/** A company whose first word starts no other company's name and appears in none (a close-name probe). */
function withUniqueFirstWord(skip: ReadonlySet<string>): DatasetCompany {
  const words = new Map<string, number>();
  for (const c of companies)
    for (const w of new Set(c.search_name.split(' '))) words.set(w, (words.get(w) ?? 0) + 1);
  const found = companies.find((c) => {
    const parts = c.search_name.split(' ');
    return (
      !skip.has(c.uuid) &&
      parts.length === 2 &&
      parts[0]!.length >= 6 &&
      parts[1]!.length >= 5 &&
      words.get(parts[0]!) === 1 &&
      !companies.some((o) => o.uuid !== c.uuid && o.search_name.startsWith(parts[0]!))
    );
  });
  if (!found) throw new Error('no company with a unique first word');
  return found;
}

/** The import's progress as live events, up to the completed status, in order. */
async function expectProgress(events: Awaited<ReturnType<typeof openEvents>>, id: string): Promise<void> {
  const seen: ImportStatus[] = [];
  while (seen.at(-1)?.status !== 'completed') {
    const f = await events.nextEvent();
    if (f.event === 'accounts.import.progress') seen.push(JSON.parse(f.data!) as ImportStatus);
  }
  await events.close();
  expect(seen.every((e) => e.id === id)).toBe(true);
  expect(seen.at(-1)).toMatchObject({ processed: 10, matched: 6, status: 'completed' });
  for (let i = 1; i < seen.length; i++)
    expect(seen[i]!.processed).toBeGreaterThanOrEqual(seen[i - 1]!.processed);
}

/** The import's report: every row with its line, its input cells and its match. */
async function expectReport(
  id: string,
  exact1: DatasetCompany,
  hsbc: DatasetCompany,
  several: ImportRow,
): Promise<void> {
  const report = await bff.call(pathOf('bff.accounts.report', { id }));
  expect(report.status).toBe(200);
  expect(report.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const table = parseCsv(await report.text());
  expect(table[0]).toEqual([
    'line',
    'Account Name',
    'Website',
    'Owner',
    'uuid',
    'name',
    'domain',
    'confidence',
    'reason',
    'candidates',
  ]);
  expect(table.length).toBe(11);
  expect(table[1]).toEqual([
    '2',
    exact1.name,
    `https://www.${exact1.domain}/pricing?x=1`,
    'ann',
    exact1.uuid,
    exact1.name,
    exact1.domain,
    '5',
    'exact domain',
    '',
  ]);
  expect(table[4]!.slice(4, 9)).toEqual([hsbc.uuid, 'HSBC', 'hsbc.com', '3', 'sister domain']);
  expect(table[7]![9]!.split('; ')).toEqual(several.candidates.map((c) => c.uuid));
  expect(table[9]!.slice(0, 4)).toEqual(['10', '', '', '']);
}

describe('matching: every confidence level', () => {
  it('matches each row by domain first, then by name, with its confidence and reason', async () => {
    const used = new Set<string>();
    const take = (pred: (c: DatasetCompany) => boolean) => {
      const c = companies.find((x) => !used.has(x.uuid) && pred(x));
      if (!c) throw new Error('no such company');
      used.add(c.uuid);
      return c;
    };
    const plain = (c: DatasetCompany) => /^[a-z0-9-]+\.com$/.test(c.domain) && !c.name.includes(',');
    const exact1 = take(plain);
    const exact2 = take(plain);
    const sub = take(plain);
    const hsbc = companies.find((c) => c.domain === 'hsbc.com')!;
    used.add(hsbc.uuid);
    const byName = take((c) => plain(c) && c.search_name.split(' ').length === 2);
    const close = withUniqueFirstWord(used);
    used.add(close.uuid);
    const smiths = companies.filter((c) => c.search_name.startsWith('smith '));
    expect(smiths.length).toBeGreaterThan(2);

    const rows: string[][] = [
      ['Account Name', 'Website', 'Owner'],
      [exact1.name, `https://www.${exact1.domain}/pricing?x=1`, 'ann'], // line 2
      ['', exact2.domain.toUpperCase(), 'bob'], // line 3: domain only, upper case
      [sub.name, `http://app.${sub.domain}/login`, 'cy'], // line 4
      ['HSBC', 'hsbc.net', 'dee'], // line 5: sister domain
      [`${byName.name} Inc.`, '', 'ed'], // line 6: exact name with a legal suffix
      [close.name.split(' ')[0]!, '', 'flo'], // line 7: close name (first word)
      ['Smith', '', 'gus'], // line 8: several candidates
      ['Zyxqv Nonexistent Holdings', 'zyxqv-nowhere-at-all.com', 'hal'], // line 9: none
      ['', '', ''], // line 10: empty row
      ['', 'not a website', 'ivy'], // line 11: neither name nor website
    ];
    const events = await openEvents(bff.url);
    const a = await accepted(await upload(bff, csvOf(rows), { name: 'CRM accounts' }));
    expect(a.status).toBe('queued');
    expect(a.rows).toBe(10);
    expect(a.name_column).toBe('Account Name');
    expect(a.domain_column).toBe('Website');
    expect(a.delimiter).toBe(',');

    const s = await finished(bff, a.id);
    expect(s.error).toBeNull();
    expect(s).toMatchObject({
      status: 'completed',
      rows: 10,
      processed: 10,
      matched: 6,
      ambiguous: 1,
      unmatched: 1,
      invalid: 2,
      invalid_lines: [10, 11],
      account_list_id: a.account_list_id,
      eta_seconds: 0,
      requests_per_minute: null,
    });

    // Progress as live events, the last one the completed status.
    await expectProgress(events, a.id);

    const res = await bff.call(`${pathOf('bff.accounts.rows', { id: a.id })}?limit=100`);
    const page = (await res.json()) as RowsResponse;
    const byLine = new Map(page.data.map((r) => [r.line, r]));
    const expectRow = (line: number, uuid: string | null, confidence: number, reason: string) => {
      const r = byLine.get(line)!;
      expect({ line, uuid: r.uuid, confidence: r.confidence, reason: r.reason }).toEqual({
        line,
        uuid,
        confidence,
        reason,
      });
      return r;
    };
    expectRow(2, exact1.uuid, 5, 'exact domain');
    expectRow(3, exact2.uuid, 5, 'exact domain');
    expectRow(4, sub.uuid, 4, 'same registrable domain');
    expectRow(5, hsbc.uuid, 3, 'sister domain');
    expectRow(6, byName.uuid, 3, 'exact name');
    expectRow(7, close.uuid, 2, 'close name');
    const several = expectRow(8, null, 1, 'several candidates');
    expect(several.candidates.length).toBeGreaterThanOrEqual(2);
    for (const cand of several.candidates) expect(nameKey(cand.name).startsWith('smith')).toBe(true);
    expectRow(9, null, 0, 'none');
    expect(byLine.get(10)!.reason).toBe('invalid row: empty row');
    expect(byLine.get(11)!.reason).toMatch(/^invalid row: no company name/);

    // The report: every row with its line, its input cells and its match.
    await expectReport(a.id, exact1, hsbc, several);

    // The account list holds the matched companies, each once.
    const list = (await (
      await bff.call(pathOf('bff.accounts.list', { id: a.account_list_id }))
    ).json()) as AccountListDetail;
    expect(list.name).toBe('CRM accounts');
    expect(list.source).toBe('import');
    expect(list.shared).toBe(false);
    expect(list.size).toBe(6);
    expect(new Set(list.members.map((m) => m.uuid))).toEqual(
      new Set([exact1.uuid, exact2.uuid, sub.uuid, hsbc.uuid, byName.uuid, close.uuid]),
    );

    // Picking a candidate of the ambiguous row adds it to the list.
    const pick = several.candidates[1]!;
    const patched = await bff.call(pathOf('bff.accounts.pickRow', { id: a.id, line: '8' }), {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uuid: pick.uuid }),
    });
    expect(patched.status).toBe(200);
    expect((await patched.json()) as ImportRow).toMatchObject({
      line: 8,
      uuid: pick.uuid,
      confidence: 5,
      reason: 'picked by user',
    });
    const after = (await (
      await bff.call(pathOf('bff.accounts.list', { id: a.account_list_id }))
    ).json()) as AccountListDetail;
    expect(after.size).toBe(7);
    expect(after.members.map((m) => m.uuid)).toContain(pick.uuid);

    // Company search is free: the ledger has the calls at 0 credits.
    const usage = (await (await bff.call('/bff/usage')).json()) as {
      recent: { endpoint: string; credits_consumed: number }[];
    };
    const searches = usage.recent.filter((r) => r.endpoint === '/api/v1/company/search');
    expect(searches.length).toBeGreaterThan(0);
    expect(searches.every((r) => r.credits_consumed === 0)).toBe(true);

    // The list is listed with "Exported before".
    const lists = (await (await bff.call(pathOf('bff.accounts.lists'))).json()) as AccountListsResponse;
    expect(lists.data.map((l) => [l.name, l.source])).toEqual([
      ['Exported before', 'exported'],
      ['CRM accounts', 'import'],
    ]);
  });
});
