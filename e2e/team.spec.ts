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
