// @vitest-environment jsdom
/**
 * The Admin page against the real BFF (in-process, local mode, whose one user is an admin, on the
 * embedded service): a user added through the form (bad input stopped in the browser, a taken name
 * shown at the field), a role and a budget changed, the last admin kept, the cap set, every action in
 * the audit log, and the spend chart's figures also as a table.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AdminPage as AdminRoute } from '@/app/routes/admin-page';
import { renderWithProviders } from '@/testing/render-with-providers';
import { type Service, startService } from '../../../../../bff/embedded/service';
import { type BffApp, createBffApp } from '../../../../../bff/server/app';
import { addUser } from '../../../../../bff/server/auth/users';
import type { BffStore } from '../../../../../bff/server/store/store';
import { embeddedUpstream } from '../../../../../bff/server/upstream/upstream';
import { testStore } from '../../../../../bff/testing/test-store';
import { AdminPage } from './admin-page';

const ORIGIN = 'http://127.0.0.1:8787';
const realFetch = globalThis.fetch;
let service: Service;
let bff: BffApp;
let db: BffStore;
const sent: { method: string; path: string }[] = [];

beforeAll(async () => {
  service = await startService({ dataDir: ':memory:', companies: 300, seed: 5 });
  db = await testStore();
  await addUser(db, { name: 'root', password: 'the first admin', dailyBudget: null, role: 'admin' });
  bff = createBffApp({
    upstream: { ...embeddedUpstream(service), close: () => {} },
    store: db,
    staticDir: 'does-not-exist',
    log: () => {},
    extras: { webhookSecret: undefined, heartbeatMs: 60_000 },
  });
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), ORIGIN);
    const headers = new Headers(init?.headers);
    headers.set('origin', ORIGIN);
    const method = init?.method ?? 'GET';
    sent.push({ method, path: url.pathname });
    return bff.fetch(
      new Request(url, { method, headers, body: typeof init?.body === 'string' ? init.body : undefined }),
    );
  };
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await bff.close();
  await db.close();
  service.close();
});

afterEach(() => {
  cleanup();
  sent.length = 0;
});

describe('the Admin page', () => {
  it('adds a user, stopping bad input in the browser and placing a taken name at its field', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AdminPage currentUserId="local" />);
    const users = await screen.findByRole('table', { name: "The team's users" });
    expect(within(users).getAllByRole('row')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const form = await screen.findByRole('form', { name: 'Add a user' });
    await user.type(within(form).getByLabelText('User name'), 'not ok');
    await user.type(within(form).getByLabelText('First password'), 'short');
    await user.type(within(form).getByLabelText('Daily budget (credits)'), '-3');
    await user.click(within(form).getByRole('button', { name: 'Add user' }));
    expect(await within(form).findByText('Use only letters, digits and . _ @ -')).toBeTruthy();
    expect(within(form).getByText('The password must have at least 10 characters')).toBeTruthy();
    expect(within(form).getByText('A budget cannot be negative')).toBeTruthy();
    expect(within(form).getByLabelText('User name').getAttribute('aria-invalid')).toBe('true');
    expect(sent.filter((s) => s.method === 'POST')).toEqual([]);

    // A name taken (in another case): the BFF's 409 is shown at the name.
    await user.clear(within(form).getByLabelText('User name'));
    await user.type(within(form).getByLabelText('User name'), 'ROOT');
    await user.clear(within(form).getByLabelText('First password'));
    await user.type(within(form).getByLabelText('First password'), 'a good long password');
    await user.clear(within(form).getByLabelText('Daily budget (credits)'));
    await user.type(within(form).getByLabelText('Daily budget (credits)'), '1,500');
    await user.click(within(form).getByRole('button', { name: 'Add user' }));
    expect(await within(form).findByText('A user named "root" exists already.')).toBeTruthy();

    await user.clear(within(form).getByLabelText('User name'));
    await user.type(within(form).getByLabelText('User name'), 'mia');
    await user.click(within(form).getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('Added mia.')).toBeTruthy();
    await waitFor(() => expect(within(users).getAllByRole('row')).toHaveLength(3));
    const mia = within(users).getByRole('row', { name: /mia/ });
    expect(mia.textContent).toContain('1,500 credits');
    expect(within(mia).getByRole('combobox', { name: 'Role of mia' })).toHaveProperty('value', 'member');
    const audit = await screen.findByRole('table', { name: 'Admin actions, newest first' });
    await waitFor(() =>
      expect(audit.textContent).toContain('Added mia as a member, daily budget 1,500 credits'),
    );
  });

  it('changes a role and a budget, and says why the last admin cannot be demoted', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AdminPage currentUserId="local" />);
    const users = await screen.findByRole('table', { name: "The team's users" });
    const root = within(users).getByRole('row', { name: /root/ });
    await user.selectOptions(within(root).getByRole('combobox', { name: 'Role of root' }), 'member');
    expect(await screen.findByText(/This is the last enabled admin/)).toBeTruthy();
    await waitFor(() =>
      expect(within(root).getByRole('combobox', { name: 'Role of root' })).toHaveProperty('value', 'admin'),
    );

    const mia = within(users).getByRole('row', { name: /mia/ });
    await user.click(within(mia).getByRole('button', { name: 'Set the daily budget of mia' }));
    const form = await screen.findByRole('form', { name: 'Daily budget of mia' });
    const input = within(form).getByLabelText('Daily budget (credits)');
    expect(input).toHaveProperty('value', '1500');
    await user.clear(input);
    await user.type(input, '40');
    await user.click(within(form).getByRole('button', { name: 'Save budget' }));
    expect(await screen.findByText("mia's daily budget is now 40 credits.")).toBeTruthy();
    await waitFor(() =>
      expect(within(users).getByRole('row', { name: /mia/ }).textContent).toContain('40 credits'),
    );

    await user.click(within(mia).getByRole('button', { name: 'Disable mia' }));
    expect(await screen.findByText('mia is disabled; their sessions ended.')).toBeTruthy();
    await waitFor(() =>
      expect(within(users).getByRole('row', { name: /mia/ }).textContent).toContain('Disabled'),
    );
  });

  it('sets the monthly cap and shows what the team spent against it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AdminPage currentUserId="local" />);
    const form = await screen.findByRole('form', { name: 'Monthly cap' });
    await user.type(within(form).getByLabelText('Cap (credits per month)'), 'lots');
    await user.click(within(form).getByRole('button', { name: 'Save cap' }));
    expect(
      await within(form).findByText('Enter a number of credits, or leave it empty for no cap'),
    ).toBeTruthy();
    await user.clear(within(form).getByLabelText('Cap (credits per month)'));
    await user.type(within(form).getByLabelText('Cap (credits per month)'), '2000');
    await user.click(within(form).getByRole('button', { name: 'Save cap' }));
    expect(await within(form).findByText("The team's monthly cap is now 2,000 credits.")).toBeTruthy();
    expect(
      screen.getByRole('meter', { name: 'Share of the monthly cap spent' }).getAttribute('aria-valuemax'),
    ).toBe('2000');
  });

  it('draws the spend per day with the same figures as a table', async () => {
    // Spend through the BFF as the local user: a list of 3 costs 2.1 credits.
    const res = await globalThis.fetch('/api/v1/list/generate/companies', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'list-builder' },
      body: JSON.stringify({ limit: 3 }),
    });
    expect(res.status).toBe(200);
    const user = userEvent.setup();
    renderWithProviders(<AdminPage currentUserId="local" />);
    const chart = await screen.findByRole('img', { name: 'Credits per day by user' });
    expect(chart.querySelectorAll('g[data-date]')).toHaveLength(30);
    expect(screen.getByRole('list', { name: 'Users in the chart' }).textContent).toContain(
      'Local user2.1 credits',
    );
    await user.click(screen.getByRole('button', { name: 'Show as a table' }));
    const table = screen.getByRole('table', { name: 'Credits per day by user' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows.at(-1)?.textContent).toMatch(/2\.1.*2\.1/);
    expect(screen.getByRole('button', { name: 'Hide the table' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Download ledger CSV' }).getAttribute('href')).toBe(
      '/bff/admin/ledger.csv',
    );
    // What the team did, in words: the list page, never the request path behind it.
    const done = screen.getByRole('table', { name: 'Credits by what the team did' });
    expect(within(done).getByRole('rowheader', { name: 'List pages' }).closest('tr')?.textContent).toMatch(
      /List pages\s*2\.1/,
    );
    expect(document.body.textContent).not.toMatch(/\/list\/generate|\/api\/v1/);
    // The API reference, out of the main navigation, is linked from here.
    expect(screen.getByRole('link', { name: 'API reference' }).getAttribute('href')).toBe('/api-reference');
  });

  it('in local mode, counts the accounts kept for team mode and names its one user', async () => {
    // The route reads the session (local mode here) and tells the page.
    renderWithProviders(<AdminRoute />);
    const stat = (await screen.findByText('Accounts for team mode')).parentElement as HTMLElement;
    const [value, note] = stat.querySelectorAll('dd');
    const users = (await globalThis.fetch('/bff/admin/users').then((r) => r.json())) as {
      data: { disabled: boolean }[];
    };
    const active = users.data.filter((u) => !u.disabled).length;
    expect(active).toBeGreaterThan(0);
    await waitFor(() => expect(value?.textContent).toBe(String(active)));
    expect(note?.textContent).toBe('Local mode has one user: you, an admin');
    expect(screen.queryByText('Active users')).toBeNull();
  });
});
