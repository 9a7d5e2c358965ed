import {
  type FilterDef,
  type FundingRoundsCondition,
  INVESTOR_EXCLUSION_KEY,
  type Range,
} from '@contract/filters';
import { type ReactNode, useId, useState } from 'react';
import { useController, useFormContext, useFormState } from 'react-hook-form';
import { unknownNote } from '../../filter-exclusions';
import { useNames } from '../../filter-names';
import { EXCLUDABLE_KEYS } from '../../filter-values';
import { valueWords } from '../../filter-words';
import { SIZE_FILTER_KEY } from '../../list-search';
import { BooleanFilter } from './boolean-filter';
import { CodeFilter } from './code-filter';
import { EnumFilter } from './enum-filter';
import { FieldError } from './field-error';
import type { FilterFormValues } from './filter-form';
import { errorAt, excludeName } from './filter-form';
import { FundingRoundsFilter } from './funding-rounds-filter';
import { IndustryFilter } from './industry-filter';
import { type MatchMode, MatchToggle } from './match-toggle';
import { PlaceFilter } from './place-filter';
import { RangeFilter } from './range-filter';
import { SizeFilter } from './size-filter';
import { TextChipsFilter } from './text-chips-filter';
import { ValueChips } from './value-chips';

/**
 * One catalog filter, drawn by its kind; a list or a yes/no also says whether it includes or
 * excludes, and so do a funding round's investors.
 */
export function FilterField({ def }: { def: FilterDef }) {
  if (def.kind === 'funding_rounds') return <FundingRoundsField def={def} />;
  return EXCLUDABLE_KEYS.has(def.key) ? <ExcludableField def={def} /> : <PlainField def={def} />;
}

/** The ids that tie a facet's help and error to its control. */
function useFieldIds(def: FilterDef, error: string | undefined) {
  const id = useId();
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const describedBy = [def.help ? helpId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return { errorId, helpId, describedBy };
}

/** The control of a facet over a list of values or a yes/no, for the value given. */
function ListControl({
  def,
  value,
  onChange,
  describedBy,
  invalid,
  addon,
}: {
  def: FilterDef;
  value: unknown;
  onChange: (next: unknown) => void;
  describedBy: string | undefined;
  invalid: boolean;
  /** The match toggle, for a yes/no (drawn in its row). */
  addon?: ReactNode;
}) {
  // What every control over a list of codes or names takes.
  const listProps = {
    label: def.label,
    value: value as string[] | undefined,
    onChange,
    describedBy,
    invalid,
  };
  switch (def.kind) {
    case 'enum':
    case 'number_enum':
      if (def.key === SIZE_FILTER_KEY) {
        return (
          <SizeFilter
            label={def.label}
            options={def.values ?? []}
            value={value as (string | number)[] | undefined}
            onChange={onChange}
            describedBy={describedBy}
          />
        );
      }
      return (
        <EnumFilter
          label={def.label}
          options={def.values ?? []}
          value={value as (string | number)[] | undefined}
          onChange={onChange}
          describedBy={describedBy}
        />
      );
    case 'country':
    case 'region':
      return <PlaceFilter options={def.values ?? []} {...listProps} />;
    case 'text':
      return <TextChipsFilter {...listProps} />;
    case 'industry':
      return <IndustryFilter {...listProps} />;
    case 'naics':
    case 'sic':
      return <CodeFilter system={def.kind} {...listProps} />;
    case 'boolean':
      return (
        <BooleanFilter
          label={def.label}
          value={value as boolean | undefined}
          onChange={onChange}
          describedBy={describedBy}
          addon={addon}
        />
      );
    default:
      return null;
  }
}

function Help({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className="mt-1 text-xs text-hint">
      {text}
    </p>
  );
}

/** A range: what a company must have, never excluded. */
function PlainField({ def }: { def: FilterDef }) {
  const { control } = useFormContext<FilterFormValues>();
  const { field } = useController({ control, name: def.key });
  const { errors } = useFormState({ control, name: def.key });
  const error = errorAt(errors, def.key);
  const { errorId, helpId, describedBy } = useFieldIds(def, error);
  // No value is null in the form: react-hook-form reads undefined as "show the default value".
  const value = (field.value ?? undefined) as unknown;
  const onChange = (next: unknown) => field.onChange(next ?? null);

  switch (def.kind) {
    case 'year_range':
    case 'int_range':
    case 'usd_range':
    case 'date_range':
      // The range shows its own error, next to its bounds.
      return (
        <div>
          <RangeFilter
            kind={def.kind}
            label={def.label}
            value={value as Range<number | string> | undefined}
            onChange={onChange}
            error={error}
          />
          {def.help && <Help id={helpId} text={def.help} />}
        </div>
      );
    default:
      return (
        <div>
          <ListControl
            def={def}
            value={value}
            onChange={onChange}
            describedBy={describedBy}
            invalid={Boolean(error)}
          />
          {def.help && <Help id={helpId} text={def.help} />}
          <FieldError id={errorId} message={error} />
        </div>
      );
  }
}

/**
 * The funding round (`filters`) and the investors no round may name (`exclude` under
 * INVESTOR_EXCLUSION_KEY): one facet over two fields, so "is none of" on the round's investors
 * moves them from one to the other in a single edit.
 */
function FundingRoundsField({ def }: { def: FilterDef }) {
  const { control, setValue } = useFormContext<FilterFormValues>();
  const { field } = useController({ control, name: def.key });
  const { field: left } = useController({ control, name: excludeName(INVESTOR_EXCLUSION_KEY) });
  const { errors } = useFormState({ control, name: def.key });
  const error = errorAt(errors, def.key);
  const { errorId } = useFieldIds(def, error);
  const round = (field.value ?? undefined) as FundingRoundsCondition | undefined;
  const leftOut = Array.isArray(left.value) ? (left.value as string[]) : undefined;

  const onSwitch = (to: 'any' | 'none') => {
    if (to === 'none') {
      const moved = round?.['investors.uuid'] ?? [];
      if (moved.length === 0) return;
      // The lead flag spoke of these investors ("one of these led the round"): it goes with them.
      const { 'investors.uuid': _uuids, 'investors.lead_investor': _lead, ...rest } = round ?? {};
      // The side left is emptied quietly; the side filled is the one edit the list applies.
      setValue(def.key, Object.keys(rest).length > 0 ? rest : null);
      left.onChange([...new Set([...(leftOut ?? []), ...moved])]);
    } else {
      if (!leftOut || leftOut.length === 0) return;
      const have = round?.['investors.uuid'] ?? [];
      setValue(left.name, null);
      field.onChange({ ...round, 'investors.uuid': [...new Set([...have, ...leftOut])] });
    }
  };

  return (
    <FundingRoundsFilter
      label={def.label}
      help={def.help}
      value={round}
      onChange={(next) => field.onChange(next ?? null)}
      notBackedBy={{
        value: leftOut,
        onChange: (next) => left.onChange(next && next.length > 0 ? next : null),
        onSwitch,
      }}
      error={error}
      errorId={errorId}
    />
  );
}

function holds(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null;
}

/** A yes/no is excluded as a one-value list; a list is a list on either side. */
function toExcluded(def: FilterDef, value: unknown): unknown {
  if (def.kind === 'boolean') return typeof value === 'boolean' ? [value] : null;
  return value ?? null;
}
function fromExcluded(def: FilterDef, value: unknown): unknown {
  if (def.kind === 'boolean') return Array.isArray(value) ? value[0] : undefined;
  return value ?? undefined;
}

/**
 * A facet that can include or exclude: "is any of" edits `filters[key]`, "is none of" edits
 * `exclude[key]`. The mode follows the values (a link or a description that excludes shows "is none
 * of"); switching it moves the values chosen to the other side, so ticked countries become the
 * countries left out. Where a list both includes and excludes on one key (a description such as
 * "in Europe but not in Germany"), the exclusions show under the control, each removable.
 */
function ExcludableField({ def }: { def: FilterDef }) {
  const { control, setValue } = useFormContext<FilterFormValues>();
  const { field } = useController({ control, name: def.key });
  const { field: excluded } = useController({ control, name: excludeName(def.key) });
  const { errors } = useFormState({ control, name: def.key });
  const error = errorAt(errors, def.key);
  const { errorId, helpId, describedBy } = useFieldIds(def, error);
  const industries = useNames('industry');

  const includes = holds(field.value);
  const excludes = holds(excluded.value);
  const said: MatchMode | null = includes ? 'any' : excludes ? 'none' : null;
  const [chosen, setChosen] = useState<MatchMode>(said ?? 'any');
  // Values decide the mode; with none chosen, the last mode stays (a toggle before any pick).
  if (said !== null && said !== chosen) setChosen(said);
  const mode = said ?? chosen;

  const switchTo = (next: MatchMode) => {
    setChosen(next);
    if (next === mode) return;
    const [from, to] = next === 'none' ? [field, excluded] : [excluded, field];
    if (!holds(from.value)) return;
    let moved: unknown;
    if (def.kind === 'boolean') {
      moved = next === 'none' ? toExcluded(def, from.value) : fromExcluded(def, from.value);
    } else {
      const have = Array.isArray(to.value) ? (to.value as unknown[]) : [];
      moved = [...new Set([...have, ...(from.value as unknown[])])];
    }
    // The side left is emptied quietly; the side filled is the one edit the list applies.
    setValue(from.name, null);
    to.onChange(moved ?? null);
  };

  const current = mode === 'none' ? fromExcluded(def, excluded.value) : (field.value ?? undefined);
  const onChange = (next: unknown) =>
    mode === 'none' ? excluded.onChange(toExcluded(def, next)) : field.onChange(next ?? null);
  const toggle = (
    <MatchToggle
      label={def.label}
      mode={mode}
      onChange={switchTo}
      kind={def.kind === 'boolean' ? 'boolean' : 'list'}
    />
  );
  const note = mode === 'none' && excludes ? unknownNote(def.key) : undefined;
  // Exclusions beside inclusions on the same key, shown under the included values.
  const alsoExcluded = mode === 'any' && excludes && Array.isArray(excluded.value) ? excluded.value : [];
  const names = { industry: (code: string) => industries[code], company: () => undefined };

  return (
    <div className={def.kind === 'boolean' ? undefined : 'relative'}>
      {def.kind !== 'boolean' && <div className="absolute top-0 right-0">{toggle}</div>}
      <ListControl
        def={def}
        value={current}
        onChange={onChange}
        describedBy={describedBy}
        invalid={Boolean(error)}
        addon={toggle}
      />
      {alsoExcluded.length > 0 && (
        <div className="mt-1.5 flex items-start gap-1.5">
          <span className="pt-0.5 text-xs text-slate-500">Except</span>
          <ValueChips
            label={`${def.label} left out`}
            tone="excluded"
            items={alsoExcluded.map((v) => ({ value: String(v), text: valueWords(def, v, names) }))}
            onRemove={(v) => {
              const rest = (excluded.value as unknown[]).filter((x) => String(x) !== v);
              excluded.onChange(rest.length > 0 ? rest : null);
            }}
          />
        </div>
      )}
      {note && (
        <p className="mt-1 text-xs text-amber-700">{`${note.charAt(0).toUpperCase()}${note.slice(1)}.`}</p>
      )}
      {def.help && <Help id={helpId} text={def.help} />}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
