/**
 * The filter editor's form: react-hook-form over the nested filter values, and under `exclude` the
 * nested exclusions ("is none of"), validated by the contract's `ListFiltersSchema` and
 * `ExcludeSchema` through the zod resolver, so the editor rejects exactly what the BFF would (a
 * lower bound above the upper bound, a five-digit year, an unknown code, every value left out).
 */
import { ExcludeSchema, type FilterDef, LIST_FILTER_CATALOG, ListFiltersSchema } from '@contract/filters';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldErrors, get, type Resolver, set } from 'react-hook-form';
import { compactExclude, compactFilters, EXCLUSION_KEYS, flattenForm } from '../../filter-values';

/** Nested filters at the root (`location → hq → country`), nested exclusions under `exclude`. */
export type FilterFormValues = Record<string, unknown> & { exclude?: Record<string, unknown> };

/** The form's name of a key's exclusion. */
export const EXCLUDE_ROOT = 'exclude';
export function excludeName(key: string): string {
  return `${EXCLUDE_ROOT}.${key}`;
}

const zodFilters = zodResolver(ListFiltersSchema);
const zodExclude = zodResolver(ExcludeSchema);

/** Whether an exclusion names every value a closed list allows (the BFF refuses it: nothing is left). */
function excludesEverything(f: FilterDef, excluded: unknown): boolean {
  if (!f.values || !Array.isArray(excluded) || f.kind === 'boolean') return false;
  const out = new Set(excluded.map(String));
  return f.values.every((o) => out.has(String(o.code)));
}

const SUB_FIELDS: Readonly<Record<string, string>> = {
  gte: 'From',
  lte: 'To',
  round: 'Round type',
  amount_usd: 'Round amount',
  date: 'Round date',
  investors: 'Investors',
};

/** The first `{type, message}` at or under an error node, with the path of keys that led there. */
function firstError(
  node: unknown,
  path: string[] = [],
): { type: string; message: string; path: string[] } | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const { message, type } = node as { message?: unknown; type?: unknown };
  if (typeof message === 'string') return { type: typeof type === 'string' ? type : 'custom', message, path };
  for (const [k, v] of Object.entries(node)) {
    if (k === 'ref') continue;
    const found = firstError(v, [...path, k]);
    if (found) return found;
  }
  return undefined;
}

/**
 * Validates the compacted, flattened filters. Each filter is one controlled field, and
 * react-hook-form drops errors nested below a field's name (a range's `gte`), so every error is
 * raised to its filter's key, naming the part it is about ("Round amount: …").
 */
export const filtersResolver: Resolver<FilterFormValues> = async (values, context, options) => {
  const exclude = compactExclude(flattenForm(values.exclude, EXCLUSION_KEYS));
  const result = await zodFilters(compactFilters(flattenForm(values)), context, options as never);
  const excluded = await zodExclude(exclude, context, options as never);
  const errors: FieldErrors = {};
  for (const f of LIST_FILTER_CATALOG) {
    // One message per facet: the filter's own, else its exclusion's.
    const found = firstError(get(result.errors, f.key)) ?? firstError(get(excluded.errors, f.key));
    if (!found) {
      if (excludesEverything(f, exclude[f.key])) {
        set(errors, f.key, {
          type: 'custom',
          message: 'Excluding every value leaves no company: remove at least one.',
        });
      }
      continue;
    }
    const part = found.path.find((p) => p in SUB_FIELDS);
    // Zod's own bound messages ("Too big: expected number to be <=9999") say less than the kind.
    const yearBound = f.kind === 'year_range' && (found.type === 'too_big' || found.type === 'too_small');
    const words = yearBound ? 'Enter a four-digit year.' : humaniseMessage(found.message);
    set(errors, f.key, { type: found.type, message: part ? `${SUB_FIELDS[part]}: ${words}` : words });
  }
  return Object.keys(errors).length > 0
    ? { values: {}, errors }
    : {
        values: { ...(result.values as Record<string, unknown>), [EXCLUDE_ROOT]: excluded.values },
        errors: {},
      };
};

const MESSAGES: readonly (readonly [RegExp, string])[] = [
  [/gte must not be greater than lte/, 'The lower bound is above the upper bound.'],
  [/a range needs gte or lte/, 'Enter at least one bound.'],
  [/expected a four-digit year/, 'Enter a four-digit year.'],
  [/expected a whole year/, 'Enter a whole year.'],
  [/expected a date YYYY-MM-DD/, 'Enter a date as YYYY-MM-DD.'],
  [/not a real calendar date/, 'That date does not exist.'],
  [/expected whole US dollars/, 'Enter whole dollars.'],
  [/a funding round condition needs at least one sub-field/, 'Add at least one condition.'],
];

/** The contract's messages in the words of the form. */
function humaniseMessage(message: string): string {
  for (const [pattern, words] of MESSAGES) if (pattern.test(message)) return words;
  if (/^Too small: expected number to be >=0$/.test(message)) return 'Enter a number of zero or more.';
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/** The first error message at or under a path (a range's own error, or one of its bounds'). */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  const find = (node: unknown, depth: number): string | undefined => {
    if (!node || typeof node !== 'object' || depth > 4) return undefined;
    const own = (node as { message?: unknown }).message;
    if (typeof own === 'string' && own) return own;
    for (const [k, v] of Object.entries(node)) {
      if (k === 'ref' || k === 'type' || k === 'types') continue;
      const found = find(v, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  const found = find(get(errors, path), 0);
  return found ? humaniseMessage(found) : undefined;
}
