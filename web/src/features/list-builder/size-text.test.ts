import { describe, expect, it } from 'vitest';
import { sizeBandsOf } from './size-text';

describe('typed company sizes', () => {
  it('takes the bands a range covers at least half of', () => {
    expect(sizeBandsOf('50-200')).toEqual(['51-200']);
    expect(sizeBandsOf('50–200 employees')).toEqual(['51-200']);
    expect(sizeBandsOf('between 100 and 1,000')).toEqual(['51-200', '201-500', '501-1000']);
    expect(sizeBandsOf('10 to 60')).toEqual(['11-50']);
    expect(sizeBandsOf('1k-5k')).toEqual(['1001-5000']);
    // A range written backwards is the same range.
    expect(sizeBandsOf('200-50')).toEqual(['51-200']);
  });

  it('reads open ranges and bounds as decisions section 14 words them', () => {
    expect(sizeBandsOf('1000+')).toEqual(['1001-5000', '5001-10000', '10001+']);
    expect(sizeBandsOf('10,001+')).toEqual(['10001+']);
    expect(sizeBandsOf('over 5000')).toEqual(['5001-10000', '10001+']);
    // "fewer than 50" is 1 to 49: 11–50 is covered 39 of 40.
    expect(sizeBandsOf('fewer than 50')).toEqual(['1-10', '11-50']);
    expect(sizeBandsOf('under 20')).toEqual(['1-10']);
    expect(sizeBandsOf('up to 200 people')).toEqual(['1-10', '11-50', '51-200']);
  });

  it('gives the band that holds a single number, and nothing for text that is no size', () => {
    expect(sizeBandsOf('75')).toEqual(['51-200']);
    expect(sizeBandsOf('20000')).toEqual(['10001+']);
    expect(sizeBandsOf('')).toEqual([]);
    expect(sizeBandsOf('lots')).toEqual([]);
    expect(sizeBandsOf('0')).toEqual([]);
  });
});
