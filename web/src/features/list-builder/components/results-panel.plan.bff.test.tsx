// @vitest-environment jsdom
/**
 * The results panel adapting to the upstream plan, against the real BFF (in-process, on the embedded
 * service with the Pay-as-you-go or Subscription key): page sizes within the plan's limit, sections
 * the plan cannot have shown unavailable with the reason, what a page costs, and an export that
 * leaves out (or, asked anyway, is refused for) columns the plan lacks, saying which and why.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { USAGE_QUERY_KEY } from '@/lib/usage';
import { keepDownloads, layOutGrid } from '@/testing/grid-dom';
import { renderWithList } from '@/testing/render-with-list';
import { type Service, startService } from '../../../../../bff/embedded/service';
import { type BffApp, createBffApp } from '../../../../../bff/server/app';
import type { BffStore } from '../../../../../bff/server/store/store';
import { embeddedUpstream } from '../../../../../bff/server/upstream/upstream';
import { testStore } from '../../../../../bff/testing/test-store';
import { forgetGridMemory } from '../grid-memory';
import type { ListSearch } from '../list-search';
import { ExportMenu } from './results/export-menu';
import { ResultsPanel } from './results-panel';

const ORIGIN = 'http://127.0.0.1:8787';
const realFetch = globalThis.fetch;
let service: Service;
const bffs: Partial<Record<'payg' | 'subscription', BffApp>> = {};
let current: BffApp;
const stores: BffStore[] = [];
const calls: { path: string; body: unknown }[] = [];
let saved: Blob[] = [];

beforeAll(async () => {
  service = await startService({ dataDir: ':memory:', companies: 300, seed: 7 });
  for (const [plan, key] of [
    ['payg', 'dev-payg-key'],
    ['subscription', 'dev-subscription-key'],
  ] as const) {
    const upstream = { ...embeddedUpstream(service, key), close: () => {} };
    const store = await testStore();
    stores.push(store);
    bffs[plan] = createBffApp({
      upstream,
      store,
      staticDir: 'does-not-exist',
      log: () => {},
      extras: { webhookSecret: undefined, heartbeatMs: 60_000 },
    });
  }
  // The browser's calls go to the BFF as from its own page (same origin, CSRF header from the app).
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), ORIGIN);
    const headers = new Headers(init?.headers);
    headers.set('origin', ORIGIN);
    const body = typeof init?.body === 'string' ? init.body : undefined;
    calls.push({ path: url.pathname, body: body ? JSON.parse(body) : undefined });
    return current.fetch(new Request(url, { method: init?.method ?? 'GET', headers, body }));
  };
  layOutGrid();
  saved = keepDownloads();
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await bffs.payg?.close();
  await bffs.subscription?.close();
  for (const store of stores) await store.close();
  service.close();
});

afterEach(() => {
  cleanup();
  calls.length = 0;
  saved.length = 0;
  forgetGridMemory();
});

function renderPanel(plan: 'payg' | 'subscription', search: ListSearch) {
  current = bffs[plan]!;
  return renderWithList(ResultsPanel, search);
}

const listCalls = () => calls.filter((c) => c.path === '/api/v1/list/generate/companies');

/** A page's rows, not the skeleton rows shown until the BFF answers (longer on PostgreSQL). */
async function rowsShown() {
  const grid = await screen.findByRole('table', { name: 'Results' });
  await waitFor(
    () => {
      expect(grid.getAttribute('aria-busy')).toBe('false');
      expect(within(grid).getAllByRole('row').length).toBeGreaterThan(10);
    },
    { timeout: 5000 },
  );
}

describe('ResultsPanel on the Pay-as-you-go plan', () => {
  it('asks for pages within the plan limit, offers only allowed sizes and prices the page', async () => {
    // A shared link from a bigger plan asks for 500 a page.
    renderPanel('payg', { size: 500 });
    await rowsShown();
    expect(listCalls()).toHaveLength(1);
    expect(listCalls()[0]?.body).toMatchObject({ limit: 20, offset: 0 });
    const size = screen.getByLabelText('Rows per page') as HTMLSelectElement;
    expect([...size.options].map((o) => o.textContent)).toEqual(['20 (~5.5 credits)']);
    // 1.5 + 20 x 0.2 credits, as the service charged.
    await waitFor(() => expect(screen.getByText('This page: 5.5 credits spent')).toBeTruthy());
    expect(screen.getByText('300 found')).toBeTruthy();
    expect(screen.getByText(/Page 1 of 15/)).toBeTruthy();
  });

  it('shows every section unavailable in the column chooser, with the reason, and none can be added', async () => {
    renderPanel('payg', {});
    await rowsShown();
    await userEvent.click(screen.getByRole('button', { name: /Columns/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Columns' });
    const firmographic = await within(drawer).findByRole('checkbox', { name: 'Firmographic' });
    expect((firmographic as HTMLInputElement).disabled).toBe(true);
    const reasons = within(drawer).getAllByText(
      'The Pay-as-you-go plan does not include sections in list generation',
    );
    expect(reasons.length).toBeGreaterThanOrEqual(15);
  });

  it('leaves columns the plan lacks out of the export, says which and why, and exports the rest', async () => {
    const columns = ['name', 'website', 'product_category', 'company_type', 'firmographic.founded_year'];
    const { queryClient } = renderPanel('payg', {
      columns,
      filters: { 'firmographic.company_type': ['public'] },
    });
    await rowsShown();
    queryClient.setQueryData(USAGE_QUERY_KEY, null);
    expect(queryClient.getQueryState(USAGE_QUERY_KEY)?.isInvalidated).toBe(false);
    // The service skipped the section; the grid says so.
    expect(await screen.findByText('Firmographic not included:')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const menu = await screen.findByRole('dialog', { name: 'Export CSV' });
    expect(menu.textContent).toContain(
      'Left out of the file: Founded. The Pay-as-you-go plan does not include sections in list generation.',
    );
    expect(within(menu).getByText('4 of 5 visible columns, in their order.')).toBeTruthy();
    await userEvent.click(within(menu).getByRole('button', { name: 'Download CSV' }));
    // Priced above 100 credits (an upper bound while the BFF has not read the list's pages), the
    // export is asked about first.
    await waitFor(() =>
      expect(
        within(menu).queryByRole('button', { name: /^Spend / }) ?? within(menu).queryByRole('status'),
      ).toBeTruthy(),
    );
    const spend = within(menu).queryByRole('button', { name: /^Spend / });
    if (spend) await userEvent.click(spend);
    const status = await within(menu).findByRole('status', undefined, { timeout: 10_000 });
    expect(status.textContent).toMatch(/^Saved public-\d{4}-\d{2}-\d{2}\.csv \(11 rows\)\.$/);
    // The header's spend follows: today's usage is stale once the export's pages were charged.
    expect(queryClient.getQueryState(USAGE_QUERY_KEY)?.isInvalidated).toBe(true);
    const exportCall = calls.find((c) => c.path === '/bff/exports');
    expect(exportCall?.body).toMatchObject({ columns: columns.slice(0, 4) });
    const csv = await saved[0]!.text();
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Company,Website,Product category,Company type');
    expect(lines).toHaveLength(12);
  });

  it("lists the BFF's reasons when it refuses an export of columns the plan lacks", async () => {
    current = bffs.payg!;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ExportMenu
          request={{ sort_by: 'relevance', sort_order: 'desc' }}
          columns={['name', 'technology.ai_maturity', 'firmographic.founded_year']}
          selected={[]}
          total={300}
          list={{}}
        />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('2 of the chosen columns need sections the Pay-as-you-go plan');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      // Each field error as a sentence, named by what the field is on screen (not its path).
      'Columns: "AI maturity" needs the Technology section; the Pay-as-you-go plan includes no sections in lists.',
      'Columns: "Founded" needs the Firmographic section; the Pay-as-you-go plan includes no sections in lists.',
    ]);
    expect(saved).toHaveLength(0);
  });
});

describe('ResultsPanel on the Subscription plan', () => {
  it('offers page sizes up to 500 and shows the Enterprise-only sections unavailable, with the reason', async () => {
    renderPanel('subscription', { size: 100 });
    await rowsShown();
    expect(listCalls()[0]?.body).toMatchObject({ limit: 100 });
    const size = screen.getByLabelText('Rows per page') as HTMLSelectElement;
    expect([...size.options].map((o) => o.value)).toEqual(['20', '50', '100', '200', '500']);
    // 1.5 + 100 x 0.2 credits.
    await waitFor(() => expect(screen.getByText('This page: 21.5 credits spent')).toBeTruthy());

    await userEvent.click(screen.getByRole('button', { name: /Columns/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Columns' });
    const funding = await within(drawer).findByRole('checkbox', { name: 'Funding' });
    expect((funding as HTMLInputElement).disabled).toBe(true);
    expect(within(drawer).getByText('Funding is available on the Enterprise plan only')).toBeTruthy();
    const firmographic = within(drawer).getByRole('checkbox', { name: 'Firmographic' });
    expect((firmographic as HTMLInputElement).disabled).toBe(false);
    // Ticking a section is a choice, applied with the button that gives its price for the rows on
    // screen; once applied, the page is priced with it: 1.5 + 100 x (0.2 + 2) credits.
    await userEvent.click(firmographic);
    expect(listCalls().at(-1)?.body).not.toHaveProperty('sections');
    await userEvent.click(await within(drawer).findByRole('button', { name: /^Add 1 section to 100 rows/ }));
    await waitFor(() => expect(screen.getByText(/^This page: ~?221\.5 credits/)).toBeTruthy());
    expect(listCalls().at(-1)?.body).toMatchObject({ sections: ['firmographic'], limit: 100 });
  });
});
