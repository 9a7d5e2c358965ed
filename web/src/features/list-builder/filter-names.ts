/**
 * Names for codes the catalog cannot label itself: service industry codes ("IND-2031" → "Fintech")
 * and investor ids. They are learnt where the app sees them (industry search, company search,
 * the Describe translation) and kept in this small store, in localStorage too, so chips and the
 * summary keep showing words after a reload.
 */
import { useSyncExternalStore } from 'react';

type Kind = 'industry' | 'company';
const STORAGE_KEY = 'list-builder.names.v1';

let names: Record<Kind, Record<string, string>> = load();
const listeners = new Set<() => void>();

function load(): Record<Kind, Record<string, string>> {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<Record<Kind, Record<string, string>>>) : {};
    return { industry: parsed.industry ?? {}, company: parsed.company ?? {} };
  } catch {
    return { industry: {}, company: {} };
  }
}

/** Remembers names (only changes notify, so a repeated search re-renders nothing). */
export function rememberNames(kind: Kind, entries: readonly (readonly [string, string])[]): void {
  const fresh = entries.filter(([code, name]) => names[kind][code] !== name);
  if (fresh.length === 0) return;
  names = { ...names, [kind]: { ...names[kind], ...Object.fromEntries(fresh) } };
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(names));
  } catch {
    // Storage full or blocked: names still live for this page.
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNames(kind: Kind): Readonly<Record<string, string>> {
  return useSyncExternalStore(
    subscribe,
    () => names[kind],
    () => names[kind],
  );
}

export function nameOf(kind: Kind, code: string): string | undefined {
  return names[kind][code];
}
