import { ListRequest } from '@contract/api';
import { describe, expect, it } from 'vitest';
import { defaultColumnIds } from './components/results/visible-columns';
import { ListSearch } from './list-search';
import {
  savedListStateOf,
  savedListSummary,
  searchOfSavedList,
  searchOfSeededList,
} from './saved-list-state';

const filters = { 'location.hq.country': ['DEU'], 'firmographic.founded_year': { min: 2015 } };

describe('a list builder state as a saved list', () => {
  it('saves filters, exclusions, sort, page size and columns as a valid list request, from the first page', () => {
    const search = ListSearch.parse({
      filters,
      exclude: { 'industry.primary': ['541511'] },
      sort_by: 'founded_year',
      sort_order: 'asc',
      page: 4,
      size: 100,
      sections: ['firmographic'],
    });
    const saved = savedListStateOf(search);
    expect(ListRequest.safeParse(saved.request).success).toBe(true);
    expect(saved.request).toMatchObject({ sort_by: 'founded_year', sort_order: 'asc', limit: 100 });
    expect(saved.request).not.toHaveProperty('offset');
    expect(saved.request.filters).toEqual(search.filters);
    expect(saved.request.exclude).toEqual(search.exclude);
    expect(saved.request.sections).toEqual(['firmographic']);
    expect(saved.columns).toEqual(defaultColumnIds(['firmographic']));
  });

  it('keeps a page size larger than a small plan serves (the plan is applied when shown)', () => {
    expect(savedListStateOf({ size: 500 }).request.limit).toBe(500);
  });

  it('saves a description not yet turned into filters as the query, without exclusions', () => {
    const saved = savedListStateOf({
      q: 'fintech startups in Berlin',
      exclude: { 'industry.primary': ['52'] },
    });
    expect(saved.request.query).toBe('fintech startups in Berlin');
    expect(saved.request).not.toHaveProperty('exclude');
    expect(ListRequest.safeParse(saved.request).success).toBe(true);
  });

  it('saves the filters a description was turned into, not the words', () => {
    const saved = savedListStateOf({ q: 'German companies', filters: { 'location.hq.country': ['DEU'] } });
    expect(saved.request).not.toHaveProperty('query');
    expect(saved.request.filters).toEqual({ 'location.hq.country': ['DEU'] });
  });
});

describe('a saved list opened in the list builder', () => {
  it('gives back the state it was saved from (page 1)', () => {
    const search = ListSearch.parse({
      filters,
      sort_by: 'founded_year',
      sort_order: 'asc',
      size: 20,
      sections: ['firmographic'],
      columns: ['name', 'website', 'product_category', 'company_type', 'firmographic.headcount_range'],
    });
    const saved = savedListStateOf(search);
    const back = searchOfSavedList(saved.request, saved.columns);
    expect(back).toEqual(ListSearch.parse(back));
    expect(savedListStateOf(back)).toEqual(saved);
  });

  it('leaves out what the builder would not read (unknown filters, sort, columns)', () => {
    const back = searchOfSavedList(
      { filters: { 'no.such': [1], ...filters }, sort_by: 'relevance', sort_order: 'desc', limit: 50 },
      null,
    );
    expect(back).toEqual({ filters: ListSearch.parse({ filters }).filters });
  });
});

describe('a saved list of lookalikes opened in the list builder', () => {
  it('reopens the lookalikes of its seeds with its filters, exclusions, hidden account lists and size', () => {
    // As "Save list" saved it from the lookalikes (50 of them, a country added, one account list hidden).
    const lookalikes = ListSearch.parse({
      like: ['c1', 'c2'],
      filters,
      exclude: { 'firmographic.company_type': ['public'] },
      size: 50,
      hide_accounts: ['acc-1'],
    });
    expect(lookalikes.exclude).toBeDefined();
    const saved = savedListStateOf(lookalikes);
    const back = searchOfSeededList(saved.request, ['c1', 'c2']);
    expect(back).toEqual(ListSearch.parse(back));
    expect(back).toEqual({
      like: ['c1', 'c2'],
      filters: lookalikes.filters,
      exclude: lookalikes.exclude,
      size: 50,
      hide_accounts: ['acc-1'],
    });
    // The plain builder keeps the hidden account lists too.
    expect(searchOfSavedList(saved.request, null).hide_accounts).toEqual(['acc-1']);
    // The lookalikes' default number is not written; more than they show is not asked.
    expect(searchOfSeededList({ ...saved.request, limit: 25 }, ['c1']).size).toBeUndefined();
    expect(searchOfSeededList({ ...saved.request, limit: 500 }, ['c1']).size).toBe(100);
  });
});

describe('what a saved list keeps, in words', () => {
  it('names the filters, exclusions, sort, page size and columns', () => {
    expect(
      savedListSummary({
        filters: { 'location.hq.country': ['DEU'] },
        exclude: { 'location.hq.country': ['AUT'] },
        sort_by: 'founded_year',
        sort_order: 'asc',
        size: 100,
      }),
    ).toBe('1 filter, 1 exclusion, sorted by Founded (ascending), 100 per page, 4 columns');
    expect(savedListSummary({})).toBe(
      'no filters (every company), sorted by Relevance, 50 per page, 4 columns',
    );
  });
});
