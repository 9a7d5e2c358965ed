import { estimateListCost } from '@contract/list-cost';
import { estimateSavedListRun } from '@contract/saved-lists';
import { describe, expect, it } from 'vitest';
import { estimatePage, estimateRun } from './run-cost';

const request = { filters: { 'location.hq.country': ['IRL'] }, limit: 20 };

describe('what a saved list costs before it is spent', () => {
  it('a run: the figure the BFF holds a scheduled check to, a most', () => {
    const run = estimateRun(request, 'enterprise');
    expect(run).toEqual(estimateSavedListRun({ filters: request.filters }, 'enterprise'));
    expect(run.upTo).toBe(true);
  });

  it('a run of a list with seeds: the score’s sections and the seeds’ profiles where the plan ranks', () => {
    const ranked = estimateRun(request, 'enterprise', 3);
    expect(ranked).toEqual(estimateSavedListRun({ filters: request.filters }, 'enterprise', 3));
    // 500 companies with 8 sections (12 credits each besides the 0.2), and 3 profiles of 12.
    expect(ranked.credits).toBe(1.5 + 500 * 12.2 + 3 * 12);
    expect(ranked.parts.at(-1)?.what).toMatch(/^your 3 seed companies’ profiles/);
    // Subscription has no funding section; Pay-as-you-go does not rank: the plain run's figure.
    expect(estimateRun(request, 'subscription', 1).credits).toBe(1.5 + 500 * 9.2 + 9);
    expect(estimateRun(request, 'payg', 3)).toEqual(estimateRun(request, 'payg'));
  });

  it('a run of a list with signal filters: screening its first 500 at each signal’s worst price', () => {
    const plain = estimateRun(request, 'enterprise').credits;
    const hiring = {
      ...request,
      filters: { ...request.filters, 'signals.hiring': { functions: ['sales' as const] } },
    };
    const run = estimateRun(hiring, 'enterprise');
    expect(run.credits).toBe(plain + 500 * 5);
    expect(run.parts.at(-1)).toEqual({
      what: 'screening up to 500 companies by their signals',
      credits: 2500,
    });
    // All three signals: traffic 1, headcount trends 2.5, a page of 50 listings 5.
    const all = {
      ...request,
      filters: {
        ...hiring.filters,
        'signals.headcount_growth': { period: '12m' as const, gte: 20 },
        'signals.monthly_visits': { gte: 100_000 },
      },
    };
    expect(estimateRun(all, 'enterprise').credits).toBe(plain + 500 * 8.5);
    expect(estimateRun(hiring, 'payg').credits).toBe(estimateRun(request, 'payg').credits + 500 * 5);
    // Every match: up to 5,000 companies, and the list calls that cut it into slices and read them
    // (a count's bound of 40 credits, 10 pages of 500 at 1.5 and 0.2 a company, a page more a slice).
    const everyMatch = estimateRun({ ...hiring, screen: 'all' }, 'enterprise');
    expect(everyMatch.credits).toBe(plain + 5000 * 5 + 40 + 15 + 1000 + 27 * 1.5);
    expect(everyMatch.parts.at(-1)?.what).toMatch(/^screening every match, up to 5,000 companies/);
  });

  it('a page: the companies it returns, never more than the page size, with its sections', () => {
    const page = estimatePage(request, 'enterprise', 7, ['firmographic']);
    expect(page).toEqual(
      estimateListCost({ filters: request.filters, limit: 7, sections: ['firmographic'] }, 'enterprise'),
    );
    expect(estimatePage(request, 'enterprise', 90, []).credits).toBe(
      estimateListCost({ filters: request.filters, limit: 20, sections: [] }, 'enterprise').credits,
    );
  });
});
