// @vitest-environment jsdom
/**
 * The export menu's prices: each choice says what it costs before the download (the BFF's estimate,
 * put in the query cache in the contract's shape as the estimate call would), what the team already
 * has is free, and an export above CONFIRM_EXPORT_ABOVE credits is asked about first.
 */
import type { ListRequest } from '@contract/api';
import { CONFIRM_EXPORT_ABOVE, type ListExportEstimate } from '@contract/company-store';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { exportEstimateQueryOptions } from '../../api/estimate-export';
import { ExportMenu, exportBody, priceWords } from './export-menu';

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

const REQUEST: ListRequest = {
  filters: { 'firmographic.company_type': ['public'] },
  sections: ['firmographic'],
  sort_by: 'relevance',
  sort_order: 'desc',
  limit: 50,
  offset: 50,
};
const COLUMNS = ['name', 'website', 'firmographic.founded_year'];
const SELECTED = ['c1', 'c2'];

function estimate(credits: number, exact = true): ListExportEstimate {
  return {
    kind: 'list',
    rows: 150,
    sections: ['firmographic'],
    credits,
    exact,
    credits_without_store: Math.max(credits, 300),
    budget_remaining: null,
    within_budget: true,
  };
}

function renderMenu(prices: { all: number; selected: number; hubspot: number; salesforce: number }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const body = (scope: 'all' | 'selected', columnSet: 'visible' | 'hubspot' | 'salesforce') =>
    exportBody({ request: REQUEST, scope, columnSet, exported: COLUMNS, selected: SELECTED, bom: false });
  const put = (b: ReturnType<typeof body>, e: ListExportEstimate) =>
    queryClient.setQueryData(exportEstimateQueryOptions(b).queryKey, e);
  put(body('all', 'visible'), estimate(prices.all, false));
  put(body('selected', 'visible'), estimate(prices.selected));
  put(body('all', 'hubspot'), estimate(prices.hubspot, false));
  put(body('all', 'salesforce'), estimate(prices.salesforce, false));
  // The CRM presets of the selection: the selection's price (a preset reads its stored sections too).
  put(body('selected', 'hubspot'), estimate(prices.selected));
  put(body('selected', 'salesforce'), estimate(prices.selected));
  // What the menu downloads. Every price is in the cache; one asked again (after an export, whose
  // purchases the store now holds) is free.
  const sent: string[] = [];
  globalThis.fetch = async (input: RequestInfo | URL) => {
    sent.push(String(input));
    if (String(input).endsWith('/estimate')) return Response.json(estimate(0));
    return new Response('Company\r\nAcme\r\n', { status: 200, headers: { 'x-export-total': '1' } });
  };
  render(
    <QueryClientProvider client={queryClient}>
      <ExportMenu request={REQUEST} columns={COLUMNS} selected={SELECTED} total={150} list={{}} />
    </QueryClientProvider>,
  );
  return sent;
}

describe('the export menu’s prices', () => {
  it('shows the price of each choice before anything is downloaded', async () => {
    const sent = renderMenu({ all: 80, selected: 0, hubspot: 95.5, salesforce: 40 });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const menu = await screen.findByRole('dialog', { name: 'Export CSV' });
    // Each radio's name carries its price.
    const names = within(menu)
      .getAllByRole('radio')
      .map((r) => r.closest('label')?.textContent);
    expect(names).toEqual([
      'All results (150) · ~80 credits',
      'Only the 2 selected · free: stored',
      'Visible columns (3) · ~80 credits',
      'HubSpot companies · ~95.5 credits',
      'Salesforce accounts · ~40 credits',
    ]);
    expect(within(menu).getByTestId('export-price').textContent).toBe(
      'This file: ~80 credits (300 credits without what your team already has)',
    );
    await userEvent.click(within(menu).getByRole('radio', { name: /Only the 2 selected/ }));
    expect(within(menu).getByTestId('export-price').textContent).toBe(
      'This file: free, your team already has this data',
    );
    // The column choices are now priced for the selection.
    expect(
      within(menu)
        .getByRole('radio', { name: /HubSpot companies/ })
        .closest('label')?.textContent,
    ).toBe('HubSpot companies · free: stored');
    expect(sent).toEqual([]);
  });

  it(`asks before an export above ${CONFIRM_EXPORT_ABOVE} credits; Cancel downloads nothing`, async () => {
    const sent = renderMenu({ all: 1008, selected: 4, hubspot: 708, salesforce: 708 });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const menu = await screen.findByRole('dialog', { name: 'Export CSV' });
    await userEvent.click(within(menu).getByRole('button', { name: 'Download CSV' }));
    const question = within(menu).getByRole('group', { name: 'Confirm the export' });
    expect(question.textContent).toContain('This export costs ~1,008 credits. Download it?');
    // The answer has the focus: the menu stays open.
    expect(document.activeElement?.textContent).toBe('Spend ~1,008 credits');
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(within(menu).queryByRole('group', { name: 'Confirm the export' })).toBeNull();
    expect(document.activeElement?.textContent).toBe('Download CSV');
    expect(sent).toEqual([]);

    await userEvent.click(within(menu).getByRole('button', { name: 'Download CSV' }));
    await userEvent.click(within(menu).getByRole('button', { name: 'Spend ~1,008 credits' }));
    expect((await within(menu).findByRole('status')).textContent).toMatch(/\(1 rows\)\.$/);
    expect(sent[0]).toBe('/bff/exports');
    // The export filled the team's store: the prices are asked again, and what it bought is free.
    await waitFor(() =>
      expect(within(menu).getByTestId('export-price').textContent).toBe(
        'This file: free, your team already has this data',
      ),
    );
    expect(sent.slice(1).every((u) => u === '/bff/exports/estimate')).toBe(true);
  });

  it('downloads without asking at or below the line', async () => {
    const sent = renderMenu({ all: CONFIRM_EXPORT_ABOVE, selected: 4, hubspot: 708, salesforce: 708 });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const menu = await screen.findByRole('dialog', { name: 'Export CSV' });
    await userEvent.click(within(menu).getByRole('button', { name: 'Download CSV' }));
    expect(await within(menu).findByRole('status')).toBeTruthy();
    expect(sent.filter((u) => u === '/bff/exports')).toHaveLength(1);
  });
});

describe('the export menu’s errors', () => {
  it('lists the field errors of a refused export as sentences, never paths or the API’s messages', async () => {
    renderMenu({ all: 10, selected: 4, hubspot: 10, salesforce: 10 });
    // The BFF refuses the export: two fields named by their paths, as problem details.
    globalThis.fetch = async (input: RequestInfo | URL) =>
      String(input).endsWith('/estimate')
        ? Response.json(estimate(10))
        : new Response(
            JSON.stringify({
              type: 'about:blank',
              title: 'Invalid request',
              status: 400,
              detail: '2 fields are invalid',
              errors: [
                { path: 'uuids.0', message: 'no company found for "acme.io"' },
                { path: 'request.filters.firmographic.founded_year.gte', message: 'must be at most 2030' },
              ],
            }),
            { status: 400, headers: { 'content-type': 'application/problem+json' } },
          );
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const menu = await screen.findByRole('dialog', { name: 'Export CSV' });
    await userEvent.click(within(menu).getByRole('button', { name: 'Download CSV' }));
    const alert = await within(menu).findByRole('alert');
    const items = within(alert)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['We could not find a company at acme.io.', 'Founded: must be at most 2030.']);
    expect(alert.textContent).not.toMatch(/uuids\.0|request\.filters|no company found/);
  });
});

describe('exportBody and priceWords', () => {
  it('sends the grid’s list without paging or marks, the columns or the preset, and the rows chosen', () => {
    const request: ListRequest = { ...REQUEST, mark_account_lists: ['a'], exclude_account_lists: ['b'] };
    const base = { request, exported: COLUMNS, selected: SELECTED, bom: false } as const;
    expect(exportBody({ ...base, scope: 'all', columnSet: 'visible' })).toEqual({
      request: {
        filters: REQUEST.filters,
        sections: ['firmographic'],
        sort_by: 'relevance',
        sort_order: 'desc',
      },
      columns: COLUMNS,
      bom: false,
      exclude_account_lists: ['b'],
    });
    expect(exportBody({ ...base, scope: 'selected', columnSet: 'hubspot' })).toMatchObject({
      preset: 'hubspot',
      uuids: SELECTED,
    });
    // "Data as of" goes last among the visible columns; a CRM's file keeps its own fields.
    expect(exportBody({ ...base, scope: 'all', columnSet: 'visible', asOf: true }).columns).toEqual([
      ...COLUMNS,
      'as_of',
    ]);
    expect(exportBody({ ...base, scope: 'all', columnSet: 'hubspot', asOf: true })).not.toHaveProperty(
      'columns',
    );
  });

  it('words a price as a rep reads it', () => {
    expect(priceWords({ credits: 0, exact: true })).toBe('free: stored');
    expect(priceWords({ credits: 12.5, exact: false })).toBe('~12.5 credits');
    expect(priceWords({ credits: 1, exact: true })).toBe('1 credit');
  });
});
