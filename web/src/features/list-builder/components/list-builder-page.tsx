import { DescribePanel } from './describe-panel';
import { FilterEditor } from './filter-editor';
import { FilterSummary } from './filter-summary';
import { ResultsPanel } from './results-panel';

/**
 * The list builder: describe or pick companies (left), see them in the grid (right). Every piece
 * reads and writes the one list state in the URL (`useListSearch`).
 */
export function ListBuilderPage() {
  return (
    <div className="flex min-h-0 flex-1">
      <aside
        aria-label="Filters"
        className="flex w-80 shrink-0 flex-col border-r border-slate-200 bg-white xl:w-96"
      >
        <FilterEditor />
      </aside>
      <section className="flex min-w-0 flex-1 flex-col gap-3 p-4 lg:p-6">
        <DescribePanel />
        <FilterSummary />
        <ResultsPanel />
      </section>
    </div>
  );
}
