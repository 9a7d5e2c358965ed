// @vitest-environment jsdom
/** Keyboard behaviour of the modal drawer and the popover: focus in, trapped or let go, and back. */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Drawer } from './drawer';
import { Popover } from './popover';

afterEach(cleanup);

function DrawerApp() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Behind</button>
      <Drawer open={open} onClose={() => setOpen(false)} title="Columns">
        <input aria-label="First field" />
        <input aria-label="Last field" />
      </Drawer>
    </>
  );
}

describe('Drawer', () => {
  it('keeps focus inside, even Shift+Tab from where it lands on open, and gives it back on Escape', async () => {
    render(<DrawerApp />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Columns' });
    expect(document.activeElement).toBe(dialog);
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Last field' }));
    await userEvent.tab();
    // The close button comes first in the panel.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Last field' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' }));
  });

  it('enters at the first control on Tab from the panel', async () => {
    render(<DrawerApp />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });
});

function PopoverApp() {
  return (
    <>
      <Popover
        label="Export CSV"
        trigger={(props) => (
          <button type="button" {...props}>
            Export
          </button>
        )}
      >
        {() => (
          <>
            <input aria-label="Option" />
            <button type="button">Download</button>
          </>
        )}
      </Popover>
      <button type="button">Next control</button>
    </>
  );
}

describe('Popover', () => {
  it('opens from the keyboard with focus inside, and Escape closes it back to its trigger', async () => {
    render(<PopoverApp />);
    screen.getByRole('button', { name: 'Export' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Option' }));
    expect(screen.getByRole('button', { name: 'Export' }).getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Export' }));
  });

  it('closes when Tab takes focus past its last control', async () => {
    render(<PopoverApp />);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Download' }));
    expect(screen.getByRole('dialog', { name: 'Export CSV' })).toBeTruthy();
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next control' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
