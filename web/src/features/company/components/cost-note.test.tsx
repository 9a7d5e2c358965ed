// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { USAGE_QUERY_KEY } from '@/lib/usage';
import { CostNote, type Refresh } from './cost-note';

afterEach(cleanup);

function renderNote(props: {
  credits: number;
  cached: boolean;
  saved?: number;
  asOf?: string | null;
  refresh?: Refresh;
}) {
  const queryClient = new QueryClient();
  // The header's usage figure, as the usage feature caches it.
  queryClient.setQueryData(USAGE_QUERY_KEY, { spent_today: 1 });
  render(
    <QueryClientProvider client={queryClient}>
      <CostNote {...props} updatedAt={Date.now()} />
    </QueryClientProvider>,
  );
  return queryClient.getQueryState(USAGE_QUERY_KEY);
}

describe('CostNote', () => {
  it("marks the header's usage stale after a charged answer", () => {
    const state = renderNote({ credits: 2.5, cached: false });
    expect(screen.getByTestId('cost-note').textContent).toBe('Cost 2.5 credits');
    expect(state?.isInvalidated).toBe(true);
  });

  it('leaves it alone when the answer came from the cache', () => {
    const state = renderNote({ credits: 2.5, cached: true });
    expect(screen.getByTestId('cost-note').textContent).toBe('From cache, no charge');
    expect(state?.isInvalidated).toBe(false);
  });

  it('says when the team’s store held the data, and when it was fetched', () => {
    const state = renderNote({ credits: 0, cached: false, saved: 2.5, asOf: '2026-03-03T12:00:00Z' });
    expect(screen.getByTestId('cost-note').textContent).toBe('Already stored, no charge');
    expect(screen.getByTestId('as-of').textContent).toMatch(/^as of Mar 3(, 2026)?$/);
    // What was saved changed today's figures: the header follows.
    expect(state?.isInvalidated).toBe(true);
  });

  it('offers a refresh, with its price, only for data more than a day old', async () => {
    let asked = 0;
    const refresh: Refresh = { price: 2.5, onRefresh: () => asked++, pending: false, error: null };
    renderNote({ credits: 2.5, cached: false, asOf: new Date(Date.now() - 60_000).toISOString(), refresh });
    expect(screen.queryByRole('button', { name: /Refresh/ })).toBeNull();
    cleanup();
    renderNote({ credits: 0, cached: false, saved: 2.5, asOf: '2026-01-03T12:00:00Z', refresh });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh (2.5 credits)' }));
    expect(asked).toBe(1);
  });
});
