import { describe, expect, it } from 'vitest';
import { NAICS } from '../embedded/dataset/reference/naics';
import { NAICS_CODES, SIC_CODES } from './industry-codes';
import { SIC } from './sic';

describe('industry code lists for the browser', () => {
  it('hold every NAICS code with the title the embedded service gives it', () => {
    expect(NAICS_CODES).toEqual(NAICS.map((c) => ({ code: c.code, title: c.title })));
  });

  it('hold every SIC code with its title', () => {
    expect(SIC_CODES).toEqual(SIC.map((c) => ({ code: c.code, title: c.title })));
    expect(SIC_CODES.find((c) => c.code === '7372')?.title).toBe('Prepackaged Software');
  });
});
