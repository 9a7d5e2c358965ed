/**
 * The accounts journey of issue 15: a CRM export of 200 rows made from the embedded data set's own
 * companies (their websites in mixed spellings, some rows by name only, a few names that fit several
 * companies, a few junk rows), imported and watched to the end; an ambiguous row settled; the list
 * hidden in the list builder, its companies gone from the grid and the CSV; the list enriched to a
 * HubSpot CSV. The file is made here from the BFF's own API, never written down by hand.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { parseCsv } from '../bff/testing/parse-csv';
import { csvColumn, exportAll, grid } from './fixtures/list';
import { expect, test } from './fixtures/test';

type Company = { uuid: string; name: string; website: string };

const HUBSPOT_HEADERS = [
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
];

function hostOf(website: string): string {
  return new URL(website.includes('://') ? website : `https://${website}`).hostname.replace(/^www\./, '');
}

function csvCell(v: string): string {
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** A website written the ways CRMs hold them. */
function spelled(host: string, i: number): string {
  switch (i % 5) {
    case 0:
      return `https://www.${host}/`;
    case 1:
      return host;
    case 2:
      return `WWW.${host.toUpperCase()}`;
    case 3:
      return `http://${host}/about-us?ref=crm`;
    default:
      return `app.${host}`;
  }
}

async function api<T>(
  request: APIRequestContext,
  baseURL: string,
  method: 'get' | 'post',
  path: string,
  data?: unknown,
) {
  const headers = { 'x-requested-with': 'list-builder', origin: baseURL };
  const res = await request[method](path, { headers, ...(data === undefined ? {} : { data }) });
  expect(res.status(), `${method.toUpperCase()} ${path}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/**
 * 200 data rows: 150 by website (mixed spellings, half with the name too), 5 junk rows (empty,
 * unreadable), up to 4 by a name several companies start with (ambiguous), the rest by name only.
 * The companies are the list builder's default list, so hiding them shows on its first page.
 */
async function makeCrmExport(
  request: APIRequestContext,
  baseURL: string,
): Promise<{ csv: string; companies: Company[] }> {
  const list = await api<{ data: Company[] }>(request, baseURL, 'post', '/api/v1/list/generate/companies', {
    limit: 200,
  });
  const companies = list.data.filter((c) => c.website);
  expect(companies.length).toBeGreaterThanOrEqual(190);

  // Names several companies start with: the first word of a name, when the search finds more than one.
  const ambiguous: string[] = [];
  for (const c of companies) {
    if (ambiguous.length === 4) break;
    const word = c.name.split(/\s+/)[0] ?? '';
    if (word.length < 4 || ambiguous.includes(word)) continue;
    const found = await api<{ data: { name: string }[] }>(
      request,
      baseURL,
      'get',
      `/api/v1/company/search?name=${encodeURIComponent(word)}&limit=10`,
    );
    const starting = found.data.filter((f) => f.name.toLowerCase().startsWith(word.toLowerCase()));
    if (starting.length >= 2 && !starting.some((f) => f.name.toLowerCase() === word.toLowerCase()))
      ambiguous.push(word);
  }
  expect(ambiguous.length, 'names several companies share').toBeGreaterThanOrEqual(1);

  const rows: string[][] = [];
  companies.slice(0, 150).forEach((c, i) => {
    rows.push([i % 2 === 0 ? c.name : '', spelled(hostOf(c.website), i), 'Jane Roe']);
  });
  // Junk rows in the middle of the file (a file's trailing empty rows are a spreadsheet's padding).
  rows.push(
    ['', '', ''],
    ['', '', 'Jane Roe'],
    ['   ', '  ', ''],
    ['', 'not a website', ''],
    ['', '', 'John Doe'],
  );
  for (const word of ambiguous) rows.push([word, '', 'John Doe']);
  for (const c of companies.slice(150)) {
    if (rows.length === 200) break;
    rows.push([c.name, '', 'John Doe']);
  }
  expect(rows).toHaveLength(200);
  const csv = `\uFEFF${[['Company name', 'Website', 'Company owner'], ...rows]
    .map((r) => r.map(csvCell).join(','))
    .join('\r\n')}\r\n`;
  return { csv, companies };
}

/** The ids of the companies the grid shows (from their links). */
async function gridIds(page: Page): Promise<string[]> {
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  const hrefs = await grid(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.flatMap((h) => /\/companies\/([^/?#]+)/.exec(h)?.[1] ?? []);
}

test('import a CRM export, fix an ambiguous row, hide the list in the builder, enrich it to a HubSpot CSV', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { csv } = await makeCrmExport(request, baseURL!);

  // Choose the file: the header and first rows in a preview, the columns guessed, the time estimated.
  await page.goto('/accounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await page.getByLabel('choose a file').setInputFiles({
    name: 'crm-accounts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await expect(page.getByText('crm-accounts.csv')).toBeVisible();
  await expect(page.getByText(/200\s+rows, comma separated/)).toBeVisible();
  await expect(page.getByLabel('Company name column')).toHaveValue('Company name');
  await expect(page.getByLabel('Website or domain column')).toHaveValue('Website');
  await expect(page.getByRole('region', { name: 'Preview of the first rows' }).getByRole('row')).toHaveCount(
    6,
  );
  await expect(page.getByTestId('import-estimate')).toContainText('Matching 200 rows takes');
  const listName = `CRM accounts ${Date.now()}`;
  await page.getByLabel('List name').fill(listName);
  await page.getByRole('button', { name: 'Start matching' }).click();

  // The matching, followed to its end.
  const progress = page.getByTestId('import-progress');
  await expect(progress).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Matching progress' })).toBeVisible();
  await expect(progress).toHaveAttribute('data-status', 'completed', { timeout: 120_000 });
  const counts = page.getByLabel('Match counts');
  const count = async (label: string) =>
    Number(
      await counts
        .getByText(label, { exact: true })
        .locator('xpath=following-sibling::dd')
        .getAttribute('data-count'),
    );
  const matched = await count('Matched');
  const ambiguousBefore = await count('Ambiguous');
  expect(matched).toBeGreaterThanOrEqual(170);
  expect(ambiguousBefore).toBeGreaterThanOrEqual(1);
  expect(await count('Invalid')).toBeGreaterThanOrEqual(4);
  await expect(page.getByTestId('invalid-rows').getByRole('row').first()).toBeVisible();

  // The match report: every row, with the match's columns.
  const [report] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download match report' }).click(),
  ]);
  const reportRows = parseCsv(await readFile(await report.path(), 'utf8'));
  expect(reportRows[0]).toEqual(
    expect.arrayContaining(['line', 'uuid', 'name', 'domain', 'confidence', 'reason', 'candidates']),
  );
  expect(reportRows.length - 1).toBe(200);

  // An ambiguous row settled: its first candidate picked, the counts follow.
  const row = page.getByTestId('ambiguous-row').first();
  const pick = row.getByRole('radio').first();
  const picked = (await pick.getAttribute('value'))!;
  await pick.check();
  await row.getByRole('button', { name: 'Use this company' }).click();
  await expect.poll(() => count('Ambiguous')).toBe(ambiguousBefore - 1);
  expect(await count('Matched')).toBe(matched + 1);

  // The account list, with its members.
  const listRow = page.getByTestId('account-list').filter({ hasText: listName });
  await expect(listRow).toBeVisible();
  const listId = (await listRow.getAttribute('data-list-id'))!;
  const detail = await api<{ size: number; members: { uuid: string; domain: string }[] }>(
    request,
    baseURL!,
    'get',
    `/bff/accounts/lists/${listId}`,
  );
  // One member per company: rows naming a company twice (by website and by name) count once.
  expect(detail.size).toBe(detail.members.length);
  expect(detail.size).toBeGreaterThanOrEqual(150);
  expect(detail.members.map((m) => m.uuid)).toContain(picked);
  const members = new Set(detail.members.map((m) => m.uuid));
  const memberDomains = new Set(detail.members.map((m) => m.domain));
  await listRow.getByRole('button', { name: listName, exact: true }).click();
  await expect(
    page
      .getByRole('list', { name: `Companies in ${listName}` })
      .getByRole('listitem')
      .first(),
  ).toBeVisible();

  // The list builder: the default list shows these companies, until the list is hidden.
  await page.goto('/?size=50');
  expect((await gridIds(page)).some((id) => members.has(id))).toBe(true);
  await page.getByRole('button', { name: /^In CRM/ }).click();
  const menu = page.getByRole('dialog', { name: 'Accounts in your CRM' });
  // The segmented control's radios are visually hidden: a click lands on their labels.
  await menu.getByRole('group', { name: listName }).getByText('Hide', { exact: true }).click();
  await expect(
    menu.getByRole('group', { name: listName }).getByRole('radio', { name: 'Hide' }),
  ).toBeChecked();
  await page.keyboard.press('Escape');
  await expect.poll(() => new URL(page.url()).searchParams.get('hide_accounts')).toContain(listId);
  await expect(page.getByText(/left out: in your CRM/)).toBeVisible();
  const shown = await gridIds(page);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.filter((id) => members.has(id))).toEqual([]);

  // Its export leaves them out too.
  const { rows, request: sent } = await exportAll(page);
  expect(sent.postDataJSON()).toMatchObject({ exclude_account_lists: [listId] });
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByRole('dialog', { name: 'Export CSV' }).getByRole('status')).toContainText(
    'in your CRM left out',
  );
  await page.keyboard.press('Escape');
  const websites = csvColumn(rows, 'Website').filter(Boolean);
  expect(websites.length).toBeGreaterThan(0);
  expect(websites.filter((w) => memberDomains.has(hostOf(w)))).toEqual([]);

  // Bulk enrichment to a HubSpot CSV: the cost first, then the file.
  await page.goto('/accounts');
  await page.getByRole('button', { name: `Enrich ${listName}` }).click();
  const drawer = page.getByRole('dialog', { name: 'Enrich an account list' });
  await drawer.getByRole('radio', { name: /HubSpot companies/ }).check();
  await expect(drawer.getByTestId('enrich-cost')).toContainText(`× ${detail.size} matched`);
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    drawer.getByRole('button', { name: 'Enrich and download CSV' }).click(),
  ]);
  await expect(drawer.getByRole('status')).toContainText('Saved');
  const enriched = parseCsv((await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, ''));
  expect(enriched[0]).toEqual(HUBSPOT_HEADERS);
  expect(enriched.length - 1).toBe(detail.size);
});

test('by keyboard: choose the file, change a column, start; hide the list from the In CRM menu', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const list = await api<{ data: Company[] }>(request, baseURL!, 'post', '/api/v1/list/generate/companies', {
    limit: 10,
  });
  const csv = ['Name,Domain,Notes', ...list.data.map((c) => `${csvCell(c.name)},${hostOf(c.website)},`)].join(
    '\n',
  );

  await page.goto('/accounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  // The file input is reached with Tab and opened with Space, as a button would be.
  const input = page.getByLabel('choose a file');
  for (let i = 0; i < 30 && !(await input.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(input).toBeFocused();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Space')]);
  await chooser.setFiles({ name: 'keyboard.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await expect(page.getByLabel('Company name column')).toHaveValue('Name');
  await expect(page.getByLabel('Website or domain column')).toHaveValue('Domain');

  // The name column set to None and back by keyboard; the list named; Start with Enter.
  const nameColumn = page.getByLabel('Company name column');
  await nameColumn.focus();
  await page.keyboard.press('Home');
  await expect(nameColumn).toHaveValue('');
  await page.keyboard.press('ArrowDown');
  await expect(nameColumn).toHaveValue('Name');
  const listName = `Keyboard accounts ${Date.now()}`;
  await page.getByLabel('List name').fill(listName);
  await page.getByRole('button', { name: 'Start matching' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('import-progress')).toHaveAttribute('data-status', 'completed', {
    timeout: 60_000,
  });
  const listRow = page.getByTestId('account-list').filter({ hasText: listName });
  const listId = (await listRow.getAttribute('data-list-id'))!;
  // Shared with the team by its owner, with Space; and back.
  const share = listRow.getByRole('switch', { name: `Share ${listName} with the team` });
  await share.focus();
  await page.keyboard.press('Space');
  await expect(share).toBeChecked();
  await expect(listRow).toContainText('Shared');
  await page.keyboard.press('Space');
  await expect(share).not.toBeChecked();
  // A list's companies open and close with Enter.
  const toggle = listRow.getByRole('button', { name: listName, exact: true });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  // The In CRM menu: opened with Enter, the list's control reached with Tab, Hide with the arrows.
  await page.goto('/?size=20');
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('button', { name: /^In CRM/ }).focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog', { name: 'Accounts in your CRM' });
  const show = menu.getByRole('group', { name: listName }).getByRole('radio', { name: 'Show' });
  for (let i = 0; i < 40 && !(await show.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(show).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(
    menu.getByRole('group', { name: listName }).getByRole('radio', { name: 'Hide' }),
  ).toBeChecked();
  await expect.poll(() => new URL(page.url()).searchParams.get('hide_accounts')).toContain(listId);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: /^In CRM/ })).toBeFocused();
  await expect(page.getByTestId('excluded-count')).toContainText('left out: in your CRM');
});
