import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { listQueryKey } from './get-lists';
import { afterNewMatches, newMatchesIn, unreadOf } from './unread';

const alert = (id: string, count: number) => ({
  id,
  list_id: `l-${id}`,
  list_name: `List ${id}`,
  run_id: `r-${id}`,
  at: '2026-11-28T05:00:00.000Z',
  count,
});

describe('the header’s unread figure', () => {
  it('counts the new matches of the unread alerts', () => {
    expect(unreadOf([]).count).toBe(0);
    expect(unreadOf([alert('a', 3), alert('b', 1)]).count).toBe(4);
  });

  it('adds what a list.new_matches event says it found, and nothing for an event of another shape', () => {
    expect(newMatchesIn({ list_id: 'l', list_name: 'n', run_id: 'r', count: 2 })).toBe(2);
    expect(newMatchesIn({ list_id: 'l' })).toBe(0);
    expect(newMatchesIn({ count: -1 })).toBe(0);
    expect(newMatchesIn(null)).toBe(0);
  });
});

describe('a list.new_matches event', () => {
  it('has the checked list’s pages read again (any sort or page), not another list’s', () => {
    const client = new QueryClient();
    const irish = { filters: { 'location.hq.country': ['IRL'] }, sort_by: 'founded_year' as const };
    client.setQueryData(listQueryKey('l-1'), { id: 'l-1', kind: 'search', request: irish });
    const page = ['list', 'generate', { ...irish, limit: 20, offset: 20, sections: ['industry'] }];
    const resorted = ['list', 'generate', { ...irish, sort_by: 'total_funding', limit: 20, offset: 0 }];
    const other = ['list', 'generate', { filters: { 'location.hq.country': ['DEU'] }, limit: 20 }];
    for (const key of [page, resorted, other]) client.setQueryData(key, { data: [] });
    afterNewMatches(client, { list_id: 'l-1', list_name: 'Irish', run_id: 'r', count: 1 });
    expect(client.getQueryState(page)?.isInvalidated).toBe(true);
    expect(client.getQueryState(resorted)?.isInvalidated).toBe(true);
    expect(client.getQueryState(other)?.isInvalidated).toBe(false);
    // An event for a list the app has not read leaves every page as it was.
    const quiet = new QueryClient();
    quiet.setQueryData(other, { data: [] });
    afterNewMatches(quiet, { list_id: 'l-2', list_name: 'x', run_id: 'r', count: 1 });
    expect(quiet.getQueryState(other)?.isInvalidated).toBe(false);
  });
});
