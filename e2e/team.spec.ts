import { TEAM_USER } from './fixtures/team';
import { expect, test } from './fixtures/test';

/**
 * Team mode (a second `npm start` with BFF_MODE=team, see playwright.config.ts; its account is
 * created by e2e/fixtures/team-setup.ts): sign-in and sign-out pages in the real browser.
 */

// The wrong password's 401 is the one error answer this journey provokes (Chromium logs it).
test.use({ allowedConsoleErrors: [/status of 401 .*\(http:\/\/[^/]+\/bff\/session\)$/] });

test('signing in and out of a team-mode BFF', async ({ page }) => {
  // Nobody signed in: the list redirects to the sign-in page, and remembers where it came from.
  await page.goto('/?sort=name');
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  // Wrong password: an error, no session.
  await page.getByLabel('User name').fill(TEAM_USER.name);
  await page.getByLabel('Password').fill(`${TEAM_USER.password}-wrong`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('That user name and password do not match an account.');
  await expect(page).toHaveURL(/\/sign-in/);
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('lb_session');

  // Right password: back to the list the user asked for, their name in the header.
  await page.getByLabel('Password').fill(TEAM_USER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/\?sort=name$/);
  await expect(page.getByRole('table', { name: 'Results' })).toBeVisible();
  await expect(page.getByRole('banner').getByText(TEAM_USER.name, { exact: true })).toBeVisible();
  const cookie = (await page.context().cookies()).find((c) => c.name === 'lb_session');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
  expect((await page.request.get('/bff/usage')).status()).toBe(200);

  // Sign out: back to sign-in, and the API refuses the browser from then on.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const after = await page.request.get('/api/v1/industry/search?query=bank');
  expect(after.status()).toBe(401);
  expect((await page.request.get('/bff/usage')).status()).toBe(401);
  // The old session id is dead on the server too, not only forgotten by the browser.
  const replay = await page.request.get('/bff/usage', {
    headers: { cookie: `lb_session=${cookie?.value}` },
  });
  expect(replay.status()).toBe(401);
});

test('team mode in a phone-width window (320 px): sign-in and the signed-in header reflow', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 700 });
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.getByLabel('User name').fill(TEAM_USER.name);
  await page.getByLabel('Password').fill(TEAM_USER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('table', { name: 'Results' })).toBeVisible();

  // The header keeps Sign out and the menu in the one row; the name is left to wider windows.
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(banner.getByText(TEAM_USER.name, { exact: true })).toBeHidden();
  const menu = banner.getByRole('button', { name: 'Menu' });
  await menu.click();
  const nav = banner.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Lists', exact: true })).toBeVisible();
  // A member: no Admin page on offer.
  await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  const [signOut, menuBox] = await Promise.all([
    banner.getByRole('button', { name: 'Sign out' }).boundingBox(),
    menu.boundingBox(),
  ]);
  expect(Math.abs((signOut?.y ?? 0) - (menuBox?.y ?? 100))).toBeLessThan(8);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await banner.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
});
