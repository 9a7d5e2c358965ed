/**
 * The CRM presets' columns (bff/contract/accounts.ts CRM_PRESET_COLUMNS) as export columns: each
 * header a CRM's own import field name, values in the form its importer takes: numbers plain
 * (employees, revenue in USD, no separators or currency), countries by name, the domain bare.
 *
 * What the data has not: a state or province (the HQ has a city and a country only), so those
 * columns stay empty; on a list generation export the exact employee count (`headcount` is an
 * enrichment section), so "Number of Employees"/"Employees" stay empty there and bulk enrichment
 * fills them.
 */
import {
  CRM_PRESET_COLUMNS,
  type CrmPreset,
  PRESET_SECTIONS,
  type PresetField,
} from '../../contract/accounts';
import type { CompanyListItem } from '../../contract/api';
import type { ColumnDef } from '../../contract/columns';
import type { StoredSection } from '../../contract/section-names';
import { LIST_SECTIONS } from '../../contract/section-names';
import { domainOf } from './match';

/** A company as a preset reads it: a list item, plus `headcount` when enriched. */
type Row = CompanyListItem & { headcount?: { employee_count?: number } };

function read(field: PresetField, row: Row): string | number | null {
  switch (field) {
    case 'name':
      return row.name ?? null;
    case 'domain':
      return domainOf({ website: row.website }) || null;
    case 'website':
      return row.website || null;
    case 'industry':
      return row.industry?.industry?.[0]?.label ?? null;
    case 'employees': {
      const n = row.headcount?.employee_count;
      return typeof n === 'number' && Number.isFinite(n) ? n : null;
    }
    case 'revenue': {
      const n = row.financial_estimate?.revenue_usd;
      return typeof n === 'number' && Number.isFinite(n) ? n : null;
    }
    case 'city':
      return row.location?.hq?.city || null;
    case 'state':
      return null;
    case 'country':
      return row.location?.hq?.country?.label ?? null;
    case 'description':
      return row.firmographic?.company_description_short ?? null;
    case 'linkedin':
      return (
        row.digital_presence?.social_profiles?.find(
          (p) => /linkedin/i.test(p.platform) || /linkedin\.com/i.test(p.url),
        )?.url ?? null
      );
  }
}

const NUMERIC: ReadonlySet<PresetField> = new Set(['employees', 'revenue']);

/**
 * A preset's columns as the export writes them. `enriched`: the rows come from enrichment (the
 * `headcount` section available); otherwise from list generation (list sections only).
 */
export function presetColumns(preset: CrmPreset, enriched: boolean): ColumnDef[] {
  return CRM_PRESET_COLUMNS[preset].map(({ header, field }, i) => {
    const sections = PRESET_SECTIONS[field].filter(
      (s) => enriched || (LIST_SECTIONS as readonly string[]).includes(s),
    );
    const numeric = NUMERIC.has(field);
    const available = PRESET_SECTIONS[field].length === 0 || sections.length > 0;
    return {
      id: `preset.${preset}.${i}`,
      header,
      // The section the column needs (the export asks only for these); null: identity or none.
      section: (sections[0] ?? null) as ColumnDef['section'],
      kind: numeric ? 'number' : 'text',
      main: true,
      width: 160,
      text: (row) => {
        const v = available ? read(field, row as Row) : null;
        return v === null ? '' : String(v);
      },
      value: (row) => (available ? read(field, row as Row) : null),
    };
  });
}

/** The sections a preset needs (enrichment: with headcount; lists: list sections only). */
export function presetSections(preset: CrmPreset, enriched: boolean): StoredSection[] {
  const out = new Set<StoredSection>();
  for (const { field } of CRM_PRESET_COLUMNS[preset])
    for (const s of PRESET_SECTIONS[field])
      if (enriched || (LIST_SECTIONS as readonly string[]).includes(s)) out.add(s);
  return [...out];
}
