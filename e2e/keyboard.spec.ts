import type { Page } from '@playwright/test';
import { grid, urlState } from './fixtures/list';
import { expect, test } from './fixtures/test';

/**
 * Keyboard-only journeys: no click and no `focus()` call, only keys. At every step the focused
 * element must be on screen: inside the viewport, not under the sticky header, not under the grid's
 * sticky header row, and not scrolled out of the box (the filter panel, the grid) that holds it.
 */

type Focused = {
  /** role or tag, and the name as a user hears it (label, aria-label or text). */
  role: string;
  name: string;
  href: string | null;
  /** Why the focused element is not fully on screen (empty when it is). */
  problems: string[];
  top: number;
};

function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body)
      return { role: 'body', name: '', href: null, problems: ['on <body>'], top: 0 };
    const r = el.getBoundingClientRect();
    const problems: string[] = [];
    const header = document.querySelector('header');
    const fixed = getComputedStyle(el).position === 'fixed';
    if (r.width === 0 && r.height === 0) problems.push('has no box');
    if (header && !header.contains(el) && !fixed && r.top < header.getBoundingClientRect().bottom - 0.5)
      problems.push(
        `top ${Math.round(r.top)} under the sticky header (${header.getBoundingClientRect().bottom})`,
      );
    if (r.top < -0.5 || r.bottom > window.innerHeight + 0.5)
      problems.push(`outside the viewport (${Math.round(r.top)}..${Math.round(r.bottom)})`);
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      if (!/(auto|scroll)/.test(getComputedStyle(p).overflowY)) continue;
      const box = p.getBoundingClientRect();
      if (r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)
        problems.push(`scrolled out of its box ${p.tagName.toLowerCase()}.${p.className.split(' ')[0]}`);
    }
    const table = el.closest('table');
    const head = table?.querySelector('thead');
    if (head && !head.contains(el) && r.top < head.getBoundingClientRect().bottom - 0.5)
      problems.push('under the grid header row');
    const labelled = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null;
    const name = (el.getAttribute('aria-label') ?? labelled ?? el.textContent ?? '')
      .trim()
      .replace(/\s+/g, ' ');
    return {
      role:
        el.getAttribute('role') ||
        (el instanceof HTMLInputElement ? el.type : '') ||
        (el instanceof HTMLButtonElement ? 'button' : '') ||
        el.tagName.toLowerCase(),
      name,
      href: el.getAttribute('href'),
      problems,
      top: r.top,
    };
  });
}

/** The focused element is on screen; gives it. */
async function expectFocusOnScreen(page: Page): Promise<Focused> {
  const f = await focused(page);
  expect(f.problems, `focus on ${f.role} "${f.name}"`).toEqual([]);
  return f;
}

/** Presses Tab (or Shift+Tab) until `matches` holds, checking the focus is on screen at every step. */
async function tabTo(
  page: Page,
  matches: (f: Focused) => boolean,
  { back = false, max = 80 }: { back?: boolean; max?: number } = {},
): Promise<{ focus: Focused; presses: number }> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await expectFocusOnScreen(page);
    if (matches(f)) return { focus: f, presses };
  }
  throw new Error(`not reached in ${max} ${back ? 'Shift+Tab' : 'Tab'} presses`);
}

async function settled(page: Page): Promise<void> {
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
}

/** The filter panel's scroll box and the window's scroll position. */
function scrollState(page: Page): Promise<{ window: number; panel: number }> {
  return page.evaluate(() => ({
    window: window.scrollY,
    panel: document.querySelector('form[aria-label="Filter editor"]')?.scrollTop ?? -1,
  }));
}

test('build a list by keyboard: skip link, description, a filter low in the panel, results', async ({
  page,
}) => {
  await page.goto('/?size=20');
  await settled(page);

  // The first Tab shows the skip link; it takes the focus to the results.
  await page.keyboard.press('Tab');
  const skip = await expectFocusOnScreen(page);
  expect(skip.name).toBe('Skip to results');
  await expect(page.getByRole('link', { name: 'Skip to results' })).toBeVisible();
  await page.keyboard.press('Enter');
  expect((await expectFocusOnScreen(page)).name).toBe('Companies');

  // The description box is a few Shift+Tabs back.
  const describe = await tabTo(page, (f) => f.name === 'Describe the companies', { back: true, max: 6 });
  expect(describe.presses).toBeLessThanOrEqual(3);
  await page.keyboard.type('software companies founded after 2015');
  const translated = page.waitForResponse((r) => r.url().includes('/api/v1/list/filter-builder'));
  await page.keyboard.press('Enter');
  await translated;
  await expect(page.getByRole('list', { name: 'Understood from your description' })).toBeVisible();
  await settled(page);
  // The focus stays in the box it was in.
  expect((await expectFocusOnScreen(page)).name).toBe('Describe the companies');

  // Back into the filter panel, from its bottom: every control on the way stays on screen.
  await tabTo(page, (f) => f.role === 'button' && f.name.startsWith('Technology'), { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /^Technology/ })).toHaveAttribute('aria-expanded', 'true');
  // Tick a value of the group, low in the panel: nothing moves but the list.
  await tabTo(page, (f) => f.role === 'checkbox' && f.name === 'AI assisted');
  const before = await scrollState(page);
  expect(before.panel, 'the panel is scrolled down to the group').toBeGreaterThan(0);
  const listed = page.waitForRequest(
    (r) =>
      r.url().includes('/api/v1/list/generate/companies') && (r.postData() ?? '').includes('ai_maturity'),
  );
  await page.keyboard.press('Space');
  await listed;
  await settled(page);
  expect(urlState(page, 'filters')?.['technology.ai_maturity.scale']).toEqual([1]);
  expect(await scrollState(page)).toEqual(before);
  const ticked = await expectFocusOnScreen(page);
  expect(ticked).toMatchObject({ role: 'checkbox', name: 'AI assisted' });
  await expect(page.getByRole('checkbox', { name: 'AI assisted' })).toBeChecked();

  // Back up the whole panel to the skip link (every control on screen on the way), then the results.
  await tabTo(page, (f) => f.name === 'Skip to results', { back: true, max: 250 });
  await page.keyboard.press('Enter');
  await tabTo(page, (f) => f.href?.startsWith('/companies/') === true);
});

test('open a company from the grid by keyboard, move through its tabs with the arrows, and come back', async ({
  page,
}) => {
  await page.goto('/?size=20&sort_by=revenue_estimate');
  await settled(page);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  // Past the toolbar and the grid's header, the first row's checkbox, then its company.
  const row = await tabTo(page, (f) => f.href?.startsWith('/companies/') === true);
  const name = row.focus.name;
  const href = row.focus.href;

  // Opening it puts the focus on the company's name.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/companies\//);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect.poll(async () => (await focused(page)).name).toBe(name);
  expect((await expectFocusOnScreen(page)).role).toBe('h1');

  // To the tabs, then along them with the arrow keys: the page stays where it is.
  const tab = await tabTo(page, (f) => f.role === 'tab');
  expect(tab.focus.name).toMatch(/^Overview/);
  const y = await page.evaluate(() => window.scrollY);
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/tab=business/);
  expect((await expectFocusOnScreen(page)).name).toMatch(/^Business model/);
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/tab=signals/);
  expect((await expectFocusOnScreen(page)).name).toMatch(/^Signals/);
  await expect(page.getByRole('tabpanel').getByTestId('cost-note').first()).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(y);

  // Back to the list: the focus returns to the company's row in the grid.
  await tabTo(page, (f) => f.name === '← Back to the list', { back: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort_by=revenue_estimate/);
  await settled(page);
  await expect.poll(async () => (await focused(page)).href).toBe(href);
  expect((await expectFocusOnScreen(page)).name).toBe(name);
});

test('export by keyboard: the menu, the download, and the focus kept on the way', async ({ page }) => {
  await page.goto('/?size=20');
  await settled(page);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await tabTo(page, (f) => f.name === 'Export CSV');
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog', { name: 'Export CSV' });
  await expect(menu).toBeVisible();
  // The menu opens with the focus inside it.
  expect((await expectFocusOnScreen(page)).role).toBe('radio');
  await tabTo(page, (f) => f.name === 'Download CSV', { max: 6 });
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  // Above 100 credits (nothing of it stored yet) the menu asks first, its Spend button focused.
  const spend = menu.getByRole('button', { name: /^Spend / });
  await expect(spend.or(menu.getByRole('status')).first()).toBeVisible();
  if (await spend.isVisible()) {
    await expect(spend).toBeFocused();
    await page.keyboard.press('Enter');
  }
  // While the file is made the button is busy, and keeps the focus.
  await download;
  await expect(menu.getByRole('status')).toContainText('Saved');
  expect(await expectFocusOnScreen(page)).toMatchObject({ role: 'button', name: 'Download CSV' });
  await expect(menu.getByRole('button', { name: 'Download CSV' })).not.toHaveAttribute('aria-disabled');
  // Escape closes the menu back to its button.
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  expect((await expectFocusOnScreen(page)).name).toBe('Export CSV');
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
]) {
  test(`at ${viewport.width}x${viewport.height} the filter panel scrolls on its own beside results in view`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/?size=20');
    await settled(page);
    const filters = page.getByRole('complementary', { name: 'Filters' });
    // Every group open: the panel is far taller than the window.
    const closed = filters.getByRole('button', { expanded: false, name: /^(?!Show)/ });
    while ((await closed.count()) > 0) await closed.first().press('Enter');
    const layout = await page.evaluate(() => {
      const panel = document.querySelector<HTMLElement>('form[aria-label="Filter editor"]')!;
      const style = getComputedStyle(panel);
      const results = document.querySelector<HTMLElement>('table[aria-label="Results"]')!.parentElement!;
      const header = document.querySelector('header')!.getBoundingClientRect().bottom;
      return {
        pageScrolls: document.documentElement.scrollHeight > window.innerHeight,
        panelScrolls: panel.scrollHeight > panel.clientHeight,
        overflowY: style.overflowY,
        overscroll: style.overscrollBehaviorY,
        panelBottom: Math.round(panel.getBoundingClientRect().bottom),
        gridTop: results.getBoundingClientRect().top,
        gridBottom: results.getBoundingClientRect().bottom,
        header,
        height: window.innerHeight,
      };
    });
    expect(layout).toMatchObject({
      pageScrolls: false,
      panelScrolls: true,
      overflowY: 'auto',
      overscroll: 'contain',
      panelBottom: viewport.height,
    });
    expect(layout.gridTop).toBeGreaterThan(layout.header);
    expect(layout.gridBottom).toBeLessThanOrEqual(layout.height);

    // A value at the bottom of the panel's filters: focusing it scrolls the panel, ticking it moves
    // nothing. (The Signals facets below them are a priced draft, applied by their own button.)
    const last = filters
      .getByRole('region', { name: /^(?!Signals)/ })
      .last()
      .getByRole('checkbox')
      .last();
    await last.focus();
    const before = await scrollState(page);
    expect(before).toMatchObject({ window: 0 });
    expect(before.panel).toBeGreaterThan(0);
    const filtered = page.waitForURL((url) => url.searchParams.has('filters'));
    await page.keyboard.press('Space');
    await filtered;
    await expect(last).toBeChecked();
    await settled(page);
    expect(await scrollState(page)).toEqual(before);
    await expect(last).toBeInViewport();
    await expect(last).toBeFocused();
    await expect(grid(page)).toBeInViewport();
  });
}
