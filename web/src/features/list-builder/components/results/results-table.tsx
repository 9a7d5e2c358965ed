/**
 * The grid's TanStack Table (v9): features declared once, columns built from the shared column
 * catalog, and every server-owned slice (sort, page, page size) controlled from the URL state, so
 * the table only renders what the service already sorted and paged.
 */
import type { CompanyListItem } from '@contract/api';
import { type ColumnDef as CatalogColumn, COLUMN_BY_ID } from '@contract/columns';
import type { SortBy, SortOrder } from '@contract/list-params';
import { Link } from '@tanstack/react-router';
import {
  type ColumnDef,
  columnResizingFeature,
  columnSizingFeature,
  createColumnHelper,
  functionalUpdate,
  type PaginationState,
  type RowSelectionState,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { formatAsOf } from '@/lib/format';
import { CellValue } from './cell-value';

const resultsFeatures = tableFeatures({
  rowSortingFeature,
  rowSelectionFeature,
  rowPaginationFeature,
  columnSizingFeature,
  columnResizingFeature,
});
export type ResultsFeatures = typeof resultsFeatures;

export const SELECT_COLUMN_ID = 'select';
const SELECT_COLUMN_WIDTH = 44;

const helper = createColumnHelper<ResultsFeatures, CompanyListItem>();

/** The name's tooltip: the name, and when the row's data was fetched ("Data as of Nov 3"). */
export function nameTitle(name: string, asOf: string | undefined): string {
  const when = formatAsOf(asOf);
  return when ? `${name}\nData as of ${when}` : name;
}

function NameCell({ row, asOf }: { row: CompanyListItem; asOf: string | undefined }) {
  return (
    <Link
      to="/companies/$companyId"
      params={{ companyId: row.uuid }}
      title={nameTitle(row.name, asOf)}
      className="truncate font-medium text-slate-900 hover:text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {row.name}
    </Link>
  );
}

/** Room for the header text (and the sort arrow), so no header starts out cut off. */
function headerWidth(def: CatalogColumn): number {
  return Math.ceil(def.header.length * 7.5) + (def.sortBy ? 48 : 32);
}

function catalogColumn(
  def: CatalogColumn,
  lockedSortBy: SortBy | null,
  asOf: ReadonlyMap<string, string> | null = null,
): ColumnDef<ResultsFeatures, CompanyListItem, unknown> {
  return helper.accessor((row) => def.value(row), {
    id: def.id,
    header: def.header,
    size: Math.max(def.width, headerWidth(def)),
    minSize: 64,
    maxSize: 900,
    // While the sort is locked (the Employees filter), only its own columns change direction.
    enableSorting: def.sortBy !== undefined && (lockedSortBy === null || def.sortBy === lockedSortBy),
    // Largest, newest, best funded first: what a rep sorting a list wants to see on top.
    sortDescFirst: true,
    cell: ({ row }) =>
      def.id === 'name' ? (
        <NameCell row={row.original} asOf={asOf?.get(row.original.uuid)} />
      ) : (
        <CellValue column={def} row={row.original} />
      ),
  }) as ColumnDef<ResultsFeatures, CompanyListItem, unknown>;
}

const selectColumn = helper.display({
  id: SELECT_COLUMN_ID,
  size: SELECT_COLUMN_WIDTH,
  enableResizing: false,
  enableSorting: false,
  header: ({ table }) => (
    <input
      type="checkbox"
      aria-label="Select all companies on this page"
      className="h-4 w-4 cursor-pointer accent-indigo-600"
      checked={table.getIsAllPageRowsSelected()}
      ref={(el) => {
        if (el) el.indeterminate = !table.getIsAllPageRowsSelected() && table.getIsSomePageRowsSelected();
      }}
      onChange={table.getToggleAllPageRowsSelectedHandler()}
    />
  ),
  cell: ({ row }) => (
    <input
      type="checkbox"
      aria-label={`Select ${row.original.name}`}
      className="h-4 w-4 cursor-pointer accent-indigo-600"
      checked={row.getIsSelected()}
      onChange={row.getToggleSelectedHandler()}
    />
  ),
});

const IN_CRM_COLUMN_ID = 'in_crm';

/**
 * "In CRM": whether a company of the grid is in one of the marked account lists (the BFF says which,
 * `account_lists`), named in the badge's title and to assistive technology.
 */
function inCrmColumn(marked: ReadonlyMap<string, string>) {
  return helper.display({
    id: IN_CRM_COLUMN_ID,
    header: 'In CRM',
    size: 96,
    minSize: 64,
    maxSize: 300,
    enableSorting: false,
    cell: ({ row }) => {
      const lists = (row.original.account_lists ?? []).flatMap((id) => {
        const name = marked.get(id);
        return name === undefined ? [] : [name];
      });
      return lists.length > 0 ? (
        <span
          title={lists.join(', ')}
          className="inline-flex items-center rounded-full border border-emerald-200 bg-emerald-50 px-2 text-xs leading-5 font-medium text-emerald-800"
        >
          In CRM<span className="sr-only">: {lists.join(', ')}</span>
        </span>
      ) : null;
    },
  }) as ColumnDef<ResultsFeatures, CompanyListItem, unknown>;
}

const EMPTY_ROWS: CompanyListItem[] = [];

/**
 * A column of the grid's user that the catalog has no entry for (the lookalikes' Similarity and
 * reasons): shown right after the company's name, never sorted by the service.
 */
export type ExtraColumn = {
  id: string;
  header: string;
  size: number;
  cell: (row: CompanyListItem) => ReactNode;
};

function extraColumn(c: ExtraColumn) {
  return helper.display({
    id: c.id,
    header: c.header,
    size: c.size,
    minSize: 64,
    maxSize: 900,
    enableSorting: false,
    cell: ({ row }) => c.cell(row.original),
  }) as ColumnDef<ResultsFeatures, CompanyListItem, unknown>;
}

type ResultsTableOptions = {
  rows: CompanyListItem[] | undefined;
  columnIds: readonly string[];
  sortBy: SortBy;
  sortOrder: SortOrder;
  /** The sort the list must keep (only its direction changes), or null. */
  lockedSortBy?: SortBy | null;
  onSort: (sortBy: SortBy, order: SortOrder) => void;
  /** 0-based page and its size, as the URL has them. */
  pagination: PaginationState;
  /** Rows of the whole list that can be paged through (total, at most 500). */
  rowCount: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  rowSelection: RowSelectionState;
  onRowSelectionChange: (next: RowSelectionState) => void;
  /** The marked account lists (id -> name); null: none marked, no "In CRM" column. */
  inCrm?: ReadonlyMap<string, string> | null;
  /** When each row's data was fetched (company id -> ISO time), for the name's tooltip; null: unknown. */
  asOf?: ReadonlyMap<string, string> | null;
  /** Columns of the grid's user, after the name (see `ExtraColumn`); their identity is their ids. */
  extraColumns?: readonly ExtraColumn[];
  /** False: rows in an order of their own (most similar first), no header sorts them. */
  sortable?: boolean;
};

export function useResultsTable(o: ResultsTableOptions) {
  const columnKey = o.columnIds.join(',');
  const locked = o.lockedSortBy ?? null;
  const inCrm = o.inCrm ?? null;
  const asOf = o.asOf ?? null;
  const extras = o.extraColumns;
  const extraKey = extras?.map((c) => c.id).join(',') ?? '';
  const sortable = o.sortable ?? true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the joined ids are the columns' identity
  const columns = useMemo(
    () => [
      selectColumn,
      ...o.columnIds.flatMap((id) => {
        const def = COLUMN_BY_ID.get(id);
        if (!def) return [];
        const column = catalogColumn(def, locked, asOf);
        if (!sortable) column.enableSorting = false;
        // The mark goes right after the company's name, where the eye reads it with the name.
        if (id !== 'name') return [column];
        return [column, ...(inCrm ? [inCrmColumn(inCrm)] : []), ...(extras ?? []).map(extraColumn)];
      }),
    ],
    [columnKey, locked, inCrm, asOf, extraKey, sortable],
  );

  // Several columns can share one sort (revenue band and revenue in USD): the header last clicked
  // shows the arrow, else the first visible one.
  const [sortColumnId, setSortColumnId] = useState<string | null>(null);
  const sorting = useMemo<SortingState>(() => {
    if (o.sortBy === 'relevance') return [];
    const preferred =
      sortColumnId && COLUMN_BY_ID.get(sortColumnId)?.sortBy === o.sortBy ? sortColumnId : null;
    const id =
      (preferred && o.columnIds.includes(preferred) ? preferred : null) ??
      o.columnIds.find((c) => COLUMN_BY_ID.get(c)?.sortBy === o.sortBy);
    return id ? [{ id, desc: o.sortOrder === 'desc' }] : [];
  }, [o.sortBy, o.sortOrder, o.columnIds, sortColumnId]);

  const { onSort, onPageChange, onPageSizeChange, onRowSelectionChange, pagination, rowSelection } = o;
  const onSortingChange = useCallback(
    (updater: Updater<SortingState>) => {
      const next = functionalUpdate(updater, sorting)[0];
      const sortBy = next ? COLUMN_BY_ID.get(next.id)?.sortBy : undefined;
      if (!next || !sortBy) return;
      setSortColumnId(next.id);
      onSort(sortBy, next.desc ? 'desc' : 'asc');
    },
    [sorting, onSort],
  );
  const onPaginationChange = useCallback(
    (updater: Updater<PaginationState>) => {
      const next = functionalUpdate(updater, pagination);
      if (next.pageSize !== pagination.pageSize) onPageSizeChange(next.pageSize);
      else if (next.pageIndex !== pagination.pageIndex) onPageChange(next.pageIndex + 1);
    },
    [pagination, onPageChange, onPageSizeChange],
  );
  const onSelectionChange = useCallback(
    (updater: Updater<RowSelectionState>) => onRowSelectionChange(functionalUpdate(updater, rowSelection)),
    [rowSelection, onRowSelectionChange],
  );

  return useTable({
    features: resultsFeatures,
    columns,
    data: o.rows ?? EMPTY_ROWS,
    getRowId: (row) => row.uuid,
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    columnResizeMode: 'onChange',
    rowCount: o.rowCount,
    state: { sorting, pagination, rowSelection },
    onSortingChange,
    onPaginationChange,
    onRowSelectionChange: onSelectionChange,
  });
}

export type ResultsTable = ReturnType<typeof useResultsTable>;
