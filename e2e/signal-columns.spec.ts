import { readFile } from 'node:fs/promises';
import { parseCsv } from '../bff/testing/parse-csv';
import { checkState } from './fixtures/axe';
import { columnTexts, csvColumn, grid, pressDownload } from './fixtures/list';
import { expect, test } from './fixtures/test';

/**
 * The signal columns (issue 36, docs/decisions/0031-signal-columns.md): "Headcount growth (12 months)"
 * and "Open roles" ticked in the grid's Columns drawer say their price before anything is bought, show
 * their values in the grid once added, and go into the CSV export as plain numbers, equal to the
 * grid's. The server's data folder outlives a run: a second run finds the signals stored, so each
 * price is read as "a price, or free because stored".
 */

// A list no other journey asks for: Canadian companies by name, 20 to a page.
const LIST = `/?size=20&sort_by=name&sort_order=asc&filters=${encodeURIComponent(
  JSON.stringify({ 'location.hq.country': ['CAN'] }),
)}`;
const GROWTH = 'Headcount growth (12 months)';
const ROLES = 'Open roles';

/** A cell's number as the grid shows it ("1,234", "-5.2"), or null when empty. */
function shown(text: string): number | null {
  const t = text
    .replace(/,/g, '')
    .replace(/\u2212/g, '-')
    .trim();
  return t === '' || t === '—' ? null : Number(t);
}

test('signal columns: priced in Columns first, then values in the grid and the same numbers in the CSV', async ({
  page,
}) => {
  test.slow();
  await page.goto(LIST);
  await expect(grid(page)).toHaveAttribute('aria-rowcount', '21');
  const names = await columnTexts(page, 'Company');

  await page.getByRole('button', { name: /^Columns/ }).click();
  const chooser = page.getByRole('dialog', { name: 'Columns' });
  const signals = chooser.getByRole('region', { name: 'Signals' });
  // Each signal says its price per company before it is ticked.
  await expect(signals.getByText('+2.5 credits / company').first()).toBeVisible();
  await expect(signals.getByText('+≤ 0.5 credits / company')).toBeVisible();

  // Ticking is a choice: nothing is bought while it waits for its priced button.
  const bought = page.waitForRequest((r) => r.url().endsWith('/bff/companies/signals'), { timeout: 2_000 });
  await signals.getByRole('checkbox', { name: GROWTH }).check();
  await signals.getByRole('checkbox', { name: ROLES }).check();
  await expect(bought).rejects.toThrow();
  await expect(grid(page).getByRole('columnheader', { name: GROWTH })).toHaveCount(0);
  const add = chooser.getByRole('button', { name: /^Add 2 signals to 20 rows/ });
  // Growth (2.5) and open roles (at most 0.5) for 20 rows: at most 60 credits, less what is stored.
  await expect(add).toHaveText(/^Add 2 signals to 20 rows: (free, already stored|~[\d.,]+ credits?)$/);
  const price = /: ~([\d.,]+) credits?$/.exec((await add.textContent()) ?? '');
  if (price) expect(Number(price[1]!.replace(/,/g, ''))).toBeLessThanOrEqual(60);
  await checkState(page, 'Columns with two signal columns priced, waiting');

  await add.click();
  await expect(chooser).toBeHidden();
  await expect(grid(page).getByRole('columnheader', { name: GROWTH })).toBeVisible();
  await expect(grid(page).getByRole('columnheader', { name: ROLES })).toBeVisible();
  // The values arrive for the rows on screen: growth in percent, open roles as whole numbers.
  await expect
    .poll(async () => (await columnTexts(page, ROLES)).filter((t) => t !== '').length, { timeout: 30_000 })
    .toBe(20);
  const growth = (await columnTexts(page, GROWTH)).map(shown);
  const roles = (await columnTexts(page, ROLES)).map(shown);
  expect(growth.filter((g) => g !== null).length).toBeGreaterThan(0);
  for (const g of growth) if (g !== null) expect(g).toBeGreaterThanOrEqual(-100);
  for (const r of roles) expect(Number.isInteger(r) && r! >= 0, `open roles ${r}`).toBe(true);
  await checkState(page, 'the grid with signal columns');

  // The CSV of the 20 rows carries both columns, as plain numbers equal to the grid's.
  await grid(page).getByRole('checkbox', { name: 'Select all companies on this page' }).check();
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const menu = page.getByRole('dialog', { name: 'Export CSV' });
  const selected = menu.getByRole('radio', { name: /^Only the 20 selected/ });
  await selected.check();
  await expect(selected).toHaveAccessibleName(/· (free: stored|~?[\d.,]+ credits?)$/);
  await checkState(page, 'the export menu with signal columns');
  const [download] = await Promise.all([page.waitForEvent('download'), pressDownload(menu)]);
  const rows = parseCsv(await readFile(await download.path(), 'utf8'));
  await expect(menu.getByRole('status')).toContainText('Saved');
  expect(rows.length).toBe(21);
  const csvNames = csvColumn(rows, 'Company');
  const csvGrowth = csvColumn(rows, GROWTH);
  const csvRoles = csvColumn(rows, ROLES);
  expect([...csvNames].sort()).toEqual([...names].sort());
  names.forEach((name, i) => {
    const at = csvNames.indexOf(name);
    expect(csvGrowth[at], `${name}: growth`).toMatch(/^(-?\d+(\.\d+)?)?$/);
    expect(csvGrowth[at] === '' ? null : Number(csvGrowth[at]), `${name}: growth`).toBe(growth[i]);
    expect(csvRoles[at], `${name}: open roles`).toMatch(/^\d+$/);
    expect(Number(csvRoles[at]), `${name}: open roles`).toBe(roles[i]);
  });
});
