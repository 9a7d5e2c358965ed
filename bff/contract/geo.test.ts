import { describe, expect, it } from 'vitest';
import { COUNTRIES, REGIONS } from './geo';

describe('the geography tables', () => {
  it('list countries in English alphabetical order, as a collator orders them', () => {
    const names = COUNTRIES.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
    // Names with accents sit with their letter, not after Z.
    expect(names.indexOf('Åland Islands')).toBeLessThan(names.indexOf('Albania'));
    expect(names.indexOf("Côte d'Ivoire")).toBeGreaterThan(names.indexOf('Costa Rica'));
    expect(names.indexOf("Côte d'Ivoire")).toBeLessThan(names.indexOf('Croatia'));
  });

  it('list regions by their M49 code', () => {
    const codes = REGIONS.map((r) => r.code);
    expect(codes).toEqual([...codes].sort((a, b) => Number(a) - Number(b)));
    expect(codes.every((c) => /^\d{3}$/.test(c))).toBe(true);
  });
});
