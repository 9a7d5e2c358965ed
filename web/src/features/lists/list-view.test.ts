import { ListRequest } from '@contract/api';
import { describe, expect, it } from 'vitest';
import {
  isPageOfList,
  listColumns,
  pageRequest,
  pageSizeOf,
  runChanges,
  servedSections,
  wholeListRequest,
} from './list-view';

const request = {
  filters: { 'location.hq.country': ['DEU'] },
  sort_by: 'founded_year',
  sort_order: 'asc',
  limit: 100,
  sections: ['industry'],
} satisfies ListRequest;

describe('the saved list grid', () => {
  it('shows the saved columns the catalog knows, name first, or the identity columns', () => {
    expect(listColumns(['website', 'nope', 'name'])).toEqual(['name', 'website']);
    expect(listColumns(null)).toEqual(['name', 'website', 'product_category', 'company_type']);
  });

  it('asks only for the sections of its columns that the plan serves in lists', () => {
    const cols = ['name', 'firmographic.headcount_range', 'location.hq.country'];
    expect(servedSections(cols, { listSections: true, unavailable: {} })).toEqual([
      'firmographic',
      'location',
    ]);
    expect(
      servedSections(cols, { listSections: true, unavailable: { location: 'not on your plan' } }),
    ).toEqual(['firmographic']);
    expect(servedSections(cols, { listSections: false, unavailable: {} })).toEqual([]);
  });

  it('pages through the list in its page size, held to the plan and to the first 500', () => {
    expect(pageSizeOf(request, 500)).toBe(100);
    expect(pageSizeOf(request, 50)).toBe(50);
    expect(pageSizeOf({}, 500)).toBe(50);
    const third = pageRequest(request, ['firmographic'], 100, 3);
    expect(third).toMatchObject({
      limit: 100,
      offset: 200,
      sections: ['firmographic'],
      sort_by: 'founded_year',
    });
    expect(ListRequest.safeParse(third).success).toBe(true);
    expect(pageRequest(request, [], 100, 9).offset).toBe(499);
    expect(pageRequest(request, [], 100, 1)).not.toHaveProperty('sections');
  });

  it('knows the pages of the list a run renews: any sort, page or sections, not another list', () => {
    const page = pageRequest(request, ['firmographic'], 100, 2);
    expect(isPageOfList(['list', 'generate', page], request)).toBe(true);
    const resorted = { ...page, sort_by: 'name', sort_order: 'desc', filters: { ...request.filters } };
    expect(isPageOfList(['list', 'generate', resorted], request)).toBe(true);
    const other = { ...page, filters: { 'location.hq.country': ['FRA'] } };
    expect(isPageOfList(['list', 'generate', other], request)).toBe(false);
    expect(isPageOfList(['list', 'generate', { ...page, query: 'fintech' }], request)).toBe(false);
    expect(isPageOfList(['bff', 'lists', page], request)).toBe(false);
  });

  it('reads the whole list at once for "only new", as far as the plan allows', () => {
    expect(wholeListRequest(request, [], 37, 500)).toMatchObject({ limit: 37, offset: 0 });
    expect(wholeListRequest(request, [], 800, 500).limit).toBe(500);
    expect(wholeListRequest(request, [], 400, 100).limit).toBe(100);
    expect(wholeListRequest(request, [], 0, 500).limit).toBe(1);
  });

  it('shows nothing new for a run the user has marked seen', () => {
    const run = { id: 'r1', added: ['a', 'b'], removed: [{ uuid: 'c', reason: 'no_longer_found' as const }] };
    expect([...runChanges(run, new Set()).added]).toEqual(['a', 'b']);
    expect(runChanges(run, new Set()).removed).toHaveLength(1);
    expect(runChanges(run, new Set(['r1'])).added.size).toBe(0);
    expect(runChanges(run, new Set(['r1'])).removed).toEqual([]);
    expect(runChanges(null, new Set()).added.size).toBe(0);
  });
});
