import { describe, expect, it } from 'vitest';
import { estimateImport, formatDuration } from './import-estimate';

describe('estimateImport', () => {
  it('divides the rows by the plan’s requests a minute', () => {
    expect(estimateImport(50_000, 'payg')).toEqual({ minutes: 500, perMinute: 100 });
    expect(estimateImport(50_000, 'subscription')).toEqual({ minutes: 250, perMinute: 200 });
    expect(estimateImport(600, 'payg', 300)).toEqual({ minutes: 2, perMinute: 300 });
  });
});

describe('formatDuration', () => {
  it.each([
    [0.2, 'under a minute'],
    [1, 'about 1 minute'],
    [12.1, 'about 13 minutes'],
    [60, 'about 1 hour'],
    [125, 'about 2 hours 5 minutes'],
    [250, 'about 4 hours 15 minutes'],
    [500, 'about 8 hours 15 minutes'],
    [239.5, 'about 4 hours'],
  ])('%d minutes: %j', (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });
});
