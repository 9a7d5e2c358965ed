import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIST_DEFAULT_LIMIT } from '../../contract/list-params';
import { PLAN_RULES, PRICES, SECTION_PRICES } from '../../contract/pricing';
import { estimateCost } from './budget';
import { utcDay } from './ledger';

const q = (s = '') => new URLSearchParams(s);
const perCompany = (...sections: (keyof typeof SECTION_PRICES)[]) =>
  PRICES.listPerCompany + sections.reduce((sum, s) => sum + SECTION_PRICES[s], 0);

// What a paid call reserves before it goes upstream (read from the checked request, not parsed again).
describe('estimateCost', () => {
  it('prices a list at its limit, the default limit when none is given', () => {
    expect(estimateCost('list.generate', 'enterprise', q(), { filters: {}, limit: 120 })).toBeCloseTo(
      PRICES.listBase + 120 * perCompany(),
    );
    expect(estimateCost('list.generate', 'enterprise', q(), { filters: {} })).toBeCloseTo(
      PRICES.listBase + LIST_DEFAULT_LIMIT * perCompany(),
    );
  });

  it("caps a list's limit at what the plan serves", () => {
    const max = PLAN_RULES.payg.maxListLimit;
    expect(estimateCost('list.generate', 'payg', q(), { filters: {}, limit: max + 80 })).toBeCloseTo(
      PRICES.listBase + max * perCompany(),
    );
  });

  it("adds a list's sections per company and a query's translation", () => {
    const body = { query: 'fintechs in Berlin', sections: ['firmographic', 'headcount'], limit: 10 };
    expect(estimateCost('list.generate', 'enterprise', q(), body)).toBeCloseTo(
      PRICES.listBase + 10 * perCompany('firmographic', 'headcount') + PRICES.query,
    );
  });

  it('prices an enrichment by the sections asked, in the query or the body', () => {
    const two = SECTION_PRICES.firmographic + SECTION_PRICES.headcount;
    expect(
      estimateCost(
        'company.enrichment',
        'enterprise',
        q('company=x&sections=firmographic, headcount'),
        undefined,
      ),
    ).toBeCloseTo(two);
    expect(
      estimateCost('company.enrichment.post', 'enterprise', q(), {
        company: 'x',
        sections: ['firmographic', 'headcount'],
      }),
    ).toBeCloseTo(two);
  });

  it("prices an enrichment without sections at every section of the key's plan", () => {
    for (const plan of ['subscription', 'enterprise'] as const) {
      const all = PLAN_RULES[plan].sections.reduce((sum, s) => sum + SECTION_PRICES[s], 0);
      expect(estimateCost('company.enrichment', plan, q('company=x'), undefined)).toBeCloseTo(all);
      expect(estimateCost('company.enrichment.post', plan, q(), { company: 'x' })).toBeCloseTo(all);
    }
  });

  it('holds what a read priced by its results may return at most', () => {
    // News: the call, and every article its limit (default 10, at most 100) may bring.
    expect(estimateCost('news', 'enterprise', q('company=x'), undefined)).toBeCloseTo(
      PRICES.newsPerCall + 10 * PRICES.newsPerArticle,
    );
    expect(estimateCost('news', 'enterprise', q('company=x&limit=100'), undefined)).toBeCloseTo(
      PRICES.newsPerCall + 100 * PRICES.newsPerArticle,
    );
    // Posts: a started block of 10 per 10 posts of the limit (default 10).
    expect(estimateCost('company.posts', 'enterprise', q('company=x'), undefined)).toBe(PRICES.postsPerBlock);
    expect(estimateCost('company.posts', 'enterprise', q('company=x&limit=21'), undefined)).toBe(
      3 * PRICES.postsPerBlock,
    );
    // Employee reviews: a started block of 50 (default limit 10: one block).
    expect(estimateCost('company.employeeReviews', 'enterprise', q('company=x'), undefined)).toBe(
      PRICES.reviewsPerBlock,
    );
    expect(estimateCost('company.employeeReviews', 'enterprise', q('company=x&limit=100'), undefined)).toBe(
      2 * PRICES.reviewsPerBlock,
    );
    // Product reviews: `limit` reviews for each product named once (free without products).
    expect(estimateCost('company.productReviews', 'enterprise', q('company=x'), undefined)).toBe(0);
    expect(
      estimateCost(
        'company.productReviews',
        'enterprise',
        q('company=x&products=a&products=b&products=a&limit=30'),
        undefined,
      ),
    ).toBe(2 * PRICES.reviewsPerBlock);
    expect(estimateCost('list.filterBuilder', 'enterprise', q(), { query: 'x' })).toBe(PRICES.query);
  });

  it('holds the signal endpoints at their price a call, job listings at a full page of their limit', () => {
    expect(estimateCost('company.headcountTrends', 'payg', q('company=x'), undefined)).toBe(2.5);
    expect(estimateCost('company.websiteTraffic', 'payg', q('company=x'), undefined)).toBe(1);
    // Jobs: 0.1 a listing of the limit (default 10), at least 0.5; the limit is at most 50.
    expect(estimateCost('company.jobs', 'enterprise', q('company=x'), undefined)).toBe(1);
    expect(estimateCost('company.jobs', 'enterprise', q('company=x&limit=2'), undefined)).toBe(0.5);
    expect(estimateCost('company.jobs', 'enterprise', q('company=x&limit=50'), undefined)).toBe(5);
    expect(estimateCost('company.jobs', 'enterprise', q('company=x&limit=0'), undefined)).toBe(0);
  });
});

// The budget's day is remembered between calls; it must still be the UTC date of each time asked.
describe('utcDay', () => {
  it('names the UTC date of any time, in any order of asking', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -8_000_000_000_000, max: 8_000_000_000_000 }), {
          minLength: 1,
          maxLength: 20,
        }),
        fc.integer({ min: 0, max: 86_400_000 * 3 }),
        (times, step) => {
          for (const t of times.flatMap((t) => [t, t + step, t - step, t + 1, t - 1])) {
            const d = new Date(t);
            expect(utcDay(d)).toBe(d.toISOString().slice(0, 10));
          }
        },
      ),
    );
  });

  it('turns at midnight UTC', () => {
    const midnight = Date.UTC(2026, 10, 28);
    expect(utcDay(new Date(midnight - 1))).toBe('2026-11-27');
    expect(utcDay(new Date(midnight))).toBe('2026-11-28');
    expect(utcDay(new Date(midnight - 1))).toBe('2026-11-27');
  });
});
