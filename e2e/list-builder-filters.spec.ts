import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';

/** The list state as the URL holds it (TanStack Router writes nested values as JSON). */
async function urlFilters(page: Page): Promise<Record<string, unknown> | undefined> {
  const raw = new URL(page.url()).searchParams.get('filters');
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
}

test('describe a list, refine it in the filter editor, by mouse and by keyboard, and keep it across reload and back', async ({
  page,
}) => {
  let translations = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/list/filter-builder')) translations++;
  });
  await page.goto('/');
  const filters = page.getByRole('complementary', { name: 'Filters' });
  const summary = page.getByRole('region', { name: 'Active filters' });

  // Describe.
  await page
    .getByRole('textbox', { name: 'Describe the companies' })
    .fill('software companies in Germany founded after 2015');
  const translation = page.waitForResponse((r) => r.url().includes('/api/v1/list/filter-builder'));
  await page.getByRole('button', { name: 'Build filters' }).click();
  // Which words became which filter (`matches`) is the embedded service's addition: the real
  // service answers the filters alone, and then the app shows no chips.
  const explained =
    ((await (await translation).json()) as { data: { matches?: unknown[] } }).data.matches !== undefined;
  const understood = page.getByRole('list', { name: 'Understood from your description' });
  const chips = explained
    ? [
        '“founded after 2015” → Founded 2016 or later',
        '“in germany” → HQ in Germany',
        '“software” → Offering: Software',
      ]
    : [];
  await expect(understood.getByRole('listitem')).toHaveText(chips);
  await expect(page.getByText(/Translated for 2\.5 credits/)).toBeVisible();

  // The editor is filled: groups opened, counts shown, values in their fields.
  await expect(filters.getByRole('button', { name: /^Firmographic.*1 active/ })).toBeVisible();
  await expect(filters.getByRole('textbox', { name: 'Founded from' })).toHaveValue('2016');
  await expect(filters.getByRole('button', { name: 'Remove Germany' })).toBeVisible();
  await expect(filters.getByRole('checkbox', { name: 'Software' })).toBeChecked();
  await expect(summary.getByRole('listitem')).toHaveText([
    'Founded 2016 or later',
    /Offering: Software/,
    /HQ in Germany/,
  ]);
  expect(await urlFilters(page)).toEqual({
    'firmographic.founded_year': { gte: 2016 },
    'location.hq.country': ['DEU'],
    'business_model.offering_type': ['software'],
  });

  // Refine with a checkbox: the grid asks for the new list at once.
  const refined = page.waitForRequest(
    (r) => r.url().includes('/api/v1/list/generate/companies') && (r.postData() ?? '').includes('b2b'),
  );
  await filters.getByRole('checkbox', { name: 'B2B', exact: true }).check();
  await refined;

  // ...and with a money range typed in shorthand, applied after a short pause.
  await filters.getByRole('button', { name: /^Funding detail/ }).click();
  await filters.getByRole('textbox', { name: 'Total funding (USD) from' }).fill('1m');
  await expect(summary).toContainText('Total funding (USD) $1M or more');
  expect((await urlFilters(page))?.['funding_detail.funding_overview.total_funding_usd']).toEqual({
    gte: 1_000_000,
  });

  // Keyboard only: open a group, tick a box, type a bound, pick from a typeahead.
  const technology = filters.getByRole('button', { name: /^Technology/ });
  await technology.focus();
  await page.keyboard.press('Enter');
  await expect(technology).toHaveAttribute('aria-expanded', 'true');
  // The facet's "is any of" / "is none of" comes first (one tab stop), then its values.
  await page.keyboard.press('Tab');
  await expect(
    filters.getByRole('radiogroup', { name: 'AI maturity: match' }).getByRole('radio', { name: 'is any of' }),
  ).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(filters.getByRole('checkbox', { name: 'No AI' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(filters.getByRole('checkbox', { name: 'AI assisted' })).toBeChecked();

  await filters.getByRole('button', { name: /^Business model/ }).focus();
  await page.keyboard.press('Shift+Tab');
  const foundedTo = filters.getByRole('textbox', { name: 'Founded to' });
  await expect(foundedTo).toBeFocused();
  await page.keyboard.type('2022');
  await page.keyboard.press('Enter');
  await expect(summary).toContainText('Founded 2016–2022');

  await page.keyboard.press('Shift+Tab');
  await expect(filters.getByRole('textbox', { name: 'Founded from' })).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('2030');
  await page.keyboard.press('Enter');
  await expect(filters.getByText('The lower bound is above the upper bound.')).toBeVisible();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('2016');
  await page.keyboard.press('Enter');
  await expect(filters.getByText('The lower bound is above the upper bound.')).toBeHidden();

  const country = filters.getByRole('combobox', { name: 'HQ country' });
  await country.focus();
  await page.keyboard.type('austri');
  await expect(country).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(filters.getByRole('button', { name: 'Remove Austria' })).toBeVisible();
  await page.keyboard.type('fra');
  await page.keyboard.press('Escape');
  await expect(country).toHaveAttribute('aria-expanded', 'false');

  const final = {
    'firmographic.founded_year': { gte: 2016, lte: 2022 },
    'location.hq.country': ['DEU', 'AUT'],
    'business_model.offering_type': ['software'],
    'business_model.gtm_type': ['b2b'],
    'funding_detail.funding_overview.total_funding_usd': { gte: 1_000_000 },
    'technology.ai_maturity.scale': [1],
  };
  await expect.poll(() => urlFilters(page)).toEqual(final);
  const summaryText = await summary.textContent();

  // Reload: the same filters, in the editor and the summary.
  await page.reload();
  await expect(summary).toHaveText(summaryText ?? '');
  expect(await urlFilters(page)).toEqual(final);
  await expect(filters.getByRole('textbox', { name: 'Founded to' })).toHaveValue('2022');
  await expect(filters.getByRole('textbox', { name: 'Total funding (USD) from' })).toHaveValue('1m');
  await expect(filters.getByRole('checkbox', { name: 'AI assisted' })).toBeChecked();
  await expect(filters.getByRole('button', { name: 'Remove Austria' })).toBeVisible();
  // The description's chips again, from this tab's memory of the translation (not paid for twice).
  await expect(understood.getByRole('listitem')).toHaveText(chips);
  expect(translations).toBe(1);

  // Back: the list before Austria was added; forward: with it again.
  await page.goBack();
  await expect(filters.getByRole('button', { name: 'Remove Austria' })).toBeHidden();
  expect((await urlFilters(page))?.['location.hq.country']).toEqual(['DEU']);
  await expect(summary).not.toContainText('Austria');
  await page.goForward();
  await expect(filters.getByRole('button', { name: 'Remove Austria' })).toBeVisible();
  await expect(summary).toHaveText(summaryText ?? '');

  // Clear everything from the summary.
  await summary.getByRole('button', { name: 'Clear all' }).click();
  await expect(page.getByText(/No filters yet/)).toBeVisible();
  await expect(filters.getByRole('textbox', { name: 'Founded to' })).toHaveValue('');
});

test('a sector as one choice, industries by name only, and funding stages in the order money is raised', async ({
  page,
}) => {
  await page.goto('/?size=20');
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await filters.getByRole('button', { name: /^Industry/ }).click();

  // Typed and picked by keyboard: the sector is offered first and picks every industry under it.
  const listed = page.waitForRequest((r) => {
    if (!r.url().includes('/api/v1/list/generate/companies')) return false;
    const sent = (r.postDataJSON()?.filters?.['industry.industry'] ?? []) as string[];
    return sent.length === 45;
  });
  const industry = filters.getByRole('combobox', { name: 'Industry' });
  await industry.fill('financial serv');
  // The sector is the first option, the one Enter picks (the list starts there whenever it changes).
  await expect(page.getByRole('option', { name: /^Financial Services/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await industry.press('Enter');
  const request = await listed;
  const sent = request.postDataJSON().filters['industry.industry'] as string[];
  expect(sent.every((c) => c.startsWith('IND-20'))).toBe(true);
  await expect(
    filters.getByRole('button', { name: 'Remove Financial Services (45 industries)' }),
  ).toBeVisible();
  // Companies of several of its industries come back.
  const answer = await (await request.response())?.json();
  const rows = (answer?.data ?? []) as unknown[];
  expect(rows.length).toBeGreaterThan(1);
  // No service code anywhere on the rep's screen.
  await expect(page.locator('body')).not.toContainText('IND-');

  // Funding stages: the common ones first, in the order money is raised.
  await filters.getByRole('button', { name: /^Funding detail/ }).click();
  const stage = filters.getByRole('group', { name: 'Funding stage' });
  await expect(stage.getByRole('checkbox')).toHaveCount(8);
  const labels = await stage.locator('label').allInnerTexts();
  expect(labels).toEqual([
    'Pre-seed',
    'Angel',
    'Seed',
    'Series A',
    'Series B',
    'Series C',
    'Series D',
    'Series E',
  ]);
});
