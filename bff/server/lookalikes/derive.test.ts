/** The filters derived from the seeds, and the ladder of wider ones. */
import { describe, expect, it } from 'vitest';
import type { ListFilters } from '../../contract/filters';
import { HEADCOUNT_KEY } from '../../contract/list-rules';
import { derive, GTM_KEY, INDUSTRY_KEY, ladder, NAICS_KEY, OFFERING_KEY, sizeRings } from './derive';
import type { Facts } from './facts';

let n = 0;
function seed(
  industry: string,
  o: { band?: number; gtm?: string; offering?: string; naics?: string[] } = {},
): Facts {
  n++;
  return {
    uuid: `s${n}`,
    name: `Seed ${n}`,
    industries: [{ code: industry, label: industry }],
    naics: (o.naics ?? ['522320']).map((code) => ({ code, label: code })),
    band: o.band ?? 2,
    gtm: { code: o.gtm ?? 'b2b', label: o.gtm ?? 'b2b' },
    offering: { code: o.offering ?? 'software', label: o.offering ?? 'software' },
  };
}

describe('derive', () => {
  it('keeps the industries most seeds share, and leaves an outlier’s to the score', () => {
    expect(derive([seed('A'), seed('A'), seed('B')]).industries.map((i) => i.code)).toEqual(['A']);
    const tenSeeds = [
      ...Array.from({ length: 6 }, () => seed('A')),
      ...Array.from({ length: 4 }, () => seed('B')),
    ];
    expect(derive(tenSeeds).industries.map((i) => i.code)).toEqual(['A', 'B']);
    expect(derive([seed('A'), seed('B'), seed('C')]).industries.map((i) => i.code)).toEqual(['A', 'B', 'C']);
  });

  it('keeps business-model values a quarter of the seeds hold, and no key that allows everything', () => {
    const d = derive([
      seed('A', { gtm: 'b2b', offering: 'software' }),
      seed('A', { gtm: 'b2b', offering: 'software' }),
      seed('A', { gtm: 'b2b', offering: 'software' }),
      seed('A', { gtm: 'b2b', offering: 'software' }),
      seed('A', { gtm: 'b2c', offering: 'services' }),
    ]);
    expect(d.gtm.map((g) => g.code)).toEqual(['b2b']);
    expect(d.offering.map((g) => g.code)).toEqual(['software']);
    const all = derive([
      seed('A', { gtm: 'b2b' }),
      seed('A', { gtm: 'b2c' }),
      seed('A', { gtm: 'b2b_and_b2c' }),
    ]);
    expect(all.gtm).toEqual([]);
  });

  it('takes the lower median band and the NAICS groups of the kept industries', () => {
    const d = derive([
      seed('A', { band: 1, naics: ['522320', '522390'] }),
      seed('A', { band: 5, naics: ['541511'] }),
      seed('A', { band: 3 }),
      seed('B', { band: 7, naics: ['311811'] }),
    ]);
    expect(d.medianBand).toBe(3);
    expect(d.groups).toEqual(['5223', '5415']);
  });
});

describe('ladder', () => {
  const d = derive([seed('A', { band: 0 }), seed('A', { band: 1 })]);

  it('widens from industry and business model to industry, NAICS groups and nothing', () => {
    const { levels, rings } = ladder(d);
    expect(levels.map((l) => l.name)).toEqual(['model', 'industry', 'industry_group', 'open']);
    expect(levels[0]!.filters).toEqual({
      [INDUSTRY_KEY]: ['A'],
      [GTM_KEY]: ['b2b'],
      [OFFERING_KEY]: ['software'],
    });
    expect(levels[2]!.filters).toEqual({ [NAICS_KEY]: ['5223'] });
    expect(levels[3]!.filters).toEqual({});
    expect(rings).toEqual(sizeRings(0));
  });

  it('keeps the user’s filters on every rung, replacing a derived one on the same key', () => {
    const user = { 'location.hq.country': ['DEU'], [INDUSTRY_KEY]: ['Z'] } as ListFilters;
    const { levels } = ladder(d, user);
    for (const l of levels) expect(l.filters).toMatchObject(user);
    // The user's industry replaces the seeds': "industry alone" is the user's filters, already a rung.
    expect(levels.map((l) => l.name)).toEqual(['model', 'industry', 'industry_group']);
  });

  it('reads no size rings when the user asks a size of their own', () => {
    expect(ladder(d, { [HEADCOUNT_KEY]: ['1-10'] } as ListFilters).rings).toBeUndefined();
  });

  it('rings the sizes nearest first', () => {
    expect(sizeRings(2)).toEqual([
      ['51-200'],
      ['11-50', '201-500'],
      ['1-10', '501-1000'],
      ['1001-5000'],
      ['5001-10000'],
      ['10001+'],
    ]);
  });
});
