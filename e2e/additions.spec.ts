import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';

/** A domain no run has used yet: every run adds a new company. */
function freshDomain(label: string): string {
  return `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}.io`;
}

async function openAddForm(page: Page) {
  await page.getByRole('button', { name: 'Add company' }).first().click();
  const drawer = page.getByRole('dialog', { name: 'Add a company' });
  await expect(drawer.getByLabel('Company name')).toBeVisible();
  return drawer;
}

test('add a new company from search with no result, watch it complete, and open it', async ({ page }) => {
  const domain = freshDomain('nimbus-labs');
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search companies' });
  await box.fill(domain);
  const add = page.getByRole('option', { name: /^Add company/ });
  await expect(add).toBeVisible();
  await box.press('Enter');

  const drawer = page.getByRole('dialog', { name: 'Add a company' });
  // What was typed looked like a website: it is prefilled there.
  await expect(drawer.getByLabel('Website')).toHaveValue(domain);
  // Checked before sending: the name is missing.
  await drawer.getByRole('button', { name: 'Add company' }).click();
  await expect(drawer.getByText("Enter the company's name")).toBeVisible();
  await drawer.getByLabel('Company name').fill('Nimbus Labs');
  await drawer.getByRole('button', { name: 'Add company' }).click();

  const status = drawer.getByTestId('addition-status');
  await expect(drawer.getByText(`Request for ${domain} submitted.`)).toBeVisible();
  await expect(status.getByRole('status')).toContainText(/queued|being added/);
  await expect(status.getByRole('status')).toContainText('has been added', { timeout: 30_000 });
  await status.getByRole('link', { name: /^Open / }).click();
  await expect(page).toHaveURL(/\/companies\/[^/?]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Company not found');

  // The request is listed on the Requests page as completed, and still after a reload.
  await page.getByRole('link', { name: 'Requests' }).click();
  const row = page.getByTestId('addition-request').filter({ hasText: domain });
  await expect(row.getByText('Completed')).toBeVisible();
  await page.reload();
  await expect(
    page.getByTestId('addition-request').filter({ hasText: domain }).getByText('Completed'),
  ).toBeVisible();
});

test('submitting the website of a company that exists shows that company', async ({ page, request }) => {
  const res = await request.get('/api/v1/company/search?query=tesla', {
    headers: { 'x-requested-with': 'list-builder' },
  });
  const found = ((await res.json()) as { data: { uuid: string; name: string; domain: string }[] }).data[0]!;
  await page.goto('/');
  const drawer = await openAddForm(page);
  await drawer.getByLabel('Company name').fill(found.name);
  // Any common spelling of the website resolves to the same company.
  await drawer.getByLabel('Website').fill(`WWW.${found.domain.toUpperCase()}`);
  await drawer.getByRole('button', { name: 'Add company' }).click();
  await expect(drawer.getByText('This company is already in the data set.')).toBeVisible();
  await drawer.getByRole('link', { name: found.name }).click();
  await expect(page).toHaveURL(new RegExp(`/companies/${found.uuid}$`));
  await expect(page.getByRole('heading', { level: 1, name: found.name })).toBeVisible();
});

test('a reserved .invalid website fails with its reason, on the form and on the Requests page', async ({
  page,
}) => {
  const domain = freshDomain('nowhere').replace(/\.io$/, '.invalid');
  await page.goto('/requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Company requests' })).toBeVisible();
  const drawer = await openAddForm(page);
  await drawer.getByLabel('Company name').fill('Nowhere Inc');
  await drawer.getByLabel('Website').fill(`https://${domain}/about`);
  await drawer.getByRole('button', { name: 'Add company' }).click();
  const status = drawer.getByTestId('addition-status');
  await expect(status.getByRole('status')).toContainText('could not be added', { timeout: 30_000 });
  await expect(status.getByText(/Reason:.*reserved/)).toBeVisible();
  await page.keyboard.press('Escape');
  // The Requests page behind the drawer followed the request live.
  const row = page.getByTestId('addition-request').filter({ hasText: domain });
  await expect(row.getByText('Failed')).toBeVisible();
  await expect(row.getByText(/reserved/)).toBeVisible();
});

/** Fills and sends the add form with a fresh company; returns its domain. */
async function submitFresh(page: Page, label: string): Promise<string> {
  const domain = freshDomain(label);
  const drawer = await openAddForm(page);
  await drawer.getByLabel('Company name').fill(`${label} Inc`);
  await drawer.getByLabel('Website').fill(domain);
  await drawer.getByRole('button', { name: 'Add company' }).click();
  await expect(drawer.getByText(`Request for ${domain} submitted.`)).toBeVisible();
  return domain;
}

test('live events move a request to completed, with status lookups held back', async ({ page }) => {
  // Every status lookup answers what the first one said (not yet finished): the request can only
  // reach "completed" on screen through the BFF's live events (webhook -> /bff/events).
  const lookups: string[] = [];
  let first: { status: number; body: string } | null = null;
  await page.route('**/api/v1/status/*', async (route) => {
    lookups.push(route.request().url());
    if (!first) {
      const res = await route.fetch();
      first = { status: res.status(), body: await res.text() };
    }
    await route.fulfill({ status: first.status, contentType: 'application/json', body: first.body });
  });
  await page.goto('/');
  await submitFresh(page, 'live-events');
  const status = page.getByRole('dialog', { name: 'Add a company' }).getByTestId('addition-status');
  // "Updates live." shows while the request is under way; on a busy machine the addition may be done
  // before the dialog is looked at, and the hint is gone with it.
  await expect(status.getByText('Updates live.').or(status.getByText(/has been added/))).toBeVisible();
  await expect(status.getByRole('status')).toContainText('has been added', { timeout: 30_000 });
  expect(first).not.toBeNull();
  expect((JSON.parse(first!.body) as { status: string }).status).toMatch(/^(pending|in_progress)$/);
  await expect(status.getByRole('link', { name: /^Open / })).toBeVisible();
  test.info().annotations.push({ type: 'status lookups with events', description: String(lookups.length) });
});

test('without live events, polling still takes a request to completed', async ({ page }) => {
  // The event stream is refused (204: do not reconnect); the status lookups carry every change.
  let streamAsked = 0;
  await page.route('**/bff/events', async (route) => {
    streamAsked += 1;
    await route.fulfill({ status: 204, body: '' });
  });
  const lookups: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/status/')) lookups.push(r.url());
  });
  await page.goto('/');
  await submitFresh(page, 'polled');
  const status = page.getByRole('dialog', { name: 'Add a company' }).getByTestId('addition-status');
  await expect(status.getByText('Checking for updates every few seconds.')).toBeVisible();
  await expect(status.getByRole('status')).toContainText('has been added', { timeout: 30_000 });
  expect(streamAsked).toBeGreaterThan(0);
  expect(lookups.length).toBeGreaterThan(1);
  await status.getByRole('link', { name: /^Open / }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('polled Inc');
});
