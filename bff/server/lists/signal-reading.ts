/**
 * What a signal answer says, as a screening reads it (docs/product-rules.md section 17): the open
 * roles of a jobs answer, and whether a value lies within a filter's bounds.
 */
import { HIRING_DEFAULT_DAYS, type HIRING_KEY, type SignalFilters } from '../../contract/signal-filters';

type Answer = { data?: unknown; count?: unknown };

/** A UTC day `days` before `now`, as YYYY-MM-DD. */
function daysBefore(now: Date, days: number): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Open roles of a jobs answer: listings posted within `days` of today whose function is one of
 * `functions` (any when absent); and every open listing the company has (`count`).
 */
export function openRoles(
  answer: unknown,
  filter: NonNullable<SignalFilters[typeof HIRING_KEY]>,
  now: Date,
): { openRoles: number; listings: number } {
  const a = answer as Answer | null;
  const listings = Array.isArray(a?.data) ? (a.data as { posted_date?: unknown; function?: unknown }[]) : [];
  const since = daysBefore(now, filter.posted_within_days ?? HIRING_DEFAULT_DAYS);
  const functions = filter.functions ? new Set<unknown>(filter.functions) : undefined;
  const open = listings.filter(
    (l) =>
      typeof l.posted_date === 'string' &&
      l.posted_date >= since &&
      (functions === undefined || functions.has(l.function)),
  ).length;
  return { openRoles: open, listings: typeof a?.count === 'number' ? a.count : listings.length };
}

/** Whether a value lies within a filter's bounds (a missing value never does). */
export const within = (v: number | null, r: { gte?: number | undefined; lte?: number | undefined }) =>
  v !== null && (r.gte === undefined || v >= r.gte) && (r.lte === undefined || v <= r.lte);
