/**
 * What the grid remembers of the list on screen beyond the URL: the rows selected (across pages)
 * and where its own scroll box was scrolled to. It lives outside the grid, so a visit to a company
 * page (which unmounts the grid) and back finds both again, and in sessionStorage, so a reload
 * does too. One list at a time: a different list (other filters or description) starts afresh.
 */
import type { RowSelectionState } from '@tanstack/react-table';
import { useCallback, useSyncExternalStore } from 'react';
import { readSessionJson, writeSessionJson } from '@/lib/session-json';

type GridScroll = {
  /** The page shown (list, page, size, sort) the position belongs to. */
  view: string;
  top: number;
  left: number;
};

type GridMemory = {
  /** The list's identity (`listKey`). */
  key: string;
  selection: RowSelectionState;
  scroll: GridScroll | null;
};

const STORAGE_KEY = 'list-builder.grid';
const NO_SELECTION: RowSelectionState = {};

/** The identity of a list: what it is built from. Sorting, paging and columns do not change it. */
export function listKey(search: { q?: string | undefined; filters?: unknown; exclude?: unknown }): string {
  // Exclusions only when there are any, so the key of a list without them is what it always was.
  return JSON.stringify(
    search.exclude
      ? [search.q ?? null, search.filters ?? null, search.exclude]
      : [search.q ?? null, search.filters ?? null],
  );
}

function isMemory(v: unknown): v is GridMemory {
  if (typeof v !== 'object' || v === null) return false;
  const m = v as Record<string, unknown>;
  return typeof m.key === 'string' && typeof m.selection === 'object' && m.selection !== null;
}

function load(): GridMemory | null {
  const parsed = readSessionJson(STORAGE_KEY);
  return isMemory(parsed) ? { ...parsed, scroll: parsed.scroll ?? null } : null;
}

let memory: GridMemory | null = load();
const listeners = new Set<() => void>();

function persist() {
  writeSessionJson(STORAGE_KEY, memory);
}

function set(next: GridMemory | null) {
  memory = next;
  persist();
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The selection of the list `key` and its writer; another list's selection is not shown. */
export function useGridSelection(key: string): [RowSelectionState, (ids: RowSelectionState) => void] {
  const selection = useSyncExternalStore(
    subscribe,
    () => (memory?.key === key ? memory.selection : NO_SELECTION),
    () => NO_SELECTION,
  );
  const setSelection = useCallback(
    (ids: RowSelectionState) =>
      set({ key, selection: ids, scroll: memory?.key === key ? memory.scroll : null }),
    [key],
  );
  return [selection, setSelection];
}

/** Where the grid of list `key` was scrolled to while showing `view`, if it was. */
export function savedGridScroll(key: string, view: string): GridScroll | null {
  return memory?.key === key && memory.scroll?.view === view ? memory.scroll : null;
}

/**
 * Notes the grid's scroll position. Kept in memory only (scrolling fires often, and nothing
 * renders from it); `persistGridMemory` writes it out when the grid goes away.
 */
export function noteGridScroll(key: string, scroll: GridScroll) {
  if (memory?.key === key) memory = { ...memory, scroll };
  else memory = { key, selection: NO_SELECTION, scroll };
}

/** Writes the memory to sessionStorage (on unmount and before the page is left or reloaded). */
export function persistGridMemory() {
  persist();
}

/** Forgets everything (tests; a sign-out). */
export function forgetGridMemory() {
  set(null);
}

if (typeof addEventListener === 'function') addEventListener('pagehide', persist);
