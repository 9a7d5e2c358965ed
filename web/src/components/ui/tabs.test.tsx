// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

afterEach(cleanup);

const TABS = [
  { id: 'a', label: 'Alpha' },
  { id: 'b', label: 'Beta', hint: '2 credits' },
  { id: 'c', label: 'Gamma' },
] as const;

function Harness() {
  const [tab, setTab] = useState<'a' | 'b' | 'c'>('a');
  return (
    <Tabs label="Sections" tabs={TABS} selected={tab} onSelect={setTab}>
      <p>panel {tab}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('is a tablist: arrow keys, Home and End move and open tabs, and only the open tab is tabbable', async () => {
    render(<Harness />);
    const list = screen.getByRole('tablist', { name: 'Sections' });
    expect(list).toBeTruthy();
    const alpha = screen.getByRole('tab', { name: 'Alpha' });
    expect(alpha.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('panel a');
    alpha.focus();
    await userEvent.keyboard('{ArrowRight}');
    const beta = screen.getByRole('tab', { name: /Beta/ });
    expect(beta.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(beta);
    expect(screen.getByRole('tabpanel').textContent).toBe('panel b');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(beta.id);
    expect(alpha.tabIndex).toBe(-1);
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tabpanel').textContent).toBe('panel c');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tabpanel').textContent).toBe('panel a');
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tabpanel').textContent).toBe('panel c');
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tabpanel').textContent).toBe('panel a');
  });

  it('shows a hint (the price) under a tab label', () => {
    render(<Harness />);
    expect(screen.getByRole('tab', { name: /^Beta,\s?2 credits$/ })).toBeTruthy();
  });

  it('keeps the room of a hint not known yet (null) without saying anything of it', () => {
    const pending = [
      { id: 'a', label: 'Alpha', hint: null },
      { id: 'b', label: 'Beta', hint: '2 credits' },
    ] as const;
    render(
      <Tabs label="Sections" tabs={pending} selected="a" onSelect={() => {}}>
        <p>panel</p>
      </Tabs>,
    );
    const alpha = screen.getByRole('tab', { name: 'Alpha' });
    // The label and a second line, hidden from assistive technology, as tall as a hint.
    expect(alpha.children).toHaveLength(2);
    expect(alpha.lastElementChild?.getAttribute('aria-hidden')).toBe('true');
    expect(alpha.lastElementChild?.className).toContain('text-[11px]');
  });
});
