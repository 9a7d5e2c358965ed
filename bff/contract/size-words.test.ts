import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HEADCOUNT_RANGES, type HeadcountRange } from './enums';
import {
  bandsOfSpan,
  coversHalf,
  findSizePhrases,
  HEADCOUNT_SPANS,
  type HeadcountSpan,
  parseSizeRange,
  sizeBandsOf,
} from './size-words';
import { lowerShadow } from './text';

const from = (band: HeadcountRange) => HEADCOUNT_RANGES.slice(HEADCOUNT_RANGES.indexOf(band));
const upTo = (band: HeadcountRange) => HEADCOUNT_RANGES.slice(0, HEADCOUNT_RANGES.indexOf(band) + 1);

/** The bands of the size phrases of a description, in order. */
const sizes = (text: string) => findSizePhrases(text).map((p) => p.bands);

describe('the issue’s phrasings', () => {
  it.each([
    ['50-200 employees', ['51-200']],
    ['50 to 200 staff', ['51-200']],
    ['200+ employees', from('201-500')],
    ['more than 100 employees', from('51-200')],
    ['over 100 employees', from('51-200')],
    ['at least 100 employees', from('51-200')],
    ['fewer than 50 staff', upTo('11-50')],
    ['under 50 employees', upTo('11-50')],
    ['up to 50 employees', upTo('11-50')],
    ['between 50 and 200 employees', ['51-200']],
    ['a 20-person agency', ['11-50']],
    ['small companies', upTo('11-50')],
    ['mid-sized companies', ['51-200', '201-500', '501-1000']],
    ['mid-market companies', ['51-200', '201-500', '501-1000']],
    ['large companies', from('1001-5000')],
    ['enterprise companies', from('1001-5000')],
    ['SMBs', upTo('51-200')],
  ])('%s -> %j', (text, bands) => {
    expect(sizes(text)).toEqual([bands]);
  });

  it('reads whole numbers: fewer than N is 1 to N-1, up to N is 1 to N', () => {
    expect(parseSizeRange('fewer than 50')).toEqual({ min: 1, max: 49 });
    expect(parseSizeRange('under 50')).toEqual({ min: 1, max: 49 });
    expect(parseSizeRange('up to 50')).toEqual({ min: 1, max: 50 });
    expect(parseSizeRange('more than 100')).toEqual({ min: 101, max: null });
    expect(parseSizeRange('at least 100')).toEqual({ min: 100, max: null });
    expect(parseSizeRange('200+')).toEqual({ min: 200, max: null });
    // up to 10 covers all of 1-10; fewer than 10 covers 9 of its 10 numbers: still the same band
    expect(sizeBandsOf('fewer than 10')).toEqual(['1-10']);
    // fewer than 11 is 1-10 exactly, up to 11 touches 11-50 by one number only
    expect(sizeBandsOf('fewer than 11')).toEqual(['1-10']);
    expect(sizeBandsOf('up to 11')).toEqual(['1-10']);
  });
});

describe('half coverage', () => {
  it('takes a band when the range covers at least half of it', () => {
    // 50-200 holds one of 11-50's forty numbers
    expect(bandsOfSpan({ min: 50, max: 200 })).toEqual(['51-200']);
    // 20-100: 31 of 11-50's 40, 50 of 51-200's 150
    expect(bandsOfSpan({ min: 20, max: 100 })).toEqual(['11-50']);
    // 30-125: 21 of 40 and 75 of 150 (exactly half counts)
    expect(bandsOfSpan({ min: 30, max: 125 })).toEqual(['11-50', '51-200']);
    expect(bandsOfSpan({ min: 1, max: 999 })).toEqual(upTo('501-1000'));
  });

  it('gives the band holding the middle of a range narrower than half of every band', () => {
    expect(bandsOfSpan({ min: 20, max: 20 })).toEqual(['11-50']);
    expect(bandsOfSpan({ min: 60, max: 100 })).toEqual(['51-200']);
    expect(bandsOfSpan({ min: 40, max: 60 })).toEqual(['11-50']);
    expect(sizes('companies with 100 employees')).toEqual([['51-200']]);
    expect(sizes('companies with 3 employees')).toEqual([['1-10']]);
  });

  it('counts the open top band as 10001-20000 against a bounded range, whole against an open one', () => {
    expect(bandsOfSpan({ min: 5001, max: 15_000 })).toEqual(['5001-10000', '10001+']);
    expect(bandsOfSpan({ min: 5001, max: 14_999 })).toEqual(['5001-10000']);
    expect(bandsOfSpan({ min: 10_001, max: null })).toEqual(['10001+']);
    expect(bandsOfSpan({ min: 50_001, max: null })).toEqual(['10001+']);
    expect(bandsOfSpan({ min: 50_000, max: 90_000 })).toEqual(['10001+']);
    expect(sizes('more than 10,000 employees')).toEqual([['10001+']]);
    expect(sizes('over 5,000 employees')).toEqual([['5001-10000', '10001+']]);
  });

  it('gives nothing for a range that is none', () => {
    expect(bandsOfSpan({ min: 0, max: 10 })).toEqual([]);
    expect(bandsOfSpan({ min: 20, max: 10 })).toEqual([]);
    expect(bandsOfSpan({ min: 1.5, max: 10 })).toEqual([]);
    expect(sizeBandsOf('fewer than 1')).toBeNull();
  });
});

describe('numbers of employees in descriptions', () => {
  it.each([
    ['software companies in Germany with 50-200 employees', '50-200 employees', ['51-200']],
    ['SaaS companies with 50 to 200 staff', '50 to 200 staff', ['51-200']],
    [
      'companies with between 500 and 1000 employees in Canada',
      'between 500 and 1000 employees',
      ['501-1000'],
    ],
    ['fintechs with at least 1000 employees', 'at least 1000 employees', from('1001-5000')],
    ['insurers with over 5,000 employees', 'over 5,000 employees', from('5001-10000')],
    ['10-50 employee SaaS companies', '10-50 employee', ['11-50']],
    ['companies with 1,000-5,000 employees', '1,000-5,000 employees', ['1001-5000']],
    ['companies with 1,000–5,000 employees', '1,000–5,000 employees', ['1001-5000']],
    ['startups under 20 employees', 'under 20 employees', ['1-10']],
    ['companies employing more than 10,000 people', 'more than 10,000 people', ['10001+']],
    ['headcount between 200 and 500, based in the Netherlands', 'headcount between 200 and 500', ['201-500']],
    ['companies with 50 - 250 employees', '50 - 250 employees', ['51-200']],
    ['10k+ employee companies in the US', '10k+ employee', ['10001+']],
    ['SaaS startups with a team of 5-15', 'team of 5-15', ['1-10']],
    ['software companies with no more than 200 employees', 'no more than 200 employees', upTo('51-200')],
    ['a 500-strong manufacturer', '500-strong', ['201-500']],
    ['companies with fifty employees', 'fifty employees', ['11-50']],
    ['employee count: 1.5k', 'employee count: 1.5k', ['1001-5000']],
    ['sub-50 employee agencies', 'sub-50 employee', upTo('11-50')],
    ['companies with 200 or more employees', '200 or more employees', from('201-500')],
    ['companies with 10 or fewer employees', '10 or fewer employees', ['1-10']],
  ])('%s', (text, words, bands) => {
    const found = findSizePhrases(text);
    expect(found.map((p) => p.text)).toEqual([words]);
    expect(found[0]!.bands).toEqual(bands);
    expect(text.slice(found[0]!.start, found[0]!.end)).toBe(words);
  });

  it.each([
    'companies with 200+ customers',
    'founded in the last 10 years',
    'revenue of $50-200m',
    'companies in 50 countries',
    'over 100 million in revenue',
    'series B companies that raised more than $20m',
    'software for companies with fewer than 50 employees',
    'selling to businesses with 1000+ employees',
    'companies whose customers have 500+ employees',
  ])('no size in %s', (text) => {
    expect(findSizePhrases(text)).toEqual([]);
  });
});

describe('vague size words', () => {
  it.each([
    ['small software companies in France', 'small', upTo('11-50')],
    ['mid-sized manufacturers in Italy', 'mid-sized', ['51-200', '201-500', '501-1000']],
    ['medium-sized logistics companies', 'medium-sized', ['51-200', '201-500', '501-1000']],
    ['midsize insurers', 'midsize', ['51-200', '201-500', '501-1000']],
    ['mid-market B2B software companies', 'mid-market', ['51-200', '201-500', '501-1000']],
    ['enterprise companies in the UK', 'enterprise', from('1001-5000')],
    ['enterprise-sized firms', 'enterprise-sized', from('1001-5000')],
    ['large banks in Japan', 'large', from('1001-5000')],
    ['big retailers in France', 'big', from('1001-5000')],
    ['large enterprises in Germany', 'large enterprises', from('1001-5000')],
    ['enterprises in Sweden with a SaaS model', 'enterprises', from('1001-5000')],
    ['SMBs in Spain', 'SMBs', upTo('51-200')],
    ['SMEs in Spain', 'SMEs', upTo('51-200')],
    ['small and medium-sized enterprises in Poland', 'small and medium-sized enterprises', upTo('51-200')],
    ['small to mid-sized companies', 'small to mid-sized', upTo('51-200')],
    ['small businesses in Texas', 'small', upTo('11-50')],
    ['a small business in Texas', 'small', upTo('11-50')],
    ['looking for small fintechs', 'small', upTo('11-50')],
  ])('%s', (text, words, bands) => {
    const found = findSizePhrases(text);
    expect(found.map((p) => p.text)).toEqual([words]);
    expect(found[0]!.bands).toEqual(bands);
  });

  it.each([
    'enterprise software companies',
    'enterprise SaaS vendors',
    'companies with enterprise field sales',
    'companies selling to enterprises in Germany',
    'B2B companies that sell to enterprises',
    'software for small businesses',
    'companies that sell to small businesses',
    'companies serving SMBs',
    'SMB-focused lenders',
    'companies with small business customers',
    'small business lending companies',
    'companies focused on the mid-market',
    'mid-market customers',
    'large language model startups',
    'big data companies',
    'small cap miners',
    'large-scale manufacturers',
    'companies with enterprise customers',
  ])('no size in %s', (text) => {
    expect(findSizePhrases(text)).toEqual([]);
  });

  it('reads two size phrases apart', () => {
    expect(findSizePhrases('small or large banks, mid-sized insurers').map((p) => p.text)).toEqual([
      'small',
      'large',
      'mid-sized',
    ]);
  });
});

describe('a size typed on its own (the Employees facet)', () => {
  it.each([
    ['50-200', ['51-200']],
    ['51-200', ['51-200']],
    ['1,001–5,000', ['1001-5000']],
    ['10001+', ['10001+']],
    ['200+', from('201-500')],
    ['more than 100', from('51-200')],
    ['fewer than 50 staff', upTo('11-50')],
    ['between 50 and 200', ['51-200']],
    ['  Small  ', upTo('11-50')],
    ['mid-market companies', ['51-200', '201-500', '501-1000']],
    ['enterprise', from('1001-5000')],
    ['SMB', upTo('51-200')],
    ['1k-5k', ['1001-5000']],
    ['20', ['11-50']],
  ])('%s -> %j', (text, bands) => {
    expect(sizeBandsOf(text)).toEqual(bands);
  });

  it.each(['', 'software', '50 customers', 'small business customers', '$50m', 'about', '-'])(
    '%j is no size',
    (text) => {
      expect(sizeBandsOf(text)).toBeNull();
    },
  );
});

describe('lowerShadow', () => {
  it('keeps offsets', () => {
    for (const text of ['İstanbul firms with 50–200 employees', 'ÆØÅ 20-person', 'ǅ x']) {
      expect(lowerShadow(text).length).toBe(text.length);
    }
  });
});

const spanArb = fc
  .tuple(fc.integer({ min: 1, max: 30_000 }), fc.option(fc.integer({ min: 0, max: 30_000 })))
  .map(([min, extra]): HeadcountSpan => ({ min, max: extra === null ? null : min + extra }));

describe('properties', () => {
  it('a range that is exactly a band gives that band', () => {
    for (const band of HEADCOUNT_RANGES) expect(bandsOfSpan(HEADCOUNT_SPANS[band])).toEqual([band]);
    fc.assert(
      fc.property(fc.constantFrom(...HEADCOUNT_RANGES), (band) => {
        const s = HEADCOUNT_SPANS[band];
        const typed = s.max === null ? `${s.min}+ employees` : `${s.min}-${s.max} employees`;
        expect(sizeBandsOf(typed)).toEqual([band]);
        expect(findSizePhrases(`companies with ${typed}`)[0]?.bands).toEqual([band]);
      }),
    );
  });

  it('widening a range never drops a band (once it covers half of one)', () => {
    fc.assert(
      fc.property(spanArb, fc.nat(20_000), fc.nat(20_000), fc.boolean(), (span, lower, higher, open) => {
        const wider: HeadcountSpan = {
          min: Math.max(1, span.min - lower),
          max: open || span.max === null ? null : span.max + higher,
        };
        for (const band of HEADCOUNT_RANGES) {
          if (coversHalf(span, band)) expect(coversHalf(wider, band)).toBe(true);
        }
        if (HEADCOUNT_RANGES.some((band) => coversHalf(span, band))) {
          for (const band of bandsOfSpan(span)) expect(bandsOfSpan(wider)).toContain(band);
        }
      }),
    );
  });

  it('never gives nothing for a range, and gives contiguous bands that each meet it', () => {
    fc.assert(
      fc.property(spanArb, (span) => {
        const bands = bandsOfSpan(span);
        expect(bands.length).toBeGreaterThan(0);
        const idx = bands.map((b) => HEADCOUNT_RANGES.indexOf(b));
        idx.forEach((i, k) => {
          if (k > 0) expect(i).toBe(idx[k - 1]! + 1);
        });
        for (const band of bands) {
          const b = HEADCOUNT_SPANS[band];
          expect(span.max === null || span.max >= b.min).toBe(true);
          expect(b.max === null || span.min <= b.max).toBe(true);
        }
      }),
    );
  });

  it('reads "N-M employees" in a description as the range N to M', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), fc.nat(20_000), (a, d) => {
        const found = findSizePhrases(`software companies in France with ${a}-${a + d} employees`);
        expect(found.map((p) => p.span)).toEqual([{ min: a, max: a + d }]);
        expect(found[0]!.bands).toEqual(bandsOfSpan({ min: a, max: a + d }));
      }),
    );
  });
});
