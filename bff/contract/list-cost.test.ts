import { describe, expect, it } from 'vitest';
import {
  bandsAsked,
  differenceKeys,
  estimateListCost,
  GATHER_SLICES,
  gatheringCreditsMax,
  probeCost,
} from './list-cost';
import { bandRuns, PROBES_PER_RUN } from './list-rules';
import { listGenerationCost } from './pricing';

describe('estimateListCost', () => {
  it('a plain list is the page as the service prices it, exactly', () => {
    const e = estimateListCost(
      { filters: { 'location.hq.country': ['DEU'] }, limit: 50, sections: ['firmographic'] },
      'enterprise',
    );
    expect(e).toEqual({
      credits: listGenerationCost({ matched: true, returned: 50, sections: ['firmographic'], query: false }),
      upTo: false,
      parts: [{ what: 'the page: up to 50 companies', credits: 111.5 }],
    });
  });

  it('follows the plan: Pay-as-you-go pages of 20 without sections; Subscription without Enterprise sections', () => {
    expect(estimateListCost({ limit: 100, sections: ['firmographic'] }, 'payg').credits).toBe(
      listGenerationCost({ matched: true, returned: 20, sections: [], query: false }),
    );
    expect(
      estimateListCost({ limit: 10, sections: ['funding_detail', 'location'] }, 'subscription').credits,
    ).toBe(listGenerationCost({ matched: true, returned: 10, sections: ['location'], query: false }));
    expect(estimateListCost({ query: 'software in Germany', limit: 10 }, 'enterprise').credits).toBe(
      listGenerationCost({ matched: true, returned: 10, sections: [], query: true }),
    );
  });

  it('a probe is one company with its firmographic section, on every plan', () => {
    expect(probeCost('enterprise')).toBe(3.7);
    expect(probeCost('subscription')).toBe(3.7);
    // Pay-as-you-go: the company's position without sections (1.7), its band by enrichment (2).
    expect(probeCost('payg')).toBe(3.7);
  });

  it('company size adds up to 20 probes per run of adjacent bands, and a read per further run', () => {
    expect(PROBES_PER_RUN).toBe(2 * Math.ceil(Math.log2(500)) + 2);
    const one = estimateListCost(
      {
        filters: { 'firmographic.headcount_range': ['11-50', '51-200'] },
        limit: 25,
        sort_by: 'employee_range',
      },
      'enterprise',
    );
    expect(one.upTo).toBe(true);
    expect(one.parts).toEqual([
      { what: 'the page: up to 25 companies', credits: 6.5 },
      {
        what: `finding where the sizes lie: up to ${PROBES_PER_RUN} one-company probes at 3.7 each`,
        credits: 74,
      },
      {
        what: `if the sizes lie beyond the first 500 either way: gathering up to 500 of them slice by slice (at most ${GATHER_SLICES} slices’ counts and probes)`,
        credits: gatheringCreditsMax('enterprise', 1),
      },
      { what: 'the page read across the gathered slices: up to 15 more reads', credits: 22.5 },
    ]);
    // Eight slices at their worst: a count call (1.7) and 18 probes (3.7 each) a slice.
    expect(gatheringCreditsMax('enterprise', 1)).toBe(546.4);
    expect(one.credits).toBe(649.4);
    const two = estimateListCost(
      {
        filters: { 'firmographic.headcount_range': ['1-10', '1001-5000'] },
        limit: 25,
        sort_by: 'employee_range',
      },
      'enterprise',
    );
    expect(two.parts.map((p) => p.credits)).toEqual([6.5, 1.5, 148, 1079.2, 21]);
    // Beside a set difference nothing is gathered (the difference needs the whole list).
    const diff = estimateListCost(
      {
        filters: { 'firmographic.headcount_range': ['51-200'] },
        exclude: { 'industry.industry': ['IND-1001'] },
        limit: 25,
      },
      'enterprise',
    );
    expect(diff.parts.some((p) => p.what.includes('gathering'))).toBe(false);
  });

  it('excluding bands is the complement of those asked: its runs are what is left', () => {
    expect(bandsAsked(undefined, { 'firmographic.headcount_range': ['51-200'] })).toEqual([
      '1-10',
      '11-50',
      '201-500',
      '501-1000',
      '1001-5000',
      '5001-10000',
      '10001+',
    ]);
    expect(bandRuns(bandsAsked(undefined, { 'firmographic.headcount_range': ['51-200'] })!)).toHaveLength(2);
    expect(bandsAsked({ 'firmographic.headcount_range': ['1-10'] }, undefined)).toEqual(['1-10']);
    expect(
      bandsAsked({ 'location.hq.country': ['DEU'] }, { 'location.hq.country': ['FRA'] }),
    ).toBeUndefined();
  });

  it('complements cost nothing more; set differences add the reads without sections', () => {
    expect(
      estimateListCost({ exclude: { 'location.hq.country': ['USA'] }, limit: 50 }, 'enterprise').upTo,
    ).toBe(false);
    expect(
      differenceKeys({
        'location.hq.country': ['USA'],
        'industry.industry': ['IND-1001'],
        'location.offices.country': [],
      }),
    ).toEqual(['industry.industry']);
    const e = estimateListCost({ exclude: { 'industry.industry': ['IND-1001'] }, limit: 50 }, 'enterprise');
    // The list and the companies to leave out, up to 500 each at 0.2, two calls each (1.5).
    expect(e.parts[1]).toEqual({
      what: 'reading the list and the companies to leave out without sections: up to 500 each at 0.2',
      credits: 2 * (2 * 1.5 + 100),
    });
    const withSections = estimateListCost(
      { exclude: { 'industry.industry': ['IND-1001'] }, limit: 50, sections: ['location'] },
      'enterprise',
    );
    expect(withSections.parts.at(-1)!.what).toMatch(/left out inside the page’s stretch/);
    // Pay-as-you-go reads 20 a call.
    const payg = estimateListCost({ exclude: { 'industry.industry': ['IND-1001'] } }, 'payg');
    expect(payg.parts[1]!.credits).toBe(2 * (26 * 1.5 + 100));
  });

  it('a query is estimated as the service prices it: its words are read only when it runs', () => {
    const e = estimateListCost(
      { query: 'small software companies outside Germany', limit: 50 },
      'enterprise',
    );
    expect(e.upTo).toBe(false);
    expect(e.parts).toHaveLength(1);
  });
});
