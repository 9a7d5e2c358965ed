/**
 * The keys a list is cut by to count it exactly (docs/decisions/0026-counting-by-slices.md): closed
 * lists that every company holds exactly one value of, so the slices of one key's values are
 * disjoint and together hold every company of the list. Each key's values carry a weight, a guess
 * of how companies spread over them, used only to size slices: a wrong guess costs calls, never
 * exactness.
 */
import { FILTER_CATALOG, type Filters } from '../../contract/filters';
import { COUNTRIES, countriesInRegion } from '../../contract/geo';

const HQ_COUNTRY = 'location.hq.country';
const HQ_REGION = 'location.hq.region';
const FOUNDED_YEAR = 'firmographic.founded_year';

/**
 * Companies per 1,000 by HQ country, as a company data set spreads them (measured on the embedded
 * data set of 25,000; a data set of the world's companies is as skewed: the United States first).
 * Countries not named weigh `COUNTRY_FLOOR`.
 */
const COUNTRY_WEIGHTS: Readonly<Record<string, number>> = {
  USA: 295.5,
  GBR: 73.1,
  DEU: 59.1,
  FRA: 43.7,
  IND: 39.1,
  CAN: 35.4,
  CHN: 33.3,
  JPN: 24.7,
  AUS: 21.4,
  ESP: 21.2,
  BRA: 20.8,
  NLD: 20.1,
  ITA: 18.4,
  CHE: 15.9,
  SWE: 15.4,
  ISR: 15.1,
  SGP: 13.6,
  KOR: 13.1,
  POL: 10.8,
  MEX: 9.0,
  IRL: 8.6,
  BEL: 7.8,
  ARE: 7.4,
  AUT: 7.4,
  IDN: 6.6,
  DNK: 6.2,
  PRT: 6.2,
  ZAF: 5.8,
  HKG: 5.7,
  NGA: 5.4,
  FIN: 5.4,
  ARG: 5.2,
  TWN: 5.2,
  NOR: 5.1,
  COL: 5.0,
  TUR: 4.8,
  SAU: 4.8,
  UKR: 4.5,
  ROU: 4.4,
  KEN: 4.1,
  CZE: 4.1,
  MYS: 4.0,
  CHL: 3.7,
  NZL: 3.7,
  PHL: 3.7,
  VNM: 3.5,
  THA: 3.4,
  LUX: 3.2,
  HUN: 2.9,
  PER: 2.8,
  EGY: 2.7,
  GRC: 2.6,
  PAK: 2.6,
  EST: 2.1,
  SVK: 1.9,
  HRV: 1.7,
  LTU: 1.7,
  MAR: 1.6,
  SRB: 1.5,
  BGR: 1.5,
  URY: 1.4,
  LVA: 1.4,
  BGD: 1.4,
  CRI: 1.3,
  CYP: 1.3,
  MLT: 1.2,
  SVN: 1.2,
  ISL: 1.2,
  GHA: 1.1,
  QAT: 1.0,
  KWT: 0.9,
  JOR: 0.8,
  LKA: 0.8,
  TZA: 0.7,
  BHR: 0.6,
  RWA: 0.6,
  ETH: 0.5,
};
const COUNTRY_FLOOR = 0.08;

/** Companies per 1,000 by value of the other keys (the embedded data set of 25,000). */
const VALUE_WEIGHTS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  'firmographic.ownership_category': {
    venture_growth_investor_backed: 338,
    founder_individual_operated_bootstrapped: 330,
    family_owned: 88,
    corporate_owned: 83,
    private_equity_controlled: 54,
    public: 47,
    management_employee_owned: 38,
    state_government_owned: 12,
    nonprofit_foundation_owned: 10,
  },
  'business_model.offering_type': {
    services: 391,
    software: 323,
    hardware_manufacturing: 188,
    digital_commerce_content: 97,
  },
  'business_model.gtm_type': { b2b: 603, b2b_and_b2c: 203, b2c: 193 },
  'firmographic.operating_status': { operating: 879, acquired: 62, closed: 38, ipo: 21 },
  'firmographic.company_type': { private: 953, public: 47 },
  'financial_estimate.revenue_estimate': {
    '1m_5m': 282,
    under_1m: 178,
    '10m_25m': 130,
    '5m_10m': 128,
    '25m_50m': 72,
    pre_revenue: 65,
    '50m_100m': 54,
    '100m_250m': 43,
    '250m_500m': 18,
    '500m_1b': 11,
    '1b_5b': 11,
    over_5b: 9,
  },
  'technology.ai_maturity.scale': { 2: 279, 3: 259, 1: 191, 4: 143, 0: 77, 5: 51 },
};

/**
 * Companies per 1,000 by founded year from 1950 to 2026 (the embedded data set of 25,000); the years
 * before 1950 together weigh `BEFORE_1950`, each year before alone `YEAR_FLOOR`.
 */
const YEAR_WEIGHTS = [
  0.9, 0.7, 0.7, 0.8, 0.8, 1.3, 1.0, 1.2, 1.0, 1.0, 1.0, 0.8, 1.3, 1.1, 1.4, 1.4, 1.6, 1.8, 1.9, 1.9, 1.8,
  1.9, 2.7, 1.9, 2.2, 2.6, 2.9, 2.8, 2.9, 3.4, 3.1, 3.9, 2.9, 3.4, 4.2, 3.8, 4.2, 5.0, 4.9, 4.5, 4.7, 6.1,
  6.8, 6.0, 7.0, 6.9, 7.1, 8.8, 8.5, 10.5, 11.5, 10.6, 12.4, 13.7, 13.8, 15.2, 17.7, 17.2, 17.3, 21.2, 20.7,
  24.4, 27.6, 29.5, 30.6, 35.0, 40.2, 40.9, 46.6, 52.0, 57.4, 58.5, 60.1, 60.8, 52.1, 24.2, 0.6,
];
const FIRST_WEIGHED_YEAR = 1950;
const BEFORE_1950 = 26.6;
const YEAR_FLOOR = 0.3;
/** The founded years a slice names one by one; a list open below starts at "this year or before". */
const EARLIEST_YEAR = FIRST_WEIGHED_YEAR - 1;
/** A list open above ends at "this year or after". */
const LATEST_YEAR = FIRST_WEIGHED_YEAR + YEAR_WEIGHTS.length - 1;

/** Yes-or-no keys every company answers: both values weigh alike. */
const BOOLEAN_KEYS: ReadonlySet<string> = new Set([
  'technology.is_technology_focussed',
  'technology.api_detail.has_api',
  'technology.app_detail.has_app',
  'location.market_served.is_global',
]);

/**
 * The keys, in the order a slice is cut by them: HQ country first (many values, so slices can be
 * packed close to 500), then founded-year ranges (an ordered key: a slice takes a run of adjacent
 * years, the first open below and the last open above, so slices of one country pack close to 500
 * too), then the others when one country's one year alone holds 500 or more.
 */
export const SLICE_KEYS = [
  HQ_COUNTRY,
  FOUNDED_YEAR,
  'financial_estimate.revenue_estimate',
  'firmographic.ownership_category',
  'business_model.offering_type',
  'technology.ai_maturity.scale',
  'business_model.gtm_type',
  'firmographic.operating_status',
  'firmographic.company_type',
  'technology.is_technology_focussed',
  'technology.api_detail.has_api',
  'technology.app_detail.has_app',
  'location.market_served.is_global',
] as const;
export type SliceKey = (typeof SLICE_KEYS)[number];

/** A key's values with their weights, heaviest first. */
export type WeightedValue = { value: string | number | boolean; weight: number };

const catalogValues = (key: string): (string | number)[] =>
  (FILTER_CATALOG.find((d) => d.key === key)?.values ?? []).map((v) => v.code);

/** Whether a key's values are cut in their own order into runs of adjacent values (founded year). */
export const isOrdered = (key: SliceKey): boolean => key === FOUNDED_YEAR;

/** The founded years of a list, first and last: before the first and after the last when open. */
function yearSpan(filters: Filters): {
  lo: number | undefined;
  hi: number | undefined;
  first: number;
  last: number;
} {
  const range = filters[FOUNDED_YEAR];
  const lo = range?.gte;
  const hi = range?.lte;
  const last = hi ?? Math.max(LATEST_YEAR, lo ?? LATEST_YEAR);
  const first = lo ?? Math.min(EARLIEST_YEAR, last);
  return { lo, hi, first, last };
}

const yearWeight = (year: number, openBelow: boolean): number => {
  if (year < FIRST_WEIGHED_YEAR) return openBelow ? BEFORE_1950 : YEAR_FLOOR;
  return YEAR_WEIGHTS[year - FIRST_WEIGHED_YEAR] ?? YEAR_FLOOR;
};

const weightOf = (key: SliceKey, value: string | number | boolean): number => {
  if (BOOLEAN_KEYS.has(key)) return 500;
  const v = String(value);
  return key === HQ_COUNTRY
    ? (COUNTRY_WEIGHTS[v] ?? COUNTRY_FLOOR)
    : (VALUE_WEIGHTS[key]?.[v] ?? COUNTRY_FLOOR);
};

/**
 * The values of `key` a company of `filters` may hold: those the filters ask on the key (for HQ
 * country, also within the HQ regions asked), else every value of the key.
 */
export function valuesUnder(filters: Filters, key: SliceKey): WeightedValue[] {
  const f = filters as Record<string, unknown>;
  let values: (string | number | boolean)[];
  if (key === FOUNDED_YEAR) {
    // In year order, not by weight: a slice is a run of adjacent years.
    const { lo, first, last } = yearSpan(filters);
    const years: WeightedValue[] = [];
    for (let y = first; y <= last; y++)
      years.push({ value: y, weight: yearWeight(y, y === first && lo === undefined) });
    return years;
  }
  if (BOOLEAN_KEYS.has(key)) {
    values = typeof f[key] === 'boolean' ? [f[key] as boolean] : [true, false];
  } else if (key === HQ_COUNTRY) {
    let countries = (f[HQ_COUNTRY] as string[] | undefined) ?? COUNTRIES.map((c) => c.code);
    const regions = f[HQ_REGION] as string[] | undefined;
    if (regions && regions.length > 0) {
      const inside = new Set(regions.flatMap((r) => countriesInRegion(r)));
      countries = countries.filter((c) => inside.has(c));
    }
    values = countries;
  } else {
    values = (f[key] as (string | number)[] | undefined) ?? catalogValues(key);
  }
  return [...new Set(values)]
    .map((value) => ({ value, weight: weightOf(key, value) }))
    .sort((a, b) => b.weight - a.weight || (String(a.value) < String(b.value) ? -1 : 1));
}

/**
 * The filters of a slice: the list's, with `key` narrowed to `values` (a yes-or-no key to its one
 * value, both values being no narrowing; founded year to the range of a run of adjacent years).
 */
export function narrowed(
  filters: Filters,
  key: SliceKey,
  values: readonly (string | number | boolean)[],
): Filters {
  if (key === FOUNDED_YEAR) {
    // A run of adjacent years; the list's first and last years keep the list's own bounds (none
    // when it is open), so the runs of a list cover every year it holds.
    const { lo, hi, first, last } = yearSpan(filters);
    const years = values as readonly number[];
    const from = Math.min(...years);
    const to = Math.max(...years);
    const gte = from === first ? lo : from;
    const lte = to === last ? hi : to;
    const { [key]: _dropped, ...rest } = filters;
    if (gte === undefined && lte === undefined) return rest;
    return {
      ...rest,
      [key]: { ...(gte === undefined ? {} : { gte }), ...(lte === undefined ? {} : { lte }) },
    };
  }
  if (BOOLEAN_KEYS.has(key)) {
    const { [key]: _dropped, ...rest } = filters as Record<string, unknown>;
    return (values.length === 1 ? { ...rest, [key]: values[0] } : rest) as Filters;
  }
  return { ...filters, [key]: [...values] } as Filters;
}
