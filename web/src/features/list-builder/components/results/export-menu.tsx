/**
 * "Export CSV": all results or only the selected rows, with the visible columns, through the BFF's
 * streamed export. The rows counted as the stream arrives drive the progress bar; the file is named
 * after the list and the day. Columns whose section the plan cannot have are left out, and the menu
 * says which and why before anything is spent (the BFF would refuse the whole export for them).
 * Each choice shows its price before the download (the BFF's estimate, the team's company store
 * counted: what it holds is free), and an export above `CONFIRM_EXPORT_ABOVE` credits is asked
 * about first.
 */

import type { ListRequest } from '@contract/api';
import { EXPORT_MAX_ROWS } from '@contract/bff';
import type { AllExportEstimate, ExportRequest } from '@contract/bff-lists';
import { AS_OF_COLUMN } from '@contract/columns';
import { CONFIRM_EXPORT_ABOVE, type ListExportEstimate } from '@contract/company-store';
import { credits as roundCredits } from '@contract/pricing';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Popover } from '@/components/ui/popover';
import { ProgressBar } from '@/components/ui/progress-bar';
import { subscribeBffEvent } from '@/lib/bff-events';
import { errorMessage, problemFields } from '@/lib/errors';
import { formatCount, formatCredits } from '@/lib/format';
import { fieldSentence } from '@/lib/problem-words';
import { saveBlob } from '@/lib/save-blob';
import { invalidateUsage } from '@/lib/usage';
import { EXPORT_ESTIMATE_KEY, useAllExportEstimate, useExportEstimate } from '../../api/estimate-export';
import { exportCsv } from '../../api/export';
import { exportFileName } from '../../export/file-name';
import type { BlockedColumn } from './visible-columns';

export type ExportMenuProps = {
  /** The list request of the grid, exclusions and all (limit and offset are ignored by the export). */
  request: ListRequest;
  columns: readonly string[];
  /** Selected company ids, across pages. */
  selected: readonly string[];
  /** Companies the whole list holds (at most 500), null before the first page. */
  total: number | null;
  list: {
    q?: string | undefined;
    filters?: Record<string, unknown> | undefined;
    exclude?: Record<string, unknown> | undefined;
  };
  /** Visible columns the plan cannot have (their sections), with the reason. */
  blocked?: readonly BlockedColumn[];
  /** What `selected` holds, in the menu's words ("selected"; a saved list's "new"). */
  selectionNoun?: string;
  /**
   * The companies "all" means, when not every match of the request (a list of lookalikes: its run's
   * members, which leave out the seeds the list's filters may match).
   */
  all?: readonly string[] | undefined;
  /** The button's words and the menu's name ("Export selected" in the selection's bar). */
  label?: string;
  /** The rows chosen when the menu opens. */
  defaultScope?: Scope;
  size?: 'sm' | 'md';
  /**
   * Every match of a list past the service's 500 (issue 33): offered beside the first 500 once the
   * list is counted, or with a way to count it first. Absent where the menu exports something else.
   */
  every?: EveryChoice | undefined;
};

/** What the menu needs to offer every match of a capped list. */
export type EveryChoice = {
  /** The list's exact size, once counted; null before. */
  count: number | null;
  /** Why this list cannot be counted (and so exported whole), or null. */
  unavailable: string | null;
  counting: boolean;
  /** Starts the count (the count line shows it running and can cancel it). */
  onCount: () => void;
};

/** The column sets of an export: the grid's visible columns, or a CRM's import fields. */
const COLUMN_SETS = [
  { id: 'visible', label: 'Visible columns' },
  { id: 'hubspot', label: 'HubSpot companies' },
  { id: 'salesforce', label: 'Salesforce accounts' },
] as const;
type ColumnSet = (typeof COLUMN_SETS)[number]['id'];

type Run =
  | { state: 'idle' }
  | {
      state: 'running';
      rows: number;
      total: number | null;
      slices?: number | null | undefined;
      /** Credits the user's calls have cost since the export started (live `usage.changed`). */
      spent: number;
    }
  | { state: 'done'; rows: number; fileName: string; excluded: number | null }
  | { state: 'cancelled'; rows: number; total: number | null; spent: number }
  | { state: 'failed'; message: string; details: string[] };

const NONE: readonly BlockedColumn[] = [];

/** "A", "A and B", "A, B and C". */
function listWords(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** `all`: the list's first 500 (what the service serves); `every`: every match, by slices. */
type Scope = 'all' | 'selected' | 'every';

/** The export's body for a choice of rows and columns (the estimate's too: one body, one price). */
export function exportBody(o: {
  request: ListRequest;
  scope: Scope;
  columnSet: ColumnSet;
  exported: readonly string[];
  selected: readonly string[];
  all?: readonly string[] | undefined;
  bom: boolean;
  /** Add "Data as of": the day each row's data was fetched (the team's company store keeps it a while). */
  asOf?: boolean;
}): ExportRequest {
  // The account lists the grid hides, the export leaves out too (named beside the request, issue 15);
  // marking is the grid's alone.
  const {
    limit: _limit,
    offset: _offset,
    mark_account_lists: _marked,
    exclude_account_lists: hidden,
    ...listRequest
  } = o.request;
  return {
    request: listRequest,
    ...(o.columnSet === 'visible'
      ? { columns: [...o.exported, ...(o.asOf ? [AS_OF_COLUMN.id] : [])] }
      : { preset: o.columnSet }),
    bom: o.bom,
    ...(o.scope === 'every'
      ? { all: true }
      : o.scope === 'selected'
        ? { uuids: o.selected.slice(0, EXPORT_MAX_ROWS) }
        : o.all
          ? { uuids: o.all.slice(0, EXPORT_MAX_ROWS) }
          : {}),
    ...(hidden && hidden.length > 0 ? { exclude_account_lists: hidden } : {}),
  };
}

/** A price as the menu uses it: the list estimate's fields, which a file of every match maps onto. */
type Price = Pick<
  ListExportEstimate,
  'credits' | 'exact' | 'credits_without_store' | 'budget_remaining' | 'within_budget'
>;

/**
 * The price of every match: the BFF's bound when it holds the count; when it has forgotten it (five
 * minutes on) but the page knows it, the same bound at that size, the count's price added (the file
 * counts again first). An upper bound either way: rows in the team's store cost nothing.
 */
export function everyPrice(e: AllExportEstimate, known: number | null): Price {
  const credits =
    e.count !== null || known === null
      ? e.credits_max
      : roundCredits(e.per_company * known * 1.1 + e.count_credits_max);
  return {
    credits,
    exact: false,
    // Counted: the BFF priced the rows the team's store keeps at what it lacks of them (issue 33).
    credits_without_store: e.count !== null ? (e.credits_without_store ?? credits) : credits,
    budget_remaining: e.budget_remaining,
    within_budget: e.within_budget,
  };
}

/** A choice's price as the menu shows it: "free: stored", "~12.5 credits", "125 credits". */
export function priceWords(e: Pick<ListExportEstimate, 'credits' | 'exact'>): string {
  if (e.credits === 0) return 'free: stored';
  return `${e.exact ? '' : '~'}${formatCredits(e.credits)}`;
}

export function ExportMenu({
  request,
  columns,
  selected,
  total,
  list,
  blocked = NONE,
  selectionNoun = 'selected',
  all,
  label = 'Export CSV',
  defaultScope = 'all',
  size = 'md',
  every,
}: ExportMenuProps) {
  const [scope, setScope] = useState<Scope>(defaultScope);
  const [columnSet, setColumnSet] = useState<ColumnSet>('visible');
  const [bom, setBom] = useState(false);
  const [asOf, setAsOf] = useState(false);
  const [run, setRun] = useState<Run>({ state: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();
  const groupId = useId();
  const everyReady = every !== undefined && every.count !== null && every.unavailable === null;
  const effectiveScope =
    (scope === 'selected' && selected.length === 0) || (scope === 'every' && !everyReady) ? 'all' : scope;
  const blockedIds = new Set(blocked.map((b) => b.id));
  const exported = columns.filter((id) => !blockedIds.has(id));
  const reasons = [...new Set(blocked.map((b) => b.reason))];

  const bodyFor = (scope: Scope, set: ColumnSet, withBom = false) =>
    exportBody({ request, scope, columnSet: set, exported, selected, all, bom: withBom, asOf });
  const hidden = request.exclude_account_lists;

  const start = async () => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const body = bodyFor(effectiveScope, columnSet, bom);
    // What the export costs as it goes: each paid call's credits, as the BFF tells the user's tabs.
    let spent = 0;
    let progress: { rows: number; total: number | null; slices?: number | null | undefined } = {
      rows: 0,
      total: null,
    };
    const show = () => setRun({ state: 'running', ...progress, spent });
    const stopListening = subscribeBffEvent('usage.changed', (data) => {
      const credits = (data as { credits_consumed?: unknown }).credits_consumed;
      if (typeof credits === 'number' && !controller.signal.aborted) {
        spent = roundCredits(spent + credits);
        show();
      }
    });
    controller.signal.addEventListener('abort', stopListening);
    show();
    try {
      const result = await exportCsv(
        body,
        (p) => {
          progress = p;
          show();
        },
        controller.signal,
      );
      const named = exportFileName(list, new Date());
      const fileName = columnSet === 'visible' ? named : named.replace(/\.csv$/, `-${columnSet}.csv`);
      saveBlob(result.blob, fileName);
      setRun({
        state: 'done',
        rows: result.rows,
        fileName,
        excluded: hidden?.length ? result.excluded : null,
      });
    } catch (err) {
      if (controller.signal.aborted) {
        if (abort.current === controller)
          setRun({ state: 'cancelled', rows: progress.rows, total: progress.total, spent });
        return;
      }
      const message = errorMessage(err, 'The export stopped before it finished. Try again.');
      // Each field error as a sentence a rep reads, not the API's path and message.
      const details = problemFields(err).map(fieldSentence);
      setRun({ state: 'failed', message, details: details.slice(0, 5) });
    } finally {
      stopListening();
      if (abort.current === controller) abort.current = null;
      // Every page the export read was charged (even of an export that failed part-way), and the
      // team's store now holds what it bought: the prices shown are asked again.
      void invalidateUsage(queryClient);
      void queryClient.invalidateQueries({ queryKey: EXPORT_ESTIMATE_KEY });
    }
  };

  // The download stops; the BFF stops before its next call. What was bought stays bought.
  const cancel = () => abort.current?.abort();

  return (
    <Popover
      label={label}
      className="w-80"
      trigger={(props) => (
        <Button variant="secondary" size={size} {...props} loading={run.state === 'running'}>
          <svg viewBox="0 0 16 16" className={size === 'sm' ? 'h-3.5 w-3.5' : 'h-4 w-4'} aria-hidden="true">
            <path
              d="M8 2v8M4.5 6.5L8 10l3.5-3.5M3 13h10"
              stroke="currentColor"
              strokeWidth="1.5"
              fill="none"
              strokeLinecap="round"
            />
          </svg>
          {label}
        </Button>
      )}
    >
      {() => (
        <div className="flex flex-col gap-3 text-sm">
          <fieldset aria-labelledby={groupId} className="flex flex-col gap-1.5">
            <legend
              id={groupId}
              className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
            >
              Rows
            </legend>
            <label className="flex cursor-pointer items-center gap-2">
              <input
                type="radio"
                name={`${groupId}-scope`}
                className="accent-indigo-600"
                checked={effectiveScope === 'all'}
                onChange={() => setScope('all')}
              />
              <span>
                All results
                {total !== null &&
                  (total >= EXPORT_MAX_ROWS
                    ? ` (the first ${formatCount(EXPORT_MAX_ROWS)})`
                    : ` (${formatCount(total)})`)}
                <ChoicePrice body={bodyFor('all', columnSet)} />
              </span>
            </label>
            {every && (
              <EveryOption
                every={every}
                name={`${groupId}-scope`}
                checked={effectiveScope === 'every'}
                onChoose={() => setScope('every')}
                body={bodyFor('every', columnSet)}
              />
            )}
            <label className="flex cursor-pointer items-center gap-2 has-disabled:cursor-not-allowed has-disabled:text-slate-400">
              <input
                type="radio"
                name={`${groupId}-scope`}
                className="accent-indigo-600"
                disabled={selected.length === 0}
                checked={effectiveScope === 'selected'}
                onChange={() => setScope('selected')}
              />
              {selected.length === 0 ? (
                `Only ${selectionNoun} rows (none ${selectionNoun})`
              ) : (
                <span>
                  Only the {formatCount(selected.length)} {selectionNoun}
                  <ChoicePrice body={bodyFor('selected', columnSet)} />
                </span>
              )}
            </label>
          </fieldset>
          <fieldset aria-labelledby={`${groupId}-columns`} className="flex flex-col gap-1.5">
            <legend
              id={`${groupId}-columns`}
              className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
            >
              Columns
            </legend>
            {COLUMN_SETS.map((set) => (
              <label key={set.id} className="flex cursor-pointer items-center gap-2">
                <input
                  type="radio"
                  name={`${groupId}-columns`}
                  className="accent-indigo-600"
                  checked={columnSet === set.id}
                  onChange={() => setColumnSet(set.id)}
                />
                <span>
                  {set.id === 'visible' ? `${set.label} (${formatCount(exported.length)})` : set.label}
                  {exported.length > 0 || set.id !== 'visible' ? (
                    <ChoicePrice body={bodyFor(effectiveScope, set.id)} known={every?.count ?? null} />
                  ) : null}
                </span>
              </label>
            ))}
          </fieldset>
          {columnSet === 'visible' && (
            <Checkbox
              label="Add “Data as of”"
              hint="the day each company’s data was fetched"
              checked={asOf}
              onCheckedChange={setAsOf}
            />
          )}
          <Checkbox
            label="Excel-friendly (BOM)"
            hint="for Excel on Windows"
            checked={bom}
            onCheckedChange={setBom}
          />
          {columnSet === 'visible' && blocked.length > 0 && (
            <p className="rounded-md border border-amber-200 bg-amber-50 px-2.5 py-2 text-xs text-amber-900">
              <span className="font-medium">Left out of the file:</span>{' '}
              {listWords(blocked.map((b) => b.header))}. {reasons.join('. ')}. Remove{' '}
              {blocked.length === 1 ? 'it' : 'them'} in Columns, or export the rest.
            </p>
          )}
          <p className="text-xs text-slate-500">
            {columnSet !== 'visible'
              ? 'The CRM’s own import field names, in its order; numbers and countries as its importer reads them.'
              : blocked.length > 0
                ? `${formatCount(exported.length)} of ${formatCount(columns.length)} visible columns, in their order.`
                : `${formatCount(columns.length)} visible columns, in their order.`}
          </p>
          <DownloadAction
            body={bodyFor(effectiveScope, columnSet)}
            running={run.state === 'running'}
            onDownload={start}
            known={every?.count ?? null}
          />
          {run.state === 'running' && (
            <div className="flex flex-col gap-1">
              <ProgressBar
                label="Export progress"
                value={run.total === null ? null : run.rows}
                max={run.total ?? 100}
              />
              <div className="flex items-start justify-between gap-2">
                <p className="text-xs text-slate-500 tabular-nums" aria-live="polite">
                  {run.total === null
                    ? `${formatCount(run.rows)} rows…`
                    : `${formatCount(run.rows)} of ${formatCount(run.total)} rows`}
                  {run.slices ? ` · ${formatCount(run.slices)} slices` : ''}
                  {run.spent > 0 ? ` · ${formatCredits(run.spent)} so far` : ''}
                </p>
                <Button size="sm" variant="secondary" onClick={cancel}>
                  Cancel export
                </Button>
              </div>
            </div>
          )}
          {run.state === 'cancelled' && (
            <p role="status" className="text-xs text-amber-900">
              Export cancelled after {formatCount(run.rows)}
              {run.total !== null ? ` of ${formatCount(run.total)}` : ''} rows; no file was saved.{' '}
              {run.spent > 0 ? `The ${formatCredits(run.spent)} it spent` : 'What it spent'} before you
              cancelled stays spent, and the companies it bought stay in your team’s store: free next time.
            </p>
          )}
          {run.state === 'done' && (
            <p role="status" className="text-xs text-emerald-700">
              Saved {run.fileName} ({formatCount(run.rows)} rows
              {run.excluded ? `; ${formatCount(run.excluded)} in your CRM left out` : ''}).
            </p>
          )}
          {run.state === 'failed' && (
            <div role="alert" className="text-xs text-red-700">
              <p>{run.message}</p>
              {run.details.length > 0 && (
                <ul className="mt-1 list-disc pl-4">
                  {run.details.map((d) => (
                    <li key={d}>{d}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
      )}
    </Popover>
  );
}

/** A choice's price beside its label, once the BFF has estimated it; nothing while it answers. */
function ChoicePrice({ body, known = null }: { body: ExportRequest; known?: number | null }) {
  const everyMatch = body.all === true;
  const listEstimate = useExportEstimate(body, !everyMatch).data;
  const allEstimate = useAllExportEstimate(body, everyMatch).data;
  const estimate = everyMatch ? allEstimate && everyPrice(allEstimate, known) : listEstimate;
  if (!estimate) return null;
  return (
    <span
      className={estimate.credits === 0 ? 'text-emerald-700 tabular-nums' : 'text-slate-500 tabular-nums'}
    >
      {' · '}
      {priceWords(estimate)}
    </span>
  );
}

/**
 * The download button, the file's price above it, and above `CONFIRM_EXPORT_ABOVE` credits a
 * question first: an export of a few hundred companies with sections costs a day's budget.
 */
function DownloadAction({
  body,
  running,
  onDownload,
  known = null,
}: {
  body: ExportRequest;
  running: boolean;
  onDownload: () => void;
  /** The list's exact size the page knows (for the price of every match). */
  known?: number | null;
}) {
  const everyMatch = body.all === true;
  const listEstimate = useExportEstimate(body, !everyMatch);
  const allEstimate = useAllExportEstimate(body, everyMatch);
  const estimate = everyMatch ? allEstimate : listEstimate;
  const e: Price | undefined = everyMatch
    ? allEstimate.data && everyPrice(allEstimate.data, known)
    : listEstimate.data;
  const [asking, setAsking] = useState(false);
  // The question replaces the button: focus moves to its answer and back, never to the page (which
  // would close the menu).
  const box = useRef<HTMLDivElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    // The last button is the question's "Spend" while asking, else the download itself.
    if (asking || wasAsking.current)
      box.current?.querySelector<HTMLButtonElement>('button:last-of-type')?.focus();
    wasAsking.current = asking;
  }, [asking]);
  const go = (confirmed: boolean) => {
    if (e && e.credits > CONFIRM_EXPORT_ABOVE && !confirmed) setAsking(true);
    else {
      setAsking(false);
      onDownload();
    }
  };
  // A click before the price is known waits for it (an export above the line must be asked about
  // first); an estimate that fails does not stop the export.
  const [waiting, setWaiting] = useState(false);
  const pending = estimate.isPending;
  const goRef = useRef(go);
  goRef.current = go;
  useEffect(() => {
    if (waiting && !pending) {
      setWaiting(false);
      goRef.current(false);
    }
  }, [waiting, pending]);
  const download = () => (pending ? setWaiting(true) : go(false));
  return (
    <div ref={box} className="flex flex-col gap-2">
      <div className="text-xs text-slate-600 tabular-nums" data-testid="export-price" aria-live="polite">
        {e ? (
          <>
            <p>
              This file:{' '}
              <span className="font-medium text-slate-900">
                {e.credits === 0 ? 'free, your team already has this data' : priceWords(e)}
              </span>
              {e.credits_without_store > e.credits && e.credits > 0 && (
                <> ({formatCredits(e.credits_without_store)} without what your team already has)</>
              )}
            </p>
            {!e.within_budget && (
              <p className="mt-1 text-amber-900">
                More than the {formatCredits(e.budget_remaining ?? 0)} you have left today:{' '}
                {everyMatch
                  ? 'it would be refused before anything is spent.'
                  : 'the export would stop short.'}
              </p>
            )}
          </>
        ) : estimate.isError ? (
          <p>The price could not be checked: the export is charged as the list is read.</p>
        ) : (
          <p>Working out the price…</p>
        )}
      </div>
      {asking && e ? (
        <fieldset className="flex flex-col gap-2 rounded-md border border-amber-200 bg-amber-50 px-2.5 py-2">
          <legend className="sr-only">Confirm the export</legend>
          <p className="text-xs text-amber-900">This export costs {priceWords(e)}. Download it?</p>
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="secondary" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            <Button size="sm" variant="primary" onClick={() => go(true)}>
              Spend {priceWords(e)}
            </Button>
          </div>
        </fieldset>
      ) : (
        <Button variant="primary" onClick={download} loading={running || waiting}>
          Download CSV
        </Button>
      )}
    </div>
  );
}

/**
 * "All 12,431" beside the first 500: every match of a capped list, once counted (its price from the
 * estimate with `all: true`). Before the count, the choice says to count first and offers it; where
 * the list cannot be counted, it says why.
 */
function EveryOption({
  every,
  name,
  checked,
  onChoose,
  body,
}: {
  every: EveryChoice;
  name: string;
  checked: boolean;
  onChoose: () => void;
  body: ExportRequest;
}) {
  const ready = every.count !== null && every.unavailable === null;
  return (
    <div className="flex flex-col gap-0.5">
      <label className="flex cursor-pointer items-center gap-2 has-disabled:cursor-not-allowed has-disabled:text-slate-400">
        <input
          type="radio"
          name={name}
          className="accent-indigo-600"
          disabled={!ready}
          checked={checked}
          onChange={onChoose}
        />
        {ready && every.count !== null ? (
          <span>
            All {formatCount(every.count)}
            <ChoicePrice body={body} known={every.count} />
          </span>
        ) : (
          'Every match'
        )}
      </label>
      {!ready && (
        <p className="pl-6 text-xs text-slate-500">
          {every.unavailable ?? (
            <>
              The list is counted first.{' '}
              <Button variant="link" size="sm" onClick={every.onCount} loading={every.counting}>
                {every.counting ? 'Counting…' : 'Count exactly'}
              </Button>
            </>
          )}
        </p>
      )}
    </div>
  );
}
