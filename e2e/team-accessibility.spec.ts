import { checkState } from './fixtures/axe';
import { TEAM_ADMIN, TEAM_USER } from './fixtures/team';
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

test.describe('the Admin page', () => {
  test('as an admin: the dashboard, adding a user with errors, the chart as a table; as a member: admins only', async ({
    page,
    browser,
  }) => {
    // Five states through axe, on a machine others share.
    test.setTimeout(180_000);
    await page.goto('/sign-in');
    await page.getByLabel('User name').fill(TEAM_ADMIN.name);
    await page.getByLabel('Password').fill(TEAM_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('table', { name: 'Results' })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
    await expect(page.getByRole('img', { name: 'Credits per day by user' })).toBeVisible();
    await expect(page.getByRole('table', { name: "The team's users" })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Admin actions, newest first' })).toBeVisible();
    await checkState(page, 'admin');

    await page.getByRole('button', { name: 'Show as a table' }).click();
    await expect(page.getByRole('table', { name: 'Credits per day by user' })).toBeVisible();
    await checkState(page, 'admin: spend as a table');

    // By keyboard: the drawer opens on Enter, takes the focus, submits on Enter, and Escape gives
    // the focus back to the button that opened it.
    const addUser = page.getByRole('button', { name: 'Add user' });
    await addUser.focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Add a user' });
    await expect(page.getByRole('dialog', { name: 'Add a user' })).toBeFocused();
    await page.keyboard.press('Tab'); // the drawer's Close
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('User name')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(form.getByText('Enter a user name')).toBeVisible();
    await checkState(page, 'admin: add a user, refused');
    await page.keyboard.press('Escape');
    await expect(addUser).toBeFocused();

    const row = page
      .getByRole('table', { name: "The team's users" })
      .getByRole('row', { name: /^e2e-alice/ });
    await row.getByRole('button', { name: 'Reset password of e2e-alice' }).click();
    await expect(page.getByRole('form', { name: 'New password for e2e-alice' })).toBeVisible();
    await checkState(page, 'admin: reset a password');
    await page.keyboard.press('Escape');

    const member = await browser.newContext();
    try {
      const m = await member.newPage();
      await m.goto('/sign-in');
      await m.getByLabel('User name').fill(TEAM_USER.name);
      await m.getByLabel('Password').fill(TEAM_USER.password);
      await m.getByRole('button', { name: 'Sign in' }).click();
      await expect(m.getByRole('table', { name: 'Results' })).toBeVisible();
      await m.goto('/admin');
      await expect(m.getByRole('heading', { level: 1, name: 'Admins only' })).toBeVisible();
      await checkState(m, 'admin: a member');
    } finally {
      await member.close();
    }
  });
});
