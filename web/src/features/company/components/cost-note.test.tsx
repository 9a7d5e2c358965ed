// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { USAGE_QUERY_KEY } from '@/lib/usage';
import { CostNote } from './cost-note';

afterEach(cleanup);

function renderNote(props: { credits: number; cached: boolean }) {
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
});
