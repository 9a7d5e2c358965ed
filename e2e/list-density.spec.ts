import type { Page } from '@playwright/test';
import { checkState } from './fixtures/axe';
import { grid } from './fixtures/list';
import { expect, test } from './fixtures/test';

/**
 * Density (issue 35): compact rows and a folding filter panel give at least 25 rows of the grid on a
 * 1440 x 900 window, and both choices are kept for the next visit; on a phone the first results are
 * above the fold and the toolbar keeps to two rows. Axe checks each new state.
 */

/** Body rows wholly inside the grid's scroll box and the window. */
async function rowsInView(page: Page): Promise<number> {
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  return grid(page).evaluate((table) => {
    const box = table.parentElement!.getBoundingClientRect();
    const bottom = Math.min(box.bottom, window.innerHeight);
    return [...table.querySelectorAll('tbody tr')].filter((tr) => {
      const r = tr.getBoundingClientRect();
      return r.top >= box.top && r.bottom <= bottom + 0.5;
    }).length;
  });
}

test.describe('on a 1440 x 900 desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('compact rows and a folded filter panel show 25 rows and more, and are remembered', async ({
    page,
  }) => {
    await page.goto('/?size=50');
    const roomy = await rowsInView(page);
    expect(roomy).toBeLessThan(25);

    // Compact rows: a toggle button, pressed while on.
    const compact = page.getByRole('button', { name: 'Compact rows' });
    await expect(compact).toHaveAttribute('aria-pressed', 'false');
    await compact.click();
    await expect(compact).toHaveAttribute('aria-pressed', 'true');
    await expect(grid(page)).toHaveAttribute('data-density', 'compact');
    expect(await rowsInView(page)).toBeGreaterThan(roomy);

    // The filter panel folds to a strip (with the Describe box): the focus goes to what unfolds it.
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters.getByRole('button', { name: 'Hide filters' }).click();
    const show = filters.getByRole('button', { name: 'Show filters' });
    await expect(show).toBeFocused();
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('form', { name: 'Filter editor' })).toBeHidden();
    expect((await filters.boundingBox())!.width).toBeLessThanOrEqual(48);
    expect(await rowsInView(page)).toBeGreaterThanOrEqual(25);
    await checkState(page, 'list: compact rows, filters folded');

    // Both choices are kept: a new visit finds them.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Compact rows' })).toHaveAttribute('aria-pressed', 'true');
    await expect(show).toBeVisible();
    expect(await rowsInView(page)).toBeGreaterThanOrEqual(25);

    // Unfolded from the keyboard: the panel is back, the focus on the button that folds it again.
    await show.focus();
    await page.keyboard.press('Enter');
    await expect(filters.getByRole('button', { name: 'Hide filters' })).toBeFocused();
    await expect(page.getByRole('form', { name: 'Filter editor' })).toBeVisible();
    expect((await filters.boundingBox())!.width).toBeGreaterThan(300);
    await checkState(page, 'list: compact rows, filters open');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the first results are above the fold, and the toolbar keeps to two rows', async ({ page }) => {
    await page.goto('/?size=20');
    await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
    const firstRow = grid(page).locator('tbody tr').first();
    const row = (await firstRow.boundingBox())!;
    expect(row.y + row.height).toBeLessThanOrEqual(844);

    // The toolbar: Save list, the sort, In CRM, Columns, Export CSV, in at most two rows.
    const controls = [
      page.getByRole('button', { name: 'Save list' }),
      page.getByRole('combobox', { name: 'Sort by' }),
      page.getByRole('button', { name: /^In CRM/ }),
      page.getByRole('button', { name: /^Columns/ }),
      page.getByRole('button', { name: 'Export CSV' }),
    ];
    const tops = new Set<number>();
    for (const c of controls) {
      await expect(c).toBeVisible();
      tops.add(Math.round((await c.boundingBox())!.y / 8));
    }
    expect(tops.size).toBeLessThanOrEqual(2);
    // Nothing wider than the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkState(page, 'list: a phone');
  });
});
