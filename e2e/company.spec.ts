import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/test';

function grid(page: Page): Locator {
  return page.getByRole('table', { name: 'Results' });
}

function tab(page: Page, name: string): Locator {
  return page.getByRole('tab', { name: new RegExp(`^${name}`) });
}

/** Opens a tab and waits until its panel shows what its data cost (it loaded). */
async function openTab(page: Page, name: string): Promise<Locator> {
  await tab(page, name).click();
  await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByTestId('cost-note').first()).toBeVisible();
  return panel;
}

/** The grid's own scroll box (rows and columns scroll in it, not in the window). */
function scrollBox(page: Page): Locator {
  return grid(page).locator('xpath=..');
}

/** Company names of the rendered body rows, from their selection checkboxes. */
async function rowNames(page: Page): Promise<string[]> {
  const labels = await grid(page)
    .getByRole('checkbox', { name: /^Select (?!all)/ })
    .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
  return labels.map((l) => l.replace(/^Select /, ''));
}

/** The list as it was left: page 2, the three rows selected, the grid scrolled to `top`. */
async function expectSameList(page: Page, listUrl: string, selected: string[], top: number) {
  await expect(page).toHaveURL(listUrl);
  await expect(page.getByText(/Page 2 of/)).toBeVisible();
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByText('3 selected')).toBeVisible();
  await expect.poll(() => scrollBox(page).evaluate((el) => el.scrollTop)).toBe(top);
  for (const name of selected.slice(2)) {
    await expect(grid(page).getByRole('checkbox', { name: `Select ${name}` })).toBeChecked();
  }
}

test('open a company from the grid, walk every tab, and go back to the same list', async ({ page }) => {
  await page.goto('/?size=50&sort_by=revenue_estimate');
  await expect(grid(page)).toHaveAttribute('aria-rowcount', '51');
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  // Select rows on two pages, and scroll the grid down page 2.
  const page1 = await rowNames(page);
  await grid(page)
    .getByRole('checkbox', { name: `Select ${page1[0]}` })
    .check();
  await grid(page)
    .getByRole('checkbox', { name: `Select ${page1[1]}` })
    .check();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText(/Page 2 of/)).toBeVisible();
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByText('2 selected')).toBeVisible();
  const top = 612;
  await scrollBox(page).evaluate((el, y) => el.scrollTo({ top: y }), top);
  await expect.poll(() => scrollBox(page).evaluate((el) => el.scrollTop)).toBe(top);
  // A row well below the top of page 2, in view now.
  const row = grid(page).locator('tr[aria-rowindex="22"]');
  await expect(row).toBeVisible();
  const name = (await row.getByRole('link').first().textContent())?.trim() ?? '';
  expect(name).not.toBe('');
  await row.getByRole('checkbox').check();
  await expect(page.getByText('3 selected')).toBeVisible();
  const selected = [page1[0]!, page1[1]!, name];
  const listUrl = page.url();
  const link = row.getByRole('link').first();

  // There and straight back (history): the same page, selection and scroll position.
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('link', { name: '← Back to the list' }).click();
  await expectSameList(page, listUrl, selected, top);
  await grid(page).locator('tr[aria-rowindex="22"]').getByRole('link').first().click();

  // The header: identity, and what it cost.
  await expect(page).toHaveURL(/\/companies\/[^/?]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // The header: what it cost (nothing when the team's store already holds the company) and when
  // its data was fetched.
  await expect(page.getByTestId('cost-note').first()).toHaveText(
    /Cost 2\.5 credits|Already stored, no charge|From cache/,
  );
  await expect(page.getByTestId('as-of').first()).toHaveText(/^as of [A-Z][a-z]{2} \d{1,2}(, \d{4})?$/);
  // Each tab says what it will cost before it is opened, or that the team's store already holds it
  // (a second run of the journeys on the same data).
  await expect(tab(page, 'Business model')).toContainText(/4 credits|Stored/);
  await expect(tab(page, 'News')).toContainText(/≤ 0\.2 credits|Stored/);

  // Overview (open by default): HQ and offices, industry codes with names.
  const overview = page.getByRole('tabpanel');
  await expect(
    overview.getByRole('region', { name: 'Location' }).getByText(/^Offices \(\d+\)$/),
  ).toBeVisible();
  await expect(overview.getByRole('region', { name: 'Industry' }).locator('code').first()).toHaveText(
    /^\d{2,6}$/,
  );

  const business = await openTab(page, 'Business model');
  await expect(page).toHaveURL(/tab=business/);
  await expect(business.getByRole('region', { name: 'Competitive moats' })).toBeVisible();
  await expect(business.getByRole('region', { name: 'Strengths' })).toBeVisible();

  // Arrow keys move along the tablist.
  await tab(page, 'Business model').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Signals')).toHaveAttribute('aria-selected', 'true');
  const signals = page.getByRole('tabpanel');
  await expect(signals.getByRole('region', { name: 'Partnerships' })).toBeVisible();
  await expect(signals.getByRole('region', { name: 'Management' })).toBeVisible();

  const funding = await openTab(page, 'Funding');
  await expect(funding.getByRole('region', { name: 'Totals' })).toBeVisible();

  // Products: the catalog is free; choosing a product loads its ratings and a page of reviews.
  const products = await openTab(page, 'Products and reviews');
  await expect(products.getByTestId('cost-note').first()).toHaveText(/Cost 0 credits|From cache/);
  const choices = products.getByRole('checkbox');
  await expect(choices.first()).toBeVisible();
  await choices.first().check();
  const product = products.getByRole('article').first();
  await expect(
    product.getByRole('region', { name: 'Ratings by provider' }).getByRole('figure').first(),
  ).toBeVisible();
  await expect(product.getByTestId('product-review').first()).toBeVisible();
  const firstReview = await product.getByTestId('product-review').first().textContent();
  await products.getByRole('button', { name: 'Next reviews' }).click();
  await expect(products.getByText(/^6–10 of [\d,]+ reviews$/)).toBeVisible();
  await expect(product.getByTestId('product-review').first()).not.toHaveText(firstReview ?? '');

  // Employees: ratings per provider and dimension, paged reviews.
  const employees = await openTab(page, 'Employees');
  await expect(employees.getByTestId('scale-value').first()).toBeVisible();
  await expect(employees.getByTestId('employee-review')).toHaveCount(10);
  await employees.getByRole('button', { name: 'Next employee reviews' }).click();
  await expect(employees.getByText(/^11–20 of [\d,]+ employee reviews$/)).toBeVisible();

  const posts = await openTab(page, 'Posts');
  await expect(posts.getByTestId('post').first()).toBeVisible();
  await posts.getByRole('button', { name: 'Next posts' }).click();
  await expect(posts.getByText(/^11–20 of [\d,]+ posts$/)).toBeVisible();

  // News: the unique-stories toggle asks again and never shows more than all articles.
  const news = await openTab(page, 'News');
  await expect(news.getByTestId('news-article').first()).toBeVisible();
  const all = Number(
    (await news.getByText(/of [\d,]+ articles$/).textContent())?.match(/of ([\d,]+)/)?.[1]?.replace(/,/g, ''),
  );
  await news.getByRole('switch', { name: 'Unique stories only' }).check();
  await expect(news.getByRole('switch', { name: 'Unique stories only' })).toBeChecked();
  await expect(page.getByRole('tabpanel').getByTestId('cost-note')).toBeVisible();
  await expect
    .poll(async () => {
      const text =
        (await news
          .getByText(/of [\d,]+ articles$/)
          .textContent()
          .catch(() => '')) ?? '';
      return Number(text.match(/of ([\d,]+)/)?.[1]?.replace(/,/g, '') ?? Number.NaN);
    })
    .toBeLessThanOrEqual(all);

  // The open tab is in the URL: a reload opens it again, from the query cache's successor (the BFF cache).
  await expect(page).toHaveURL(/tab=news/);
  await page.reload();
  await expect(tab(page, 'News')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').getByTestId('news-article').first()).toBeVisible();

  // Back to the same list after the reload (a link now, not history): the same URL (sort, page),
  // the same rows selected on both pages, and the grid scrolled where it was left.
  await page.getByRole('link', { name: '← Back to the list' }).click();
  await expectSameList(page, listUrl, selected, top);
  await expect(grid(page).locator('tr[aria-rowindex="22"]').getByRole('link').first()).toHaveText(name);
  // Another page starts at its top, with its own selected rows.
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page.getByText(/Page 1 of/)).toBeVisible();
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  await expect.poll(() => scrollBox(page).evaluate((el) => el.scrollTop)).toBe(0);
  await expect(grid(page).getByRole('checkbox', { name: `Select ${page1[0]}` })).toBeChecked();
  await expect(grid(page).getByRole('checkbox', { name: `Select ${page1[1]}` })).toBeChecked();
});

test('an investor links to its own company page, and Back still returns to the list', async ({ page }) => {
  await page.goto('/?size=20&sort_by=total_funding');
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  const listUrl = page.url();
  await grid(page).getByRole('row').nth(1).getByRole('link').first().click();
  const funding = await openTab(page, 'Funding');
  await expect(funding.getByTestId('funding-timeline')).toBeVisible();
  const investor = funding
    .getByRole('list', { name: /^Investors in the / })
    .first()
    .getByRole('link')
    .first();
  const investorName = (await investor.textContent())?.trim() ?? '';
  await investor.click();
  await expect(page.getByRole('heading', { level: 1, name: investorName })).toBeVisible();
  await page.getByRole('link', { name: '← Back to the list' }).click();
  await expect(page).toHaveURL(listUrl);
});

test('search a company by its website and open it', async ({ page, request }) => {
  // A company of the data set, found the way the header does it (free).
  const res = await request.get('/api/v1/company/search?query=tesla', {
    headers: { 'x-requested-with': 'list-builder' },
  });
  const found = (
    (await res.json()) as { data: { uuid: string; name: string; website: string; domain: string }[] }
  ).data[0];
  expect(found).toBeTruthy();
  const searches: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/company/search')) searches.push(r.url());
  });
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search companies' });
  // Typed key by key, in another spelling of the address: one lookup once typing pauses, not one per key.
  const typed = `https://www.${found!.domain.toUpperCase()}/pricing`;
  await box.pressSequentially(typed, { delay: 20 });
  const option = page.getByRole('option', { name: new RegExp(found!.name) }).first();
  await expect(option).toBeVisible();
  await expect(option).toContainText(found!.domain);
  expect(searches.length).toBeGreaterThan(0);
  expect(searches.length).toBeLessThan(typed.length / 4);
  // Keyboard only: Escape closes the list, ArrowDown opens it on the best match, Enter opens it.
  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/companies/${found!.uuid}$`));
  await expect(page.getByRole('heading', { level: 1, name: found!.name })).toBeVisible();
});

test('an unknown company id says so, buys nothing and fails no request', async ({ page }) => {
  const paid: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/v1\/(company\/(enrichment|employee-reviews|posts|product-reviews)|news)/.test(r.url()))
      paid.push(r.url());
  });
  await page.goto('/companies/no-such-company-r3');
  await expect(page.getByRole('heading', { level: 1, name: 'Company not found' })).toBeVisible();
  await expect(page.getByText('Nothing was charged.')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  expect(paid).toEqual([]);
  // The console-error fixture also checks that no request failed on the way.
  await page.getByRole('link', { name: 'go to the list builder' }).click();
  await expect(grid(page)).toBeVisible();
});

test('a small company without employee reviews or funding shows clear empty states', async ({
  page,
  request,
  baseURL,
}) => {
  const headers = { 'x-requested-with': 'list-builder', origin: baseURL ?? '' };
  const list = await request.post('/api/v1/list/generate/companies/', {
    headers,
    data: { limit: 10, sort_by: 'employee_range', sort_order: 'asc' },
  });
  const candidates = ((await list.json()) as { data: { uuid: string; name: string }[] }).data;
  let found: { uuid: string; name: string } | undefined;
  for (const c of candidates) {
    const res = await request.get(`/api/v1/company/employee-reviews?company=${c.uuid}&limit=10&offset=0`, {
      headers,
    });
    const body = (await res.json()) as { data: { employee_reviews: { reviews: { total: number } } } };
    if (body.data.employee_reviews.reviews.total > 0) continue;
    const enrichment = await request.get(
      `/api/v1/company/enrichment?company=${c.uuid}&sections=funding_detail`,
      {
        headers,
      },
    );
    const rounds = (
      (await enrichment.json()) as { data: { funding_detail?: { funding_rounds: unknown[] } | null } }
    ).data.funding_detail?.funding_rounds;
    if (!rounds || rounds.length === 0) {
      found = c;
      break;
    }
  }
  expect(found, 'a company without employee reviews or funding among the ten smallest').toBeTruthy();
  await page.goto(`/companies/${found!.uuid}?tab=employees`);
  await expect(page.getByRole('heading', { level: 1, name: found!.name })).toBeVisible();
  const employees = page.getByRole('tabpanel');
  await expect(employees.getByText('No employee reviews for this company')).toBeVisible();
  // What the empty answer cost is said too (the ratings summary is charged; a repeat is not).
  await expect(employees.getByTestId('cost-note')).toHaveText(
    /Cost 1\.5 credits|Already stored, no charge|From cache, no charge/,
  );
  const funding = await openTab(page, 'Funding');
  await expect(
    funding.getByText(/^(No funding rounds recorded for this company|No funding data for this company)$/),
  ).toBeVisible();
  await expect(funding.getByTestId('funding-timeline')).toHaveCount(0);
});
