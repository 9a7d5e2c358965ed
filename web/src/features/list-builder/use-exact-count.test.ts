/**
 * "Count exactly" with hidden account lists (decision 0035): offered past 500, priced with the reading
 * of the list's companies; refused only beside company size or a set difference, as the BFF does.
 */
import { describe, expect, it } from 'vitest';
import { countOfferTitle } from './components/results/count-line';
import type { ListSearch } from './list-search';
import { countUnavailable } from './use-exact-count';

const europe = { 'location.hq.region': ['150'] };

describe('countUnavailable', () => {
  it('offers the count of a list that hides account lists', () => {
    expect(countUnavailable({ filters: europe, hide_accounts: ['a1'] } as ListSearch)).toBeNull();
    expect(countUnavailable({ filters: europe } as ListSearch)).toBeNull();
  });

  it('says why hidden account lists cannot be counted beside the Employees filter or a set difference', () => {
    const sized = {
      filters: { ...europe, 'firmographic.headcount_range': ['51-200'] },
      hide_accounts: ['a1'],
    } as ListSearch;
    expect(countUnavailable(sized)).toMatch(/hidden account lists beside the Employees filter/);
    expect(countUnavailable({ ...sized, hide_accounts: undefined } as ListSearch)).toBeNull();
    const difference = {
      filters: europe,
      exclude: { 'business_model.revenue_model': ['advertising'] },
      hide_accounts: ['a1'],
    } as ListSearch;
    expect(countUnavailable(difference)).toMatch(/hidden account lists beside this exclusion/);
    expect(countUnavailable({ ...difference, hide_accounts: undefined } as ListSearch)).toBeNull();
  });
});

describe('countOfferTitle', () => {
  it('says the reading of the companies in the price when account lists are hidden', () => {
    const plain = countOfferTitle({ credits_max: 120, counted: false });
    expect(plain).toMatch(/^At most 120 credits/);
    expect(plain).not.toMatch(/account lists/);
    const hiding = countOfferTitle({ credits_max: 5240, counted: false, credits_membership_max: 5120 });
    expect(hiding).toMatch(/^At most 5,240 credits/);
    expect(hiding).toMatch(
      /up to 5,120 credits to read its companies and leave out your hidden account lists'/,
    );
    expect(countOfferTitle({ credits_max: 0, counted: true })).toBeUndefined();
  });
});
