/**
 * The list's signal filters as the list builder edits them (docs/decisions/0028-signal-filters-by-screening.md):
 * `signals.headcount_growth`, `signals.hiring`, `signals.monthly_visits`. They are no facets of the
 * catalog: applying one screens the list's first 500 companies through paid endpoints, so the editor
 * holds them as a draft, prices it first (`POST /bff/lists/screen/estimate`) and writes them to the
 * URL only on Apply. A description's signal words wait here as a draft too (`offerSignals`).
 */

import {
  HEADCOUNT_GROWTH_KEY,
  HeadcountGrowthFilter,
  HIRING_DEFAULT_DAYS,
  HIRING_KEY,
  HiringFilter,
  MONTHLY_VISITS_KEY,
  MonthlyVisitsFilter,
  SIGNAL_FILTER_KEYS,
  type SignalFilters,
} from '@contract/signal-filters';
import { JOB_FUNCTION_LABELS, type JobFunction } from '@contract/signal-values';
import { useSyncExternalStore } from 'react';

export type FilterValues = Record<string, unknown>;

export { SIGNAL_FILTER_KEYS };

export const SIGNAL_LABELS: Readonly<Record<(typeof SIGNAL_FILTER_KEYS)[number], string>> = {
  [HEADCOUNT_GROWTH_KEY]: 'Headcount growth',
  [HIRING_KEY]: 'Hiring',
  [MONTHLY_VISITS_KEY]: 'Monthly visits',
};

const SIGNAL_KEYS: ReadonlySet<string> = new Set(SIGNAL_FILTER_KEYS);

export function isSignalKey(key: string): boolean {
  return SIGNAL_KEYS.has(key);
}

/** The signal filters of a list's filters (only those present). */
export function signalsOf(filters: FilterValues | undefined): SignalFilters {
  const out: Record<string, unknown> = {};
  for (const k of SIGNAL_FILTER_KEYS) if (filters?.[k] !== undefined) out[k] = filters[k];
  return out as SignalFilters;
}

/** A list's filters without their signal filters. */
export function withoutSignals(filters: FilterValues | undefined): FilterValues {
  const out: FilterValues = {};
  for (const [k, v] of Object.entries(filters ?? {})) if (!isSignalKey(k)) out[k] = v;
  return out;
}

const SCHEMAS = {
  [HEADCOUNT_GROWTH_KEY]: HeadcountGrowthFilter,
  [HIRING_KEY]: HiringFilter,
  [MONTHLY_VISITS_KEY]: MonthlyVisitsFilter,
} as const;

/**
 * A signal filter checked with the contract's schema: its value as the BFF will read it, or the
 * first problem in words (no field paths on screen).
 */
export function checkSignal(
  key: (typeof SIGNAL_FILTER_KEYS)[number],
  value: unknown,
): { ok: true; value: unknown } | { ok: false; message: string } {
  const parsed = SCHEMAS[key].safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Check this filter.' };
}

const count = (n: number) => n.toLocaleString('en-US');

/** One signal filter in words, for the summary and the facet's note. */
export function signalWords(key: string, value: unknown): string {
  const v = (value ?? {}) as Record<string, unknown>;
  const bounds = (unit: string) => {
    const gte = typeof v.gte === 'number' ? count(v.gte) : undefined;
    const lte = typeof v.lte === 'number' ? count(v.lte) : undefined;
    if (gte !== undefined && lte !== undefined) return `${gte}${unit} to ${lte}${unit}`;
    if (gte !== undefined) return `at least ${gte}${unit}`;
    if (lte !== undefined) return `at most ${lte}${unit}`;
    return 'any';
  };
  if (key === HEADCOUNT_GROWTH_KEY)
    return `Headcount growth over ${v.period === '6m' ? '6' : '12'} months: ${bounds('%')}`;
  if (key === MONTHLY_VISITS_KEY) return `Monthly visits: ${bounds('')}`;
  if (key === HIRING_KEY) {
    const functions = Array.isArray(v.functions)
      ? (v.functions as JobFunction[]).map((f) => JOB_FUNCTION_LABELS[f] ?? f).join(', ')
      : undefined;
    const min =
      typeof v.min_openings === 'number' && v.min_openings > 1 ? ` (${v.min_openings}+ open roles)` : '';
    const days =
      typeof v.posted_within_days === 'number' && v.posted_within_days !== HIRING_DEFAULT_DAYS
        ? `, posted in the last ${v.posted_within_days} days`
        : '';
    return `Hiring${functions ? `: ${functions}` : ''}${min}${days}`;
  }
  return key;
}

// ---------------------------------------------------------------------------------------------
// A description's signal words, offered to the Signals facets as a draft (never applied unpriced)

/** The Signals facets' region, where a description's signal words wait for their price. */
export const SIGNAL_FACETS_ID = 'signal-facets';

/** Brings the Signals facets into view and puts the focus on their header (it names the group). */
export function revealSignalFacets(): void {
  const region = document.getElementById(SIGNAL_FACETS_ID);
  if (!region) return;
  region.scrollIntoView?.({ block: 'start' });
  region.querySelector<HTMLElement>('h3 button')?.focus({ preventScroll: true });
}

let offered: { query: string; signals: SignalFilters } | undefined;
const listeners = new Set<() => void>();

/** Offers a description's signal filters to the facets (undefined: none to offer). */
export function offerSignals(query: string, signals: SignalFilters | undefined): void {
  offered = signals && Object.keys(signals).length > 0 ? { query, signals } : undefined;
  for (const l of listeners) l();
}

export function useOfferedSignals(): { query: string; signals: SignalFilters } | undefined {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => offered,
    () => undefined,
  );
}
