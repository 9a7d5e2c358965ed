import { PRICES } from '@contract/pricing';
import { describe, expect, it } from 'vitest';
import { CompanyPageSearch, productReviewsEstimate, tabEstimate } from './company-tabs';
import { displayHost, formatCredits, formatPartialDate, formatUsd, humanize, websiteHref } from './format';

describe('company tabs', () => {
  it('price each tab before it is opened from the price table', () => {
    expect(tabEstimate('overview', PRICES)).toEqual({ credits: 1, upTo: false });
    expect(tabEstimate('business', PRICES)).toEqual({ credits: 4, upTo: false });
    expect(tabEstimate('signals', PRICES)).toEqual({ credits: 3.5, upTo: false });
    expect(tabEstimate('funding', PRICES)).toEqual({ credits: 3, upTo: false });
    expect(tabEstimate('products', PRICES)).toEqual({ credits: 0, upTo: false });
    // One block at least, even for a company without reviews: exact, not a ceiling.
    expect(tabEstimate('employees', PRICES)).toEqual({ credits: 1.5, upTo: false });
    expect(tabEstimate('posts', PRICES)).toEqual({ credits: 1, upTo: true });
    expect(tabEstimate('news', PRICES)).toEqual({ credits: 0.2, upTo: true });
    expect(productReviewsEstimate(PRICES, 2, 5)).toBe(1.5);
    expect(productReviewsEstimate(PRICES, 11, 5)).toBe(3);
    expect(productReviewsEstimate(PRICES, 1, 0)).toBe(1.5);
  });

  it('read the open tab from the URL, falling back to Overview for anything else', () => {
    expect(CompanyPageSearch.parse({ tab: 'news' })).toEqual({ tab: 'news' });
    expect(CompanyPageSearch.parse({ tab: 'nope' })).toEqual({ tab: undefined });
    expect(CompanyPageSearch.parse({})).toEqual({});
  });
});

describe('formatting', () => {
  it('writes credits with up to two decimals, money compactly and unknown amounts as undisclosed', () => {
    expect(formatCredits(2.5)).toBe('2.5 credits');
    expect(formatCredits(1)).toBe('1 credit');
    expect(formatCredits(0.125)).toBe('0.13 credits');
    expect(formatUsd(45_000_000)).toBe('$45M');
    expect(formatUsd(null)).toBe('Undisclosed');
  });

  it('writes partial dates at their precision, hosts without www, and codes in words', () => {
    expect(formatPartialDate({ year: 2024 })).toBe('2024');
    expect(formatPartialDate({ year: 2024, month: 3 })).toBe('Mar 2024');
    expect(formatPartialDate({})).toBeNull();
    expect(displayHost('https://www.acme.com/x')).toBe('acme.com');
    expect(websiteHref('acme.com')).toBe('https://acme.com/');
    expect(websiteHref('javascript:alert(1)')).toBeNull();
    expect(humanize('linkedInVideo')).toBe('Linked in video');
    expect(humanize('REGULAR')).toBe('Regular');
  });
});
