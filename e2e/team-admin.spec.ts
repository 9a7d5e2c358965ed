import type { Browser, Page } from '@playwright/test';
import { REFRESH_HEADERS } from '../bff/contract/company-store';
import { grid } from './fixtures/list';
import { TEAM_ADMIN } from './fixtures/team';
import { expect, test } from './fixtures/test';

/**
 * An admin runs the team from the Admin page of a team-mode BFF (playwright.config.ts, project
 * `team`): adds a member, sets the member's daily budget; the member signs in in a second browser
 * context, builds a list, and finds the Admin page closed to them; the admin sees the member's spend
 * on the dashboard, equal to what the member's own meter says.
 */

async function signIn(page: Page, account: { name: string; password: string }): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('User name').fill(account.name);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(grid(page)).toBeVisible();
}

async function memberPage(browser: Browser, account: { name: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account);
  return { page, close: () => context.close() };
}

test('an admin adds a member, sets a budget, and sees the member’s spend on the dashboard', async ({
  page,
  browser,
}) => {
  // The data directory is kept between runs: a name of this run's own.
  const member = { name: `e2e-m-${Date.now().toString(36)}`, password: 'member password 42' };

  await signIn(page, TEAM_ADMIN);
  await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  const users = page.getByRole('table', { name: "The team's users" });
  await expect(users.getByRole('row', { name: new RegExp(`^${TEAM_ADMIN.name}`) })).toContainText('(you)');

  // Add the member.
  await page.getByRole('button', { name: 'Add user' }).click();
  const form = page.getByRole('form', { name: 'Add a user' });
  await form.getByLabel('User name').fill(member.name);
  await form.getByLabel('First password').fill(member.password);
  await expect(form.getByRole('radio', { name: /^Member/ })).toBeChecked();
  await form.getByRole('button', { name: 'Add user' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Added ${member.name}.` })).toBeVisible();
  const row = users.getByRole('row', { name: new RegExp(`^${member.name}`) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('combobox', { name: `Role of ${member.name}` })).toHaveValue('member');

  // Set the member's daily budget.
  await row.getByRole('button', { name: `Set the daily budget of ${member.name}` }).click();
  const budget = page.getByRole('form', { name: `Daily budget of ${member.name}` });
  await budget.getByLabel('Daily budget (credits)').fill('50');
  await budget.getByRole('button', { name: 'Save budget' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${member.name}'s daily budget is now 50 credits.` }),
  ).toBeVisible();
  await expect(row).toContainText('50 credits');
  const audit = page.getByRole('table', { name: 'Admin actions, newest first' });
  await expect(audit.getByRole('row').nth(1)).toContainText(
    `Set ${member.name}'s daily budget from the default to 50 credits`,
  );
  await expect(audit.getByRole('row').nth(2)).toContainText(`Added ${member.name} as a member`);

  // The member signs in elsewhere and builds a list: their meter shows the spend against 50.
  const other = await memberPage(browser, member);
  try {
    const m = other.page;
    const built = m.waitForResponse(
      (r) =>
        r.url().includes('/api/v1/list/generate/companies') &&
        (r.request().postData() ?? '').includes('software'),
    );
    await m.goto(
      `/?filters=${encodeURIComponent(JSON.stringify({ 'business_model.offering_type': ['software'] }))}`,
    );
    expect((await built).status()).toBe(200);
    await expect(grid(m)).toHaveAttribute('aria-busy', 'false');
    // The team's company store may hold that list from an earlier run (free to look again): the same
    // list asked afresh is always paid, so the member has spent something.
    const fresh = await m.request.post('/api/v1/list/generate/companies', {
      headers: { ...REFRESH_HEADERS, 'x-requested-with': 'list-builder', origin: new URL(m.url()).origin },
      data: { filters: { 'business_model.offering_type': ['software'] }, limit: 5 },
    });
    expect(fresh.status()).toBe(200);
    const usage = (await (await m.request.get('/bff/usage')).json()) as {
      spent_today: number;
      budget: number;
    };
    expect(usage.budget).toBe(50);
    expect(usage.spent_today).toBeGreaterThan(0);
    await expect(m.getByRole('region', { name: "Today's usage" })).toContainText('/ 50 credits today');
    // No Admin link for a member, and the page itself says it is not theirs.
    await expect(m.getByRole('banner').getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await m.goto('/admin');
    await expect(m.getByRole('heading', { level: 1, name: 'Admins only' })).toBeVisible();

    // The admin refreshes the dashboard: the member is among the top spenders with exactly that.
    await page.getByRole('button', { name: 'Refresh figures' }).click();
    const spent = `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(usage.spent_today)} credits`;
    const top = page
      .getByRole('list', { name: 'Top spenders' })
      .getByRole('listitem')
      .filter({ hasText: member.name });
    await expect(top).toContainText(spent);
    // The chart names its biggest spenders of the window (five, with "Everyone else" when more spent;
    // ties by name): on a data directory kept from earlier runs, earlier members may outrank this one.
    const window = (await (await page.request.get('/bff/admin/spend?days=30')).json()) as {
      days: { by_user: Record<string, number> }[];
    };
    const totals = new Map<string, number>();
    for (const d of window.days)
      for (const [name, c] of Object.entries(d.by_user)) totals.set(name, (totals.get(name) ?? 0) + c);
    const ranked = [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
    const named = ranked.length > 6 ? ranked.slice(0, 5) : ranked;
    const legend = page.getByRole('list', { name: 'Users in the chart' });
    if (named.includes(member.name)) await expect(legend).toContainText(member.name);
    else await expect(legend).toContainText('Everyone else');
    await expect(row).toContainText(spent);
    // Beside the spend, what the team's store saved over the window, as the ledger's companion says.
    const saved = ((await (await page.request.get('/bff/admin/spend?days=30')).json()) as { saved: number })
      .saved;
    await expect(page.getByTestId('spend-saved')).toContainText(
      `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(saved)} ${saved === 1 ? 'credit' : 'credits'} not spent again`,
    );
  } finally {
    await other.close();
  }
});
