import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/errors';
import { formatCount, formatCredits } from '@/lib/format';
import { useTeam } from '../api/get-team';
import { useAdminUsers } from '../api/get-users';
import { invalidateAdmin } from '../api/keys';
import { AuditSection } from './audit-section';
import { SpendSection } from './spend-section';
import { formatMonth, TeamCapSection } from './team-cap-section';
import { UsersSection } from './users-section';

/**
 * `/admin` for an admin (in local mode, its one user): the team at a glance, the spend dashboard,
 * the users, the monthly cap and the audit log. (A member is shown `AdminsOnly` instead; the BFF refuses them the API anyway.)
 */
export function AdminPage({
  currentUserId,
  localMode = false,
}: {
  currentUserId: string;
  localMode?: boolean;
}) {
  const queryClient = useQueryClient();
  const team = useTeam();
  const users = useAdminUsers();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      await invalidateAdmin(queryClient);
    } finally {
      setRefreshing(false);
    }
  };
  const list = users.data;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-6 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Admin</h1>
          <p className="mt-1 text-sm text-slate-600">
            Your team's users, budgets and spend. For engineers connecting other tools:{' '}
            <Link
              to="/api-reference"
              className="font-medium text-indigo-700 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              API reference
            </Link>
            .
          </p>
        </div>
        <Button size="compact" onClick={() => void refresh()} loading={refreshing}>
          Refresh figures
        </Button>
      </div>

      <dl className="grid gap-4 sm:grid-cols-3">
        <Stat
          label="Spent today"
          value={team.data ? formatCredits(team.data.spent_today) : undefined}
          note="The whole team, UTC day"
        />
        <Stat
          label={team.data ? `Spent in ${formatMonth(team.data.month)}` : 'Spent this month'}
          value={team.data ? formatCredits(team.data.spent_this_month) : undefined}
          note={
            team.data
              ? team.data.monthly_cap === null
                ? 'No monthly cap (set one below)'
                : `Of a monthly cap of ${formatCredits(team.data.monthly_cap)}`
              : ''
          }
        />
        {/* Local mode signs no one in: its one user (you, an admin) is no stored account, and the
            accounts below are the ones people will sign in with once the BFF runs in team mode. */}
        <Stat
          label={localMode ? 'Accounts for team mode' : 'Active users'}
          value={list ? formatCount(list.filter((u) => !u.disabled).length) : undefined}
          note={
            !list
              ? ''
              : localMode
                ? 'Local mode has one user: you, an admin'
                : `${plural(list.filter((u) => u.role === 'admin' && !u.disabled).length, 'admin')}, ${formatCount(list.filter((u) => u.disabled).length)} disabled`
          }
        />
      </dl>

      <SpendSection />

      <UsersSection currentUserId={currentUserId} defaultBudget={team.data?.default_daily_budget ?? null} />

      <div className="grid items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div className="min-w-0">
          {team.data ? (
            <TeamCapSection team={team.data} />
          ) : team.error ? (
            <div
              role="alert"
              className="rounded-xl border border-rose-200 bg-rose-50 p-5 text-sm text-rose-900"
            >
              <p className="font-medium">The team's settings could not be loaded.</p>
              <p>{errorMessage(team.error)}</p>
            </div>
          ) : (
            <div role="status" aria-label="Loading the team's settings">
              <Skeleton className="h-64 w-full" />
            </div>
          )}
        </div>
        <div className="min-w-0">
          <AuditSection />
        </div>
      </div>
    </div>
  );
}

function plural(n: number, word: string): string {
  return `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;
}

function Stat({ label, value, note }: { label: string; value: string | undefined; note: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-5 py-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">
        {value ?? <Skeleton className="h-8 w-24" />}
      </dd>
      <dd className="mt-0.5 text-xs text-slate-500">{note}</dd>
    </div>
  );
}
