/**
 * Reading and editing a list's `filters` and `exclude` as the editor and the summary need them:
 * which values are active, how many per group, and the nested shape react-hook-form keeps them in.
 * Every key of the list builder counts (`LIST_FILTER_CATALOG`: the service's filters and the BFF's
 * own, such as Employees); `exclude` holds only the keys `EXCLUSION_KEYS` names: those of
 * `EXCLUDABLE_FILTERS`, and the investors a company's rounds must not name (`INVESTOR_EXCLUSION_KEY`,
 * an open key of its own that the funding-round facet edits).
 */
import {
  EXCLUDABLE_FILTERS,
  FILTER_GROUPS,
  type FilterDef,
  type FilterGroup,
  INVESTOR_EXCLUSION_KEY,
  LIST_FILTER_CATALOG,
} from '@contract/filters';

export type FilterValues = Record<string, unknown>;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * A value with its empty parts removed, or undefined when nothing is left: empty lists, unset
 * range bounds, a funding-round condition with no sub-condition. Only what selects something is
 * written to the URL, so an unticked last box removes the filter instead of sending `[]`.
 */
export function compactValue(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) return value.length > 0 ? value : undefined;
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const c = compactValue(v);
      if (c !== undefined) out[k] = c;
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }
  if (typeof value === 'number' && Number.isNaN(value)) return undefined;
  return value;
}

function compactOver(keys: readonly string[], values: FilterValues | undefined): FilterValues {
  const out: FilterValues = {};
  if (!values) return out;
  for (const key of keys) {
    const v = compactValue(values[key]);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

const FILTER_KEYS: readonly string[] = LIST_FILTER_CATALOG.map((f) => f.key);

/** Only the catalog's keys, each compacted; keys left with nothing are dropped. */
export function compactFilters(filters: FilterValues | undefined): FilterValues {
  return compactOver(FILTER_KEYS, filters);
}

/** The catalog keys a facet can turn to "is none of" (each drawn with a match toggle). */
export const EXCLUDABLE_KEYS: ReadonlySet<string> = new Set(EXCLUDABLE_FILTERS.map((f) => f.key));

/**
 * Every key `exclude` may name, in editor order: the excludable catalog keys, then the investors a
 * company's rounds must not name ("Not backed by Sequoia Capital"), which is no catalog key of its
 * own: the funding-round facet edits it beside the round's investors.
 */
export const EXCLUSION_KEYS: readonly string[] = [...EXCLUDABLE_KEYS, INVESTOR_EXCLUSION_KEY];

/** The catalog key whose facet edits an exclusion key (the funding round's, for investors). */
export function facetKeyOf(exclusionKey: string): string {
  return exclusionKey === INVESTOR_EXCLUSION_KEY ? 'funding_detail.funding_rounds' : exclusionKey;
}

/** Only the keys that can be excluded, each compacted; keys left with nothing are dropped. */
export function compactExclude(exclude: FilterValues | undefined): FilterValues {
  return compactOver(EXCLUSION_KEYS, exclude);
}

/**
 * Active facets per group (after compaction): a facet counts once, whether it includes, excludes or
 * both (a funding round with investors left out is one facet).
 */
export function countByGroup(
  filters: FilterValues | undefined,
  exclude?: FilterValues | undefined,
): Record<FilterGroup, number> {
  const counts = Object.fromEntries(FILTER_GROUPS.map((g) => [g.id, 0])) as Record<FilterGroup, number>;
  const active = new Set([
    ...Object.keys(compactFilters(filters)),
    ...Object.keys(compactExclude(exclude)).map(facetKeyOf),
  ]);
  for (const f of LIST_FILTER_CATALOG) if (active.has(f.key)) counts[f.group] += 1;
  return counts;
}

export const FILTERS_OF_GROUP = Object.fromEntries(
  FILTER_GROUPS.map((g) => [g.id, LIST_FILTER_CATALOG.filter((f) => f.group === g.id)]),
) as Readonly<Partial<Record<FilterGroup, readonly FilterDef[]>>> as Readonly<
  Record<FilterGroup, readonly FilterDef[]>
>;

/** The filters (or exclusions) without one key, or without one value of a list-valued key. */
export function withoutValue(filters: FilterValues, key: string, value?: unknown): FilterValues {
  const out = { ...filters };
  const current = out[key];
  if (value !== undefined && Array.isArray(current)) {
    const rest = current.filter((v) => v !== value);
    if (rest.length > 0) out[key] = rest;
    else delete out[key];
  } else {
    delete out[key];
  }
  return out;
}

/**
 * Dotted filter keys become nested paths in react-hook-form (`location.hq.country` is
 * `location → hq → country`). No catalog key is a prefix of another, nor is one exclusion key of
 * another, so nesting is lossless; filters and exclusions are nested apart (the investors left out,
 * `funding_detail.funding_rounds.investors.uuid`, lie under the funding round's key), each over its
 * own keys.
 */
export function nestFilters(
  filters: FilterValues,
  keys: readonly string[] = FILTER_KEYS,
): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const key of keys) {
    if (!(key in filters)) continue;
    const parts = key.split('.');
    let node = root;
    for (const p of parts.slice(0, -1)) {
      if (!isPlainObject(node[p])) node[p] = {};
      node = node[p] as Record<string, unknown>;
    }
    node[parts[parts.length - 1]!] = filters[key];
  }
  return root;
}

/** The nested form back to dotted keys (the filters', or with `EXCLUSION_KEYS` the exclusions'). */
export function flattenForm(
  nested: Record<string, unknown> | undefined,
  keys: readonly string[] = FILTER_KEYS,
): FilterValues {
  const out: FilterValues = {};
  if (!nested) return out;
  for (const key of keys) {
    let node: unknown = nested;
    for (const p of key.split('.')) node = isPlainObject(node) ? node[p] : undefined;
    if (node !== undefined) out[key] = node;
  }
  return out;
}

/**
 * A stable text of a list's filters and exclusions, to tell whether two of them say the same.
 * Without exclusions it is the text of the filters alone.
 */
export function filtersFingerprint(filters: FilterValues | undefined, exclude?: FilterValues): string {
  const sortKeys = (v: unknown): unknown =>
    isPlainObject(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sortKeys(v[k])]),
        )
      : Array.isArray(v)
        ? v.map(sortKeys)
        : v;
  const excluded = compactExclude(exclude);
  return JSON.stringify(
    sortKeys(
      Object.keys(excluded).length > 0
        ? { filters: compactFilters(filters), exclude: excluded }
        : compactFilters(filters),
    ),
  );
}
