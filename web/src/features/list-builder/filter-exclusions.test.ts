import { EXCLUDABLE_FILTERS, INVESTOR_EXCLUSION_KEY } from '@contract/filters';
import { SECTION_SCHEMAS } from '@contract/sections';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CLASSIFIED_KEYS, excludedByComplement, unknownNote } from './filter-exclusions';
import { EXCLUSION_KEYS } from './filter-values';

/** Whether the field a filter tests goes through a list in its section's schema. */
function multiValued(group: keyof typeof SECTION_SCHEMAS, field: string): boolean {
  let node: z.ZodType = SECTION_SCHEMAS[group];
  const unwrap = (s: z.ZodType): z.ZodType =>
    s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault
      ? unwrap(s.unwrap() as z.ZodType)
      : s;
  for (const part of field.split('.')) {
    node = unwrap(node);
    if (node instanceof z.ZodArray) return true;
    node = (node as z.ZodObject).shape[part] as z.ZodType;
  }
  return unwrap(node) instanceof z.ZodArray;
}

describe('what an exclusion also leaves out', () => {
  it('classifies every key that can be excluded, once', () => {
    expect([...CLASSIFIED_KEYS].sort()).toEqual([...EXCLUSION_KEYS].sort());
    expect(EXCLUSION_KEYS).toEqual([...EXCLUDABLE_FILTERS.map((f) => f.key), INVESTOR_EXCLUSION_KEY]);
  });

  it('notes unknowns exactly for closed lists a company holds one value of (the HQ region from its country)', () => {
    for (const f of EXCLUDABLE_FILTERS) {
      // Employees is the BFF's own key, read from the firmographic section's one headcount band.
      const closed = ['enum', 'number_enum', 'country', 'region', 'boolean'].includes(f.kind);
      const single =
        f.key === 'location.hq.region' || f.group === 'firmographic' || !multiValued(f.group, f.field);
      expect(excludedByComplement(f.key), f.key).toBe(closed && single);
    }
    expect(unknownNote('location.hq.country')).toBe('also leaves out companies whose country is unknown');
    expect(unknownNote('location.hq.region')).toBe('also leaves out companies whose country is unknown');
    expect(unknownNote('technology.api_detail.has_api')).toBe(
      'also leaves out companies for which this is unknown',
    );
    expect(unknownNote('location.offices.country')).toBeUndefined();
    expect(unknownNote('industry.industry')).toBeUndefined();
    // Investors left out by set difference: a company with no round naming them stays.
    expect(excludedByComplement(INVESTOR_EXCLUSION_KEY)).toBe(false);
    expect(unknownNote(INVESTOR_EXCLUSION_KEY)).toBeUndefined();
  });
});
