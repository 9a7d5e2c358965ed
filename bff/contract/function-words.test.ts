import { describe, expect, it } from 'vitest';
import { contentWords, FUNCTION_WORDS } from './function-words';

describe('function words', () => {
  it('are never words that say something about a company', () => {
    for (const w of [
      'employees',
      'staff',
      'small',
      'large',
      'startups',
      'funded',
      'profitable',
      'hiring',
      'remote',
    ])
      expect(FUNCTION_WORDS.has(w), w).toBe(false);
  });

  it('leave the content words of a text, abbreviations written in capitals among them', () => {
    expect(contentWords('show me the software companies based in the US')).toEqual(['software', 'US']);
    expect(contentWords('IT firms in it')).toEqual(['IT']);
    expect(contentWords('companies with 200+ employees')).toEqual(['200', 'employees']);
    expect(contentWords('the best companies, please')).toEqual([]);
    expect(contentWords('US', false)).toEqual(['US']);
    // "us" after "the", "in", "non" is the country however written; elsewhere the pronoun
    expect(contentWords('fintechs from the us')).toEqual(['fintechs', 'us']);
    expect(contentWords('COMPANIES IN THE US')).toEqual(['US']);
    expect(contentWords('give us fintechs')).toEqual(['fintechs']);
  });
});
