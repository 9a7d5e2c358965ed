/**
 * The results grid over rows already in hand (the lookalikes: one answer, ranked by the BFF): the
 * same virtualised grid, selection checkboxes and selection bar as the list builder's results, with
 * "Export selected" and the actions the page adds. No paging and no sort: the rows keep their order.
 */
import type { CompanyListItem, ListRequest } from '@contract/api';
import type { RowSelectionState } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { useListLayout } from '../../layout-memory';
import { GridFrame, GridSelectionBar, type SelectionActions } from './grid-selection';
import { ResultsGrid } from './results-grid';
import { type ExtraColumn, useResultsTable } from './results-table';

const NO_SELECTION: RowSelectionState = {};
const NO_PAGE = () => {};

export type RowsGridProps = {
  rows: readonly CompanyListItem[];
  /** Catalog columns, in order; the extra columns follow the company's name. */
  columnIds: readonly string[];
  extraColumns?: readonly ExtraColumn[];
  /**
   * The list request the rows come from (the lookalikes' filters), for "Export selected": the export
   * finds the selected companies among its matches.
   */
  request: ListRequest;
  /** What the export's file is named after. */
  list: { q?: string | undefined; filters?: Record<string, unknown> | undefined };
  /** Actions on the selected companies, in the selection's bar (`clear` empties the selection). */
  selectionActions?: SelectionActions | undefined;
  /** Changes when other rows are shown (a new answer): the grid starts at its top. */
  pageKey: string;
  /** A newer answer is on its way while these rows are shown. */
  refreshing?: boolean;
};

export function RowsGrid({
  rows,
  columnIds,
  extraColumns,
  request,
  list,
  selectionActions,
  pageKey,
  refreshing = false,
}: RowsGridProps) {
  const [rowSelection, setRowSelection] = useState<RowSelectionState>(NO_SELECTION);
  const [compact] = useListLayout('compact');
  const clear = useCallback(() => setRowSelection(NO_SELECTION), []);
  // Only companies still shown count as selected (a re-rank may drop some).
  const selected = useMemo(
    () => rows.filter((r) => rowSelection[r.uuid]).map((r) => r.uuid),
    [rows, rowSelection],
  );
  const data = useMemo(() => [...rows], [rows]);
  const table = useResultsTable({
    rows: data,
    columnIds,
    extraColumns,
    sortable: false,
    sortBy: 'relevance',
    sortOrder: 'desc',
    onSort: NO_PAGE,
    pagination: { pageIndex: 0, pageSize: Math.max(1, rows.length) },
    rowCount: rows.length,
    onPageChange: NO_PAGE,
    onPageSizeChange: NO_PAGE,
    rowSelection,
    onRowSelectionChange: setRowSelection,
  });
  return (
    <>
      <GridSelectionBar
        table={table}
        selected={selected}
        clear={clear}
        actions={selectionActions}
        exportMenu={{ request, columns: columnIds, total: rows.length, all: rows.map((r) => r.uuid), list }}
      />
      <GridFrame>
        <div className="min-h-0 flex-1">
          <ResultsGrid
            table={table}
            loading={false}
            refreshing={refreshing}
            pageKey={pageKey}
            compact={compact}
          />
        </div>
      </GridFrame>
    </>
  );
}
