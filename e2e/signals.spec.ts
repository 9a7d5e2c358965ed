import type { Locator, Page } from '@playwright/test';
import { checkState } from './fixtures/axe';
import { grid } from './fixtures/list';
import { expect, test } from './fixtures/test';

/**
 * The company page's signal tabs (decisions section 15): Growth, Jobs and Traffic each say their
 * price before they are opened, then show what they cost, their data, and the table behind each
 * chart; each state passes axe. A screenshot of each tab goes to the journey's output folder.
 */

function tab(page: Page, name: string): Locator {
  return page.getByRole('tab', { name: new RegExp(`^${name}`) });
}

/** Opens a tab and waits until its panel shows what its data cost (it loaded). */
async function openTab(page: Page, name: string): Promise<Locator> {
  await tab(page, name).click();
  await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByTestId('cost-note').first()).toBeVisible({ timeout: 20_000 });
  await expect(panel.locator('[aria-busy="true"]')).toHaveCount(0);
  return panel;
}

async function screenshot(page: Page, name: string): Promise<void> {
  // The page's first 1,500 px: the header, the tabs and the top of the panel.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: test.info().outputPath(`signals-${name}.png`),
    fullPage: true,
    clip: { x: 0, y: 0, width: 1440, height: 1500 },
  });
}

/** Each body row's cells, as text. */
async function rows(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').trim())),
    );
}

const COST = /^(Cost [\d.]+ credits?|Already stored, no charge|From cache, no charge)$/;

test('a company’s Growth, Jobs and Traffic tabs: price first, then the data and the table behind each chart', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The largest companies: growing ones hire, and every one has a website.
  await page.goto('/?size=20&sort_by=revenue_estimate');
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  await grid(page).getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The price of each tab, before it is opened (decisions section 15), or "Stored" where the team's
  // store holds it already (another journey of the run, or an earlier run, may have opened it).
  await expect(tab(page, 'Growth')).toContainText(/2\.5 credits|Stored/);
  await expect(tab(page, 'Jobs')).toContainText(/≤ 5 credits|Stored/);
  await expect(tab(page, 'Traffic')).toContainText(/1 credit|Stored/);

  // Growth: the headcount and its change over four periods, the chart and its table, the functions.
  const growth = await openTab(page, 'Growth');
  await expect(page).toHaveURL(/tab=growth/);
  await expect(growth.getByTestId('cost-note')).toHaveText(
    /^(Cost 2\.5 credits|Already stored, no charge|From cache, no charge)$/,
  );
  const periods = growth.getByRole('region', { name: 'Headcount', exact: true }).getByTestId('growth-period');
  await expect(periods).toHaveCount(4);
  await expect(periods.first()).toContainText('3 months');
  await expect(periods.last()).toContainText('24 months');
  const over = growth.getByRole('region', { name: 'Headcount over time' });
  await expect(over.getByRole('img', { name: 'Headcount over time' })).toBeVisible();
  await over.getByRole('button', { name: 'Show as a table' }).click();
  const headcounts = await rows(over.getByRole('table', { name: 'Headcount over time' }));
  expect(headcounts.length).toBe(5);
  for (const [date, count] of headcounts) {
    expect(date).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(count).toMatch(/^[\d,]+$/);
  }
  const functions = await rows(
    growth.getByRole('region', { name: 'Workforce by function' }).getByRole('table'),
  );
  expect(functions.length).toBeGreaterThan(0);
  await checkState(page, 'company: Growth, chart as a table');
  await screenshot(page, 'growth');

  // Jobs: the roles, their counts by function, and the filters.
  const jobs = await openTab(page, 'Jobs');
  await expect(page).toHaveURL(/tab=jobs/);
  const shown = jobs.getByTestId('jobs-shown');
  await expect(shown).toHaveText(/^[\d,]+ roles?$/);
  const loaded = Number((await shown.textContent())?.replace(/\D/g, ''));
  expect(loaded).toBeGreaterThan(0);
  // Charged 0.1 a role returned, at least 0.5: what the note says is what the roles loaded cost.
  await expect(jobs.getByTestId('cost-note')).toHaveText(
    new RegExp(
      `^(Cost ${String(Math.round(Math.max(0.5, loaded * 0.1) * 100) / 100).replace('.', '\\.')} credits?|Already stored, no charge|From cache, no charge)$`,
    ),
  );
  const table = jobs.getByRole('table', { name: /^Open roles, newest first/ });
  expect((await rows(table)).length).toBe(loaded);
  const counts = jobs.getByRole('region', { name: 'Open roles by function' }).getByTestId('function-count');
  expect(await counts.count()).toBeGreaterThan(0);
  await checkState(page, 'company: Jobs');
  await screenshot(page, 'jobs');

  // A function: every row shown is of it, as many as its count says.
  const fn = jobs.getByRole('combobox', { name: 'Function' });
  const option = (await fn.locator('option').nth(1).textContent()) ?? '';
  const [, label, count] = /^(.*) \(([\d,]+)\)$/.exec(option) ?? [];
  await fn.selectOption({ index: 1 });
  const ofFunction = await rows(table);
  expect(ofFunction.length).toBe(Number(count?.replace(/,/g, '')));
  expect(new Set(ofFunction.map((r) => r[1]))).toEqual(new Set([label]));
  // Then a place on top of it (the first one offered): every row shown is there.
  const place = jobs.getByRole('combobox', { name: 'Place' });
  const places = await place.locator('option').allTextContents();
  if (places.length > 1) {
    await place.selectOption({ index: 1 });
    const where = (places[1] ?? '').replace(/ \([\d,]+\)$/, '');
    const inPlace = jobs.getByTestId('job');
    const n = await inPlace.count();
    const cells = n > 0 ? await rows(table) : [];
    for (const r of cells) {
      expect(r[1]).toBe(label);
      if (where === 'Remote') expect(r[3]).toMatch(/Remote/);
      else expect(r[3]).toContain(where);
    }
    if (n === 0) await expect(jobs.getByText(/No role of this function in this place/)).toBeVisible();
    await checkState(page, 'company: Jobs, filtered');
    await jobs.getByRole('button', { name: 'Clear filters' }).click();
  }
  await expect(shown).toHaveText(new RegExp(`^${loaded.toLocaleString('en-US')} roles?$`));

  // More roles, when the company has them: they join the list, and the note adds up their cost.
  const more = jobs.getByRole('button', { name: /^Load \d+ more roles$/ });
  if ((await more.count()) > 0) {
    const next = Number((await more.textContent())?.replace(/\D/g, ''));
    await more.click();
    await expect(shown).toHaveText(`${(loaded + next).toLocaleString('en-US')} roles`);
    expect((await rows(table)).length).toBe(loaded + next);
  }

  // Traffic: twelve months of visits, their table, the sources and engagement.
  const traffic = await openTab(page, 'Traffic');
  await expect(page).toHaveURL(/tab=traffic/);
  await expect(traffic.getByTestId('cost-note')).toHaveText(
    /^(Cost 1 credit|Already stored, no charge|From cache, no charge)$/,
  );
  const visits = traffic.getByRole('region', { name: 'Monthly visits' });
  await expect(visits.getByRole('img', { name: 'Monthly website visits' })).toBeVisible();
  await visits.getByRole('button', { name: 'Show as a table' }).click();
  const months = await rows(visits.getByRole('table', { name: 'Monthly website visits' }));
  expect(months.length).toBe(12);
  for (const [month, n] of months) {
    expect(month).toMatch(/^[A-Z][a-z]{2} \d{4}$/);
    expect(n).toMatch(/^[\d,]+$/);
  }
  await expect(
    traffic.getByRole('list', { name: 'Share of visits by source' }).getByRole('listitem'),
  ).toHaveCount(6);
  await expect(traffic.getByRole('region', { name: 'Engagement' })).toContainText('Bounce rate');
  await checkState(page, 'company: Traffic, chart as a table');
  await screenshot(page, 'traffic');

  // Back to Growth: answered from the page's cache, nothing asked again.
  let asked = false;
  page.on('request', (r) => {
    if (r.url().includes('/company/headcount-trends')) asked = true;
  });
  await openTab(page, 'Growth');
  await expect(growth.getByTestId('growth-period')).toHaveCount(4);
  expect(asked).toBe(false);
  expect(await page.getByRole('tabpanel').getByTestId('cost-note').textContent()).toMatch(COST);
});
