import { type ReactNode, useId } from 'react';

const CHOICES = [
  { value: 'any', text: 'Any' },
  { value: 'yes', text: 'Yes' },
  { value: 'no', text: 'No' },
] as const;

/**
 * A yes/no filter as three choices: no filter, must be true, must be false (the service filters
 * on both values, and "any" is how a filter is left out).
 */
export function BooleanFilter({
  label,
  value,
  onChange,
  describedBy,
  addon,
}: {
  label: string;
  value: boolean | undefined;
  onChange: (next: boolean | undefined) => void;
  describedBy?: string;
  /** Drawn between the label and the choices (the "is" / "is not" toggle). */
  addon?: ReactNode;
}) {
  const name = useId();
  const current = value === undefined ? 'any' : value ? 'yes' : 'no';
  return (
    <fieldset aria-describedby={describedBy} className="flex flex-wrap items-center justify-between gap-2">
      <legend className="float-left text-sm text-slate-700">{label}</legend>
      <div className="ml-auto flex items-center gap-1.5">
        {addon}
        <div className="inline-flex rounded-md border border-slate-300 bg-white p-0.5 text-xs">
          {CHOICES.map((c) => (
            <label
              key={c.value}
              className="cursor-pointer rounded px-2 py-0.5 text-slate-600 has-checked:bg-indigo-600 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-indigo-600"
            >
              <input
                type="radio"
                className="sr-only"
                name={name}
                value={c.value}
                checked={current === c.value}
                onChange={() => onChange(c.value === 'any' ? undefined : c.value === 'yes')}
                aria-label={`${label}: ${c.text}`}
              />
              {c.text}
            </label>
          ))}
        </div>
      </div>
    </fieldset>
  );
}
