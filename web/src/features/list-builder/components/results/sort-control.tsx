import { SORT_BY, SORT_LABELS, type SortBy, type SortOrder } from '@contract/list-params';
import { useId } from 'react';

type SortControlProps = {
  sortBy: SortBy;
  sortOrder: SortOrder;
  onChange: (sortBy: SortBy, order: SortOrder) => void;
  /**
   * What holds the sort where it is ("the Employees filter"): the column cannot change, only the
   * direction, and the control says why.
   */
  lockedBy?: string | undefined;
};

/** The list's server-side sort: every `sort_by` of the spec, and its direction. */
export function SortControl({ sortBy, sortOrder, onChange, lockedBy }: SortControlProps) {
  const id = useId();
  const descending = sortOrder === 'desc';
  const locked = lockedBy !== undefined;
  const direction = sortBy === 'employee_range' ? (descending ? 'largest first' : 'smallest first') : null;
  return (
    <div className="flex items-center gap-1.5">
      {locked && (
        <p id={`${id}-why`} className="max-w-56 text-right text-xs leading-4 text-slate-500">
          Sorted by {SORT_LABELS[sortBy].toLowerCase()}
          {direction ? `, ${direction},` : ''} while {lockedBy} is on
        </p>
      )}
      {/* On a phone the select says what it is (its options are sorts): the label is read, not shown. */}
      <label htmlFor={id} className="sr-only text-sm whitespace-nowrap text-slate-500 sm:not-sr-only">
        Sort by
      </label>
      <select
        id={id}
        value={sortBy}
        disabled={locked}
        aria-describedby={locked ? `${id}-why` : undefined}
        onChange={(e) => onChange(e.target.value as SortBy, sortOrder)}
        className="h-9 rounded-md border border-slate-300 bg-white pr-7 pl-2.5 text-sm text-slate-800 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 disabled:bg-slate-50 disabled:text-slate-600"
      >
        {SORT_BY.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </select>
      <button
        type="button"
        onClick={() => onChange(sortBy, descending ? 'asc' : 'desc')}
        aria-label={descending ? 'Descending: sort ascending instead' : 'Ascending: sort descending instead'}
        title={descending ? 'Highest first' : 'Lowest first'}
        className="inline-flex h-9 w-9 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-600 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600"
      >
        <svg viewBox="0 0 16 16" className="h-4 w-4" aria-hidden="true">
          {descending ? (
            <path
              d="M8 3v10M4 9l4 4 4-4"
              stroke="currentColor"
              strokeWidth="1.5"
              fill="none"
              strokeLinecap="round"
            />
          ) : (
            <path
              d="M8 13V3M4 7l4-4 4 4"
              stroke="currentColor"
              strokeWidth="1.5"
              fill="none"
              strokeLinecap="round"
            />
          )}
        </svg>
      </button>
    </div>
  );
}
