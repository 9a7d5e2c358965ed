// @vitest-environment jsdom
/**
 * Every company, not just the first 500 (issue 33), in the results panel against the real BFF (in
 * process, on the embedded service): a list past 500 says so plainly and offers an exact count at
 * the BFF's price, spending nothing before the click; the count is the truth (the service's own
 * reference evaluator), is kept in the URL with the list and dropped by another list; the grid's
 * last page says why it stops at 500; the export menu offers every match at its price, asks before
 * the spend, and writes every company once; a count can be cancelled.
 */
import { COMPANY_TYPES, HEADCOUNT_RANGES } from '@contract/enums';
import type { Filters } from '@contract/filters';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keepDownloads, layOutGrid } from '@/testing/grid-dom';
import { renderWithList } from '@/testing/render-with-list';
import { renderWithProviders } from '@/testing/render-with-providers';
import { csvOf, datasetCompanies } from '../../../../../bff/testing/accounts';
import { type InProcessBff, startInProcessBff } from '../../../../../bff/testing/bff-server';
import { loadTruth, matching } from '../../../../../bff/testing/list-truth';
import { parseCsv } from '../../../../../bff/testing/parse-csv';
import { forgetGridMemory } from '../grid-memory';
import { countFingerprint, type ListSearch } from '../list-search';
import { ResultsPanel } from './results-panel';
import { SavedListCount } from './saved-list-count';

let app: InProcessBff;
const calls: { path: string; body: unknown }[] = [];
let saved: Blob[] = [];
/** The broadest company type of the data set (past 500 companies), and its true size. */
let broad: { filters: Filters; count: number };
let narrower: Filters;
/** The two broadest types together: past 500 too, and counted by no test before the last. */
let broader: Filters;
/** While set, count calls wait for it: a slow count, to be cancelled while it runs. */
let holdCounts: Promise<void> | null = null;
/** While set, a count's stream stops after its first line until it settles: progress on screen. */
let pauseCountStream: Promise<void> | null = null;
/** A list past 500 counted by no other test. */
let another: Filters;

beforeAll(async () => {
  app = await startInProcessBff({ companies: 1500, seed: 11 });
  const truth = loadTruth(app.service);
  const sized = COMPANY_TYPES.map((t) => {
    const filters: Filters = { 'firmographic.company_type': [t.code] };
    return { filters, count: matching(truth, filters).length };
  }).sort((a, b) => b.count - a.count);
  broad = sized[0]!;
  narrower = sized[1]!.filters;
  broader = {
    'firmographic.company_type': [
      ...(broad.filters['firmographic.company_type'] as string[]),
      ...(narrower['firmographic.company_type'] as string[]),
    ],
  };
  // Every company but those of one HQ region: past 500, and no other test's list.
  another = { 'location.hq.region': ['150', '019', '142', '002'] };
  expect(matching(truth, another).length).toBeGreaterThan(500);
  expect(broad.count).toBeGreaterThan(500);
  // As the browser calls it, the abort included: a cancelled download stops reading the BFF's stream.
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app.test');
    calls.push({
      path: url.pathname,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const signal = init?.signal ?? undefined;
    if (signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    if (url.pathname === '/bff/lists/count' && holdCounts) {
      const held = holdCounts;
      await new Promise<void>((resolve, reject) => {
        void held.then(resolve);
        signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    }
    let res = await app.fetch(String(input), init);
    if (url.pathname === '/bff/lists/count' && pauseCountStream && res.body) {
      // The count's lines one by one, the rest held after the first until the pause settles.
      const pause = pauseCountStream;
      let first = true;
      let buffered = '';
      const decoder = new TextDecoder();
      const encoder = new TextEncoder();
      const lines = new TransformStream<Uint8Array, Uint8Array>({
        async transform(chunk, controller) {
          buffered += decoder.decode(chunk, { stream: true });
          const parts = buffered.split('\n');
          buffered = parts.pop() ?? '';
          for (const line of parts) {
            if (!first) await pause;
            first = false;
            controller.enqueue(encoder.encode(`${line}\n`));
          }
        },
      });
      res = new Response(res.body.pipeThrough(lines), { status: res.status, headers: res.headers });
    }
    if (!signal || !res.body) return res;
    const body = res.body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>(), { signal });
    return new Response(body, { status: res.status, headers: res.headers });
  };
  layOutGrid();
  saved = keepDownloads();
}, 120_000);

afterAll(() => app.close());

afterEach(() => {
  cleanup();
  calls.length = 0;
  saved.length = 0;
  forgetGridMemory();
});

const countCalls = () => calls.filter((c) => c.path === '/bff/lists/count');

function renderPanel(search: ListSearch) {
  return renderWithList(ResultsPanel, { columns: ['name', 'uuid'], size: 100, ...search });
}

async function rowsShown() {
  const grid = await screen.findByRole('table', { name: 'Results' });
  await waitFor(() => expect(grid.getAttribute('aria-busy')).toBe('false'), { timeout: 10_000 });
}

describe('a list past 500 in the results panel', () => {
  it('offers an exact count at its price, counts the truth, keeps it with the list, and drops it for another', async () => {
    const user = userEvent.setup();
    const view = renderPanel({ filters: broad.filters });
    await rowsShown();
    expect(await screen.findByText('More than 500 companies match')).toBeTruthy();
    // The price is the BFF's bound, asked for free; nothing is counted before the click.
    const priced = (await (
      await app.fetch('/bff/lists/count/estimate', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ filters: broad.filters }),
      })
    ).json()) as { credits_max: number };
    const offer = await screen.findByRole('button', {
      name: `Count exactly (~${priced.credits_max} credits)`,
    });
    expect(countCalls()).toHaveLength(0);

    await user.click(offer);
    const exactly = `${broad.count.toLocaleString('en-US')} companies`;
    expect(await screen.findByText(exactly, {}, { timeout: 15_000 })).toBeTruthy();
    expect(countCalls()).toHaveLength(1);
    // Only what decides the companies is counted (not the page, order or sections).
    expect(countCalls()[0]?.body).toEqual({ filters: broad.filters });
    expect(view.search().count).toEqual({ n: broad.count, of: countFingerprint(view.search()) });

    // The last page of the grid says why it ends at 500.
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await rowsShown();
    expect((await screen.findByTestId('capped-end')).textContent).toBe(
      `The service serves the first 500 of ${broad.count.toLocaleString('en-US')}; export all to get every company.`,
    );
    expect(screen.getByText(/Page 5 of 5/)).toBeTruthy();

    // Another list: the count was of the old one.
    await view.router.navigate({ to: '/', search: (prev: ListSearch) => ({ ...prev, filters: narrower }) });
    await rowsShown();
    await waitFor(() => expect(screen.queryByText(exactly)).toBeNull());
    // And a hand-made link whose count names another list shows none.
    cleanup();
    renderPanel({ filters: broad.filters, count: { n: 12, of: 'deadbeef' } });
    await rowsShown();
    expect(await screen.findByText('More than 500 companies match')).toBeTruthy();
    expect(screen.queryByText('12 companies')).toBeNull();
  }, 60_000);

  it('exports every match once, priced and asked about first, beside the first 500', async () => {
    const user = userEvent.setup();
    const fingerprint = countFingerprint({ filters: broad.filters, columns: ['name', 'uuid'], size: 100 });
    // Counted a moment ago (the BFF remembers it five minutes: the file does not count again).
    const counted = await app.fetch('/bff/lists/count', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ filters: broad.filters }),
    });
    expect(((await counted.json()) as { count: number }).count).toBe(broad.count);
    renderPanel({ filters: broad.filters, count: { n: broad.count, of: fingerprint } });
    await rowsShown();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const menu = await screen.findByRole('dialog', { name: 'Export CSV' });
    const every = within(menu).getByRole('radio', {
      name: new RegExp(`^All ${broad.count.toLocaleString('en-US')}`),
    }) as HTMLInputElement;
    // Its price: list generation's 0.2 a company with these columns, plus 10% for the calls.
    const price = Math.round(broad.count * 0.2 * 1.1 * 100) / 100;
    await waitFor(() =>
      expect(every.labels?.[0]?.textContent).toBe(
        `All ${broad.count.toLocaleString('en-US')} · ~${price.toLocaleString('en-US')} credits`,
      ),
    );
    expect(within(menu).getByRole('radio', { name: /^All results \(the first 500\)/ })).toBeTruthy();
    await user.click(every);
    await user.click(within(menu).getByRole('button', { name: 'Download CSV' }));
    // Above 100 credits: asked first.
    const spend = await within(menu).findByRole('button', { name: /^Spend ~/ });
    await user.click(spend);
    await waitFor(() => expect(within(menu).getByRole('status').textContent).toMatch(/^Saved /), {
      timeout: 20_000,
    });
    const exportCall = calls.find((c) => c.path === '/bff/exports');
    expect(exportCall?.body).toMatchObject({ all: true, request: { filters: broad.filters } });
    const rows = parseCsv(await saved[0]!.text());
    const idAt = rows[0]!.indexOf('Company ID');
    expect(idAt).toBeGreaterThan(0);
    const ids = rows.slice(1).map((r) => r[idAt]);
    expect(ids).toHaveLength(broad.count);
    expect(new Set(ids).size).toBe(broad.count);
    expect(within(menu).getByRole('status').textContent).toContain(
      `(${broad.count.toLocaleString('en-US')} rows`,
    );
  }, 60_000);

  it('counts a list that hides account lists past 500 at its price, and exports every match without them', async () => {
    const user = userEvent.setup();
    // An account list of every seventh company of the list (by website), imported as a user would.
    const list = matching(loadTruth(app.service), broad.filters);
    const byUuid = new Map(datasetCompanies(app.service).map((c) => [c.uuid, c]));
    const hidden = list.filter((_, i) => i % 7 === 0).map((c) => byUuid.get(c.uuid)!);
    const started = await app.fetch('/bff/accounts/imports?name=In%20CRM', {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: csvOf([['Company name', 'Website'], ...hidden.map((c) => [c.name, c.website])]),
    });
    expect(started.status).toBe(202);
    const { id, account_list_id } = (await started.json()) as { id: string; account_list_id: string };
    for (;;) {
      const s = (await (await app.fetch(`/bff/accounts/imports/${id}`)).json()) as {
        status: string;
        matched: number;
      };
      if (s.status !== 'queued' && s.status !== 'matching') {
        expect(s.matched).toBe(hidden.length);
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    renderPanel({ filters: broad.filters, hide_accounts: [account_list_id] });
    await rowsShown();
    const priced = (await (
      await app.fetch('/bff/lists/count/estimate', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ filters: broad.filters, exclude_account_lists: [account_list_id] }),
      })
    ).json()) as { credits_max: number; credits_membership_max: number };
    expect(priced.credits_membership_max).toBeGreaterThan(0);
    const offer = await screen.findByRole('button', {
      name: `Count exactly (~${priced.credits_max.toLocaleString('en-US')} credits)`,
    });
    expect(offer.getAttribute('title')).toMatch(/leave out your hidden account lists/);
    await user.click(offer);
    const exactly = `${(broad.count - hidden.length).toLocaleString('en-US')} companies`;
    expect(await screen.findByText(exactly, {}, { timeout: 15_000 })).toBeTruthy();
    expect(countCalls().at(-1)?.body).toEqual({
      filters: broad.filters,
      exclude_account_lists: [account_list_id],
    });
    // Counted: the menu offers every match, the hidden companies left out (decision 0039).
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const menu = await screen.findByRole('dialog', { name: 'Export CSV' });
    const n = broad.count - hidden.length;
    const every = within(menu).getByRole('radio', {
      name: new RegExp(`^All ${n.toLocaleString('en-US')}`),
    }) as HTMLInputElement;
    expect(every.disabled).toBe(false);
    await user.click(every);
    await user.click(within(menu).getByRole('button', { name: 'Download CSV' }));
    const spend = await within(menu).findByRole('button', { name: /^Spend ~/ });
    await user.click(spend);
    await waitFor(() => expect(within(menu).getByRole('status').textContent).toMatch(/^Saved /), {
      timeout: 20_000,
    });
    const exportCall = calls.filter((c) => c.path === '/bff/exports').at(-1);
    expect(exportCall?.body).toMatchObject({ all: true, exclude_account_lists: [account_list_id] });
    const rows = parseCsv(await saved.at(-1)!.text());
    const idAt = rows[0]!.indexOf('Company ID');
    const ids = rows.slice(1).map((r) => r[idAt]!);
    const hiddenIds = new Set(hidden.map((c) => c.uuid));
    expect(new Set(ids).size).toBe(n);
    expect([...ids].sort()).toEqual(
      list
        .map((c) => c.uuid)
        .filter((u) => !hiddenIds.has(u))
        .sort(),
    );
  }, 60_000);

  it('offers to count first from the export menu, and a count can be cancelled', async () => {
    const user = userEvent.setup();
    let release = () => {};
    holdCounts = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      renderPanel({ filters: broader });
      await rowsShown();
      expect(await screen.findByText('More than 500 companies match')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      const menu = await screen.findByRole('dialog', { name: 'Export CSV' });
      const every = within(menu).getByRole('radio', { name: 'Every match' }) as HTMLInputElement;
      expect(every.disabled).toBe(true);
      expect(within(menu).getByText(/The list is counted first/)).toBeTruthy();
      await user.click(within(menu).getByRole('button', { name: 'Count exactly' }));
      // The count line shows it working, with a way to stop it.
      expect((await screen.findByTestId('count-running')).textContent).toContain('Counting every match…');
      await user.click(screen.getByRole('button', { name: 'Cancel count' }));
      expect((await screen.findByTestId('count-note')).textContent).toMatch(
        /^Count cancelled\. The credits it spent before you cancelled stay spent/,
      );
      expect(screen.getByText('More than 500 companies match')).toBeTruthy();
      expect(screen.queryByTestId('count-running')).toBeNull();
    } finally {
      release();
      holdCounts = null;
    }
  }, 60_000);
  it('shows the count working: slices done, companies and credits so far, then the exact count', async () => {
    const user = userEvent.setup();
    let release = () => {};
    pauseCountStream = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      renderPanel({ filters: another });
      await rowsShown();
      const offer = await screen.findByRole('button', { name: /^Count exactly \(~/ });
      await user.click(offer);
      // The BFF told its first slice: the line says how far the count has come and what it spent.
      await waitFor(() =>
        expect(screen.getByTestId('count-running').textContent).toMatch(
          /^Counting: 1 slice, [\d,]+ compan(y|ies), [\d.]+ credits? so farCancel count$/,
        ),
      );
      release();
      const n = matching(loadTruth(app.service), another).length;
      expect(
        await screen.findByText(`${n.toLocaleString('en-US')} companies`, {}, { timeout: 15_000 }),
      ).toBeTruthy();
      expect(screen.queryByTestId('count-running')).toBeNull();
    } finally {
      release();
      pauseCountStream = null;
    }
  }, 60_000);
  it('counts a list of company size past 500 too: offered at its price, the truth once counted', async () => {
    const user = userEvent.setup();
    const truth = loadTruth(app.service);
    // The smallest run of bands from the fewest employees up that holds more than 500 companies.
    const bands: string[] = [];
    for (const b of HEADCOUNT_RANGES) {
      bands.push(b);
      if (truth.filter((c) => c.band !== null && bands.includes(c.band)).length > 500) break;
    }
    const n = truth.filter((c) => c.band !== null && bands.includes(c.band)).length;
    expect(n).toBeLessThan(truth.length);
    renderPanel({ filters: { 'firmographic.headcount_range': bands } });
    await rowsShown();
    expect(await screen.findByText('More than 500 companies match')).toBeTruthy();
    expect(screen.queryByText(/not available with the Employees filter/)).toBeNull();
    await user.click(await screen.findByRole('button', { name: /^Count exactly \(~[\d,.]+ credits\)$/ }));
    expect(
      await screen.findByText(`${n.toLocaleString('en-US')} companies`, {}, { timeout: 30_000 }),
    ).toBeTruthy();
    expect(countCalls()[0]?.body).toEqual({ filters: { 'firmographic.headcount_range': bands } });
  }, 60_000);

  it('a saved search past 500 offers its count on its page: priced, with its progress, then the truth', async () => {
    const user = userEvent.setup();
    const filters: Filters = { 'location.hq.region': ['150', '019'] };
    const n = matching(loadTruth(app.service), filters).length;
    expect(n).toBeGreaterThan(500);
    renderWithProviders(<SavedListCount request={{ filters, limit: 50, sort_by: 'founded_year' }} />);
    const offer = await screen.findByRole('button', { name: /^Count exactly \(~[\d,.]+ credits\)$/ });
    expect(countCalls()).toHaveLength(0);
    await user.click(offer);
    expect(
      await screen.findByText(`${n.toLocaleString('en-US')} companies match in all`, {}, { timeout: 15_000 }),
    ).toBeTruthy();
    // Only what decides the companies is counted.
    expect(countCalls()[0]?.body).toEqual({ filters });
    expect(screen.queryByRole('button', { name: /^Count exactly/ })).toBeNull();
  }, 60_000);
});
