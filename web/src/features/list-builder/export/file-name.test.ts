import { describe, expect, it } from 'vitest';
import { describeFilters, exportFileName, slugify } from './file-name';

const DAY = new Date(2026, 10, 22, 15, 0, 0);

describe('slugify', () => {
  it('lower-cases, drops accents, punctuation and filler words', () => {
    expect(slugify('Software companies in Germany')).toBe('software-companies-germany');
    expect(slugify('  Zürich & Genève: the FinTechs!  ')).toBe('zurich-geneve-fintechs');
  });

  it('keeps whole words within 60 characters, and cuts a single overlong word', () => {
    const long = slugify('series b fintechs '.repeat(10));
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith('-')).toBe(false);
    expect(long.split('-').every((w) => ['series', 'b', 'fintechs'].includes(w))).toBe(true);
    expect(slugify('x'.repeat(80))).toBe('x'.repeat(60));
  });

  it('gives an empty slug for text with no words', () => {
    expect(slugify('!!! — ')).toBe('');
  });
});

describe('exportFileName', () => {
  it('names the file after the description and the local day', () => {
    expect(exportFileName({ q: 'Software companies in Germany' }, DAY)).toBe(
      'software-companies-germany-2026-11-22.csv',
    );
  });

  it('falls back to the filters in words, in catalog order', () => {
    const filters = { 'location.hq.country': ['DEU'], 'business_model.offering_type': ['software'] };
    expect(describeFilters(filters)).toBe('Software Germany');
    expect(exportFileName({ filters }, DAY)).toBe('software-germany-2026-11-22.csv');
    expect(exportFileName({ filters: { 'firmographic.founded_year': { gte: 2015 } } }, DAY)).toBe(
      'founded-2015-2026-11-22.csv',
    );
  });

  it('names what the list leaves out and its company size', () => {
    expect(
      exportFileName(
        {
          filters: { 'location.hq.country': ['DEU'], 'firmographic.headcount_range': ['51-200'] },
          exclude: { 'firmographic.company_type': ['public'] },
        },
        DAY,
      ),
    ).toBe('51-200-germany-not-public-2026-11-22.csv');
  });

  it('calls a list with neither description nor filters "companies"', () => {
    expect(exportFileName({}, DAY)).toBe('companies-2026-11-22.csv');
    expect(exportFileName({ q: '', filters: {} }, DAY)).toBe('companies-2026-11-22.csv');
  });
});
