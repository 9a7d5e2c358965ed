// @vitest-environment jsdom
/**
 * The results panel against the real embedded service (in-memory database, in-process): the app's
 * requests are handed to the service's own fetch with the key the BFF would add. `/bff/pricing`
 * is absent, as before the BFF offers it, so the contract's prices stand in.
 */
import type { ListGenerateResponse } from '@contract/api';
import { LIST_SECTIONS } from '@contract/section-names';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { layOutGrid } from '@/testing/grid-dom';
import { renderWithList } from '@/testing/render-with-list';
import { type Service, startService } from '../../../../../bff/embedded/service';
import { forgetGridMemory } from '../grid-memory';
import type { ListSearch } from '../list-search';
import { visibleColumnIds } from './results/visible-columns';
import { ResultsPanel } from './results-panel';

let service: Service;
const realFetch = globalThis.fetch;
const calls: { path: string; body: unknown }[] = [];
/** Stages a fault for the next list calls: a network failure or a problem answer. */
let fault: 'network' | { status: number; detail: string } | null = null;

beforeAll(async () => {
  service = await startService({ dataDir: ':memory:', companies: 300, seed: 7 });
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app.test');
    if (!url.pathname.startsWith('/api/v1/')) {
      const problem = { type: 'about:blank', title: 'Not found', status: 404, detail: 'No such endpoint.' };
      return new Response(JSON.stringify(problem), {
        status: 404,
        headers: { 'content-type': 'application/problem+json' },
      });
    }
    if (fault === 'network') throw new TypeError('Failed to fetch');
    if (fault) {
      const problem = { type: 'about:blank', title: 'Staged', ...fault };
      return new Response(JSON.stringify(problem), {
        status: fault.status,
        headers: { 'content-type': 'application/problem+json' },
      });
    }
    const headers = new Headers(init?.headers);
    headers.set('x-api-key', 'dev-enterprise-key');
    const body = typeof init?.body === 'string' ? init.body : undefined;
    calls.push({ path: url.pathname, body: body ? JSON.parse(body) : undefined });
    return service.fetch(
      new Request(`http://service${url.pathname}`, { method: init?.method ?? 'GET', headers, body }),
    );
  };
  layOutGrid();
});

afterAll(() => {
  globalThis.fetch = realFetch;
  service.close();
});

afterEach(() => {
  cleanup();
  calls.length = 0;
  fault = null;
  forgetGridMemory();
});

async function listFromService(body: Record<string, unknown>): Promise<ListGenerateResponse> {
  const res = await service.fetch(
    new Request('http://service/api/v1/list/generate/companies', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'dev-enterprise-key' },
      body: JSON.stringify(body),
    }),
  );
  return (await res.json()) as ListGenerateResponse;
}

function renderPanel(search: ListSearch) {
  return renderWithList(ResultsPanel, search).router;
}

/** Company names in the grid's body rows, top to bottom. */
function shownNames(): string[] {
  const grid = screen.getByRole('table', { name: 'Results' });
  return within(grid)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('link')[0]?.textContent ?? '');
}

async function waitForRows(names: string[]) {
  await waitFor(() => expect(shownNames()).toEqual(names), { timeout: 5000 });
}

describe('ResultsPanel', () => {
  it('renders the service page in the grid: identity columns, links to the company, totals', async () => {
    const expected = await listFromService({ limit: 20, offset: 0 });
    renderPanel({ size: 20 });
    await waitForRows(expected.data.map((c) => c.name));
    const grid = screen.getByRole('table', { name: 'Results' });
    expect(grid.getAttribute('aria-rowcount')).toBe('21');
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['', 'Company', 'Website', 'Product category', 'Company type']);
    const first = expected.data[0]!;
    const link = within(grid).getByRole('link', { name: first.name });
    expect(link.getAttribute('href')).toBe(`/companies/${first.uuid}`);
    expect(screen.getByText('300 found')).toBeTruthy();
    expect(screen.getByText(/Page 1 of 15/)).toBeTruthy();
    // The page cost: 1.5 + 20 x 0.2 = 5.5 credits, shown once the service says what it charged.
    await waitFor(() => expect(screen.getByText('This page: 5.5 credits spent')).toBeTruthy());
    expect(calls[0]).toEqual({
      path: '/api/v1/list/generate/companies',
      body: { sort_by: 'relevance', sort_order: 'desc', limit: 20, offset: 0 },
    });
  });

  it('sorts on the server from a column header, with aria-sort, and from the sort control', async () => {
    const router = renderPanel({ size: 20, sections: ['firmographic'] });
    await waitFor(() => expect(shownNames()).toHaveLength(20));
    const grid = screen.getByRole('table', { name: 'Results' });
    const founded = within(grid).getByRole('columnheader', { name: /Founded/ });
    expect(founded.getAttribute('aria-sort')).toBeNull();

    await userEvent.click(within(founded).getByRole('button'));
    expect(router.state.location.search).toMatchObject({ sort_by: 'founded_year', sort_order: 'desc' });
    const desc = await listFromService({
      sections: ['firmographic'],
      sort_by: 'founded_year',
      sort_order: 'desc',
      limit: 20,
    });
    await waitForRows(desc.data.map((c) => c.name));
    expect(
      within(grid)
        .getByRole('columnheader', { name: /Founded/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');

    await userEvent.click(
      within(within(grid).getByRole('columnheader', { name: /Founded/ })).getByRole('button'),
    );
    expect(router.state.location.search).toMatchObject({ sort_by: 'founded_year', sort_order: 'asc' });
    const asc = await listFromService({
      sections: ['firmographic'],
      sort_by: 'founded_year',
      sort_order: 'asc',
      limit: 20,
    });
    await waitForRows(asc.data.map((c) => c.name));
    expect(
      within(grid)
        .getByRole('columnheader', { name: /Founded/ })
        .getAttribute('aria-sort'),
    ).toBe('ascending');

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Revenue');
    expect(router.state.location.search).toMatchObject({ sort_by: 'revenue_estimate', sort_order: 'asc' });
    expect(
      within(grid)
        .getByRole('columnheader', { name: /Founded/ })
        .getAttribute('aria-sort'),
    ).toBeNull();
  });

  it('keeps the selection across pages, and clears it on request', async () => {
    const router = renderPanel({ size: 20 });
    await waitFor(() => expect(shownNames()).toHaveLength(20));
    const page1 = shownNames();
    await userEvent.click(screen.getByRole('checkbox', { name: `Select ${page1[0]}` }));
    await userEvent.click(screen.getByRole('checkbox', { name: `Select ${page1[1]}` }));
    expect(screen.getByText('2 selected')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(router.state.location.search).toMatchObject({ page: 2 });
    await waitFor(() => expect(shownNames()[0]).not.toBe(page1[0]));
    await waitFor(() => expect(screen.getByText(/Page 2 of 15/)).toBeTruthy());
    const page2 = shownNames();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all companies on this page' }));
    expect(screen.getByText('22 selected')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitForRows(page1);
    expect((screen.getByRole('checkbox', { name: `Select ${page1[0]}` }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((screen.getByRole('checkbox', { name: `Select ${page1[2]}` }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect(page2).toHaveLength(20);

    await userEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByText(/selected$/)).toBeNull();
  });

  it('keeps the selection and the scroll position while the grid is away (a company page)', async () => {
    renderPanel({ size: 50, page: 2 });
    await waitFor(() => expect(shownNames().length).toBeGreaterThan(20));
    const page2 = shownNames();
    await userEvent.click(screen.getByRole('checkbox', { name: `Select ${page2[0]}` }));
    await userEvent.click(screen.getByRole('checkbox', { name: `Select ${page2[3]}` }));
    const box = screen.getByRole('table', { name: 'Results' }).parentElement!;
    box.scrollTop = 540;
    box.scrollLeft = 120;
    fireEvent.scroll(box);

    // The grid unmounts (the user opened a company) and comes back to the same list.
    cleanup();
    // Kept in sessionStorage too, for a reload.
    const saved = JSON.parse(sessionStorage.getItem('list-builder.grid') ?? '{}') as {
      selection?: Record<string, boolean>;
    };
    expect(Object.keys(saved.selection ?? {})).toHaveLength(2);
    renderPanel({ size: 50, page: 2 });
    await waitForRows(page2);
    expect(screen.getByText('2 selected')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: `Select ${page2[0]}` }) as HTMLInputElement).checked).toBe(
      true,
    );
    const back = screen.getByRole('table', { name: 'Results' }).parentElement!;
    await waitFor(() => expect([back.scrollTop, back.scrollLeft]).toEqual([540, 120]));

    // Another page of that list starts at its top; the selection stays.
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByText(/Page 3 of/)).toBeTruthy());
    await waitFor(() => expect(back.scrollTop).toBe(0));
    expect(screen.getByText('2 selected')).toBeTruthy();
  });

  it('starts a different list (other filters) with nothing selected', async () => {
    const router = renderPanel({ size: 20 });
    await waitFor(() => expect(shownNames()).toHaveLength(20));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all companies on this page' }));
    expect(screen.getByText('20 selected')).toBeTruthy();
    await router.navigate({ to: '/', search: { size: 20, sort_by: 'founded_year' } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort_by: 'founded_year' }));
    expect(screen.getByText('20 selected')).toBeTruthy();
    await router.navigate({
      to: '/',
      search: { size: 20, filters: { 'firmographic.company_type': ['public'] } },
    });
    await waitFor(() => expect(screen.queryByText(/selected$/)).toBeNull());
  });

  it('resizes a column from the keyboard, 16 px an arrow key, within its bounds', async () => {
    renderPanel({ size: 20 });
    await waitFor(() => expect(shownNames()).toHaveLength(20));
    const grid = screen.getByRole('table', { name: 'Results' });
    const header = within(grid).getByRole('columnheader', { name: 'Website' });
    const handle = within(header).getByRole('separator', { name: 'Resize Website' });
    expect(handle.getAttribute('aria-orientation')).toBe('vertical');
    expect(handle.tabIndex).toBe(0);
    const start = Number(handle.getAttribute('aria-valuenow'));
    expect(header.style.width).toBe(`${start}px`);

    handle.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(Number(handle.getAttribute('aria-valuenow'))).toBe(start + 32);
    expect(header.style.width).toBe(`${start + 32}px`);
    await userEvent.keyboard('{ArrowLeft}');
    expect(Number(handle.getAttribute('aria-valuenow'))).toBe(start + 16);

    // Never narrower than the column's minimum.
    const min = Number(handle.getAttribute('aria-valuemin'));
    for (let i = 0; i < 40; i++) await userEvent.keyboard('{ArrowLeft}');
    expect(Number(handle.getAttribute('aria-valuenow'))).toBe(min);
    expect(document.activeElement).toBe(handle);
  });

  it('renders only the rows and columns in view of a long, wide page', async () => {
    // Every section: some fifty columns; a page of 200 rows.
    renderPanel({ size: 200, sections: [...LIST_SECTIONS] });
    const grid = await screen.findByRole('table', { name: 'Results' });
    await waitFor(() => expect(grid.getAttribute('aria-rowcount')).toBe('201'), { timeout: 5000 });
    const columns = visibleColumnIds({ sections: [...LIST_SECTIONS] }).length + 1; // + selection
    expect(columns).toBeGreaterThan(40);
    expect(grid.getAttribute('aria-colcount')).toBe(String(columns));
    const rows = within(grid).getAllByRole('row');
    // 900 px of height at 36 px a row, plus a few rows either side.
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.length).toBeLessThan(50);
    const headers = within(grid)
      .getAllByRole('columnheader')
      .filter((h) => h.hasAttribute('aria-colindex'));
    expect(headers.length).toBeLessThan(columns / 2);
  });

  it('says what to do when nothing matches', async () => {
    renderPanel({ filters: { 'location.hq.city': ['Nowhereville Zzyzx'] } });
    expect(
      await screen.findByText(
        'No companies match: remove a filter or describe the list differently',
        undefined,
        {
          timeout: 5000,
        },
      ),
    ).toBeTruthy();
  });

  it("shows the service's refusal of a filter and offers to start over without filters", async () => {
    const router = renderPanel({ filters: { 'industry.naics': ['999999'] } });
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(within(alert).getByText('The service did not accept these filters')).toBeTruthy();
    expect(alert.textContent).toContain('999999');
    // Retrying the same filters cannot help: no Retry button.
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Start over without filters' }));
    expect(router.state.location.search.filters).toBeUndefined();
    await waitFor(() => expect(shownNames().length).toBeGreaterThan(20), { timeout: 5000 });
    expect(calls.at(-1)?.body).not.toHaveProperty('filters');
  });

  it('says the server is unreachable and retries on request', async () => {
    fault = 'network';
    renderPanel({ size: 20 });
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(within(alert).getByText('The server could not be reached')).toBeTruthy();
    expect(alert.textContent).toContain('Check that the List Builder server is running');
    fault = null;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(shownNames()).toHaveLength(20), { timeout: 5000 });
  });

  it('says the page costs more than is left, with no retry that would be refused again', async () => {
    fault = {
      status: 402,
      detail:
        'This call may cost up to 5.5 credits, and your daily budget of 5 has only 2 left (3 used today). Ask for fewer companies, sections or results, or wait: it renews at 00:00 UTC.',
    };
    renderPanel({ size: 20 });
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(within(alert).getByText('Not enough credits left for this page')).toBeTruthy();
    expect(alert.textContent).toContain('only 2 left');
    expect(alert.textContent).toContain('it renews at 00:00 UTC');
    expect(alert.textContent).toContain('fewer rows per page');
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it('says to wait on a rate limit, then retries', async () => {
    fault = { status: 429, detail: 'Too many requests; try again in 9 s.' };
    renderPanel({ size: 20 });
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(within(alert).getByText('Too many requests just now')).toBeTruthy();
    expect(alert.textContent).toContain('try again in 9 s');
    fault = null;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(shownNames()).toHaveLength(20), { timeout: 5000 });
  });
});
