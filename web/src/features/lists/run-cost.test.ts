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
