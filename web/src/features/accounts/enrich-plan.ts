/**
 * What a bulk enrichment of an account list asks for and costs, before it runs: the sections picked
 * (or those a CRM preset's columns read), the export's columns, and the cost, each section's price
 * per company times the list's matched companies. The BFF's estimate (`bff.exports.estimate`) has
 * the last word (it knows what an earlier run already paid for); this is the figure while it answers.
 */
import { CRM_PRESET_COLUMNS, CRM_PRESETS, type CrmPreset, PRESET_SECTIONS } from '@contract/accounts';
import { IDENTITY_COLUMN_IDS, mainColumnIds } from '@contract/columns';
import { PRICES } from '@contract/pricing';
import {
  LIST_SECTIONS,
  type ListSection,
  STORED_SECTIONS,
  type StoredSection,
} from '@contract/section-names';

export { CRM_PRESET_LABELS as PRESET_LABELS } from '@contract/accounts';
export { CRM_PRESETS, type CrmPreset };

/** The headers each preset writes, the CRM's own import field names, in its order. */
export function presetHeaders(preset: CrmPreset): string[] {
  return CRM_PRESET_COLUMNS[preset].map((c) => c.header);
}

type EnrichChoice = { preset: CrmPreset } | { sections: readonly ListSection[] };

/** The sections a choice reads, in the catalog's order. */
export function sectionsOf(choice: EnrichChoice): StoredSection[] {
  const chosen: readonly StoredSection[] =
    'preset' in choice
      ? CRM_PRESET_COLUMNS[choice.preset].flatMap((c) => PRESET_SECTIONS[c.field])
      : choice.sections;
  return STORED_SECTIONS.filter((s) => chosen.includes(s));
}

/** The export's columns for picked sections: the identity columns, then each section's main ones. */
export function columnsOf(sections: readonly ListSection[]): string[] {
  return [
    ...IDENTITY_COLUMN_IDS,
    ...LIST_SECTIONS.filter((s) => sections.includes(s)).flatMap(mainColumnIds),
  ];
}

type EnrichCost = { perCompany: number; companies: number; credits: number };

/** Each section's price per company, times the companies (the list's matched rows). */
export function enrichCost(
  sections: readonly StoredSection[],
  companies: number,
  prices: Readonly<Record<string, number>> = PRICES.sections,
): EnrichCost {
  const perCompany = sections.reduce((sum, s) => sum + (prices[s] ?? PRICES.sections[s]), 0);
  return { perCompany, companies, credits: Math.round(perCompany * companies * 10000) / 10000 };
}
