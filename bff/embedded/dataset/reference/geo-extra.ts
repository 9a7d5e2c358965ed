// Server-only country extras from `world-countries` (demonyms, alternative names, top-level domains),
// used by the text-to-filter translator and by the dataset generator (company domains).
// Kept out of bff/contract/geo.ts because world-countries is large and must not reach the browser bundle.

import enJson from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import worldCountries from 'world-countries';
import { countryByCode } from '../../../contract/geo';

type Extra = {
  demonyms: readonly string[];
  altNames: readonly string[];
  tld: string | undefined;
};

const englishNames: Readonly<Record<string, string | readonly string[]>> = enJson.countries;

function dedupe(values: Iterable<string>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const value = raw.trim();
    if (!value) continue;
    const key = value.toLocaleLowerCase('en');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

let extras: Map<string, Extra> | undefined;

function buildExtras(): Map<string, Extra> {
  const map = new Map<string, Extra>();
  for (const c of worldCountries) {
    const alpha3 = c.cca3.toUpperCase();
    const eng = c.demonyms.eng;
    const display = countryByCode(alpha3)?.name;
    const i18nNames = englishNames[c.cca2];
    const i18nList = i18nNames === undefined ? [] : typeof i18nNames === 'string' ? [i18nNames] : i18nNames;
    // Bare alpha-2 codes ('DE', 'IN', 'IT', 'NO') are dropped from the alternative names: they collide
    // with ordinary words in free text. Callers that want codes use countryByAlpha2 from contract/geo.
    const alt = [display ?? '', c.name.common, c.name.official, ...c.altSpellings, ...i18nList].filter(
      (name) => name.toUpperCase() !== c.cca2.toUpperCase(),
    );
    map.set(alpha3, {
      demonyms: Object.freeze(dedupe(eng ? [eng.m, eng.f] : [])),
      altNames: Object.freeze(dedupe(alt)),
      tld: c.tld[0],
    });
  }
  return map;
}

function extraOf(alpha3: string): Extra | undefined {
  extras ??= buildExtras();
  return extras.get(alpha3.toUpperCase());
}

/** English demonyms (masculine and feminine forms, deduplicated), e.g. DEU -> ['German']. */
export function demonymsOf(alpha3: string): string[] {
  return [...(extraOf(alpha3)?.demonyms ?? [])];
}

/**
 * Alternative names: display name, common and official English names, alternative spellings (including
 * native-language names) and i18n-iso-countries aliases, deduplicated case-insensitively.
 * e.g. TUR -> ['Türkiye', 'Republic of Türkiye', 'Turkiye', 'Republic of Turkey', ..., 'Turkey'].
 */
export function altNamesOf(alpha3: string): string[] {
  return [...(extraOf(alpha3)?.altNames ?? [])];
}

/** Primary country-code top-level domain, e.g. DEU -> '.de', GBR -> '.uk'. */
export function tldOf(alpha3: string): string | undefined {
  return extraOf(alpha3)?.tld;
}
