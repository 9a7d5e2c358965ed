/**
 * What a paid answer says about itself in its headers: whether the BFF's short cache answered it,
 * what the team's company store saved on it, and when its data was fetched from the service
 * (docs/decisions/0024-company-store.md). Read once here for the grid, the saved lists and the
 * company page, so each shows the same words for the same answer.
 */
import {
  AS_OF_HEADER,
  CREDITS_SAVED_HEADER,
  REFRESH_OFFERED_AFTER_MS,
  readAsOf,
} from '@contract/company-store';

export type StoreNote = {
  /** The BFF answered from its cache: nothing was charged. */
  cached: boolean;
  /** Credits the team's company store saved on this answer (0 when nothing came from it). */
  saved: number;
  /** When the data was fetched: one time per row of a list, one for a company's sections. */
  asOf: string[];
};

export function storeNoteOf(headers: Headers): StoreNote {
  const saved = Number(headers.get(CREDITS_SAVED_HEADER) ?? 0);
  return {
    cached: headers.get('x-cache') === 'hit',
    saved: Number.isFinite(saved) && saved > 0 ? saved : 0,
    asOf: readAsOf(headers.get(AS_OF_HEADER)),
  };
}

/** The oldest of some fetch times (what a page's freshness is), or null when none is known. */
export function oldestOf(times: readonly string[]): string | null {
  let oldest: string | null = null;
  let at = Number.POSITIVE_INFINITY;
  for (const t of times) {
    const ms = Date.parse(t);
    if (!Number.isNaN(ms) && ms < at) {
      at = ms;
      oldest = t;
    }
  }
  return oldest;
}

/** Whether data fetched at `asOf` is old enough that a "Refresh" is offered (older than a day). */
export function offersRefresh(asOf: string | null, now: number = Date.now()): boolean {
  if (!asOf) return false;
  const ms = Date.parse(asOf);
  return !Number.isNaN(ms) && now - ms > REFRESH_OFFERED_AFTER_MS;
}
