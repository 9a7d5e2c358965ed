// @vitest-environment jsdom
import type { UsageResponse } from '@contract/bff';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { USAGE_QUERY_KEY } from '@/lib/usage';
import { UsageMeter } from './usage-meter';

afterEach(cleanup);

function renderMeter(
  usage: Pick<UsageResponse, 'spent_today' | 'calls_today' | 'budget' | 'remaining'> &
    Partial<Pick<UsageResponse, 'saved_today'>>,
) {
  const queryClient = new QueryClient();
  // Fresh data in the cache, as the BFF's answer leaves it: nothing is fetched.
  queryClient.setQueryData<UsageResponse>(USAGE_QUERY_KEY, {
    user: { id: 'u1', name: 'Ada' },
    day: '2026-11-25',
    recent: [],
    saved_today: 0,
    ...usage,
  });
  render(
    <QueryClientProvider client={queryClient}>
      <UsageMeter />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: "Today's usage" });
}

describe('UsageMeter', () => {
  it('shows the spend against the budget, with the unit once, and what is left', () => {
    const meter = renderMeter({ spent_today: 12.5, calls_today: 3, budget: 1000, remaining: 987.5 });
    expect(meter.textContent).toContain('12.5 / 1,000 credits today');
    expect(meter.textContent).toContain('987.5 credits left');
    expect(meter.getAttribute('title')).toBe(
      '12.5 credits spent today in 3 calls, of a daily budget of 1,000 credits',
    );
  });

  it('says when there is no daily budget, in the singular where it is one', () => {
    const meter = renderMeter({ spent_today: 1, calls_today: 1, budget: null, remaining: null });
    expect(meter.textContent).toContain('1 credit today');
    expect(meter.textContent).toContain('No daily budget');
    expect(meter.getAttribute('title')).toBe('1 credit spent today in 1 call');
    expect(meter.textContent).not.toContain('Saved');
  });

  it('shows the credits the team’s store saved today beside the spend', () => {
    const meter = renderMeter({
      spent_today: 30,
      saved_today: 240,
      calls_today: 4,
      budget: 500,
      remaining: 470,
    });
    expect(screen.getByTestId('saved-today').textContent).toBe('Saved 240 today');
    expect(meter.textContent).toContain('30 / 500 credits today');
    expect(meter.getAttribute('title')).toBe(
      '30 credits spent today in 4 calls, of a daily budget of 500 credits; 240 credits saved: data the team had already paid for, served again for free',
    );
  });
});
