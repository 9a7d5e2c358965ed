/**
 * From a list builder's filters and exclusions to what the service can answer (docs/product-rules.md, section 14,
 * docs/decisions/0011-company-size-and-exclusions.md): the service's filters with every complement
 * applied, the company-size bands left, and the exclusions the BFF serves by set difference.
 * Pure: no call is made here.
 */
import type { Warning } from '../../contract/api';
import { HEADCOUNT_RANGES, type HeadcountRange } from '../../contract/enums';
import {
  type Exclusions,
  type FilterDef,
  type Filters,
  INVESTOR_EXCLUSION_KEY,
  isEmptyFilterValue,
  LIST_FILTER_BY_KEY,
  type ListFilters,
} from '../../contract/filters';
import { COUNTRIES, countriesInRegion } from '../../contract/geo';
import { exclusionMethod, HEADCOUNT_KEY } from '../../contract/list-rules';
import type { ProblemField } from '../../contract/problem';
import { containsWords } from '../../contract/text';

const HQ_COUNTRY = 'location.hq.country';
const HQ_REGION = 'location.hq.region';

/** An exclusion served by set difference: the companies with any of `values` on `key` are removed. */
export type Difference = { key: string; values: (string | number | boolean)[] };

export type ListPlan = {
  /** The service's filters: the user's, complements applied, empty lists dropped. */
  service: Filters;
  /** The company-size bands asked for, exclusions applied; undefined when size is not asked. */
  bands?: HeadcountRange[];
  differences: Difference[];
  /** The echo of the answer: the filters applied as the user gave them, normalised. */
  filters: Record<string, unknown>;
  /** The echo of the exclusions applied (undefined when none). */
  exclude?: Record<string, unknown>;
  warnings: Warning[];
};

function codesOf(def: FilterDef): (string | number)[] {
  return (def.values ?? []).map((v) => v.code);
}

/** Whether every value of `asked` (an open key's filter) is excluded by one of `excluded`. */
function covered(def: FilterDef, asked: readonly string[], excluded: readonly string[]): boolean {
  return asked.every((v) =>
    excluded.some((x) => {
      switch (def.kind) {
        case 'naics':
        case 'sic':
          return v.startsWith(x);
        case 'text':
          // A company named with the words of v also has the words of x when v contains them.
          return containsWords(v, x);
        default:
          return v === x;
      }
    }),
  );
}

const nothingLeft = (key: string, def: FilterDef): ProblemField => ({
  path: `exclude.${key}`,
  message: `excludes every ${inSentence(def.label)} value the list allows: nothing would be left`,
});

/** "Company type" -> "company type"; acronyms ("HQ country", "AI maturity") stay as they are. */
function inSentence(s: string): string {
  return /^[A-Z]{2}/.test(s) ? s : s.charAt(0).toLowerCase() + s.slice(1);
}

/** A complement keeps only companies with a value on the key: the warning the app shows. */
function dropsUnknown(key: string, def: FilterDef, what = def.label): Warning {
  return {
    code: 'exclusion_drops_unknown',
    key,
    message: `Leaving out some values of ${inSentence(def.label)} also leaves out companies whose ${inSentence(what)} is unknown.`,
  };
}

/**
 * The plan of a list request, or the fields in error (excluding everything a key allows, after
 * what `filters` asks on the same key). Keys and values were checked by the contract already.
 */
export function planList(
  filters: ListFilters | undefined,
  exclude: Exclusions | undefined,
): ListPlan | { errors: ProblemField[] } {
  const warnings: Warning[] = [];
  const errors: ProblemField[] = [];
  const echo: Record<string, unknown> = {};
  const service: Record<string, unknown> = {};
  let bands: HeadcountRange[] | undefined;

  for (const [key, value] of Object.entries(filters ?? {})) {
    if (value === undefined) continue;
    if (isEmptyFilterValue(value)) {
      warnings.push({ code: 'empty_filter_ignored', message: `${key} is an empty list and was ignored` });
      continue;
    }
    echo[key] = value;
    if (key === HEADCOUNT_KEY) bands = value as HeadcountRange[];
    else service[key] = value;
  }

  const excludeEcho: Record<string, unknown> = {};
  const differences: Difference[] = [];
  /** HQ countries left out, and the exclusion keys that left them out. */
  const hqOut = new Set<string>();
  const hqKeys: string[] = [];

  for (const [key, value] of Object.entries(exclude ?? {})) {
    if (value === undefined) continue;
    if (isEmptyFilterValue(value)) {
      warnings.push({
        code: 'empty_exclusion_ignored',
        message: `exclude.${key} is an empty list and was ignored`,
      });
      continue;
    }
    if (key === INVESTOR_EXCLUSION_KEY) {
      // An open key of its own (investor ids inside a round): always a set difference.
      excludeEcho[key] = value;
      differences.push({ key, values: value as string[] });
      continue;
    }
    const def = LIST_FILTER_BY_KEY.get(key);
    if (!def) continue; // the contract refuses unknown keys
    const excluded = value as (string | number | boolean)[];
    excludeEcho[key] = excluded;
    const asked = echo[key];

    if (exclusionMethod(def) === 'difference') {
      const all = codesOf(def);
      const everything =
        all.length > 0
          ? (asked === undefined ? all : (asked as (string | number)[])).every((v) => excluded.includes(v))
          : asked !== undefined && covered(def, asked as string[], excluded as string[]);
      if (everything) errors.push(nothingLeft(key, def));
      else differences.push({ key, values: excluded });
      continue;
    }

    if (key === HQ_REGION || key === HQ_COUNTRY) {
      for (const v of excluded as string[]) {
        if (key === HQ_REGION) for (const c of countriesInRegion(v)) hqOut.add(c);
        else hqOut.add(v);
      }
      hqKeys.push(key);
      warnings.push(dropsUnknown(key, def, 'HQ country'));
      continue;
    }

    if (def.kind === 'boolean') {
      const left = (asked === undefined ? [true, false] : [asked as boolean]).filter(
        (b) => !excluded.includes(b),
      );
      if (left.length === 0) errors.push(nothingLeft(key, def));
      else service[key] = left[0];
      warnings.push(dropsUnknown(key, def));
      continue;
    }

    const from = asked === undefined ? codesOf(def) : (asked as (string | number)[]);
    const left = from.filter((v) => !excluded.includes(v));
    if (left.length === 0) {
      errors.push(nothingLeft(key, def));
      continue;
    }
    if (key === HEADCOUNT_KEY) bands = left as HeadcountRange[];
    else service[key] = left;
    warnings.push(dropsUnknown(key, def));
  }

  if (hqKeys.length > 0) {
    let from: string[] = (service[HQ_COUNTRY] as string[] | undefined) ?? COUNTRIES.map((c) => c.code);
    const regions = service[HQ_REGION] as string[] | undefined;
    if (regions) {
      const inside = new Set(regions.flatMap((r) => countriesInRegion(r)));
      from = from.filter((c) => inside.has(c));
    }
    const left = from.filter((c) => !hqOut.has(c));
    // Filters that already allow no HQ country (a country outside the region asked) give an empty
    // list, and the exclusion is not what emptied it; an empty country list would be ignored.
    if (from.length > 0 && left.length === 0) {
      for (const key of hqKeys) errors.push(nothingLeft(key, LIST_FILTER_BY_KEY.get(key)!));
    } else if (from.length > 0) service[HQ_COUNTRY] = left;
  }

  if (errors.length > 0) return { errors };
  // Bands in the order of the scale, whatever order they were asked in.
  const ordered = bands ? HEADCOUNT_RANGES.filter((b) => bands.includes(b)) : undefined;
  return {
    service: service as Filters,
    ...(ordered ? { bands: ordered } : {}),
    differences,
    filters: echo,
    ...(Object.keys(excludeEcho).length > 0 ? { exclude: excludeEcho } : {}),
    warnings,
  };
}
