/** What a lookalike run may cost, as the web app shows it and the BFF checks the budget against. */
import { describe, expect, it } from 'vitest';
import { estimateLookalikeCost, LookalikeRequest, lookalikePoolSize, lookalikeSections } from './lookalikes';
import { credits, enrichmentCost } from './pricing';

describe('estimateLookalikeCost', () => {
  it('adds up its parts: profiles, counts, probes and candidates', () => {
    const e = estimateLookalikeCost({ seeds: 5, limit: 25, derive_filters: true }, 'enterprise');
    expect(e.upTo).toBe(true);
    expect(e.credits).toBe(credits(e.parts.reduce((s, p) => s + p.credits, 0)));
    expect(e.parts[0]!.credits).toBe(credits(5 * enrichmentCost(lookalikeSections('enterprise'))));
    expect(e.parts.map((p) => p.what.split(':')[0])).toEqual([
      'your 5 companies’ profiles',
      'finding how broadly to look',
      'finding the companies nearest your seeds’ size',
      'the candidates',
    ]);
  });

  it('grows with the seeds and the limit, and is far lower without sections in lists', () => {
    const base = { derive_filters: true } as const;
    const one = estimateLookalikeCost({ ...base, seeds: 1, limit: 25 }, 'enterprise').credits;
    expect(estimateLookalikeCost({ ...base, seeds: 10, limit: 25 }, 'enterprise').credits).toBeGreaterThan(
      one,
    );
    expect(estimateLookalikeCost({ ...base, seeds: 1, limit: 100 }, 'enterprise').credits).toBeGreaterThan(
      one,
    );
    expect(estimateLookalikeCost({ ...base, seeds: 1, limit: 25 }, 'payg').credits).toBeLessThan(one / 2);
    // No funding section below Enterprise.
    expect(lookalikeSections('subscription')).not.toContain('funding_detail');
    expect(estimateLookalikeCost({ ...base, seeds: 1, limit: 25 }, 'subscription').credits).toBeLessThan(one);
  });

  it('leaves out the counts and probes when the filters are the user’s, and adds the BFF’s work on their sizes', () => {
    const given = estimateLookalikeCost({ seeds: 1, limit: 25, derive_filters: false }, 'enterprise');
    expect(given.parts.map((p) => p.what.split(':')[0])).toEqual([
      'your company’s profile',
      'the candidates',
    ]);
    const sized = estimateLookalikeCost(
      { seeds: 1, limit: 25, derive_filters: false, filters: { 'firmographic.headcount_range': ['1-10'] } },
      'enterprise',
    );
    expect(sized.credits).toBeGreaterThan(given.credits);
  });

  it('reads a pool beyond the limit only where the score can choose', () => {
    expect(lookalikePoolSize(25, 3, 'enterprise')).toBe(25 + 3 + 8);
    expect(lookalikePoolSize(25, 3, 'payg')).toBe(25 + 3 + 25);
    expect(lookalikePoolSize(100, 20, 'enterprise')).toBe(150);
  });
});

describe('LookalikeRequest', () => {
  it('defaults the limit to 25 and derives filters', () => {
    expect(LookalikeRequest.parse({ seeds: ['a'] })).toEqual({
      seeds: ['a'],
      limit: 25,
      derive_filters: true,
    });
  });
});
