// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from './button';

afterEach(cleanup);

/** A button that is busy while its work runs, as Download CSV is while the file streams. */
function Busy({ onRun }: { onRun: () => void }) {
  const [running, setRunning] = useState(false);
  return (
    <>
      <Button
        loading={running}
        onClick={() => {
          onRun();
          setRunning(true);
        }}
      >
        Download
      </Button>
      <button type="button" onClick={() => setRunning(false)}>
        Finish
      </button>
    </>
  );
}

describe('Button', () => {
  it('keeps the focus while busy: aria-disabled, never disabled, and a second press does nothing', async () => {
    let runs = 0;
    render(<Busy onRun={() => runs++} />);
    const button = screen.getByRole('button', { name: 'Download' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(runs).toBe(1);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(document.activeElement).toBe(button);
    await userEvent.keyboard('{Enter}');
    await userEvent.click(button);
    expect(runs).toBe(1);
  });

  it('does not submit its form while busy', async () => {
    let submits = 0;
    render(
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submits++;
        }}
      >
        <input aria-label="Name" />
        <Button type="submit" loading>
          Save
        </Button>
      </form>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'x{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submits).toBe(0);
  });
});
