import { describe, expect, it } from 'vitest';
import { lookalikeLimit, lookalikeListName, lookalikeRequestOf, requestKey } from './lookalike-request';

describe('lookalikeRequestOf', () => {
  it('is none without seeds', () => {
    expect(lookalikeRequestOf({})).toBeNull();
    expect(lookalikeRequestOf({ like: [] })).toBeNull();
  });

  it('derives filters until the URL has some, then reads those alone', () => {
    expect(lookalikeRequestOf({ like: ['a', 'b'] })).toEqual({ seeds: ['a', 'b'], limit: 25 });
    expect(lookalikeRequestOf({ like: ['a'], filters: {}, size: 50 })).toEqual({ seeds: ['a'], limit: 50 });
    const filters = { 'location.hq.country': ['DEU'] };
    expect(
      lookalikeRequestOf({ like: ['a'], filters, exclude: { 'business_model.gtm_type': ['b2c'] } }),
    ).toEqual({
      seeds: ['a'],
      limit: 25,
      filters,
      exclude: { 'business_model.gtm_type': ['b2c'] },
      derive_filters: false,
    });
  });

  it('leaves out the account lists hidden in the list builder', () => {
    expect(lookalikeRequestOf({ like: ['a'], hide_accounts: ['l1', 'l2'] })).toEqual({
      seeds: ['a'],
      limit: 25,
      exclude_account_lists: ['l1', 'l2'],
    });
    expect(lookalikeRequestOf({ like: ['a'], hide_accounts: [] })).toEqual({ seeds: ['a'], limit: 25 });
  });

  it('keeps the limit within 1 to 100', () => {
    expect(lookalikeLimit(undefined)).toBe(25);
    expect(lookalikeLimit(500)).toBe(100);
    expect(lookalikeLimit(0)).toBe(1);
  });
});

describe('requestKey', () => {
  it('names a request whatever the order of its keys', () => {
    expect(requestKey({ seeds: ['a'], limit: 10, filters: { x: 1, y: 2 } })).toBe(
      requestKey({ filters: { y: 2, x: 1 }, limit: 10, seeds: ['a'] }),
    );
    expect(requestKey({ seeds: ['a'] })).not.toBe(requestKey({ seeds: ['b'] }));
  });
});

describe('lookalikeListName', () => {
  it('names a saved list of lookalikes after its seeds', () => {
    expect(lookalikeListName([{ name: 'Acme' }])).toBe('Like Acme');
    expect(lookalikeListName([{ name: 'Acme' }, { name: 'Beta' }])).toBe('Like Acme and Beta');
    expect(lookalikeListName([{ name: 'Acme' }, { name: 'Beta' }, { name: 'Gamma' }])).toBe(
      'Like Acme and 2 more',
    );
    expect(lookalikeListName([])).toBe('Lookalikes');
  });
});
