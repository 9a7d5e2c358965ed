/**
 * A similarity score (0 to 1) shown as 0 to 100 with a bar: the lookalikes' Similarity column, and
 * a saved list's ranked by similarity to its seeds.
 */
export function SimilarityBar({ score }: { score: number }) {
  const value = Math.round(score * 100);
  return (
    <div className="flex items-center gap-2">
      <span className="w-7 text-right font-semibold text-slate-900 tabular-nums">{value}</span>
      <span aria-hidden="true" className="block h-1.5 w-14 overflow-hidden rounded-full bg-slate-200">
        <span className="block h-full rounded-full bg-indigo-500" style={{ width: `${value}%` }} />
      </span>
    </div>
  );
}
