import { describe, expect, it } from 'vitest';
import { isOlder } from './import-events';
import type { ImportStatus } from './imports';

const status = (s: ImportStatus['status'], processed: number) => ({ status: s, processed }) as ImportStatus;

describe('an import event older than the status the app knows', () => {
  it('never takes a finished import back to running', () => {
    expect(isOlder(status('matching', 190), status('completed', 200))).toBe(true);
    expect(isOlder(status('queued', 0), status('cancelled', 12))).toBe(true);
  });

  it('never counts fewer rows processed in the same state', () => {
    expect(isOlder(status('matching', 40), status('matching', 60))).toBe(true);
  });

  it('takes what moves the import on', () => {
    expect(isOlder(status('matching', 60), status('matching', 40))).toBe(false);
    expect(isOlder(status('completed', 200), status('matching', 190))).toBe(false);
    expect(isOlder(status('matching', 1), status('queued', 0))).toBe(false);
  });
});
