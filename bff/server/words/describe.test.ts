import { describe, expect, it } from 'vitest';
import { readDescription } from './describe';
import { findOwnMeaning } from './own-meaning';

describe('readDescription', () => {
  it('is null for a description without size, negation or own-meaning words', () => {
    for (const text of [
      'software companies in Germany',
      'Series B fintechs in Germany or Austria founded after 2015 with over $10M revenue',
      'software companies that are not public',
      'non-profits in Kenya',
      'companies with no AI in Germany',
      'bootstrapped SaaS companies',
      'enterprise software companies selling to SMBs',
    ]) {
      expect(readDescription(text), text).toBeNull();
    }
  });

  it('takes the size phrase out of the description and keeps its words for the chip', () => {
    expect(readDescription('software companies in Germany with 50-200 employees')).toEqual({
      rest: 'software companies in Germany with',
      sizes: [{ text: '50-200 employees', bands: ['51-200'] }],
      negatedSizes: [],
      own: [],
      signals: [],
      negated: [],
    });
  });

  it('sends nothing when only function words are left', () => {
    const parts = readDescription('companies with 200+ employees');
    expect(parts?.rest).toBeNull();
    expect(parts?.sizes).toEqual([
      { text: '200+ employees', bands: ['201-500', '501-1000', '1001-5000', '5001-10000', '10001+'] },
    ]);
    // a content word left is sent, even one no filter reads: the translator reports it
    expect(readDescription('profitable companies with 200+ employees')?.rest).toBe(
      'profitable companies with',
    );
  });

  it('takes negated criteria out, each with its chip words and the words to translate', () => {
    const parts = readDescription('fintech companies not in the US, not venture backed');
    expect(parts?.rest).toBe('fintech companies');
    expect(parts?.negated).toEqual([
      { text: 'not in the US', scope: 'in the US' },
      { text: 'not venture backed', scope: 'venture backed' },
    ]);
  });

  it('reads a size inside a negation as a negated size', () => {
    expect(readDescription('software companies that are not small')).toMatchObject({
      rest: 'software companies that are',
      sizes: [],
      negatedSizes: [{ text: 'not small', bands: ['1-10', '11-50'] }],
      negated: [],
    });
    expect(readDescription('companies not in Europe with 50-200 employees')).toMatchObject({
      rest: null,
      sizes: [{ text: '50-200 employees', bands: ['51-200'] }],
      negated: [{ text: 'not in Europe', scope: 'in Europe' }],
    });
  });

  it('reads a negated bound as a negation, but a size’s own "no more than" as the size', () => {
    expect(readDescription('companies with no more than 3 funding rounds')?.negated).toEqual([
      { text: 'no more than 3 funding rounds', scope: 'more than 3 funding rounds' },
    ]);
    expect(readDescription('companies with no more than 200 employees in Germany')).toMatchObject({
      rest: 'companies with in Germany',
      sizes: [{ text: 'no more than 200 employees', bands: ['1-10', '11-50', '51-200'] }],
      negated: [],
    });
  });

  it('reads phrases with a meaning of their own before negation', () => {
    const parts = readDescription('companies without funding in Spain');
    expect(parts?.rest).toBe('companies in Spain');
    expect(parts?.negated).toEqual([]);
    expect(parts?.own.map((o) => [o.text, o.filters, o.exclude])).toEqual([
      ['without funding', { 'funding_detail.funding_overview.num_funding_rounds': { lte: 0 } }, {}],
    ]);
  });

  it('leaves the rest readable: separators left by a removed phrase are tidied', () => {
    expect(readDescription('over 500 staff, fintech, in Singapore')?.rest).toBe('fintech, in Singapore');
    expect(readDescription('fintechs, not in the US, B2B')?.rest).toBe('fintechs, B2B');
  });
});

describe('phrases with a meaning of their own', () => {
  const own = (text: string) => findOwnMeaning(text).map((o) => [o.text, o.filters, o.exclude]);
  const NONE = { 'funding_detail.funding_overview.num_funding_rounds': { lte: 0 } };
  const NO_VC = { 'firmographic.ownership_category': ['venture_growth_investor_backed'] };

  it.each([
    ['companies without funding', 'without funding'],
    ['companies with no funding', 'no funding'],
    ['companies with no outside funding', 'no outside funding'],
    ['companies without any external investment', 'without any external investment'],
    ['companies with no investors', 'no investors'],
    ['unfunded startups', 'unfunded'],
    ['companies that never raised', 'never raised'],
    ['companies that never raised, in Spain', 'never raised'],
    ['companies that have not raised in the last year', 'have not raised'],
    ['companies that never raised any money', 'never raised any money'],
    ["companies that haven't raised funding", "haven't raised funding"],
    ['companies not funded', 'not funded'],
    ['companies that have never been funded', 'never been funded'],
  ])('%s: no rounds', (text, words) => {
    expect(own(text)).toEqual([[words, NONE, {}]]);
  });

  it.each([
    ['startups without VC funding', 'without VC funding'],
    ['companies with no VC', 'no VC'],
    ['companies with no venture capital', 'no venture capital'],
    ['companies without VC backing', 'without VC backing'],
    ['companies that never took venture money', 'never took venture money'],
  ])('%s: not venture backed', (text, words) => {
    expect(own(text)).toEqual([[words, {}, NO_VC]]);
  });

  it.each([
    'bootstrapped companies',
    'companies with no more than 2 funding rounds',
    'companies not VC backed',
    'funded startups',
    'software companies that have not raised a Series A',
    'companies that never raised a seed round',
  ])('none in %s', (text) => {
    expect(own(text)).toEqual([]);
  });
});

describe('an investor named before a negated backing verb', () => {
  it.each([
    ["SaaS cos in Germany that a16z hasn't backed", 'backed by a16z', 'SaaS cos in Germany'],
    ['fintechs Accel never funded, founded after 2016', 'backed by Accel', 'fintechs, founded after 2016'],
    ['fintechs that Accel did not invest in', 'backed by Accel', 'fintechs'],
    ['B2B software where Sequoia Capital has not invested', 'backed by Sequoia Capital', 'B2B software'],
    ["edtech in india that sequoia didn't back", 'backed by sequoia', 'edtech in india'],
  ])('%s: the investor is the negated criterion, out of the positive words', (text, scope, rest) => {
    const parts = readDescription(text);
    expect(parts?.negated.map((n) => n.scope)).toEqual([scope]);
    expect(parts?.rest).toBe(rest);
    expect(parts?.own).toEqual([]);
  });

  it('leaves "never funded" without an investor to mean no funding at all', () => {
    const parts = readDescription('healthtech startups that were never funded');
    expect(parts?.negated).toEqual([]);
    expect(parts?.own.map((o) => o.filters)).toEqual([
      { 'funding_detail.funding_overview.num_funding_rounds': { lte: 0 } },
    ]);
  });
});

describe('a passive backing verb', () => {
  it('is the negation\'s own: "never backed by X" negates X, not the word before it', () => {
    const parts = readDescription('logistics startups never backed by Tiger Global or SoftBank');
    expect(parts?.negated.map((n) => n.scope)).toEqual(['backed by Tiger Global or SoftBank']);
    expect(parts?.rest).toBe('logistics startups');
  });
});
