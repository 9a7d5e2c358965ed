/**
 * How the BFF serves what the service cannot (docs/product-rules.md, section 14,
 * docs/decisions/0011-company-size-and-exclusions.md): which exclusions are a complement within the
 * key and which a set difference, the runs of adjacent company-size bands, and the bound on the
 * one-company probes a run costs. Pure: the BFF's resolver and the web app's estimate both read it.
 */
import { z } from 'zod';
import { HEADCOUNT_RANGES, type HeadcountRange } from './enums';
import { type FilterDef, type FilterKind, LIST_FILTER_BY_KEY } from './filters';
import { LIST_TOTAL_CAP } from './list-params';
import { SECTION_SCHEMAS } from './sections';

/** Kinds whose values are a closed list the BFF can take the complement of. */
const CLOSED_KINDS: ReadonlySet<FilterKind> = new Set([
  'enum',
  'number_enum',
  'country',
  'region',
  'boolean',
]);

/** The schema inside optional, nullable and default wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (;;) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) {
      s = s.unwrap() as z.ZodType;
    } else return s;
  }
}

/**
 * Whether a company may hold several values of a filter's field: the field's path in its section's
 * schema goes through an array (`business_model.revenue_model` is a list of entries,
 * `location.offices.country` one country per office). Read from the section schemas, not a hand list.
 */
export function isMultiValued(def: Pick<FilterDef, 'group' | 'field'>): boolean {
  let node: z.ZodType = SECTION_SCHEMAS[def.group];
  for (const part of def.field.split('.')) {
    node = unwrap(node);
    if (node instanceof z.ZodArray) return true;
    if (!(node instanceof z.ZodObject)) throw new Error(`${def.group}.${def.field}: no field ${part}`);
    const next = (node.shape as Record<string, z.ZodType>)[part];
    if (!next) throw new Error(`${def.group}.${def.field}: no field ${part}`);
    node = next;
  }
  return unwrap(node) instanceof z.ZodArray;
}

/**
 * How an exclusion of a key is served:
 * - `complement`: a closed list held once per company. "Is none of X" is "is one of the other
 *   values", a filter the service has. The HQ region counts as one: it is derived from the HQ
 *   country (every region containing it), so it is served as a complement of HQ countries.
 * - `difference`: an open list (names, codes) or a field held several times per company. For those
 *   "any of the other values" is not "none of X" (a company with the revenue models subscription
 *   and advertising has a value other than advertising), so the BFF subtracts the companies that
 *   have an excluded value.
 */
type ExclusionMethod = 'complement' | 'difference';

export function exclusionMethod(def: FilterDef): ExclusionMethod {
  if (def.kind === 'region') return 'complement';
  return CLOSED_KINDS.has(def.kind) && !isMultiValued(def) ? 'complement' : 'difference';
}

/** The exclusion method of every excludable key, by key. */
export function exclusionMethodOf(key: string): ExclusionMethod | undefined {
  const def = LIST_FILTER_BY_KEY.get(key);
  return def ? exclusionMethod(def) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Company size

export const HEADCOUNT_KEY = 'firmographic.headcount_range';

/** A run of adjacent bands, as indexes into HEADCOUNT_RANGES: `lo` to `hi` inclusive. */
export type BandRun = { lo: number; hi: number };

/** The runs of adjacent bands of a band set, smallest first (`1-10` and `1001-5000` are two runs). */
export function bandRuns(bands: readonly HeadcountRange[]): BandRun[] {
  const wanted = new Set(bands);
  const runs: BandRun[] = [];
  HEADCOUNT_RANGES.forEach((band, i) => {
    if (!wanted.has(band)) return;
    const last = runs.at(-1);
    if (last && last.hi === i - 1) last.hi = i;
    else runs.push({ lo: i, hi: i });
  });
  return runs;
}

/**
 * The most one-company probes one run of bands takes: each end of the slice by binary search over
 * the 500 positions the service serves (ceil(log2 500) = 9 each), plus the last reachable position
 * in each order (whether the slice ends within reach there).
 */
export const PROBES_PER_RUN = 2 * Math.ceil(Math.log2(LIST_TOTAL_CAP)) + 2;
