import { PRICES } from '@contract/pricing';
import { describe, expect, it } from 'vitest';
import { CompanyPageSearch, productReviewsEstimate, tabEstimate } from './company-tabs';

describe('company tabs', () => {
  it('price each tab before it is opened from the price table', () => {
    expect(tabEstimate('overview', PRICES)).toEqual({ credits: 1, upTo: false });
    expect(tabEstimate('business', PRICES)).toEqual({ credits: 4, upTo: false });
    expect(tabEstimate('signals', PRICES)).toEqual({ credits: 3.5, upTo: false });
    expect(tabEstimate('funding', PRICES)).toEqual({ credits: 3, upTo: false });
    // The signal endpoints (decisions section 15): 2.5 and 1 a call; jobs 0.1 a listing, 50 at most.
    expect(tabEstimate('growth', PRICES)).toEqual({ credits: 2.5, upTo: false });
    expect(tabEstimate('jobs', PRICES)).toEqual({ credits: 5, upTo: true });
    expect(tabEstimate('traffic', PRICES)).toEqual({ credits: 1, upTo: false });
    expect(tabEstimate('products', PRICES)).toEqual({ credits: 0, upTo: false });
    // Charged per started block of reviews returned: a ceiling (no review costs nothing).
    expect(tabEstimate('employees', PRICES)).toEqual({ credits: 1.5, upTo: true });
    expect(tabEstimate('posts', PRICES)).toEqual({ credits: 1, upTo: true });
    expect(tabEstimate('news', PRICES)).toEqual({ credits: 0.2, upTo: true });
    expect(productReviewsEstimate(PRICES, 2, 5)).toBe(1.5);
    expect(productReviewsEstimate(PRICES, 11, 5)).toBe(3);
    expect(productReviewsEstimate(PRICES, 1, 0)).toBe(0);
  });

  it('read the open tab from the URL, falling back to Overview for anything else', () => {
    expect(CompanyPageSearch.parse({ tab: 'news' })).toEqual({ tab: 'news' });
    expect(CompanyPageSearch.parse({ tab: 'jobs' })).toEqual({ tab: 'jobs' });
    expect(CompanyPageSearch.parse({ tab: 'nope' })).toEqual({ tab: undefined });
    expect(CompanyPageSearch.parse({})).toEqual({});
  });
});
