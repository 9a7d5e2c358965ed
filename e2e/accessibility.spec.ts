import type { Locator, Page } from '@playwright/test';
import { checkState } from './fixtures/axe';
import { grid, pressDownload } from './fixtures/list';
import { expect, test } from './fixtures/test';

/**
 * Every page and state of the app through axe-core (WCAG 2.2 A and AA rules) and the heading
 * outline: the list builder empty and with results, every filter group, the editor's exclusions and
 * notes, every popover, menu and drawer, the header's search suggestions, the company page on every
 * tab, the lookalikes (ranked, asking for a re-rank, waiting for a run, an unknown company), the
 * requests page, the API reference and the page for an unknown address. A serious or
 * critical violation in any state fails the journey, naming the state, rule and elements.
 * (Sign-in is checked in team-accessibility.spec.ts, on the team-mode server.)
 */

const json = (v: unknown) => encodeURIComponent(JSON.stringify(v));

function filtersPanel(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Filters' });
}

async function settled(page: Page): Promise<void> {
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

test('the list builder, its filters, menus and drawers', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/?size=20');
  await settled(page);
  await checkState(page, 'list: results');

  // Every filter group open, with every long list shown in full.
  const filters = filtersPanel(page);
  const groups = filters.getByRole('button', { expanded: false, name: /^(?!Show)/ });
  while ((await groups.count()) > 0) await groups.first().click();
  const showAll = filters.getByRole('button', { name: /^Show all/ });
  while ((await showAll.count()) > 0) await showAll.first().click();
  await checkState(page, 'filters: every group open');

  // A typeahead's suggestions, then a value picked; the Employees box with a size it cannot read.
  const country = filters.getByRole('combobox', { name: 'HQ country' });
  await country.fill('ger');
  await expect(country).toHaveAttribute('aria-expanded', 'true');
  await checkState(page, 'filters: country suggestions open');
  await page.keyboard.press('Enter');
  await expect(filters.getByRole('button', { name: 'Remove Germany' })).toBeVisible();
  const typed = filters.getByRole('textbox', { name: 'Or type a range of employees' });
  await typed.fill('lots');
  await typed.press('Enter');
  await expect(filters.getByRole('alert')).toBeVisible();
  await settled(page);
  await checkState(page, 'filters: value picked, Employees box error');

  // The sort and the columns drawer, the export menu, a row selected (the editor as it opens again).
  await page.goto(page.url());
  await settled(page);
  await page.getByLabel('Sort by').selectOption('founded_year');
  await page.getByRole('button', { name: /^Descending/ }).click();
  await settled(page);
  await grid(page)
    .getByRole('checkbox', { name: /^Select (?!all)/ })
    .first()
    .check();
  await checkState(page, 'list: sorted, a row selected');
  await page.getByRole('button', { name: /^Columns/ }).click();
  await expect(page.getByRole('dialog', { name: 'Columns' }).getByRole('checkbox').first()).toBeVisible();
  await checkState(page, 'columns drawer');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const menu = page.getByRole('dialog', { name: 'Export CSV' });
  await expect(menu).toBeVisible();
  await checkState(page, 'export menu');
  await Promise.all([page.waitForEvent('download'), pressDownload(menu)]);
  await expect(menu.getByRole('status')).toContainText('Saved');
  await checkState(page, 'export menu: file saved');
  await page.keyboard.press('Escape');

  // The header's search: suggestions, and the offer to add a company it cannot find.
  const search = page.getByRole('combobox', { name: 'Search companies' });
  const first = (await grid(page).getByRole('row').nth(1).getByRole('link').first().textContent())?.trim();
  await search.fill(first?.slice(0, 6) ?? 'an');
  await expect(
    page.getByRole('listbox', { name: 'Search companies' }).getByRole('option').first(),
  ).toBeVisible();
  await checkState(page, 'header search: suggestions');
  await search.fill('qqqzzzxv');
  const add = page.getByRole('option', { name: /Add company/ });
  await expect(add).toBeVisible();
  await checkState(page, 'header search: nothing found');
  await add.click();
  const drawer = page.getByRole('dialog', { name: 'Add a company' });
  await expect(drawer).toBeVisible();
  await checkState(page, 'add company drawer');
  await drawer.getByRole('textbox', { name: 'Website' }).fill('not a website');
  await drawer.getByRole('button', { name: 'Add company' }).click();
  await expect(drawer.getByRole('textbox', { name: 'Website' })).toHaveAttribute('aria-invalid', 'true');
  await checkState(page, 'add company drawer: invalid');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});

test('the list builder described, empty, and excluding', async ({ page }) => {
  test.setTimeout(120_000);
  // A description with words no filter takes: chips, and the "Not used" line.
  await page.goto('/?size=20');
  await page
    .getByRole('textbox', { name: 'Describe the companies' })
    .fill('software companies in Germany founded after 2015 with purple unicorns');
  await page.getByRole('button', { name: 'Build filters' }).click();
  await expect(page.getByRole('list', { name: 'Understood from your description' })).toBeVisible();
  await expect(page.getByText(/^Not used: /)).toBeVisible();
  await settled(page);
  await checkState(page, 'list: described');

  // No company matches.
  await page.goto(`/?size=20&filters=${json({ 'location.hq.city': ['Zzyzxqville'] })}`);
  await expect(page.getByText(/No companies match/)).toBeVisible();
  await checkState(page, 'list: no match');

  // "Is none of" on one facet, and on another a region kept with a sub-region left out (rose chips).
  await page.goto(
    `/?size=20&filters=${json({ 'location.hq.region': ['150'] })}&exclude=${json({
      'location.hq.region': ['155'],
      'firmographic.company_type': ['public'],
    })}`,
  );
  await settled(page);
  await expect(filtersPanel(page).getByText('Except')).toBeVisible();
  await checkState(page, 'filters: exclusions');
});

test.describe('a list too broad to slice', () => {
  // The BFF's 422 for the list is what this state shows (Chromium logs the answer).
  test.use({ allowedConsoleErrors: [/status of 422 .*\/api\/v1\/list\/generate\/companies\)$/] });

  test('the "List too broad" box, and the sort by employees the Employees filter starts with', async ({
    page,
  }) => {
    // Company size alone is gathered slice by slice now; beside a set difference (an open key left
    // out) a band out of reach of the 500 served is still too broad.
    await page.goto(
      `/?size=20&filters=${json({ 'firmographic.headcount_range': ['51-200'] })}&exclude=${json({
        'industry.industry': ['IND-2001'],
      })}`,
    );
    await expect(page.getByRole('region', { name: 'List too broad' })).toBeVisible();
    // By employees to start with, and free to change (issue 35): no lock, no note.
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await expect(sort).toHaveValue('employee_range');
    await expect(sort).toBeEnabled();
    await checkState(page, 'filters: list too broad, sort by employees');
  });
});

test('the company page on every tab', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/?size=20&sort_by=revenue_estimate');
  await settled(page);
  await grid(page).getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Company details' }).getByRole('tab');
  const names = (await tabs.allTextContents()).map((t) => t.trim());
  // Overview, the sections, reviews, posts, news, and the signals: Growth, Jobs, Traffic.
  expect(names.length).toBe(11);
  for (let i = 0; i < names.length; i++) {
    const tab = tabs.nth(i);
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    // Loaded: what it cost, or why it cannot be shown.
    await expect(panel.getByTestId('cost-note').or(panel.getByRole('alert')).first()).toBeVisible();
    await expect(panel.locator('[aria-busy="true"]')).toHaveCount(0);
    await checkState(page, `company: ${names[i]}`);
    // A chart's numbers as a table: checked open too.
    const tables = panel.getByRole('button', { name: /^Show as a table/ });
    if ((await tables.count()) > 0) {
      for (const button of await tables.all()) await button.click();
      await checkState(page, `company: ${names[i]}, its charts as tables`);
    }
  }
});

test('requests, the API reference, and an unknown address', async ({ page }) => {
  // Six axe checks, one over the whole API reference (the largest page): about 55 s on a busy machine.
  test.setTimeout(120_000);
  await page.goto('/requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Company requests' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading requests' })).toHaveCount(0);
  await checkState(page, 'requests');
  // A request that fails (a reserved .invalid website): its status in the drawer, then in the table.
  await page.getByRole('button', { name: 'Add company' }).last().click();
  const drawer = page.getByRole('dialog', { name: 'Add a company' });
  await drawer.getByRole('textbox', { name: 'Company name' }).fill('Accessibility Check Co');
  await drawer.getByRole('textbox', { name: 'Website' }).fill(`a11y-${Date.now()}.invalid`);
  await drawer.getByRole('button', { name: 'Add company' }).click();
  await expect(drawer.getByText(/could not be added/)).toBeVisible({ timeout: 20_000 });
  await checkState(page, 'add company drawer: request failed');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('addition-request').first()).toBeVisible();
  await checkState(page, 'requests: a failed request');
  // The API reference is out of the main navigation, reached from the footer (and the Admin page).
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /API/ })).toHaveCount(
    0,
  );
  await page.getByRole('contentinfo').getByRole('link', { name: 'API reference' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  // The whole document renders at once, after the BFF writes it from the endpoint table on its first
  // request: seconds on a busy machine (a run once saw the headings just after ten).
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible({ timeout: 30_000 });
  await checkState(page, 'api reference');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await checkState(page, 'not found');
  await page.goto('/companies/no-such-company');
  await expect(page.getByRole('heading', { level: 1, name: 'Company not found' })).toBeVisible();
  await checkState(page, 'company not found');
});

test('lookalikes: More like this on a selection and a company, the ranked lookalikes, a re-rank, a link that waits', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/?size=20');
  await settled(page);
  const boxes = grid(page).getByRole('checkbox', { name: /^Select (?!all)/ });
  await boxes.nth(1).check();
  await boxes.nth(2).check();
  await expect(page.getByRole('button', { name: 'More like these' })).toBeVisible();
  await checkState(page, 'list: a selection, More like these');

  await grid(page).getByRole('row').nth(4).getByRole('link').first().click();
  await expect(page.getByRole('button', { name: 'More like this' })).toBeVisible();
  await checkState(page, 'company: More like this');
  await page.getByRole('button', { name: 'More like this' }).click();
  await expect(page.getByText(/^This run: [\d,.]+ credits? spent$/)).toBeVisible({ timeout: 30_000 });
  await checkState(page, 'lookalikes: ranked, with reasons');

  await page.getByRole('combobox', { name: 'Show' }).selectOption('10');
  await expect(page.getByRole('button', { name: 'Re-rank' })).toBeVisible();
  await checkState(page, 'lookalikes: filters changed, re-rank');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Find lookalikes' })).toBeVisible();
  await checkState(page, 'lookalikes: a link waiting for a run');
});

test('lookalikes: hiding account lists, and a saved list of lookalikes ranked by similarity to its seeds', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/?size=20');
  await settled(page);
  await grid(page).getByRole('row').nth(5).getByRole('link').first().click();
  await page.getByRole('button', { name: 'More like this' }).click();
  await expect(page.getByText(/^This run: [\d,.]+ credits? spent$/)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: /^In CRM/ }).click();
  await expect(page.getByRole('dialog', { name: 'Accounts in your CRM' })).toBeVisible();
  await checkState(page, 'lookalikes: hide account lists');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Save list' }).click();
  const save = page.getByRole('dialog', { name: 'Save list' });
  await expect(save.getByText(/its seed company/)).toBeVisible();
  await checkState(page, 'lookalikes: save list with its seed');
  await save.getByRole('button', { name: 'Save list' }).click();
  await page.getByRole('status').getByRole('link').click();
  await page.getByRole('button', { name: 'Run list' }).click();
  await expect(
    page
      .getByRole('table', { name: 'Companies of the list, most similar to its seeds first' })
      .locator('tbody tr')
      .first(),
  ).toBeVisible({ timeout: 30_000 });
  await checkState(page, 'saved list of lookalikes: ranked by similarity to its seed');
});

test.describe('lookalikes of a company that does not exist', () => {
  // The BFF's 400 naming the seed is what this state shows (Chromium logs the answer).
  test.use({ allowedConsoleErrors: [/status of 400 .*\/bff\/lookalikes\)$/] });

  test('the error, naming the company', async ({ page }) => {
    await page.goto(`/?like=${json(['no-such-company-000'])}`);
    await page.getByRole('button', { name: 'Find lookalikes' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'We could not find a company called “no-such-company-000”.',
    );
    await expect(page.getByRole('alert')).not.toContainText('seeds.0');
    await checkState(page, 'lookalikes: unknown company');
  });
});

test('saved lists: Save list, the Lists page and its dialogs, a saved list before and after a run', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `Accessibility list ${Date.now().toString(36)}`;
  await page.goto(`/?filters=${json({ 'location.hq.country': ['IRL'] })}&size=20`);
  await settled(page);
  await page.getByRole('button', { name: 'Save list' }).click();
  const save = page.getByRole('dialog', { name: 'Save list' });
  await save.getByRole('button', { name: 'Save list' }).click();
  await expect(save.getByText('Give the list a name')).toBeVisible();
  await checkState(page, 'save list dialog: name missing');
  await save.getByRole('textbox', { name: 'Name' }).fill(name);
  await save.getByRole('button', { name: 'Save list' }).click();
  await expect(page.getByRole('status').getByRole('link', { name })).toBeVisible();
  await checkState(page, 'list: saved');

  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Lists/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lists' })).toBeVisible();
  const row = page.getByTestId('saved-list').filter({ hasText: name });
  await expect(row).toBeVisible();
  await checkState(page, 'lists');
  await row.getByRole('button', { name: /^Settings/ }).click();
  await expect(page.getByRole('dialog', { name: `Settings of ${name}` })).toBeVisible();
  await checkState(page, 'lists: settings dialog');
  await page.keyboard.press('Escape');
  await row.getByRole('button', { name: /^Delete/ }).click();
  await expect(page.getByRole('dialog', { name: `Delete ${name}?` })).toBeVisible();
  await checkState(page, 'lists: delete dialog');
  await page.keyboard.press('Escape');

  await row.getByRole('link', { name }).click();
  await expect(page.getByText('Not run yet')).toBeVisible();
  await checkState(page, 'saved list: not run yet');
  await page.getByRole('button', { name: 'Run list' }).click();
  await expect(page.getByText(/Run just now/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Companies of the list' })).toHaveAttribute(
    'aria-busy',
    'false',
  );
  await checkState(page, 'saved list: a first run, every company new');
  await page.getByRole('checkbox', { name: /^Only new/ }).check();
  await expect(page.getByRole('table', { name: 'Companies of the list' })).toHaveAttribute(
    'aria-busy',
    'false',
  );
  await checkState(page, 'saved list: only new');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByRole('dialog', { name: 'Export CSV' })).toBeVisible();
  await checkState(page, 'saved list: export menu');
  await page.keyboard.press('Escape');
  await page
    .getByRole('button', { name: /^Companies of the run of/ })
    .first()
    .click();
  await expect(page.getByRole('list', { name: 'The run’s companies' })).toBeVisible();
  await checkState(page, 'saved list: a past run’s companies');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Mark all seen' }).click();
  await expect(page.getByText(/Nothing new/)).toBeVisible();
  await checkState(page, 'saved list: marked seen');
});

test.describe('a saved list that does not exist', () => {
  // The BFF's 404 is what this state shows (Chromium logs the answer).
  test.use({ allowedConsoleErrors: [/status of 404 .*\/bff\/lists\/[0-9a-f-]+(\/[a-z]+)?\)$/] });

  test('says so, with the way back', async ({ page }) => {
    await page.goto('/lists/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'No such list' })).toBeVisible();
    await checkState(page, 'saved list: no such list');
  });
});

test('accounts: the import (preview, progress, rows to review), the account lists, enrichment, In CRM', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.goto('/accounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading account lists' })).toHaveCount(0);
  await checkState(page, 'accounts: nothing chosen');

  // A small CRM file from the data set: websites, a name several companies start with, a junk row.
  const headers = { 'x-requested-with': 'list-builder', origin: baseURL ?? '' };
  const list = await request.post('/api/v1/list/generate/companies', { headers, data: { limit: 12 } });
  const companies = ((await list.json()) as { data: { name: string; website: string }[] }).data;
  const word = companies.map((c) => c.name.split(/\s+/)[0] ?? '').find((w) => w.length >= 4) ?? 'Global';
  const csv = [
    'Account Name;Website',
    ';',
    ...companies.map((c) => `${c.name.replace(/;/g, ' ')};${c.website}`),
    `${word};`,
  ].join('\n');
  await page.getByLabel('choose a file').setInputFiles({
    name: 'a11y-accounts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await expect(page.getByLabel('Company name column')).toHaveValue('Account Name');
  await checkState(page, 'accounts: preview and columns');

  await page.getByLabel('List name').fill(`A11y accounts ${Date.now()}`);
  await page.getByRole('button', { name: 'Start matching' }).click();
  await expect(page.getByTestId('import-progress')).toBeVisible();
  await checkState(page, 'accounts: matching');
  await expect(page.getByTestId('import-progress')).toHaveAttribute('data-status', 'completed', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('invalid-rows').or(page.getByTestId('ambiguous-row')).first()).toBeVisible();
  await checkState(page, 'accounts: done, rows to review');

  // The lists: one open with its companies; the enrichment drawer.
  const first = page.getByTestId('account-list').first();
  await first.getByRole('button', { expanded: false }).click();
  await expect(
    page
      .getByRole('list', { name: /^Companies in / })
      .or(page.getByText(/No companies/))
      .first(),
  ).toBeVisible();
  await checkState(page, 'accounts: a list open');
  await first.getByRole('button', { name: /^Enrich / }).click();
  const drawer = page.getByRole('dialog', { name: 'Enrich an account list' });
  await expect(drawer.getByTestId('enrich-cost')).toBeVisible();
  await checkState(page, 'accounts: enrich drawer (preset)');
  await drawer.getByRole('radio', { name: /Sections I choose/ }).check();
  await checkState(page, 'accounts: enrich drawer (sections)');
  await page.keyboard.press('Escape');

  // The list builder's In CRM menu, and a list marked.
  await page.goto('/?size=20');
  await settled(page);
  await page.getByRole('button', { name: /^In CRM/ }).click();
  const menu = page.getByRole('dialog', { name: 'Accounts in your CRM' });
  await expect(menu.getByRole('radio').first()).toBeVisible();
  await checkState(page, 'list: In CRM menu');
  await menu.getByText('Mark', { exact: true }).first().click();
  await page.keyboard.press('Escape');
  await expect(grid(page).getByRole('columnheader', { name: 'In CRM' })).toBeVisible();
  await settled(page);
  await checkState(page, 'list: In CRM column');
});
