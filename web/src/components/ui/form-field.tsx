import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

type FieldInputProps = {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
  className: string;
};

/** A labelled input with its hint, or its error in place of the hint (tied by aria-describedby). */
export function FormField({
  id,
  label,
  hint,
  error,
  className,
  input,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error: string | undefined;
  className?: string;
  input: (props: FieldInputProps) => ReactNode;
}) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {input({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        className: cn(
          'h-9 w-full rounded-md border bg-white px-3 text-sm text-slate-900 placeholder:text-hint',
          'focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30',
          error ? 'border-rose-400' : 'border-slate-300',
        ),
      })}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-rose-700">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

/** A refusal of the BFF shown above a form's button. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-900">
      {children}
    </p>
  );
}
