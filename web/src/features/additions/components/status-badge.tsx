import type { AdditionState } from '@contract/api';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';

export const STATE_LABELS: Readonly<Record<AdditionState, string>> = {
  pending: 'Pending',
  in_progress: 'In progress',
  completed: 'Completed',
  failed: 'Failed',
};

const TONES: Readonly<Record<AdditionState, string>> = {
  pending: 'bg-slate-100 text-slate-700 ring-slate-200',
  in_progress: 'bg-indigo-50 text-indigo-700 ring-indigo-200',
  completed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-rose-50 text-rose-800 ring-rose-200',
};

export function StatusBadge({ state }: { state: AdditionState }) {
  return (
    <span
      data-state={state}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        TONES[state],
      )}
    >
      {state === 'in_progress' && <Spinner className="h-3 w-3" />}
      {STATE_LABELS[state]}
    </span>
  );
}
