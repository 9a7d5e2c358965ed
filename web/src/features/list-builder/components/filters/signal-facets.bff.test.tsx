// @vitest-environment jsdom
/**
 * The Signals facets (Headcount growth, Hiring, Monthly visits) against a real BFF (in process) in
 * front of the real embedded service: an edit is a draft whose screening price is asked and shown
 * before anything is spent, Apply writes it to the list, bad input is explained and never applied,
 * and a description's signal words wait priced rather than being applied.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithList } from '@/testing/render-with-list';
import { type InProcessBff, startInProcessBff } from '../../../../../../bff/testing/bff-server';
import { offerSignals } from '../../signal-filters';
import { SignalFacets } from './signal-facets';

let app: InProcessBff;
const calls: string[] = [];

beforeAll(async () => {
  app = await startInProcessBff({ companies: 300, seed: 5 });
  app.install((url) => calls.push(url.pathname));
});

afterAll(() => app.close());

afterEach(() => {
  cleanup();
  calls.length = 0;
});

/** What the user has spent today, as the BFF's ledger says. */
async function spentToday(): Promise<number> {
  const res = await app.fetch('/bff/usage');
  return ((await res.json()) as { spent_today: number }).spent_today;
}

describe('SignalFacets', () => {
  it('prices a hiring draft before anything is spent, and applies it on Apply', async () => {
    const user = userEvent.setup();
    const { search } = renderWithList(SignalFacets, { filters: { 'location.hq.country': ['USA'] } });
    await user.click(await screen.findByRole('button', { name: /^Signals/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Sales' }));
    const price = await screen.findByText(/Screening up to 500 companies: up to/);
    const shown = Number(/up to ([\d,.]+) credits/.exec(price.textContent!)![1]!.replace(/,/g, ''));
    // 500 companies x one page of 50 listings (5 credits) and the list's read, at least.
    expect(shown).toBeGreaterThanOrEqual(2500);
    expect(calls).toContain('/bff/lists/screen/estimate');
    expect(calls).not.toContain('/api/v1/company/jobs');
    expect(await spentToday()).toBe(0);
    expect(search().filters).toEqual({ 'location.hq.country': ['USA'] });
    await user.click(screen.getByRole('button', { name: 'Apply signals' }));
    await waitFor(() =>
      expect(search().filters).toEqual({
        'location.hq.country': ['USA'],
        'signals.hiring': { functions: ['sales'] },
      }),
    );
    expect(await screen.findByText(/Hiring: Sales/)).toBeTruthy();
  });

  it('prices screening every match before anything is spent, and applies the scope with the signals', async () => {
    const user = userEvent.setup();
    const { search } = renderWithList(SignalFacets, { filters: { 'location.hq.country': ['USA'] } });
    await user.click(await screen.findByRole('button', { name: /^Signals/ }));
    await user.type(screen.getAllByRole('textbox', { name: 'At least' })[0]!, '20000');
    expect(await screen.findByText(/^Screening up to 500 companies: up to/)).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: /^Every match, not just the first 500/ }));
    const price = await screen.findByText(/^Screening every match, up to 5,000 companies: up to/);
    const shown = Number(/up to ([\d,.]+) credits/.exec(price.textContent!)![1]!.replace(/,/g, ''));
    // 5,000 companies x the traffic call (1 credit), and the count and pages that read them.
    expect(shown).toBeGreaterThan(5000);
    expect(calls).not.toContain('/api/v1/company/website-traffic');
    expect(await spentToday()).toBe(0);
    expect(search().screen).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Apply signals' }));
    await waitFor(() => expect(search().screen).toBe('all'));
    expect(search().filters).toEqual({
      'location.hq.country': ['USA'],
      'signals.monthly_visits': { gte: 20000 },
    });
    // Unticked again, it is a pending change back to the first 500, priced again.
    await user.click(screen.getByRole('checkbox', { name: /^Every match, not just the first 500/ }));
    expect(await screen.findByText(/^Screening up to 500 companies: up to/)).toBeTruthy();
  });

  it('prices every match of a list with company size and an exclusion, and offers Apply', async () => {
    const user = userEvent.setup();
    const sized = {
      'location.hq.country': ['USA'],
      'firmographic.headcount_range': ['51-200'],
    };
    const { search } = renderWithList(SignalFacets, {
      filters: sized,
      exclude: { 'firmographic.company_type': ['public'] },
    });
    await user.click(await screen.findByRole('button', { name: /^Signals/ }));
    await user.type(screen.getAllByRole('textbox', { name: 'At least' })[0]!, '20000');
    await user.click(screen.getByRole('checkbox', { name: /^Every match, not just the first 500/ }));
    // Company size and a complement: priced (the count's probes included), nothing spent, Apply offered.
    const price = await screen.findByText(/^Screening every match, up to 5,000 companies: up to/);
    const shown = Number(/up to ([\d,.]+) credits/.exec(price.textContent!)![1]!.replace(/,/g, ''));
    expect(shown).toBeGreaterThan(5000);
    expect(await spentToday()).toBe(0);
    expect((screen.getByRole('button', { name: 'Apply signals' }) as HTMLButtonElement).disabled).toBe(false);
    expect(search().screen).toBeUndefined();
  });

  it('says why company size beside a set difference cannot screen every match, and offers no Apply', async () => {
    const user = userEvent.setup();
    renderWithList(SignalFacets, {
      filters: { 'location.hq.country': ['USA'], 'firmographic.headcount_range': ['51-200'] },
      exclude: { 'business_model.revenue_model': ['advertising'] },
    });
    await user.click(await screen.findByRole('button', { name: /^Signals/ }));
    await user.type(screen.getAllByRole('textbox', { name: 'At least' })[0]!, '20000');
    await user.click(screen.getByRole('checkbox', { name: /^Every match, not just the first 500/ }));
    expect(
      await screen.findByText(
        /^Screening every match cannot take company size together with exclusions of business_model\.revenue_model/,
      ),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Apply signals' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await spentToday()).toBe(0);
  });

  it('explains bad bounds next to the facet and offers no Apply', async () => {
    const user = userEvent.setup();
    const { search } = renderWithList(SignalFacets, {});
    await user.click(await screen.findByRole('button', { name: /^Signals/ }));
    await user.type(screen.getByRole('textbox', { name: 'At least (%)' }), '30');
    await user.type(screen.getByRole('textbox', { name: 'At most (%)' }), '10');
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /The lowest must not be above the highest/,
    );
    expect(screen.queryByRole('button', { name: 'Apply signals' })).toBeNull();
    expect(search().filters).toBeUndefined();
  });

  it('takes a description’s signal words as a priced draft, not as applied filters', async () => {
    const user = userEvent.setup();
    const { search } = renderWithList(SignalFacets, { q: 'fast-growing companies' });
    offerSignals('fast-growing companies', { 'signals.headcount_growth': { period: '12m', gte: 20 } });
    expect(await screen.findByText(/Screening up to 500 companies: up to/)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'At least (%)' }) as HTMLInputElement).value).toBe('20');
    expect(search().filters).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.queryByText(/Screening up to/)).toBeNull();
  });
});
