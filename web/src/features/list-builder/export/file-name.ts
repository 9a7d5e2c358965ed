/**
 * The name an exported list is saved under: what the list is (the description the user typed, or
 * else its filters in words) and the day, e.g. `software-companies-germany-2026-11-22.csv`.
 */
import { LIST_FILTER_BY_KEY, LIST_FILTER_CATALOG } from '@contract/filters';

/** Words that say nothing in a file name ("companies in Germany" -> "companies-germany"). */
const FILLER = new Set([
  'a',
  'an',
  'the',
  'in',
  'of',
  'and',
  'or',
  'with',
  'for',
  'from',
  'at',
  'on',
  'to',
  'by',
]);
const MAX_SLUG = 60;

export function slugify(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '' && !FILLER.has(w));
  let slug = '';
  for (const w of words) {
    const next = slug === '' ? w : `${slug}-${w}`;
    if (next.length > MAX_SLUG) break;
    slug = next;
  }
  // A single word longer than the limit is cut rather than dropped.
  return slug === '' && words[0] ? words[0].slice(0, MAX_SLUG) : slug;
}

function isRange(v: unknown): v is { gte?: unknown; lte?: unknown } {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && ('gte' in v || 'lte' in v);
}

/** The filters in a few words, in the catalog's order: labels of chosen values, ranges as bounds. */
export function describeFilters(filters: Record<string, unknown> | undefined): string {
  if (!filters) return '';
  const parts: string[] = [];
  for (const def of LIST_FILTER_CATALOG) {
    const value = filters[def.key];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      const labelOf = (v: unknown) =>
        LIST_FILTER_BY_KEY.get(def.key)?.values?.find((o) => o.code === v)?.label ?? String(v);
      parts.push(...value.slice(0, 3).map(labelOf));
    } else if (isRange(value)) {
      const bounds = [value.gte, value.lte].filter((b) => b !== undefined).join(' ');
      parts.push(`${def.label} ${bounds}`);
    } else if (value === true) {
      parts.push(def.label);
    }
  }
  return parts.join(' ');
}

function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function exportFileName(
  list: {
    q?: string | undefined;
    filters?: Record<string, unknown> | undefined;
    exclude?: Record<string, unknown> | undefined;
  },
  date: Date,
): string {
  // Exclusions name what the list leaves out: "software-germany-not-united-states".
  const left = describeFilters(list.exclude);
  const words = [describeFilters(list.filters), left ? `not ${left}` : ''].filter(Boolean).join(' ');
  const name = slugify(list.q ?? '') || slugify(words) || 'companies';
  return `${name}-${isoDay(date)}.csv`;
}
