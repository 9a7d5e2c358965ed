import type { AdditionState } from '@contract/api';
import { Link } from '@tanstack/react-router';
import { cn } from '@/components/ui/cn';
import { STATE_LABELS, StatusBadge } from './status-badge';

export type AdditionStatusViewProps = {
  state: AdditionState;
  companyName: string | null;
  domain: string | null;
  reason: string | null;
  companyUuid: string | null;
  /** Whether updates arrive live (events) or by polling, for the small print. */
  live?: boolean;
};

const STEPS = ['pending', 'in_progress', 'done'] as const;

/**
 * A request's progress through pending, in progress, then completed (with a link to the new
 * company's page) or failed (with the service's reason). The state line is a live region, so a
 * screen reader hears each move.
 */
export function AdditionStatusView({
  state,
  companyName,
  domain,
  reason,
  companyUuid,
  live,
}: AdditionStatusViewProps) {
  const reached = state === 'pending' ? 0 : state === 'in_progress' ? 1 : 2;
  const lastLabel = state === 'failed' ? 'Failed' : 'Completed';
  const name = companyName || domain || 'The company';
  return (
    <div className="space-y-4" data-testid="addition-status">
      <ol className="flex items-center gap-2" aria-label="Progress of the request">
        {STEPS.map((step, i) => {
          const label = step === 'done' ? lastLabel : STATE_LABELS[step];
          const done = i < reached || (i === 2 && reached === 2);
          const current = i === reached;
          return (
            <li
              key={step}
              className="flex flex-1 items-center gap-2"
              aria-current={current ? 'step' : undefined}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                  state === 'failed' && i === 2
                    ? 'bg-rose-600 text-white'
                    : done
                      ? 'bg-indigo-600 text-white'
                      : current
                        ? 'bg-indigo-100 text-indigo-700 ring-2 ring-indigo-500'
                        : 'bg-slate-100 text-hint',
                )}
              >
                {state === 'failed' && i === 2 ? '!' : done ? '✓' : i + 1}
              </span>
              <span className={cn('text-xs', current ? 'font-medium text-slate-900' : 'text-slate-500')}>
                {label}
              </span>
              {i < STEPS.length - 1 && (
                <span
                  aria-hidden="true"
                  className={cn('h-px flex-1', i < reached ? 'bg-indigo-400' : 'bg-slate-200')}
                />
              )}
            </li>
          );
        })}
      </ol>
      <div role="status" aria-live="polite" className="flex items-center gap-2 text-sm text-slate-700">
        <StatusBadge state={state} />
        <span>
          {state === 'pending' && `${name} is queued to be added.`}
          {state === 'in_progress' && `${name} is being added and matched.`}
          {state === 'completed' && `${name} has been added.`}
          {state === 'failed' && `${name} could not be added.`}
        </span>
      </div>
      {state === 'failed' && (
        <p className="rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-900">
          <span className="font-medium">Reason: </span>
          {reason || 'The service gave no reason.'}
        </p>
      )}
      {state === 'completed' && companyUuid && (
        <Link
          to="/companies/$companyId"
          params={{ companyId: companyUuid }}
          search={{}}
          className="inline-flex h-9 items-center rounded-md bg-indigo-600 px-3.5 text-sm font-medium text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          Open {companyName || 'the company'}
        </Link>
      )}
      {live !== undefined && state !== 'completed' && state !== 'failed' && (
        <p className="text-xs text-hint">
          {live ? 'Updates live.' : 'Checking for updates every few seconds.'}
        </p>
      )}
    </div>
  );
}
