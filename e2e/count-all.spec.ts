/**
 * Every company, not just the first 500 (issue 33): a broad list says plainly that more than 500
 * match and offers an exact count at its price; counted, the line shows the BFF's exact number and
 * keeps it in the URL; the export menu offers every match beside the first 500, and the file holds
 * exactly that many companies, each once; a second export is cancelled part-way, saving nothing and
 * saying that what was spent stays spent.
 */
import { readFile } from 'node:fs/promises';
import { parseCsv } from '../bff/testing/parse-csv';
import { grid, pressDownload } from './fixtures/list';
import { expect, test } from './fixtures/test';

/** The whole data set: the broadest list there is (5,000 companies on the local project). */
const LIST = `/?size=50&columns=${encodeURIComponent(JSON.stringify(['name', 'website', 'uuid']))}`;

test('count a broad list exactly, export every match once, and cancel a second export', async ({ page }) => {
  test.slow();
  await page.goto(LIST);
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  const results = page.getByRole('region', { name: 'Companies' });
  await expect(results.getByText('More than 500 companies match')).toBeVisible();
  const offer = results.getByRole('button', { name: /^Count exactly \(~[\d,.]+ credits\)$/ });
  await expect(offer).toBeVisible();
  await results
    .locator('div')
    .filter({ has: page.getByRole('button', { name: /^Count exactly/ }) })
    .last()
    .screenshot({ path: test.info().outputPath('count-offer.png') });

  // The last page says why the grid ends at 500.
  await page.getByRole('button', { name: 'Last page' }).click();
  await expect(page.getByTestId('capped-end')).toHaveText(
    /^The service serves the first 500 matches in the list’s order/,
  );

  // Count: the line shows the BFF's exact answer, and the URL keeps it with the list.
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/bff/lists/count') && r.request().method() === 'POST'),
    offer.click(),
  ]);
  expect(answer.status()).toBe(200);
  // The app asks for the count's progress (a line a slice, the answer last: the page reads it as a
  // stream); the BFF's answer, asked again as plain JSON, is free for five minutes.
  expect(answer.request().headers().accept).toContain('application/x-ndjson');
  expect(answer.headers()['content-type']).toContain('application/x-ndjson');
  // The stream read to its end: the line shows the count.
  await expect(results.getByText(/^[\d,]+ companies$/)).toBeVisible();
  const again = await page.evaluate(async (body) => {
    const res = await fetch('/bff/lists/count', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'list-builder' },
      body,
    });
    return { status: res.status, body: (await res.json()) as unknown };
  }, answer.request().postData() ?? '{}');
  expect(again.status).toBe(200);
  const counted = again.body as { count: number; exact: boolean; slices: number };
  expect((counted as { credits_consumed?: number }).credits_consumed).toBe(0);
  expect(counted.exact).toBe(true);
  expect(counted.count).toBeGreaterThan(500);
  const exactly = counted.count.toLocaleString('en-US');
  await expect(results.getByText(`${exactly} companies`, { exact: true })).toBeVisible();
  await expect
    .poll(() => JSON.parse(new URL(page.url()).searchParams.get('count') ?? 'null')?.n)
    .toBe(counted.count);
  await expect(page.getByTestId('capped-end')).toHaveText(
    `The service serves the first 500 of ${exactly}; export all to get every company.`,
  );
  // Below the last row of the grid (scrolled to), so the grid keeps its height on the last page.
  await page.getByTestId('capped-end').scrollIntoViewIfNeeded();
  await grid(page)
    .locator('xpath=..')
    .screenshot({ path: test.info().outputPath('last-page.png') });
  await results
    .locator('div')
    .filter({ has: page.getByText(`${exactly} companies`, { exact: true }) })
    .last()
    .screenshot({ path: test.info().outputPath('count-line.png') });
  // A reload keeps the count (it is the URL's).
  await page.reload();
  await expect(results.getByText(`${exactly} companies`, { exact: true })).toBeVisible();

  // Export every match: offered beside the first 500 and the selection, priced, asked about first.
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const menu = page.getByRole('dialog', { name: 'Export CSV' });
  // Priced, or free when an earlier run of this server's data dir already stored every row (the
  // export-all estimate counts the team's store out once the list is counted).
  const every = menu.getByRole('radio', {
    name: new RegExp(`^All ${exactly} · (~[\\d,.]+ credits|free: stored)$`),
  });
  await expect(every).toBeVisible();
  await expect(menu.getByRole('radio', { name: /^All results \(the first 500\)/ })).toBeVisible();
  await every.check();
  await expect(menu.getByTestId('export-price')).toContainText('This file: ');
  await menu.screenshot({ path: test.info().outputPath('export-menu.png') });
  const [download] = await Promise.all([page.waitForEvent('download'), pressDownload(menu)]);
  const rows = parseCsv(await readFile(await download.path(), 'utf8'));
  await expect(menu.getByRole('status')).toContainText(`Saved`);
  await expect(menu.getByRole('status')).toContainText(`(${exactly} rows`);
  const idAt = rows[0]!.indexOf('Company ID');
  expect(idAt).toBeGreaterThanOrEqual(0);
  const ids = rows.slice(1).map((r) => r[idAt]);
  expect(ids).toHaveLength(counted.count);
  expect(new Set(ids).size).toBe(counted.count);

  // A second export, cancelled while it runs: no file, and what it spent stays spent. A slow
  // connection (Chromium's own throttling) keeps it running long enough to be cancelled.
  let downloads = 0;
  page.on('download', () => downloads++);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 100,
    downloadThroughput: 20_000,
    uploadThroughput: -1,
  });
  await pressDownload(menu);
  await expect(menu.getByText(new RegExp(`^[\\d,]+ of ${exactly} rows`))).toBeVisible();
  await menu.screenshot({ path: test.info().outputPath('export-running.png') });
  await menu.getByRole('button', { name: 'Cancel export' }).click();
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(menu.getByRole('status')).toContainText(/^Export cancelled after [\d,]+ of /);
  await expect(menu.getByRole('status')).toContainText('stays spent');
  await menu.screenshot({ path: test.info().outputPath('export-cancelled.png') });
  expect(downloads).toBe(0);
});
