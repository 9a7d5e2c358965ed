// @vitest-environment jsdom
import { ExcludeSchema, ListFiltersSchema } from '@contract/filters';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  defaultParseSearch,
  defaultStringifySearch,
} from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { countFingerprint, exactCountOf, ListSearch, toListRequest } from './list-search';

const state: ListSearch = {
  q: 'Series B fintechs in Germany & Austria, founded after 2015 (50% "remote")',
  filters: {
    'location.hq.country': ['DEU', 'AUT'],
    'firmographic.founded_year': { gte: 2016 },
    'funding_detail.funding_overview.total_funding_usd': { gte: 10_000_000, lte: 1_500_000_000 },
    'funding_detail.funding_overview.last_funding_date': { gte: '2021-01-01', lte: '2024-12-31' },
    'technology.api_detail.has_api': false,
    'technology.ai_maturity.scale': [3, 4],
    'location.hq.city': ['München', 'Zürich'],
    'firmographic.headcount_range': ['51-200', '201-500'],
    'funding_detail.funding_rounds': {
      round: ['series_b'],
      amount_usd: { gte: 20_000_000 },
      date: { gte: '2020-01-01' },
      'investors.uuid': ['000g3h-sequoia-capital'],
      'investors.lead_investor': true,
    },
  },
  exclude: {
    'location.hq.country': ['USA'],
    'firmographic.ownership_category': ['venture_growth_investor_backed'],
    'technology.is_technology_focussed': [false],
    'location.offices.city': ['São Paulo'],
  },
  sections: ['firmographic', 'funding_detail'],
  columns: ['name', 'firmographic.founded_year'],
  sort_by: 'total_funding',
  sort_order: 'asc',
  page: 3,
  size: 100,
};

function routerAt(href: string) {
  const root = createRootRoute();
  const list = createRoute({ getParentRoute: () => root, path: '/', validateSearch: ListSearch });
  return createRouter({
    routeTree: root.addChildren([list]),
    history: createMemoryHistory({ initialEntries: [href] }),
  });
}

describe('list state in the URL', () => {
  it('survives ListSearch → URL → ListSearch with nested ranges and funding rounds', () => {
    const url = defaultStringifySearch(state);
    expect(url.startsWith('?')).toBe(true);
    expect(ListSearch.parse(defaultParseSearch(url))).toEqual(state);
  });

  it('survives a real router: navigate, take the link, open it in a fresh router', async () => {
    const first = routerAt('/');
    await first.load();
    await first.navigate({ to: '/', search: state });
    const href = first.history.location.href;
    expect(href).toMatch(/^\/\?/);

    const second = routerAt(href);
    await second.load();
    expect(second.state.location.search).toEqual(state);
    // And the filters and exclusions it carries are what the BFF accepts, unchanged.
    expect(ListFiltersSchema.parse(second.state.location.search.filters)).toEqual(state.filters);
    expect(ExcludeSchema.parse(second.state.location.search.exclude)).toEqual(state.exclude);
    expect(toListRequest(second.state.location.search as ListSearch)).toMatchObject({
      filters: state.filters,
      exclude: state.exclude,
      sections: state.sections,
      // The user's sort stands under the Employees filter too (the BFF sorts the sizes' companies).
      sort_by: 'total_funding',
      sort_order: 'asc',
      limit: 100,
      offset: 200,
    });
  });

  it('keeps the other fields when one is malformed in a hand-edited link', () => {
    const url = `${defaultStringifySearch({ ...state, page: 3 })}&sort_by=%22nonsense%22`;
    const parsed = ListSearch.parse(defaultParseSearch(url));
    expect(parsed.sort_by).toBeUndefined();
    expect(parsed.filters).toEqual(state.filters);
    expect(parsed.page).toBe(3);
  });

  it('drops the filters the service would refuse from a hand-edited link, keeping the valid ones', () => {
    const filters = {
      'location.hq.country': ['DEU'],
      founded_year: { min: 'abc' },
      'firmographic.founded_year': { gte: 'last year' },
      'firmographic.company_type': ['not-a-type'],
    };
    const parsed = ListSearch.parse(defaultParseSearch(defaultStringifySearch({ ...state, filters })));
    expect(parsed.filters).toEqual({ 'location.hq.country': ['DEU'] });
    expect(parsed.page).toBe(3);
    expect(ListSearch.parse(defaultParseSearch('?filters=garbage')).filters).toBeUndefined();
    expect(ListSearch.parse({ filters: { nonsense: 1 } }).filters).toBeUndefined();
  });

  it('drops a bad exclusion alone: an unknown key, an unknown code, a range, two booleans', () => {
    const exclude = {
      'location.hq.country': ['usa'],
      'location.hq.nowhere': ['X'],
      'firmographic.company_type': ['not-a-type'],
      'firmographic.founded_year': { gte: 2000 },
      'technology.api_detail.has_api': [true, false],
      'firmographic.headcount_range': ['1-10'],
    };
    const parsed = ListSearch.parse(defaultParseSearch(defaultStringifySearch({ ...state, exclude })));
    // Codes come back as the contract lists them.
    expect(parsed.exclude).toEqual({
      'location.hq.country': ['USA'],
      'firmographic.headcount_range': ['1-10'],
    });
    expect(parsed.filters).toEqual(state.filters);
    expect(ListSearch.parse(defaultParseSearch('?exclude=garbage')).exclude).toBeUndefined();
    expect(ListSearch.parse({ exclude: { nonsense: ['x'] } }).exclude).toBeUndefined();
  });

  it('reads a funding round written with nested investors in the dotted spelling', () => {
    const nested = {
      ...state,
      filters: {
        'funding_detail.funding_rounds': {
          round: ['SERIES_B'],
          investors: { uuid: ['000g3h-sequoia-capital'], lead_investor: true },
        },
      },
    };
    const parsed = ListSearch.parse(defaultParseSearch(defaultStringifySearch(nested)));
    expect(parsed.filters).toEqual({
      'funding_detail.funding_rounds': {
        round: ['series_b'],
        'investors.uuid': ['000g3h-sequoia-capital'],
        'investors.lead_investor': true,
      },
    });
  });

  it('reads an empty link as the default list', () => {
    expect(ListSearch.parse(defaultParseSearch(''))).toEqual({});
  });
});

describe('an exact count kept in the URL (issue 33)', () => {
  const list: ListSearch = { filters: { 'firmographic.company_type': ['private'] } };
  const counted: ListSearch = { ...list, count: { n: 12_431, of: countFingerprint(list) } };

  it('is shown for the list it counted, through a link and back, whatever the page, order or columns', () => {
    const read = ListSearch.parse(defaultParseSearch(defaultStringifySearch(counted)));
    expect(exactCountOf(read)).toBe(12_431);
    expect(exactCountOf({ ...read, page: 3, sort_by: 'founded_year', columns: ['name'] })).toBe(12_431);
  });

  it('is not shown for another list: other filters, exclusions, description or hidden account lists', () => {
    const other = (change: Partial<ListSearch>) => exactCountOf({ ...counted, ...change });
    expect(other({ filters: { 'firmographic.company_type': ['public'] } })).toBeNull();
    expect(other({ exclude: { 'location.hq.country': ['DEU'] } })).toBeNull();
    expect(other({ q: 'private companies' })).toBeNull();
    expect(other({ hide_accounts: ['a1'] })).toBeNull();
  });

  it('drops a malformed count from a hand-edited link, keeping the rest', () => {
    const read = ListSearch.parse({ ...list, count: { n: 'many', of: 'x' } });
    expect(read).toEqual(list);
  });
});
