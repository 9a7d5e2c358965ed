import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { parseCsv } from '../bff/testing/parse-csv';
import { grid, pressDownload, urlState } from './fixtures/list';
import { expect, test } from './fixtures/test';

/**
 * "More like this" (issue 16): from a company page and from a selection in the grid to the
 * lookalikes, ranked with reasons, then narrowed to one country, re-ranked and saved as a list; by
 * mouse and by keyboard.
 */

function lookalikes(page: Page): Locator {
  return page.getByRole('region', { name: 'Lookalikes' }).getByRole('table', { name: 'Results' });
}

/** How many lookalikes the grid holds (it draws only the rows in view). */
async function rowCount(page: Page): Promise<number> {
  await rows(page);
  return Number(await lookalikes(page).getAttribute('aria-rowcount')) - 1;
}

/** Body rows of the lookalikes' table, once a run has ended. */
async function rows(page: Page): Promise<Locator> {
  await expect(page.getByText(/^This run: [\d,.]+ credits? spent$/)).toBeVisible({ timeout: 30_000 });
  const body = lookalikes(page).locator('tbody tr');
  await expect(body.first()).toBeVisible();
  return body;
}

async function columnOf(page: Page, header: string): Promise<string[]> {
  const body = await rows(page);
  const headers = (await lookalikes(page).getByRole('columnheader').allTextContents()).map((h) => h.trim());
  const index = headers.indexOf(header);
  expect(index, `column "${header}" among ${headers.join(', ')}`).toBeGreaterThan(0);
  const out: string[] = [];
  for (let i = 0; i < (await body.count()); i++) {
    out.push(((await body.nth(i).getByRole('cell').nth(index).textContent()) ?? '').trim());
  }
  return out;
}

/** Presses Tab until `target` has the focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the control was never reached with Tab');
}

test('open a company, More like this, ranked results with reasons, narrow to one country, save the list', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/?size=20');
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  const link = grid(page).getByRole('row').nth(6).getByRole('link').first();
  const name = (await link.textContent())?.trim() ?? '';
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // The cost is said before the run.
  const more = page.getByRole('button', { name: 'More like this' });
  await expect(more).toHaveAccessibleDescription(/^Costs up to ~[\d,.]+ credits$/);
  await more.click();

  await expect(page.getByRole('heading', { name: 'More like this company' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your companies' }).getByRole('link', { name })).toBeVisible();
  expect(await rowCount(page)).toBe(25);
  // Ranked: similarity from 0 to 100, most similar first; every row says why; the seed is not a result.
  const scores = (await columnOf(page, 'Similarity')).map(Number);
  for (const s of scores) expect(s).toBeGreaterThanOrEqual(0);
  for (const s of scores) expect(s).toBeLessThanOrEqual(100);
  expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  expect(await columnOf(page, 'Company')).not.toContain(expect.stringContaining(name));
  // Every row says why, on one line (all of the reasons in its tooltip).
  for (const reasons of await columnOf(page, 'Why it is similar')) expect(reasons.length).toBeGreaterThan(0);
  // The derived filters are the list's filters: the editor and the summary show them.
  const derived = urlState(page, 'filters');
  expect(derived).toBeDefined();
  await expect(page.getByRole('region', { name: 'Active filters' })).toBeVisible();

  // Narrow to one country: the run waits for Re-rank, which says what it costs.
  const country = (await columnOf(page, 'HQ country'))[0]!;
  const filters = page.getByRole('complementary', { name: 'Filters' });
  const location = filters.getByRole('button', { name: /^Location/ });
  if ((await location.getAttribute('aria-expanded')) === 'false') await location.click();
  const box = filters.getByRole('combobox', { name: 'HQ country' });
  await box.fill(country);
  await page.getByRole('option', { name: new RegExp(`^${country} [A-Z]{3}$`) }).click();
  await expect(page.getByText(/^Your filters changed\. Re-rank .* up to ~[\d,.]+ credits\.$/)).toBeVisible();
  await page.getByRole('button', { name: 'Re-rank' }).click();
  await expect(page.getByText(/Your filters changed/)).toBeHidden();
  await expect.poll(async () => new Set(await columnOf(page, 'HQ country'))).toEqual(new Set([country]));
  expect(urlState(page, 'filters')?.['location.hq.country']).toHaveLength(1);
  // The rest of the derived filters still hold.
  expect(Object.keys(urlState(page, 'filters') ?? {})).toEqual(
    expect.arrayContaining(Object.keys(derived ?? {})),
  );

  // Save the list: the lookalikes' filters, the country added, and the seed, named after it.
  const narrowed = urlState(page, 'filters');
  const seeds = JSON.parse(new URL(page.url()).searchParams.get('like') ?? '[]') as string[];
  expect(seeds).toHaveLength(1);
  await page.getByRole('button', { name: 'Save list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save list' });
  const listName = `Like ${name}`;
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(listName);
  await expect(dialog.getByText(/its seed company: each run leaves it out and ranks the rest/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Save list' }).click();
  await expect(dialog).toBeHidden();
  const savedLink = page.getByRole('status').getByRole('link', { name: listName });
  await expect(savedLink).toBeVisible();
  const listId = ((await savedLink.getAttribute('href')) ?? '').split('/').pop() ?? '';
  const saved = (await (await page.request.get(`/bff/lists/${listId}`)).json()) as {
    request: { filters?: Record<string, unknown> };
    seeds: string[] | null;
    seed_companies: { uuid: string; name: string }[] | null;
  };
  expect(saved.request.filters).toEqual(narrowed);
  expect(saved.seeds).toEqual(seeds);
  expect(saved.seed_companies?.map((s) => s.name)).toEqual([name]);

  // The saved list is on the Lists page, like its seed.
  await page.goto('/lists');
  await expect(page.getByRole('heading', { level: 1, name: 'Lists' })).toBeVisible();
  const row = page.getByTestId('saved-list').filter({ has: page.getByRole('link', { name: listName }) });
  await expect(row.first().getByText(`Like: ${name}`)).toBeVisible();

  // Its page names the seed; a run ranks its companies by similarity to it, and the seed is none of them.
  await row.first().getByRole('link', { name: listName }).click();
  await expect(page.getByRole('heading', { level: 1, name: listName })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Like' }).getByRole('link', { name })).toBeVisible();
  await expect(page.getByText(/^A run: up to ~[\d,.]+ credits/)).toBeVisible();
  await page.getByRole('button', { name: 'Run list' }).click();
  const ranked = page.getByRole('table', { name: 'Companies of the list, most similar to its seeds first' });
  await expect(ranked.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
  const headers = (await ranked.getByRole('columnheader').allTextContents()).map((h) => h.trim());
  expect(headers.slice(0, 4)).toEqual(['#', 'Company', 'Similarity', 'Why it is similar']);
  const memberRows = ranked.locator('tbody tr');
  const members = await memberRows.count();
  expect(members).toBeGreaterThan(0);
  const memberScores: number[] = [];
  for (let i = 0; i < members; i++) {
    const cells = memberRows.nth(i).getByRole('cell');
    expect(((await cells.nth(1).textContent()) ?? '').trim()).not.toContain(name);
    memberScores.push(Number(((await cells.nth(2).textContent()) ?? '').trim()));
    expect(await cells.nth(3).getByRole('listitem').count()).toBeGreaterThan(0);
  }
  expect([...memberScores].sort((a, b) => b - a)).toEqual(memberScores);
  const runs = (await (await page.request.get(`/bff/lists/${listId}/runs`)).json()) as {
    data: { id: string; ranking: string }[];
  };
  expect(runs.data[0]?.ranking).toBe('similarity');
  const detail = (await (await page.request.get(`/bff/lists/${listId}/runs/${runs.data[0]!.id}`)).json()) as {
    members: string[];
  };
  // The page shows the first 25 (the lookalikes' number when saved), in the run's order.
  expect(members).toBe(Math.min(25, detail.members.length));
  expect(detail.members).not.toContain(seeds[0]);

  // Export all: the run's companies, never the seed (the list's filters match it too).
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const menu = page.getByRole('dialog', { name: 'Export CSV' });
  const [download, exported] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/bff/exports'),
    pressDownload(menu),
  ]);
  expect(new Set((exported.postDataJSON() as { uuids?: string[] }).uuids)).toEqual(new Set(detail.members));
  const csv = parseCsv(await readFile((await download.path())!, 'utf8'));
  expect(csv.length - 1).toBe(detail.members.length);
  expect(csv.slice(1).some((r) => r.includes(name))).toBe(false);
  await page.keyboard.press('Escape');

  // "Open in the list builder" reopens the lookalikes of the seed with the list's filters.
  await page.getByRole('link', { name: 'Open in the list builder' }).click();
  await expect(page.getByRole('heading', { name: 'More like this company' })).toBeVisible();
  expect(JSON.parse(new URL(page.url()).searchParams.get('like') ?? '[]')).toEqual(seeds);
  expect(urlState(page, 'filters')).toEqual(narrowed);
  await expect(page.getByRole('button', { name: 'Find lookalikes' })).toBeVisible();
});

test('More like these on a selection of the grid, and the way back to an ordinary list', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/?size=20');
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  const boxes = grid(page).getByRole('checkbox', { name: /^Select (?!all)/ });
  const names: string[] = [];
  for (const i of [2, 4, 7]) {
    await boxes.nth(i).check();
    names.push(((await boxes.nth(i).getAttribute('aria-label')) ?? '').replace(/^Select /, ''));
  }
  const more = page.getByRole('button', { name: 'More like these' });
  await expect(more).toHaveAccessibleDescription(/^up to ~[\d,.]+ credits$/);
  await more.click();
  await expect(page.getByRole('heading', { name: 'More like these 3 companies' })).toBeVisible();
  const companies = await columnOf(page, 'Company');
  for (const n of names) expect(companies.join('|')).not.toContain(n);

  // A shared or reloaded link says what a run costs, and waits for the click.
  await page.reload();
  await expect(page.getByText(/^The run reads .*: up to ~[\d,.]+ credits\.$/)).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await page.getByRole('button', { name: 'Find lookalikes' }).click();
  expect(await rowCount(page)).toBe(25);

  await page.getByRole('button', { name: 'Leave lookalikes' }).click();
  await expect(grid(page)).toBeVisible();
  expect(new URL(page.url()).searchParams.get('like')).toBeNull();
});

test('by keyboard: More like this from the company page, then a re-rank', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/?size=20');
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  const link = grid(page).getByRole('row').nth(3).getByRole('link').first();
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'More like this' }));
  await page.keyboard.press('Enter');
  await rows(page);

  // The number of lookalikes, changed from the keyboard, asks for a re-rank.
  const show = page.getByRole('combobox', { name: 'Show' });
  await show.focus();
  await page.keyboard.press('ArrowDown');
  const rerank = page.getByRole('button', { name: 'Re-rank' });
  await expect(rerank).toBeVisible();
  await tabTo(page, rerank);
  await page.keyboard.press('Enter');
  await expect(rerank).toBeHidden();
  // Up to 50 now: as many as the filters match besides the seed, which the answer says when fewer.
  const shown = await rowCount(page);
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThanOrEqual(50);
  if (shown < 50)
    await expect(
      page.getByText(`Only ${shown} companies match these filters besides your seeds.`),
    ).toBeVisible();
  await expect(page.getByText(new RegExp(`^${shown} shown · `))).toBeVisible();
  // Every company of the lookalikes opens from the keyboard.
  const first = lookalikes(page).locator('tbody tr').first().getByRole('link').first();
  await tabTo(page, first, 40);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'More like this' })).toBeVisible();
});

test('More like these on an account list: its best-matched 20 companies are the seeds', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const headers = { 'x-requested-with': 'list-builder', origin: baseURL! };
  const list = await request.post('/api/v1/list/generate/companies', { headers, data: { limit: 40 } });
  expect(list.status()).toBe(200);
  const companies = ((await list.json()) as { data: { uuid: string; name: string; website: string }[] }).data
    .filter((c) => c.website)
    .slice(0, 25);
  expect(companies).toHaveLength(25);
  // Three rows by name first (matched by name, confidence 3), then 22 by website (exact domain, 5):
  // the best-matched 20 are the first 20 by website.
  const byName = companies.slice(0, 3);
  const byWebsite = companies.slice(3);
  const csv = [
    'Company name,Website',
    ...byName.map((c) => `"${c.name.replace(/"/g, '""')}",`),
    ...byWebsite.map((c) => `,${c.website}`),
  ].join('\r\n');
  const listName = `Best customers ${Date.now().toString(36)}`;
  const started = await request.post(`/bff/accounts/imports?name=${encodeURIComponent(listName)}`, {
    headers: { ...headers, 'content-type': 'text/csv' },
    data: csv,
  });
  expect(started.status(), await started.text()).toBe(202);
  const { id } = (await started.json()) as { id: string };
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/bff/accounts/imports/${id}`, { headers })).json()) as { status: string })
          .status,
      {
        timeout: 60_000,
      },
    )
    .toBe('completed');

  await page.goto('/accounts');
  const more = page.getByRole('button', { name: `More like ${listName}` });
  await expect(more).toHaveAccessibleDescription(/^best 20 · up to ~[\d,.]+ credits$/);
  await more.click();
  await expect(page.getByRole('heading', { name: 'More like these 20 companies' })).toBeVisible();
  expect(JSON.parse(new URL(page.url()).searchParams.get('like') ?? '[]')).toEqual(
    byWebsite.slice(0, 20).map((c) => c.uuid),
  );
  expect((await columnOf(page, 'Company')).length).toBeGreaterThan(0);
});
