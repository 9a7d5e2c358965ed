/**
 * How the rep laid the list builder out, kept across visits in this browser (localStorage): rows
 * compact or roomy, and the filter panel folded or open on a desktop. Storage can be missing, full
 * or disabled: the defaults stand then, and nothing breaks.
 */
import { useCallback, useSyncExternalStore } from 'react';

export type ListLayout = {
  /** Rows of 24 px instead of 36: at least 25 rows in the grid of a 1440 x 900 window. */
  compact: boolean;
  /** From `lg` up, the filter panel folded to a narrow strip beside the results. */
  filtersFolded: boolean;
};

const STORAGE_KEY = 'list-builder.layout';
const DEFAULTS: ListLayout = { compact: false, filtersFolded: false };

function read(): ListLayout {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
    const v = raw ? (JSON.parse(raw) as Partial<ListLayout>) : {};
    return {
      compact: typeof v.compact === 'boolean' ? v.compact : DEFAULTS.compact,
      filtersFolded: typeof v.filtersFolded === 'boolean' ? v.filtersFolded : DEFAULTS.filtersFolded,
    };
  } catch {
    return DEFAULTS;
  }
}

let layout: ListLayout = read();
const listeners = new Set<() => void>();

function set(next: ListLayout): void {
  layout = next;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Kept for this page only.
  }
  for (const l of listeners) l();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** One choice of the layout, and its setter. */
export function useListLayout<K extends keyof ListLayout>(
  key: K,
): [ListLayout[K], (v: ListLayout[K]) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => layout[key],
    () => DEFAULTS[key],
  );
  const update = useCallback((v: ListLayout[K]) => set({ ...layout, [key]: v }), [key]);
  return [value, update];
}
