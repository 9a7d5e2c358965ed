/**
 * "Export CSV": all results or only the selected rows, with the visible columns, through the BFF's
 * streamed export. The rows counted as the stream arrives drive the progress bar; the file is named
 * after the list and the day.
 */
import type { ListGenerateRequest } from '@contract/api';
import { EXPORT_MAX_ROWS, type ExportRequest } from '@contract/bff';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Popover } from '@/components/ui/popover';
import { ProgressBar } from '@/components/ui/progress-bar';
import { ApiError } from '@/lib/api-client';
import { exportCsv, saveBlob } from '../../api/export';
import { exportFileName } from '../../export/file-name';
import { formatCount } from './format';

export type ExportMenuProps = {
  /** The list request of the grid (limit and offset are ignored by the export). */
  request: ListGenerateRequest;
  columns: readonly string[];
  /** Selected company ids, across pages. */
  selected: readonly string[];
  /** Companies the whole list holds (at most 500), null before the first page. */
  total: number | null;
  list: { q?: string | undefined; filters?: Record<string, unknown> | undefined };
};

type Run =
  | { state: 'idle' }
  | { state: 'running'; rows: number; total: number | null }
  | { state: 'done'; rows: number; fileName: string }
  | { state: 'failed'; message: string };

export function ExportMenu({ request, columns, selected, total, list }: ExportMenuProps) {
  const [scope, setScope] = useState<'all' | 'selected'>('all');
  const [bom, setBom] = useState(false);
  const [run, setRun] = useState<Run>({ state: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const groupId = useId();
  const effectiveScope = scope === 'selected' && selected.length === 0 ? 'all' : scope;

  const start = async () => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const { limit: _limit, offset: _offset, ...listRequest } = request;
    const body: ExportRequest = {
      request: listRequest,
      columns: [...columns],
      bom,
      ...(effectiveScope === 'selected' ? { uuids: selected.slice(0, EXPORT_MAX_ROWS) } : {}),
    };
    setRun({ state: 'running', rows: 0, total: null });
    try {
      const result = await exportCsv(body, (p) => setRun({ state: 'running', ...p }), controller.signal);
      const fileName = exportFileName(list, new Date());
      saveBlob(result.blob, fileName);
      setRun({ state: 'done', rows: result.rows, fileName });
    } catch (err) {
      if (controller.signal.aborted) return;
      const message =
        err instanceof ApiError ? err.message : 'The export stopped before it finished. Try again.';
      setRun({ state: 'failed', message });
    }
  };

  return (
    <Popover
      label="Export CSV"
      className="w-80"
      trigger={(props) => (
        <Button variant="secondary" {...props} loading={run.state === 'running'}>
          <svg viewBox="0 0 16 16" className="h-4 w-4" aria-hidden="true">
            <path
              d="M8 2v8M4.5 6.5L8 10l3.5-3.5M3 13h10"
              stroke="currentColor"
              strokeWidth="1.5"
              fill="none"
              strokeLinecap="round"
            />
          </svg>
          Export CSV
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
              All results{total !== null && ` (${formatCount(total)})`}
            </label>
            <label className="flex cursor-pointer items-center gap-2 has-disabled:cursor-not-allowed has-disabled:text-slate-400">
              <input
                type="radio"
                name={`${groupId}-scope`}
                className="accent-indigo-600"
                disabled={selected.length === 0}
                checked={effectiveScope === 'selected'}
                onChange={() => setScope('selected')}
              />
              {selected.length === 0
                ? 'Only selected rows (none selected)'
                : `Only the ${formatCount(selected.length)} selected`}
            </label>
          </fieldset>
          <Checkbox
            label="Excel-friendly (BOM)"
            hint="for Excel on Windows"
            checked={bom}
            onCheckedChange={setBom}
          />
          <p className="text-xs text-slate-500">
            {formatCount(columns.length)} visible columns, in their order.
          </p>
          <Button variant="primary" onClick={start} loading={run.state === 'running'}>
            Download CSV
          </Button>
          {run.state === 'running' && (
            <div className="flex flex-col gap-1">
              <ProgressBar
                label="Export progress"
                value={run.total === null ? null : run.rows}
                max={run.total ?? 100}
              />
              <p className="text-xs text-slate-500 tabular-nums" aria-live="polite">
                {run.total === null
                  ? `${formatCount(run.rows)} rows…`
                  : `${formatCount(run.rows)} of ${formatCount(run.total)} rows`}
              </p>
            </div>
          )}
          {run.state === 'done' && (
            <p role="status" className="text-xs text-emerald-700">
              Saved {run.fileName} ({formatCount(run.rows)} rows).
            </p>
          )}
          {run.state === 'failed' && (
            <p role="alert" className="text-xs text-red-700">
              {run.message}
            </p>
          )}
        </div>
      )}
    </Popover>
  );
}
