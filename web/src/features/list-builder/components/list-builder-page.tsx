import type { ReactNode } from 'react';
import { useFirstPageDeferral } from '@/lib/use-first-page-deferral';
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
  if (!drawn) return null;
  return (
    <div className="flex min-h-0 flex-1 flex-col lg:h-[calc(100dvh-var(--app-header-height))] lg:flex-none lg:flex-row">
      <h1 className="sr-only">Company list builder</h1>
      <aside
        aria-label="Filters"
        className="flex shrink-0 flex-col border-b border-slate-200 bg-white lg:min-h-0 lg:w-80 lg:border-r lg:border-b-0 xl:w-96"
      >
        <FilterEditor />
      </aside>
      <section className="relative flex min-w-0 flex-1 flex-col gap-3 p-4 lg:min-h-0 lg:overflow-y-auto lg:p-6">
        {top ?? <DescribePanel />}
        <FilterSummary />
        {results ?? <ResultsPanel selectionActions={selectionActions} listActions={listActions} />}
      </section>
    </div>
  );
}
