// @vitest-environment jsdom
import { REFRESH_OFFERED_AFTER_MS } from '@contract/company-store';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListRunEstimate } from '../../list-cost-estimate';
import { PageCostNote, pageCostText } from './page-cost-note';
import { nameTitle } from './results-table';

afterEach(cleanup);

const ESTIMATE: ListRunEstimate = { credits: 111.5, upTo: false, parts: [] };
const answer = (credits_consumed: number, saved: number, asOf: string[] = []) => ({
  credits_consumed,
  saved,
  asOf,
  cached: false,
});

describe('what a page cost', () => {
  it('says the estimate before, and after: spent, saved, or already stored', () => {
    expect(pageCostText(ESTIMATE, null, true)).toBe('This page: ~111.5 credits');
    expect(pageCostText({ ...ESTIMATE, upTo: true }, null, false)).toBe('This page: up to ~111.5 credits');
    expect(pageCostText(ESTIMATE, answer(11.5, 0), false)).toBe('This page: 11.5 credits spent');
    expect(pageCostText(ESTIMATE, answer(11.5, 100), false)).toBe('This page: 11.5 credits spent, 100 saved');
    expect(pageCostText(ESTIMATE, answer(0, 111.5), false)).toBe(
      'This page: already stored, no credits spent',
    );
    expect(pageCostText(ESTIMATE, { ...answer(0, 0), cached: true }, false)).toBe(
      'This page: cached, no credits spent',
    );
  });

  it('offers a refresh at its price when the oldest row is more than a day old', async () => {
    const old = new Date(Date.now() - REFRESH_OFFERED_AFTER_MS - 60_000).toISOString();
    const recent = new Date().toISOString();
    let refreshed = 0;
    const props = {
      estimate: ESTIMATE,
      loading: false,
      refreshPrice: 11.5,
      onRefresh: () => refreshed++,
      refreshing: false,
      refreshError: null,
    };
    render(<PageCostNote {...props} answer={answer(0, 111.5, [recent, recent])} />);
    expect(screen.queryByTestId('page-freshness')).toBeNull();
    cleanup();
    render(<PageCostNote {...props} answer={answer(0, 111.5, [recent, old])} />);
    expect(screen.getByTestId('page-freshness').textContent).toMatch(/^·Data from \w{3} \d{1,2}/);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh (11.5 credits)' }));
    expect(refreshed).toBe(1);
  });
});

describe('the grid’s tooltip', () => {
  it('names the company and when its data was fetched', () => {
    expect(nameTitle('Acme', '2026-11-03T12:00:00Z')).toMatch(/^Acme\nData as of Nov 3(, 2026)?$/);
    expect(nameTitle('Acme', undefined)).toBe('Acme');
  });
});
