import { checkState } from './fixtures/axe';
import { grid } from './fixtures/list';
import { expect, test } from './fixtures/test';

/**
 * The Signals group's "Every match, not just the first 500" (docs/decisions/0032-screening-every-match.md):
 * a draft priced before anything is spent, applied with its signal, kept in the URL, and the group
 * then says how many of all the list's companies passed. The server's data folder and its few
 * minutes' memory outlive a run: a second run may find the screening made or its data stored, so
 * the price is read as "a price, or nothing because screened".
 */

// Companies with an HQ in the United States: more than 500 of the journeys' 5,000.
const LIST = `/?size=20&filters=${encodeURIComponent(JSON.stringify({ 'location.hq.country': ['USA'] }))}`;

test('signal filters on every match: priced first, applied, and the count of all that passed', async ({
  page,
}) => {
  test.slow();
  await page.goto(LIST);
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  const group = page.getByRole('region', { name: /^Signals/ });
  await page.getByRole('button', { name: /^Signals/ }).click();
  await group.getByRole('textbox', { name: 'At least', exact: true }).fill('100000');
  await expect(group.getByText(/^Screening up to 500 companies: up to [\d,.]+ credits?\.$/)).toBeVisible();

  // Nothing is screened while the draft waits for Apply.
  const screening = page.waitForRequest((r) => r.url().includes('/company/website-traffic'), {
    timeout: 2_000,
  });
  await group.getByRole('checkbox', { name: /^Every match, not just the first 500/ }).check();
  await expect(
    group.getByText(
      /^(Screening every match, up to 5,000 companies: up to [\d,.]+ credits?\.|Screened a few minutes ago: applying it again costs nothing\.)$/,
    ),
  ).toBeVisible();
  await expect(screening).rejects.toThrow();
  expect(new URL(page.url()).searchParams.get('screen')).toBeNull();
  await checkState(page, 'Signals: every match priced, waiting');

  const answer = page.waitForResponse(
    (r) => r.url().includes('/list/generate/companies') && r.request().method() === 'POST',
    { timeout: 120_000 },
  );
  await group.getByRole('button', { name: 'Apply signals' }).click();
  expect((await answer).status()).toBe(200);
  await expect(page).toHaveURL(/[?&]screen=all/);
  const passed = group.getByText(/ of all [\d,]+ companies pass/);
  await expect(passed).toBeVisible({ timeout: 120_000 });
  const [, n, of] =
    /— ([\d,]+) of all ([\d,]+) companies pass/.exec((await passed.textContent()) ?? '') ?? [];
  const all = Number(of?.replace(/,/g, ''));
  const pass = Number(n?.replace(/,/g, ''));
  expect(all, 'every match of a list past 500 was screened').toBeGreaterThan(500);
  expect(pass).toBeGreaterThan(0);
  expect(pass).toBeLessThan(all);
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  await expect(grid(page)).toHaveAttribute('aria-rowcount', String(Math.min(pass, 20) + 1));
  await checkState(page, 'Signals: every match applied');
});
