/**
 * Negation scope, once and for all (docs/product-rules.md, section 14): a negated criterion lands in
 * `exclude` (or, for a range, its complement in `filters`), never as its positive filter; "not funded
 * by X" excludes investor X and nothing else. The description step (`readDescription`) and the merge
 * over the embedded translator, in process: the answer the BFF gives before any list is run.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INVESTOR_EXCLUSION_KEY } from '../../contract/filters';
import { normalizeText } from '../../contract/text';
import { INVESTORS } from '../../embedded/dataset/investors';
import { translate } from '../../embedded/translate/translate';
import { readDescription } from './describe';
import { mergeAnswer } from './merge';

/** Investors by the first words of their names, as the service looks them up. */
const ctx = {
  today: new Date('2026-11-22T00:00:00Z'),
  resolveInvestor: (name: string) => {
    const n = normalizeText(name);
    return INVESTORS.filter((i) => {
      const full = normalizeText(i.name);
      return full === n || full.startsWith(`${n} `);
    }).map((i) => `inv:${i.name}`);
  },
};

/** A description as the BFF's filter-builder answers it: filters and exclude. */
function answer(text: string): { filters: Record<string, unknown>; exclude: Record<string, unknown> } {
  const parts = readDescription(text);
  if (!parts) return { filters: translate(text, ctx).filters as Record<string, unknown>, exclude: {} };
  const rest = parts.rest === null ? undefined : translate(parts.rest, ctx);
  const negatedText = parts.negated.map((p) => p.scope).join(', ');
  const negated = negatedText === '' ? undefined : translate(negatedText, ctx);
  const merged = mergeAnswer(parts, rest, negated);
  return { filters: merged.filters, exclude: merged.exclude };
}

/** Criteria whose positive reading is one list-valued filter, as a rep writes them after a cue. */
const CRITERIA = [
  'in Germany',
  'in the Nordics',
  'in APAC',
  'in Paris',
  'B2C',
  'family owned',
  'PE-backed',
  'Series A',
  'seed to Series B',
  'acquired',
  'fintech',
  'crypto',
  'ad-supported',
  'HR software',
  'in Austira',
];
const CUES = [
  'not',
  'excluding',
  'other than',
  'apart from',
  'except',
  'leaving out',
  'minus',
  'ignoring',
  'but not',
  // issue 34's second set of cues
  'w/o',
  'excl.',
  'skip',
  'omit',
  'barring',
  'save for',
  'avoid',
  'sans',
  'anything but',
  'filter out',
  'exclusive of',
  // verbs of removal before what they remove
  'drop any',
  'remove the ones',
  'get rid of',
  'weed out',
  // wanting and seeing
  'rather not see',
  "I'd skip",
  'no interest in',
];
const HEADS = ['companies', 'SaaS companies', 'startups in Europe', 'B2B software vendors'];

describe('a negated criterion is never its positive filter', () => {
  it('for every cue and criterion: the positive values are excluded, none is asked for', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...HEADS),
        fc.constantFrom(...CUES),
        fc.constantFrom(...CRITERIA),
        (head, cue, criterion) => {
          const positive = translate(criterion, ctx).filters as Record<string, unknown[]>;
          const keys = Object.keys(positive);
          expect(keys.length, criterion).toBeGreaterThan(0);
          const got = answer(`${head} ${cue} ${criterion}`);
          for (const key of keys) {
            const asked = (got.filters[key] as unknown[] | undefined) ?? [];
            for (const v of positive[key]!) {
              expect(asked, `${head} ${cue} ${criterion}: ${key}`).not.toContain(v);
              expect(got.exclude[key], `${head} ${cue} ${criterion}: ${key}`).toContain(v);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a negated range is its complement: "not founded before Y" is Y or later', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2026 }), (y) => {
        const year = (text: string) => answer(text).filters['firmographic.founded_year'];
        expect(year(`fintechs not founded before ${y}`)).toEqual({ gte: y });
        expect(year(`fintechs, leaving out anything founded before ${y}`)).toEqual({ gte: y });
        expect(year(`edtech, minus anything founded before ${y}`)).toEqual({ gte: y });
        expect(year(`banks not founded after ${y}`)).toEqual({ lte: y });
        expect(year(`SaaS, excluding companies founded after ${y}`)).toEqual({ lte: y });
        expect(year(`SaaS not founded pre-${y}`)).toEqual({ gte: y });
        expect(year(`SaaS not founded later than ${y}`)).toEqual({ lte: y });
        expect(year(`SaaS not founded earlier than ${y}`)).toEqual({ gte: y });
        expect(year(`nothing founded before ${y}, healthtech in Canada`)).toEqual({ gte: y });
        expect(year(`cyber companies, none founded before ${y}`)).toEqual({ gte: y });
        expect(year(`edtech w/o anything founded after ${y}`)).toEqual({ lte: y });
        expect(year(`robotics, skip anything founded prior to ${y}`)).toEqual({ gte: y });
      }),
      { numRuns: 60 },
    );
  });

  it('a negated number of rounds is its complement', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), (n) => {
        const rounds = answer(`startups with no more than ${n} funding rounds`).filters;
        expect(rounds['funding_detail.funding_overview.num_funding_rounds']).toEqual({ lte: n });
      }),
    );
  });
});

describe('"not funded by X" excludes investor X and nothing else', () => {
  it.each([
    ['SaaS companies in the UK not funded by Sequoia', ['inv:Sequoia Capital']],
    ['fintechs not backed by a16z', ['inv:Andreessen Horowitz']],
    ['dev tools not funded by Accel or Index Ventures', ['inv:Accel', 'inv:Index Ventures']],
    ['healthtech excluding YC companies', ['inv:Y Combinator']],
    ['B2B startups, no Tiger money', ['inv:Tiger Global Management']],
    ['startups backed by Accel but not by Sequoia', ['inv:Sequoia Capital']],
    ['biotech not funded by Khosla Ventures', ['inv:Khosla Ventures']],
    ['companies not in the Andreessen Horowitz portfolio', ['inv:Andreessen Horowitz']],
    ['avoid anything backed by a16z', ['inv:Andreessen Horowitz']],
    ['insurtech, skip anything backed by SoftBank', ['inv:SoftBank Vision Fund']],
    ['edtech w/o Lightspeed Ventures money', ['inv:Lightspeed Venture Partners']],
    ['fintechs, no General Catalyst', ['inv:General Catalyst']],
  ])('%s', (text, ids) => {
    const got = answer(text);
    expect(got.exclude[INVESTOR_EXCLUSION_KEY]).toEqual(ids);
    // not "no funding rounds at all", and the investor is not asked for
    expect(got.filters['funding_detail.funding_overview.num_funding_rounds']).toBeUndefined();
    const round = got.filters['funding_detail.funding_rounds'] as Record<string, unknown> | undefined;
    for (const id of ids) expect((round?.['investors.uuid'] as string[] | undefined) ?? []).not.toContain(id);
    expect(Object.keys(got.exclude)).toEqual([INVESTOR_EXCLUSION_KEY]);
  });

  it('"not funded" alone is still no funding rounds', () => {
    expect(
      answer('SaaS companies not funded').filters['funding_detail.funding_overview.num_funding_rounds'],
    ).toEqual({
      lte: 0,
    });
  });
});

describe('negated places below the country and statuses', () => {
  it.each([
    ['SaaS in France but not Paris', { 'location.hq.country': ['FRA'] }, { 'location.hq.city': ['Paris'] }],
    ['UK healthtech outside London', { 'location.hq.country': ['GBR'] }, { 'location.hq.city': ['London'] }],
    [
      'companies in Spain other than Madrid and Barcelona',
      { 'location.hq.country': ['ESP'] },
      { 'location.hq.city': ['Madrid', 'Barcelona'] },
    ],
    ['proptech nl not amsterdam', { 'location.hq.country': ['NLD'] }, { 'location.hq.city': ['Amsterdam'] }],
    ['fintech ex-US', { 'industry.industry': ['IND-2031'] }, { 'location.hq.country': ['USA'] }],
    ['not US-based fintech', { 'industry.industry': ['IND-2031'] }, { 'location.hq.country': ['USA'] }],
    [
      'companies with no revenue over $1B',
      {},
      { 'financial_estimate.revenue_estimate': ['1b_5b', 'over_5b'] },
    ],
    ['SaaS, excluding: Germany, France', {}, { 'location.hq.country': ['DEU', 'FRA'] }],
    [
      'B2B startups w/o VC funding',
      { 'business_model.gtm_type': ['b2b'] },
      { 'firmographic.ownership_category': ['venture_growth_investor_backed'] },
    ],
    ['payments companies anywhere but the UK', {}, { 'location.hq.country': ['GBR'] }],
    ['healthtech uk excl. london', { 'location.hq.country': ['GBR'] }, { 'location.hq.city': ['London'] }],
    [
      'European companies that are not acquired',
      { 'location.hq.region': ['150'] },
      { 'firmographic.operating_status': ['acquired'] },
    ],
  ])('%s', (text, filters, exclude) => {
    const got = answer(text);
    expect(got.filters).toMatchObject(filters);
    expect(got.exclude).toEqual(exclude);
    // the excluded values are never asked for
    for (const [key, values] of Object.entries(exclude))
      for (const v of values) expect((got.filters[key] as unknown[] | undefined) ?? []).not.toContain(v);
  });
});
