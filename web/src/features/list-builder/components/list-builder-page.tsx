import { type ReactNode, useEffect, useId, useRef } from 'react';
import { cn } from '@/components/ui/cn';
import { useFirstPageDeferral } from '@/lib/use-first-page-deferral';
import { useListLayout } from '../layout-memory';
import { DescribePanel } from './describe-panel';
import { FilterEditor } from './filter-editor';
import { FilterSummary } from './filter-summary';
import { ResultsPanel } from './results-panel';

/**
 * The list builder: describe or pick companies (left), see them in the grid (right). Every piece
 * reads and writes the one list state in the URL (`useListSearch`).
 *
 * From `lg` up the page is exactly the viewport below the sticky header and the window never
 * scrolls: the filter panel scrolls on its own (its scroll kept in the panel, never chained to the
 * page), beside a results column that stays in view while the user works down the filters. Below
 * `lg` (narrow windows, phones, high zoom) the filters sit above the results, folded behind their
 * heading (FilterEditor), and the page scrolls as one, so nothing is cut off or squeezed.
 */
type ListBuilderPageProps = {
  /** In place of the Describe box (the lookalikes' seeds). */
  top?: ReactNode;
  /** In place of the results grid (the lookalikes, ranked). */
  results?: ReactNode;
  /** Actions on the grid's selection, shown beside its count ("More like these"). */
  selectionActions?: (selected: readonly string[], selection: { clear: () => void }) => ReactNode;
  /** Actions on the whole list, in the grid's toolbar ("Save list"). */
  listActions?: ReactNode;
};

export function ListBuilderPage({ top, results, selectionActions, listActions }: ListBuilderPageProps = {}) {
  // On a first visit, drawn in slices the browser can answer input between, not in one long task.
  const drawn = useFirstPageDeferral();
  // From lg up the filter panel folds to a strip (the rep's choice, kept for the next visit).
  const [folded, setFolded] = useListLayout('filtersFolded');
  const id = useId();
  // After a fold or an unfold the focus goes to the button that undoes it, not to the page.
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    document.getElementById(folded ? `${id}-show` : `${id}-hide`)?.focus();
  }, [folded, id]);
  const fold = (next: boolean) => {
    moved.current = true;
    setFolded(next);
  };
  if (!drawn) return null;
  return (
    <div className="flex min-h-0 flex-1 flex-col lg:h-[calc(100dvh-var(--app-header-height))] lg:flex-none lg:flex-row">
      <h1 className="sr-only">Company list builder</h1>
      <aside
        aria-label="Filters"
        className={cn(
          'flex shrink-0 flex-col border-b border-slate-200 bg-white lg:min-h-0 lg:border-r lg:border-b-0',
          folded ? 'lg:w-12' : 'lg:w-80 xl:w-96',
        )}
      >
        {folded && (
          <button
            id={`${id}-show`}
            type="button"
            aria-expanded={false}
            aria-controls={`${id}-panel`}
            title="Show filters"
            onClick={() => fold(false)}
            className="hidden flex-col items-center gap-2 px-2 py-3 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 lg:flex"
          >
            <svg viewBox="0 0 16 16" className="h-4 w-4 text-slate-500" aria-hidden="true">
              <path d="M6 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.5" />
            </svg>
            <span className="[writing-mode:vertical-rl]">Show filters</span>
          </button>
        )}
        <div id={`${id}-panel`} className={cn('flex flex-col lg:min-h-0 lg:flex-1', folded && 'lg:hidden')}>
          <FilterEditor onFold={() => fold(true)} foldId={`${id}-hide`} />
        </div>
      </aside>
      <section
        className={cn(
          'relative flex min-w-0 flex-1 flex-col gap-3 p-4 lg:min-h-0 lg:overflow-y-auto',
          folded ? 'lg:p-4' : 'lg:p-6',
        )}
      >
        {/* Folded (from lg up), the filter panel takes the Describe box with it: the results get
            the height (with compact rows, 25 rows and more on a 900 px high window). */}
        {top ?? (
          <div className={cn(folded && 'lg:hidden')}>
            <DescribePanel />
          </div>
        )}
        <FilterSummary />
        {results ?? <ResultsPanel selectionActions={selectionActions} listActions={listActions} />}
      </section>
    </div>
  );
}
