/**
 * What one translation carries from rule to rule: the text still unread, the filters written so far,
 * which words became which filter, and the words nothing used.
 */
import type { Range } from '../../../contract/filters';

export type TranslateContext = { today: Date; resolveInvestor?: (name: string) => string[] };
export type TranslateMatch = { text: string; key: string; values: unknown };

export type State = {
  /** The normalised text; a phrase a rule has read is replaced by a barrier (see `runner.ts`). */
  s: string;
  ctx: TranslateContext;
  filters: Record<string, unknown>;
  matches: TranslateMatch[];
  unmatched: string[];
  /** Lower-case word -> the word as typed ("SAP"), for names. */
  casing: Map<string, string>;
};

/** Adds values to an array filter (any-of), keeping each once. */
export function addValues(st: State, key: string, values: readonly unknown[], text: string): void {
  if (values.length === 0) return;
  const prev = (st.filters[key] as unknown[] | undefined) ?? [];
  st.filters[key] = [...new Set([...prev, ...values])];
  st.matches.push({ text: text.trim(), key, values });
}

export function setValue(st: State, key: string, value: unknown, text: string): void {
  st.filters[key] = value;
  st.matches.push({ text: text.trim(), key, values: value });
}

/** Narrows a range filter by another bound; a bound that would empty the range is ignored. */
export function setRange<T extends number | string>(st: State, key: string, r: Range<T>, text: string): void {
  const prev = (st.filters[key] as Range<T> | undefined) ?? {};
  const merged: Range<T> = { ...prev };
  if (r.gte !== undefined) merged.gte = merged.gte !== undefined && merged.gte > r.gte ? merged.gte : r.gte;
  if (r.lte !== undefined) merged.lte = merged.lte !== undefined && merged.lte < r.lte ? merged.lte : r.lte;
  if (merged.gte !== undefined && merged.lte !== undefined && merged.gte > merged.lte) return;
  st.filters[key] = merged;
  st.matches.push({ text: text.trim(), key, values: r });
}

/**
 * Scratch space of one group for one translation (a funding round gathered across several rules and
 * written once at the end), so the State holds nothing group-specific.
 */
export function scratch<T>(init: () => T): (st: State) => T {
  const byState = new WeakMap<State, T>();
  return (st) => {
    let v = byState.get(st);
    if (v === undefined) {
      v = init();
      byState.set(st, v);
    }
    return v;
  };
}
