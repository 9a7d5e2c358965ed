// @vitest-environment jsdom
/**
 * The lookalikes panel against a real BFF (in-process) in front of the real embedded service: the
 * app's calls are handed to the BFF's own fetch, as the browser would send them.
 */
import { COUNTRIES } from '@contract/geo';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lookalikeGrid } from '@/app/lookalike-grid';
import { layOutGrid } from '@/testing/grid-dom';
import { renderWithList } from '@/testing/render-with-list';
import { type InProcessBff, startInProcessBff } from '../../../../../bff/testing/bff-server';
import type { ListSearch } from '../../list-builder/list-search';
import { lookalikeRequestOf, requestKey } from '../lookalike-request';
import { askRun } from '../run-memory';
import { LookalikeResults } from './lookalike-results';

let app: InProcessBff;
const runs: unknown[] = [];
/** A company with enough others of its industry in the data set. */
let seed: string;

beforeAll(async () => {
  layOutGrid();
  // Wide enough for every column of the lookalikes (the grid draws only the columns in view).
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 2400 });
  app = await startInProcessBff({ companies: 1000, seed: 5 });
  app.install((url, init) => {
    if (url.pathname === '/bff/lookalikes') runs.push(JSON.parse(String(init?.body)));
  });
  const row = app.service.ctx.db
    .prepare(
      "SELECT uuid FROM companies WHERE product_category = 'Venture Capital' ORDER BY idx LIMIT 1 OFFSET 3",
    )
    .get() as { uuid: string } | undefined;
  seed =
    row?.uuid ??
    (app.service.ctx.db.prepare('SELECT uuid FROM companies LIMIT 1').get() as { uuid: string }).uuid;
});

afterAll(() => app.close());

afterEach(() => {
  cleanup();
  runs.length = 0;
});

function renderResults(search: ListSearch) {
  return renderWithList(() => <LookalikeResults grid={lookalikeGrid} />, search).router;
}

const grid = () => screen.getByRole('table', { name: 'Results' });
const bodyRows = () => within(grid()).getAllByRole('row').slice(1);
/** A body row's cell under a column header. */
const cellOf = (row: HTMLElement, header: string) => {
  const headers = within(grid())
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  return within(row).getAllByRole('cell')[headers.indexOf(header)]!;
};

describe('LookalikeResults', () => {
  it('shows the cost and waits for a click; then ranks with reasons and puts the derived filters in the URL, running once', async () => {
    const user = userEvent.setup();
    const router = renderResults({ like: [seed], size: 10 });
    expect(await screen.findByText(/up to ~[\d,.]+ credits\./)).toBeTruthy();
    expect(runs).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Find lookalikes' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(10), { timeout: 15_000 });
    // The list builder's grid: a checkbox a row, the company, then the lookalikes' own columns.
    const headers = within(grid())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      '',
      'Company',
      'Similarity',
      'Why it is similar',
      'Website',
      'Primary industry',
      'Employees',
      'HQ country',
    ]);
    const first = bodyRows()[0]!;
    // The reasons on one line, every one of them in the tooltip.
    const reasons = cellOf(first, 'Why it is similar').querySelector('[title]');
    expect(reasons?.getAttribute('title')?.length).toBeGreaterThan(0);
    expect(Number.parseInt(cellOf(first, 'Similarity').textContent ?? '', 10)).toBeGreaterThan(0);
    // The derived filters went to the URL, and the same answer stands for them: no second run.
    await waitFor(() => expect((router.state.location.search as ListSearch).filters).toBeDefined());
    expect((router.state.location.search as ListSearch).filters?.['industry.industry']).toBeDefined();
    expect(await screen.findByText(/This run: [\d,.]+ credits spent/)).toBeTruthy();
    expect(runs).toHaveLength(1);
  });

  it('after "More like this" runs at once; edited filters ask for a re-rank with its cost, and narrow', async () => {
    const user = userEvent.setup();
    const req = lookalikeRequestOf({ like: [seed], size: 10 });
    askRun(requestKey(req!));
    const router = renderResults({ like: [seed], size: 10 });
    await waitFor(() => expect(bodyRows().length).toBeGreaterThan(0), { timeout: 15_000 });
    await waitFor(() => expect((router.state.location.search as ListSearch).filters).toBeDefined());
    const filters = (router.state.location.search as ListSearch).filters ?? {};
    const country = cellOf(bodyRows()[0]!, 'HQ country').textContent;
    const code = COUNTRIES.find((c) => c.name === country)?.code;
    await router.navigate({
      to: '/',
      search: (prev: ListSearch) => ({
        ...prev,
        filters: { ...filters, 'location.hq.country': [code ?? 'USA'] },
      }),
    });
    expect(await screen.findByText(/Your filters changed/)).toBeTruthy();
    expect(runs).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Re-rank' }));
    await waitFor(() => expect(runs).toHaveLength(2));
    await waitFor(
      () => {
        expect(screen.queryByText(/Your filters changed/)).toBeNull();
        const countries = bodyRows().map((row) => cellOf(row, 'HQ country').textContent);
        expect(countries.length).toBeGreaterThan(0);
        expect(new Set(countries)).toEqual(new Set([country]));
      },
      { timeout: 15_000 },
    );
    expect(runs[1]).toMatchObject({ derive_filters: false, filters: { 'location.hq.country': [code] } });
  });

  it('leaves out the account lists hidden in the list builder, and says so', async () => {
    const user = userEvent.setup();
    const list = '1b6b1f52-3f0e-4c57-9a51-4d3f0f0a7e11';
    renderResults({ like: [seed], size: 10, hide_accounts: [list] });
    expect(await screen.findByText(/Leaving out the companies of the account list hidden/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Find lookalikes' }));
    await waitFor(() => expect(runs).toHaveLength(1));
    expect(runs[0]).toMatchObject({ seeds: [seed], exclude_account_lists: [list] });
    // No such list here: the BFF names it.
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain(`no account list "${list}"`);
  });

  it('selects lookalikes in the grid and keeps them in a new list of picked companies', async () => {
    const user = userEvent.setup();
    askRun(requestKey(lookalikeRequestOf({ like: [seed], size: 10 })!));
    renderResults({ like: [seed], size: 10 });
    await waitFor(() => expect(bodyRows()).toHaveLength(10), { timeout: 15_000 });
    const names = bodyRows()
      .slice(0, 2)
      .map((row) => within(row).getAllByRole('link')[0]!.textContent ?? '');
    for (const name of names) await user.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
    // The list builder's selection bar, with the same actions.
    const bar = screen.getByRole('toolbar', { name: 'Selected companies' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    for (const action of ['Add to list', 'Export selected', 'More like these', 'Hide'])
      expect(within(bar).getByRole('button', { name: action })).toBeTruthy();

    await user.click(within(bar).getByRole('button', { name: 'Add to list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to list' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Lookalikes picked');
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 companies' }));
    const status = await within(bar).findByRole('status', {}, { timeout: 10_000 });
    expect(status.textContent).toContain('Added 2 companies to Lookalikes picked');
    // The list holds exactly those two, in the order picked.
    const href = within(status).getByRole('link').getAttribute('href') ?? '';
    const list = (await (await app.fetch(`/bff/lists/${href.split('/').at(-1)}`)).json()) as {
      kind: string;
      companies: { name: string }[];
    };
    expect(list.kind).toBe('static');
    expect(list.companies.map((c) => c.name)).toEqual(names);
  });

  it('says which seed cannot be found', async () => {
    askRun(requestKey(lookalikeRequestOf({ like: ['no-such-company-000'] })!));
    renderResults({ like: ['no-such-company-000'] });
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('We could not find a company called “no-such-company-000”.');
    // In words: no field path, no engineer's message.
    expect(alert.textContent).not.toMatch(/seeds\.0|no company found/);
  });
});
