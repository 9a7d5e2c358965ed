/**
 * The exact size of the list past the service's 500 (issue 33): offered when the list is capped,
 * priced first (the estimate is asked only while the offer is on screen), counted on the user's
 * click, cancellable, and kept in the URL with the list it counted (`count` in `ListSearch`).
 */
import type { ListRequest } from '@contract/api';
import type { ListCountProgress } from '@contract/bff-lists';
import { differenceKeys } from '@contract/list-cost';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '@/lib/errors';
import { invalidateUsage } from '@/lib/usage';
import { COUNT_ESTIMATE_KEY, countBody, countList, useCountEstimate } from './api/count-list';
import { EXPORT_ESTIMATE_KEY } from './api/estimate-export';
import { countFingerprint, exactCountOf, type ListSearch, lockedSortBy } from './list-search';

export type CountRun =
  | { state: 'idle' }
  /** `progress`: slices done, companies and credits so far, once the BFF has told the first. */
  | { state: 'counting'; since: number; progress?: ListCountProgress }
  | { state: 'cancelled' }
  | { state: 'failed'; message: string };

export type ExactCount = {
  /** The exact count of this very list, once counted; else null. */
  count: number | null;
  /** Why this list cannot be counted past 500 here, or null. */
  unavailable: string | null;
  run: CountRun;
  /** The count's price, asked while `offered`. */
  estimate: ReturnType<typeof useCountEstimate>;
  /** The list is capped, not counted yet, and countable: the count line offers it. */
  offered: boolean;
  start: () => void;
  cancel: () => void;
};

/**
 * Why a capped list cannot be counted exactly (the BFF refuses these past 500: 0026), or null. The
 * Employees filter is counted (its bands found within each slice, priced first), except beside an
 * exclusion the BFF serves by set difference; hidden account lists are counted (0035: each slice's
 * companies read, priced first), except beside either of those.
 */
export function countUnavailable(search: ListSearch): string | null {
  const sized = lockedSortBy(search.filters, search.exclude);
  const differences = differenceKeys(search.exclude as Record<string, unknown> | undefined).length > 0;
  if (sized && differences)
    return 'An exact count is not available with the Employees filter beside this exclusion yet.';
  // Hidden account lists are counted past 500 (0035), but not beside company size or a set difference.
  if ((search.hide_accounts?.length ?? 0) > 0 && (sized || differences))
    return sized
      ? 'An exact count cannot leave out hidden account lists beside the Employees filter yet: show them again to count the whole list (their companies included), or narrow it below 500.'
      : 'An exact count cannot leave out hidden account lists beside this exclusion yet: show them again to count the whole list (their companies included), or narrow it below 500.';
  return null;
}

/**
 * A count's run on request: its progress while the BFF streams it, cancellable, stopped when the page
 * goes; `onCounted` gets the answer. What it spent shows in the header's usage when it ends.
 */
export function useCountRun(body: ReturnType<typeof countBody>, onCounted: (count: number) => void) {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<CountRun>({ state: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const counted = useRef(onCounted);
  counted.current = onCounted;
  // Leaving the page stops a count the user can no longer see.
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(() => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const since = Date.now();
    setRun({ state: 'counting', since });
    countList(body, controller.signal, (progress) => {
      if (!controller.signal.aborted) setRun({ state: 'counting', since, progress });
    })
      .then((answer) => {
        if (controller.signal.aborted) return;
        setRun({ state: 'idle' });
        counted.current(answer.count);
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        setRun({ state: 'failed', message: errorMessage(err, 'The count stopped before it finished.') });
      })
      .finally(() => {
        if (abort.current === controller) abort.current = null;
        // What the count spent (all of it, or up to a cancel) shows in the header's usage.
        void invalidateUsage(queryClient);
        void queryClient.invalidateQueries({ queryKey: COUNT_ESTIMATE_KEY });
        void queryClient.invalidateQueries({ queryKey: EXPORT_ESTIMATE_KEY });
      });
  }, [body, queryClient]);

  /** Stops the run (a cancel the user sees, or a quiet reset when the list changed). */
  const stop = useCallback((state: 'cancelled' | 'idle') => {
    abort.current?.abort();
    abort.current = null;
    setRun({ state });
  }, []);

  return { run, start, stop };
}

export function useExactCount(
  search: ListSearch,
  update: (change: Partial<ListSearch>, opts?: { replace?: boolean }) => unknown,
  request: ListRequest,
  capped: boolean,
): ExactCount {
  const count = exactCountOf(search);
  const unavailable = capped ? countUnavailable(search) : null;
  const body = useMemo(() => countBody(request), [request]);
  const fingerprint = countFingerprint(search);
  const offered = capped && count === null && unavailable === null;
  const estimate = useCountEstimate(body, offered);
  const pageRef = useRef(search.page);
  pageRef.current = search.page;
  // Kept with the list (and the page the user is on); the export's price now knows the count.
  const { run, start, stop } = useCountRun(body, (n) =>
    update({ count: { n, of: fingerprint }, page: pageRef.current }, { replace: true }),
  );

  // Another list: a count under way (or its outcome) was for the old one.
  const lastFingerprint = useRef(fingerprint);
  useEffect(() => {
    if (lastFingerprint.current === fingerprint) return;
    lastFingerprint.current = fingerprint;
    stop('idle');
  }, [fingerprint, stop]);

  const cancel = useCallback(() => stop('cancelled'), [stop]);
  return { count, unavailable, run, estimate, offered, start, cancel };
}
