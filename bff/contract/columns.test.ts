import { beforeAll, describe, expect, it } from 'vitest';
import { generateCompanies } from '../embedded/dataset/generate';
import type { CompanyListItem } from './api';
import {
  AS_OF_COLUMN,
  COLUMN_BY_ID,
  COLUMNS,
  IDENTITY_COLUMN_IDS,
  mainColumnIds,
  SIGNAL_COLUMNS,
  sectionColumns,
  sectionsOfColumns,
  signalsOfColumns,
} from './columns';
import { COMPANY_TYPES, labelOf, OWNERSHIP_CATEGORIES } from './enums';
import { countryByCode } from './geo';
import { SORT_BY } from './list-params';
import { LIST_SECTIONS } from './section-names';

/** List items exactly as the embedded service's list generation builds them, every section filled. */
let rows: CompanyListItem[];

beforeAll(() => {
  rows = [...generateCompanies({ seed: 42, count: 400 })].map((c) => {
    const { headcount: _headcount, ...listSections } = c.sections;
    return {
      uuid: c.uuid,
      name: c.name,
      website: c.website,
      product_category: c.product_category,
      company_type: { code: c.company_type, label: labelOf(COMPANY_TYPES, c.company_type) },
      ...listSections,
    };
  });
});

describe('column catalog', () => {
  it('has unique ids and unique headers', () => {
    expect(new Set(COLUMNS.map((c) => c.id)).size).toBe(COLUMNS.length);
    expect(new Set(COLUMNS.map((c) => c.header)).size).toBe(COLUMNS.length);
    // The catalog's columns, the signal columns and the export's "Data as of" (a tooltip in the grid).
    const all = [...COLUMNS, ...SIGNAL_COLUMNS];
    expect(new Set(all.map((c) => c.header)).size).toBe(all.length);
    expect(COLUMN_BY_ID.size).toBe(all.length + 1);
    expect(COLUMN_BY_ID.get(AS_OF_COLUMN.id)).toBe(AS_OF_COLUMN);
    expect(COLUMNS.some((c) => c.header === AS_OF_COLUMN.header)).toBe(false);
  });

  it('covers every list section with 3 to 9 columns, 2 to 4 of them main', () => {
    for (const s of LIST_SECTIONS) {
      const cols = sectionColumns(s);
      expect(cols.length, s).toBeGreaterThanOrEqual(3);
      expect(cols.length, s).toBeLessThanOrEqual(9);
      expect(mainColumnIds(s).length, s).toBeGreaterThanOrEqual(2);
      expect(mainColumnIds(s).length, s).toBeLessThanOrEqual(4);
      for (const c of cols) expect(c.section).toBe(s);
    }
  });

  it('identity columns need no section', () => {
    expect(IDENTITY_COLUMN_IDS).toEqual(['name', 'website', 'product_category', 'company_type', 'uuid']);
    expect(sectionsOfColumns(IDENTITY_COLUMN_IDS)).toEqual([]);
  });

  it('names the sections a set of columns needs, once each, in the spec order', () => {
    expect(
      sectionsOfColumns([
        'location.hq.country',
        'name',
        'firmographic.founded_year',
        'location.hq.city',
        'no.such.column',
      ]),
    ).toEqual(['firmographic', 'location']);
  });

  it('points sortable columns at real sorts, and every sort except relevance has a column', () => {
    const sorts = new Set(COLUMNS.flatMap((c) => (c.sortBy ? [c.sortBy] : [])));
    for (const s of sorts) expect(SORT_BY).toContain(s);
    expect([...sorts].sort()).toEqual(SORT_BY.filter((s) => s !== 'relevance').sort());
  });

  it('reads every column of every generated company without throwing or leaking an object', () => {
    const nonEmpty = new Map<string, number>();
    for (const row of rows) {
      for (const c of COLUMNS) {
        const text = c.text(row);
        const value = c.value(row);
        expect(typeof text).toBe('string');
        expect(text, c.id).not.toMatch(/\[object |undefined|NaN/);
        expect(['string', 'number', 'boolean'].includes(typeof value) || value === null, c.id).toBe(true);
        if (text !== '') nonEmpty.set(c.id, (nonEmpty.get(c.id) ?? 0) + 1);
        if (c.kind === 'number' || c.kind === 'money' || c.kind === 'year') {
          // CSV cells of numeric columns stay plain numbers a spreadsheet reads as such.
          expect(text, c.id).toMatch(/^(-?\d+(\.\d+)?)?$/);
          expect(value === null || typeof value === 'number', c.id).toBe(true);
        }
        if (c.kind === 'boolean') expect(['', 'Yes', 'No']).toContain(text);
        if (c.kind === 'date') expect(text, c.id).toMatch(/^(\d{4}-\d{2}-\d{2})?$/);
      }
    }
    // A column that is empty for 400 companies would be a broken reader, not sparse data.
    const alwaysEmpty = COLUMNS.filter((c) => !nonEmpty.has(c.id)).map((c) => c.id);
    expect(alwaysEmpty).toEqual([]);
  });

  it('shows coded values as labels and countries as names, with the code as the value', () => {
    const row = rows[0]!;
    const country = COLUMN_BY_ID.get('location.hq.country')!;
    expect(country.text(row)).toBe(countryByCode(row.location!.hq.country.code)!.name);
    expect(country.value(row)).toBe(row.location!.hq.country.code);
    const ownership = COLUMN_BY_ID.get('firmographic.ownership_category')!;
    const code = row.firmographic!.ownership_category.code;
    expect(ownership.text(row)).toBe(labelOf(OWNERSHIP_CATEGORIES, code));
    expect(ownership.text(row)).not.toBe(code);
    expect(COLUMN_BY_ID.get('company_type')!.text(row)).toMatch(/^(Private|Public)$/);
  });

  it('joins lists with "; " and drops repeats', () => {
    const row = rows.find((r) => (r.location?.offices.length ?? 0) > 1)!;
    const offices = COLUMN_BY_ID.get('location.offices.country')!.text(row);
    const expected = [...new Set(row.location!.offices.map((o) => o.country.label))].join('; ');
    expect(offices).toBe(expected);
  });

  it('reads money as plain numbers in text and numbers in value', () => {
    const row = rows[0]!;
    const revenue = COLUMN_BY_ID.get('financial_estimate.revenue_usd')!;
    expect(revenue.text(row)).toBe(String(row.financial_estimate!.revenue_usd));
    expect(revenue.value(row)).toBe(row.financial_estimate!.revenue_usd);
  });

  it('gives empty cells when the section was not requested', () => {
    const { firmographic: _f, location: _l, ...bare } = rows[0]!;
    for (const id of ['firmographic.founded_year', 'location.hq.country', 'location.offices.country']) {
      expect(COLUMN_BY_ID.get(id)!.text(bare)).toBe('');
      expect(COLUMN_BY_ID.get(id)!.value(bare)).toBeNull();
    }
    expect(COLUMN_BY_ID.get('name')!.text(bare)).toBe(rows[0]!.name);
  });

  describe('signal columns', () => {
    const row = (signals: CompanyListItem['signals']): CompanyListItem =>
      ({ ...rows[0]!, ...(signals ? { signals } : {}) }) as CompanyListItem;
    const col = (id: string) => COLUMN_BY_ID.get(id)!;

    it('are headcount growth over 6 and 12 months, open roles and last month’s visits, each with its reading', () => {
      expect(SIGNAL_COLUMNS.map((c) => [c.header, c.signal])).toEqual([
        ['Headcount growth (6 months)', 'headcount_trends'],
        ['Headcount growth (12 months)', 'headcount_trends'],
        ['Open roles', 'open_roles'],
        ['Monthly visits (last month)', 'website_traffic'],
      ]);
      // No section, so they are neither identity columns nor a section's columns.
      for (const c of SIGNAL_COLUMNS) {
        expect(c.section).toBeNull();
        expect(IDENTITY_COLUMN_IDS).not.toContain(c.id);
        expect(COLUMNS).not.toContain(c);
      }
      expect(sectionsOfColumns(SIGNAL_COLUMNS.map((c) => c.id))).toEqual([]);
      expect(signalsOfColumns(['name', 'signals.monthly_visits', 'signals.headcount_growth_12m'])).toEqual([
        'headcount_trends',
        'website_traffic',
      ]);
      expect(signalsOfColumns(['name', 'firmographic.founded_year'])).toEqual([]);
    });

    it('write plain numbers, and nothing when the value is unknown or the row has no signals', () => {
      const full = row({
        headcount_growth_6m: -3.5,
        headcount_growth_12m: 24.1,
        open_listings: 1250,
        monthly_visits: 1_200_000,
      });
      expect(SIGNAL_COLUMNS.map((c) => c.text(full))).toEqual(['-3.5', '24.1', '1250', '1200000']);
      expect(SIGNAL_COLUMNS.map((c) => c.value(full))).toEqual([-3.5, 24.1, 1250, 1_200_000]);
      // Growth from a start of 0 is null; a company the endpoints do not know has nulls.
      const unknown = row({ headcount_growth_6m: null, headcount_growth_12m: null, monthly_visits: null });
      expect(SIGNAL_COLUMNS.map((c) => c.text(unknown))).toEqual(['', '', '', '']);
      expect(SIGNAL_COLUMNS.map((c) => c.value(unknown))).toEqual([null, null, null, null]);
      expect(col('signals.open_listings').text(row(undefined))).toBe('');
      expect(col('signals.open_listings').text(row({ open_listings: 0 }))).toBe('0');
    });
  });
});
