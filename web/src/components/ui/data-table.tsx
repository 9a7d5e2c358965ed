import type { ReactNode } from 'react';
import { cn } from './cn';

export type DataTableColumn = {
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
  return (
    <table
      className={cn('w-full text-sm', page && 'overflow-hidden rounded-lg border border-slate-200 bg-white')}
    >
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
  );
}
