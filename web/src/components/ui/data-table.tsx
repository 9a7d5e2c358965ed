import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { cn } from './cn';

type DataTableColumn = {
  label: string;
  /** Read by screen readers only (a column of row actions). */
  srOnly?: boolean;
  /** `right`: figures, and the actions at a row's end. */
  align?: 'right';
};

/**
 * The frame of the app's record tables (lists, addition requests, account lists, the Admin page's
 * users and audit log): a caption for screen readers, column headers, and the rows the page writes.
 * `page`: a table that is the page's content, framed as a card of its own. `card`: a table inside a
 * card section, edge to edge, its outer columns padded like the card's heading.
 */
export function DataTable({
  caption,
  columns,
  variant = 'page',
  children,
}: {
  caption: string;
  columns: readonly DataTableColumn[];
  variant?: 'page' | 'card';
  children: ReactNode;
}) {
  const page = variant === 'page';
  const last = columns.length - 1;
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(box);
  return (
    // Narrower than its table (a phone, a zoomed window), the box scrolls sideways rather than the
    // page (WCAG 1.4.10 allows it for data tables); it then takes the focus, so that the keyboard
    // can scroll it too (WCAG 2.1.1), and is named by the caption for screen readers.
    <div
      ref={box}
      className={cn(
        // Positioned: what is absolutely placed inside (screen-reader-only text) is clipped with the
        // table, and never widens the page behind it.
        'relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        page && 'rounded-lg border border-slate-200 bg-white',
      )}
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}
    >
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className={cn('text-left text-xs font-medium text-slate-500', page && 'bg-slate-50')}>
          <tr className={page ? undefined : 'border-b border-slate-200'}>
            {columns.map((c, i) => (
              <th
                key={c.label}
                scope="col"
                className={cn(
                  'py-2',
                  page ? 'px-4' : i === 0 || i === last ? 'px-5' : 'px-3',
                  c.align === 'right' && 'text-right',
                )}
              >
                {c.srOnly ? <span className="sr-only">{c.label}</span> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/** Whether the element is narrower than what it holds (followed as the window and the rows change). */
function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    check();
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}
