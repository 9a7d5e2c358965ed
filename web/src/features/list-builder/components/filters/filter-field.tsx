import type { FilterDef, FundingRoundsCondition, Range } from '@contract/filters';
import { useId } from 'react';
import { useController, useFormContext, useFormState } from 'react-hook-form';
import { BooleanFilter } from './boolean-filter';
import { CodeFilter } from './code-filter';
import { EnumFilter } from './enum-filter';
import { FieldError } from './field-error';
import type { FilterFormValues } from './filter-form';
import { errorAt } from './filter-form';
import { FundingRoundsFilter } from './funding-rounds-filter';
import { IndustryFilter } from './industry-filter';
import { PlaceFilter } from './place-filter';
import { RangeFilter } from './range-filter';
import { TextChipsFilter } from './text-chips-filter';

/** One catalog filter, drawn by its kind. */
export function FilterField({ def }: { def: FilterDef }) {
  const { control } = useFormContext<FilterFormValues>();
  const { field } = useController({ control, name: def.key });
  const { errors } = useFormState({ control, name: def.key });
  const id = useId();
  const error = errorAt(errors, def.key);
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const describedBy = [def.help ? helpId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  // No value is null in the form: react-hook-form reads undefined as "show the default value".
  const value = (field.value ?? undefined) as unknown;
  const onChange = (next: unknown) => field.onChange(next ?? null);
  // What every control over a list of codes or names takes.
  const listProps = {
    label: def.label,
    value: value as string[] | undefined,
    onChange,
    describedBy,
    invalid: Boolean(error),
  };

  let control_: React.ReactNode;
  switch (def.kind) {
    case 'enum':
    case 'number_enum':
      control_ = (
        <EnumFilter
          label={def.label}
          options={def.values ?? []}
          value={value as (string | number)[] | undefined}
          onChange={onChange}
          describedBy={describedBy}
        />
      );
      break;
    case 'country':
    case 'region':
      control_ = <PlaceFilter options={def.values ?? []} {...listProps} />;
      break;
    case 'text':
      control_ = <TextChipsFilter {...listProps} />;
      break;
    case 'industry':
      control_ = <IndustryFilter {...listProps} />;
      break;
    case 'naics':
    case 'sic':
      control_ = <CodeFilter system={def.kind} {...listProps} />;
      break;
    case 'boolean':
      control_ = (
        <BooleanFilter
          label={def.label}
          value={value as boolean | undefined}
          onChange={onChange}
          describedBy={describedBy}
        />
      );
      break;
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
    case 'funding_rounds':
      return (
        <FundingRoundsFilter
          label={def.label}
          help={def.help}
          value={value as FundingRoundsCondition | undefined}
          onChange={onChange}
          error={error}
          errorId={errorId}
        />
      );
  }
  return (
    <div>
      {control_}
      {def.help && <Help id={helpId} text={def.help} />}
      {def.kind !== 'boolean' || error ? <FieldError id={errorId} message={error} /> : null}
    </div>
  );
}

function Help({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className="mt-1 text-xs text-slate-400">
      {text}
    </p>
  );
}
