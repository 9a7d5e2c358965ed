/**
 * Signal words of a description (./signal-words.ts) as the description step reads them
 * (./describe.ts): the phrases become signal filters, their words leave what the translator reads, the
 * vague words take their documented thresholds, negated thresholds become complements, "not hiring" is
 * reported as not used and never becomes hiring, and words that only look alike stay the translator's.
 */
import { describe, expect, it } from 'vitest';
import { readDescription } from './describe';
import { mergeAnswer } from './merge';
import { FAST_GROWTH_PCT, findSignalPhrases, GROWING_PCT, HIGH_TRAFFIC_VISITS } from './signal-words';

/** The filters and unmatched words the description step makes of a description, the translator aside. */
function read(text: string) {
  const parts = readDescription(text);
  if (!parts) return { filters: {}, unmatched: [], rest: text };
  const merged = mergeAnswer(parts, undefined, undefined);
  return { filters: merged.filters, unmatched: merged.unmatched, rest: parts.rest };
}

describe('signal words', () => {
  it.each([
    ['logistics companies in Brazil hiring', { 'signals.hiring': {} }, 'logistics companies in Brazil'],
    ['hiring SDRs in Germany', { 'signals.hiring': { functions: ['sales'] } }, 'in Germany'],
    [
      'companies hiring SDRs/engineers in Germany',
      { 'signals.hiring': { functions: ['sales', 'engineering'] } },
      'companies in Germany',
    ],
    ['B2B firms with open roles', { 'signals.hiring': {} }, 'B2B firms'],
    [
      'growing headcount 20%+ in the last year',
      { 'signals.headcount_growth': { period: '12m', gte: 20 } },
      null,
    ],
    ['headcount up 30% in six months', { 'signals.headcount_growth': { period: '6m', gte: 30 } }, null],
    [
      'fast-growing fintech startups',
      { 'signals.headcount_growth': { period: '12m', gte: FAST_GROWTH_PCT } },
      'fintech startups',
    ],
    [
      'growing companies in Texas',
      { 'signals.headcount_growth': { period: '12m', gte: GROWING_PCT } },
      'companies in Texas',
    ],
    [
      'high-traffic ecommerce sites',
      { 'signals.monthly_visits': { gte: HIGH_TRAFFIC_VISITS } },
      'ecommerce sites',
    ],
    ['SaaS with 1M+ monthly visits', { 'signals.monthly_visits': { gte: 1_000_000 } }, 'SaaS with'],
  ])('reads "%s"', (text, filters, rest) => {
    const got = read(text);
    expect(got.filters).toEqual(filters);
    expect(got.rest).toBe(rest);
    expect(got.unmatched).toEqual([]);
  });

  it('takes a number in a growth or traffic phrase for no company size', () => {
    const got = read('companies with headcount growth of 200% over the last year');
    expect(got.filters).toEqual({ 'signals.headcount_growth': { period: '12m', gte: 200 } });
  });

  it('reports "not hiring" as not used and never writes hiring', () => {
    for (const text of ['B2B companies not hiring', 'companies that are not currently hiring in Spain']) {
      const got = read(text);
      expect(got.filters).not.toHaveProperty('signals.hiring');
      expect(got.unmatched.join(' ')).toMatch(/not (currently )?hiring/);
    }
  });

  it('writes the complement of a negated threshold', () => {
    expect(read('SaaS companies that are not fast-growing').filters).toEqual({
      'signals.headcount_growth': { period: '12m', lte: FAST_GROWTH_PCT - 0.1 },
    });
    expect(read('fintechs without high traffic').filters).toEqual({
      'signals.monthly_visits': { lte: HIGH_TRAFFIC_VISITS - 1 },
    });
  });

  it('leaves words that only look alike to the translator', () => {
    for (const text of [
      'traffic management software',
      'growth equity firms',
      'recruiting agencies in London',
      'companies with 50-200 employees',
      'web analytics companies',
    ])
      expect(findSignalPhrases(text), text).toEqual([]);
  });
});
