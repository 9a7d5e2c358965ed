/**
 * A static list's page (issue 35): the companies picked by hand, in the grid's columns, with what
 * a rep does to them: select some (or the page), remove them, add them to another list, export all
 * or only the selected, and open "More like these". The identity the list keeps is free; the list
 * builder's Columns menu (a slot from the app layer) adds section and signal columns, priced first,
 * read from the team's company store and bought only for the pairs it lacks, on screen and in the CSV.
 */
import type { CompanyListItem } from '@contract/api';
import { COLUMN_BY_ID, sectionsOfColumns, signalsOfColumns } from '@contract/columns';
import type { ListSection } from '@contract/section-names';
import type { SignalReading } from '@contract/signal-columns';
import { useQueries } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SelectionBar } from '@/components/ui/selection-bar';
import { useSession } from '@/features/auth/api/get-session';
import { quoteSectionsQueryOptions } from '@/lib/companies-quote';
import { useRowsWithSections } from '@/lib/company-sections';
import { quoteSignalsQueryOptions, useRowsWithSignals } from '@/lib/company-signals';
import { errorMessage } from '@/lib/errors';
import { formatCredits, formatDate } from '@/lib/format';
import { useUpdateList } from '../api/change-list';
import { useChangeCompanies, useExportStaticList } from '../api/static-lists';
import { companiesWords, isOwner, ownerName } from '../list-words';
import type { ListCompany, SavedList } from '../types';
import { AddToListButton } from './add-to-list';
import { DuplicateListButton, ListSettingsButton } from './list-actions';
import { type ExtraColumn, ListGrid, type RenderCell } from './list-grid';

/** The grid's columns a static list keeps for each company (free). */
const STATIC_COLUMNS: readonly string[] = ['name', 'website', 'product_category'];

/** The identity columns a static list's page offers: those it keeps, and the company id. */
const STATIC_IDENTITY: readonly string[] = [...STATIC_COLUMNS, 'uuid'];

/** The columns a static list's page can show: what it keeps, its ids, and paid section and signal columns. */
export function staticColumnIds(ids: readonly string[]): string[] {
  const shown = ids.filter((id) => {
    const def = COLUMN_BY_ID.get(id);
    return def !== undefined && (STATIC_IDENTITY.includes(id) || def.section !== null || !!def.signal);
  });
  return [...new Set([...STATIC_COLUMNS, ...shown])];
}

/** The list builder's Columns menu, for a page that keeps its own columns (the app layer's). */
export type ColumnsSlot = (p: {
  columns: readonly string[];
  onChange: (columns: string[]) => void;
  companies: readonly string[];
  pageSize: number;
  /** The identity columns the page can show: those the list keeps, and the company id. */
  identity: readonly string[];
}) => ReactNode;
const NO_NEW: ReadonlySet<string> = new Set();
const NONE: ReadonlySet<string> = new Set();
export const STATIC_PAGE_SIZE = 50;

/**
 * "More like these" on some of the list's companies (the app layer knows the lookalikes); `small`
 * in the selection's bar.
 */
export type MoreLikeSlot = (seeds: readonly string[], opts?: { small?: boolean }) => ReactNode;

/** A company of the list as the grid's cells read it: the identity fields the list keeps. */
const rowOf = (c: ListCompany): CompanyListItem =>
  ({
    uuid: c.uuid,
    name: c.name,
    website: c.website,
    product_category: c.product_category,
    company_type: null,
  }) as unknown as CompanyListItem;

export function StaticListView({
  list,
  renderCell,
  moreLike,
  columnsMenu,
}: {
  list: SavedList;
  renderCell?: RenderCell | undefined;
  moreLike?: MoreLikeSlot | undefined;
  columnsMenu?: ColumnsSlot | undefined;
}) {
  const session = useSession().data;
  const mine = isOwner(list, session);
  const companies = list.companies ?? [];
  const rows = useMemo(() => companies.map(rowOf), [companies]);
  const addedAt = useMemo(() => new Map(companies.map((c) => [c.uuid, c.added_at])), [companies]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(NONE);
  // Only companies still in the list count as selected (one removed elsewhere drops out).
  const picked = useMemo(() => rows.filter((r) => selected.has(r.uuid)).map((r) => r.uuid), [rows, selected]);
  const [offset, setOffset] = useState(0);
  const pageRows = useMemo(() => rows.slice(offset, offset + STATIC_PAGE_SIZE), [rows, offset]);
  // The columns shown: those kept with the list (its owner's last choice), else the identity it keeps.
  const [columns, setColumns] = useState<string[]>(() => staticColumnIds(list.columns ?? []));
  const sections = useMemo(() => sectionsOfColumns(columns), [columns]);
  const readings = useMemo(() => signalsOfColumns(columns), [columns]);
  const withSections = useRowsWithSections(pageRows, sections);
  const withSignals = useRowsWithSignals(withSections.rows, readings);
  const columnsError = withSections.error ?? withSignals.error;
  const allIds = useMemo(() => companies.map((c) => c.uuid), [companies]);
  const exportPrice = useExportPrice(allIds, sections, readings);
  const pickedPrice = useExportPrice(picked, sections, readings);
  const pageSelected = pageRows.length > 0 && pageRows.every((r) => selected.has(r.uuid));
  const [message, setMessage] = useState<string | null>(null);

  const change = useChangeCompanies();
  const saveColumns = useUpdateList();
  const exportCsv = useExportStaticList(list);
  const remove = (ids: readonly string[], what: string) => {
    setMessage(null);
    change.mutate(
      { id: list.id, remove: [...ids] },
      {
        onSuccess: (changed) => {
          setSelected((s) => new Set([...s].filter((id) => !ids.includes(id))));
          setMessage(`Removed ${what}.`);
          const left = changed.company_count ?? 0;
          if (offset >= left && offset > 0) setOffset(Math.max(0, offset - STATIC_PAGE_SIZE));
        },
      },
    );
  };

  const extra: ExtraColumn[] = [
    {
      id: 'added',
      header: 'Added',
      // One line however many paid columns squeeze the table.
      cell: (row) => <span className="whitespace-nowrap">{formatDate(addedAt.get(row.uuid)) ?? '—'}</span>,
    },
    ...(mine
      ? [
          {
            id: 'remove',
            header: 'Remove',
            srOnly: true,
            cell: (row: CompanyListItem) => (
              <Button
                size="sm"
                variant="ghost"
                className="-my-1"
                onClick={() => remove([row.uuid], row.name)}
                aria-label={`Remove ${row.name} from the list`}
              >
                Remove
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-4 px-6 py-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <Link
            to="/lists"
            className="text-sm text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            ← Lists
          </Link>
          <h1 tabIndex={-1} className="mt-1 text-2xl font-semibold text-slate-900">
            {list.name}
          </h1>
          <p className="mt-0.5 text-sm text-slate-600">
            <span className="mr-1.5 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
              Picked companies
            </span>
            {companiesWords(companies.length)} · {mine ? 'Yours' : `${ownerName(list.owner)}’s`} ·{' '}
            {list.shared ? 'shared with the team' : 'private'}
            {!mine && list.shared && ' · read-only: duplicate it to change it'}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {moreLike && companies.length > 0 && moreLike(companies.slice(0, 20).map((c) => c.uuid))}
          <Button
            variant="secondary"
            loading={exportCsv.isPending}
            disabled={companies.length === 0 || exportPrice.pending}
            onClick={() => exportCsv.mutate({ columns })}
          >
            <svg viewBox="0 0 16 16" className="h-4 w-4" aria-hidden="true">
              <path
                d="M8 2v8M4.5 6.5L8 10l3.5-3.5M3 13h10"
                stroke="currentColor"
                strokeWidth="1.5"
                fill="none"
                strokeLinecap="round"
              />
            </svg>
            Export CSV{exportPrice.label}
          </Button>
          {mine ? (
            <ListSettingsButton list={list} size="md" />
          ) : (
            <DuplicateListButton list={list} size="md" />
          )}
        </div>
      </div>
      <p className="-mt-2 text-xs text-slate-500">
        {sections.length + readings.length === 0
          ? 'Exporting this list is free: it keeps each company’s name, website and category from when it was added.'
          : 'The name, website and category are free; the added columns cost only what your team does not have yet, as the export button says.'}
      </p>
      {(change.error || exportCsv.error) && (
        <p
          role="alert"
          className="rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-900"
        >
          {change.error
            ? `Not changed: ${errorMessage(change.error)}`
            : `Not exported: ${errorMessage(exportCsv.error)}`}
        </p>
      )}
      {saveColumns.error && (
        <p
          role="alert"
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          These columns are shown but not kept with the list: {errorMessage(saveColumns.error)}
        </p>
      )}
      {columnsError && (
        <p
          role="alert"
          className="rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-900"
        >
          The added columns could not be filled: {errorMessage(columnsError)}
        </p>
      )}

      <section aria-labelledby="results-heading" className="flex min-w-0 flex-col gap-2">
        <div className="flex min-h-9 flex-wrap items-center gap-3">
          <h2 id="results-heading" tabIndex={-1} className="text-base font-semibold text-slate-900">
            Companies
          </h2>
          <SelectionBar
            count={picked.length}
            pageSelected={pageSelected}
            onSelectPage={() => setSelected(new Set([...selected, ...pageRows.map((r) => r.uuid)]))}
            onClear={() => setSelected(NONE)}
          >
            {mine && (
              <Button
                size="sm"
                variant="secondary"
                loading={change.isPending}
                onClick={() => remove(picked, companiesWords(picked.length))}
              >
                Remove from list
              </Button>
            )}
            <AddToListButton companies={picked} exceptList={list.id} />
            <Button
              size="sm"
              variant="secondary"
              loading={exportCsv.isPending}
              disabled={pickedPrice.pending}
              onClick={() => exportCsv.mutate({ companies: picked, columns })}
            >
              Export selected{pickedPrice.label}
            </Button>
            {moreLike?.(picked, { small: true })}
          </SelectionBar>
          <p role="status" className="text-sm text-emerald-700">
            {message}
          </p>
          {columnsMenu && (
            <div className="ml-auto">
              {columnsMenu({
                columns,
                onChange: (ids) => {
                  const next = staticColumnIds(ids);
                  setColumns(next);
                  // The owner's choice is kept with the list (PATCH columns): the page opens with it.
                  if (mine) saveColumns.mutate({ id: list.id, columns: next });
                },
                companies: pageRows.map((r) => r.uuid),
                pageSize: STATIC_PAGE_SIZE,
                identity: STATIC_IDENTITY,
              })}
            </div>
          )}
        </div>
        <ListGrid
          columns={columns}
          rows={withSignals.rows}
          added={NO_NEW}
          loading={false}
          refreshing={change.isPending || withSections.loading || withSignals.loading}
          error={null}
          onRetry={() => undefined}
          renderCell={renderCell}
          selection={{ selected, onChange: setSelected }}
          extra={extra}
          empty={
            <p className="text-slate-600">
              No companies in this list yet. Select companies in the list builder, then “Add to list”.
            </p>
          }
          paging={
            rows.length > STATIC_PAGE_SIZE
              ? { offset, pageSize: STATIC_PAGE_SIZE, total: rows.length, onOffsetChange: setOffset }
              : undefined
          }
        />
      </section>
    </div>
  );
}

/** Companies one signal quote may name (`POST /bff/companies/signals/quote`). */
const SIGNAL_QUOTE_MAX = 100;

/**
 * What exporting some of the list's companies in the chosen columns costs now, the team's company
 * store counted: "" when only the free identity is chosen, ": free, already stored", or
 * ": 120 credits" (quoted at their most when open roles are among the columns: "~").
 */
function useExportPrice(
  companies: readonly string[],
  sections: readonly ListSection[],
  readings: readonly SignalReading[],
): { label: string; pending: boolean } {
  const paid = companies.length > 0 && sections.length + readings.length > 0;
  const queries = useQueries({
    queries: paid
      ? [
          ...(sections.length > 0 ? [quoteSectionsQueryOptions(companies, sections)] : []),
          ...(readings.length > 0
            ? chunksOf(companies, SIGNAL_QUOTE_MAX).map((part) => quoteSignalsQueryOptions(part, readings))
            : []),
        ]
      : [],
  });
  if (!paid) return { label: '', pending: false };
  // Not priced yet (or the price could not be checked): the export waits for a price to show.
  if (queries.some((q) => q.data === undefined))
    return { label: queries.some((q) => q.isError) ? ' (price unknown)' : '', pending: true };
  const price = queries.reduce((sum, q) => sum + (q.data?.credits ?? 0), 0);
  if (price === 0) return { label: ': free, already stored', pending: false };
  return { label: `: ${readings.includes('open_roles') ? '~' : ''}${formatCredits(price)}`, pending: false };
}

function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
