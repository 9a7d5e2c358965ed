import type { Browser, Page } from '@playwright/test';
import { checkState } from './fixtures/axe';
import { grid } from './fixtures/list';
import { listGrid, saveBuilderList } from './fixtures/saved-lists';
import { TEAM_ADMIN, TEAM_USER } from './fixtures/team';
import { expect, test } from './fixtures/test';

/**
 * A shared list opened by a second member of the team (team-mode BFF, project `team`): the owner
 * shares a list and keeps another private; the second member finds the shared one on the Lists
 * page under its owner's name, read-only, runs it (charged to them), and duplicates it into a list
 * of their own; the private one is not theirs to see.
 */

// The private list's address answers 404 to the second member (Chromium logs the answer).
test.use({ allowedConsoleErrors: [/status of 404 .*\/bff\/lists\/[0-9a-f-]+\)$/] });

async function signIn(page: Page, account: { name: string; password: string }): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('User name').fill(account.name);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(grid(page)).toBeVisible();
}

async function asMember(browser: Browser, account: { name: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account);
  return { page, close: () => context.close() };
}

test('a list shared by one member, opened, run and duplicated by another', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const shared = `Team list ${stamp}`;
  const secret = `Private list ${stamp}`;

  await signIn(page, TEAM_USER);
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  await saveBuilderList(page, shared, { shared: true });
  const privateId = await saveBuilderList(page, secret);

  const other = await asMember(browser, TEAM_ADMIN);
  try {
    const p = other.page;
    await p
      .getByRole('banner')
      .getByRole('link', { name: /^Lists/ })
      .click();
    const row = p.getByTestId('saved-list').filter({ hasText: shared });
    await expect(row).toContainText(TEAM_USER.name);
    await expect(row).toContainText('Shared with the team');
    // Not theirs to change: no settings, no delete; Duplicate instead.
    await expect(row.getByRole('button', { name: /^Settings/ })).toHaveCount(0);
    await expect(row.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await expect(row.getByRole('button', { name: /^Duplicate/ })).toBeVisible();
    await expect(p.getByTestId('saved-list').filter({ hasText: secret })).toHaveCount(0);
    await checkState(p, 'lists: another member’s shared list');

    await row.getByRole('link', { name: shared }).click();
    await expect(p.getByRole('heading', { level: 1, name: shared })).toBeVisible();
    await expect(p.getByText(`${TEAM_USER.name}’s · shared with the team`)).toBeVisible();
    await expect(p.getByText(/^A run: .*, charged to you/)).toBeVisible();
    await p.getByRole('button', { name: 'Run list' }).click();
    await expect(p.getByText(/Run just now/)).toBeVisible();
    await expect(listGrid(p)).toHaveAttribute('aria-busy', 'false');
    await checkState(p, 'saved list: another member’s, read-only, run');

    // Duplicate: a private list of their own, which they may change.
    await p.getByRole('button', { name: /^Duplicate/ }).click();
    await expect(p.getByRole('heading', { level: 1, name: `${shared} (copy)` })).toBeVisible();
    await expect(p.getByText(/^Yours · private/)).toBeVisible();
    await expect(p.getByRole('button', { name: /^Settings/ })).toBeVisible();

    // The other's private list is no list at all to them.
    await p.goto(`/lists/${privateId}`);
    await expect(p.getByRole('heading', { level: 1, name: 'No such list' })).toBeVisible();
  } finally {
    await other.close();
  }
});
