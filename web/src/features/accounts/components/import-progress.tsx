/**
 * Step two: an import followed to its end. The counts move with the BFF's live event (polling while
 * the stream is not open); the import can be cancelled; the match report downloads as CSV; once it
 * has finished, the rows that need the user (ambiguous: pick a candidate; invalid: by line number) are
 * read from the report and shown.
 */

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { FormAlert } from '@/components/ui/form-field';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Skeleton } from '@/components/ui/skeleton';
import { ACCOUNT_LISTS_QUERY_KEY } from '@/lib/account-lists';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { formatCount, formatPercent } from '@/lib/format';
import { useBffEventsOpen } from '@/lib/use-bff-events';
import { useImportEvents } from '../api/import-events';
import {
  cancelImport,
  type ImportRow,
  type ImportState,
  type ImportStatus,
  importQueryKey,
  isRunning,
  pickCandidate,
  reportUrl,
  rowsQueryOptions,
  useImport,
} from '../api/imports';
import { formatDuration } from '../import-estimate';

const STATE_LABELS: Record<ImportState, string> = {
  queued: 'Waiting to start',
  matching: 'Matching',
  completed: 'Done',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

const STATE_TONES: Record<ImportState, string> = {
  queued: 'bg-slate-100 text-slate-700',
  matching: 'bg-indigo-50 text-indigo-800',
  completed: 'bg-emerald-50 text-emerald-800',
  cancelled: 'bg-amber-50 text-amber-900',
  failed: 'bg-rose-50 text-rose-800',
};

export function ImportProgress({ importId, onDone }: { importId: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const live = useBffEventsOpen();
  useImportEvents(importId);
  const q = useImport(importId, { poll: !live });
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const imp = q.data;

  // A finished import changed the account lists (a new one, its size).
  const finished = imp !== undefined && !isRunning(imp.status);
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: ACCOUNT_LISTS_QUERY_KEY });
  }, [finished, queryClient]);

  if (q.error) {
    return (
      <FormAlert>
        {q.error instanceof ApiError && q.error.status === 404
          ? 'This import is not known (it may belong to another user).'
          : 'The import’s status could not be read.'}{' '}
        <button type="button" className="underline" onClick={onDone}>
          Import another file
        </button>
      </FormAlert>
    );
  }
  if (!imp) {
    return (
      <div role="status" aria-label="Loading the import" className="space-y-2">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-2 w-full" />
      </div>
    );
  }

  const cancel = async () => {
    setCancelling(true);
    setCancelError(null);
    try {
      queryClient.setQueryData(importQueryKey(importId), await cancelImport(importId));
    } catch (err) {
      setCancelError(errorMessage(err, 'The import could not be cancelled.'));
    } finally {
      setCancelling(false);
    }
  };

  const running = isRunning(imp.status);
  return (
    <div className="flex flex-col gap-4" data-testid="import-progress" data-status={imp.status}>
      <div className="flex flex-wrap items-center gap-3">
        <span className={cn('rounded-full px-2.5 py-0.5 text-sm font-medium', STATE_TONES[imp.status])}>
          {STATE_LABELS[imp.status]}
        </span>
        <p className="text-sm text-slate-700 tabular-nums">
          <span className="font-medium text-slate-900">{imp.name}</span>:{' '}
          <span aria-live="polite">
            {formatCount(imp.processed)} of {formatCount(imp.rows)} rows
            {running ? ' matched so far' : ' read'}
            {running && imp.eta_seconds !== null && imp.eta_seconds > 0
              ? `, ${formatDuration(imp.eta_seconds / 60)} left`
              : ''}
          </span>
        </p>
        <div className="flex-1" />
        {running && (
          <Button onClick={cancel} loading={cancelling}>
            Cancel import
          </Button>
        )}
        <a
          href={reportUrl(importId)}
          download
          className="inline-flex h-9 items-center gap-2 rounded-md border border-slate-300 bg-white px-3.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
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
          Download match report
        </a>
        {!running && (
          <Button variant="ghost" onClick={onDone}>
            Import another file
          </Button>
        )}
      </div>
      <ProgressBar
        label="Matching progress"
        value={imp.status === 'queued' ? null : imp.processed}
        max={Math.max(imp.rows, 1)}
      />
      {cancelError && <FormAlert>{cancelError}</FormAlert>}
      {imp.status === 'failed' && (
        <FormAlert>
          The import stopped: {imp.error || 'the BFF gave no reason.'} The rows matched are kept.
        </FormAlert>
      )}
      <Counts imp={imp} />
      {!running && <RowsToReview imp={imp} />}
    </div>
  );
}

function Counts({ imp }: { imp: ImportStatus }) {
  const items: [string, number, string][] = [
    ['Matched', imp.matched, 'text-emerald-700'],
    ['Ambiguous', imp.ambiguous, 'text-amber-800'],
    ['Unmatched', imp.unmatched, 'text-slate-700'],
    ['Invalid', imp.invalid, 'text-rose-700'],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Match counts">
      {items.map(([label, n, tone]) => (
        <div key={label} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
          <dt className="text-xs font-medium text-slate-500">{label}</dt>
          <dd className={cn('text-xl font-semibold tabular-nums', tone)} data-count={n}>
            {formatCount(n)}
            {imp.processed > 0 && (
              <span className="ml-1.5 text-xs font-normal text-slate-500">
                {formatPercent(n / imp.processed)}
              </span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The ambiguous rows (to settle, with their candidates) and the invalid ones (by line). */
function RowsToReview({ imp }: { imp: ImportStatus }) {
  // The rows change when a row is settled: the counts tell.
  const version = `${imp.status}|${imp.matched}|${imp.ambiguous}|${imp.invalid}`;
  const ambiguousQ = useQuery({
    ...rowsQueryOptions(imp.id, 'ambiguous', version),
    enabled: imp.ambiguous > 0,
  });
  const invalidQ = useQuery({ ...rowsQueryOptions(imp.id, 'invalid', version), enabled: imp.invalid > 0 });
  if (imp.ambiguous === 0 && imp.invalid === 0) return null;
  if ((imp.ambiguous > 0 && ambiguousQ.isPending) || (imp.invalid > 0 && invalidQ.isPending))
    return <Skeleton className="h-24 w-full" />;
  if (ambiguousQ.error || invalidQ.error) return <FormAlert>The rows to review could not be read.</FormAlert>;
  const ambiguous = ambiguousQ.data?.data ?? [];
  const invalid = invalidQ.data?.data ?? [];
  return (
    <div className="flex flex-col gap-6">
      {ambiguous.length > 0 && (
        <section aria-labelledby="ambiguous-heading" className="flex flex-col gap-2">
          <h3 id="ambiguous-heading" className="text-base font-semibold text-slate-900">
            Ambiguous rows <span className="font-normal text-slate-500">({formatCount(imp.ambiguous)})</span>
          </h3>
          <p className="text-sm text-slate-600">
            Several companies fit these rows. Pick the right one and it joins the account list.
          </p>
          <ul className="flex flex-col gap-3">
            {ambiguous.map((row) => (
              <AmbiguousRow key={row.line} importId={imp.id} row={row} />
            ))}
          </ul>
          {imp.ambiguous > ambiguous.length && (
            <p className="text-sm text-slate-500">
              The first {formatCount(ambiguous.length)}; the match report lists them all.
            </p>
          )}
        </section>
      )}
      {invalid.length > 0 && (
        <section aria-labelledby="invalid-heading" className="flex flex-col gap-2">
          <h3 id="invalid-heading" className="text-base font-semibold text-slate-900">
            Invalid rows <span className="font-normal text-slate-500">({formatCount(imp.invalid)})</span>
          </h3>
          <p className="text-sm text-slate-600">
            These rows could not be read: neither a company name nor a website. Fix them in the file and
            import it again.
          </p>
          <table className="w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-sm">
            <caption className="sr-only">Invalid rows by line number</caption>
            <thead className="bg-slate-50 text-left text-xs font-medium text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Line
                </th>
                <th scope="col" className="px-4 py-2">
                  Row
                </th>
                <th scope="col" className="px-4 py-2">
                  Reason
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100" data-testid="invalid-rows">
              {invalid.map((r) => (
                <tr key={r.line}>
                  <td className="px-4 py-2 tabular-nums">{r.line}</td>
                  <td className="max-w-md truncate px-4 py-2 text-slate-600">
                    {r.cells.filter((c) => c.trim() !== '').join(', ') || (
                      <span className="text-hint">empty</span>
                    )}
                  </td>
                  <td className="px-4 py-2 text-slate-700">{r.reason ?? 'unreadable'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

function AmbiguousRow({ importId, row }: { importId: string; row: ImportRow }) {
  const queryClient = useQueryClient();
  const group = useId();
  const [picked, setPicked] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const described = row.cells.filter((v) => v.trim() !== '').join(', ');

  const save = async () => {
    if (!picked) return;
    setSaving(true);
    setError(null);
    try {
      await pickCandidate(importId, row.line, picked);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: importQueryKey(importId) }),
        queryClient.invalidateQueries({ queryKey: ACCOUNT_LISTS_QUERY_KEY }),
      ]);
    } catch (err) {
      setError(errorMessage(err, 'The choice could not be saved.'));
      setSaving(false);
    }
  };

  return (
    <li
      className="rounded-lg border border-amber-200 bg-white p-4"
      data-testid="ambiguous-row"
      data-line={row.line}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm text-slate-900">
          <span className="font-medium">Line {row.line}:</span> {described || 'empty'}
        </legend>
        <div className="flex flex-col gap-1">
          {row.candidates.map((c) => (
            <label
              key={c.uuid}
              className="flex min-h-6 cursor-pointer items-center gap-2 text-sm text-slate-700"
            >
              <input
                type="radio"
                name={`${group}-candidate`}
                value={c.uuid}
                className="accent-indigo-600"
                checked={picked === c.uuid}
                onChange={() => setPicked(c.uuid)}
              />
              <span>
                <span className="font-medium text-slate-900">{c.name}</span>
                {c.domain && <span className="ml-1.5 text-slate-500">{c.domain}</span>}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {error && (
        <p role="alert" className="mt-2 text-sm text-rose-700">
          {error}
        </p>
      )}
      <Button
        className="mt-3"
        size="compact"
        variant="primary"
        disabled={!picked}
        loading={saving}
        onClick={save}
      >
        Use this company
      </Button>
    </li>
  );
}
