// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable } from './data-table';

afterEach(cleanup);

const columns = [
  { label: 'List' },
  { label: 'Size', align: 'right' as const },
  { label: 'Actions', srOnly: true },
];

function Table({ variant }: { variant?: 'page' | 'card' }) {
  return (
    <DataTable caption="Your lists" columns={columns} {...(variant ? { variant } : {})}>
      <tr>
        <th scope="row">Fintech in Germany</th>
        <td>120</td>
        <td>
          <button type="button">Run now</button>
        </td>
      </tr>
    </DataTable>
  );
}

describe('DataTable', () => {
  it('is a table named by its caption, with a column header per column and the rows given', () => {
    render(<Table />);
    const table = screen.getByRole('table', { name: 'Your lists' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['List', 'Size', 'Actions']);
    for (const h of headers) expect(h.getAttribute('scope')).toBe('col');
    // The actions column is named for screen readers only.
    expect(within(headers[2]!).getByText('Actions').className).toContain('sr-only');
    expect(within(table).getByRole('rowheader', { name: 'Fintech in Germany' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Run now' })).toBeTruthy();
  });

  it('lines figures up on the right, framed as a card of its own on a page and edge to edge in a card', () => {
    render(<Table />);
    const page = screen.getByRole('table');
    expect(page.className).toContain('rounded-lg');
    expect(within(page).getByRole('columnheader', { name: 'Size' }).className).toContain('text-right');
    expect(within(page).getByRole('columnheader', { name: 'List' }).className).not.toContain('text-right');
    cleanup();
    render(<Table variant="card" />);
    const card = screen.getByRole('table');
    expect(card.className).not.toContain('rounded-lg');
    // In a card, the outer columns are padded like the card's heading.
    expect(within(card).getByRole('columnheader', { name: 'List' }).className).toContain('px-5');
    expect(within(card).getByRole('columnheader', { name: 'Size' }).className).toContain('px-3');
  });
});
