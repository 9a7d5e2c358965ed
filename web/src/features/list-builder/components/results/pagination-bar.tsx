import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { formatCount, formatCredits } from '@/lib/format';
import type { ResultsTable } from './results-table';

type PaginationBarProps = {
  table: ResultsTable;
  /** `total_count` of the response (null before the first page arrives). */
  total: number | null;
  /** The total is the service's cap: more companies match than it serves. */
  capped: boolean;
  pageSizes: readonly number[];
  /** What a page of each size would cost, for the size menu. */
  costOfPageSize: (size: number) => number;
  shownRows: number;
  /** The list's exact size past the service's 500, once counted (issue 33); else null. */
  exactTotal?: number | null;
};

function Chevron({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 16 16" className="h-4 w-4" aria-hidden="true">
      <path
        d={d}
        stroke="currentColor"
        strokeWidth="1.5"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function PaginationBar({
  table,
  total,
  capped,
  pageSizes,
  costOfPageSize,
  shownRows,
  exactTotal = null,
}: PaginationBarProps) {
  const sizeId = useId();
  const { pageIndex, pageSize } = table.state.pagination;
  const pageCount = Math.max(1, table.getPageCount());
  const first = pageIndex * pageSize + 1;
  const last = pageIndex * pageSize + shownRows;
  const totalText =
    total === null
      ? '…'
      : capped && exactTotal !== null
        ? `the first ${formatCount(total)} of ${formatCount(exactTotal)}`
        : `${formatCount(total)}${capped ? '+' : ''}`;
  return (
    <nav
      aria-label="Pages"
      className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-3 py-2 text-sm text-slate-600"
    >
      <div className="flex items-center gap-2">
        <label htmlFor={sizeId}>Rows per page</label>
        <select
          id={sizeId}
          value={pageSize}
          onChange={(e) => table.setPageSize(Number(e.target.value))}
          className="h-8 rounded-md border border-slate-300 bg-white pr-7 pl-2 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600"
        >
          {pageSizes.map((s) => (
            <option key={s} value={s}>
              {s} (~{formatCredits(costOfPageSize(s))})
            </option>
          ))}
        </select>
      </div>
      <p aria-live="polite" className="tabular-nums">
        {shownRows > 0 ? (
          <>
            <span className="font-medium text-slate-900">
              {formatCount(first)}–{formatCount(last)}
            </span>{' '}
            of <span className="font-medium text-slate-900">{totalText}</span> companies
          </>
        ) : (
          <>
            <span className="font-medium text-slate-900">{totalText}</span> companies
          </>
        )}
        <span aria-hidden="true" className="mx-2 text-slate-300">
          ·
        </span>
        Page {formatCount(pageIndex + 1)} of {formatCount(pageCount)}
      </p>
      <div className="flex items-center gap-1">
        <Button
          variant="ghost"
          size="sm"
          aria-label="First page"
          disabled={!table.getCanPreviousPage()}
          onClick={() => table.firstPage()}
        >
          <Chevron d="M11 4L7 8l4 4M5 4v8" />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label="Previous page"
          disabled={!table.getCanPreviousPage()}
          onClick={() => table.previousPage()}
        >
          <Chevron d="M10 4L6 8l4 4" />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label="Next page"
          disabled={!table.getCanNextPage()}
          onClick={() => table.nextPage()}
        >
          <Chevron d="M6 4l4 4-4 4" />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label="Last page"
          disabled={!table.getCanNextPage()}
          onClick={() => table.lastPage()}
        >
          <Chevron d="M5 4l4 4-4 4M11 4v8" />
        </Button>
      </div>
    </nav>
  );
}
