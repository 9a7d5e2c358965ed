// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import type { SavedList } from '../types';
import { LastCheckNote } from './last-check-note';

afterEach(cleanup);

const AT = '2024-03-05T08:01:00.000Z';
const NEXT = '2024-03-06T08:00:00.000Z';
/** A retry still to come, whenever the test runs. */
const LATER = new Date(Date.now() + 3600_000).toISOString();

type Check = NonNullable<SavedList['last_check']>;
const check = (over: Partial<Check>): Check => ({
  at: AT,
  outcome: 'failed',
  detail: 'The check stopped before it finished: the BFF instance running it stopped.',
  run_id: null,
  attempt: 1,
  retry_at: null,
  ...over,
});

function note(last_check: Check | null, next_check_at: string | null = '2024-03-05T08:00:00.000Z') {
  render(<LastCheckNote list={{ last_check, next_check_at }} />);
  const text = screen.queryByTestId('last-check')?.textContent ?? null;
  cleanup();
  return text;
}

describe('LastCheckNote', () => {
  it('says a scheduled check failed, when and why, and when it will be tried again', () => {
    expect(note(check({ retry_at: LATER }))).toBe(
      `Last scheduled check failed at ${formatDateTime(AT)}: The check stopped before it finished: the BFF instance running it stopped. It will be tried again after ${formatDateTime(LATER)}.`,
    );
  });

  it('says a retry that is due comes shortly', () => {
    expect(note(check({ retry_at: AT, detail: 'Down for maintenance' }))).toBe(
      `Last scheduled check failed at ${formatDateTime(AT)}: Down for maintenance. It will be tried again shortly.`,
    );
  });

  it('names the next check once a failed check is not tried again, and says why one was skipped', () => {
    expect(note(check({ attempt: 4, detail: 'Too broad.' }), NEXT)).toBe(
      `Last scheduled check failed at ${formatDateTime(AT)}: Too broad. Next check ${formatDateTime(NEXT)}.`,
    );
    expect(note(check({ outcome: 'skipped', detail: 'A run may cost up to 101.5 credits.' }), NEXT)).toBe(
      `Last scheduled check skipped at ${formatDateTime(AT)}: A run may cost up to 101.5 credits. Next check ${formatDateTime(NEXT)}.`,
    );
  });

  it('says nothing when the last check ran, or none was made', () => {
    expect(note(check({ outcome: 'ran', detail: null, run_id: 'r1' }))).toBeNull();
    expect(note(null)).toBeNull();
  });
});
