import type { TeamSettings } from '@contract/admin';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { FormAlert, FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/errors';
import { formatCreditAmount, formatCredits, formatPercent } from '@/lib/format';
import { useUpdateTeam } from '../api/update-team';
import { CapForm, type CapFormInput, type CapFormOutput, creditsInput } from '../forms';

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "March 2026" of "2026-03". */
export function formatMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return monthName.format(Date.UTC(y ?? 1970, (m ?? 1) - 1, 1));
}

/**
 * The team's monthly cap: what the team spent this month against it, and the form that sets it
 * (empty: no cap). Once the team has spent it, every paid call is refused until the month ends.
 */
export function TeamCapSection({ team }: { team: TeamSettings }) {
  const id = useId();
  const update = useUpdateTeam();
  const [saved, setSaved] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<CapFormInput, unknown, CapFormOutput>({
    resolver: zodResolver(CapForm),
    defaultValues: { monthly_cap: creditsInput(team.monthly_cap) },
  });
  // A cap changed elsewhere (another admin) shows once this form holds no edit of its own.
  useEffect(() => {
    if (!isDirty) reset({ monthly_cap: creditsInput(team.monthly_cap) });
  }, [team.monthly_cap, isDirty, reset]);

  const submit = handleSubmit(async ({ monthly_cap }) => {
    setSaved(null);
    try {
      const next = await update.mutateAsync({ monthly_cap });
      reset({ monthly_cap: creditsInput(next.monthly_cap) });
      setSaved(
        next.monthly_cap === null
          ? 'The team has no monthly cap now.'
          : `The team's monthly cap is now ${formatCredits(next.monthly_cap)}.`,
      );
    } catch (err) {
      setError('root.server', { message: errorMessage(err, 'Not saved.') });
    }
  });

  const cap = team.monthly_cap;
  const share = cap ? Math.min(1, team.spent_this_month / cap) : cap === 0 ? 1 : 0;
  const reached = cap !== null && team.spent_this_month >= cap;
  return (
    <section aria-labelledby="admin-cap-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="admin-cap-heading" className="text-base font-semibold text-slate-900">
        Monthly cap
      </h2>
      <p className="text-sm text-slate-500">
        The whole team's credits per month, on top of each user's daily budget.
      </p>
      <div className="mt-4">
        <p className="text-sm text-slate-600">Spent in {formatMonth(team.month)}</p>
        <p
          className="mt-0.5 text-2xl font-semibold tabular-nums text-slate-900"
          data-testid="team-spent-month"
        >
          {cap === null ? (
            formatCredits(team.spent_this_month)
          ) : (
            <>
              {formatCreditAmount(team.spent_this_month)}
              <span className="text-base font-normal text-slate-500"> / {formatCredits(cap)}</span>
            </>
          )}
        </p>
        {cap !== null && (
          <>
            {/* biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot be styled alike across browsers */}
            <div
              role="meter"
              aria-label="Share of the monthly cap spent"
              aria-valuemin={0}
              aria-valuemax={cap}
              aria-valuenow={Math.min(team.spent_this_month, cap)}
              aria-valuetext={`${formatPercent(share)} of ${formatCredits(cap)}`}
              className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
            >
              <div
                className={cn(
                  'h-full rounded-full',
                  share >= 0.9 ? 'bg-rose-600' : share >= 0.7 ? 'bg-amber-500' : 'bg-indigo-600',
                )}
                style={{ width: `${share * 100}%` }}
              />
            </div>
            <p className={cn('mt-1 text-xs', reached ? 'font-medium text-rose-700' : 'text-slate-500')}>
              {reached
                ? 'Reached: paid calls are refused until the month ends.'
                : `${formatCredits(Math.max(0, cap - team.spent_this_month))} left this month`}
            </p>
          </>
        )}
      </div>
      <form noValidate onSubmit={submit} className="mt-5 space-y-3" aria-label="Monthly cap">
        <FormField
          id={`${id}-cap`}
          label="Cap (credits per month)"
          hint="Leave empty for no cap."
          error={errors.monthly_cap?.message}
          input={(p) => <input {...p} {...register('monthly_cap')} inputMode="decimal" autoComplete="off" />}
        />
        {errors.root?.server?.message && <FormAlert>{errors.root.server.message}</FormAlert>}
        <div className="flex items-center gap-3">
          <Button type="submit" size="compact" variant="primary" loading={isSubmitting}>
            Save cap
          </Button>
          <p role="status" className="text-sm text-emerald-800">
            {saved}
          </p>
        </div>
      </form>
    </section>
  );
}
