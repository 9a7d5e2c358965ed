import type { ReactNode } from 'react';
import { cn } from './cn';

type Tone = 'neutral' | 'indigo' | 'muted' | 'excluded';

const TONES: Record<Tone, string> = {
  neutral: 'border-slate-200 bg-slate-100 text-slate-700',
  /** What a list leaves out ("HQ not in United States"). */
  excluded: 'border-rose-200 bg-rose-50 text-rose-800',
  indigo: 'border-indigo-200 bg-indigo-50 text-indigo-800',
  muted: 'border-dashed border-slate-300 bg-white text-hint',
};

type ChipProps = {
  children: ReactNode;
  tone?: Tone;
  /** Shows a remove button named `removeLabel` (e.g. "Remove Germany"). */
  onRemove?: () => void;
  removeLabel?: string;
  className?: string;
  title?: string;
};

/** A small pill with an optional remove button. */
export function Chip({ children, tone = 'neutral', onRemove, removeLabel, className, title }: ChipProps) {
  return (
    <span
      title={title}
      className={cn(
        'inline-flex max-w-full items-center gap-1 rounded-full border py-0.5 pl-2.5 text-xs leading-5',
        onRemove ? 'pr-1' : 'pr-2.5',
        TONES[tone],
        className,
      )}
    >
      <span className="min-w-0 truncate">{children}</span>
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          aria-label={removeLabel ?? 'Remove'}
          className="inline-flex h-4 w-4 shrink-0 items-center justify-center rounded-full text-current opacity-60 hover:bg-black/10 hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <svg viewBox="0 0 16 16" className="h-3 w-3" aria-hidden="true">
            <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
          </svg>
        </button>
      )}
    </span>
  );
}
