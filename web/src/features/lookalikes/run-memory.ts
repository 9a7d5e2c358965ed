/**
 * The lookalike runs the user asked for in this tab. A run costs hundreds of credits, so it starts
 * only from a click that showed its cost ("More like this", "Re-rank"); a reloaded or shared link
 * shows the cost and waits for the click.
 */
import { useCallback, useSyncExternalStore } from 'react';

const asked = new Set<string>();
const listeners = new Set<() => void>();
let version = 0;

export function askRun(key: string): void {
  if (asked.has(key)) return;
  asked.add(key);
  version++;
  for (const l of listeners) l();
}

/** Whether the run of `key` was asked for, re-read whenever another run is. */
export function useRunAsked(key: string): boolean {
  const subscribe = useCallback((onChange: () => void) => {
    listeners.add(onChange);
    return () => listeners.delete(onChange);
  }, []);
  useSyncExternalStore(subscribe, () => version);
  return asked.has(key);
}
