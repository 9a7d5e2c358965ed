/**
 * The similarity score and its reasons, on companies written as their sections (the shape list
 * generation and enrichment answer), read by `readFacts` as the BFF reads them.
 */
import { describe, expect, it } from 'vitest';
import { type Facts, readFacts } from './facts';
import { BASE_WEIGHTS, type FieldId, likeSeeds, scoreCandidate, seedProfile } from './similarity';

type Spec = {
  name?: string;
  industry?: [string, string];
  secondary?: [string, string];
  naics?: string;
  band?: string;
  gtm?: string;
  offering?: string;
  segments?: string[];
  stage?: string | null;
  country?: string;
  revenue?: string;
};

const GTM_LABELS: Record<string, string> = { b2b: 'B2B', b2c: 'B2C', b2b_and_b2c: 'B2B and B2C' };
const STAGE_LABELS: Record<string, string> = { series_a: 'Series A', series_b: 'Series B', seed: 'Seed' };
const COUNTRY_LABELS: Record<string, string> = { DEU: 'Germany', FRA: 'France', USA: 'United States' };
const REGION: Record<string, [string, string][]> = {
  DEU: [
    ['155', 'Western Europe'],
    ['150', 'Europe'],
  ],
  FRA: [
    ['155', 'Western Europe'],
    ['150', 'Europe'],
  ],
  USA: [
    ['021', 'Northern America'],
    ['019', 'Americas'],
  ],
};

let counter = 0;
/** A company as list generation answers it, with the sections the score reads. */
function company(s: Spec): Facts {
  counter++;
  const industries = [s.industry, s.secondary].filter((x): x is [string, string] => x !== undefined);
  return readFacts({
    uuid: `c${counter}`,
    name: s.name ?? `Company ${counter}`,
    product_category: s.industry?.[1] ?? null,
    industry: {
      industry: industries.map(([code, label]) => ({ code, label })),
      naics: s.naics ? [{ code: s.naics, label: `NAICS ${s.naics}` }] : [],
      sic: [],
    },
    firmographic: {
      headcount_range: s.band ?? '51-200',
      ownership_category: {
        code: 'venture_growth_investor_backed',
        label: 'Venture / growth investor backed',
      },
    },
    business_model: {
      gtm_type: { code: s.gtm ?? 'b2b', label: GTM_LABELS[s.gtm ?? 'b2b'] },
      offering_type: {
        code: s.offering ?? 'software',
        label: s.offering === 'services' ? 'Services' : 'Software',
      },
      revenue_model: [],
      gtm_motion: [],
    },
    customer_profile: { target_segments: s.segments ?? ['Mid-market'], target_industries: [] },
    financial_estimate: {
      revenue_estimate: {
        code: s.revenue ?? '10m_25m',
        label: s.revenue === '1m_5m' ? '$1M–$5M' : '$10M–$25M',
      },
      valuation_estimate: null,
    },
    funding_detail: {
      funding_overview: {
        funding_stage:
          s.stage === null
            ? null
            : { code: s.stage ?? 'series_b', label: STAGE_LABELS[s.stage ?? 'series_b'] },
      },
    },
    location: {
      hq: {
        country: { code: s.country ?? 'DEU', label: COUNTRY_LABELS[s.country ?? 'DEU'] },
        region: (REGION[s.country ?? 'DEU'] ?? []).map(([code, label]) => ({ code, label })),
      },
    },
    technology: {
      ai_maturity: { scale: 2 },
      is_technology_focussed: true,
      tech_stack: [{ name: 'Salesforce' }],
    },
  });
}

const PAYMENTS: [string, string] = ['IND-2031', 'Payment processing'];
const BANKING: [string, string] = ['IND-2001', 'Banking'];
const BAKERIES: [string, string] = ['IND-5501', 'Bakeries'];

/** Weights with only the named fields on, each at 1: tests of one rule at a time. */
function only(...ids: FieldId[]): Record<FieldId, number> {
  return Object.fromEntries(
    Object.keys(BASE_WEIGHTS).map((k) => [k, ids.includes(k as FieldId) ? 1 : 0]),
  ) as Record<FieldId, number>;
}

describe('the similarity score', () => {
  it('is 1 for a copy of a single seed and lower for every difference', () => {
    const seed = company({ name: 'Stripe', industry: PAYMENTS });
    const profile = seedProfile([seed]);
    expect(scoreCandidate(profile, company({ industry: PAYMENTS })).score).toBe(1);
    const bigger = scoreCandidate(profile, company({ industry: PAYMENTS, band: '201-500' })).score;
    const elsewhere = scoreCandidate(profile, company({ industry: PAYMENTS, country: 'USA' })).score;
    const otherIndustry = scoreCandidate(profile, company({ industry: BAKERIES })).score;
    for (const s of [bigger, elsewhere, otherIndustry]) {
      expect(s).toBeLessThan(1);
      expect(s).toBeGreaterThan(0);
    }
    // The industry weighs most of the fields.
    expect(otherIndustry).toBeLessThan(bigger);
    expect(otherIndustry).toBeLessThan(elsewhere);
  });

  it('falls with the distance in headcount bands', () => {
    const profile = seedProfile([company({ industry: PAYMENTS, band: '51-200' })]);
    const scores = ['51-200', '201-500', '501-1000', '1001-5000', '10001+'].map(
      (band) => scoreCandidate(profile, company({ industry: PAYMENTS, band })).score,
    );
    for (let i = 1; i < scores.length; i++) expect(scores[i]!).toBeLessThanOrEqual(scores[i - 1]!);
    expect(scores[0]).toBeGreaterThan(scores[1]!);
    expect(scores[1]).toBeGreaterThan(scores[2]!);
  });

  it('weighs a field by how much the seeds agree on it', () => {
    // Every seed sells B2B; their countries differ. With both fields at the same base weight, the
    // candidate that sells B2B from a country of none of them beats the one that shares a seed's
    // country but sells B2C.
    const seeds = ['DEU', 'FRA', 'USA', 'DEU'].map((country) =>
      company({ industry: PAYMENTS, gtm: 'b2b', country }),
    );
    const profile = seedProfile(seeds, { weights: only('gtm_type', 'place') });
    const agreed = profile.fields.find((f) => f.id === 'gtm_type')!;
    const split = profile.fields.find((f) => f.id === 'place')!;
    expect(agreed.agreement).toBe(1);
    expect(split.agreement).toBeLessThan(0.6);
    expect(agreed.weight).toBeGreaterThan(split.weight);
    const b2bElsewhere = company({ industry: PAYMENTS, gtm: 'b2b', country: 'USA' });
    const b2cGerman = company({ industry: PAYMENTS, gtm: 'b2c', country: 'DEU' });
    // USA is one seed's country too: take a country none of the seeds has.
    const b2bNowhere = { ...b2bElsewhere, country: { code: 'JPN', label: 'Japan' }, regions: [] };
    expect(scoreCandidate(profile, b2bNowhere).score).toBeGreaterThan(
      scoreCandidate(profile, b2cGerman).score,
    );
  });

  it('ranks the majority’s industry above an outlier seed’s', () => {
    const seeds = [
      company({ industry: PAYMENTS }),
      company({ industry: PAYMENTS }),
      company({ industry: PAYMENTS }),
      company({ industry: BAKERIES, gtm: 'b2c', offering: 'services' }),
    ];
    const profile = seedProfile(seeds);
    const payments = scoreCandidate(profile, company({ industry: PAYMENTS }));
    const bakery = scoreCandidate(profile, company({ industry: BAKERIES, gtm: 'b2c', offering: 'services' }));
    expect(payments.score).toBeGreaterThan(bakery.score);
    expect(payments.reasons).toContain('same industry as 3 of your seeds: Payment processing');
    // Strongest first: the size all four seeds share outweighs the industry three of them share.
    expect(payments.reasons[0]).toBe('51-200 employees like all 4 of your seeds');
  });

  it('gives a secondary industry and a shared NAICS group part of the industry’s credit', () => {
    const profile = seedProfile([company({ industry: PAYMENTS, naics: '522320' })], {
      weights: only('industry'),
    });
    const secondary = scoreCandidate(profile, company({ industry: BANKING, secondary: PAYMENTS }));
    const group = scoreCandidate(profile, company({ industry: BANKING, naics: '522390' }));
    const none = scoreCandidate(profile, company({ industry: BAKERIES, naics: '311811' }));
    expect(secondary.score).toBeGreaterThan(group.score);
    expect(group.score).toBeGreaterThan(none.score);
    expect(none.score).toBe(0);
    expect(secondary.reasons).toEqual(['also in Payment processing']);
    expect(group.reasons).toEqual(['related industry: NAICS 522390']);
  });

  it('leaves out fields no seed has a value for, and gives a candidate without one nothing there', () => {
    const seed = company({ industry: PAYMENTS });
    const withoutFunding = readFacts({
      uuid: 's',
      name: 'S',
      industry: { industry: [{ code: 'IND-2031', label: 'x' }] },
    });
    const profile = seedProfile([withoutFunding]);
    expect(profile.fields.map((f) => f.id)).toEqual(['industry']);
    expect(scoreCandidate(profile, seed).score).toBe(1);
    // A candidate read without any section matches nothing.
    const bare = readFacts({ uuid: 'b', name: 'Bare', product_category: null });
    expect(scoreCandidate(seedProfile([seed]), bare).score).toBe(0);
  });

  it('stays between 0 and 1, 1 for a candidate as typical as the most typical seed', () => {
    const seeds = [
      company({ industry: PAYMENTS, band: '51-200' }),
      company({ industry: PAYMENTS, band: '201-500' }),
      company({ industry: BANKING, band: '51-200' }),
    ];
    const profile = seedProfile(seeds);
    expect(scoreCandidate(profile, company({ industry: PAYMENTS, band: '51-200' })).score).toBe(1);
    for (const band of ['1-10', '51-200', '10001+']) {
      for (const industry of [PAYMENTS, BANKING, BAKERIES]) {
        const { score } = scoreCandidate(profile, company({ industry, band }));
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe('reasons in words', () => {
  it('says what the candidate shares with the seeds, strongest first', () => {
    const seeds = [
      company({
        name: 'Adyen',
        industry: PAYMENTS,
        band: '201-500',
        stage: 'series_b',
        segments: ['Mid-market'],
      }),
      company({
        name: 'Mollie',
        industry: PAYMENTS,
        band: '201-500',
        stage: 'series_b',
        segments: ['Mid-market'],
      }),
      company({
        name: 'Klarna',
        industry: PAYMENTS,
        band: '201-500',
        stage: 'series_b',
        segments: ['Mid-market'],
      }),
      company({ name: 'Paddle', industry: PAYMENTS, band: '51-200', stage: 'series_a', segments: ['SMB'] }),
    ];
    const { reasons } = scoreCandidate(
      seedProfile(seeds),
      company({ industry: PAYMENTS, band: '201-500', stage: 'series_b', segments: ['Mid-market'] }),
      { maxReasons: 10 },
    );
    expect(reasons[0]).toBe('same industry: Payment processing');
    expect(reasons).toContain('201-500 employees like 3 of your seeds');
    expect(reasons).toContain('also Series B');
    expect(reasons).toContain('sells to the same customers: B2B mid-market');
    expect(reasons).toContain('also headquartered in Germany');
    // Said once: the product category is the industry's name, and B2B is in the customers' reason.
    expect(reasons).not.toContain('same product category: Payment processing');
    expect(reasons).not.toContain('also sells B2B');
    expect(scoreCandidate(seedProfile(seeds), company({ industry: PAYMENTS })).reasons).toHaveLength(4);
  });

  it('names a single seed, and says nothing of a field the candidate does not share', () => {
    const seed = company({ name: 'Stripe', industry: PAYMENTS, band: '1001-5000', stage: null });
    const { reasons } = scoreCandidate(
      seedProfile([seed]),
      company({ industry: BAKERIES, band: '1001-5000', stage: null, country: 'USA' }),
      {
        maxReasons: 10,
      },
    );
    expect(reasons).toContain('1001-5000 employees like Stripe');
    expect(reasons.some((r) => r.includes('industry'))).toBe(false);
    expect(reasons.some((r) => r.includes('headquartered'))).toBe(false);
    // Never raising money is not a reason.
    expect(reasons.some((r) => r.startsWith('also No'))).toBe(false);
  });

  it('counts the seeds in words', () => {
    expect(likeSeeds(['Stripe'], 1)).toBe('like Stripe');
    expect(likeSeeds(['Stripe'], 5)).toBe('like Stripe');
    expect(likeSeeds(['A', 'B'], 2)).toBe('like both your seeds');
    expect(likeSeeds(['A', 'B', 'C'], 3)).toBe('like all 3 of your seeds');
    expect(likeSeeds(['A', 'B', 'C'], 10)).toBe('like 3 of your seeds');
  });
});
