// @vitest-environment jsdom
/**
 * Save list on a list of lookalikes, against a real BFF (in process) in front of the real embedded
 * service: its seeds are kept (each run ranked by similarity to them) or left out, with both runs'
 * prices shown before the choice.
 */

import type { ListRequest } from '@contract/api';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import { type InProcessBff, startInProcessBff } from '../../../../../bff/testing/bff-server';
import { estimateRun } from '../run-cost';
import type { SavedList } from '../types';
import { ListSettingsButton } from './list-actions';
import { SaveListButton } from './save-list-button';

let app: InProcessBff;
let seed: string;
const request: ListRequest = { filters: { 'location.hq.country': ['USA'] }, limit: 25 };

beforeAll(async () => {
  app = await startInProcessBff({ companies: 300, seed: 5 });
  app.install();
  seed = (
    app.service.ctx.db.prepare('SELECT uuid FROM companies ORDER BY idx LIMIT 1').get() as { uuid: string }
  ).uuid;
});

afterAll(() => app.close());

afterEach(cleanup);

async function saved(name: string): Promise<{ seeds: string[] | null }> {
  const res = await app.fetch('/bff/lists');
  const lists = ((await res.json()) as { data: { name: string; seeds: string[] | null }[] }).data;
  const list = lists.find((l) => l.name === name);
  if (!list) throw new Error(`no list named ${name}`);
  return list;
}

async function save(name: string, choose?: RegExp) {
  const user = userEvent.setup();
  renderWithProviders(
    <SaveListButton
      current={() => ({ request, columns: ['name'], seeds: [seed] })}
      summary="Like one company"
    />,
  );
  await user.click(await screen.findByRole('button', { name: 'Save list' }));
  await user.type(await screen.findByRole('textbox', { name: 'Name' }), name);
  if (choose) await user.click(screen.getByRole('radio', { name: choose }));
  await user.click(screen.getAllByRole('button', { name: 'Save list' }).at(-1)!);
  await waitFor(() => expect(screen.getByRole('status').textContent).toContain(name));
}

describe('Save list on lookalikes', () => {
  it("shows both runs' prices, the ranked one chosen first", async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <SaveListButton
        current={() => ({ request, columns: ['name'], seeds: [seed] })}
        summary="1 filter"
        seedSummary="its seed company: each run ranks by them"
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Save list' }));
    const ranked = (await screen.findByRole('radio', { name: /^Ranked by similarity/ })) as HTMLInputElement;
    const plain = screen.getByRole('radio', {
      name: /^In the list’s order|^In the list's order/,
    }) as HTMLInputElement;
    expect(ranked.checked).toBe(true);
    expect(plain.checked).toBe(false);
    const credits = (el: HTMLElement) =>
      Number(/up to ([\d,.]+) credits/.exec(el.closest('label')!.textContent!)![1]!.replace(/,/g, ''));
    // The service's own prices: ranking reads the score's sections for every company.
    expect(credits(ranked)).toBeCloseTo(estimateRun(request, 'enterprise', 1).credits);
    expect(credits(plain)).toBeCloseTo(estimateRun(request, 'enterprise', 0).credits);
    expect(credits(ranked)).toBeGreaterThan(credits(plain));
    // What is saved says so: the seeds' line goes with them.
    expect(document.body.textContent).toContain('1 filter; its seed company: each run ranks by them');
    await user.click(plain);
    expect(document.body.textContent).not.toContain('each run ranks by them');
  });

  it('keeps the seeds by default, and leaves them out when the list is to keep its order', async () => {
    await save('Like the first');
    expect((await saved('Like the first')).seeds).toEqual([seed]);
    cleanup();
    await save('Only its filters', /^In the list/);
    expect((await saved('Only its filters')).seeds).toBeNull();
  });
});

describe('Settings of a list of lookalikes', () => {
  it('stops ranking by its seeds: they are dropped, and its runs keep the list’s order', async () => {
    await save('Ranked for now');
    const lists = (await (await app.fetch('/bff/lists')).json()) as {
      data: SavedList[];
    };
    const list = lists.data.find((l) => l.name === 'Ranked for now')!;
    expect(list.seeds).toEqual([seed]);
    cleanup();
    const user = userEvent.setup();
    renderWithProviders(<ListSettingsButton list={list} />);
    await user.click(await screen.findByRole('button', { name: /^Settings/ }));
    const ranked = (await screen.findByRole('radio', { name: /^Ranked by similarity/ })) as HTMLInputElement;
    expect(ranked.checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: /its seeds are dropped/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(async () => expect((await saved('Ranked for now')).seeds).toBeNull());
  });
});
