// @vitest-environment jsdom
/**
 * Hiding account lists on the lookalikes after they opened (a company page's "More like this"
 * carries no hidden lists), against a real BFF (in-process) in front of the real embedded service:
 * the account list is a real import, matched by the BFF.
 */
import type { LookalikeResponse } from '@contract/lookalikes';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ListSearch } from '@/features/list-builder/list-search';
import { LookalikeResults } from '@/features/lookalikes/components/lookalike-results';
import { lookalikeRequestOf, requestKey } from '@/features/lookalikes/lookalike-request';
import { askRun } from '@/features/lookalikes/run-memory';
import { layOutGrid } from '@/testing/grid-dom';
import { renderWithList } from '@/testing/render-with-list';
import { type InProcessBff, startInProcessBff } from '../../../bff/testing/bff-server';
import { LookalikeAccountLists } from './lookalike-account-lists';
import { lookalikeGrid } from './lookalike-grid';

let app: InProcessBff;
const runs: Record<string, unknown>[] = [];
let seed: string;
/** The account list of the seed's five best lookalikes, and those five. */
let listId: string;
let customers: string[];

const bffFetch = (path: string, init: RequestInit = {}) => app.fetch(path, init);

beforeAll(async () => {
  layOutGrid();
  // Wide enough for every column of the lookalikes (the grid draws only the columns in view).
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 2400 });
  app = await startInProcessBff({ companies: 1000, seed: 5 });
  seed = (
    app.service.ctx.db.prepare('SELECT uuid FROM companies ORDER BY idx LIMIT 1 OFFSET 7').get() as {
      uuid: string;
    }
  ).uuid;
  // The seed's five best lookalikes become an account list (a CSV of their websites).
  const answer = (await (
    await bffFetch('/bff/lookalikes', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seeds: [seed], limit: 10 }),
    })
  ).json()) as LookalikeResponse;
  const best = answer.data.slice(0, 5);
  customers = best.map((r) => r.uuid);
  expect(customers).toHaveLength(5);
  const csv = ['Website', ...best.map((r) => r.website)].join('\r\n');
  const started = await bffFetch('/bff/accounts/imports?name=Customers', {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: csv,
  });
  expect(started.status).toBe(202);
  const { id, account_list_id } = (await started.json()) as { id: string; account_list_id: string };
  listId = account_list_id;
  for (;;) {
    const s = (await (await bffFetch(`/bff/accounts/imports/${id}`)).json()) as { status: string };
    if (s.status !== 'queued' && s.status !== 'matching') break;
    await new Promise((r) => setTimeout(r, 20));
  }
  app.install((url, init) => {
    if (url.pathname === '/bff/lookalikes') runs.push(JSON.parse(String(init?.body)));
  });
});

afterAll(() => app.close());

afterEach(() => {
  cleanup();
  runs.length = 0;
});

function renderLookalikes(search: ListSearch) {
  return renderWithList(
    () => <LookalikeResults controls={<LookalikeAccountLists />} grid={lookalikeGrid} />,
    search,
  ).router;
}

const companyLinks = () =>
  within(screen.getByRole('table', { name: 'Results' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('link')[0]!.getAttribute('href') ?? '');

describe('the lookalikes’ hidden account lists', () => {
  it('opened without any (a company page), hides an account list after the run, and the re-rank leaves it out', async () => {
    const user = userEvent.setup();
    // As "More like this" on a company page opens them: the seed alone, run at once.
    askRun(requestKey(lookalikeRequestOf({ like: [seed], size: 10 })!));
    const router = renderLookalikes({ like: [seed], size: 10 });
    await waitFor(() => expect(companyLinks()).toHaveLength(10), { timeout: 15_000 });
    const before = companyLinks();
    for (const c of customers) expect(before.some((href) => href.endsWith(c))).toBe(true);

    await user.click(screen.getByRole('button', { name: /In CRM/ }));
    const menu = await screen.findByRole('dialog', { name: 'Accounts in your CRM' });
    const group = await within(menu).findByRole('group', { name: /Customers/ });
    // The lookalikes hide; they do not mark.
    expect(within(group).queryByRole('radio', { name: 'Mark' })).toBeNull();
    await user.click(within(group).getByRole('radio', { name: 'Hide' }));
    await waitFor(() => expect((router.state.location.search as ListSearch).hide_accounts).toEqual([listId]));
    expect(await screen.findByText(/Your filters changed/)).toBeTruthy();
    expect(screen.getByText(/Leaving out the companies of the account list hidden/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Re-rank' }));
    await waitFor(() => expect(runs).toHaveLength(2));
    expect(runs[1]).toMatchObject({ seeds: [seed], exclude_account_lists: [listId] });
    // The re-rank's answer, not the run before it, kept on screen while the BFF answers.
    await waitFor(
      () => {
        expect(screen.queryByText(/Your filters changed/)).toBeNull();
        expect(screen.getByRole('table').closest('[aria-busy]')?.getAttribute('aria-busy')).toBe('false');
        expect(companyLinks()).toHaveLength(10);
      },
      { timeout: 15_000 },
    );
    const after = companyLinks();
    for (const c of customers) expect(after.some((href) => href.endsWith(c))).toBe(false);
  });
});
