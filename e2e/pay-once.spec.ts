import { AS_OF_HEADER, CREDITS_SAVED_HEADER, readAsOf } from '../bff/contract/company-store';
import { checkState } from './fixtures/axe';
import { grid, pressDownload } from './fixtures/list';
import { expect, test } from './fixtures/test';

/**
 * Free to look, pay once: the web app spends only when asked. A section ticked in Columns waits for
 * its priced button; what the team's company store holds comes back free (and the header says what
 * was saved); the export menu prices each choice and asks before a large export; every row and the
 * company page say when their data was fetched. The server's data directory outlives a run, so the
 * figures are read as "what the store holds is free", never as a first-time price.
 */

// A list no other journey asks for: companies with M&A data (5 credits a company), 20 to a page.
const LIST = `/?size=20&sort_by=founded_year&sort_order=asc&filters=${encodeURIComponent(
  JSON.stringify({ 'firmographic.company_type': ['private'] }),
)}`;

test('a ticked section waits for its priced button; the same page again is free and says so', async ({
  page,
}) => {
  test.slow();
  await page.goto(LIST);
  await expect(grid(page)).toHaveAttribute('aria-rowcount', '21');

  await page.getByRole('button', { name: /^Columns/ }).click();
  const chooser = page.getByRole('dialog', { name: 'Columns' });
  // Nothing is bought while the choice waits: no list call from the first tick until its price shows.
  let listCalls = 0;
  const onRequest = (r: { url(): string }) => {
    if (r.url().includes('/list/generate/companies')) listCalls++;
  };
  page.on('request', onRequest);
  await chooser.getByRole('checkbox', { name: 'Digital presence' }).check();
  await chooser.getByRole('checkbox', { name: 'Trust signals' }).check();
  const add = chooser.getByRole('button', { name: /^Add 2 sections to 20 rows: / });
  await expect(add).toHaveText(/: (free, already stored|[\d.,]+ credits?)$/);
  page.off('request', onRequest);
  expect(listCalls).toBe(0);
  await checkState(page, 'Columns with a priced choice waiting');
  // Cancel leaves the list as it was.
  await chooser.getByRole('button', { name: 'Cancel' }).click();
  await expect(chooser.getByRole('checkbox', { name: 'Trust signals' })).not.toBeChecked();
  await chooser.getByRole('checkbox', { name: 'Digital presence' }).check();
  await chooser.getByRole('button', { name: /^Add 1 section to 20 rows: / }).click();
  await expect(chooser).toBeHidden();
  await expect(grid(page).getByRole('columnheader', { name: 'Social profiles' })).toBeVisible();
  await expect(page.getByText(/^This page: /)).toHaveText(
    /^This page: ([\d.,]+ credits? spent(, [\d.,]+ saved)?|already stored, no credits spent|cached, no credits spent)$/,
  );
  // Every row says when its data was fetched.
  await expect(grid(page).getByRole('link').first()).toHaveAttribute(
    'title',
    /\nData as of [A-Z][a-z]{2} \d{1,2}(, \d{4})?$/,
  );

  // The same page in a new tab (nothing in its memory): the team's store serves it, free.
  const again = await page.context().newPage();
  const answer = again.waitForResponse((r) => r.url().includes('/list/generate/companies'));
  await again.goto(page.url());
  const res = await answer;
  expect(readAsOf(res.headers()[AS_OF_HEADER])).toHaveLength(20);
  expect(((await res.json()) as { credits_consumed: number }).credits_consumed).toBe(0);
  await expect(again.getByText(/^This page: (already stored|cached), no credits spent$/)).toBeVisible();
  if (Number(res.headers()[CREDITS_SAVED_HEADER] ?? 0) > 0) {
    // What it saved shows beside today's spend.
    await expect(again.getByTestId('saved-today')).toHaveText(/^Saved [\d.,]+ today$/);
  }
  await checkState(again, 'the list served from the store, the saving in the header');
  await again.close();
});

test('the export menu prices each choice, asks before spending more than 100 credits, and what it bought is then free', async ({
  page,
}) => {
  test.slow();
  await page.goto(
    `${LIST}&columns=${encodeURIComponent(JSON.stringify(['name', 'website', 'mna_and_investment.acquisitions']))}`,
  );
  await expect(grid(page)).toHaveAttribute('aria-rowcount', '21');
  await grid(page)
    .getByRole('checkbox', { name: /^Select (?!all)/ })
    .first()
    .check();

  await page.getByRole('button', { name: 'Export CSV' }).click();
  const menu = page.getByRole('dialog', { name: 'Export CSV' });
  // Each choice with its price, before anything is downloaded.
  const price = /· (free: stored|~?[\d.,]+ credits?)$/;
  const all = menu.getByRole('radio', { name: /^All results/ });
  const selected = menu.getByRole('radio', { name: /^Only the 1 selected/ });
  await expect(all).toHaveAccessibleName(price);
  await expect(selected).toHaveAccessibleName(price);
  await expect(menu.getByRole('radio', { name: /^HubSpot companies/ })).toHaveAccessibleName(price);
  await expect(menu.getByTestId('export-price')).toContainText('This file:');

  // All of a 500-row list with M&A (5 credits a company): asked first; Cancel downloads nothing.
  let downloads = 0;
  page.on('download', () => downloads++);
  await menu.getByRole('button', { name: 'Download CSV' }).click();
  const question = menu.getByRole('group', { name: 'Confirm the export' });
  await expect(question).toContainText(/This export costs ~?[\d,.]+ credits\. Download it\?/);
  await expect(question.getByRole('button', { name: /^Spend / })).toBeFocused();
  await checkState(page, 'the export menu asking before a large export');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(menu.getByRole('button', { name: 'Download CSV' })).toBeFocused();
  expect(downloads).toBe(0);

  // The selected company: downloaded (asked first when above the line).
  await selected.check();
  const [download] = await Promise.all([page.waitForEvent('download'), pressDownload(menu)]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  await expect(menu.getByRole('status')).toContainText('(1 rows)');
  // What that export bought, the team's store now holds: the same file again is free.
  await expect(selected).toHaveAccessibleName(/· free: stored$/);
  await expect(menu.getByTestId('export-price')).toHaveText(
    'This file: free, your team already has this data',
  );
});

test('the company page says when its data was fetched', async ({ page }) => {
  await page.goto(LIST);
  await grid(page).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/companies\/[^/?]+$/);
  const profile = page.getByRole('region', { name: 'Company profile' });
  await expect(profile.getByTestId('cost-note')).toHaveText(
    /^(Cost [\d.]+ credits?|Already stored, no charge|From cache, no charge)$/,
  );
  await expect(profile.getByTestId('as-of')).toHaveText(/^as of [A-Z][a-z]{2} \d{1,2}(, \d{4})?$/);
  // Data more than a day old (kept from an earlier day's run) is offered a refresh at its price;
  // once refreshed, it is today's, and no refresh is offered.
  const refresh = profile.getByRole('button', { name: /^Refresh \([\d.]+ credits?\)$/ });
  if ((await refresh.count()) > 0) {
    await refresh.click();
    await expect(profile.getByTestId('cost-note')).toHaveText(/^Cost [\d.]+ credits?$/);
  }
  await expect(refresh).toHaveCount(0);
  const today = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }).format(new Date());
  await expect(profile.getByTestId('as-of')).toHaveText(new RegExp(`^as of ${today}$`));
  await checkState(page, 'a company page saying when its data was fetched');
});
