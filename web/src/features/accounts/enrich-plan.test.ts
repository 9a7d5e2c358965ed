import { IDENTITY_COLUMN_IDS } from '@contract/columns';
import { describe, expect, it } from 'vitest';
import { columnsOf, enrichCost, presetHeaders, sectionsOf } from './enrich-plan';

describe('the bulk enrichment plan', () => {
  it('reads the sections a preset’s columns need, in the catalog order', () => {
    expect(sectionsOf({ preset: 'salesforce' })).toEqual([
      'firmographic',
      'financial_estimate',
      'location',
      'industry',
      'headcount',
    ]);
    expect(sectionsOf({ preset: 'hubspot' })).toContain('digital_presence');
    expect(sectionsOf({ sections: ['location', 'firmographic'] })).toEqual(['firmographic', 'location']);
  });

  it('writes the CRM’s own headers', () => {
    expect(presetHeaders('hubspot')[0]).toBe('Company name');
    expect(presetHeaders('salesforce')).toContain('Billing State/Province');
  });

  it('costs each section’s price per company times the matched companies', () => {
    // firmographic 2 + location 0.5 = 2.5 a company
    expect(enrichCost(['firmographic', 'location'], 180)).toEqual({
      perCompany: 2.5,
      companies: 180,
      credits: 450,
    });
    expect(enrichCost([], 180).credits).toBe(0);
    expect(enrichCost(['location'], 3, { location: 0.7 }).credits).toBe(2.1);
  });

  it('exports the identity columns and the sections’ main columns', () => {
    const cols = columnsOf(['location']);
    expect(cols.slice(0, IDENTITY_COLUMN_IDS.length)).toEqual([...IDENTITY_COLUMN_IDS]);
    expect(cols).toContain('location.hq.country');
  });
});
