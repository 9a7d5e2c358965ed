import { describe, expect, it } from 'vitest';
import { isTerminal, laterState } from './get-addition-status';

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
});
