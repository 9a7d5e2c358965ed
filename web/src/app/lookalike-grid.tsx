/**
 * The lookalikes in the list builder's results grid: the same rows, selection and selection bar
 * ("Add to list", "Export selected", "More like these", "Hide"), with Similarity and the reasons as
 * columns. In the app layer: it joins the lookalikes' answer to the list builder's grid.
 */
import { RowsGrid } from '@/features/list-builder/components/results/rows-grid';
import type { LookalikeGridProps } from '@/features/lookalikes/components/lookalike-results';
import { selectedActions } from './selected-actions';

export function lookalikeGrid(p: LookalikeGridProps) {
  return (
    <RowsGrid
      rows={p.answer.data}
      columnIds={p.columnIds}
      extraColumns={p.extraColumns}
      request={p.request}
      list={{ filters: p.request.filters as Record<string, unknown> | undefined }}
      selectionActions={selectedActions}
      pageKey={p.pageKey}
      refreshing={p.refreshing}
    />
  );
}
