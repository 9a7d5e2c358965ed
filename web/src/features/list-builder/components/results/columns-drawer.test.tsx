// @vitest-environment jsdom
/**
 * The Columns drawer spends only when asked: ticking a section waits for "Add", priced by the BFF's
 * quote for the rows on screen (put in the query cache as the quote call would, in the contract's
 * shape), Cancel and closing leave the list as it was, and taking a section out applies at once.
 */
import { mainColumnIds } from '@contract/columns';
import type { CompanyQuote } from '@contract/company-store';
import type { ListSection } from '@contract/section-names';
import type { SignalQuote, SignalReading } from '@contract/signal-columns';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { quoteSectionsQueryOptions } from '@/lib/companies-quote';
import { quoteSignalsQueryOptions } from '@/lib/company-signals';
import { FALLBACK_PRICING } from '@/lib/pricing';
import type { ListSearch } from '../../list-search';
import { ColumnsDrawer, pendingLabel } from './columns-drawer';
import { FIXED_COLUMN_IDS } from './visible-columns';

type State = Pick<ListSearch, 'sections' | 'columns'>;
const ROWS = ['c1', 'c2', 'c3'];

afterEach(cleanup);

function quote(credits: number, stored = 0): CompanyQuote {
  return {
    credits,
    credits_without_store: credits + stored * 2,
    pairs_missing: credits / 2,
    pairs_stored: stored,
    oldest: null,
    store: true,
  };
}

function renderDrawer(
  initial: State,
  quotes: [ListSection[], CompanyQuote][],
  applied: Required<State>[] = [],
  signalQuotes: [SignalReading[], SignalQuote][] = [],
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const [sections, q] of quotes)
    queryClient.setQueryData(quoteSectionsQueryOptions(ROWS, sections).queryKey, q);
  for (const [readings, q] of signalQuotes)
    queryClient.setQueryData(quoteSignalsQueryOptions(ROWS, readings).queryKey, q);
  function Harness() {
    const [state, setState] = useState<State>(initial);
    const [open, setOpen] = useState(true);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Columns
        </button>
        <p data-testid="applied">{(state.columns ?? []).join(' ')}</p>
        <ColumnsDrawer
          open={open}
          onClose={() => setOpen(false)}
          state={state}
          onApply={(next) => {
            applied.push(next);
            setState(next);
          }}
          pricing={FALLBACK_PRICING}
          skipped={{}}
          pageSize={50}
          companies={ROWS}
        />
      </>
    );
  }
  render(
    <QueryClientProvider client={queryClient}>
      <Harness />
    </QueryClientProvider>,
  );
  return applied;
}

const box = async (section: string) =>
  within(await screen.findByRole('region', { name: section })).getByRole('checkbox', { name: section });

describe('the Columns drawer', () => {
  it('keeps ticked sections as a choice priced for the rows on screen, applied with one button', async () => {
    const applied = renderDrawer({}, [
      [['firmographic'], quote(6)],
      [['firmographic', 'technology'], quote(12, 1)],
    ]);
    await userEvent.click(await box('Firmographic'));
    expect(applied).toEqual([]);
    expect(await screen.findByRole('button', { name: 'Add 1 section to 3 rows: 6 credits' })).toBeTruthy();
    expect(screen.getByText('Only the new sections are bought, for the rows on screen.')).toBeTruthy();
    await userEvent.click(await box('Technology'));
    const add = await screen.findByRole('button', { name: 'Add 2 sections to 3 rows: 12 credits' });
    expect(
      screen.getByText('Your team already has 1 of these 7 company sections: you pay for the rest.'),
    ).toBeTruthy();
    expect(applied).toEqual([]);
    await userEvent.click(add);
    expect(applied).toHaveLength(1);
    expect(applied[0]?.sections).toEqual(['firmographic', 'technology']);
    // Applying closes the drawer: the grid shows the new columns loading.
    expect(screen.queryByRole('dialog', { name: 'Columns' })).toBeNull();
  });

  it('says when the team already has the data: adding it is free', async () => {
    renderDrawer({}, [[['firmographic'], quote(0, 3)]]);
    await userEvent.click(await box('Firmographic'));
    expect(
      await screen.findByRole('button', { name: 'Add 1 section to 3 rows: free, already stored' }),
    ).toBeTruthy();
    expect(screen.getByText('Your team already has this data: adding it costs nothing.')).toBeTruthy();
  });

  it('Cancel restores the ticks the list has; nothing is applied', async () => {
    const applied = renderDrawer({}, [[['firmographic'], quote(6)]]);
    const firmographic = (await box('Firmographic')) as HTMLInputElement;
    await userEvent.click(firmographic);
    expect(firmographic.checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(((await box('Firmographic')) as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByTestId('pending-columns')).toBeNull();
    expect(applied).toEqual([]);
  });

  it('takes a section out at once (free), keeping a pending choice pending', async () => {
    const initial = {
      sections: ['technology'],
      columns: [...FIXED_COLUMN_IDS, ...mainColumnIds('technology')],
    };
    const applied = renderDrawer(initial as State, [[['firmographic'], quote(6)]]);
    await userEvent.click(await box('Firmographic'));
    await userEvent.click(await box('Technology'));
    // The removal applied now; the addition still waits for its button.
    expect(applied).toEqual([{ sections: [], columns: FIXED_COLUMN_IDS }]);
    expect(await screen.findByRole('button', { name: 'Add 1 section to 3 rows: 6 credits' })).toBeTruthy();
    expect(((await box('Firmographic')) as HTMLInputElement).checked).toBe(true);
    // Unticking the pending section leaves nothing to add.
    await userEvent.click(await box('Firmographic'));
    expect(screen.queryByTestId('pending-columns')).toBeNull();
    expect(applied).toHaveLength(2);
  });

  it('keeps a ticked signal column as a choice priced by the signal quote, the store counted', async () => {
    const stored: SignalQuote = {
      credits: 5,
      credits_without_store: 7.5,
      pairs_missing: 2,
      pairs_stored: 1,
      stored: { headcount_trends: 1 },
      oldest: null,
      store: true,
    };
    const applied = renderDrawer({}, [], [], [[['headcount_trends'], stored]]);
    const signals = await screen.findByRole('region', { name: 'Signals' });
    // Each signal column says its price per company before anything is bought.
    expect(within(signals).getAllByText('+2.5 credits / company')).toHaveLength(2);
    expect(within(signals).getByText('+≤ 0.5 credits / company')).toBeTruthy();
    expect(within(signals).getByText('+1 credit / company')).toBeTruthy();
    await userEvent.click(within(signals).getByRole('checkbox', { name: 'Headcount growth (12 months)' }));
    expect(applied).toEqual([]);
    const add = await screen.findByRole('button', { name: 'Add 1 signal to 3 rows: 5 credits' });
    expect(
      screen.getByText('Your team already has 1 of these 3 company signals: you pay for the rest.'),
    ).toBeTruthy();
    await userEvent.click(add);
    expect(applied).toEqual([
      { sections: [], columns: [...FIXED_COLUMN_IDS, 'signals.headcount_growth_12m'] },
    ]);
    // The other growth column reads the same signal: shown at once, nothing more to buy.
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(
      within(await screen.findByRole('region', { name: 'Signals' })).getByRole('checkbox', {
        name: 'Headcount growth (6 months)',
      }),
    );
    expect(applied).toHaveLength(2);
    expect(applied[1]?.columns).toContain('signals.headcount_growth_6m');
    expect(screen.queryByTestId('pending-columns')).toBeNull();
  });

  it('closing the drawer drops the pending choice', async () => {
    const applied = renderDrawer({}, [[['firmographic'], quote(6)]]);
    await userEvent.click(await box('Firmographic'));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    expect(((await box('Firmographic')) as HTMLInputElement).checked).toBe(false);
    expect(applied).toEqual([]);
  });
});

describe('pendingLabel', () => {
  it('says what is added, to how many rows, and its price', () => {
    expect(pendingLabel(3, 50, { credits: 125, exact: true })).toBe('Add 3 sections to 50 rows: 125 credits');
    expect(pendingLabel(1, 1, { credits: 0, exact: true })).toBe(
      'Add 1 section to 1 row: free, already stored',
    );
    expect(pendingLabel(2, 20, { credits: 60, exact: false })).toBe('Add 2 sections to 20 rows: ~60 credits');
    expect(pendingLabel(2, 20, null)).toBe('Add 2 sections to 20 rows');
    expect(pendingLabel(2, 0, null)).toBe('Add 2 sections');
    expect(pendingLabel(0, 50, { credits: 25, exact: false }, 1)).toBe(
      'Add 1 signal to 50 rows: ~25 credits',
    );
    expect(pendingLabel(1, 50, { credits: 0, exact: true }, 2)).toBe(
      'Add 1 section and 2 signals to 50 rows: free, already stored',
    );
  });
});
