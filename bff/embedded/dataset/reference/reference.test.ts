import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  countriesInRegion,
  countryByAlpha2,
  countryByCode,
  REGIONS,
  regionAncestors,
  regionByCode,
} from '../../../contract/geo';
import { isSicCode, SIC, sicDivision, sicTitle } from '../../../contract/sic';
import {
  GTM_MOTIONS,
  GTM_TYPES,
  INDUSTRIES,
  INVESTOR_KINDS,
  industryByCode,
  MOATS,
  OFFERING_TYPES,
  REVENUE_MODELS,
} from '../taxonomy';
import { citiesOf } from './cities';
import { altNamesOf, demonymsOf, tldOf } from './geo-extra';
import { isNaicsCode, NAICS, naicsSector, naicsTitle } from './naics';

describe('geo (contract)', () => {
  it('lists ISO countries known to UN M49 with common English names, sorted by name', () => {
    expect(COUNTRIES.length).toBeGreaterThan(240);
    for (const c of COUNTRIES) {
      expect(c.name.trim()).not.toBe('');
      expect(c.code).toMatch(/^[A-Z]{3}$/);
      expect(c.alpha2).toMatch(/^[A-Z]{2}$/);
      expect(c.numeric).toMatch(/^\d{3}$/);
    }
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    const names = COUNTRIES.map((c) => c.name);
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
    expect(countryByCode('USA')?.name).toBe('United States');
    expect(countryByCode('GBR')?.name).toBe('United Kingdom');
    expect(countryByCode('BOL')?.name).toBe('Bolivia');
    expect(countryByCode('deu')?.alpha2).toBe('DE');
    expect(countryByAlpha2('FR')?.code).toBe('FRA');
    expect(countryByCode('XXX')).toBeUndefined();
  });

  it('lists M49 regions at levels 1..3 without World', () => {
    expect(regionByCode('001')).toBeUndefined();
    expect(regionByCode('150')).toMatchObject({ name: 'Europe', level: 1, parent: null });
    expect(regionByCode('155')).toMatchObject({ name: 'Western Europe', level: 2, parent: '150' });
    expect(regionByCode('005')).toMatchObject({ name: 'South America', level: 3, parent: '419' });
    for (const r of REGIONS) {
      expect([1, 2, 3]).toContain(r.level);
      if (r.parent !== null) expect(regionByCode(r.parent)).toBeDefined();
    }
  });

  it('resolves region ancestors most specific first', () => {
    expect(regionAncestors('DEU')).toEqual(['155', '150']);
    expect(regionAncestors('BRA')).toEqual(['005', '419', '019']);
    expect(regionAncestors('USA')).toEqual(['021', '019']);
    expect(regionAncestors('XXX')).toEqual([]);
    for (const c of COUNTRIES) {
      if (c.code === 'ATA') continue; // Antarctica belongs to no region below World
      expect(regionAncestors(c.code).length).toBeGreaterThan(0);
    }
  });

  it('lists the countries of a region at any depth', () => {
    const europe = countriesInRegion('150');
    expect(europe).toContain('DEU');
    expect(europe).toContain('FRA');
    expect(europe).not.toContain('USA');
    expect(countriesInRegion('419')).toContain('BRA');
    expect(countriesInRegion('001')).toEqual([]);
  });
});

describe('geo extras', () => {
  it('gives demonyms, alternative names and TLDs', () => {
    expect(demonymsOf('DEU')).toEqual(['German']);
    expect(altNamesOf('DEU')).toContain('Federal Republic of Germany');
    expect(altNamesOf('DEU')).not.toContain('DE');
    expect(altNamesOf('TUR')).toContain('Turkey');
    expect(altNamesOf('GBR')).toContain('UK');
    expect(tldOf('DEU')).toBe('.de');
    expect(tldOf('XXX')).toBeUndefined();
  });
});

describe('cities', () => {
  it('returns the most populous real city names, largest first, deduplicated', () => {
    const german = citiesOf('DEU', 5);
    expect(german).toHaveLength(5);
    expect(german[0]).toBe('Berlin');
    expect(german).toContain('Hamburg');
    const many = citiesOf('USA', 200);
    expect(many).toHaveLength(200);
    expect(new Set(many.map((c) => c.toLowerCase())).size).toBe(many.length);
    expect(citiesOf('BRA', 3)).toContain('São Paulo');
    expect(citiesOf('CHE', 50).some((c) => c.includes('Kreis'))).toBe(false);
    expect(citiesOf('XXX', 5)).toEqual([]);
    expect(citiesOf('DEU', 0)).toEqual([]);
  });

  it('answers later calls quickly', () => {
    citiesOf('FRA', 1);
    const start = performance.now();
    for (const c of COUNTRIES) citiesOf(c.code, 20);
    expect(performance.now() - start).toBeLessThan(200);
  });
});

describe('NAICS', () => {
  it('cleans titles without damaging them', () => {
    expect(NAICS).toHaveLength(2196);
    expect(naicsTitle('511210')).toBe('Software Publishers');
    expect(naicsTitle('1111')).toBe('Oilseed and Grain Farming');
    expect(naicsTitle('541511')).toBe('Custom Computer Programming Services');
    for (const n of NAICS) {
      expect(n.title).not.toMatch(/[a-z)]T$/);
      expect(n.title).toBe(n.title.trim());
      expect(n.title).not.toMatch(/\s{2}|’/);
    }
  });

  it('handles the sector ranges', () => {
    expect(naicsTitle('31-33')).toBe('Manufacturing');
    expect(naicsTitle('32')).toBe('Manufacturing');
    expect(isNaicsCode('45')).toBe(true);
    expect(naicsSector('334413')).toBe('31-33');
    expect(naicsSector('511210')).toBe('51');
    expect(isNaicsCode('999999')).toBe(false);
    const levels = new Map<number, number>();
    for (const n of NAICS) levels.set(n.level, (levels.get(n.level) ?? 0) + 1);
    expect(Object.fromEntries(levels)).toEqual({ 2: 20, 3: 99, 4: 311, 5: 709, 6: 1057 });
  });
});

describe('SIC', () => {
  it('has the 1987 major groups, industry groups and industries', () => {
    expect(sicTitle('7372')).toBe('Prepackaged Software');
    expect(sicTitle('73')).toBe('Business Services');
    expect(sicTitle('737')).toBe(
      'Computer Programming, Data Processing, and Other Computer Related Services',
    );
    expect(sicTitle('8742')).toBe('Management Consulting Services');
    expect(isSicCode('7370')).toBe(false);
    expect(sicDivision('6021')?.code).toBe('H');
    const byLevel = (level: number) => SIC.filter((s) => s.level === level);
    expect(byLevel(2)).toHaveLength(83);
    expect(byLevel(4).length).toBeGreaterThanOrEqual(400);
    expect(new Set(SIC.map((s) => s.code)).size).toBe(SIC.length);
    for (const s of SIC) {
      expect(s.code).toHaveLength(s.level);
      if (s.level > 2) expect(isSicCode(s.code.slice(0, s.level - 1))).toBe(true);
      expect(sicDivision(s.code)).toBeDefined();
    }
    for (const major of byLevel(2)) {
      expect(byLevel(4).some((s) => s.code.startsWith(major.code))).toBe(true);
    }
  });
});

describe('industry taxonomy', () => {
  it('has 300..400 industries with unique, well-formed codes and names', () => {
    expect(INDUSTRIES.length).toBeGreaterThanOrEqual(300);
    expect(INDUSTRIES.length).toBeLessThanOrEqual(400);
    expect(new Set(INDUSTRIES.map((i) => i.code)).size).toBe(INDUSTRIES.length);
    expect(new Set(INDUSTRIES.map((i) => i.name)).size).toBe(INDUSTRIES.length);
    for (const i of INDUSTRIES) {
      expect(i.code).toMatch(/^IND-\d{4}$/);
      expect(industryByCode(i.code)).toBe(i);
    }
    expect(industryByCode('IND-1001')?.name).toBe('Cybersecurity');
    expect(industryByCode('IND-0000')).toBeUndefined();
  });

  it('cross-walks to real NAICS and SIC codes', () => {
    for (const i of INDUSTRIES) {
      expect(i.naics.length).toBeGreaterThanOrEqual(1);
      expect(i.naics.length).toBeLessThanOrEqual(3);
      expect(i.sic.length).toBeGreaterThanOrEqual(1);
      expect(i.sic.length).toBeLessThanOrEqual(3);
      for (const code of i.naics) {
        expect(code, `${i.code} NAICS ${code}`).toMatch(/^\d{6}$/);
        expect(isNaicsCode(code), `${i.code} NAICS ${code}`).toBe(true);
      }
      for (const code of i.sic) {
        expect(code, `${i.code} SIC ${code}`).toMatch(/^\d{4}$/);
        expect(isSicCode(code), `${i.code} SIC ${code}`).toBe(true);
      }
    }
  });

  it('uses only valid enumerated codes, and every value at least once', () => {
    const seen = {
      offering: new Set<string>(),
      gtm: new Set<string>(),
      revenue: new Set<string>(),
      motions: new Set<string>(),
      moats: new Set<string>(),
      investors: new Set<string>(),
    };
    for (const i of INDUSTRIES) {
      for (const [k, w] of Object.entries(i.offering)) {
        expect(OFFERING_TYPES).toContain(k);
        expect(w).toBeGreaterThan(0);
        seen.offering.add(k);
      }
      for (const [k, w] of Object.entries(i.gtm)) {
        expect(GTM_TYPES).toContain(k);
        expect(w).toBeGreaterThan(0);
        seen.gtm.add(k);
      }
      for (const v of i.revenueModels) {
        expect(REVENUE_MODELS).toContain(v);
        seen.revenue.add(v);
      }
      for (const v of i.gtmMotions) {
        expect(GTM_MOTIONS).toContain(v);
        seen.motions.add(v);
      }
      for (const v of i.moats) {
        expect(MOATS).toContain(v);
        seen.moats.add(v);
      }
      if (i.investorKind !== undefined) {
        expect(INVESTOR_KINDS).toContain(i.investorKind);
        seen.investors.add(i.investorKind);
      }
    }
    expect([...seen.offering].sort()).toEqual([...OFFERING_TYPES].sort());
    expect([...seen.gtm].sort()).toEqual([...GTM_TYPES].sort());
    expect([...seen.revenue].sort()).toEqual([...REVENUE_MODELS].sort());
    expect([...seen.motions].sort()).toEqual([...GTM_MOTIONS].sort());
    expect([...seen.moats].sort()).toEqual([...MOATS].sort());
    expect([...seen.investors].sort()).toEqual([...INVESTOR_KINDS].sort());
  });

  it('gives every industry usable text and scores', () => {
    for (const i of INDUSTRIES) {
      expect(i.description.length, i.code).toBeGreaterThan(50);
      expect(i.keywords.length, i.code).toBeGreaterThanOrEqual(3);
      expect(i.keywords.length, i.code).toBeLessThanOrEqual(12);
      for (const k of i.keywords) expect(k, i.code).toBe(k.toLowerCase());
      expect(i.products.length, i.code).toBeGreaterThanOrEqual(4);
      expect(i.products.length, i.code).toBeLessThanOrEqual(10);
      expect(i.nameWords.length, i.code).toBeGreaterThanOrEqual(4);
      expect(i.nameWords.length, i.code).toBeLessThanOrEqual(10);
      expect(i.sector.trim()).not.toBe('');
      expect(i.aiMaturity).toBeGreaterThanOrEqual(0);
      expect(i.aiMaturity).toBeLessThanOrEqual(5);
      expect(i.techFocus).toBeGreaterThanOrEqual(0);
      expect(i.techFocus).toBeLessThanOrEqual(1);
      expect(i.consumerScale).toBeGreaterThanOrEqual(0);
      expect(i.consumerScale).toBeLessThanOrEqual(1);
      expect(i.revenueModels.length).toBeGreaterThan(0);
      expect(i.gtmMotions.length).toBeGreaterThan(0);
      expect(i.moats.length).toBeGreaterThan(0);
    }
    const byName = (name: string) => INDUSTRIES.find((i) => i.name === name);
    expect(byName('Generative AI')?.aiMaturity).toBeGreaterThanOrEqual(4.5);
    expect(byName('Restaurants')?.aiMaturity).toBeLessThanOrEqual(0.5);
    expect(byName('Venture Capital')?.investorKind).toBe('vc');
  });
});
