import { useId } from 'react';
import { cn } from '@/components/ui/cn';

export type MatchMode = 'any' | 'none';

const LIST_CHOICES = [
  { value: 'any', text: 'is any of' },
  { value: 'none', text: 'is none of' },
] as const;
const BOOLEAN_CHOICES = [
  { value: 'any', text: 'is' },
  { value: 'none', text: 'is not' },
] as const;

/**
 * Whether a facet's values are what a company must have ("is any of": `filters`) or must not have
 * ("is none of": `exclude`). Native radios in one named group: one tab stop, the arrow keys move
 * between the two, and a screen reader hears "HQ country: match, radio group, is any of".
 */
export function MatchToggle({
  label,
  mode,
  onChange,
  kind = 'list',
  className,
}: {
  label: string;
  mode: MatchMode;
  onChange: (mode: MatchMode) => void;
  /** A yes/no reads "is" / "is not"; a list "is any of" / "is none of". */
  kind?: 'list' | 'boolean';
  className?: string;
}) {
  const name = useId();
  const choices = kind === 'boolean' ? BOOLEAN_CHOICES : LIST_CHOICES;
  return (
    <div
      role="radiogroup"
      aria-label={`${label}: match`}
      className={cn(
        'inline-flex shrink-0 rounded-md border border-slate-300 bg-white p-px text-[11px] leading-4',
        className,
      )}
    >
      {choices.map((c) => (
        <label
          key={c.value}
          className={cn(
            'relative cursor-pointer rounded px-1.5 whitespace-nowrap text-slate-600',
            'has-focus-visible:outline-2 has-focus-visible:outline-indigo-600',
            c.value === 'none'
              ? 'has-checked:bg-rose-600 has-checked:text-white'
              : 'has-checked:bg-indigo-600 has-checked:text-white',
          )}
        >
          <input
            type="radio"
            className="sr-only"
            name={name}
            value={c.value}
            checked={mode === c.value}
            onChange={() => onChange(c.value)}
          />
          {c.text}
        </label>
      ))}
    </div>
  );
}
