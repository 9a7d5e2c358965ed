import { INDUSTRY_TREE } from '@contract/industry-tree';
import { describe, expect, it } from 'vitest';
import { describeFilters, exclusionWords, filterWords, rangeWords } from './filter-words';

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

  it('writes company size like any other list: the bands as labelled', () => {
    expect(filterWords('firmographic.headcount_range', ['51-200'], names)).toBe('Employees: 51–200');
    expect(filterWords('firmographic.headcount_range', ['1001-5000', '10001+'], names)).toBe(
      'Employees: 1,001–5,000, 10,001+',
    );
  });

  it('writes exclusions as what the list leaves out', () => {
    expect(exclusionWords('location.hq.country', ['USA'], names)).toBe('HQ not in United States');
    expect(exclusionWords('location.hq.country', ['USA', 'CAN', 'MEX'], names)).toBe(
      'HQ not in United States, Canada or Mexico',
    );
    expect(exclusionWords('firmographic.ownership_category', ['venture_growth_investor_backed'], names)).toBe(
      'Ownership: not Venture / growth investor backed',
    );
    expect(exclusionWords('location.offices.country', ['ESP'], names)).toBe('No office in Spain');
    expect(exclusionWords('location.market_served.markets', ['CHN'], names)).toBe('Does not serve China');
    expect(exclusionWords('technology.api_detail.has_api', [true], names)).toBe('Has a public API: not yes');
    expect(exclusionWords('firmographic.headcount_range', ['1-10', '11-50'], names)).toBe(
      'Employees: not 1–10 or 11–50',
    );
    expect(
      exclusionWords('industry.industry', ['IND-2031'], {
        ...names,
        industry: (c) => (c === 'IND-2031' ? 'Fintech' : undefined),
      }),
    ).toBe('Industry: not Fintech');
  });

  it('writes investors left out as "Not backed by", by name, counting those not named yet', () => {
    const known: Record<string, string> = { 'u-sequoia': 'Sequoia Capital', 'u-accel': 'Accel' };
    const named = { ...names, company: (u: string) => known[u] };
    const key = 'funding_detail.funding_rounds.investors.uuid';
    expect(exclusionWords(key, ['u-sequoia'], named)).toBe('Not backed by Sequoia Capital');
    expect(exclusionWords(key, ['u-sequoia', 'u-accel'], named)).toBe(
      'Not backed by Sequoia Capital or Accel',
    );
    expect(exclusionWords(key, ['u-sequoia', 'u-other'], named)).toBe(
      'Not backed by Sequoia Capital or 1 more investor',
    );
    expect(exclusionWords(key, ['u-other'], named)).toBe('Not backed by the investor picked');
    expect(exclusionWords(key, ['u-a', 'u-b'], named)).toBe('Not backed by 2 investors picked');
    expect(describeFilters(undefined, named, { [key]: ['u-accel'] })).toEqual([
      { key, text: 'Not backed by Accel', excluded: true },
    ]);
  });

  it('lists the filters, then the exclusions, each marked', () => {
    expect(
      describeFilters({ 'location.hq.country': ['DEU'], 'firmographic.headcount_range': ['51-200'] }, names, {
        'location.hq.country': ['AUT'],
        'location.hq.city': [],
      }),
    ).toEqual([
      { key: 'firmographic.headcount_range', text: 'Employees: 51–200' },
      { key: 'location.hq.country', text: 'HQ in Germany' },
      { key: 'location.hq.country', text: 'HQ not in Austria', excluded: true },
    ]);
  });

  it('reads a whole sector as one phrase, other industries by name, and never a code', () => {
    const financial = INDUSTRY_TREE.find((x) => x.name === 'Financial Services')!;
    const logistics = INDUSTRY_TREE.find((x) => x.name === 'Transportation & Logistics')!;
    const one = logistics.industries[0]!;
    const named = {
      ...names,
      sectors: INDUSTRY_TREE,
      industry: (c: string) => (c === one.code ? one.name : undefined),
    };
    const codes = [...financial.industries.map((i) => i.code), one.code];
    expect(filterWords('industry.industry', codes, named)).toBe(
      `Industry: Financial Services (45 industries), ${one.name}`,
    );
    expect(exclusionWords('industry.industry', ['IND-0000'], named)).toBe('Industry: not Unnamed industry');
    // Without the tree loaded yet, each industry still reads by name or as unnamed.
    expect(filterWords('industry.industry', [one.code, 'IND-0000'], { ...named, sectors: undefined })).toBe(
      `Industry: ${one.name}, Unnamed industry`,
    );
  });
});
