/**
 * The exact size of a saved search past 500 (issue 33), on its page: a saved list keeps its first
 * 500 members, and this counts the whole list on request, as the list builder's count line does:
 * priced first (asked only while offered), its progress shown while it runs, cancellable, and the
 * count kept for the page's life. The app layer puts it in the saved list page's count slot.
 */
import type { ListRequest } from '@contract/api';
import { useCallback, useMemo, useState } from 'react';
import { formatCount } from '@/lib/format';
import { countBody, useCountEstimate } from '../api/count-list';
import { type ExactCount, useCountRun } from '../use-exact-count';
import { CountAction, CountNote } from './results/count-line';

/** A count of `request` held by the component that shows it (no URL state). */
function useCountOf(request: ListRequest): ExactCount {
  const body = useMemo(() => countBody(request), [request]);
  const [count, setCount] = useState<number | null>(null);
  const offered = count === null;
  const estimate = useCountEstimate(body, offered);
  const { run, start, stop } = useCountRun(body, setCount);
  const cancel = useCallback(() => stop('cancelled'), [stop]);
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
