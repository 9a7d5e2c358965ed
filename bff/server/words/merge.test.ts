import { describe, expect, it } from 'vitest';
import type { Description } from './describe';
import { complementOf, mergeAnswer } from './merge';

const parts = (over: Partial<Description>): Description => ({
  rest: null,
  sizes: [],
  negatedSizes: [],
  own: [],
  signals: [],
  negated: [],
  ...over,
});

describe('complementOf', () => {
  it('turns a one-sided range into the other side', () => {
    expect(complementOf({ gte: 2016 })).toEqual({ lte: 2015 });
    expect(complementOf({ lte: 2009 })).toEqual({ gte: 2010 });
    expect(complementOf({ gte: 10_000_000 })).toEqual({ lte: 9_999_999 });
    expect(complementOf({ gte: '2024-03-01' })).toEqual({ lte: '2024-02-29' });
    expect(complementOf({ lte: '2023-12-31' })).toEqual({ gte: '2024-01-01' });
  });

  it('has none for a range with two bounds (two ranges) or none', () => {
    expect(complementOf({ gte: 2000, lte: 2010 })).toBeUndefined();
    expect(complementOf({})).toBeUndefined();
    expect(complementOf({ gte: 'last year' })).toBeUndefined();
  });
});

describe('mergeAnswer', () => {
  it('gives each negated filter to the phrase whose words its match shares', () => {
    const merged = mergeAnswer(
      parts({
        negated: [
          { text: 'not in the US', scope: 'in the US' },
          { text: 'not venture backed', scope: 'venture backed' },
        ],
      }),
      undefined,
      {
        filters: {
          'location.hq.country': ['USA'],
          'firmographic.ownership_category': ['venture_growth_investor_backed'],
        },
        matches: [
          { text: 'in the usa', key: 'location.hq.country', values: ['USA'] },
          {
            text: 'venture backed',
            key: 'firmographic.ownership_category',
            values: ['venture_growth_investor_backed'],
          },
        ],
        unmatched: [],
      },
    );
    expect(merged.filters).toEqual({});
    expect(merged.exclude).toEqual({
      'location.hq.country': ['USA'],
      'firmographic.ownership_category': ['venture_growth_investor_backed'],
    });
    expect(merged.matches).toEqual([
      { text: 'not in the US', key: 'location.hq.country', values: ['USA'], excluded: true },
      {
        text: 'not venture backed',
        key: 'firmographic.ownership_category',
        values: ['venture_growth_investor_backed'],
        excluded: true,
      },
    ]);
    expect(merged.unmatched).toEqual([]);
  });

  it('reports a negated phrase that gave nothing in the user’s words', () => {
    const merged = mergeAnswer(
      parts({
        negated: [
          { text: 'not in the US', scope: 'in the US' },
          { text: 'not profitable', scope: 'profitable' },
        ],
      }),
      { filters: { 'industry.industry': ['IND-2031'] }, unmatched: ['hiring'] },
      {
        filters: { 'location.hq.country': ['USA'] },
        matches: [{ text: 'in the usa', key: 'location.hq.country', values: ['USA'] }],
        unmatched: ['profitable'],
      },
    );
    expect(merged.exclude).toEqual({ 'location.hq.country': ['USA'] });
    expect(merged.unmatched).toEqual(['hiring', 'not profitable']);
  });

  it('without the translator’s matches (the real service), gives the filters to the one phrase', () => {
    const one = mergeAnswer(
      parts({ negated: [{ text: 'excluding Germany', scope: 'Germany' }] }),
      undefined,
      {
        filters: { 'location.hq.country': ['DEU'] },
      },
    );
    expect(one.matches).toEqual([
      { text: 'excluding Germany', key: 'location.hq.country', values: ['DEU'], excluded: true },
    ]);
    const two = mergeAnswer(
      parts({
        negated: [
          { text: 'excluding Germany', scope: 'Germany' },
          { text: 'not B2C', scope: 'B2C' },
        ],
      }),
      undefined,
      { filters: { 'location.hq.country': ['DEU'], 'business_model.gtm_type': ['b2c'] } },
    );
    expect(two.exclude).toEqual({ 'location.hq.country': ['DEU'], 'business_model.gtm_type': ['b2c'] });
    expect(two.matches.map((m) => m.text)).toEqual([
      'excluding Germany, not B2C',
      'excluding Germany, not B2C',
    ]);
    const none = mergeAnswer(
      parts({ negated: [{ text: 'not profitable', scope: 'profitable' }] }),
      undefined,
      {
        filters: {},
      },
    );
    expect(none.unmatched).toEqual(['not profitable']);
  });
});

describe('mergeAnswer: ranges, booleans and values of a negation', () => {
  it('turns a negated range into its complement in filters, narrowing one already there', () => {
    const merged = mergeAnswer(
      parts({ negated: [{ text: 'not founded after 2015', scope: 'founded after 2015' }] }),
      { filters: { 'firmographic.founded_year': { gte: 2000 } } },
      {
        filters: { 'firmographic.founded_year': { gte: 2016 } },
        matches: [{ text: 'founded after 2015', key: 'firmographic.founded_year', values: { gte: 2016 } }],
      },
    );
    expect(merged.filters).toEqual({ 'firmographic.founded_year': { gte: 2000, lte: 2015 } });
    expect(merged.exclude).toEqual({});
    expect(merged.matches).toEqual([
      { text: 'not founded after 2015', key: 'firmographic.founded_year', values: { lte: 2015 } },
    ]);
  });

  it('reports a negated range it cannot say, and one that would leave nothing', () => {
    const between = mergeAnswer(
      parts({
        negated: [{ text: 'not founded between 2000 and 2010', scope: 'founded between 2000 and 2010' }],
      }),
      undefined,
      {
        filters: { 'firmographic.founded_year': { gte: 2000, lte: 2010 } },
        matches: [
          {
            text: 'founded between 2000 and 2010',
            key: 'firmographic.founded_year',
            values: { gte: 2000, lte: 2010 },
          },
        ],
      },
    );
    expect(between.filters).toEqual({});
    expect(between.unmatched).toEqual(['not founded between 2000 and 2010']);
    const empty = mergeAnswer(
      parts({ negated: [{ text: 'not founded after 2015', scope: 'founded after 2015' }] }),
      { filters: { 'firmographic.founded_year': { gte: 2018 } } },
      {
        filters: { 'firmographic.founded_year': { gte: 2016 } },
        matches: [{ text: 'founded after 2015', key: 'firmographic.founded_year', values: { gte: 2016 } }],
      },
    );
    expect(empty.filters).toEqual({ 'firmographic.founded_year': { gte: 2018 } });
    expect(empty.unmatched).toEqual(['not founded after 2015']);
  });

  it('excludes a negated boolean as a one-value list, and reports a negated round condition', () => {
    const merged = mergeAnswer(
      parts({
        negated: [
          { text: 'without a public API', scope: 'a public API' },
          { text: 'not raised a series A of $10m in 2023', scope: 'raised a series A of $10m in 2023' },
        ],
      }),
      undefined,
      {
        filters: {
          'technology.api_detail.has_api': true,
          'funding_detail.funding_rounds': { round: ['series_a'] },
        },
        matches: [
          { text: 'a public api', key: 'technology.api_detail.has_api', values: true },
          { text: 'series a of $10m in 2023', key: 'funding_detail.funding_rounds', values: {} },
        ],
      },
    );
    expect(merged.exclude).toEqual({ 'technology.api_detail.has_api': [true] });
    expect(merged.unmatched).toEqual(['not raised a series A of $10m in 2023']);
  });

  it('takes excluded values out of the same key’s list, and keeps only the exclusion when none is left', () => {
    const some = mergeAnswer(
      parts({ negated: [{ text: 'excluding Germany', scope: 'Germany' }] }),
      { filters: { 'location.hq.country': ['DEU', 'FRA'] } },
      {
        filters: { 'location.hq.country': ['DEU'] },
        matches: [{ text: 'germany', key: 'location.hq.country', values: ['DEU'] }],
      },
    );
    expect(some.filters).toEqual({ 'location.hq.country': ['FRA'] });
    expect(some.exclude).toEqual({ 'location.hq.country': ['DEU'] });
    const all = mergeAnswer(
      parts({
        sizes: [{ text: 'small', bands: ['1-10', '11-50'] }],
        negatedSizes: [{ text: 'not 1-50 employees', bands: ['1-10', '11-50'] }],
      }),
      undefined,
      undefined,
    );
    expect(all.filters).toEqual({});
    expect(all.exclude).toEqual({ 'firmographic.headcount_range': ['1-10', '11-50'] });
  });

  it('unions the bands of several size phrases, in band order', () => {
    const merged = mergeAnswer(
      parts({
        sizes: [
          { text: 'large', bands: ['1001-5000', '5001-10000', '10001+'] },
          { text: 'small', bands: ['1-10', '11-50'] },
        ],
      }),
      { filters: {}, matches: [], unmatched: [] },
      undefined,
    );
    expect(merged.filters).toEqual({
      'firmographic.headcount_range': ['1-10', '11-50', '1001-5000', '5001-10000', '10001+'],
    });
    expect(merged.matches.map((m) => m.text)).toEqual(['large', 'small']);
  });
});
