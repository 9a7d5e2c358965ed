import { addSection, columnTexts, csvColumn, exportAll, grid, urlState } from './fixtures/list';
import { expect, test } from './fixtures/test';

const SIZE = 'firmographic.headcount_range';

test('describe a list by company size, see the Employees chip and only 51–200 rows, sorted by employees, exported, then newest first', async ({
  page,
}) => {
  await page.goto('/?size=20');
  const filters = page.getByRole('complementary', { name: 'Filters' });
  const summary = page.getByRole('region', { name: 'Active filters' });

  // Describe: the size words become the Employees filter (50-200 covers the band 51–200).
  const sized = page.waitForRequest(
    (r) =>
      r.url().includes('/api/v1/list/generate/companies') &&
      JSON.stringify(r.postDataJSON()?.filters ?? {}).includes(SIZE),
  );
  await page
    .getByRole('textbox', { name: 'Describe the companies' })
    .fill('software companies in Germany with 50-200 employees');
  await page.getByRole('button', { name: 'Build filters' }).click();
  const understood = page.getByRole('list', { name: 'Understood from your description' });
  await expect(understood.getByRole('listitem').filter({ hasText: '50-200 employees' })).toHaveText(
    /^“[^”]*50-200 employees[^”]*” → Employees: 51–200$/,
  );
  await expect(understood.getByRole('listitem').filter({ hasText: 'HQ in Germany' })).toHaveCount(1);
  await expect.poll(() => urlState(page, 'filters')?.[SIZE]).toEqual(['51-200']);
  expect(urlState(page, 'exclude')).toBeUndefined();

  // The editor and the summary show it like any other filter.
  const employees = filters.getByRole('group', { name: 'Employees' });
  await expect(employees.getByRole('checkbox', { name: '51–200' })).toBeChecked();
  await expect(employees.getByRole('checkbox', { name: '11–50' })).not.toBeChecked();
  await expect(summary.getByRole('listitem').filter({ hasText: 'Employees: 51–200' })).toHaveCount(1);

  // The list starts in employee order with the filter on; the sort stays the user's to change.
  const request = (await sized).postDataJSON() as Record<string, unknown>;
  expect(request).toMatchObject({ sort_by: 'employee_range', filters: { [SIZE]: ['51-200'] } });
  await expect(page.getByLabel('Sort by')).toBeEnabled();
  await expect(page.getByLabel('Sort by')).toHaveValue('employee_range');

  // The Employees column: every company of the page is 51–200.
  await addSection(page, 'Firmographic');
  await expect(grid(page).getByRole('columnheader', { name: 'Employees' })).toBeVisible();
  const shown = await columnTexts(page, 'Employees');
  expect(shown.length).toBeGreaterThan(0);
  expect(new Set(shown)).toEqual(new Set(['51-200']));
  await expect(grid(page).getByRole('columnheader', { name: 'Employees' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const found = Number(
    ((await page.getByText(/^\d[\d,]*\+? found$/).textContent()) ?? '').replace(/\D/g, ''),
  );
  expect(found).toBeGreaterThan(0);

  // The direction is the user's: smallest first.
  const ascending = page.waitForRequest(
    (r) => r.url().includes('/api/v1/list/generate/companies') && r.postDataJSON()?.sort_order === 'asc',
  );
  await page.getByRole('button', { name: 'Descending: sort ascending instead' }).click();
  expect((await ascending).postDataJSON()).toMatchObject({ sort_by: 'employee_range', sort_order: 'asc' });

  // Export everything: the same request (filters, employee order), every row 51-200.
  const { rows, request: exportRequest } = await exportAll(page);
  expect(exportRequest.postDataJSON()).toMatchObject({
    request: { filters: { [SIZE]: ['51-200'] }, sort_by: 'employee_range', sort_order: 'asc' },
  });
  const sizes = csvColumn(rows, 'Employees');
  expect(sizes).toHaveLength(Math.min(found, 500));
  expect(new Set(sizes)).toEqual(new Set(['51-200']));

  // "51-200 employees, newest first": the Founded header sorts (newest first), still only 51–200,
  // and no word of employee order (the BFF placed them in that order itself).
  const newest = page.waitForRequest(
    (r) =>
      r.url().includes('/api/v1/list/generate/companies') && r.postDataJSON()?.sort_by === 'founded_year',
  );
  await grid(page).getByRole('columnheader', { name: 'Founded' }).getByRole('button').click();
  expect((await newest).postDataJSON()).toMatchObject({ sort_by: 'founded_year', sort_order: 'desc' });
  await expect(grid(page).getByRole('columnheader', { name: 'Founded' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect.poll(async () => new Set(await columnTexts(page, 'Employees'))).toEqual(new Set(['51-200']));
  const years = (await columnTexts(page, 'Founded')).map(Number).filter((y) => y > 0);
  expect(years.length).toBeGreaterThan(1);
  expect([...years].sort((a, b) => b - a)).toEqual(years);
  await expect(page.getByText(/^Sorted by employees/)).toHaveCount(0);
  await expect(page.getByText(`${found} found`, { exact: false })).toBeVisible();

  // Reload: the same list, filter and sort.
  await page.reload();
  await expect(
    filters.getByRole('group', { name: 'Employees' }).getByRole('checkbox', { name: '51–200' }),
  ).toBeChecked();
  await expect(page.getByLabel('Sort by')).toHaveValue('founded_year');
  expect(new Set(await columnTexts(page, 'Employees'))).toEqual(new Set(['51-200']));
});

test('company size alone is no dead end: companies of the band gathered slice by slice', async ({ page }) => {
  // 51-200 employees with nothing else lies beyond the first 500 by employees either way: the BFF
  // gathers up to 500 of the band from slices of the list (docs/product-rules.md, section 14).
  const size = encodeURIComponent(JSON.stringify({ [SIZE]: ['51-200'] }));
  await page.goto(`/?size=20&filters=${size}`);
  await expect(grid(page).getByRole('row')).not.toHaveCount(0);
  await expect(page.getByRole('region', { name: 'List too broad' })).toHaveCount(0);
  await expect(page.getByLabel('Sort by')).toHaveValue('employee_range');
  await addSection(page, 'Firmographic');
  await expect(grid(page).getByRole('columnheader', { name: 'Employees' })).toBeVisible();
  expect(new Set(await columnTexts(page, 'Employees'))).toEqual(new Set(['51-200']));
});

test('a size typed in the Employees box ticks the bands it covers', async ({ page }) => {
  // A list within reach of the 500 served (companies in Germany): the whole data set's band would be
  // gathered slice by slice.
  const germany = encodeURIComponent(JSON.stringify({ 'location.hq.country': ['DEU'] }));
  await page.goto(`/?size=20&filters=${germany}`);
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await filters.getByRole('textbox', { name: 'Or type a range of employees' }).fill('50-200');
  await page.keyboard.press('Enter');
  await expect(filters.getByRole('checkbox', { name: '51–200' })).toBeChecked();
  await expect
    .poll(() => urlState(page, 'filters'))
    .toEqual({ 'location.hq.country': ['DEU'], [SIZE]: ['51-200'] });
  await expect(grid(page).getByRole('row')).not.toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Active filters' })).toContainText('Employees: 51–200');
});
