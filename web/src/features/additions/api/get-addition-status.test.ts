import { describe, expect, it } from 'vitest';
import {
  isTerminal,
  laterState,
  POLL_BACKGROUND_MS,
  POLL_WITH_EVENTS_MS,
  POLL_WITHOUT_EVENTS_MS,
  statusPollInterval,
} from './get-addition-status';

describe('addition states', () => {
  it('only ever move forward, so a late poll answer cannot undo an event', () => {
    expect(laterState('pending', 'in_progress')).toBe('in_progress');
    expect(laterState('in_progress', 'pending')).toBe('in_progress');
    expect(laterState('completed', 'in_progress')).toBe('completed');
    expect(laterState('in_progress', 'failed')).toBe('failed');
    expect(laterState('pending', 'pending')).toBe('pending');
  });

  it('end in completed or failed', () => {
    expect(['pending', 'in_progress', 'completed', 'failed'].filter((s) => isTerminal(s as never))).toEqual([
      'completed',
      'failed',
    ]);
  });

  it('are looked up every 2 s without events, rarely with them or in a long list, never once ended', () => {
    expect(statusPollInterval(undefined, false)).toBe(POLL_WITHOUT_EVENTS_MS);
    expect(statusPollInterval('pending', false)).toBe(POLL_WITHOUT_EVENTS_MS);
    expect(statusPollInterval('pending', true)).toBe(POLL_WITH_EVENTS_MS);
    expect(statusPollInterval('in_progress', true)).toBe(POLL_WITH_EVENTS_MS);
    expect(statusPollInterval('in_progress', false, true)).toBe(POLL_BACKGROUND_MS);
    expect(statusPollInterval('completed', false)).toBe(false);
    expect(statusPollInterval('failed', true, true)).toBe(false);
    expect(POLL_WITH_EVENTS_MS).toBeGreaterThan(POLL_WITHOUT_EVENTS_MS);
  });
});
