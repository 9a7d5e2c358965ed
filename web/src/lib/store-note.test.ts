import { AS_OF_HEADER, CREDITS_SAVED_HEADER, REFRESH_OFFERED_AFTER_MS } from '@contract/company-store';
import { describe, expect, it } from 'vitest';
import { offersRefresh, oldestOf, storeNoteOf } from './store-note';

describe('what an answer says about itself', () => {
  it('reads the saved credits and the fetch times of the headers', () => {
    const headers = new Headers({
      [CREDITS_SAVED_HEADER]: '125.5',
      [AS_OF_HEADER]: '2026-11-03T10:00:00.000Z, 2026-12-01T08:00:00.000Z',
    });
    expect(storeNoteOf(headers)).toEqual({
      cached: false,
      saved: 125.5,
      asOf: ['2026-11-03T10:00:00.000Z', '2026-12-01T08:00:00.000Z'],
    });
    expect(storeNoteOf(new Headers({ 'x-cache': 'hit' }))).toEqual({ cached: true, saved: 0, asOf: [] });
    // A header that is not a number saves nothing.
    expect(storeNoteOf(new Headers({ [CREDITS_SAVED_HEADER]: 'lots' })).saved).toBe(0);
  });

  it('finds the oldest time, and offers a refresh only past a day', () => {
    expect(oldestOf(['2026-12-01T08:00:00Z', '2026-11-03T10:00:00Z', 'never'])).toBe('2026-11-03T10:00:00Z');
    expect(oldestOf([])).toBeNull();
    const now = Date.parse('2026-12-02T12:00:00Z');
    expect(offersRefresh(new Date(now - REFRESH_OFFERED_AFTER_MS - 1000).toISOString(), now)).toBe(true);
    expect(offersRefresh(new Date(now - REFRESH_OFFERED_AFTER_MS + 1000).toISOString(), now)).toBe(false);
    expect(offersRefresh(null, now)).toBe(false);
  });
});
