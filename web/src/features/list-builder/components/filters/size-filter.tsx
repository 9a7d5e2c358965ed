import type { Option } from '@contract/enums';
import { sizeBandsOf } from '@contract/size-words';
import { type KeyboardEvent, useId, useState } from 'react';
import { EnumFilter } from './enum-filter';

/**
 * The Employees facet: the eight bands as checkboxes, and a box that takes a typed range
 * ("50-200", "1000+", "under 50") and ticks the bands it covers in their place.
 */
export function SizeFilter({
  label,
  options,
  value,
  onChange,
  describedBy,
}: {
  label: string;
  options: readonly Option<string | number>[];
  value: readonly (string | number)[] | undefined;
  onChange: (next: (string | number)[]) => void;
  describedBy?: string;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const apply = () => {
    if (!text.trim()) return;
    const bands = sizeBandsOf(text);
    if (!bands || bands.length === 0) {
      setProblem(`“${text.trim()}” is not a size: write a range such as 50-200, 1000+ or under 50.`);
      return;
    }
    setProblem(null);
    setText('');
    onChange(bands);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      // The box's own Enter: the form around it has nothing to submit.
      e.preventDefault();
      apply();
    }
  };
  return (
    <div>
      <EnumFilter
        label={label}
        options={options}
        value={value}
        onChange={onChange}
        describedBy={describedBy}
      />
      <label htmlFor={`${id}-typed`} className="mt-1.5 mb-1 block text-xs text-slate-500">
        Or type a range of employees
      </label>
      <input
        id={`${id}-typed`}
        type="text"
        inputMode="text"
        value={text}
        placeholder="e.g. 50-200 or 1000+, then Enter"
        onChange={(e) => {
          setText(e.target.value);
          if (problem) setProblem(null);
        }}
        onKeyDown={onKeyDown}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        className="h-7 w-full rounded-md border border-slate-300 bg-white px-2 text-xs text-slate-900 placeholder:text-hint focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30 aria-invalid:border-rose-400"
      />
      {problem && (
        <p id={`${id}-problem`} role="alert" className="mt-1 text-xs text-rose-600">
          {problem}
        </p>
      )}
    </div>
  );
}
