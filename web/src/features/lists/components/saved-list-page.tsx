/**
 * A saved list: what a run costs (before it runs), the run, and what it found for this user: the
 * grid with a **New** badge on the companies added since they last marked the list seen, "only
 * new", the companies that left the list and why, "Mark all seen", the run history with any past
 * run's companies, and the export of all or only the new ones.
 *
 * The page shows the latest run it knows (the one just made, or the list's last run, read for
 * free); running again is the user's choice, with its cost on the button's line.
 */

import type { CompanyListItem, ListRequest } from '@contract/api';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { SelectionBar } from '@/components/ui/selection-bar';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth/api/get-session';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { formatCount, formatCreditAmount, formatCredits, formatDateTime } from '@/lib/format';
import { FALLBACK_PRICING, usePricing } from '@/lib/pricing';
import { useSavedList } from '../api/get-lists';
import { useListRows } from '../api/list-rows';
import { useMarkSeen, useRunDetail, useRunEstimate, useRunList } from '../api/runs';
import {
  listColumns,
  pageRequest,
  pageSizeOf,
  runChanges,
  servedSections,
  wholeListRequest,
} from '../list-view';
import { broadListNote, changeWords, isOwner, ownerName, scheduleWords } from '../list-words';
import { estimatePage, estimateRun } from '../run-cost';
import type { CompanyName, ListRun, ListSeed, RunDetail, SavedList } from '../types';
import { AddToListButton } from './add-to-list';
import { LastCheckNote } from './last-check-note';
import { DuplicateListButton, ListSettingsButton } from './list-actions';
import { ListGrid, NewBadge, type RenderCell } from './list-grid';
import { RankedGrid } from './ranked-grid';
import { LeftTheList, RunHistory } from './run-panels';
import { type ColumnsSlot, type MoreLikeSlot, StaticListView } from './static-list-page';

/** A saved search: a list with a request to run (a static list has none). */
type SearchList = SavedList & { request: ListRequest };
const isSearch = (list: SavedList): list is SearchList => list.request !== null;
const NO_SELECTION: ReadonlySet<string> = new Set();

export type ExportSlot = (p: {
  /** The list request of the list (limit and offset are ignored by the export). */
  request: ListRequest;
  columns: readonly string[];
  /** The companies new to this user: "export new only". */
  newOnes: readonly string[];
  /** The members of the latest run. */
  total: number | null;
  name: string;
  /** A list with seeds: the shown run's members, what "all" exports (never its seeds). */
  members?: readonly string[] | undefined;
  /** The rows the user selected: "Export selected" in the selection's bar (then `newOnes` is unused). */
  selected?: readonly string[] | undefined;
}) => ReactNode;

/**
 * The exact count of a saved search past 500 (issue 33: the list keeps its first 500, the page
 * offers the count of all); the app layer knows the list builder's count.
 */
export type CountSlot = (p: { request: ListRequest }) => ReactNode;

type SavedListPageProps = {
  listId: string;
  renderCount?: CountSlot;
  renderCell?: RenderCell;
  renderExport?: ExportSlot;
  /** A link to the list builder with the list's state (the app layer knows the builder's URL). */
  builderLink?: (list: SearchList) => ReactNode;
  /** "More like these" on a static list's companies (the app layer knows the lookalikes). */
  moreLike?: MoreLikeSlot;
  /** The list builder's Columns menu on a static list's page (the app layer knows the builder). */
  columnsMenu?: ColumnsSlot;
};

function problemWords(error: unknown): { title: string; detail: string } {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 404)
    return { title: 'No such list', detail: 'It was deleted, or it is someone else’s private list.' };
  if (status === 403) return { title: 'Not yours to change', detail: errorMessage(error) };
  return { title: 'The list could not be loaded', detail: errorMessage(error) };
}

export function SavedListPage({
  listId,
  renderCell,
  renderExport,
  renderCount,
  builderLink,
  moreLike,
  columnsMenu,
}: SavedListPageProps) {
  const list = useSavedList(listId);
  if (list.error) {
    const p = problemWords(list.error);
    return (
      <div className="mx-auto w-full max-w-6xl px-6 py-8">
        <h1 className="text-2xl font-semibold text-slate-900">{p.title}</h1>
        <p className="mt-1 text-sm text-slate-600">{p.detail}</p>
        <Link to="/lists" className="mt-4 inline-block text-sm text-indigo-700 underline">
          Back to your lists
        </Link>
      </div>
    );
  }
  if (!list.data)
    return (
      <div
        className="mx-auto w-full max-w-6xl space-y-3 px-6 py-8"
        role="status"
        aria-label="Loading the list"
      >
        <Skeleton className="h-8 w-72" />
        <Skeleton className="h-5 w-96" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  if (!isSearch(list.data))
    return (
      <StaticListView
        list={list.data}
        renderCell={renderCell}
        moreLike={moreLike}
        columnsMenu={columnsMenu}
      />
    );
  return (
    <SavedListView
      list={list.data}
      renderCell={renderCell}
      renderExport={renderExport}
      renderCount={renderCount}
      builderLink={builderLink}
      moreLike={moreLike}
    />
  );
}

function SavedListView({
  list,
  renderCell,
  renderExport,
  renderCount,
  builderLink,
  moreLike,
}: Omit<SavedListPageProps, 'listId' | 'columnsMenu'> & { list: SearchList }) {
  const session = useSession().data;
  const mine = isOwner(list, session);
  const pricing = usePricing().data ?? FALLBACK_PRICING;
  const planMax = pricing.rules.maxListLimit;

  const runNow = useRunList(list.id, list.request);
  // The shown run's detail (free): its members, in the order a ranked run put them.
  const lastDetail = useRunDetail(list.id, runNow.data?.id ?? list.last_run?.id ?? null);
  const shown: ListRun | RunDetail | undefined =
    runNow.data ?? (lastDetail.data?.id === list.last_run?.id ? lastDetail.data : undefined);
  const members = lastDetail.data && lastDetail.data.id === shown?.id ? lastDetail.data.members : undefined;
  // A list of lookalikes: its seeds are never members; a ranked run shows its own order and scores.
  const seedIds = useMemo(() => new Set(list.seeds ?? []), [list.seeds]);
  const ranked = shown?.ranking === 'similarity';

  const [seenHere, setSeen] = useState<ReadonlySet<string>>(new Set());
  const markSeen = useMarkSeen(list.id);
  const seen = useMemo(
    () => (list.seen_run_id ? new Set([...seenHere, list.seen_run_id]) : seenHere),
    [seenHere, list.seen_run_id],
  );
  const changes = runChanges(shown, seen);

  const [onlyNew, setOnlyNew] = useState(false);
  const [page, setPage] = useState(1);
  // Rows picked for "Add to list", "Export selected" and "More like these" (the run's members only).
  const [selected, setSelected] = useState<ReadonlySet<string>>(NO_SELECTION);
  const picked = useMemo(() => [...selected], [selected]);
  const columns = useMemo(() => listColumns(list.columns), [list.columns]);
  const sections = useMemo(
    () =>
      servedSections(columns, { listSections: pricing.rules.listSections, unavailable: pricing.unavailable }),
    [columns, pricing],
  );
  const pageSize = pageSizeOf(list.request, planMax);
  const size = shown?.size ?? 0;
  const showNew = onlyNew && changes.added.size > 0;
  const rowsRequest = showNew
    ? wholeListRequest(list.request, sections, size, planMax)
    : pageRequest(list.request, sections, pageSize, page);
  const rows = useListRows(rowsRequest, !ranked && shown !== undefined && size > 0 && (!onlyNew || showNew));
  const shownRows = useMemo(() => {
    const data = rows.data?.data;
    // The list's pages hold its seeds when they match its filters: a run leaves them out.
    const members = seedIds.size > 0 ? data?.filter((r) => !seedIds.has(r.uuid)) : data;
    if (!members || !showNew) return members;
    return members.filter((r) => changes.added.has(r.uuid));
  }, [rows.data, showNew, changes.added, seedIds]);
  const rankOf = useMemo(() => new Map((members ?? []).map((u, i) => [u, i + 1])), [members]);
  const rankedShown = useMemo(
    () => (showNew ? (members ?? []).filter((u) => changes.added.has(u)) : (members ?? [])),
    [members, showNew, changes.added],
  );

  // Names of companies the page knows: the shown run's, and the grid's pages of this session (here
  // or in the builder) for a past run's members; the rest are named by the free company search.
  const queryClient = useQueryClient();
  const names = useMemo(() => {
    const out = new Map<string, CompanyName>();
    if (rows.data)
      for (const [, page] of queryClient.getQueriesData<{ data?: CompanyListItem[] }>({
        queryKey: ['list', 'generate'],
      }))
        for (const r of page?.data ?? []) out.set(r.uuid, { name: r.name, website: r.website });
    // The run's own names (its members as the run found them, those that left as last known) win.
    for (const [uuid, c] of Object.entries(shown?.companies ?? {})) out.set(uuid, c);
    return out;
  }, [queryClient, rows.data, shown]);

  const bffEstimate = useRunEstimate(list.id).data;
  const runEstimate = bffEstimate
    ? { credits: bffEstimate.credits, upTo: bffEstimate.up_to, parts: bffEstimate.parts }
    : estimateRun(list.request, pricing.plan, list.seeds?.length ?? 0);
  const pageEstimate = estimatePage(
    rowsRequest,
    pricing.plan,
    Math.min(rowsRequest.limit ?? pageSize, size),
    sections,
  );
  // "Only new" reads the whole list once (the new companies may be on any of its pages): its cost
  // shows beside the box before it is ticked.
  const wholeRequest = wholeListRequest(list.request, sections, size, planMax);
  const onlyNewEstimate = estimatePage(wholeRequest, pricing.plan, wholeRequest.limit ?? size, sections);
  const broad = shown ? broadListNote(shown) : null;
  const running = runNow.isPending;
  const runError = runNow.error;

  const onRun = () => {
    setPage(1);
    setOnlyNew(false);
    runNow.mutate();
  };

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
          <h1 className="mt-1 text-2xl font-semibold text-slate-900">{list.name}</h1>
          {list.seed_companies && list.seed_companies.length > 0 && <SeedLine seeds={list.seed_companies} />}
          <p className="mt-0.5 text-sm text-slate-600">
            {mine ? 'Yours' : `${ownerName(list.owner)}’s`} ·{' '}
            {list.shared ? 'shared with the team' : 'private'} · {scheduleWords(list.schedule).toLowerCase()}
            {!mine && list.shared && ' · read-only: duplicate it to change it'}
          </p>
          <LastCheckNote list={list} className="mt-0.5 text-sm" />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {builderLink?.(list)}
          {mine ? (
            <ListSettingsButton list={list} size="md" />
          ) : (
            <DuplicateListButton list={list} size="md" />
          )}
        </div>
      </div>

      <section
        aria-label="Run"
        className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm"
      >
        <div className="flex min-w-0 flex-col gap-0.5 text-sm">
          <p className="text-slate-900" aria-live="polite">
            {running ? (
              <span className="inline-flex items-center gap-2">
                <Spinner className="h-3.5 w-3.5" /> Running the list…
              </span>
            ) : shown ? (
              <>
                <span className="font-medium">
                  {runNow.data ? 'Run just now' : `Last run ${formatDateTime(shown.at)}`}:
                </span>{' '}
                {formatCount(shown.size)} companies ·{' '}
                {changeWords(changes.added.size, changes.removed.length)} ·{' '}
                {formatCredits(shown.credits_consumed)}
              </>
            ) : (
              <span className="font-medium">Not run yet</span>
            )}
          </p>
          <p
            className="text-slate-500 tabular-nums"
            title={runEstimate.parts.map((p) => `${p.what}: ${formatCredits(p.credits)}`).join('\n')}
          >
            A run: {runEstimate.upTo ? 'up to ' : ''}~{formatCredits(runEstimate.credits)}
            {!mine && ', charged to you'}
            {shown && runEstimate.upTo && `; the last one cost ${formatCredits(shown.credits_consumed)}`}
          </p>
        </div>
        <div className="flex items-center gap-2">
          {shown && (changes.added.size > 0 || changes.removed.length > 0) && (
            <Button
              variant="secondary"
              loading={markSeen.isPending}
              onClick={() =>
                markSeen.mutate(undefined, {
                  onSuccess: () => setSeen((s) => new Set([...s, shown.id])),
                })
              }
            >
              Mark all seen
            </Button>
          )}
          <Button variant="primary" loading={running} onClick={onRun}>
            {shown ? 'Run again' : 'Run list'}
          </Button>
        </div>
      </section>
      {runError && (
        <p
          role="alert"
          className="rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-900"
        >
          {runError instanceof ApiError && runError.status === 402
            ? `Your budget cannot cover this run: ${errorMessage(runError)}`
            : `The list could not be run: ${errorMessage(runError)}`}
        </p>
      )}
      {markSeen.error && (
        <p role="alert" className="text-sm text-rose-700">
          Not marked seen: {markSeen.error.message}
        </p>
      )}
      {broad && (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {broad}
        </p>
      )}
      {broad && seedIds.size === 0 && renderCount?.({ request: list.request })}
      {shown?.ranking_note && (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {shown.ranking_note}
        </p>
      )}

      {shown ? (
        <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_20rem]">
          <section aria-labelledby="results-heading" className="flex min-w-0 flex-col gap-2">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="flex items-center gap-3">
                <h2 id="results-heading" tabIndex={-1} className="text-base font-semibold text-slate-900">
                  Companies
                </h2>
                {changes.added.size > 0 && (
                  <span className="flex items-center gap-1 text-sm text-slate-600">
                    <NewBadge /> {formatCount(changes.added.size)} since you last marked it seen
                  </span>
                )}
              </div>
              <div className="flex items-center gap-3">
                <Checkbox
                  label={`Only new (${formatCount(changes.added.size)})`}
                  hint={
                    changes.added.size > 0 && !showNew && !ranked
                      ? `reads the whole list: ~${formatCredits(onlyNewEstimate.credits)}`
                      : undefined
                  }
                  checked={showNew}
                  disabled={changes.added.size === 0}
                  onCheckedChange={setOnlyNew}
                />
                {renderExport?.({
                  request: list.request,
                  columns,
                  newOnes: [...changes.added],
                  total: shown.size,
                  name: list.name,
                  ...(seedIds.size > 0 && members ? { members } : {}),
                })}
              </div>
            </div>
            <p className="text-xs text-slate-500 tabular-nums">
              {ranked ? (
                'Most similar to its seeds first, as the run ranked them: showing them costs nothing more.'
              ) : (
                <>
                  {showNew ? 'The new companies (the whole list read once): ' : 'This page: '}
                  {rows.isFetching || !rows.data || rows.isPlaceholderData
                    ? `${pageEstimate.upTo ? 'up to ' : ''}~${formatCredits(pageEstimate.credits)}`
                    : rows.data.cached
                      ? 'cached, no credits spent'
                      : rows.data.saved > 0 && rows.data.credits_consumed === 0
                        ? 'already stored, no credits spent'
                        : `${formatCredits(rows.data.credits_consumed)} spent${
                            rows.data.saved > 0 ? `, ${formatCreditAmount(rows.data.saved)} saved` : ''
                          }`}
                </>
              )}
            </p>
            {!ranked && (
              <SelectionBar
                count={picked.length}
                pageSelected={(shownRows ?? []).every((r) => selected.has(r.uuid))}
                onSelectPage={() =>
                  setSelected(new Set([...selected, ...(shownRows ?? []).map((r) => r.uuid)]))
                }
                onClear={() => setSelected(NO_SELECTION)}
              >
                <AddToListButton companies={picked} />
                {renderExport?.({
                  request: list.request,
                  columns,
                  newOnes: [],
                  total: shown.size,
                  name: list.name,
                  selected: picked,
                })}
                {moreLike?.(picked.slice(0, 20), { small: true })}
              </SelectionBar>
            )}
            {ranked ? (
              members ? (
                <RankedGrid
                  members={rankedShown}
                  rankOf={rankOf}
                  scores={shown.scores ?? null}
                  names={names}
                  added={changes.added}
                  empty={<p className="text-slate-600">No companies match this list right now.</p>}
                  paging={
                    showNew
                      ? undefined
                      : {
                          offset: (page - 1) * pageSize,
                          pageSize,
                          total: members.length,
                          onOffsetChange: (offset) => setPage(Math.floor(offset / pageSize) + 1),
                        }
                  }
                />
              ) : (
                <Skeleton className="h-64 w-full" />
              )
            ) : (
              <ListGrid
                columns={columns}
                rows={size === 0 ? [] : shownRows}
                added={changes.added}
                loading={rows.isFetching}
                refreshing={rows.isPlaceholderData}
                error={rows.error}
                onRetry={() => void rows.refetch()}
                renderCell={renderCell}
                selection={{ selected, onChange: setSelected }}
                empty={<p className="text-slate-600">No companies match this list right now.</p>}
                paging={
                  showNew
                    ? undefined
                    : {
                        offset: (page - 1) * pageSize,
                        pageSize,
                        total: size,
                        onOffsetChange: (offset) => setPage(Math.floor(offset / pageSize) + 1),
                      }
                }
              />
            )}
          </section>
          <LeftTheList removed={changes.removed} names={names} />
          <div className="xl:col-span-2">
            <RunHistory listId={list.id} names={names} />
          </div>
        </div>
      ) : list.last_run && lastDetail.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm">
          <p className="font-medium text-slate-700">Run the list to see its companies</p>
          <p className="mt-1 text-slate-500">
            The first run marks every company new; mark them seen, and later runs show what changed.
          </p>
        </div>
      )}
    </div>
  );
}

/** "Like Acme, Beta, Gamma": the seeds of a list saved from the lookalikes, each a link to its page. */
function SeedLine({ seeds }: { seeds: readonly ListSeed[] }) {
  return (
    <div className="mt-1 flex flex-wrap items-center gap-1.5 text-sm text-slate-600">
      <span id="seed-line">Like</span>
      <ul className="flex flex-wrap gap-1.5" aria-labelledby="seed-line">
        {seeds.map((s) => (
          <li key={s.uuid}>
            <Link
              to="/companies/$companyId"
              params={{ companyId: s.uuid }}
              className="inline-flex min-h-6 items-center rounded-full border border-indigo-200 bg-white px-2.5 text-xs font-medium text-indigo-800 hover:border-indigo-400 hover:underline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600"
            >
              {s.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
