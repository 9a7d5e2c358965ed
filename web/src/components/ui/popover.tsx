import { type ReactNode, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { cn } from './cn';
import { useDismiss } from './use-dismiss';

type PopoverProps = {
  /** Renders the trigger; spread the given props on a button. */
  trigger: (props: {
    'aria-expanded': boolean;
    'aria-controls': string;
    'aria-haspopup': 'dialog';
    onClick: () => void;
  }) => ReactNode;
  /** The panel's accessible name. */
  label: string;
  children: (close: () => void) => ReactNode;
  align?: 'start' | 'end';
  className?: string;
};

/**
 * A button-anchored panel (non-modal dialog): opens below its trigger, closes on Escape (focus
 * back to the trigger), a click outside, or focus moving elsewhere (Tab past its last control).
 * Its content mounts only while open.
 */
/** The least room kept between an open panel and the window's edges, in CSS px. */
const EDGE = 8;

export function Popover({ trigger, label, children, align = 'end', className }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const dismiss = useCallback(() => setOpen(false), []);
  const close = useCallback(() => {
    setOpen(false);
    root.current?.querySelector<HTMLElement>('[aria-haspopup]')?.focus();
  }, []);

  // Kept inside the window: a panel aligned to a trigger near the window's other edge (a phone, a
  // wrapped toolbar) is moved sideways until it fits, before it is painted.
  useLayoutEffect(() => {
    const el = panel.current;
    if (!open || !el) return;
    const keepInside = () => {
      el.style.translate = '';
      const { left, right } = el.getBoundingClientRect();
      const room = document.documentElement.clientWidth;
      const shift = left < EDGE ? EDGE - left : right > room - EDGE ? room - EDGE - right : 0;
      if (shift !== 0) el.style.translate = `${Math.round(shift)}px 0`;
    };
    keepInside();
    window.addEventListener('resize', keepInside);
    return () => window.removeEventListener('resize', keepInside);
  }, [open]);

  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>('input, button, select, [tabindex]')?.focus();
  }, [open]);
  useDismiss(open, root, dismiss, close);

  return (
    <div ref={root} className="relative">
      {trigger({
        'aria-expanded': open,
        'aria-controls': id,
        'aria-haspopup': 'dialog',
        onClick: () => setOpen((o) => !o),
      })}
      {open && (
        <div
          ref={panel}
          id={id}
          role="dialog"
          aria-label={label}
          // A press on the panel's text (a label, a legend) focuses the panel, not the page behind it,
          // which would count as focus moving elsewhere and close it.
          tabIndex={-1}
          className={cn(
            'absolute top-full z-40 mt-1.5 max-w-[calc(100vw-1rem)] rounded-lg border border-slate-200 bg-white p-3 shadow-lg outline-none',
            align === 'end' ? 'right-0' : 'left-0',
            className,
          )}
        >
          {children(close)}
        </div>
      )}
    </div>
  );
}
