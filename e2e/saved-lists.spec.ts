import { readFile } from 'node:fs/promises';
import { parseCsv } from '../bff/testing/parse-csv';
import { grid } from './fixtures/list';
import { addCompany, listGrid, makeCheckDue, newBadges, saveBuilderList } from './fixtures/saved-lists';
import { expect, test } from './fixtures/test';

/**
 * Saved lists (issue 14) on the embedded service, where a company addition completes within
 * seconds: save a list from the builder, run it, ask for a missing company that matches it, run
 * again and find it marked New, mark all seen and see the badges go.
 */

const json = (v: unknown) => encodeURIComponent(JSON.stringify(v));
/** Irish companies: a list of some dozens in the local data set; an added `.ie` company is Irish. */
const FILTERS = { 'location.hq.country': ['IRL'] };

test('save a list, run it, a company added that matches it shows as New until marked seen', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const listName = `Irish companies ${stamp}`;
  const company = `Shamrock Analytics ${stamp}`;

  await page.goto(`/?filters=${json(FILTERS)}&size=20`);
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  const listId = await saveBuilderList(page, listName);
  await page.getByRole('status').getByRole('link', { name: listName }).click();
  await expect(page).toHaveURL(new RegExp(`/lists/${listId}$`));
  await expect(page.getByRole('heading', { level: 1, name: listName })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: listName })).toBeFocused();

  // Not run yet: the cost of a run shows before it runs.
  await expect(page.getByText('Not run yet')).toBeVisible();
  await expect(page.getByText(/^A run: (up to )?~[\d.,]+ credits?/)).toBeVisible();
  await page.getByRole('button', { name: 'Run list' }).click();
  await expect(page.getByText(/Run just now/)).toBeVisible();
  await expect(listGrid(page)).toHaveAttribute('aria-busy', 'false');
  // A first run: every member is new to the user.
  await expect(newBadges(page).first()).toBeVisible();
  await page.getByRole('button', { name: 'Mark all seen' }).click();
  await expect(page.getByRole('button', { name: 'Mark all seen' })).toBeHidden();
  await expect(newBadges(page)).toHaveCount(0);
  await expect(page.getByText(/Nothing new/)).toBeVisible();

  // A missing company that matches the list, added through the header.
  await addCompany(page, company, `shamrock-${stamp}.ie`);

  // Run again: the added company is New, and only it.
  await page.getByRole('button', { name: 'Run again' }).click();
  await expect(page.getByText(/Run just now: .*1 new/)).toBeVisible();
  await page.getByRole('checkbox', { name: /^Only new/ }).check();
  await expect(listGrid(page)).toHaveAttribute('aria-busy', 'false');
  const row = listGrid(page).getByRole('row').filter({ hasText: company });
  await expect(row.getByText('New', { exact: true })).toBeVisible();
  await expect(newBadges(page)).toHaveCount(1);

  // Export new only: the export flow of the list builder, with the new companies as its selection.
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const menu = page.getByRole('dialog', { name: 'Export CSV' });
  await menu.getByRole('radio', { name: 'Only the 1 new' }).check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    menu.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const rows = parseCsv(await readFile(await download.path(), 'utf8'));
  expect(rows).toHaveLength(2);
  expect(rows[1]).toContain(company);
  await page.keyboard.press('Escape');

  // The run history has both runs; the Lists page shows the list with one new.
  await expect(page.getByTestId('list-run')).toHaveCount(2);
  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Lists/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lists' })).toBeVisible();
  const listed = page.getByTestId('saved-list').filter({ hasText: listName });
  await expect(listed.getByText('1 new')).toBeVisible();

  // Mark all seen: the badge goes, here and on the Lists page, and stays gone after a reload.
  await listed.getByRole('link', { name: listName }).click();
  await expect(page.getByText(/Last run .*1 new/)).toBeVisible();
  await page.getByRole('checkbox', { name: /^Only new/ }).check();
  await expect(newBadges(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Mark all seen' }).click();
  await expect(newBadges(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(/Last run .*Nothing new/)).toBeVisible();
  await expect(listGrid(page)).toHaveAttribute('aria-busy', 'false');
  await expect(newBadges(page)).toHaveCount(0);
  await page.getByRole('link', { name: '← Lists' }).click();
  await expect(page.getByTestId('saved-list').filter({ hasText: listName }).getByText('1 new')).toBeHidden();
});

test('a saved list opens in the list builder with its filters, sort and page size', async ({ page }) => {
  const name = `Builder round trip ${Date.now().toString(36)}`;
  await page.goto(`/?filters=${json(FILTERS)}&size=20&sort_by=founded_year&sort_order=asc`);
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  const id = await saveBuilderList(page, name, { schedule: 'Weekly' });
  await page.goto('/lists');
  const listed = page.getByTestId('saved-list').filter({ hasText: name });
  await expect(listed).toContainText('Checked weekly');
  await expect(listed).toContainText('Never run');
  await page.goto(`/lists/${id}`);
  await page.getByRole('link', { name: 'Open in the list builder' }).click();
  await expect(page).toHaveURL(/sort_by=founded_year/);
  await expect(page).toHaveURL(/size=20/);
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  expect(JSON.parse(new URL(page.url()).searchParams.get('filters') ?? '{}')).toEqual(FILTERS);
});

test('rename, share and delete a list from the Lists page', async ({ page }) => {
  const name = `To rename ${Date.now().toString(36)}`;
  await page.goto(`/?filters=${json(FILTERS)}&size=20`);
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  await saveBuilderList(page, name);
  await page.goto('/lists');
  const row = page.getByTestId('saved-list').filter({ hasText: name });
  await row.getByRole('button', { name: `Settings of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Settings of ${name}` });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(`${name} renamed`);
  await dialog.getByRole('radio', { name: /^Shared with the team/ }).check();
  await dialog.getByRole('radio', { name: /^Daily/ }).check();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Saved the settings of ${name} renamed.` }),
  ).toBeVisible();
  const renamed = page.getByTestId('saved-list').filter({ hasText: `${name} renamed` });
  await expect(renamed).toContainText('Shared with the team');
  await expect(renamed).toContainText('Checked daily');
  // The focus came back to the button that opened the dialog.
  await expect(renamed.getByRole('button', { name: /^Settings of/ })).toBeFocused();

  await renamed.getByRole('button', { name: `Delete ${name} renamed` }).click();
  await page
    .getByRole('dialog', { name: `Delete ${name} renamed?` })
    .getByRole('button', { name: 'Delete list' })
    .click();
  await expect(page.getByTestId('saved-list').filter({ hasText: `${name} renamed` })).toHaveCount(0);
});

test('a daily check that finds a new company raises the header’s count, and marking the list seen clears it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const listName = `Irish companies, checked daily ${stamp}`;
  const company = `Liffey Robotics ${stamp}`;
  await page.goto(`/?filters=${json(FILTERS)}&size=20`);
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  const listId = await saveBuilderList(page, listName, { schedule: 'Daily' });
  await page.goto(`/lists/${listId}`);
  await page.getByRole('button', { name: 'Run list' }).click();
  await expect(page.getByText(/Run just now/)).toBeVisible();
  await page.getByRole('button', { name: 'Mark all seen' }).click();
  await expect(page.getByText(/Nothing new/)).toBeVisible();
  await addCompany(page, company, `liffey-robotics-${stamp}.ie`);

  // No unread alert left by an earlier run of the journey (the data directory is kept).
  const read = await page.evaluate(
    async () =>
      (
        await fetch('/bff/lists/alerts/read', {
          method: 'POST',
          headers: { 'x-requested-with': 'list-builder' },
        })
      ).status,
  );
  expect(read).toBe(204);
  await page.reload();
  const badge = page.getByRole('banner').getByTestId('lists-unread');
  await expect(page.getByRole('heading', { level: 1, name: listName })).toBeVisible();
  await expect(badge).toHaveCount(0);
  // The day passes: the BFF's next look at its due checks (every second here) runs this one.
  makeCheckDue(listId);
  await expect(badge).toHaveText(/^1\b/, { timeout: 120_000 });
  await expect(page.getByRole('banner').getByRole('link', { name: 'Lists 1 new match' })).toBeVisible();

  // The Lists page names the alert; the list's last run is the check's, with the company New.
  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Lists/ })
    .click();
  const alerts = page.getByRole('region', { name: 'New matches from scheduled checks' });
  await expect(alerts.getByRole('listitem').filter({ hasText: listName })).toContainText('1 new company');
  await alerts.getByRole('link', { name: listName }).click();
  await expect(page.getByText(/Last run .*1 new/)).toBeVisible();
  await page.getByRole('checkbox', { name: /^Only new/ }).check();
  await expect(
    listGrid(page).getByRole('row').filter({ hasText: company }).getByText('New', { exact: true }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Mark all seen' }).click();
  await expect(newBadges(page)).toHaveCount(0);
  await expect(badge).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: listName })).toBeVisible();
  await expect(badge).toHaveCount(0);
});

test('a broad list says that it follows only its top 500, and suggests narrowing', async ({ page }) => {
  const name = `Every company ${Date.now().toString(36)}`;
  await page.goto('/?size=50');
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  const id = await saveBuilderList(page, name);
  await page.goto(`/lists/${id}`);
  await page.getByRole('button', { name: 'Run list' }).click();
  await expect(page.getByText(/Run just now: 500 companies/)).toBeVisible();
  await expect(page.getByText(/companies match, and a saved list follows only its top 500/)).toContainText(
    'Narrow the filters',
  );
  // Its grid pages through the 500 members in the list's page size.
  await expect(page.getByRole('navigation', { name: 'Pages of companies' })).toContainText('1–50 of 500');
});

test('companies that leave a list are named in "Left the list" with the reason', async ({ page }) => {
  const name = `Narrowed later ${Date.now().toString(36)}`;
  await page.goto(`/?filters=${json(FILTERS)}&size=20`);
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  const id = await saveBuilderList(page, name);
  await page.goto(`/lists/${id}`);
  await page.getByRole('button', { name: 'Run list' }).click();
  await expect(page.getByText(/Run just now/)).toBeVisible();
  await page.getByRole('button', { name: 'Mark all seen' }).click();
  await expect(page.getByText(/Nothing new/)).toBeVisible();

  // The list is narrowed to public companies (its request, as the API allows its owner to change it).
  const saved = (await (await page.request.get(`/bff/lists/${id}`)).json()) as { request: object };
  const narrowed = { ...saved.request, filters: { ...FILTERS, 'firmographic.company_type': ['public'] } };
  // Sent by the page itself, as the app's own calls are (same origin, the app's header).
  const status = await page.evaluate(
    async ([url, body]) =>
      (
        await fetch(url, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'list-builder' },
          body: JSON.stringify(body),
        })
      ).status,
    [`/bff/lists/${id}`, { request: narrowed }] as const,
  );
  expect(status).toBe(200);
  await page.reload();
  await page.getByRole('button', { name: 'Run again' }).click();
  await expect(page.getByText(/Run just now: .* left/)).toBeVisible();
  const left = page.getByRole('list', { name: 'Companies that left the list' });
  await expect(left.getByRole('listitem').first()).toContainText('No longer matches the filters');
  // Named by the free company search, not by id.
  await expect(left.getByRole('link').first()).not.toHaveText(/^[0-9a-z]{6}-/);
});

test('Save list by keyboard alone, the focus back where it was', async ({ page }) => {
  const name = `Keyboard list ${Date.now().toString(36)}`;
  await page.goto(`/?filters=${json(FILTERS)}&size=20`);
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  const save = page.getByRole('button', { name: 'Save list' });
  await save.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Save list' });
  await expect(dialog).toBeVisible();
  // The dialog has the focus; its Close button first, then the form.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('radio', { name: /^Private/ })).toBeFocused();
  // Arrow keys move within a group of radios; Shared with the team.
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: /^Shared with the team/ })).toBeChecked();
  await dialog.getByRole('textbox', { name: 'Name' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(save).toBeFocused();
  await expect(page.getByRole('status').getByRole('link', { name })).toBeVisible();
});
