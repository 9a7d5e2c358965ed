import { errorMessage } from '@/lib/errors';
import { cn } from './cn';

/**
 * A load that failed: what could not be loaded, why, and "Try again" when the caller can retry.
 * An alert, so a screen reader says it when it appears.
 */
export function LoadError({
  what,
  error,
  onRetry,
  className,
}: {
  /** The sentence, e.g. "Your lists could not be loaded." */
  what: string;
  error: unknown;
  onRetry?: () => void;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn(
        'rounded-lg border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-900',
        className,
      )}
    >
      <p className="font-medium">{what}</p>
      <p>{errorMessage(error)}</p>
      {onRetry ? (
        <button type="button" className="mt-1 underline" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
