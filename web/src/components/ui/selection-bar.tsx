import type { ReactNode } from 'react';
import { Button } from './button';
import { cn } from './cn';

/**
 * The bar of actions on the selected rows of a grid: how many are selected, "Select all on this
 * page", "Clear", then the actions the page offers on them. Shown while something is selected.
 */
export function SelectionBar({
  count,
  onSelectPage,
  pageSelected,
  onClear,
  children,
  className,
}: {
  count: number;
  /** Selects every row of the page shown; absent where the page has no more to select. */
  onSelectPage?: (() => void) | undefined;
  /** Every row of the page is selected already. */
  pageSelected?: boolean;
  onClear: () => void;
  /** The actions on the selection. */
  children: ReactNode;
  className?: string;
}) {
  if (count === 0) return null;
  return (
    <div
      role="toolbar"
      aria-label="Selected companies"
      className={cn(
        'flex flex-wrap items-center gap-x-2 gap-y-1.5 rounded-md border border-indigo-200 bg-white px-3 py-1.5 text-sm shadow-sm',
        className,
      )}
    >
      <span
        className="rounded-full bg-indigo-100 px-2 py-0.5 font-medium text-indigo-800 tabular-nums"
        aria-live="polite"
      >
        {count.toLocaleString('en-US')} selected
      </span>
      {onSelectPage && !pageSelected && (
        <Button variant="link" size="sm" onClick={onSelectPage}>
          Select all on this page
        </Button>
      )}
      <Button variant="link" size="sm" onClick={onClear}>
        Clear selection
      </Button>
      <span aria-hidden="true" className="mx-1 h-5 w-px bg-indigo-200" />
      <div className="flex flex-wrap items-center gap-2">{children}</div>
    </div>
  );
}
