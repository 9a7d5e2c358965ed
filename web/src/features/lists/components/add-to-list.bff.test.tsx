// @vitest-environment jsdom
/**
 * "Add to list" on selected companies, against a real BFF (in process) in front of the real
 * embedded service: a new list of picked companies named in the dialog, then more companies added
 * to it (one already there stays once), and an unknown company refused in plain words with nothing
 * saved.
 */

import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import { type InProcessBff, startInProcessBff } from '../../../../../bff/testing/bff-server';
import type { SavedList } from '../types';
import { AddToListButton } from './add-to-list';

let app: InProcessBff;
let ids: string[];

beforeAll(async () => {
  app = await startInProcessBff({ companies: 300, seed: 5 });
  app.install();
  ids = (
    app.service.ctx.db.prepare('SELECT uuid FROM companies ORDER BY idx LIMIT 3').all() as { uuid: string }[]
  ).map((r) => r.uuid);
});

afterAll(() => app.close());

afterEach(cleanup);

async function lists(): Promise<SavedList[]> {
  return ((await (await app.fetch('/bff/lists')).json()) as { data: SavedList[] }).data;
}

async function companiesOf(name: string): Promise<string[]> {
  const list = (await lists()).find((l) => l.name === name);
  if (!list) throw new Error(`no list named ${name}`);
  const detail = (await (await app.fetch(`/bff/lists/${list.id}`)).json()) as SavedList;
  return (detail.companies ?? []).map((c) => c.uuid);
}

describe('Add to list', () => {
  it('makes a new list of the selected companies, then adds more to it', async () => {
    const [a, b, c] = ids as [string, string, string];
    const user = userEvent.setup();
    renderWithProviders(<AddToListButton companies={[a, b]} />);
    await user.click(await screen.findByRole('button', { name: 'Add to list' }));
    const add = await screen.findByRole('button', { name: 'Add 2 companies' });
    // A name first: nothing is saved without one.
    await user.click(add);
    expect(await screen.findByText('Give the list a name')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Key accounts');
    await user.click(add);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Added 2 companies to Key accounts'),
    );
    expect(await companiesOf('Key accounts')).toEqual([a, b]);
    expect((await lists()).find((l) => l.name === 'Key accounts')).toMatchObject({
      kind: 'static',
      company_count: 2,
    });
    cleanup();

    renderWithProviders(<AddToListButton companies={[b, c]} />);
    await user.click(await screen.findByRole('button', { name: 'Add to list' }));
    const existing = (await screen.findByRole('radio', {
      name: /^A list you already have/,
    })) as HTMLInputElement;
    // Offered once the user's lists are read.
    await waitFor(() => expect(existing.disabled).toBe(false));
    await user.click(existing);
    const choice = screen.getByRole('combobox', { name: 'List' }) as HTMLSelectElement;
    expect(choice.selectedOptions[0]?.textContent).toBe('Key accounts (2 companies)');
    await user.click(screen.getByRole('button', { name: 'Add 2 companies' }));
    // One of the two was in it already: it stays where it was, once.
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Added 1 company to Key accounts'),
    );
    expect(await companiesOf('Key accounts')).toEqual([a, b, c]);
  });

  it('says in plain words when a company cannot be found, and saves nothing', async () => {
    const before = (await lists()).length;
    const user = userEvent.setup();
    renderWithProviders(<AddToListButton companies={[ids[0]!, 'gone-company']} />);
    await user.click(await screen.findByRole('button', { name: 'Add to list' }));
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Not saved');
    await user.click(screen.getByRole('button', { name: 'Add 2 companies' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'We could not find one of these companies any more, so nothing was added. Reload the page and try again.',
    );
    expect(alert.textContent).not.toMatch(/companies\.1|gone-company/);
    expect((await lists()).length).toBe(before);
  });
});
