import type { ButtonHTMLAttributes } from 'react';
import { cn } from './cn';
import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'link';
/** `sm` 28 px (dense rows), `compact` 32 px (beside 32 px inputs such as the header's search box), `md` 36 px. */
type Size = 'sm' | 'compact' | 'md';

const VARIANTS: Record<Variant, string> = {
  primary:
    'bg-indigo-600 text-white shadow-sm hover:bg-indigo-500 disabled:bg-indigo-300 aria-disabled:bg-indigo-300',
  secondary:
    'border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50 disabled:text-slate-400 aria-disabled:text-slate-400',
  ghost:
    'text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:text-slate-300 aria-disabled:text-slate-300',
  link: 'text-indigo-600 hover:text-indigo-500 hover:underline disabled:text-slate-400 aria-disabled:text-slate-400',
};

const SIZES: Record<Size, string> = {
  sm: 'h-7 gap-1 px-2 text-xs',
  compact: 'h-8 gap-1.5 px-3 text-sm',
  md: 'h-9 gap-2 px-3.5 text-sm',
};

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  size?: Size;
  /**
   * Shows a spinner and marks the button busy and unavailable (`aria-busy`, `aria-disabled`), with
   * clicks and submits ignored. It is never `disabled` while loading: a disabled button drops the
   * focus to the page, and a keyboard user pressing it would lose their place.
   */
  loading?: boolean;
};

export function Button({
  variant = 'secondary',
  size = 'md',
  loading = false,
  className,
  children,
  disabled,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-md font-medium whitespace-nowrap transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        'disabled:cursor-not-allowed aria-busy:cursor-progress',
        // A text-sized link still takes a 24 px tall target (WCAG 2.5.8).
        variant === 'link' ? 'min-h-6 px-0' : SIZES[size],
        variant === 'link' && (size === 'sm' ? 'text-xs' : 'text-sm'),
        VARIANTS[variant],
        className,
      )}
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={(e) => {
        // Busy: neither the click nor the form submit it would start happens again.
        if (loading) e.preventDefault();
        else onClick?.(e);
      }}
      {...rest}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}
