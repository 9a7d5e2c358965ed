import { cn } from '@/components/ui/cn';
import { useUsage } from '../api/get-usage';

const credits = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Today's spend against the daily budget, in the header; hidden where there is no ledger. */
export function UsageMeter({ enabled = true }: { enabled?: boolean }) {
  const usage = useUsage(enabled);
  const u = usage.data;
  if (!u) return null;
  const share = u.budget ? Math.min(1, u.spent_today / u.budget) : 0;
  const tone = share >= 0.9 ? 'bg-rose-500' : share >= 0.7 ? 'bg-amber-500' : 'bg-indigo-500';
  const title = `${credits.format(u.spent_today)} credits spent today in ${u.calls_today} calls${
    u.budget === null ? '' : ` of a ${credits.format(u.budget)} credit daily budget`
  }`;
  return (
    <section aria-label="Today's usage" title={title} className="flex items-center gap-3 text-sm">
      <div className="text-right leading-tight">
        <div className="text-slate-700">
          <span className="font-semibold tabular-nums">{credits.format(u.spent_today)}</span>
          {u.budget !== null && (
            <span className="text-slate-500 tabular-nums"> / {credits.format(u.budget)}</span>
          )}{' '}
          <span className="text-slate-500">credits today</span>
        </div>
        {u.budget === null ? (
          <div className="text-xs text-slate-400">No daily budget</div>
        ) : (
          <div className="text-xs text-slate-400 tabular-nums">{credits.format(u.remaining ?? 0)} left</div>
        )}
      </div>
      {u.budget !== null && (
        // biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot be styled alike across browsers
        <div
          role="meter"
          aria-label="Share of today's budget spent"
          aria-valuemin={0}
          aria-valuemax={u.budget}
          aria-valuenow={Math.min(u.spent_today, u.budget)}
          className="h-1.5 w-20 overflow-hidden rounded-full bg-slate-200"
        >
          <div className={cn('h-full rounded-full', tone)} style={{ width: `${share * 100}%` }} />
        </div>
      )}
    </section>
  );
}
