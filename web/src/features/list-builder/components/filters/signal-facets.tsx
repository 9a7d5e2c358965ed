import {
  HEADCOUNT_GROWTH_KEY,
  HIRING_KEY,
  HIRING_LISTINGS_READ,
  HIRING_MAX_DAYS,
  MONTHLY_VISITS_KEY,
  type SignalFilters,
} from '@contract/signal-filters';
import { JOB_FUNCTION_LABELS, JOB_FUNCTIONS, type JobFunction } from '@contract/signal-values';
import { useEffect, useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ApiError } from '@/lib/api-client';
import { formatCredits } from '@/lib/format';
import { useScreenEstimate } from '../../api/estimate-screen';
import {
  checkSignal,
  type FilterValues,
  offerSignals,
  SIGNAL_FACETS_ID,
  SIGNAL_FILTER_KEYS,
  SIGNAL_LABELS,
  signalsOf,
  signalWords,
  useOfferedSignals,
  withoutSignals,
} from '../../signal-filters';
import { useListAnswer, useListRequest } from '../../use-list-request';
import { FieldError } from './field-error';
import { FilterGroupRegion } from './filter-group';

/** The facets' inputs as typed: numbers as text, so a half-typed number is never applied. */
type Draft = {
  growthPeriod: '6m' | '12m';
  growthMin: string;
  growthMax: string;
  hiring: boolean;
  functions: JobFunction[];
  days: string;
  openings: string;
  visitsMin: string;
  visitsMax: string;
};

const text = (v: unknown) => (typeof v === 'number' ? String(v) : '');

function draftOf(s: SignalFilters): Draft {
  const g = s[HEADCOUNT_GROWTH_KEY];
  const h = s[HIRING_KEY];
  const v = s[MONTHLY_VISITS_KEY];
  return {
    growthPeriod: g?.period ?? '12m',
    growthMin: text(g?.gte),
    growthMax: text(g?.lte),
    hiring: h !== undefined,
    functions: [...(h?.functions ?? [])] as JobFunction[],
    days: text(h?.posted_within_days),
    openings: text(h?.min_openings),
    visitsMin: text(v?.gte),
    visitsMax: text(v?.lte),
  };
}

/** A typed number: undefined when empty, NaN when it is no number. */
function num(t: string): number | undefined {
  const s = t.replace(/[,_\s]/g, '').trim();
  if (s === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : Number.NaN;
}

type Read = { signals: SignalFilters; errors: Partial<Record<string, string>> };

/** The draft as signal filters, each checked with the contract's schema. */
function readDraft(d: Draft): Read {
  const raw: Record<string, unknown> = {};
  const errors: Partial<Record<string, string>> = {};
  const bounds = (key: string, min: string, max: string, extra: Record<string, unknown> = {}) => {
    const gte = num(min);
    const lte = num(max);
    if (gte === undefined && lte === undefined) return;
    if (Number.isNaN(gte) || Number.isNaN(lte)) {
      errors[key] = 'Enter a number.';
      return;
    }
    if (gte !== undefined && lte !== undefined && gte > lte) {
      errors[key] = 'The lowest must not be above the highest.';
      return;
    }
    raw[key] = { ...extra, ...(gte !== undefined ? { gte } : {}), ...(lte !== undefined ? { lte } : {}) };
  };
  bounds(HEADCOUNT_GROWTH_KEY, d.growthMin, d.growthMax, { period: d.growthPeriod });
  bounds(MONTHLY_VISITS_KEY, d.visitsMin, d.visitsMax);
  const days = num(d.days);
  const openings = num(d.openings);
  if (d.hiring || d.functions.length > 0 || days !== undefined || openings !== undefined) {
    const whole = (n: number | undefined, max: number) =>
      n === undefined || (Number.isInteger(n) && n >= 1 && n <= max);
    if (!whole(days, HIRING_MAX_DAYS))
      errors[HIRING_KEY] = `Posted within: a whole number of days from 1 to ${HIRING_MAX_DAYS}.`;
    else if (!whole(openings, HIRING_LISTINGS_READ))
      errors[HIRING_KEY] =
        `Open roles: a whole number from 1 to ${HIRING_LISTINGS_READ} (a company's ${HIRING_LISTINGS_READ} newest listings are read).`;
    else
      raw[HIRING_KEY] = {
        ...(d.functions.length > 0 ? { functions: d.functions } : {}),
        ...(days !== undefined ? { posted_within_days: days } : {}),
        ...(openings !== undefined ? { min_openings: openings } : {}),
      };
  }
  const signals: Record<string, unknown> = {};
  for (const key of SIGNAL_FILTER_KEYS) {
    if (raw[key] === undefined) continue;
    const checked = checkSignal(key, raw[key]);
    if (checked.ok) signals[key] = checked.value;
    else
      errors[key] =
        key === MONTHLY_VISITS_KEY
          ? 'Visits are whole numbers, 0 or more.'
          : 'A headcount cannot shrink by more than 100%.';
  }
  return { signals: signals as SignalFilters, errors };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function NumberInput({
  label,
  value,
  onChange,
  placeholder,
  describedBy,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
  describedBy?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <label htmlFor={id} className="text-xs text-slate-600">
        {label}
      </label>
      <input
        id={id}
        inputMode="decimal"
        value={value}
        placeholder={placeholder}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm tabular-nums text-slate-900 placeholder:text-hint focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30"
      />
    </div>
  );
}

/**
 * "Signals": Headcount growth, Hiring and Monthly visits (docs/product-rules.md, section 17). Each
 * screens the list's first 500 companies through paid calls, so edits are a draft: its price is
 * asked first and shown ("Screening up to 500 companies: up to 2,601.5 credits"), and only Apply
 * writes it to the list. A description's signal words arrive here as a draft too.
 */
export function SignalFacets() {
  const { search, update, request } = useListRequest();
  const urlFilters = search.filters as FilterValues | undefined;
  const applied = useMemo(() => signalsOf(urlFilters), [urlFilters]);
  const offered = useOfferedSignals();
  const [draft, setDraft] = useState<Draft>(() => draftOf(applied));
  const [open, setOpen] = useState(() => Object.keys(applied).length > 0);
  // Every match, not just the first 500: part of the draft, priced with it.
  const appliedAll = search.screen === 'all';
  const [everyMatch, setEveryMatch] = useState(appliedAll);
  useEffect(() => setEveryMatch(appliedAll), [appliedAll]);
  const id = useId();

  const appliedKey = JSON.stringify(applied);
  // The list's signals changed elsewhere (the summary, back/forward): the draft follows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the signals' text, not the object
  useEffect(() => {
    setDraft(draftOf(applied));
  }, [appliedKey]);
  // A description asked for signals: they wait here, priced, for Apply (taken once).
  useEffect(() => {
    if (offered && offered.query === search.q) {
      setDraft(draftOf({ ...applied, ...offered.signals }));
      setOpen(true);
      offerSignals(offered.query, undefined);
    }
  }, [offered, search.q, applied]);

  const read = useMemo(() => readDraft(draft), [draft]);
  const valid = Object.keys(read.errors).length === 0;
  const screens = Object.keys(read.signals).length > 0;
  const pending = valid && (!sameJson(read.signals, applied) || (screens && everyMatch !== appliedAll));
  const body = useMemo(() => {
    const { screen: _screen, ...rest } = request;
    return {
      ...rest,
      filters: { ...withoutSignals(request.filters), ...read.signals },
      ...(everyMatch ? { screen: 'all' as const } : {}),
    };
  }, [request, read.signals, everyMatch]);
  const estimate = useScreenEstimate(body, pending && screens);
  const answer = useListAnswer();
  const screened = (
    answer.data as { screened?: { companies: number; of: number; passed: number } } | undefined
  )?.screened;
  const count = Object.keys(applied).length;

  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const apply = () => {
    const filters = { ...withoutSignals(urlFilters), ...read.signals };
    update({
      filters: Object.keys(filters).length > 0 ? filters : undefined,
      screen: screens && everyMatch ? 'all' : undefined,
    });
  };
  const clear = () => {
    const filters = withoutSignals(urlFilters);
    setDraft(draftOf({}));
    setEveryMatch(false);
    update({ filters: Object.keys(filters).length > 0 ? filters : undefined, screen: undefined });
  };
  const e = estimate.data;
  const growthError = `${id}-growth-error`;
  const hiringError = `${id}-hiring-error`;
  const visitsError = `${id}-visits-error`;
  return (
    <FilterGroupRegion
      label="Signals"
      anchorId={SIGNAL_FACETS_ID}
      count={count}
      open={open}
      onToggle={() => setOpen((o) => !o)}
      onClear={clear}
    >
      <p className="text-xs text-slate-500">
        Screens the list’s first 500 companies by their signals, or every match; each company read costs
        credits the first time.
      </p>
      <Checkbox
        label="Every match, not just the first 500"
        hint="(up to 5,000 companies, company size and exclusions included; not company size beside an exclusion of a many-valued field)"
        checked={everyMatch}
        onCheckedChange={(c) => setEveryMatch(c)}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{SIGNAL_LABELS[HEADCOUNT_GROWTH_KEY]}</legend>
        <div className="flex gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-period`} className="text-xs text-slate-600">
              Over
            </label>
            <select
              id={`${id}-period`}
              value={draft.growthPeriod}
              onChange={(ev) => set({ growthPeriod: ev.target.value as '6m' | '12m' })}
              className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900"
            >
              <option value="12m">12 months</option>
              <option value="6m">6 months</option>
            </select>
          </div>
          <NumberInput
            label="At least (%)"
            value={draft.growthMin}
            onChange={(v) => set({ growthMin: v })}
            placeholder="e.g. 20"
            describedBy={growthError}
          />
          <NumberInput
            label="At most (%)"
            value={draft.growthMax}
            onChange={(v) => set({ growthMax: v })}
            describedBy={growthError}
          />
        </div>
        <FieldError id={growthError} message={read.errors[HEADCOUNT_GROWTH_KEY]} />
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{SIGNAL_LABELS[HIRING_KEY]}</legend>
        <Checkbox
          label="Has open roles"
          hint="(listings posted in the last 90 days unless set below)"
          checked={draft.hiring || draft.functions.length > 0}
          onCheckedChange={(c) =>
            set(c ? { hiring: true } : { hiring: false, functions: [], days: '', openings: '' })
          }
        />
        <div className="grid grid-cols-2 gap-x-2">
          {JOB_FUNCTIONS.map((f) => (
            <Checkbox
              key={f}
              label={JOB_FUNCTION_LABELS[f]}
              checked={draft.functions.includes(f)}
              onCheckedChange={(c) =>
                set({ functions: c ? [...draft.functions, f] : draft.functions.filter((x) => x !== f) })
              }
            />
          ))}
        </div>
        <div className="flex gap-2">
          <NumberInput
            label="Posted within (days)"
            value={draft.days}
            onChange={(v) => set({ days: v })}
            placeholder="90"
            describedBy={hiringError}
          />
          <NumberInput
            label="At least (open roles)"
            value={draft.openings}
            onChange={(v) => set({ openings: v })}
            placeholder="1"
            describedBy={hiringError}
          />
        </div>
        <FieldError id={hiringError} message={read.errors[HIRING_KEY]} />
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{SIGNAL_LABELS[MONTHLY_VISITS_KEY]}</legend>
        <div className="flex gap-2">
          <NumberInput
            label="At least"
            value={draft.visitsMin}
            onChange={(v) => set({ visitsMin: v })}
            placeholder="e.g. 100000"
            describedBy={visitsError}
          />
          <NumberInput
            label="At most"
            value={draft.visitsMax}
            onChange={(v) => set({ visitsMax: v })}
            describedBy={visitsError}
          />
        </div>
        <FieldError id={visitsError} message={read.errors[MONTHLY_VISITS_KEY]} />
      </fieldset>
      {pending && (
        <div className="space-y-2 rounded-md border border-indigo-200 bg-indigo-50 p-3" aria-live="polite">
          {screens ? (
            <p className="text-sm text-slate-800">
              {e ? (
                e.screened ? (
                  <>Screened a few minutes ago: applying it again costs nothing.</>
                ) : e.companies === 0 ? (
                  <>The list has no company to screen: applying it costs nothing.</>
                ) : (
                  <>
                    Screening {everyMatch ? 'every match, ' : ''}up to {e.companies.toLocaleString('en-US')}{' '}
                    companies: up to{' '}
                    <span className="font-semibold tabular-nums">{formatCredits(e.credits_max)}</span>.
                  </>
                )
              ) : estimate.isError ? (
                // A list the BFF cannot screen whole says why (422: company size beside a set difference).
                estimate.error instanceof ApiError && estimate.error.status === 422 ? (
                  estimate.error.message
                ) : (
                  'The price could not be worked out; check the filters.'
                )
              ) : (
                'Working out the price…'
              )}
            </p>
          ) : (
            <p className="text-sm text-slate-800">No signal filter: the list is not screened.</p>
          )}
          {e && !e.within_budget && (
            <p className="text-sm text-rose-700">
              Not enough credits left ({formatCredits(e.budget_remaining ?? 0)} left).
            </p>
          )}
          <div className="flex gap-2">
            <Button variant="primary" size="sm" onClick={apply} disabled={screens && !e?.within_budget}>
              {screens ? 'Apply signals' : 'Remove signals'}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setDraft(draftOf(applied))}>
              Discard
            </Button>
          </div>
        </div>
      )}
      {!pending && count > 0 && (
        <p className="text-xs text-slate-600">
          {Object.entries(applied)
            .map(([k, v]) => signalWords(k, v))
            .join('; ')}
          {screened &&
            (appliedAll
              ? ` — ${screened.passed.toLocaleString('en-US')} of all ${screened.companies.toLocaleString('en-US')} companies pass${screened.passed > 500 ? ' (the first 500 are shown)' : ''}.`
              : ` — ${screened.passed.toLocaleString('en-US')} of the first ${screened.companies.toLocaleString('en-US')} companies pass.`)}
        </p>
      )}
    </FilterGroupRegion>
  );
}
