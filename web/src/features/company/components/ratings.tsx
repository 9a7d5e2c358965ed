import { formatCount, formatPercent, formatRating } from '@/lib/format';

/** Five stars filled to `value` (0..5), read out as "4.3 out of 5". */
export function Stars({ value, size = 'sm' }: { value: number; size?: 'sm' | 'md' }) {
  const pct = Math.max(0, Math.min(5, value)) * 20;
  const px = size === 'md' ? 'text-base' : 'text-sm';
  return (
    <span
      role="img"
      aria-label={`${formatRating(value)} out of 5`}
      className={`relative inline-block leading-none ${px}`}
    >
      <span aria-hidden="true" className="text-slate-200">
        ★★★★★
      </span>
      <span
        aria-hidden="true"
        className="absolute inset-0 overflow-hidden text-amber-400"
        style={{ width: `${pct}%` }}
      >
        ★★★★★
      </span>
    </span>
  );
}

/**
 * One rating as a horizontal bar on its own scale: a 0..1 fraction reads as a percentage, a 0..5
 * score as stars out of five. The bar's length is the value's share of its scale either way.
 */
export function ScaleBar({
  label,
  value,
  scale,
}: {
  label: string;
  value: number;
  scale: 'fraction' | 'five';
}) {
  const share = scale === 'fraction' ? value : value / 5;
  const clamped = Math.max(0, Math.min(1, share));
  const text = scale === 'fraction' ? formatPercent(value) : `${formatRating(value)} / 5`;
  return (
    // Label and figure on one line, the bar under them across the whole card: it keeps its length
    // whether the providers sit two or three to a row.
    <div className="text-sm">
      <div className="flex items-baseline justify-between gap-3">
        <span className="truncate text-slate-600">{label}</span>
        <span className="shrink-0 font-medium text-slate-900 tabular-nums" data-testid="scale-value">
          {text}
        </span>
      </div>
      {/* The bar is the picture of the figure beside it, which is what assistive technology reads. */}
      <span
        aria-hidden="true"
        className="relative mt-1 block h-1.5 overflow-hidden rounded-full bg-slate-100"
      >
        <span
          className={`absolute inset-y-0 left-0 rounded-full ${scale === 'fraction' ? 'bg-emerald-500' : 'bg-indigo-500'}`}
          style={{ width: `${clamped * 100}%` }}
        />
      </span>
    </div>
  );
}

/** Counts of 5..1-star reviews as bars relative to the total. */
export function StarDistribution({
  label,
  counts,
}: {
  label: string;
  counts: Readonly<Record<1 | 2 | 3 | 4 | 5, number>>;
}) {
  const total = counts[1] + counts[2] + counts[3] + counts[4] + counts[5];
  return (
    <figure aria-label={label} className="space-y-1">
      {([5, 4, 3, 2, 1] as const).map((star) => {
        const n = counts[star];
        const share = total === 0 ? 0 : n / total;
        return (
          <div key={star} className="grid grid-cols-[2.5rem_1fr_3.5rem] items-center gap-2 text-xs">
            <span className="text-slate-600">{star} ★</span>
            <span className="relative h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
              <span
                className="absolute inset-y-0 left-0 rounded-full bg-amber-400"
                style={{ width: `${share * 100}%` }}
              />
            </span>
            <span className="text-right text-slate-500 tabular-nums">
              {formatCount(n)}
              <span className="sr-only"> reviews with {star} stars</span>
            </span>
          </div>
        );
      })}
    </figure>
  );
}
