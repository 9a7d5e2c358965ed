/**
 * `/lists/$listId`: one saved list, run and compared with what the user last saw. The app layer
 * joins the list builder's pieces to it: the grid's cells, the CSV export (all, or only the new
 * companies) and the way back to the builder with the list's state.
 */
import { Link, useParams } from '@tanstack/react-router';
import { CellValue } from '@/features/list-builder/components/results/cell-value';
import { ColumnsMenu } from '@/features/list-builder/components/results/columns-button';
import { ExportMenu } from '@/features/list-builder/components/results/export-menu';
import { SavedListCount } from '@/features/list-builder/components/saved-list-count';
import { searchOfSavedList, searchOfSeededList } from '@/features/list-builder/saved-list-state';
import type { RenderCell } from '@/features/lists/components/list-grid';
import {
  type CountSlot,
  type ExportSlot,
  SavedListPage as SavedList,
} from '@/features/lists/components/saved-list-page';
import type { ColumnsSlot, MoreLikeSlot } from '@/features/lists/components/static-list-page';
import type { SavedList as SavedListData } from '@/features/lists/types';
import { MoreLikeThis } from '@/features/lookalikes/components/more-like-this';

const renderCell: RenderCell = (column, row) => <CellValue column={column} row={row} />;

const renderExport: ExportSlot = ({ request, columns, newOnes, total, name, members, selected }) =>
  selected ? (
    <ExportMenu
      label="Export selected"
      size="sm"
      defaultScope="selected"
      request={request}
      columns={columns}
      selected={selected}
      total={total}
      list={{ q: name }}
    />
  ) : (
    <ExportMenu
      request={request}
      columns={columns}
      selected={newOnes}
      selectionNoun="new"
      total={total}
      list={{ q: name }}
      all={members}
    />
  );

/**
 * The list builder with the list's state; a list with seeds opens as the lookalikes of its seeds
 * with its filters (the cost shows before they run), so they can be widened, narrowed and re-ranked.
 */
const builderLink = (list: SavedListData & { request: NonNullable<SavedListData['request']> }) => (
  <Link
    to="/"
    search={
      list.seeds && list.seeds.length > 0
        ? searchOfSeededList(list.request, list.seeds)
        : searchOfSavedList(list.request, list.columns)
    }
    title={
      list.seeds && list.seeds.length > 0 ? 'Opens the lookalikes of its seeds, with its filters' : undefined
    }
    className="inline-flex h-9 items-center rounded-md border border-slate-300 bg-white px-3.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
  >
    Open in the list builder
  </Link>
);

/** The exact count of a saved search past 500 (issue 33). */
const renderCount: CountSlot = ({ request }) => <SavedListCount request={request} />;

/** "More like these" on a static list's companies: the lookalikes of those picked (at most 20). */
const moreLike: MoreLikeSlot = (seeds, opts) => (
  <MoreLikeThis seeds={seeds} {...(opts?.small ? { size: 'sm' as const } : {})} />
);

/** The list builder's Columns menu on a static list's page: paid columns, priced before they are added. */
const columnsMenu: ColumnsSlot = (p) => <ColumnsMenu {...p} />;

export function SavedListPage() {
  const { listId } = useParams({ from: '/lists/$listId' });
  return (
    <SavedList
      listId={listId}
      renderCell={renderCell}
      renderExport={renderExport}
      renderCount={renderCount}
      builderLink={builderLink}
      moreLike={moreLike}
      columnsMenu={columnsMenu}
    />
  );
}
