import { addSection, columnTexts, csvColumn, exportAll, grid, urlState } from './fixtures/list';
import { expect, test } from './fixtures/test';

const COUNTRY = 'location.hq.country';

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
