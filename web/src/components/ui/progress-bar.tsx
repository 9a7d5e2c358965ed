import { cn } from './cn';

type ProgressBarProps = {
  /** 0..max, or null when the amount is unknown (an indeterminate bar). */
  value: number | null;
  max?: number;
  label: string;
  className?: string;
};

/** A thin progress bar; without a value it shows activity without claiming an amount. */
export function ProgressBar({ value, max = 100, label, className }: ProgressBarProps) {
  const pct = value === null || max <= 0 ? null : Math.min(100, Math.max(0, (value / max) * 100));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value === null ? undefined : Math.min(value, max)}
      className={cn('relative h-1.5 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      {pct === null ? (
        <span className="absolute inset-y-0 left-0 w-1/3 animate-[progress-slide_1.2s_ease-in-out_infinite] rounded-full bg-indigo-500" />
      ) : (
        <span
          className="absolute inset-y-0 left-0 rounded-full bg-indigo-600 transition-[width] duration-150"
          style={{ width: `${pct}%` }}
        />
      )}
    </div>
  );
}
