import { type InputHTMLAttributes, type KeyboardEvent, type ReactNode, useId } from 'react';
import { cn } from './cn';

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> & {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  hint?: ReactNode;
};

/**
 * A labelled native checkbox. Space toggles it as usual; Enter does too, because keyboard users of
 * a long filter list expect it to.
 */
export function Checkbox({ label, checked, onCheckedChange, hint, className, id, ...rest }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      onCheckedChange(!checked);
    }
  };
  return (
    // Rows at least 24 px apart: the 16 px box keeps its look and meets WCAG 2.5.8 by its spacing.
    <div className={cn('flex min-h-6 items-start gap-2 py-0.5', className)}>
      <input
        id={inputId}
        type="checkbox"
        className="mt-0.5 h-4 w-4 shrink-0 cursor-pointer rounded border-slate-300 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        checked={checked}
        onChange={(e) => onCheckedChange(e.target.checked)}
        onKeyDown={onKeyDown}
        {...rest}
      />
      <label htmlFor={inputId} className="min-w-0 cursor-pointer text-sm leading-5 text-slate-700">
        {label}
        {hint && <span className="ml-1 text-xs text-hint">{hint}</span>}
      </label>
    </div>
  );
}
