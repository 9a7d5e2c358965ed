import { checkState } from './fixtures/axe';
import { TEAM_USER } from './fixtures/team';
import { expect, test } from './fixtures/test';

/** The sign-in page of a team-mode BFF through axe-core and the heading outline (see accessibility.spec.ts). */

// The wrong password's 401 is the one error answer this journey provokes (Chromium logs it).
test.use({ allowedConsoleErrors: [/status of 401 .*\(http:\/\/[^/]+\/bff\/session\)$/] });

test('the sign-in page, empty, refused, and signed in', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await checkState(page, 'sign-in');
  await page.getByLabel('User name').fill(TEAM_USER.name);
  await page.getByLabel('Password').fill(`${TEAM_USER.password}-wrong`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await checkState(page, 'sign-in: refused');
  await page.getByLabel('Password').fill(TEAM_USER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('table', { name: 'Results' })).toHaveAttribute('aria-busy', 'false');
  await checkState(page, 'list: signed in');
});
