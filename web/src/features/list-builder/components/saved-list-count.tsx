/**
 * The exact size of a saved search past 500 (issue 33), on its page: a saved list keeps its first
 * 500 members, and this counts the whole list on request, as the list builder's count line does:
 * priced first (asked only while offered), its progress shown while it runs, cancellable, and the
 * count kept for the page's life. The app layer puts it in the saved list page's count slot.
 */
import type { ListRequest } from '@contract/api';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '@/lib/errors';
import { formatCount } from '@/lib/format';
import { invalidateUsage } from '@/lib/usage';
import { COUNT_ESTIMATE_KEY, countBody, countList, useCountEstimate } from '../api/count-list';
import type { CountRun, ExactCount } from '../use-exact-count';
import { CountAction, CountNote } from './results/count-line';

/** A count of `request` held by the component that shows it (no URL state). */
function useCountOf(request: ListRequest): ExactCount {
  const queryClient = useQueryClient();
  const body = useMemo(() => countBody(request), [request]);
  const [count, setCount] = useState<number | null>(null);
  const [run, setRun] = useState<CountRun>({ state: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const offered = count === null;
  const estimate = useCountEstimate(body, offered);
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
        setCount(answer.count);
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        setRun({ state: 'failed', message: errorMessage(err, 'The count stopped before it finished.') });
      })
      .finally(() => {
        if (abort.current === controller) abort.current = null;
        void invalidateUsage(queryClient);
        void queryClient.invalidateQueries({ queryKey: COUNT_ESTIMATE_KEY });
      });
  }, [body, queryClient]);

  const cancel = useCallback(() => {
    abort.current?.abort();
    abort.current = null;
    setRun({ state: 'cancelled' });
  }, []);

  return {
    count,
    unavailable: null,
    run,
    estimate,
    offered: offered && run.state !== 'counting',
    start,
    cancel,
  };
}

/** "12,431 companies match in all", or the offer to count them (with its price) and its progress. */
export function SavedListCount({ request }: { request: ListRequest }) {
  const exact = useCountOf(request);
  return (
    <div className="flex flex-col gap-0.5" data-testid="saved-list-count">
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
        {exact.count !== null ? (
          <span>
            {formatCount(exact.count)} {exact.count === 1 ? 'company matches' : 'companies match'} in all
          </span>
        ) : (
          <span>How many match in all?</span>
        )}
        <CountAction exact={exact} />
      </p>
      <CountNote exact={exact} />
    </div>
  );
}
