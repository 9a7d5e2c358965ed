import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures/test';

type Usage = { spent_today: number; calls_today: number };

async function usageOf(request: APIRequestContext): Promise<Usage> {
  return (await (await request.get('/bff/usage')).json()) as Usage;
}

/** The meter's words for a number of calls ("in 1 call", "in 1,204 calls"). */
function inCalls(n: number): RegExp {
  return new RegExp(` in ${new Intl.NumberFormat('en-US').format(n)} ${n === 1 ? 'call' : 'calls'}\\b`);
}

/**
 * Today's usage in the header follows what the user spends anywhere: a paid call made outside this tab
 * (another tab, a script with the same session, another BFF instance) reaches it as a live event
 * (`usage.changed`), long before the meter's own refresh (every 60 s).
 */
test("the header's usage follows credits spent outside the tab", async ({ page, baseURL }) => {
  await page.goto('/');
  await expect(page.getByRole('table', { name: 'Results' })).toBeVisible();
  const meter = page.getByRole('region', { name: "Today's usage" });
  // The tab has settled on what the ledger says now (its own first page included).
  const before = await usageOf(page.request);
  await expect(meter).toHaveAttribute('title', inCalls(before.calls_today));

  // Another client of the same user spends credits: a page of 200 companies with two sections.
  const paid = await page.request.post('/api/v1/list/generate/companies', {
    headers: { 'x-requested-with': 'list-builder', origin: baseURL ?? '' },
    data: { filters: { 'location.hq.country': ['USA'] }, sections: ['firmographic', 'location'], limit: 200 },
  });
  expect(paid.status()).toBe(200);
  expect(((await paid.json()) as { credits_consumed: number }).credits_consumed).toBeGreaterThan(0);
  const after = await usageOf(page.request);
  expect(after.calls_today).toBeGreaterThan(before.calls_today);
  expect(after.spent_today).toBeGreaterThan(before.spent_today);

  // The tab shows it without a reload.
  await expect(meter).toHaveAttribute('title', inCalls(after.calls_today), { timeout: 10_000 });
});
