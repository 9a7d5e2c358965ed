// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
    // The frame is the table's box (which scrolls it sideways when the window is narrower).
    expect(page.parentElement?.className).toContain('rounded-lg');
    expect(within(page).getByRole('columnheader', { name: 'Size' }).className).toContain('text-right');
    expect(within(page).getByRole('columnheader', { name: 'List' }).className).not.toContain('text-right');
    cleanup();
    render(<Table variant="card" />);
    const card = screen.getByRole('table');
    expect(card.parentElement?.className).not.toContain('rounded-lg');
    // In a card, the outer columns are padded like the card's heading.
    expect(within(card).getByRole('columnheader', { name: 'List' }).className).toContain('px-5');
    expect(within(card).getByRole('columnheader', { name: 'Size' }).className).toContain('px-3');
  });

  describe('narrower than its table', () => {
    // jsdom lays nothing out: the box's widths and the resize observer are played here.
    let tableWidth = 0;
    const boxWidth = 300;
    beforeEach(() => {
      vi.stubGlobal(
        'ResizeObserver',
        class {
          constructor(private readonly callback: () => void) {}
          observe() {
            this.callback();
          }
          disconnect() {}
        },
      );
      vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
        return this.tagName === 'DIV' ? tableWidth : 0;
      });
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => boxWidth);
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    });

    it('scrolls in a box that the keyboard reaches, named by the caption', () => {
      tableWidth = 560;
      render(<Table />);
      const box = screen.getByRole('region', { name: 'Your lists' });
      expect(box.getAttribute('tabindex')).toBe('0');
      expect(box.className).toContain('overflow-x-auto');
      expect(within(box).getByRole('table', { name: 'Your lists' })).toBeTruthy();
    });

    it('is no stop of the keyboard when the table fits', () => {
      tableWidth = boxWidth;
      render(<Table />);
      expect(screen.queryByRole('region')).toBeNull();
      expect(screen.getByRole('table').parentElement?.hasAttribute('tabindex')).toBe(false);
    });
  });
});
