import type { APIRequestContext, Locator } from '@playwright/test';
import { REFRESH_HEADERS } from '../bff/contract/company-store';
import { expect, test } from './fixtures/test';

async function spentToday(request: APIRequestContext): Promise<number> {
  return ((await (await request.get('/bff/usage')).json()) as { spent_today: number }).spent_today;
}

/** The credits the meter shows ("8,000.9 credits spent today in 1,131 calls"). */
async function shownSpend(meter: Locator): Promise<number> {
  const title = (await meter.getAttribute('title')) ?? '';
  const m = /^([\d,.]+) credits? spent today/.exec(title);
  return m ? Number(m[1]!.replaceAll(',', '')) : Number.NaN;
}

/**
 * Today's usage in the header follows what the user spends anywhere: a paid call made outside this tab
 * (another tab, a script with the same session, another BFF instance) reaches it as a live event
 * (`usage.changed`), long before the meter's own refresh (every 60 s). Other journeys spend as the same
 * local user meanwhile, so the figures are compared as "at least".
 */
test("the header's usage follows credits spent outside the tab", async ({ page, baseURL }) => {
  await page.goto('/');
  await expect(page.getByRole('table', { name: 'Results' })).toBeVisible();
  const meter = page.getByRole('region', { name: "Today's usage" });
  await expect(meter).toHaveAttribute('title', /spent today/);

  // Another client of the same user spends credits: a page of 200 companies with two sections, asked
  // afresh (the team's store would serve it free to a repeat run against the same server).
  const paid = await page.request.post('/api/v1/list/generate/companies', {
    headers: { ...REFRESH_HEADERS, 'x-requested-with': 'list-builder', origin: baseURL ?? '' },
    data: { filters: { 'location.hq.country': ['USA'] }, sections: ['firmographic', 'location'], limit: 200 },
  });
  expect(paid.status()).toBe(200);
  const cost = ((await paid.json()) as { credits_consumed: number }).credits_consumed;
  expect(cost).toBeGreaterThan(10);
  const after = await spentToday(page.request);

  // The tab shows it without a reload (the meter rounds to a tenth of a credit at most).
  await expect.poll(() => shownSpend(meter), { timeout: 10_000 }).toBeGreaterThanOrEqual(after - 0.1);
});
