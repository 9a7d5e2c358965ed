/**
 * The results: one page of list generation in the grid, with the column chooser, sort, paging,
 * selection across pages, what the page costs, and the CSV export. All list state is the URL's
 * (`useListSearch`); the selection and the grid's scroll position are kept beside it
 * (`grid-memory`), so they survive a visit to a company page and a reload; column widths live in
 * memory.
 */
import { LIST_DEFAULT_LIMIT, LIST_TOTAL_CAP, type SortBy, type SortOrder } from '@contract/list-params';
import { listGenerationCost } from '@contract/pricing';
import type { ListSection } from '@contract/section-names';
import { SECTION_LABELS } from '@contract/section-names';
import type { RowSelectionState } from '@tanstack/react-table';
import { type ReactNode, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { useAccountLists } from '@/lib/account-lists';
import { useRowsWithSignals } from '@/lib/company-signals';
import { formatCount } from '@/lib/format';
import { useGenerateList, useRefreshList } from '../api/generate-list';
import {
  listKey as listKeyOf,
  noteGridScroll,
  persistGridMemory,
  savedGridScroll,
  useGridSelection,
} from '../grid-memory';
import { useListLayout } from '../layout-memory';
import { leftOutWords } from '../left-out-words';
import { estimateListRun } from '../list-cost-estimate';
import { PAGE_SIZES } from '../list-search';
import { useExactCount } from '../use-exact-count';
import { useListRequest } from '../use-list-request';
import { useMarkedLists } from '../use-marked-lists';
import { type AccountListsChoice, AccountListsMenu } from './results/account-lists-menu';
import { ColumnsButton } from './results/columns-button';
import { ColumnsDrawer } from './results/columns-drawer';
import { CountAction, CountNote, cappedEndWords, countWords } from './results/count-line';
import { DensityToggle } from './results/density-toggle';
import { errorAdvice } from './results/error-advice';
import { ExportMenu } from './results/export-menu';
import { GridFrame, GridSelectionBar, type SelectionActions } from './results/grid-selection';
import { PageCostNote } from './results/page-cost-note';
import { PaginationBar } from './results/pagination-bar';
import { ResultsGrid } from './results/results-grid';
import { useResultsTable } from './results/results-table';
import { SortControl } from './results/sort-control';
import {
  blockedColumns,
  requestedSignals,
  unavailableReason,
  visibleColumnIds,
} from './results/visible-columns';

const NO_SELECTION: RowSelectionState = {};

/** Sections the plan cannot have (by the plan's table or the service's last answer). */
function isUnavailable(
  s: ListSection,
  unavailable: Partial<Record<ListSection, string>>,
  skipped: Partial<Record<ListSection, string>>,
  listSections: boolean,
): boolean {
  return !listSections || unavailable[s] !== undefined || skipped[s] !== undefined;
}

export function ResultsPanel({
  selectionActions,
  listActions,
}: {
  /** Actions on the selected companies, in the selection's bar (`clear` empties the selection). */
  selectionActions?: SelectionActions | undefined;
  /** Actions on the whole list, first in the toolbar ("Save list"). */
  listActions?: ReactNode;
} = {}) {
  const { search, update, pricing, pricingReady, sections, request } = useListRequest();
  const planMax = pricing.rules.maxListLimit;

  const columnIds = useMemo(() => visibleColumnIds(search), [search]);
  const pageSize = request.limit ?? LIST_DEFAULT_LIMIT;
  // The sizes the plan allows, and the one a shared link asked for even if it is not a preset.
  const pageSizes = useMemo(() => {
    const allowed: number[] = PAGE_SIZES.filter((s) => s <= planMax);
    return [...new Set([...allowed, pageSize])].sort((a, b) => a - b);
  }, [planMax, pageSize]);
  const page = search.page ?? 1;

  // The page size depends on the plan: wait for it rather than pay for a page of the wrong size.
  const query = useGenerateList(request, { enabled: pricingReady });
  const data = query.data;
  const fresh = data !== undefined && !query.isPlaceholderData;
  // The rows are drawn at a lower priority than the rest: the counts and costs above the grid
  // follow the answer at once, and React draws the rows in short slices right after, instead of in
  // one long task that would hold the page while it lands.
  const listRows = useDeferredValue(data?.data);
  // Signal columns' values for the rows on screen (bought once, priced in the Columns drawer first).
  const readings = useMemo(() => requestedSignals(search), [search]);
  const rows = useRowsWithSignals(listRows, readings).rows;

  const skipped = useMemo(() => {
    const out: Partial<Record<ListSection, string>> = {};
    for (const s of data?.skipped_sections ?? []) out[s.section as ListSection] = s.reason;
    return out;
  }, [data]);

  // Selection: company ids across pages of one list. A new list (other filters or description)
  // starts with nothing selected; sorting, paging and columns keep it.
  const blocked = useMemo(
    () => blockedColumns(columnIds, (s) => unavailableReason(s, pricing, skipped)),
    [columnIds, pricing, skipped],
  );

  const listKey = listKeyOf(search);
  const [rowSelection, onRowSelectionChange] = useGridSelection(listKey);
  const clearSelection = useCallback(() => onRowSelectionChange(NO_SELECTION), [onRowSelectionChange]);
  const selectedIds = useMemo(
    () => Object.keys(rowSelection).filter((id) => rowSelection[id]),
    [rowSelection],
  );
  const total = data ? data.total_count : null;
  const capped = total !== null && total >= LIST_TOTAL_CAP;
  const servable = total === null ? null : Math.min(total, LIST_TOTAL_CAP);
  // Past 500 the service stops counting: the exact size on request, by slices (issue 33). Hidden
  // account lists are left out of the count and of the export of every match (decisions 0035, 0039).
  const hidingAccounts = (search.hide_accounts?.length ?? 0) > 0;
  // With them hidden, the page's total is the service's (500 at most) less those hidden so far: the
  // list reached the service's cap when both together do, and its exact size is then on request.
  const beyondCap =
    capped ||
    (hidingAccounts &&
      total !== null &&
      data?.excluded_count !== undefined &&
      total + data.excluded_count >= LIST_TOTAL_CAP);
  const exact = useExactCount(search, update, request, beyondCap);
  const every = useMemo(
    () =>
      beyondCap
        ? {
            count: exact.count,
            unavailable: exact.unavailable,
            counting: exact.run.state === 'counting',
            onCount: exact.start,
          }
        : undefined,
    [beyondCap, exact.count, exact.unavailable, exact.run.state, exact.start],
  );

  // Any sort, the Employees filter's too: the BFF says (a warning) when it had to keep employee order.
  const onSort = useCallback(
    (sort_by: SortBy, sort_order: SortOrder) => update({ sort_by, sort_order }),
    [update],
  );
  const onPageChange = useCallback((p: number) => update({ page: p }), [update]);
  const onPageSizeChange = useCallback((size: number) => update({ size }), [update]);

  const inCrm = useMarkedLists(search.mark_accounts);
  // The hidden lists' kinds, for the words of the "left out" count (Hidden companies by name).
  const hiddenLists = useAccountLists({ enabled: (search.hide_accounts?.length ?? 0) > 0 }).data;
  const accountChoice = useMemo<AccountListsChoice>(
    () => ({ mark: search.mark_accounts ?? [], hide: search.hide_accounts ?? [] }),
    [search.mark_accounts, search.hide_accounts],
  );
  const onAccountChoice = useCallback(
    (next: AccountListsChoice) =>
      update({
        mark_accounts: next.mark.length > 0 ? [...next.mark] : undefined,
        hide_accounts: next.hide.length > 0 ? [...next.hide] : undefined,
      }),
    [update],
  );

  // When each row's data was fetched (the grid's tooltip), and the companies on screen (what an
  // added section is bought for).
  const asOf = useMemo(() => {
    if (!fresh || data.asOf.length !== data.data.length) return null;
    return new Map(data.data.map((row, i) => [row.uuid, data.asOf[i]!]));
  }, [fresh, data]);
  const onScreen = useMemo(() => (rows ?? []).map((r) => r.uuid), [rows]);

  const table = useResultsTable({
    rows,
    columnIds,
    sortBy: request.sort_by ?? 'relevance',
    sortOrder: request.sort_order ?? 'desc',
    onSort,
    pagination: { pageIndex: page - 1, pageSize },
    rowCount: servable ?? 0,
    onPageChange,
    onPageSizeChange,
    rowSelection,
    onRowSelectionChange,
    inCrm,
    asOf,
  });

  const charged = useMemo(
    () => sections.filter((s) => !isUnavailable(s, pricing.unavailable, skipped, pricing.rules.listSections)),
    [sections, pricing, skipped],
  );
  // Every figure of what a page costs comes from the one estimate (page sizes, the columns drawer).
  const costOf = useCallback(
    (returned: number) => estimateListRun(request, pricing.plan, { returned, sections: charged }).credits,
    [request, pricing.plan, charged],
  );
  const offset = request.offset ?? 0;
  const expectedRows = servable === null ? pageSize : Math.max(0, Math.min(pageSize, servable - offset));
  const estimate = estimateListRun(request, pricing.plan, { returned: expectedRows, sections: charged });

  // Buying the page afresh costs what the service charges for it from nothing.
  const refresh = useRefreshList(request);
  const refreshPrice = listGenerationCost({
    matched: true,
    returned: rows?.length ?? 0,
    sections: charged,
    query: request.query !== undefined,
  });

  const pageKey = `${page}|${pageSize}|${request.sort_by}|${request.sort_order}|${listKey}`;
  const onScrollChange = useCallback(
    (top: number, left: number) => noteGridScroll(listKey, { view: pageKey, top, left }),
    [listKey, pageKey],
  );
  // Leaving the list (for a company page) keeps where the grid was, for a reload there too.
  useEffect(() => persistGridMemory, []);

  const [chooserOpen, setChooserOpen] = useState(false);
  const [compact] = useListLayout('compact');
  const closeChooser = useCallback(() => setChooserOpen(false), []);

  const error = query.error;
  const advice = error ? errorAdvice(error) : null;
  const overlay = advice ? (
    <div role="alert" className="flex max-w-2xl flex-col items-start gap-2 px-6 py-10">
      <p className="font-medium text-slate-900">{advice.title}</p>
      <p className="text-sm text-slate-700">{advice.detail}</p>
      {advice.fields.length > 0 && (
        <ul className="list-disc pl-5 text-sm text-slate-600">
          {advice.fields.slice(0, 5).map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
      <p className="text-sm text-slate-500">{advice.next}</p>
      {advice.action === 'retry' && (
        <Button variant="primary" className="mt-1" onClick={() => void query.refetch()}>
          Retry
        </Button>
      )}
      {advice.action === 'clear-filters' && (
        <Button
          variant="secondary"
          className="mt-1"
          onClick={() => update({ filters: undefined, exclude: undefined, q: undefined })}
        >
          Start over without filters
        </Button>
      )}
    </div>
  ) : data && data.data.length === 0 && !query.isFetching ? (
    data.total_count > 0 ? (
      <div className="flex flex-col items-start gap-3 px-6 py-10">
        <p className="font-medium text-slate-900">Page {formatCount(page)} is past the end of this list.</p>
        <Button variant="secondary" onClick={() => update({ page: 1 })}>
          Go to the first page
        </Button>
      </div>
    ) : (
      <div className="flex flex-col items-start gap-1 px-6 py-10">
        <p className="font-medium text-slate-900">
          No companies match: remove a filter or describe the list differently
        </p>
        <p className="text-sm text-slate-500">
          Filters combine with AND: each one you remove widens the list.
        </p>
      </div>
    )
  ) : undefined;

  const skippedList = Object.entries(skipped) as [ListSection, string][];
  const warnings = (fresh ? data.warnings : []).filter((w) => w.code !== 'empty_filter_ignored');

  return (
    <section aria-labelledby="results-heading" className="flex min-h-0 flex-1 flex-col lg:min-h-[30rem]">
      {/* The title line and the cost line stack at a fixed height, so the selection badge appearing
          never pushes the toolbar onto a line of its own (the grid would jump). */}
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2 pb-3">
        <div className="flex min-w-0 flex-col">
          {/* The count's offer wraps under the size on a narrow window (320 px: no sideways scroll). */}
          <div className="flex min-h-7 min-w-0 flex-wrap items-center gap-x-3 whitespace-nowrap">
            {/* Where "Skip to results" and the way back from a company page put the focus. */}
            <h2 id="results-heading" tabIndex={-1} className="text-base font-semibold text-slate-900">
              Companies
            </h2>
            <span className="text-sm text-slate-500 tabular-nums" aria-live="polite">
              {total === null
                ? ''
                : countWords(servable ?? 0, capped || (beyondCap && exact.count !== null), exact.count)}
              {fresh && data.excluded_count !== undefined && (search.hide_accounts?.length ?? 0) > 0 && (
                <span data-testid="excluded-count">
                  {' · '}
                  {formatCount(data.excluded_count)}
                  {data.excluded_count_complete === false ? '+' : ''} left out:{' '}
                  {leftOutWords(search.hide_accounts ?? [], hiddenLists)}
                </span>
              )}
            </span>
            <CountAction exact={exact} />
          </div>
          <PageCostNote
            estimate={estimate}
            loading={query.isFetching}
            answer={fresh ? data : null}
            refreshPrice={refreshPrice}
            onRefresh={() => refresh.mutate()}
            refreshing={refresh.isPending}
            refreshError={refresh.error}
          />
          <CountNote exact={exact} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {listActions}
          <SortControl
            sortBy={request.sort_by ?? 'relevance'}
            sortOrder={request.sort_order ?? 'desc'}
            onChange={onSort}
          />
          <AccountListsMenu choice={accountChoice} onChange={onAccountChoice} />
          <ColumnsButton count={columnIds.length} onClick={() => setChooserOpen(true)} />
          <DensityToggle />
          <ExportMenu
            request={request}
            columns={columnIds}
            selected={selectedIds}
            total={servable}
            list={{ q: search.q, filters: search.filters, exclude: search.exclude }}
            blocked={blocked}
            every={every}
          />
        </div>
      </div>

      <GridSelectionBar
        table={table}
        selected={selectedIds}
        clear={clearSelection}
        actions={selectionActions}
        exportMenu={{
          request,
          columns: columnIds,
          total: servable,
          list: { q: search.q, filters: search.filters, exclude: search.exclude },
          blocked,
        }}
      />

      {(skippedList.length > 0 || warnings.length > 0) && (
        <ul className="mb-2 flex flex-col gap-1 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {skippedList.map(([s, reason]) => (
            <li key={s}>
              <span className="font-medium">{SECTION_LABELS[s]} not included:</span> {reason}
            </li>
          ))}
          {warnings.map((w, i) => (
            // One warning per key may share a code (`exclusion_drops_unknown`, one per excluded key).
            <li key={`${w.code}:${w.key ?? i}`}>{w.message}</li>
          ))}
        </ul>
      )}

      {/* From lg up the grid takes the height the column has left (the page fills the viewport; the
          section keeps room for about 26rem of grid, and the column scrolls below that). */}
      <GridFrame>
        <div className="h-0.5 shrink-0">
          {query.isFetching && data !== undefined && (
            <ProgressBar label="Loading the next page" value={null} className="h-0.5 rounded-none" />
          )}
        </div>
        <div className="min-h-0 flex-1">
          <ResultsGrid
            table={table}
            loading={rows === undefined && !error}
            // Busy also while the drawn rows are still the previous answer's (deferred just above).
            refreshing={query.isPlaceholderData || listRows !== data?.data}
            overlay={overlay}
            end={
              capped && rows !== undefined && rows.length > 0 && !table.getCanNextPage() ? (
                <p data-testid="capped-end">{cappedEndWords(exact.count)}</p>
              ) : undefined
            }
            pageKey={pageKey}
            savedScroll={savedGridScroll(listKey, pageKey)}
            onScrollChange={onScrollChange}
            compact={compact}
          />
        </div>
        <PaginationBar
          table={table}
          total={servable}
          capped={capped}
          pageSizes={pageSizes}
          costOfPageSize={costOf}
          shownRows={rows?.length ?? 0}
          exactTotal={exact.count}
        />
      </GridFrame>

      <ColumnsDrawer
        open={chooserOpen}
        onClose={closeChooser}
        state={search}
        onApply={update}
        pricing={pricing}
        skipped={skipped}
        pageSize={pageSize}
        companies={onScreen}
      />
    </section>
  );
}
