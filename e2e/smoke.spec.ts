import { expect, test } from './fixtures/test';

test('the app opens on the embedded service and lists companies', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'List Builder' })).toBeVisible();
  const results = page.getByRole('table', { name: 'Results' });
  await expect(results).toBeVisible();
  // A page of 50 (the default): the grid renders only the rows on screen, and says how many there are.
  await expect(results).toHaveAttribute('aria-rowcount', '51');
  await expect(results.getByRole('row').nth(1)).toBeVisible();
});

test('the API key never reaches the browser', async ({ page }) => {
  // Every finite answer the page receives (the event stream never ends, so it is read elsewhere).
  const reads: Promise<string>[] = [];
  page.on('response', (res) => {
    const url = res.url();
    if (/\/(api|bff)\//.test(url) && !url.includes('/bff/events')) {
      // A request the app cancelled has no body to leak.
      reads.push(res.text().catch(() => ''));
    }
  });
  await page.goto('/');
  await expect(page.getByRole('table', { name: 'Results' })).toBeVisible();
  const html = await page.content();
  const bodies = await Promise.all(reads);
  expect(bodies.length).toBeGreaterThan(0);
  for (const text of [html, ...bodies]) expect(text).not.toContain('dev-enterprise-key');
});
