/**
 * The classes of phrasing reps use (issue 34's set): stage ranges, one-round conditions, investors by
 * their short names, everyday industry names, misspelt countries and trade regions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, countriesInRegion } from '../../contract/geo';
import { normalizeText } from '../../contract/text';
import { INDUSTRY_SYNONYMS } from '../dataset/industry-synonyms';
import { INVESTORS } from '../dataset/investors';
import { INDUSTRIES } from '../dataset/taxonomy';
import { placeLexicon } from './lexicon';
import { INVESTOR_ALIASES } from './tables/investors';
import { translate } from './translate';

const ctx = {
  today: new Date('2026-11-22T00:00:00Z'),
  resolveInvestor: (name: string) => {
    const n = normalizeText(name);
    return INVESTORS.filter(
      (i) => normalizeText(i.name) === n || normalizeText(i.name).startsWith(`${n} `),
    ).map((i) => `inv:${i.name}`);
  },
};
const f = (text: string) => translate(text, ctx).filters as Record<string, unknown>;

const STAGES = ['pre_seed', 'seed', ...'abcdefghij'.split('').map((l) => `series_${l}`)];
const WRITTEN: Record<string, string[]> = {
  pre_seed: ['pre-seed', 'pre seed', 'preseed'],
  seed: ['seed'],
  ...Object.fromEntries('abcdefghij'.split('').map((l) => [`series_${l}`, [`Series ${l.toUpperCase()}`]])),
};

describe('stage ranges keep their middle', () => {
  it('"<first> to/through/- <last>" is every stage from the first to the last', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: STAGES.length - 2 }),
        fc.integer({ min: 1, max: STAGES.length - 1 }),
        fc.constantFrom(' to ', ' through ', ' thru ', '-', ' - ', ' until '),
        fc.nat(),
        (i, span, join, pick) => {
          const j = Math.min(STAGES.length - 1, i + span);
          const first = WRITTEN[STAGES[i]!]!;
          const text = `${first[pick % first.length]}${join}${WRITTEN[STAGES[j]!]![0]} fintechs`;
          expect(f(text)['funding_detail.funding_overview.funding_stage'], text).toEqual(
            STAGES.slice(i, j + 1),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('"between" makes "and" a range; a list stays a list', () => {
    expect(f('between seed and Series B')['funding_detail.funding_overview.funding_stage']).toEqual([
      'seed',
      'series_a',
      'series_b',
    ]);
    expect(f('seed and Series B')['funding_detail.funding_overview.funding_stage']).toEqual([
      'series_b',
      'seed',
    ]);
  });
});

describe('one round, one condition', () => {
  const round = (text: string) => f(text)['funding_detail.funding_rounds'];
  it.each([
    ['raised a $30M+ Series C', { round: ['series_c'], amount_usd: { gte: 30_000_000 } }],
    [
      'a round in 2022 led by Accel',
      {
        date: { gte: '2022-01-01', lte: '2022-12-31' },
        'investors.uuid': ['inv:Accel'],
        'investors.lead_investor': true,
      },
    ],
    [
      'a round led by Tiger in 2021',
      {
        date: { gte: '2021-01-01', lte: '2021-12-31' },
        'investors.uuid': ['inv:Tiger Global Management'],
        'investors.lead_investor': true,
      },
    ],
    ['a 2024 Series B', { round: ['series_b'], date: { gte: '2024-01-01', lte: '2024-12-31' } }],
    [
      'a Series A in 2020 of at least $5M',
      { round: ['series_a'], amount_usd: { gte: 5_000_000 }, date: { gte: '2020-01-01', lte: '2020-12-31' } },
    ],
    [
      'a $50M+ round in 2025',
      { amount_usd: { gte: 50_000_000 }, date: { gte: '2025-01-01', lte: '2025-12-31' } },
    ],
    [
      'whose Series C was led by Insight Partners',
      { round: ['series_c'], 'investors.uuid': ['inv:Insight Partners'], 'investors.lead_investor': true },
    ],
  ])('%s', (text, expected) => {
    expect(round(text)).toEqual(expected);
    // a round's amount is no revenue, its date no last funding date
    expect(f(text)['financial_estimate.revenue_estimate']).toBeUndefined();
    expect(f(text)['funding_detail.funding_overview.last_funding_date']).toBeUndefined();
  });
});

describe('investors by the names reps use', () => {
  it('every short form stands for an investor of the data', () => {
    const names = new Set(INVESTORS.map((i) => i.name));
    for (const [alias, { name }] of Object.entries(INVESTOR_ALIASES))
      expect(names.has(name), alias).toBe(true);
  });

  it.each([
    ['a16z-backed fintechs', ['inv:Andreessen Horowitz'], undefined],
    ['YC companies in healthtech', ['inv:Y Combinator'], undefined],
    ['SaaS companies where Sequoia led a round', ['inv:Sequoia Capital'], true],
    ['robotics startups that General Catalyst led', ['inv:General Catalyst'], true],
    ['Lightspeed or Accel backed startups', ['inv:Lightspeed Venture Partners', 'inv:Accel'], undefined],
    ['B2B SaaS with Index Ventures on the cap table', ['inv:Index Ventures'], undefined],
    ['companies with Insight Partners as an investor', ['inv:Insight Partners'], undefined],
    ['Sequoia portfolio in India', ['inv:Sequoia Capital'], undefined],
    ['dev tools backed by BVP', ['inv:Bessemer Venture Partners'], undefined],
    // the word before a short form is no part of its name
    ['medtech startups YC backed', ['inv:Y Combinator'], undefined],
    ['fintechs Accel has invested in', ['inv:Accel'], undefined],
    ['companies in the Bay Area that Tiger Global has backed', ['inv:Tiger Global Management'], undefined],
  ])('%s', (text, ids, lead) => {
    const round = f(text)['funding_detail.funding_rounds'] as Record<string, unknown>;
    expect(round['investors.uuid']).toEqual(ids);
    expect(round['investors.lead_investor']).toBe(lead);
  });

  it('a lower-case common word is no investor ("seed funding" is no Seed Capital)', () => {
    expect(f('startups with seed funding')['funding_detail.funding_rounds']).toBeUndefined();
    expect(f('index funds')['funding_detail.funding_rounds']).toBeUndefined();
  });
});

describe('industries by their everyday names', () => {
  it('every synonym names industries of the taxonomy, and reads as them alone', () => {
    const codes = new Set(INDUSTRIES.map((i) => i.code));
    for (const [phrase, expected] of Object.entries(INDUSTRY_SYNONYMS)) {
      for (const c of expected) expect(codes.has(c), `${phrase}: ${c}`).toBe(true);
      expect(f(phrase), phrase).toEqual({ 'industry.industry': expected });
    }
  });
});

describe('misspelt countries', () => {
  /** One-word country names of five letters or more, as the catalog spells them. */
  const names = COUNTRIES.map((c) => ({ code: c.code, name: normalizeText(c.name) })).filter(
    (c) => /^[a-z]{5,}$/.test(c.name) && placeLexicon().get(c.name)?.countries?.[0] === c.code,
  );

  it('two letters swapped inside a country name, after "in", is that country', () => {
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.nat(), (c, at) => {
        const i = 1 + (at % (c.name.length - 2));
        if (c.name[i] === c.name[i + 1]) return;
        const typo = c.name.slice(0, i) + c.name[i + 1] + c.name[i] + c.name.slice(i + 2);
        if (placeLexicon().has(typo)) return;
        const got = f(`companies in ${typo}`)['location.hq.country'] as string[] | undefined;
        // a typo one edit from two country words ("gambia"/"zambia") is left as it is, never guessed
        if (got) expect(got, typo).toEqual([c.code]);
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    ['SaaS in Austira', 'AUT'],
    ['retailers in Mexcio', 'MEX'],
    ['agritech in Keyna', 'KEN'],
    ['companies in Egpyt', 'EGY'],
    ['agencies in New Zeland', 'NZL'],
    ['B2B SaaS in Untied States', 'USA'],
    ['payments companies in Columbia', 'COL'],
  ])('%s', (text, code) => {
    expect(f(text)['location.hq.country']).toEqual([code]);
  });

  it('a word one edit from a country is left alone where no place stands ("tiger", "sedan", "indie")', () => {
    expect(f('no tiger money')['location.hq.country']).toBeUndefined();
    expect(f('sedan makers')['location.hq.country']).toBeUndefined();
    expect(f('indie game studios')['location.hq.country']).toBeUndefined();
  });
});

describe('trade regions: one reading each, no country in two', () => {
  const countriesOf = (text: string): Set<string> => {
    const got = f(text);
    const regions = (got['location.hq.region'] as string[] | undefined) ?? [];
    return new Set([
      ...((got['location.hq.country'] as string[] | undefined) ?? []),
      ...regions.flatMap(countriesInRegion),
    ]);
  };
  const emea = countriesOf('EMEA');
  const apac = countriesOf('APAC');
  const latam = countriesOf('LATAM');
  const noram = countriesOf('North America');

  it('EMEA, APAC, LATAM and North America share no country', () => {
    for (const [a, b] of [
      [emea, apac],
      [emea, latam],
      [apac, latam],
      [noram, latam],
      [noram, emea],
      [noram, apac],
    ] as const) {
      expect([...a].filter((c) => b.has(c))).toEqual([]);
    }
  });

  it('DACH, the Nordics, the Benelux, CEE and the GCC are inside EMEA; ANZ and Southeast Asia inside APAC', () => {
    for (const text of ['DACH', 'Nordics', 'Benelux', 'CEE', 'GCC', 'the Baltics']) {
      for (const c of countriesOf(text)) expect(emea.has(c), `${text}: ${c}`).toBe(true);
    }
    for (const text of ['ANZ', 'SEA'])
      for (const c of countriesOf(text)) expect(apac.has(c), `${text}: ${c}`).toBe(true);
  });

  it('MENA is inside EMEA but for Iran, which M49 puts in Southern Asia (so in APAC, as the words say)', () => {
    expect([...countriesOf('MENA')].filter((c) => !emea.has(c))).toEqual(['IRN']);
  });

  it('"Europe, the Middle East and Africa" spelt out is EMEA', () => {
    expect(f('Europe, the Middle East and Africa')).toEqual({ 'location.hq.region': ['150', '002', '145'] });
    expect(f('Asia-Pacific')).toEqual(f('APAC'));
  });
});
