/**
 * Lexicons of the text-to-filter translator, built once per process (lazily, on first use) from the
 * reference data and the place tables (`tables/places.ts`).
 *
 * - places: country names, alternative names, demonyms and abbreviations (US, UK, UAE, KSA, Aussie) to
 *   ISO alpha-3 codes; regions to M49 codes where M49 has them (with the everyday forms of their
 *   names), groupings M49 lacks (DACH, Nordics, Benelux, EU, Middle East, GCC, CEE) to country lists.
 *   The decisions are in `tables/places.ts`.
 * - cities: the 25 largest cities of each country plus a few tech hubs and nicknames (NYC, SF, Bay Area).
 */
import worldCountries from 'world-countries';
import { COUNTRIES, countriesInRegion, REGIONS } from '../../contract/geo';
import { normalizeText } from '../../contract/text';
import { HQ_CITIES } from '../dataset/hq-cities';
import { INDUSTRY_SYNONYMS } from '../dataset/industry-synonyms';
import { citiesOf } from '../dataset/reference/cities';
import { altNamesOf, demonymsOf } from '../dataset/reference/geo-extra';
import { INDUSTRIES } from '../dataset/taxonomy';
import {
  ACRONYMS,
  CITY_ALIASES,
  COUNTRY_ALIASES,
  COUNTRY_GROUPS,
  NOT_CITIES,
  REGION_ALIASES,
  REGION_NAME_FORMS,
  SKIP_ALT,
} from './tables/places';

export type Place = { countries?: string[]; regions?: string[] };

let places: Map<string, Place> | undefined;

function addPlace(map: Map<string, Place>, phrase: string, place: Place): void {
  const key = normalizeText(phrase);
  if (!key || map.has(key)) return;
  map.set(key, place);
}

/** A grouping's countries: alpha-3 codes, and M49 codes standing for their regions' countries. */
function groupCountries(list: string): string[] {
  return [...new Set(list.split(' ').flatMap((c) => (/^\d{3}$/.test(c) ? countriesInRegion(c) : [c])))];
}

/** "eastern africa" -> east africa, east african, eastern african (the name itself not included). */
function regionNameForms(name: string): string[] {
  const { directions, adjectives } = REGION_NAME_FORMS;
  let heads = [name];
  for (const [word, forms] of Object.entries(directions)) {
    if (name.startsWith(`${word} `)) heads = [name, ...forms.map((f) => f + name.slice(word.length))];
  }
  const out: string[] = [];
  for (const h of heads) {
    out.push(h);
    const last = h.split(' ').pop()!;
    const adjective = adjectives[last];
    if (adjective) out.push(`${h.slice(0, -last.length)}${adjective}`);
  }
  return out.filter((f) => f !== name);
}

const sovereign = new Set(worldCountries.filter((c) => c.independent).map((c) => c.cca3.toUpperCase()));

/**
 * Alternative names and demonyms -> countries. A word several countries claim goes to the sovereign
 * claimant ("indian": India, not the British Indian Ocean Territory), or to all of them when several
 * are sovereign ("congolese").
 */
function altNameClaims(): Map<string, string[]> {
  const claims = new Map<string, string[]>();
  for (const c of COUNTRIES) {
    for (const alt of [...altNamesOf(c.code), ...demonymsOf(c.code)]) {
      let key = normalizeText(alt);
      if (!/^[a-z ]+$/.test(key) || SKIP_ALT.has(key)) continue;
      if (key.length < 4 && !ACRONYMS.has(key.replace(/ /g, ''))) continue;
      if (key.length < 4) key = key.replace(/ /g, '');
      const codes = claims.get(key) ?? [];
      if (!codes.includes(c.code)) claims.set(key, [...codes, c.code]);
    }
  }
  for (const [key, codes] of claims) {
    const states = codes.filter((c) => sovereign.has(c));
    if (codes.length > 1 && states.length > 0) claims.set(key, states);
  }
  return claims;
}

export function placeLexicon(): Map<string, Place> {
  if (places) return places;
  const map = new Map<string, Place>();
  for (const [k, v] of Object.entries(REGION_ALIASES)) addPlace(map, k, { regions: [...v] });
  for (const [k, v] of Object.entries(COUNTRY_GROUPS)) addPlace(map, k, { countries: groupCountries(v) });
  for (const [k, v] of Object.entries(COUNTRY_ALIASES)) addPlace(map, k, { countries: [v] });
  for (const c of COUNTRIES) addPlace(map, c.name, { countries: [c.code] });
  for (const [k, codes] of altNameClaims()) addPlace(map, k, { countries: codes });
  for (const r of REGIONS) addPlace(map, r.name, { regions: [r.code] });
  // after the countries, so a country keeps its name ("south africa" is not Southern Africa)
  for (const r of REGIONS) {
    for (const form of regionNameForms(normalizeText(r.name))) addPlace(map, form, { regions: [r.code] });
  }
  places = map;
  return map;
}

let cities: Map<string, string> | undefined;

/** normalized city name -> display name. ~6k names; built once (~0.4 s for the city package). */
export function cityLexicon(): Map<string, string> {
  if (cities) return cities;
  const map = new Map<string, string>();
  for (const [k, v] of Object.entries(CITY_ALIASES)) map.set(k, v);
  const placeKeys = placeLexicon();
  for (const c of COUNTRIES) {
    for (const name of citiesOf(c.code, 25)) {
      const key = normalizeText(name);
      if (key.length < 4 || NOT_CITIES.has(key) || placeKeys.has(key) || map.has(key)) continue;
      map.set(key, name);
    }
  }
  cities = map;
  return map;
}

let majorCities: Set<string> | undefined;
/**
 * Cities read even written in lower case ("proptech nl not amsterdam", "fintech berlin"): business
 * hubs, i.e. among their country's three largest cities and the headquarters of a real firm in the
 * data (`HQ_CITIES`). Any other city needs a capital letter or an alias, since many small towns are
 * also words ("Split", "Male", "Victoria").
 */
export function majorCityKeys(): Set<string> {
  if (majorCities) return majorCities;
  const hubs = new Set(Object.values(HQ_CITIES).map(normalizeText));
  const lex = cityLexicon();
  majorCities = new Set(
    COUNTRIES.flatMap((c) => citiesOf(c.code, 3))
      .map(normalizeText)
      .filter((k) => hubs.has(k) && lex.has(k)),
  );
  return majorCities;
}

/**
 * Multi-word industry names and keywords that other rules would otherwise split: those holding the
 * word "ai" ("generative ai", "healthcare ai"), "embedded", "community", "media" or "content" ("embedded
 * finance", "social media"), those starting with "it" ("it services") and those ending in "software"
 * ("accounting software"); and the synonym table (`dataset/industry-synonyms.ts`). They are read as
 * industries before the AI-maturity and offering rules run.
 */
let protectedIndustries: Map<string, string[]> | undefined;

export function protectedIndustryPhrases(): Map<string, string[]> {
  if (protectedIndustries) return protectedIndustries;
  const map = new Map<string, string[]>();
  for (const ind of INDUSTRIES) {
    for (const phrase of [ind.name, ...ind.keywords]) {
      const key = normalizeText(phrase);
      if (!key.includes(' ')) continue;
      // "recruiting software", "supply chain software": the industry, not the software offering
      if (
        !/(^| )(ai|embedded|community|media|content)( |$)/.test(key) &&
        !key.startsWith('it ') &&
        !key.endsWith(' software')
      )
        continue;
      map.set(key, [...new Set([...(map.get(key) ?? []), ind.code])]);
    }
  }
  // the words reps use for industries (`dataset/industry-synonyms.ts`) come before anything else
  for (const [phrase, codes] of Object.entries(INDUSTRY_SYNONYMS)) map.set(phrase, [...codes]);
  protectedIndustries = map;
  return map;
}

let vocabulary: string[] | undefined;

/** Words of industry names and keywords (for typo correction of leftover words). */
export function industryVocabulary(): string[] {
  if (vocabulary) return vocabulary;
  const words = new Set<string>();
  for (const ind of INDUSTRIES) {
    for (const phrase of [ind.name, ...ind.keywords]) {
      for (const w of normalizeText(phrase).split(' ')) if (w.length >= 5) words.add(w);
    }
  }
  vocabulary = [...words];
  return vocabulary;
}

/** Damerau-Levenshtein distance (optimal string alignment), stopping early above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let rowMin = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
  }
  return d[a.length]![b.length]!;
}
