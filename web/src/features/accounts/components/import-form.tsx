/**
 * Step one of an import: a CSV chosen (file input or dropped on the zone), its header and first rows
 * read in the browser, the name and website columns guessed from the header and open to change, the
 * time the matching will take, and Start. Nothing is sent before Start; the BFF reads the file again
 * and has the last word on what it can take.
 */

import { guessColumns } from '@contract/csv-columns';
import { type DragEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { FormAlert } from '@/components/ui/form-field';
import { errorMessage, problemFields } from '@/lib/errors';
import { formatCount } from '@/lib/format';
import { FALLBACK_PRICING, usePricing } from '@/lib/pricing';
import { startImport } from '../api/imports';
import { type CsvPreview, CsvPreviewError, cellsOf, readCsvPreview } from '../csv-preview';
import { estimateImport, formatDuration } from '../import-estimate';

/** The BFF takes files up to 50,000 data rows (issue 15). */
export const IMPORT_MAX_ROWS = 50_000;
const PREVIEW_ROWS = 5;

type Chosen = { file: File; preview: CsvPreview };

const selectClass =
  'h-9 w-full rounded-md border border-slate-300 bg-white pr-7 pl-2.5 text-sm text-slate-800 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600';

function listNameOf(file: File): string {
  return file.name.replace(/\.(csv|txt)$/i, '').trim() || 'Imported accounts';
}

export function ImportForm({ onStarted }: { onStarted: (importId: string) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [name, setName] = useState('');
  const [nameColumn, setNameColumn] = useState('');
  const [domainColumn, setDomainColumn] = useState('');
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<{ message: string; details: string[] } | null>(null);
  const pricing = usePricing().data ?? FALLBACK_PRICING;

  const choose = async (file: File | undefined) => {
    setStartError(null);
    if (!file) return;
    setReadError(null);
    try {
      const preview = readCsvPreview(await file.text(), PREVIEW_ROWS);
      const guess = guessColumns(preview.headers, preview.rows);
      setChosen({ file, preview });
      setName(listNameOf(file));
      setNameColumn(guess.name ?? '');
      setDomainColumn(guess.domain ?? '');
    } catch (err) {
      setChosen(null);
      setReadError(
        err instanceof CsvPreviewError ? `${file.name}: ${err.message}` : `${file.name} could not be read.`,
      );
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void choose(e.dataTransfer.files[0]);
  };

  const start = async () => {
    if (!chosen) return;
    setStarting(true);
    setStartError(null);
    try {
      const started = await startImport({
        file: chosen.file,
        name: name.trim() || listNameOf(chosen.file),
        nameColumn: nameColumn || null,
        domainColumn: domainColumn || null,
      });
      onStarted(started.id);
    } catch (err) {
      setStartError({
        message: errorMessage(err, 'The file could not be sent. Try again.'),
        details: problemFields(err)
          .map((e) => e.message)
          .slice(0, 5),
      });
    } finally {
      setStarting(false);
    }
  };

  const preview = chosen?.preview;
  const tooMany = preview !== undefined && preview.rowCount > IMPORT_MAX_ROWS;
  const noColumn = !nameColumn && !domainColumn;
  const estimate = preview ? estimateImport(preview.rowCount, pricing.plan) : null;

  return (
    <div className="flex flex-col gap-4">
      {/* Dropping a file is the pointer's way; the file input inside is everyone's. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop target adds to the input, never replaces it */}
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="import-drop-zone"
        className={cn(
          'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-6 py-8 text-center transition-colors',
          dragging ? 'border-indigo-400 bg-indigo-50' : 'border-slate-300 bg-white',
        )}
      >
        <svg viewBox="0 0 24 24" className="h-8 w-8 text-slate-400" aria-hidden="true">
          <path
            d="M12 15V4m0 0L8 8m4-4l4 4M5 15v3a2 2 0 002 2h10a2 2 0 002-2v-3"
            stroke="currentColor"
            strokeWidth="1.5"
            fill="none"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <p className="text-sm text-slate-700">
          Drop a CSV here, or{' '}
          <label
            htmlFor={`${id}-file`}
            className="cursor-pointer font-medium text-indigo-700 underline-offset-2 hover:underline has-focus-visible:outline-2 has-focus-visible:outline-indigo-600"
          >
            choose a file
            <input
              ref={input}
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv,text/plain"
              className="sr-only"
              aria-describedby={`${id}-file-hint`}
              onChange={(e) => {
                void choose(e.target.files?.[0]);
                // Choosing the same file again (after fixing it) still reads it.
                e.target.value = '';
              }}
            />
          </label>
        </p>
        <p id={`${id}-file-hint`} className="text-xs text-slate-500">
          A CRM export: UTF-8, comma or semicolon, up to {formatCount(IMPORT_MAX_ROWS)} rows, with a header
          row.
        </p>
        {chosen && (
          <p className="text-sm text-slate-700">
            <span className="font-medium">{chosen.file.name}</span>:{' '}
            <span className="tabular-nums">{formatCount(chosen.preview.rowCount)}</span> rows,{' '}
            {chosen.preview.delimiter === ';' ? 'semicolon' : 'comma'} separated
          </p>
        )}
      </div>

      {readError && <FormAlert>{readError}</FormAlert>}

      {preview && (
        <>
          <div className="grid gap-3 sm:grid-cols-3">
            <div>
              <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-medium text-slate-700">
                List name
              </label>
              <input
                id={`${id}-name`}
                value={name}
                maxLength={200}
                onChange={(e) => setName(e.target.value)}
                className="h-9 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none"
              />
            </div>
            <ColumnSelect
              id={`${id}-namecol`}
              label="Company name column"
              headers={preview.headers}
              value={nameColumn}
              onChange={setNameColumn}
            />
            <ColumnSelect
              id={`${id}-domaincol`}
              label="Website or domain column"
              headers={preview.headers}
              value={domainColumn}
              onChange={setDomainColumn}
            />
          </div>

          <PreviewTable preview={preview} nameColumn={nameColumn} domainColumn={domainColumn} />

          {tooMany ? (
            <FormAlert>
              This file has {formatCount(preview.rowCount)} rows; an import takes up to{' '}
              {formatCount(IMPORT_MAX_ROWS)}. Split it and import the parts.
            </FormAlert>
          ) : (
            estimate && (
              <p className="text-sm text-slate-700" data-testid="import-estimate">
                Matching {formatCount(preview.rowCount)} rows takes{' '}
                <span className="font-medium">{formatDuration(estimate.minutes)}</span> at{' '}
                {formatCount(estimate.perMinute)} company searches a minute ({pricing.planLabel} plan).
                Searches are free; it runs in the background and you can leave this page.
              </p>
            )
          )}
          {noColumn && (
            <p className="text-sm text-amber-800">Choose the column with the company name or the website.</p>
          )}
          {startError && (
            <FormAlert>
              {startError.message}
              {startError.details.length > 0 && (
                <span className="mt-1 block">{startError.details.join(' ')}</span>
              )}
            </FormAlert>
          )}
          <div className="flex items-center gap-2">
            <Button variant="primary" onClick={start} loading={starting} disabled={tooMany || noColumn}>
              Start matching
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setChosen(null);
                setStartError(null);
                input.current?.focus();
              }}
            >
              Choose another file
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

/** A column of the file to read a field from, or none. */
function ColumnSelect({
  id,
  label,
  headers,
  value,
  onChange,
}: {
  id: string;
  label: string;
  headers: readonly string[];
  value: string;
  onChange: (column: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={selectClass}>
        <option value="">None</option>
        {headers.map((h) => (
          <option key={h} value={h}>
            {h}
          </option>
        ))}
      </select>
    </div>
  );
}

function PreviewTable({
  preview,
  nameColumn,
  domainColumn,
}: {
  preview: CsvPreview;
  nameColumn: string;
  domainColumn: string;
}) {
  const width = preview.headers.length;
  const marked = (h: string) => h === nameColumn || h === domainColumn;
  return (
    // A region that may scroll sideways: reached with Tab to scroll it by keyboard (WCAG 2.1.1).
    <section
      className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-indigo-600"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus
      tabIndex={0}
      aria-label="Preview of the first rows"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">
          The first {preview.rows.length} rows of the file; the chosen columns are highlighted
        </caption>
        <thead className="bg-slate-50 text-xs font-medium text-slate-500">
          <tr>
            {preview.headers.map((h, i) => (
              <th
                // biome-ignore lint/suspicious/noArrayIndexKey: headers may repeat; the position is the column
                key={i}
                scope="col"
                className={cn('px-3 py-2 whitespace-nowrap', marked(h) && 'bg-indigo-50 text-indigo-800')}
              >
                {h}
                {h === nameColumn && <span className="font-normal"> (name)</span>}
                {h === domainColumn && <span className="font-normal"> (website)</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {preview.rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of a preview have no identity but their place
            <tr key={r}>
              {cellsOf(row, width).map((cell, i) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: the position is the column
                  key={i}
                  className={cn(
                    'max-w-64 truncate px-3 py-1.5 text-slate-700',
                    marked(preview.headers[i]!) && 'bg-indigo-50/60 text-slate-900',
                  )}
                >
                  {cell || <span className="text-hint">empty</span>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
