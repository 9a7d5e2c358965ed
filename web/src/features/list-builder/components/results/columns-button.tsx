/**
 * The toolbar's "Columns" button, and the same button with the Columns drawer for a page that keeps
 * its own columns (a static list's page; issue 35): the list builder's chooser, prices and pending
 * choice, with the page's column ids in place of the URL's list state.
 */
import { sectionsOfColumns } from '@contract/columns';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FALLBACK_PRICING, usePricing } from '@/lib/pricing';
import { ColumnsDrawer } from './columns-drawer';
import { visibleColumnIds } from './visible-columns';

export function ColumnsButton({ count, onClick }: { count: number; onClick: () => void }) {
  return (
    <Button variant="secondary" onClick={onClick} aria-haspopup="dialog">
      <svg viewBox="0 0 16 16" className="h-4 w-4" aria-hidden="true">
        <path
          d="M2.5 3h11M2.5 8h11M2.5 13h11M6 1.5v3M10 6.5v3M5 11.5v3"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
        />
      </svg>
      {/* On a phone the icon and the count (the toolbar keeps to two rows); read as "Columns". */}
      <span className="sr-only sm:not-sr-only">Columns</span>
      <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-600 tabular-nums">{count}</span>
    </Button>
  );
}

export type ColumnsMenuProps = {
  /** The column ids the page shows now. */
  columns: readonly string[];
  /** The ids chosen (identity first), once applied: a paid addition after its price was shown. */
  onChange: (columns: string[]) => void;
  /** The companies on screen: what an added section is priced and bought for. */
  companies: readonly string[];
  pageSize: number;
  /** The identity columns the page can show (those it keeps); all by default. */
  identity?: readonly string[] | undefined;
};

export function ColumnsMenu({ columns, onChange, companies, pageSize, identity }: ColumnsMenuProps) {
  const pricing = usePricing().data ?? FALLBACK_PRICING;
  const [open, setOpen] = useState(false);
  return (
    <>
      <ColumnsButton count={columns.length} onClick={() => setOpen(true)} />
      <ColumnsDrawer
        open={open}
        onClose={() => setOpen(false)}
        state={{ sections: sectionsOfColumns(columns), columns: [...columns] }}
        onApply={(next) => onChange(visibleColumnIds(next))}
        pricing={pricing}
        skipped={{}}
        pageSize={pageSize}
        companies={companies}
        identity={identity}
      />
    </>
  );
}
