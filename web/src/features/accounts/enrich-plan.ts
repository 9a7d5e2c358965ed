/**
 * What a bulk enrichment of an account list asks for and costs, before it runs: the sections picked
 * (or those a CRM preset's columns read), the export's columns, and the cost, each section's price
 * per company times the list's matched companies.
 */
import { IDENTITY_COLUMN_IDS, mainColumnIds } from '@contract/columns';
import { PRICES } from '@contract/pricing';
import { LIST_SECTIONS, type ListSection } from '@contract/section-names';

export const CRM_PRESETS = ['hubspot', 'salesforce'] as const;
export type CrmPreset = (typeof CRM_PRESETS)[number];

export const PRESET_LABELS: Readonly<Record<CrmPreset, string>> = {
  hubspot: 'HubSpot companies',
  salesforce: 'Salesforce accounts',
};

/** The headers each preset writes, the CRM's own import field names (issue 15). */
export const PRESET_HEADERS: Readonly<Record<CrmPreset, readonly string[]>> = {
  hubspot: [
    'Company name',
    'Company Domain Name',
    'Industry',
    'Number of Employees',
    'Annual Revenue',
    'City',
    'State/Region',
    'Country/Region',
    'Description',
    'LinkedIn Company Page',
  ],
  salesforce: [
    'Account Name',
    'Website',
    'Industry',
    'Employees',
    'Annual Revenue',
    'Billing City',
    'Billing State/Province',
    'Billing Country',
    'Description',
  ],
};

/**
 * The sections a preset's columns read: industry, employees and description (firmographic), revenue
 * (financial estimate), the address (location), and for HubSpot the LinkedIn page (digital presence).
 */
export const PRESET_SECTIONS: Readonly<Record<CrmPreset, readonly ListSection[]>> = {
  hubspot: ['firmographic', 'digital_presence', 'financial_estimate', 'location', 'industry'],
  salesforce: ['firmographic', 'financial_estimate', 'location', 'industry'],
};

export type EnrichChoice = { preset: CrmPreset } | { sections: readonly ListSection[] };

export function sectionsOf(choice: EnrichChoice): ListSection[] {
  const chosen = 'preset' in choice ? PRESET_SECTIONS[choice.preset] : choice.sections;
  return LIST_SECTIONS.filter((s) => chosen.includes(s));
}

/** The export's columns for picked sections: the identity columns, then each section's main ones. */
export function columnsOf(sections: readonly ListSection[]): string[] {
  return [
    ...IDENTITY_COLUMN_IDS,
    ...LIST_SECTIONS.filter((s) => sections.includes(s)).flatMap(mainColumnIds),
  ];
}

export type EnrichCost = { perCompany: number; companies: number; credits: number };

/** Each section's price per company, times the companies (the list's matched rows). */
export function enrichCost(
  sections: readonly ListSection[],
  companies: number,
  prices: Readonly<Record<string, number>> = PRICES.sections,
): EnrichCost {
  const perCompany = sections.reduce((sum, s) => sum + (prices[s] ?? PRICES.sections[s]), 0);
  return { perCompany, companies, credits: Math.round(perCompany * companies * 10000) / 10000 };
}
