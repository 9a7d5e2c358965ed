/**
 * Size in a rep's shorthand (docs/product-rules.md, section 14): "1k+ headcount", "~30 ppl", "<50
 * emp", ">500 staff", "5-25 FTEs", "sub-100 staff", "30ish employees" read as the whole-number
 * ranges their long forms say, and those ranges' bands.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bandsOfSpan, findSizePhrases, type HeadcountSpan } from './size-words';

const NOUNS = ['employees', 'emp', 'emps', 'ppl', 'people', 'staff', 'FTEs', 'FTE', 'headcount', 'heads'];

/** The one size phrase of `text`: its words and its bands. */
function sizeOf(text: string) {
  const found = findSizePhrases(text);
  expect(found, text).toHaveLength(1);
  return { text: found[0]!.text, bands: found[0]!.bands, span: found[0]!.span };
}

describe('shorthand forms of a size', () => {
  it.each([
    ['fintechs with 1k+ headcount', '1k+ headcount', { min: 1000, max: null }],
    ['logistics cos 40-150 emp', '40-150 emp', { min: 40, max: 150 }],
    ['~30 ppl agencies in Berlin', '~30 ppl', { min: 30, max: 30 }],
    ['cybersecurity startups, 5-25 FTEs', '5-25 FTEs', { min: 5, max: 25 }],
    ['sub-100 staff SaaS', 'sub-100 staff', { min: 1, max: 99 }],
    ['retailers >500 staff in Spain', '>500 staff', { min: 501, max: null }],
    ['edtech <50 employees', '<50 employees', { min: 1, max: 49 }],
    ['30ish employees, SaaS', '30ish employees', { min: 30, max: 30 }],
    ['banks with 10k+ staff', '10k+ staff', { min: 10_000, max: null }],
    ['2.5k employee insurers', '2.5k employee', { min: 2500, max: 2500 }],
    ['teams of 5 to 15 in Lisbon', 'teams of 5 to 15', { min: 5, max: 15 }],
    ['companies with <= 20 staff', '<= 20 staff', { min: 1, max: 20 }],
    ['companies with ≥ 100 employees', '≥ 100 employees', { min: 100, max: null }],
    ['saas compnies in the uk with 50-200 employes', '50-200 employes', { min: 50, max: 200 }],
  ])('%s', (description, words, span) => {
    const found = sizeOf(description);
    expect(found.text).toBe(words);
    expect(found.span).toEqual(span);
    expect(found.bands).toEqual(bandsOfSpan(span as HeadcountSpan));
  });

  it('"N+ <noun>" is N and up, "<N <noun>" 1 to N-1, ">N <noun>" N+1 and up, for every noun', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 20_000 }), fc.constantFrom(...NOUNS), (n, noun) => {
        expect(sizeOf(`companies with ${n}+ ${noun}`).span).toEqual({ min: n, max: null });
        expect(sizeOf(`companies with <${n} ${noun}`).span).toEqual({ min: 1, max: n - 1 });
        expect(sizeOf(`companies with >${n} ${noun}`).span).toEqual({ min: n + 1, max: null });
        expect(sizeOf(`companies with ~${n} ${noun}`).span).toEqual({ min: n, max: n });
      }),
      { numRuns: 200 },
    );
  });

  it('"Nk" is N thousand', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), (k) => {
        expect(sizeOf(`${k}k+ employees`).span).toEqual({ min: k * 1000, max: null });
      }),
    );
  });

  it('a shorthand noun after a number of something else is no size', () => {
    expect(findSizePhrases('raised $5M in 2 rounds')).toEqual([]);
    expect(findSizePhrases('founded in 2015, series a')).toEqual([]);
  });
});

describe("a band's own label and CRM-style heads (issue 34's second set)", () => {
  it.each([
    ['saas fr 11-50', '11-50', ['11-50']],
    ['fintech, 51-200, Germany', '51-200', ['51-200']],
    ['banks 10001+', '10001+', ['10001+']],
    ['ind: cyber | geo: UK | hc: 50-200', 'hc: 50-200', ['51-200']],
    ['emp: 200-500', 'emp: 200-500', ['201-500']],
    ['size: 11-50', 'size: 11-50', ['11-50']],
    ['fintechs w/ 200-ish employees', '200-ish employees', ['51-200']],
  ])('%s', (text, words, bands) => {
    const got = sizeOf(text);
    expect(got.text).toBe(words);
    expect(got.bands).toEqual(bands);
  });

  it('a band label before a unit or another count is no size', () => {
    for (const text of ['1-10 years old', '$1-10m revenue', '11-50 countries', '201-500m valuation', '1-10%'])
      expect(findSizePhrases(text), text).toEqual([]);
  });

  it('a range that is no band label needs a noun ("500-1k" alone is no size)', () => {
    expect(findSizePhrases('payments br 500-1k')).toEqual([]);
    expect(findSizePhrases('fintech 40-150')).toEqual([]);
  });
});
