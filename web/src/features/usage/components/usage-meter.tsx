import { cn } from '@/components/ui/cn';
import { formatCount, formatCreditAmount, formatCredits } from '@/lib/format';
import { useUsage } from '../api/get-usage';

/** Today's spend against the daily budget, in the header; hidden where there is no ledger. */
export function UsageMeter({ enabled = true }: { enabled?: boolean }) {
  const usage = useUsage(enabled);
  const u = usage.data;
  if (!u) return null;
  const share = u.budget ? Math.min(1, u.spent_today / u.budget) : 0;
  const tone = share >= 0.9 ? 'bg-rose-500' : share >= 0.7 ? 'bg-amber-500' : 'bg-indigo-500';
  const calls = `${formatCount(u.calls_today)} ${u.calls_today === 1 ? 'call' : 'calls'}`;
  const title = `${formatCredits(u.spent_today)} spent today in ${calls}${
    u.budget === null ? '' : `, of a daily budget of ${formatCredits(u.budget)}`
  }${
    u.saved_today > 0
      ? `; ${formatCredits(u.saved_today)} saved: data the team had already paid for, served again for free`
      : ''
  }`;
  return (
    <section aria-label="Today's usage" title={title} className="flex items-center gap-3 text-sm">
      {u.saved_today > 0 && (
        // Beside the spend, what the team's company store spared today: looking again is free.
        // Said to screen readers at every width; shown where the header has room (`sm` up).
        <span
          data-testid="saved-today"
          className="sr-only rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-emerald-800 ring-1 ring-emerald-200 ring-inset tabular-nums sm:not-sr-only"
        >
          Saved {formatCreditAmount(u.saved_today)} today
        </span>
      )}
      <div className="text-right leading-tight">
        <div className="text-slate-700">
          {u.budget === null ? (
            <span className="font-semibold tabular-nums">{formatCredits(u.spent_today)}</span>
          ) : (
            // The unit is said once, after the budget: "12.5 / 100 credits today".
            <>
              <span className="font-semibold tabular-nums">{formatCreditAmount(u.spent_today)}</span>
              <span className="text-slate-500 tabular-nums"> / {formatCredits(u.budget)}</span>
            </>
          )}{' '}
          {/* Said to screen readers at every width; shown where the header has room (`sm` up). */}
          <span className="sr-only text-slate-500 sm:not-sr-only">today</span>
        </div>
        {u.budget === null ? (
          <div className="text-xs text-hint">No daily budget</div>
        ) : (
          <div className="text-xs text-hint tabular-nums">{formatCredits(u.remaining ?? 0)} left</div>
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
          className="hidden h-1.5 w-20 overflow-hidden rounded-full bg-slate-200 sm:block"
        >
          <div className={cn('h-full rounded-full', tone)} style={{ width: `${share * 100}%` }} />
        </div>
      )}
    </section>
  );
}
