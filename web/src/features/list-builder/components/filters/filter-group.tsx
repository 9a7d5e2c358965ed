import type { ReactNode } from 'react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

/**
 * One group of the catalog as a collapsible region: the header (a button, so Enter and Space
 * toggle it) names the group and counts its active filters; "Clear" sits beside it.
 */
export function FilterGroupRegion({
  label,
  count,
  open,
  onToggle,
  onClear,
  children,
  anchorId,
}: {
  label: string;
  count: number;
  open: boolean;
  onToggle: () => void;
  onClear: () => void;
  children: ReactNode;
  /** An id for the region, where another part of the page leads the user to it. */
  anchorId?: string;
}) {
  const id = useId();
  const headerId = `${id}-header`;
  const panelId = `${id}-panel`;
  return (
    <div id={anchorId} className="border-b border-slate-100">
      <h3 className="flex items-center gap-1 pr-3">
        <button
          type="button"
          id={headerId}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className="group flex min-w-0 flex-1 items-center gap-2 px-4 py-2.5 text-left text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
        >
          <svg
            viewBox="0 0 16 16"
            aria-hidden="true"
            className={cn('h-3.5 w-3.5 shrink-0 text-slate-500 transition-transform', open && 'rotate-90')}
          >
            <path
              d="M6 4l4 4-4 4"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.75"
              strokeLinecap="round"
            />
          </svg>
          <span className="truncate">{label}</span>
          {count > 0 && (
            <span className="rounded-full bg-indigo-100 px-1.5 text-xs font-semibold text-indigo-700 tabular-nums">
              {count}
              <span className="sr-only"> active</span>
            </span>
          )}
        </button>
        {count > 0 && (
          <Button variant="ghost" size="sm" onClick={onClear} aria-label={`Clear ${label} filters`}>
            Clear
          </Button>
        )}
      </h3>
      <section id={panelId} aria-labelledby={headerId} hidden={!open} className="space-y-4 px-4 pt-1 pb-4">
        {open && children}
      </section>
    </div>
  );
}
