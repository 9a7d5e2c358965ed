import { describe, expect, it } from 'vitest';
import { newMatchesIn, unreadOf } from './unread';

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
