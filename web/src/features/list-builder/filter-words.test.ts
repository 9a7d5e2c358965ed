import { describe, expect, it } from 'vitest';
import { filterWords, rangeWords } from './filter-words';

const names = { industry: () => undefined, company: () => undefined };

describe('filter words', () => {
  it('states money bounds exactly as they are applied, in the display style', () => {
    expect(rangeWords('usd_range', { gte: 12_460_000 })).toBe('$12.46M or more');
    expect(rangeWords('usd_range', { gte: 1_000_000, lte: 1_500_000_000 })).toBe('$1M–$1.5B');
    expect(rangeWords('usd_range', { lte: 1_234_567 })).toBe('up to $1,234,567');
    expect(filterWords('funding_detail.funding_overview.total_funding_usd', { gte: 10_000_000 }, names)).toBe(
      'Total funding (USD) $10M or more',
    );
  });

  it('writes counts with separators, years bare and dates in words', () => {
    expect(rangeWords('int_range', { gte: 1000, lte: 25_000 })).toBe('1,000–25,000');
    expect(rangeWords('year_range', { gte: 2016 })).toBe('2016 or later');
    expect(
      filterWords('funding_detail.funding_overview.last_funding_date', { gte: '2023-01-15' }, names),
    ).toBe('Last funding date Jan 15, 2023 or later');
  });
});
