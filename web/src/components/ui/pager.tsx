import { formatCount } from '@/lib/format';
import { Button } from './button';
import { cn } from './cn';

type PagerProps = {
  /** What is paged, for the controls' names ("reviews"). */
  noun: string;
  offset: number;
  pageSize: number;
  total: number;
  onOffsetChange: (offset: number) => void;
  /** The next page is loading: the controls stay put and say so. */
  busy?: boolean;
  className?: string;
};

/** "11–20 of 134" with Previous/Next buttons; renders nothing when everything fits on one page. */
export function Pager({
  noun,
  offset,
  pageSize,
  total,
  onOffsetChange,
  busy = false,
  className,
}: PagerProps) {
  if (total <= pageSize && offset === 0) return null;
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(offset + pageSize, total);
  return (
    <nav
      aria-label={`Pages of ${noun}`}
      className={cn('flex items-center justify-between gap-3 text-sm', className)}
    >
      <span className="text-slate-500 tabular-nums" aria-live="polite">
        {formatCount(first)}–{formatCount(last)} of {formatCount(total)} {noun}
      </span>
      <span className="flex gap-2">
        <Button
          size="sm"
          disabled={offset === 0 || busy}
          onClick={() => onOffsetChange(Math.max(0, offset - pageSize))}
          aria-label={`Previous ${noun}`}
        >
          ← Previous
        </Button>
        <Button
          size="sm"
          disabled={offset + pageSize >= total || busy}
          onClick={() => onOffsetChange(offset + pageSize)}
          aria-label={`Next ${noun}`}
        >
          Next →
        </Button>
      </span>
    </nav>
  );
}
