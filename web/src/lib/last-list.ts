/**
 * Remembers the last list the user looked at (the `/` route's search) and where each page was
 * entered from, so "Back to the list" on another page returns to that same list. Kept in
 * sessionStorage as well, so a reload of a company page still knows the way back.
 */

import { readSessionJson, writeSessionJson } from './session-json';

type RouterLike = {
  subscribe: (
    event: 'onResolved',
    fn: (e: {
      fromLocation?: { pathname: string } | undefined;
      toLocation: { pathname: string; search: unknown };
    }) => void,
  ) => () => void;
};

const STORAGE_KEY = 'list-builder.last-list';

let lastListSearch: Record<string, unknown> | null = null;
let enteredFrom: string | null = null;

/** Starts tracking; call once with the app's router. */
export function trackListLocation(router: RouterLike): () => void {
  return router.subscribe('onResolved', ({ fromLocation, toLocation }) => {
    if (toLocation.pathname === '/') {
      lastListSearch = (toLocation.search ?? {}) as Record<string, unknown>;
      writeSessionJson(STORAGE_KEY, lastListSearch);
    }
    // Only a change of page counts: a tab switch within the company page keeps where it came from.
    if (fromLocation && fromLocation.pathname !== toLocation.pathname) enteredFrom = fromLocation.pathname;
    if (!fromLocation) enteredFrom = null;
  });
}

/** The search of the last list shown, or null when none was shown in this tab. */
export function lastListSearchParams(): Record<string, unknown> | null {
  if (lastListSearch) return lastListSearch;
  const saved = readSessionJson(STORAGE_KEY);
  return typeof saved === 'object' && saved !== null ? (saved as Record<string, unknown>) : null;
}

/** Whether the current page was opened straight from the list (so history back lands on it). */
export function enteredFromList(): boolean {
  return enteredFrom === '/';
}
