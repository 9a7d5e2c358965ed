/**
 * "Compact rows": the grid's rows lower and in smaller type, so a desktop window shows 25 rows and
 * more. A toggle button (pressed while compact); the choice is kept for the next visit.
 */
import { Button } from '@/components/ui/button';
import { useListLayout } from '../../layout-memory';

export function DensityToggle() {
  const [compact, setCompact] = useListLayout('compact');
  // Not on a phone: its rows are already what fits, and the toolbar keeps to two rows.
  return (
    <span className="hidden sm:contents">
      <Button
        variant="secondary"
        aria-pressed={compact}
        aria-label="Compact rows"
        title={compact ? 'Compact rows (on): roomier rows instead' : 'Compact rows: more rows on screen'}
        onClick={() => setCompact(!compact)}
        className="aria-pressed:border-indigo-300 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-700"
      >
        <svg viewBox="0 0 16 16" className="h-4 w-4" aria-hidden="true">
          {compact ? (
            <path
              d="M2.5 3h11M2.5 6.3h11M2.5 9.7h11M2.5 13h11"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinecap="round"
            />
          ) : (
            <path
              d="M2.5 3.5h11M2.5 8h11M2.5 12.5h11"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinecap="round"
            />
          )}
        </svg>
      </Button>
    </span>
  );
}
