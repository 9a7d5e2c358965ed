import type { Range } from '@contract/filters';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/components/ui/cn';
import { formatMoneyInput, parseMoney } from '@/lib/format';
import { FieldError } from './field-error';

type RangeKind = 'year_range' | 'int_range' | 'usd_range' | 'date_range';
type Bound = number | string;

/** How long typing pauses before a bound applies (the grid follows without a button). */
const RANGE_DEBOUNCE_MS = 400;

const PLACEHOLDERS: Record<RangeKind, [string, string]> = {
  year_range: ['e.g. 2015', 'e.g. 2020'],
  int_range: ['Min', 'Max'],
  usd_range: ['e.g. 250k', 'e.g. 1.5b'],
  date_range: ['', ''],
};

const LOCAL_ERRORS: Record<RangeKind, string> = {
  year_range: 'Enter a year such as 2015.',
  int_range: 'Enter a whole number.',
  usd_range: 'Enter an amount such as 250k, 10m or 1.5b.',
  date_range: 'Enter a date.',
};

/** A bound as typed to its value: undefined = no bound, null = not readable. */
function parseBound(kind: RangeKind, text: string): Bound | null | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  if (kind === 'usd_range') return parseMoney(t);
  if (kind === 'date_range') return /^\d{4}-\d{2}-\d{2}$/.test(t) ? t : null;
  return /^\d+$/.test(t.replace(/[,_\s]/g, '')) ? Number(t.replace(/[,_\s]/g, '')) : null;
}

function formatBound(kind: RangeKind, v: Bound | undefined): string {
  if (v === undefined) return '';
  return kind === 'usd_range' && typeof v === 'number' ? formatMoneyInput(v) : String(v);
}

/**
 * Two bounds, both inclusive. Typing applies after a short pause (or at once on Enter or when
 * leaving the field); text that is not a value is explained here and never applied.
 */
export function RangeFilter({
  kind,
  label,
  value,
  onChange,
  error,
}: {
  kind: RangeKind;
  label: string;
  value: Range<Bound> | undefined;
  onChange: (next: Range<Bound> | undefined) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const [texts, setTexts] = useState<[string, string]>(() => [
    formatBound(kind, value?.gte),
    formatBound(kind, value?.lte),
  ]);
  const [localError, setLocalError] = useState<string>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(texts);
  latest.current = texts;

  // A value set from outside (Describe, the summary, a link) replaces what the fields show.
  useEffect(() => {
    const [gteText, lteText] = latest.current;
    if (parseBound(kind, gteText) !== value?.gte || parseBound(kind, lteText) !== value?.lte) {
      setTexts([formatBound(kind, value?.gte), formatBound(kind, value?.lte)]);
      setLocalError(undefined);
    }
  }, [kind, value?.gte, value?.lte]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = () => {
    clearTimeout(timer.current);
    const [gteText, lteText] = latest.current;
    const gte = parseBound(kind, gteText);
    const lte = parseBound(kind, lteText);
    if (gte === null || lte === null) {
      setLocalError(LOCAL_ERRORS[kind]);
      return;
    }
    setLocalError(undefined);
    if (gte === value?.gte && lte === value?.lte) return;
    const next: Range<Bound> = {};
    if (gte !== undefined) next.gte = gte;
    if (lte !== undefined) next.lte = lte;
    onChange(gte === undefined && lte === undefined ? undefined : next);
  };

  const edit = (index: 0 | 1, text: string) => {
    const next: [string, string] = index === 0 ? [text, texts[1]] : [texts[0], text];
    latest.current = next;
    setTexts(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(commit, RANGE_DEBOUNCE_MS);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit();
    }
  };

  const message = localError ?? error;
  const errorId = `${id}-error`;
  const input = (index: 0 | 1, bound: string) => (
    <input
      type={kind === 'date_range' ? 'date' : 'text'}
      inputMode={kind === 'date_range' ? undefined : kind === 'usd_range' ? 'decimal' : 'numeric'}
      aria-label={`${label} ${bound}`}
      aria-invalid={message ? true : undefined}
      aria-describedby={message ? errorId : undefined}
      placeholder={PLACEHOLDERS[kind][index]}
      value={texts[index]}
      onChange={(e) => edit(index, e.target.value)}
      onBlur={commit}
      onKeyDown={onKeyDown}
      className={cn(
        'h-8 w-full min-w-0 rounded-md border bg-white px-2 text-sm text-slate-900 tabular-nums placeholder:text-hint',
        'focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30',
        message ? 'border-rose-400' : 'border-slate-300',
      )}
    />
  );

  return (
    <fieldset>
      <legend className="mb-1 text-xs font-medium text-slate-600">{label}</legend>
      <div className="flex items-center gap-1.5">
        {input(0, 'from')}
        <span aria-hidden="true" className="text-slate-400">
          –
        </span>
        {input(1, 'to')}
      </div>
      <FieldError id={errorId} message={message} />
    </fieldset>
  );
}
