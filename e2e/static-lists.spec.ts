import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parseCsv } from '../bff/testing/parse-csv';
import { checkState } from './fixtures/axe';
import { columnTexts, grid, pressDownload } from './fixtures/list';
import { listGrid, saveBuilderList } from './fixtures/saved-lists';
import { expect, test } from './fixtures/test';

/**
 * Lists of picked companies (issue 35): rows selected in the list builder kept together with "Add
 * to list" (a new list named in the dialog), the list opened from the Lists page beside the saved
 * searches, one company removed, the list exported (free), and another company of the grid added
 * to the list that is now there. Axe checks the new states: the selection's bar, the dialog, the
 * list's page.
 */

const json = (v: unknown) => encodeURIComponent(JSON.stringify(v));
/** Irish companies: some dozens in the local data set, on one page of 50. */
const BUILDER = `/?filters=${json({ 'location.hq.country': ['IRL'] })}&size=50`;

async function openBuilder(page: Page): Promise<string[]> {
  await page.goto(BUILDER);
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  return columnTexts(page, 'Company');
}

async function select(page: Page, names: readonly string[]): Promise<void> {
  for (const name of names)
    await grid(page)
      .getByRole('checkbox', { name: `Select ${name}` })
      .check();
}

test('pick companies into a list, open it from the Lists page, remove one, export it, add another', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const listName = `Picked accounts ${stamp}`;

  const names = await openBuilder(page);
  expect(names.length).toBeGreaterThan(4);
  const [first, second, third, fourth] = names as [string, string, string, string];

  // Three rows selected: the bar counts them and offers what can be done with them.
  await select(page, [first, second, third]);
  const bar = page.getByRole('toolbar', { name: 'Selected companies' });
  await expect(bar).toContainText('3 selected');
  for (const action of ['Add to list', 'Export selected', 'More like these', 'Hide'])
    await expect(bar.getByRole('button', { name: action })).toBeVisible();
  await checkState(page, 'list: a selection and its actions');

  // Add to list: a new list, named in the dialog.
  await bar.getByRole('button', { name: 'Add to list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to list' });
  await expect(dialog.getByRole('radio', { name: 'A new list' })).toBeChecked();
  await checkState(page, 'list: Add to list');
  await dialog.getByRole('button', { name: 'Add 3 companies' }).click();
  await expect(dialog.getByText('Give the list a name')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(listName);
  const [created] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/bff/lists') && r.request().method() === 'POST'),
    dialog.getByRole('button', { name: 'Add 3 companies' }).click(),
  ]);
  expect(created.status()).toBe(201);
  await expect(dialog).toBeHidden();
  await expect(bar.getByRole('status')).toContainText(`Added 3 companies to ${listName}`);

  // The Lists page: the list of picked companies beside the saved searches, with its kind and size.
  await page
    .getByRole('navigation')
    .getByRole('link', { name: /^Lists/ })
    .click();
  const row = page.getByTestId('saved-list').filter({ hasText: listName });
  await expect(row).toContainText('Picked companies');
  await expect(row.getByRole('cell').nth(4)).toHaveText('3');
  await row.getByRole('link', { name: listName }).click();

  // Its page: the companies in the order picked, in the grid's columns.
  await expect(page.getByRole('heading', { level: 1, name: listName })).toBeVisible();
  await expect(page.getByText('Picked companies', { exact: true })).toBeVisible();
  const companies = listGrid(page);
  const shownNames = () => companies.getByRole('row').locator('td:nth-child(2)').allTextContents();
  await expect.poll(shownNames).toEqual([first, second, third]);
  for (const header of ['Company', 'Website', 'Product category', 'Added'])
    await expect(companies.getByRole('columnheader', { name: header })).toBeVisible();
  await expect(page.getByRole('button', { name: 'More like these' })).toBeEnabled();
  await checkState(page, 'static list: its companies');

  // Remove one.
  await companies.getByRole('button', { name: `Remove ${second} from the list` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Removed ${second}.` })).toBeVisible();
  await expect.poll(shownNames).toEqual([first, third]);
  await expect(
    page.getByRole('heading', { level: 1, name: listName }).locator('xpath=following-sibling::p[1]'),
  ).toContainText('2 companies · Yours · private');

  // Export: the list's companies as CSV, free.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const rows = parseCsv(await readFile(await download.path(), 'utf8'));
  expect(rows[0]?.slice(0, 2)).toEqual(['Company', 'Website']);
  expect(rows.slice(1).map((r) => r[0])).toEqual([first, third]);
  expect(download.suggestedFilename()).toMatch(/^picked-accounts-.*\.csv$/);

  // Export selected: only the row chosen.
  await companies.getByRole('checkbox', { name: `Select ${third}` }).check();
  const listBar = page.getByRole('toolbar', { name: 'Selected companies' });
  await expect(listBar).toContainText('1 selected');
  await checkState(page, 'static list: a selection');
  const [selectedDownload] = await Promise.all([
    page.waitForEvent('download'),
    listBar.getByRole('button', { name: 'Export selected' }).click(),
  ]);
  const selectedRows = parseCsv(await readFile(await selectedDownload.path(), 'utf8'));
  expect(selectedRows.slice(1).map((r) => r[0])).toEqual([third]);

  // Back in the list builder (the selection kept, as the grid keeps it across pages): another
  // company added to the list that is there now.
  await openBuilder(page);
  await expect(bar).toContainText('3 selected');
  await bar.getByRole('button', { name: 'Clear selection' }).click();
  await expect(bar).toBeHidden();
  await select(page, [fourth]);
  await bar.getByRole('button', { name: 'Add to list' }).click();
  await dialog.getByRole('radio', { name: 'A list you already have' }).check();
  await dialog.getByRole('combobox', { name: 'List' }).selectOption({ label: `${listName} (2 companies)` });
  const [changed] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/companies') && r.request().method() === 'POST'),
    dialog.getByRole('button', { name: 'Add 1 company' }).click(),
  ]);
  expect(changed.status()).toBe(200);
  await expect(bar.getByRole('status')).toContainText(`Added 1 company to ${listName}`);
  await bar.getByRole('status').getByRole('link', { name: listName }).click();
  await expect(page.getByRole('heading', { level: 1, name: listName })).toBeVisible();
  await expect.poll(shownNames).toEqual([first, third, fourth]);

  // More like these: the lookalikes of the list's companies.
  await page.getByRole('button', { name: 'More like these' }).click();
  await expect(page.getByRole('heading', { name: 'More like these 3 companies' })).toBeVisible();
});

test('Hide leaves the selected companies out of the list from then on', async ({ page }) => {
  const names = await openBuilder(page);
  const [first, second] = names as [string, string];
  await select(page, [first, second]);
  const bar = page.getByRole('toolbar', { name: 'Selected companies' });
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/bff/accounts/hidden') && r.status() === 200),
    bar.getByRole('button', { name: 'Hide' }).click(),
  ]);
  await expect(bar).toBeHidden();
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  await expect.poll(() => columnTexts(page, 'Company')).not.toContain(first);
  const shown = await columnTexts(page, 'Company');
  expect(shown).not.toContain(second);
  // The account list that hides them is the user's own, and "In CRM" can show them again.
  await page.getByRole('button', { name: /^In CRM/ }).click();
  const menu = page.getByRole('dialog', { name: 'Accounts in your CRM' });
  await expect(menu.getByRole('group', { name: 'Hidden companies' })).toBeVisible();
});

test('companies of a saved search selected and added to a new list of picked companies', async ({ page }) => {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await openBuilder(page);
  const searchId = await saveBuilderList(page, `Irish search ${stamp}`);
  await page.goto(`/lists/${searchId}`);
  await page.getByRole('button', { name: 'Run list' }).click();
  await expect(listGrid(page)).toHaveAttribute('aria-busy', 'false');
  const boxes = listGrid(page).getByRole('checkbox', { name: /^Select (?!all)/ });
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  const picked = (
    await listGrid(page)
      .getByRole('row')
      .filter({ has: page.getByRole('checkbox', { checked: true }) })
      .locator('td:nth-child(2) a')
      .allTextContents()
  ).map((n) => n.trim());
  const bar = page.getByRole('toolbar', { name: 'Selected companies' });
  await expect(bar).toContainText('2 selected');
  await checkState(page, 'saved search: a selection');
  await bar.getByRole('button', { name: 'Add to list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to list' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(`From a search ${stamp}`);
  await dialog.getByRole('button', { name: 'Add 2 companies' }).click();
  await bar
    .getByRole('status')
    .getByRole('link', { name: `From a search ${stamp}` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `From a search ${stamp}` })).toBeVisible();
  await expect
    .poll(() => listGrid(page).getByRole('row').locator('td:nth-child(2)').allTextContents())
    .toEqual(picked);
});

test('lookalikes selected in the grid: exported, and kept in a new list seen on the Lists page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const listName = `Lookalikes picked ${stamp}`;
  const [seed] = (await openBuilder(page)) as [string];
  await select(page, [seed]);
  await page
    .getByRole('toolbar', { name: 'Selected companies' })
    .getByRole('button', { name: 'More like this' })
    .click();
  await expect(page.getByRole('heading', { name: 'More like this company' })).toBeVisible();
  await expect(page.getByText(/^This run: [\d,.]+ credits? spent$/)).toBeVisible({ timeout: 30_000 });

  // The lookalikes are in the list builder's grid: a checkbox a row, Similarity and reasons as columns.
  const lookalikes = page.getByRole('region', { name: 'Lookalikes' }).getByRole('table', { name: 'Results' });
  await expect(lookalikes).toHaveAttribute('aria-busy', 'false');
  const headers = (await lookalikes.getByRole('columnheader').allTextContents()).map((h) => h.trim());
  expect(headers.slice(1, 4)).toEqual(['Company', 'Similarity', 'Why it is similar']);
  const boxes = lookalikes.getByRole('checkbox', { name: /^Select (?!all)/ });
  const picked: string[] = [];
  for (const i of [0, 2]) {
    await boxes.nth(i).check();
    picked.push(((await boxes.nth(i).getAttribute('aria-label')) ?? '').replace(/^Select /, ''));
  }
  const bar = page.getByRole('toolbar', { name: 'Selected companies' });
  await expect(bar).toContainText('2 selected');
  for (const action of ['Add to list', 'Export selected', 'More like these', 'Hide'])
    await expect(bar.getByRole('button', { name: action })).toBeVisible();
  await checkState(page, 'lookalikes: a selection and its actions');

  // Export selected: the two rows chosen, no more.
  await bar.getByRole('button', { name: 'Export selected' }).click();
  const menu = page.getByRole('dialog', { name: 'Export selected' });
  const [download] = await Promise.all([page.waitForEvent('download'), pressDownload(menu)]);
  const csv = parseCsv(await readFile(await download.path(), 'utf8'));
  expect(new Set(csv.slice(1).map((r) => r[0]))).toEqual(new Set(picked));
  await page.keyboard.press('Escape');

  // Add to list: a new list of picked companies, named in the dialog.
  await bar.getByRole('button', { name: 'Add to list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to list' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(listName);
  await dialog.getByRole('button', { name: 'Add 2 companies' }).click();
  await expect(bar.getByRole('status')).toContainText(`Added 2 companies to ${listName}`);

  await page
    .getByRole('navigation')
    .getByRole('link', { name: /^Lists/ })
    .click();
  const row = page.getByTestId('saved-list').filter({ hasText: listName });
  await expect(row).toContainText('Picked companies');
  await expect(row.getByRole('cell').nth(4)).toHaveText('2');
  await row.getByRole('link', { name: listName }).click();
  await expect
    .poll(() => listGrid(page).getByRole('row').locator('td:nth-child(2)').allTextContents())
    .toEqual(picked);
});

test('by keyboard only: select, open Add to list, Escape returns the focus, name the list and confirm', async ({
  page,
}) => {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const listName = `Keyboard picks ${stamp}`;
  const [first] = (await openBuilder(page)) as [string];
  // The row's checkbox from the keyboard: focused, Space ticks it.
  await grid(page)
    .getByRole('checkbox', { name: `Select ${first}` })
    .focus();
  await page.keyboard.press('Space');
  const bar = page.getByRole('toolbar', { name: 'Selected companies' });
  await expect(bar).toContainText('1 selected');

  // Back to "Add to list" in the bar above the grid (Shift+Tab), opened with Enter: the dialog
  // takes the focus, on the list's name.
  const add = bar.getByRole('button', { name: 'Add to list' });
  for (let i = 0; i < 40 && !(await add.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Shift+Tab');
  await expect(add).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add to list' });
  const name = dialog.getByRole('textbox', { name: 'Name' });
  await expect(name).toBeFocused();
  await checkState(page, 'list: Add to list, by keyboard');

  // Escape closes it, and the focus is back on the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  // Again: type the name, Tab stays inside the dialog, Enter confirms.
  await page.keyboard.press('Enter');
  await expect(name).toBeFocused();
  await page.keyboard.type(listName);
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await name.focus();
  const [created] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/bff/lists') && r.request().method() === 'POST'),
    page.keyboard.press('Enter'),
  ]);
  expect(created.status()).toBe(201);
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
  await expect(bar.getByRole('status')).toContainText(`Added 1 company to ${listName}`);
  const list = (await (
    await page.request.get(`/bff/lists/${((await created.json()) as { id: string }).id}`)
  ).json()) as {
    companies: { name: string }[];
  };
  expect(list.companies.map((c) => c.name)).toEqual([first]);
});

test('a paid column on a static list’s page: priced first, its values shown, then exported at the price shown', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const listName = `Picked with columns ${stamp}`;
  // Three Irish companies, kept in a static list through the API.
  const headers = { 'x-requested-with': 'list-builder', origin: baseURL ?? '' };
  const page1 = await page.request.post('/api/v1/list/generate/companies', {
    headers,
    data: { filters: { 'location.hq.country': ['IRL'] }, limit: 3, offset: 3 },
  });
  expect(page1.status()).toBe(200);
  const picked = ((await page1.json()) as { data: { uuid: string; name: string }[] }).data;
  expect(picked).toHaveLength(3);
  const created = await page.request.post('/bff/lists', {
    headers,
    data: { name: listName, companies: picked.map((c) => c.uuid) },
  });
  expect(created.status()).toBe(201);
  const listId = ((await created.json()) as { id: string }).id;

  await page.goto(`/lists/${listId}`);
  await expect(page.getByRole('heading', { level: 1, name: listName })).toBeVisible();
  const companies = listGrid(page);
  await expect(companies.getByRole('columnheader', { name: 'Product category' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveText('Export CSV');

  // The list builder's Columns menu: a paid section waits for its priced button.
  await page.getByRole('button', { name: /^Columns/ }).click();
  const chooser = page.getByRole('dialog', { name: 'Columns' });
  // It offers the identity the list keeps (no company type, which a static list does not keep).
  await expect(chooser.getByRole('checkbox', { name: 'Product category' })).toBeChecked();
  await expect(chooser.getByRole('checkbox', { name: 'Company type' })).toHaveCount(0);
  await chooser.getByRole('checkbox', { name: 'Location' }).check();
  const add = chooser.getByRole('button', { name: /^Add 1 section to 3 rows: / });
  await expect(add).toHaveText(/: (free, already stored|[\d.,]+ credits?)$/);
  await checkState(page, 'static list: Columns with a priced choice waiting');
  // Applied: bought for the rows on screen, and the owner's choice kept with the list.
  const [kept] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(`/bff/lists/${listId}`) && r.request().method() === 'PATCH'),
    add.click(),
  ]);
  expect(kept.status()).toBe(200);
  await expect(chooser).toBeHidden();

  // The column's values: each company's HQ country as its enrichment says.
  await expect(companies.getByRole('columnheader', { name: 'HQ country' })).toBeVisible();
  await expect(companies).toHaveAttribute('aria-busy', 'false');
  const countryOf = async (uuid: string) => {
    const res = await page.request.get(`/api/v1/company/enrichment?company=${uuid}&sections=location`, {
      headers,
    });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { data: { location: { hq: { country: { label: string } } } } }).data
      .location.hq.country.label;
  };
  const expected = await Promise.all(picked.map((c) => countryOf(c.uuid)));
  expect(expected.every((c) => c.length > 0)).toBe(true);
  const headerCells = (await companies.getByRole('columnheader').allTextContents()).map((h) => h.trim());
  const at = headerCells.indexOf('HQ country');
  await expect
    .poll(() =>
      companies
        .getByRole('row')
        .locator(`td:nth-child(${at + 1})`)
        .allTextContents(),
    )
    .toEqual(expected);
  await checkState(page, 'static list: a paid column');
  // The list opens again with the column, read from the store at no cost.
  const [again] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/bff/companies/sections')),
    page.reload(),
  ]);
  expect(((await again.json()) as { credits_consumed: number }).credits_consumed).toBe(0);
  await expect(companies.getByRole('columnheader', { name: 'HQ country' })).toBeVisible();

  // The export says its price first: the three companies' locations are stored now, so it is free.
  const exportButton = page.getByRole('button', { name: /^Export CSV/ });
  await expect(exportButton).toHaveText('Export CSV: free, already stored');
  const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
  const rows = parseCsv(await readFile(await download.path(), 'utf8'));
  const hq = rows[0]!.indexOf('HQ country');
  expect(hq).toBeGreaterThan(0);
  expect(rows.slice(1).map((r) => [r[0], r[hq]])).toEqual(picked.map((c, i) => [c.name, expected[i]]));
});
