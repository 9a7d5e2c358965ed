/**
 * The app in a phone-width window: 320 CSS px, what a 1280 px screen shows at 400% zoom (WCAG 1.4.10,
 * Reflow). No page scrolls sideways, a company's lookalikes included; the header's navigation folds
 * behind "Menu" and the list builder's filters behind their heading, and both open, close and work
 * from the keyboard; the toolbar's panels open inside the window; a record table wider than the
 * window scrolls in its own box, which the keyboard can reach; axe finds no serious violation in
 * any of these states.
 */
import type { Page } from '@playwright/test';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../bff/contract/bff';
import { checkState } from './fixtures/axe';
import { grid, urlState } from './fixtures/list';
import { saveBuilderList } from './fixtures/saved-lists';
import { expect, test } from './fixtures/test';

const WIDTH = 320;

/** How far the page reaches past the window's right edge, in CSS px (0 or less: it reflows). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * The header's height, and the height the stylesheet says it has (`--app-header-height`, which keeps
 * focused controls from scrolling in under the sticky header, WCAG 2.4.11): they must agree.
 */
function headerHeights(page: Page): Promise<{ drawn: number; declared: number }> {
  return page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.height = 'var(--app-header-height)';
    document.body.append(probe);
    const declared = probe.getBoundingClientRect().height;
    probe.remove();
    const drawn = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
    return { drawn: Math.round(drawn), declared: Math.round(declared) };
  });
}

async function settled(page: Page): Promise<void> {
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
}

test.use({ viewport: { width: WIDTH, height: 700 } });

test('every page reflows at 320 px; the menu and the filters fold and open', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await settled(page);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  const heights = await headerHeights(page);
  expect(heights.declared).toBe(heights.drawn);

  // The navigation is folded: its links are behind "Menu", which says so.
  const banner = page.getByRole('banner');
  const menu = banner.getByRole('button', { name: 'Menu' });
  const nav = banner.getByRole('navigation', { name: 'Main' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  for (const name of ['Lists', 'Requests', 'Accounts', 'Admin'])
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  // The API reference is for engineers: not in a rep's navigation (the Admin page and the footer link it).
  await expect(nav.getByRole('link', { name: /API/ })).toHaveCount(0);
  await expect(nav.getByRole('button', { name: 'Add company' })).toBeVisible();
  await checkState(page, 'narrow: menu open');
  // Escape closes it, the focus back on its button.
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();
  // A press outside closes it too.
  await menu.click();
  await expect(nav).toBeVisible();
  await page.getByRole('heading', { level: 2, name: 'Companies', exact: true }).click();
  await expect(nav).toBeHidden();

  // The filters are folded above the results; their heading opens them, and a tick applies.
  const filters = page.getByRole('complementary', { name: 'Filters' });
  const fold = filters.getByRole('button', { name: /^Filters/ });
  await expect(fold).toHaveAttribute('aria-expanded', 'false');
  await expect(filters.getByRole('form', { name: 'Filter editor' })).toBeHidden();
  await checkState(page, 'narrow: list builder, filters folded');
  await fold.press('Enter');
  await expect(fold).toHaveAttribute('aria-expanded', 'true');
  await filters.getByRole('checkbox', { name: 'Public', exact: true }).first().check();
  await expect.poll(() => urlState(page, 'filters')).toEqual({ 'firmographic.company_type': ['public'] });
  await expect(fold).toHaveAccessibleName('Filters (1 active)');
  await settled(page);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await checkState(page, 'narrow: filters open, one applied');

  // The toolbar's panels open inside the window, whichever edge their button sits near.
  for (const [button, panel] of [
    [/^Export CSV/, 'Export CSV'],
    [/^In CRM/, 'Accounts in your CRM'],
  ] as const) {
    await page.getByRole('button', { name: button }).click();
    const box = await page.getByRole('dialog', { name: panel }).boundingBox();
    expect(box?.x, `${panel} starts inside the window`).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0), `${panel} ends inside the window`).toBeLessThanOrEqual(WIDTH);
    await checkState(page, `narrow: ${panel} open`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: panel })).toBeHidden();
  }

  // A saved list gives the Lists page a table: wider than the window, it scrolls in its own box,
  // which takes the focus (named by its caption) so that the keyboard can scroll it.
  const id = await saveBuilderList(page, `Public companies (narrow window ${Date.now()})`);
  try {
    await menu.click();
    await nav.getByRole('link', { name: 'Lists', exact: true }).click();
    await expect(page).toHaveURL(/\/lists$/);
    await expect(nav).toBeHidden(); // a followed link closes the menu
    const table = page.getByRole('table');
    await expect(table).toBeVisible();
    const box = page.getByRole('region', { name: await table.locator('caption').innerText() });
    await expect(box).toHaveAttribute('tabindex', '0');
    await box.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await checkState(page, 'narrow: lists page');

    // The other pages, each drawn in full, reflow as well.
    for (const [path, heading] of [
      ['/requests', 'Requests'],
      ['/accounts', 'Accounts'],
      ['/api-reference', 'API reference'],
      ['/admin', 'Admin'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await overflow(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  } finally {
    const gone = await page.request.delete(`${baseURL}/bff/lists/${id}`, {
      headers: { origin: baseURL ?? '', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    });
    expect(gone.status()).toBe(204);
  }

  // A company's page, opened from the grid.
  await page.goto('/');
  await settled(page);
  await grid(page).locator('tr[aria-rowindex="2"]').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/companies\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await checkState(page, 'narrow: company page');

  // Its lookalikes: the seeds' panel and the ranked list reflow too.
  await page.getByRole('button', { name: 'More like this' }).click();
  await expect(page.getByRole('heading', { name: 'More like this company' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Lookalikes' }).getByRole('table')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await checkState(page, 'narrow: lookalikes');
});

test('from lg up the navigation and the filters are laid out, not folded', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await settled(page);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: 'Menu' })).toBeHidden();
  await expect(
    banner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Requests' }),
  ).toBeVisible();
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await expect(filters.getByRole('form', { name: 'Filter editor' })).toBeVisible();
  await expect(filters.getByRole('button', { name: /^Filters/ })).toBeHidden();
  const heights = await headerHeights(page);
  expect(heights.declared).toBe(heights.drawn);
});
