import { type KeyboardEvent, useId, useState } from 'react';
import { cn } from '@/components/ui/cn';
import { ValueChips } from './value-chips';

/**
 * Free-text names (cities, partners, customers) as chips: Enter or a comma adds what was typed,
 * leaving the field adds it too, so nothing typed is silently lost.
 */
export function TextChipsFilter({
  label,
  value,
  onChange,
  describedBy,
  invalid,
  placeholder = 'Type a name, press Enter',
}: {
  label: string;
  value: readonly string[] | undefined;
  onChange: (next: string[]) => void;
  describedBy?: string;
  invalid?: boolean;
  placeholder?: string;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const chosen = value ?? [];
  const add = () => {
    const names = text
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s && !chosen.some((c) => c.toLowerCase() === s.toLowerCase()));
    setText('');
    if (names.length > 0) onChange([...chosen, ...names]);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      if (text.trim()) {
        e.preventDefault();
        add();
      }
    } else if (e.key === 'Escape' && text) {
      e.preventDefault();
      e.stopPropagation();
      setText('');
    }
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      <input
        id={id}
        type="text"
        value={text}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={add}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        className={cn(
          'h-8 w-full rounded-md border bg-white px-2.5 text-sm text-slate-900 placeholder:text-hint',
          'focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30',
          invalid ? 'border-rose-400' : 'border-slate-300',
        )}
      />
      <ValueChips
        label={label}
        items={chosen.map((name) => ({ value: name, text: name }))}
        onRemove={(name) => onChange(chosen.filter((c) => c !== name))}
      />
    </div>
  );
}
