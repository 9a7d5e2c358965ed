/**
 * The results grid: rows and columns virtualised (TanStack Virtual), so 500 rows by 40 columns
 * keep only what is on screen in the DOM; the header sticks to the top, and the selection checkbox
 * and company name stick to the left. Table elements laid out as grid/flex (table layout cannot hold
 * absolutely positioned rows; see below); `aria-rowcount`/`aria-rowindex` tell assistive technology
 * where each rendered row sits in the page.
 */
import type { CompanyListItem } from '@contract/api';
import { COLUMN_BY_ID } from '@contract/columns';
import type { Header } from '@tanstack/react-table';
import { elementScroll, type Rect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '@/components/ui/cn';
import { Skeleton } from '@/components/ui/skeleton';
import type { ResultsFeatures, ResultsTable } from './results-table';
import { SELECT_COLUMN_ID } from './results-table';

const ROW_HEIGHT = 36;
const HEADER_HEIGHT = 40;
/** Compact rows (the rep's choice, `layout-memory.ts`): 25 rows and more on a 900 px high window. */
const COMPACT_ROW_HEIGHT = 24;
const COMPACT_HEADER_HEIGHT = 32;
/** Columns that stay in view while scrolling sideways. */
const PINNED_IDS = [SELECT_COLUMN_ID, 'name'];
const SKELETON_KEYS = Array.from({ length: 12 }, (_, i) => `skeleton-${i}`);
/** Pixels an arrow key widens or narrows a column by. */
const RESIZE_STEP = 16;

/**
 * The grid's id for the router's element scroll restoration, one per page shown: the router carries
 * an element's scroll position over to the next location when the element has the same id, which
 * is right for a change of columns but not for another page or sort (which start at the top).
 */
function scrollRestorationId(pageKey: string): string {
  let h = 5381;
  for (let i = 0; i < pageKey.length; i++) h = ((h * 33) ^ pageKey.charCodeAt(i)) >>> 0;
  return `results-grid-${h.toString(36)}`;
}

/**
 * Where the grid will lie before it is measured: the window less the filter panel and the page's
 * header, about. The virtualisers start from it, so the first render already draws the rows and
 * columns in view (in React's sliced rendering) instead of a few, with the rest drawn in one block
 * when the grid is measured. They measure the real box right after.
 */
function expectedGridRect(): { width: number; height: number } {
  if (typeof window === 'undefined') return { width: 0, height: 0 };
  return {
    width: Math.max(0, window.innerWidth - 450),
    height: Math.max(0, window.innerHeight - 300),
  };
}

/**
 * The scroll box's size for the virtualisers, read only where the browser has laid the page out
 * already: in a ResizeObserver's callback, which runs after layout, first on the frame that shows
 * the box. The library's own observer also reads it at once when the box mounts, inside React's
 * commit, which makes the browser style and lay out the whole new page there and then, within the
 * commit's task (Lighthouse's tracing makes that recalculation several times dearer still, as it
 * records a script stack for every element). Until the first callback the estimate above stands.
 */
function observeBoxAfterLayout(
  instance: Virtualizer<HTMLDivElement, Element>,
  cb: (rect: Rect) => void,
): (() => void) | undefined {
  const el = instance.scrollElement;
  const Observer = instance.targetWindow?.ResizeObserver;
  if (!el || !Observer) return undefined;
  const observer = new Observer(() => cb({ width: el.clientWidth, height: el.clientHeight }));
  observer.observe(el);
  return () => observer.disconnect();
}

/** Virtualisers that have found their scroll box (see `scrollUnlessFresh`). */
const placed = new WeakSet<Virtualizer<HTMLDivElement, Element>>();

/**
 * How the virtualisers scroll their box. The first thing each does on finding the box is scroll it
 * to where it starts (the top, the left); a box just mounted is there already, and the browser
 * would style and lay out the whole new page within the commit to move it nowhere (as above). That
 * first move to 0 is skipped: it would change nothing, not even fire a scroll event.
 */
function scrollUnlessFresh(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<HTMLDivElement, Element>,
): void {
  const fresh = !placed.has(instance);
  placed.add(instance);
  if (fresh && offset === 0 && !options.adjustments) return;
  elementScroll(offset, options, instance);
}

/** Sets a column's width from the keyboard, within the column's own bounds. */
function resizeBy(
  table: ResultsTable,
  id: string,
  size: number,
  bounds: { minSize?: number | undefined; maxSize?: number | undefined },
) {
  const next = Math.min(bounds.maxSize ?? Number.POSITIVE_INFINITY, Math.max(bounds.minSize ?? 0, size));
  table.setColumnSizing((old) => ({ ...old, [id]: next }));
}

type ResultsGridProps = {
  table: ResultsTable;
  /** No page has arrived yet: show skeleton rows. */
  loading: boolean;
  /** A newer page is on its way while this one is shown. */
  refreshing: boolean;
  /** Replaces the body (empty and error states). */
  overlay?: ReactNode;
  /** Below the last row, seen when scrolled to the end (why a capped list's last page ends there). */
  end?: ReactNode;
  /** Changes whenever a different page is shown, to scroll back to its top. */
  pageKey: string;
  /** Where this page was left scrolled (coming back to it): restored once its rows are shown. */
  savedScroll?: { top: number; left: number } | null;
  /** Reports the scroll position, so it can be restored after the grid was away. */
  onScrollChange?: (top: number, left: number) => void;
  /** Compact rows: lower, in smaller type. */
  compact?: boolean;
};

type H = Header<ResultsFeatures, CompanyListItem, unknown>;

function SortIcon({ dir }: { dir: false | 'asc' | 'desc' }) {
  return (
    <svg viewBox="0 0 12 12" aria-hidden="true" className={cn('h-3 w-3 shrink-0', !dir && 'opacity-30')}>
      {dir !== 'asc' && <path d="M3 7l3 3 3-3" stroke="currentColor" strokeWidth="1.5" fill="none" />}
      {dir !== 'desc' && <path d="M3 5l3-3 3 3" stroke="currentColor" strokeWidth="1.5" fill="none" />}
    </svg>
  );
}

function HeaderCell({
  header,
  table,
  colIndex,
  style,
}: {
  header: H;
  table: ResultsTable;
  colIndex: number;
  style: CSSProperties;
}) {
  const column = header.column;
  const def = COLUMN_BY_ID.get(column.id);
  const sorted = column.getIsSorted();
  const canSort = column.getCanSort();
  const resize = header.getResizeHandler();
  // A column of the catalog, or one of the grid's own ("In CRM") named by its definition.
  const own = column.columnDef.header;
  const label = def?.header ?? (typeof own === 'string' ? own : column.id);
  return (
    <th
      scope="col"
      // Named by its title alone: the resize separator inside has a name of its own.
      aria-label={column.id === SELECT_COLUMN_ID ? undefined : label}
      aria-colindex={colIndex}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
      style={style}
      className="group relative flex shrink-0 items-center border-r border-b border-slate-200 bg-slate-50 px-3 text-left text-xs font-semibold tracking-wide text-slate-600"
    >
      {column.id === SELECT_COLUMN_ID ? (
        <table.FlexRender header={header} />
      ) : canSort ? (
        <button
          type="button"
          onClick={column.getToggleSortingHandler()}
          title={`Sort by ${def?.header ?? column.id}`}
          className={cn(
            'flex min-w-0 items-center gap-1 rounded text-left hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600',
            sorted && 'text-indigo-700',
          )}
        >
          <span className="truncate">{def?.header}</span>
          <SortIcon dir={sorted} />
        </button>
      ) : (
        <span className="truncate" title={label}>
          {label}
        </span>
      )}
      {column.getCanResize() && (
        // A focusable separator: dragged with the pointer, or moved with the arrow keys.
        // biome-ignore lint/a11y/useSemanticElements: an <hr> cannot be focused, sized or dragged here
        <div
          role="separator"
          aria-orientation="vertical"
          aria-label={`Resize ${label}`}
          aria-valuenow={header.getSize()}
          aria-valuemin={column.columnDef.minSize}
          aria-valuemax={column.columnDef.maxSize}
          tabIndex={0}
          title="Drag or use the arrow keys to resize; double-click to reset"
          onMouseDown={resize}
          onTouchStart={resize}
          onDoubleClick={() => column.resetSize()}
          onKeyDown={(e) => {
            const step = e.key === 'ArrowRight' ? RESIZE_STEP : e.key === 'ArrowLeft' ? -RESIZE_STEP : 0;
            if (step === 0) return;
            e.preventDefault();
            resizeBy(table, column.id, header.getSize() + step, column.columnDef);
          }}
          className={cn(
            'absolute top-0 right-0 z-10 h-full w-1.5 cursor-col-resize touch-none select-none hover:bg-indigo-400 focus-visible:bg-indigo-500 focus-visible:outline-none',
            column.getIsResizing() && 'bg-indigo-500',
          )}
        />
      )}
    </th>
  );
}

export function ResultsGrid({
  table,
  loading,
  refreshing,
  overlay,
  end,
  pageKey,
  savedScroll,
  onScrollChange,
  compact = false,
}: ResultsGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowHeight = compact ? COMPACT_ROW_HEIGHT : ROW_HEIGHT;
  const headerHeight = compact ? COMPACT_HEADER_HEIGHT : HEADER_HEIGHT;
  const [initialRect] = useState(expectedGridRect);
  const rows = table.getRowModel().rows;
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const pinned = headers.filter((h) => PINNED_IDS.includes(h.column.id));
  const center = headers.filter((h) => !PINNED_IDS.includes(h.column.id));
  const pinnedWidth = pinned.reduce((sum, h) => sum + h.getSize(), 0);
  const pinnedStart: number[] = [];
  pinned.reduce((start, h) => {
    pinnedStart.push(start);
    return start + h.getSize();
  }, 0);

  const rowVirtualizer = useVirtualizer({
    count: loading ? 0 : rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    initialRect,
    observeElementRect: observeBoxAfterLayout,
    scrollToFn: scrollUnlessFresh,
    overscan: 8,
    getItemKey: (i) => rows[i]?.id ?? i,
  });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: center.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => center[i]?.getSize() ?? 150,
    // Center columns begin after the pinned ones in the scrolled content.
    paddingStart: pinnedWidth,
    initialRect,
    observeElementRect: observeBoxAfterLayout,
    scrollToFn: scrollUnlessFresh,
    overscan: 3,
    getItemKey: (i) => center[i]?.id ?? i,
  });

  // Column widths change while resizing and when columns are added: re-measure the layout.
  const sizeKey = `${center.map((h) => `${h.id}:${h.getSize()}`).join(',')}|${pinnedWidth}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: sizeKey is the geometry's identity
  useLayoutEffect(() => {
    columnVirtualizer.measure();
  }, [sizeKey, columnVirtualizer]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the row height is the rows' geometry
  useLayoutEffect(() => {
    rowVirtualizer.measure();
  }, [rowHeight, rowVirtualizer]);

  // A new page starts at its top (the horizontal position is kept: the user chose those columns);
  // a page come back to (from a company page, or a reload) where it was left, once its rows are
  // there to scroll through.
  const restoredFor = useRef<string | null>(null);
  const shown = !loading && !overlay && rows.length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: pageKey identifies the page shown
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || restoredFor.current === pageKey) return;
    if (!savedScroll) {
      // A box just mounted is at its top already (and writing scrollTop would lay the page out
      // within the commit, as above).
      if (restoredFor.current !== null) el.scrollTop = 0;
      restoredFor.current = pageKey;
    } else if (shown) {
      restoredFor.current = pageKey;
      el.scrollTop = savedScroll.top;
      el.scrollLeft = savedScroll.left;
    }
  }, [pageKey, shown]);

  const virtualColumns = columnVirtualizer.getVirtualItems();
  const totalWidth = columnVirtualizer.getTotalSize();
  const padLeft = (virtualColumns[0]?.start ?? pinnedWidth) - pinnedWidth;
  const padRight = totalWidth - (virtualColumns.at(-1)?.end ?? pinnedWidth);
  const colIndexOffset = pinned.length + 1; // aria-colindex is 1-based

  const pinnedStyle = (i: number, width: number): CSSProperties => ({
    width,
    position: 'sticky',
    left: pinnedStart[i],
  });

  const renderCells = (
    spacer: (width: number, side: string) => ReactNode,
    renderPinned: (h: H, i: number) => ReactNode,
    renderCenter: (h: H, i: number) => ReactNode,
  ) => (
    <>
      {pinned.map((h, i) => renderPinned(h, i))}
      {padLeft > 0 && spacer(padLeft, 'left')}
      {virtualColumns.map((vc) => {
        const h = center[vc.index];
        return h ? renderCenter(h, vc.index) : null;
      })}
      {padRight > 0 && spacer(padRight, 'right')}
    </>
  );
  const headSpacer = (width: number, side: string) => (
    <th key={`pad-${side}`} className="shrink-0 border-b border-slate-200 bg-slate-50" style={{ width }} />
  );
  const bodySpacer = (width: number, side: string) => (
    <td key={`pad-${side}`} className="shrink-0 border-b border-slate-100" style={{ width }} />
  );

  return (
    <div
      ref={scrollRef}
      data-scroll-restoration-id={scrollRestorationId(pageKey)}
      onScroll={
        onScrollChange
          ? (e) => onScrollChange(e.currentTarget.scrollTop, e.currentTarget.scrollLeft)
          : undefined
      }
      className="relative h-full min-h-0 overflow-auto overscroll-contain bg-white"
      // A link focused in a scrolled column stops clear of the pinned columns (WCAG 2.4.11); the
      // page-wide scroll margin (index.css) already keeps body rows clear of the sticky header row.
      style={{ '--pinned-width': `${pinnedWidth}px` } as CSSProperties}
    >
      {/* Table elements laid out as grid and flex: the rows are absolutely positioned for
          virtualisation, which table layout cannot do; the elements keep the table's semantics. */}
      <table
        aria-label="Results"
        aria-rowcount={rows.length + 1}
        aria-colcount={headers.length}
        aria-busy={loading || refreshing}
        data-density={compact ? 'compact' : 'comfortable'}
        className={cn('grid border-separate border-spacing-0', compact && 'text-[13px] [&_td]:text-[13px]')}
        style={{ width: totalWidth, minWidth: '100%' }}
      >
        <thead className="sticky top-0 z-20 grid">
          <tr aria-rowindex={1} className="flex" style={{ height: headerHeight }}>
            {renderCells(
              headSpacer,
              (h, i) => (
                <HeaderCell
                  key={h.id}
                  header={h}
                  table={table}
                  colIndex={i + 1}
                  style={{ ...pinnedStyle(i, h.getSize()), zIndex: 3 }}
                />
              ),
              (h, i) => (
                <HeaderCell
                  key={h.id}
                  header={h}
                  table={table}
                  colIndex={i + colIndexOffset}
                  style={{ width: h.getSize() }}
                />
              ),
            )}
            <td aria-hidden="true" className="flex-1 border-b border-slate-200 bg-slate-50" />
          </tr>
        </thead>
        {overlay ? null : loading ? (
          <tbody className="grid">
            {SKELETON_KEYS.map((r) => (
              <tr key={r} className="flex border-b border-slate-100" style={{ height: rowHeight }}>
                {headers.map((h) => (
                  <td key={h.id} className="flex shrink-0 items-center px-3" style={{ width: h.getSize() }}>
                    <Skeleton className={cn('h-3', h.column.id === SELECT_COLUMN_ID ? 'w-4' : 'w-3/4')} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        ) : (
          <tbody
            className={cn('relative grid transition-opacity', refreshing && 'opacity-60')}
            style={{ height: rowVirtualizer.getTotalSize() }}
          >
            {rowVirtualizer.getVirtualItems().map((vr) => {
              const row = rows[vr.index];
              if (!row) return null;
              const selected = row.getIsSelected();
              const cells = row.getAllCellsByColumnId();
              const bg = selected ? 'bg-indigo-50' : 'bg-white group-hover/row:bg-slate-50';
              return (
                <tr
                  key={row.id}
                  aria-rowindex={vr.index + 2}
                  aria-selected={selected}
                  className={cn('group/row absolute top-0 left-0 flex', bg)}
                  // At least as wide as the grid: a few columns still read as full rows.
                  style={{
                    height: rowHeight,
                    width: totalWidth,
                    minWidth: '100%',
                    transform: `translateY(${vr.start}px)`,
                  }}
                >
                  {renderCells(
                    bodySpacer,
                    (h, i) => {
                      const cell = cells[h.column.id];
                      return (
                        <td
                          key={h.id}
                          aria-colindex={i + 1}
                          className={cn(
                            'z-10 flex shrink-0 items-center overflow-hidden border-b border-slate-100 px-3 text-sm',
                            bg,
                            i === pinned.length - 1 && 'border-r border-r-slate-200',
                          )}
                          style={pinnedStyle(i, h.getSize())}
                        >
                          {cell && <table.FlexRender cell={cell} />}
                        </td>
                      );
                    },
                    (h, i) => {
                      const cell = cells[h.column.id];
                      return (
                        <td
                          key={h.id}
                          aria-colindex={i + colIndexOffset}
                          className={cn(
                            'flex shrink-0 items-center overflow-hidden border-b border-slate-100 px-3 text-sm whitespace-nowrap text-slate-700',
                            '[&_a]:scroll-ml-(--pinned-width)',
                            bg,
                          )}
                          style={{ width: h.getSize() }}
                        >
                          {cell && <table.FlexRender cell={cell} />}
                        </td>
                      );
                    },
                  )}
                  <td aria-hidden="true" className="flex-1 border-b border-slate-100" />
                </tr>
              );
            })}
          </tbody>
        )}
      </table>
      {overlay && (
        <div className="sticky left-0" style={{ width: columnVirtualizer.scrollRect?.width ?? '100%' }}>
          {overlay}
        </div>
      )}
      {!overlay && !loading && end && (
        <div
          className="sticky left-0 px-3 py-2 text-xs text-slate-500"
          style={{ width: columnVirtualizer.scrollRect?.width ?? '100%' }}
        >
          {end}
        </div>
      )}
    </div>
  );
}
