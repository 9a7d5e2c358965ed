import type { Page } from '@playwright/test';
import { checkState } from './fixtures/axe';
import { addSection, columnTexts, csvColumn, exportAll, grid, urlState } from './fixtures/list';
import { expect, test } from './fixtures/test';

const COUNTRY = 'location.hq.country';
const NOT_BACKED_BY = 'funding_detail.funding_rounds.investors.uuid';

test('describe a list that leaves a country out: the "not in United States" chip, no US company in the grid or the CSV', async ({
  page,
}) => {
  await page.goto('/?size=20');
  const filters = page.getByRole('complementary', { name: 'Filters' });
  const summary = page.getByRole('region', { name: 'Active filters' });

  const excluded = page.waitForRequest(
    (r) => r.url().includes('/api/v1/list/generate/companies') && r.postDataJSON()?.exclude !== undefined,
  );
  await page.getByRole('textbox', { name: 'Describe the companies' }).fill('fintech companies not in the US');
  await page.getByRole('button', { name: 'Build filters' }).click();

  // The negated phrase is a chip of what the list leaves out, never an "in the US" filter.
  const understood = page.getByRole('list', { name: 'Understood from your description' });
  const chip = understood.getByRole('listitem').filter({ hasText: 'not in United States' });
  await expect(chip).toHaveText(/^“[^”]*not[^”]*” → HQ not in United States$/i);
  await expect(understood).not.toContainText('→ HQ in United States');
  await expect.poll(() => urlState(page, 'exclude')).toEqual({ [COUNTRY]: ['USA'] });
  expect(urlState(page, 'filters')?.[COUNTRY]).toBeUndefined();
  expect((await excluded).postDataJSON()).toMatchObject({ exclude: { [COUNTRY]: ['USA'] } });

  // The editor: HQ country is "is none of" United States, and says what that also leaves out.
  const match = filters.getByRole('radiogroup', { name: 'HQ country: match' });
  await expect(match.getByRole('radio', { name: 'is none of' })).toBeChecked();
  await expect(filters.getByRole('button', { name: 'Remove United States' })).toBeVisible();
  await expect(filters.getByText('Also leaves out companies whose country is unknown.')).toBeVisible();
  await expect(summary.getByRole('listitem').filter({ hasText: 'HQ not in United States' })).toHaveCount(1);

  // The grid: no company headquartered in the United States, and none of unknown country.
  await addSection(page, 'Location');
  await expect(grid(page).getByRole('columnheader', { name: 'HQ country' })).toBeVisible();
  const countries = await columnTexts(page, 'HQ country');
  expect(countries.length).toBeGreaterThan(0);
  expect(countries).not.toContain('United States');
  expect(countries).not.toContain('');

  // The CSV of the whole list: the same.
  const { rows, request } = await exportAll(page);
  expect(request.postDataJSON()).toMatchObject({ request: { exclude: { [COUNTRY]: ['USA'] } } });
  const csvCountries = csvColumn(rows, 'HQ country');
  expect(csvCountries.length).toBeGreaterThan(0);
  expect(csvCountries).not.toContain('United States');
  expect(csvCountries).not.toContain('');

  // Reload keeps the exclusion; removing its chip from the summary brings the list back whole.
  await page.reload();
  await expect(
    filters.getByRole('radiogroup', { name: 'HQ country: match' }).getByRole('radio', { name: 'is none of' }),
  ).toBeChecked();
  await summary.getByRole('button', { name: 'Remove exclusion: HQ not in United States' }).click();
  await expect.poll(() => urlState(page, 'exclude')).toBeUndefined();
  await expect(filters.getByRole('button', { name: 'Remove United States' })).toBeHidden();
});

test('"is none of" in the editor leaves the picked country out, by keyboard', async ({ page }) => {
  await page.goto('/?size=20');
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await filters.getByRole('button', { name: /^Location/ }).click();
  const country = filters.getByRole('combobox', { name: 'HQ country' });
  await country.fill('united states');
  await page.keyboard.press('Enter');
  await expect.poll(() => urlState(page, 'filters')).toEqual({ [COUNTRY]: ['USA'] });

  const any = filters
    .getByRole('radiogroup', { name: 'HQ country: match' })
    .getByRole('radio', { name: 'is any of' });
  await any.focus();
  await page.keyboard.press('ArrowRight');
  await expect(
    filters.getByRole('radiogroup', { name: 'HQ country: match' }).getByRole('radio', { name: 'is none of' }),
  ).toBeChecked();
  await expect.poll(() => urlState(page, 'exclude')).toEqual({ [COUNTRY]: ['USA'] });
  expect(urlState(page, 'filters')).toBeUndefined();
  await expect(page.getByRole('region', { name: 'Active filters' })).toContainText('HQ not in United States');

  await addSection(page, 'Location');
  const countries = await columnTexts(page, 'HQ country');
  expect(countries.length).toBeGreaterThan(0);
  expect(countries).not.toContain('United States');
});

/** Every name of a list column's cells (a cell shows a few chips; its title names them all). */
async function listCells(page: Page, header: string): Promise<string[]> {
  await columnTexts(page, header);
  const headers = (await grid(page).getByRole('columnheader').allTextContents()).map((h) => h.trim());
  const index = headers.indexOf(header);
  const rows = grid(page).getByRole('row');
  const out: string[] = [];
  for (let i = 1; i < (await rows.count()); i++) {
    const cell = rows.nth(i).getByRole('cell').nth(index);
    const titled = cell.locator('[title]');
    out.push(
      (await titled.count()) > 0
        ? ((await titled.first().getAttribute('title')) ?? '')
        : ((await cell.textContent()) ?? ''),
    );
  }
  return out;
}

test('investors "is none of" in the funding round: "Not backed by Sequoia Capital", no Sequoia-backed company, kept on reload', async ({
  page,
}) => {
  // A base list within 500 companies (an investor is left out by set difference over all of them),
  // with every round's investors in the grid.
  const base = {
    'location.hq.country': ['USA'],
    'funding_detail.funding_overview.funding_stage': ['series_b', 'series_c'],
  };
  const query = new URLSearchParams({
    size: '50',
    filters: JSON.stringify(base),
    columns: JSON.stringify(['name', 'funding_detail.investors']),
  });
  await page.goto(`/?${query}`);
  const filters = page.getByRole('complementary', { name: 'Filters' });
  const summary = page.getByRole('region', { name: 'Active filters' });
  const round = filters.getByRole('group', { name: 'A single funding round' });

  // Backed by Sequoia Capital: every company in the grid names it.
  await round.getByRole('combobox', { name: 'Investors in the round' }).fill('Sequoia');
  await round
    .getByRole('option', { name: /Sequoia Capital/ })
    .first()
    .click();
  await expect.poll(() => urlState(page, 'filters')?.['funding_detail.funding_rounds']).toBeDefined();
  const backed = await listCells(page, 'Investors');
  expect(backed.length).toBeGreaterThan(0);
  expect(backed.filter((names) => !names.includes('Sequoia Capital'))).toEqual([]);

  // "Is none of", by keyboard: the same investor is now what the list leaves out.
  const excluded = page.waitForRequest(
    (r) =>
      r.url().includes('/api/v1/list/generate/companies') &&
      r.postDataJSON()?.exclude?.[NOT_BACKED_BY] !== undefined,
  );
  const match = round.getByRole('radiogroup', { name: 'Investors: match' });
  await match.getByRole('radio', { name: 'is any of' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(match.getByRole('radio', { name: 'is none of' })).toBeChecked();
  await expect
    .poll(() => (urlState(page, 'exclude')?.[NOT_BACKED_BY] as string[] | undefined)?.length)
    .toBe(1);
  const ids = urlState(page, 'exclude')?.[NOT_BACKED_BY];
  expect(urlState(page, 'filters')).toEqual(base);
  expect((await excluded).postDataJSON()).toMatchObject({ exclude: { [NOT_BACKED_BY]: ids } });
  await expect(round.getByRole('combobox', { name: 'Investors to leave out' })).toBeVisible();
  await expect(round.getByRole('button', { name: 'Remove Sequoia Capital' })).toBeVisible();
  await expect(round.getByText(/^Not backed by these investors/)).toBeVisible();
  await expect(
    summary.getByRole('listitem').filter({ hasText: 'Not backed by Sequoia Capital' }),
  ).toHaveCount(1);
  await checkState(page, 'filters: investors "is none of" Sequoia Capital');

  // The grid: no company with a round naming Sequoia Capital.
  const left = await listCells(page, 'Investors');
  expect(left.length).toBeGreaterThan(0);
  expect(left.filter((names) => names.includes('Sequoia Capital'))).toEqual([]);

  // A reload keeps it; the summary's chip removes it, and the list is the base again.
  await page.reload();
  await expect(match.getByRole('radio', { name: 'is none of' })).toBeChecked();
  await expect(round.getByRole('button', { name: 'Remove Sequoia Capital' })).toBeVisible();
  await summary.getByRole('button', { name: 'Remove exclusion: Not backed by Sequoia Capital' }).click();
  await expect.poll(() => urlState(page, 'exclude')).toBeUndefined();
  expect(urlState(page, 'filters')).toEqual(base);
  await expect(round.getByRole('button', { name: 'Remove Sequoia Capital' })).toBeHidden();
});
