/**
 * The companies of a saved list's latest run: its columns, a **New** badge on the companies added
 * since the user last marked the list seen, and "only new". Pages come from list generation (the
 * list builder's call for the same state); "only new" reads the whole list once and keeps the new.
 */

import type { CompanyListItem } from '@contract/api';
import { COLUMN_BY_ID, type ColumnDef } from '@contract/columns';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/errors';
import { displayUrl } from '@/lib/format';

export type RenderCell = (column: ColumnDef, row: CompanyListItem) => ReactNode;

const SKELETON_ROWS = Array.from({ length: 6 }, (_, i) => `skeleton-${i}`);

export function NewBadge() {
  return (
    <span className="rounded-full bg-emerald-100 px-1.5 py-0.5 text-[11px] leading-none font-semibold text-emerald-800">
      New
    </span>
  );
}

function DefaultCell({ column, row }: { column: ColumnDef; row: CompanyListItem }) {
  const text = column.text(row);
  if (text === '') return <span className="text-hint">—</span>;
  return <span>{column.kind === 'url' ? displayUrl(text) : text}</span>;
}

type ListGridProps = {
  columns: readonly string[];
  rows: readonly CompanyListItem[] | undefined;
  added: ReadonlySet<string>;
  loading: boolean;
  refreshing: boolean;
  error: unknown;
  onRetry: () => void;
  renderCell?: RenderCell | undefined;
  /** Shown in place of rows when there are none. */
  empty: ReactNode;
  paging?: { offset: number; pageSize: number; total: number; onOffsetChange: (offset: number) => void };
  /** Rows chosen by a checkbox each (and one for the page in the header), for actions on many. */
  selection?: { selected: ReadonlySet<string>; onChange: (next: ReadonlySet<string>) => void } | undefined;
  /** Columns after the catalog's (a static list's "Added", a row's "Remove"). */
  extra?: readonly ExtraColumn[] | undefined;
};

/** A column of the page's own after the catalog's; `srOnly`: a header only assistive technology reads. */
export type ExtraColumn = {
  id: string;
  header: string;
  srOnly?: boolean;
  cell: (row: CompanyListItem) => ReactNode;
};

/** The header's checkbox: all the page's rows selected, some (indeterminate), or none. */
function PageCheckbox({
  rows,
  selection,
}: {
  rows: readonly CompanyListItem[];
  selection: NonNullable<ListGridProps['selection']>;
}) {
  const onPage = rows.filter((r) => selection.selected.has(r.uuid)).length;
  const all = rows.length > 0 && onPage === rows.length;
  return (
    <input
      type="checkbox"
      aria-label="Select all companies on this page"
      className="h-4 w-4 cursor-pointer accent-indigo-600"
      checked={all}
      disabled={rows.length === 0}
      ref={(el) => {
        if (el) el.indeterminate = onPage > 0 && !all;
      }}
      onChange={() => {
        const next = new Set(selection.selected);
        for (const r of rows) {
          if (all) next.delete(r.uuid);
          else next.add(r.uuid);
        }
        selection.onChange(next);
      }}
    />
  );
}

export function ListGrid({
  columns,
  rows,
  added,
  loading,
  refreshing,
  error,
  onRetry,
  renderCell,
  empty,
  paging,
  selection,
  extra = [],
}: ListGridProps) {
  const defs = columns.map((id) => COLUMN_BY_ID.get(id)).filter((c): c is ColumnDef => c !== undefined);
  const th =
    'border-b border-slate-200 bg-slate-50 px-3 py-2.5 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600';
  const td = 'border-b border-slate-100 px-3 py-2 align-top';
  let body: ReactNode;
  if (error) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-2 px-6 py-8">
        <p className="font-medium text-slate-900">The list’s companies could not be loaded</p>
        <p className="text-sm text-slate-700">{errorMessage(error)}</p>
        <Button variant="primary" onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  } else if (!rows || (loading && rows.length === 0)) {
    body = (
      <div aria-hidden="true" className="flex flex-col gap-2 p-3">
        {SKELETON_ROWS.map((k) => (
          <Skeleton key={k} className="h-8 w-full" />
        ))}
      </div>
    );
  } else if (rows.length === 0) {
    body = <div className="px-6 py-8 text-sm">{empty}</div>;
  }
  return (
    <div className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="max-h-[36rem] overflow-auto">
        <table
          aria-label="Companies of the list"
          aria-busy={loading || refreshing}
          className={`w-full border-separate border-spacing-0 text-sm transition-opacity ${refreshing ? 'opacity-60' : ''}`}
        >
          <thead className="sticky top-0 z-10">
            <tr>
              {selection && (
                <th scope="col" className={`${th} w-10`}>
                  <PageCheckbox rows={body === undefined ? (rows ?? []) : []} selection={selection} />
                </th>
              )}
              {defs.map((c) => (
                <th key={c.id} scope="col" className={th} style={{ minWidth: Math.min(c.width, 260) }}>
                  {c.header}
                </th>
              ))}
              {extra.map((x) => (
                <th key={x.id} scope="col" className={th}>
                  {x.srOnly ? <span className="sr-only">{x.header}</span> : x.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {body === undefined &&
              rows?.map((row) => {
                const isNew = added.has(row.uuid);
                const picked = selection?.selected.has(row.uuid) ?? false;
                return (
                  <tr
                    key={row.uuid}
                    data-new={isNew || undefined}
                    aria-selected={selection ? picked : undefined}
                    className={picked ? 'bg-indigo-50' : 'hover:bg-slate-50'}
                  >
                    {selection && (
                      <td className={td}>
                        <input
                          type="checkbox"
                          aria-label={`Select ${row.name}`}
                          className="mt-0.5 h-4 w-4 cursor-pointer accent-indigo-600"
                          checked={picked}
                          onChange={() => {
                            const next = new Set(selection.selected);
                            if (picked) next.delete(row.uuid);
                            else next.add(row.uuid);
                            selection.onChange(next);
                          }}
                        />
                      </td>
                    )}
                    {defs.map((c) => (
                      <td key={c.id} className={`${td} ${c.id === 'name' ? '' : 'text-slate-700'}`}>
                        {c.id === 'name' ? (
                          <span className="flex items-center gap-2">
                            <Link
                              to="/companies/$companyId"
                              params={{ companyId: row.uuid }}
                              className="font-medium text-slate-900 hover:text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                            >
                              {row.name}
                            </Link>
                            {isNew && <NewBadge />}
                          </span>
                        ) : renderCell ? (
                          renderCell(c, row)
                        ) : (
                          <DefaultCell column={c} row={row} />
                        )}
                      </td>
                    ))}
                    {extra.map((x) => (
                      <td key={x.id} className={`${td} text-slate-700`}>
                        {x.cell(row)}
                      </td>
                    ))}
                  </tr>
                );
              })}
          </tbody>
        </table>
        {body}
      </div>
      {paging && (
        <Pager
          noun="companies"
          offset={paging.offset}
          pageSize={paging.pageSize}
          total={paging.total}
          onOffsetChange={paging.onOffsetChange}
          busy={refreshing}
          className="border-t border-slate-200 px-3 py-2"
        />
      )}
    </div>
  );
}
