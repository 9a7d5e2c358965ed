/**
 * What every results grid puts around its rows (the list builder's and the lookalikes'): the bar of
 * actions on the selected companies, ending with "Export selected", and the frame the grid fills.
 */
import type { ReactNode } from 'react';
import { SelectionBar } from '@/components/ui/selection-bar';
import { ExportMenu, type ExportMenuProps } from './export-menu';

type SelectableTable = {
  getIsAllPageRowsSelected: () => boolean;
  toggleAllPageRowsSelected: (value: boolean) => void;
};

export type SelectionActions = (selected: readonly string[], selection: { clear: () => void }) => ReactNode;

export function GridSelectionBar({
  table,
  selected,
  clear,
  actions,
  exportMenu,
}: {
  table: SelectableTable;
  selected: readonly string[];
  clear: () => void;
  /** The page's own actions, before "Export selected". */
  actions?: SelectionActions | undefined;
  exportMenu: Omit<ExportMenuProps, 'selected' | 'label' | 'size' | 'defaultScope'>;
}) {
  return (
    <SelectionBar
      className="mb-2"
      count={selected.length}
      pageSelected={table.getIsAllPageRowsSelected()}
      onSelectPage={() => table.toggleAllPageRowsSelected(true)}
      onClear={clear}
    >
      {actions?.(selected, { clear })}
      <ExportMenu
        label="Export selected"
        size="sm"
        defaultScope="selected"
        selected={selected}
        {...exportMenu}
      />
    </SelectionBar>
  );
}

/** The grid's box: as tall as the screen allows on a phone, the rest of the column on a desktop. */
export function GridFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex h-[max(26rem,calc(100dvh-15rem))] min-h-0 flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm lg:h-auto lg:flex-1">
      {children}
    </div>
  );
}
