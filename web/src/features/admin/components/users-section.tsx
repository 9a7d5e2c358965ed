import type { AdminUser, Role } from '@contract/admin';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { DataTable } from '@/components/ui/data-table';
import { Drawer } from '@/components/ui/drawer';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/errors';
import { formatCredits } from '@/lib/format';
import { useAdminUsers } from '../api/get-users';
import { useUpdateUser } from '../api/update-user';
import { AddUserFormView } from './add-user-form';
import { BudgetDrawer, PasswordDrawer } from './user-dialogs';

type Outcome = { kind: 'done' | 'refused'; text: string };

/**
 * The team's users: add one, and per user the role, the daily budget, a new password, and
 * disabling or enabling the account. What happened is said in one live region under the heading.
 */
export function UsersSection({
  currentUserId,
  defaultBudget,
}: {
  currentUserId: string;
  defaultBudget: number | null;
}) {
  const users = useAdminUsers();
  const update = useUpdateUser();
  const [adding, setAdding] = useState(false);
  const [budgetOf, setBudgetOf] = useState<AdminUser | null>(null);
  const [passwordOf, setPasswordOf] = useState<AdminUser | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const change = (user: AdminUser, patch: { role?: Role; disabled?: boolean }, done: string) => {
    setOutcome(null);
    update.mutate(
      { id: user.id, ...patch },
      {
        onSuccess: () => setOutcome({ kind: 'done', text: done }),
        onError: (err) =>
          setOutcome({
            kind: 'refused',
            text: errorMessage(err, 'The change could not be saved.'),
          }),
      },
    );
  };
  const finished = (close: () => void) => (text: string) => {
    close();
    setOutcome({ kind: 'done', text });
  };

  return (
    <section aria-labelledby="admin-users-heading" className="rounded-xl border border-slate-200 bg-white">
      <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-4">
        <div>
          <h2 id="admin-users-heading" className="text-base font-semibold text-slate-900">
            Users
          </h2>
          <p className="text-sm text-slate-500">Who can sign in, what they may do and spend per day.</p>
        </div>
        <Button variant="primary" size="compact" onClick={() => setAdding(true)}>
          Add user
        </Button>
      </div>
      <div role="status" aria-live="polite" className="empty:hidden px-5 pt-3">
        {outcome && (
          <p
            className={cn(
              'rounded-md border px-3 py-2 text-sm',
              outcome.kind === 'done'
                ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
                : 'border-rose-200 bg-rose-50 text-rose-900',
            )}
          >
            {outcome.text}
          </p>
        )}
      </div>
      {users.error ? (
        <LoadError
          what="The users could not be loaded."
          error={users.error}
          onRetry={() => void users.refetch()}
          className="m-5"
        />
      ) : !users.data ? (
        <div role="status" aria-label="Loading users" className="space-y-2 p-5">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : users.data.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-slate-500">
          No accounts yet. Add the first one; in team mode, people sign in with them.
        </p>
      ) : (
        <DataTable
          caption="The team's users"
          columns={[
            { label: 'User' },
            { label: 'Role' },
            { label: 'Status' },
            { label: 'Daily budget', align: 'right' },
            { label: 'Spent today', align: 'right' },
            { label: 'Actions', align: 'right', srOnly: true },
          ]}
          variant="card"
        >
          {users.data.map((u) => (
            <UserRow
              key={u.id}
              user={u}
              isYou={u.id === currentUserId}
              defaultBudget={defaultBudget}
              busy={update.isPending && update.variables?.id === u.id}
              onRole={(role) =>
                change(u, { role }, `${u.name} is now ${role === 'admin' ? 'an admin' : 'a member'}.`)
              }
              onDisabled={(disabled) =>
                change(
                  u,
                  { disabled },
                  disabled
                    ? `${u.name} is disabled; their sessions ended.`
                    : `${u.name} is enabled and can sign in again.`,
                )
              }
              onBudget={() => setBudgetOf(u)}
              onPassword={() => setPasswordOf(u)}
            />
          ))}
        </DataTable>
      )}
      <Drawer
        open={adding}
        onClose={() => setAdding(false)}
        title="Add a user"
        description="They sign in with this name and password; ask them to keep the password to themselves."
      >
        {adding && (
          <AddUserFormView
            defaultBudget={defaultBudget}
            onAdded={(name) => finished(() => setAdding(false))(`Added ${name}.`)}
          />
        )}
      </Drawer>
      <BudgetDrawer
        user={budgetOf}
        defaultBudget={defaultBudget}
        onClose={() => setBudgetOf(null)}
        onDone={finished(() => setBudgetOf(null))}
      />
      <PasswordDrawer
        user={passwordOf}
        onClose={() => setPasswordOf(null)}
        onDone={finished(() => setPasswordOf(null))}
      />
    </section>
  );
}

function UserRow({
  user,
  isYou,
  defaultBudget,
  busy,
  onRole,
  onDisabled,
  onBudget,
  onPassword,
}: {
  user: AdminUser;
  isYou: boolean;
  defaultBudget: number | null;
  busy: boolean;
  onRole: (role: Role) => void;
  onDisabled: (disabled: boolean) => void;
  onBudget: () => void;
  onPassword: () => void;
}) {
  const budget = user.daily_budget ?? defaultBudget;
  const share = budget ? Math.min(1, user.spent_today / budget) : 0;
  return (
    <tr data-testid="admin-user" data-user={user.name} className={cn(user.disabled && 'bg-slate-50')}>
      <th scope="row" className="px-5 py-3 text-left font-medium text-slate-900">
        {user.name}
        {isYou && <span className="ml-1.5 text-xs font-normal text-slate-500">(you)</span>}
      </th>
      <td className="px-3 py-3">
        <select
          aria-label={`Role of ${user.name}`}
          value={user.role}
          disabled={busy}
          onChange={(e) => onRole(e.target.value as Role)}
          className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30"
        >
          <option value="member">Member</option>
          <option value="admin">Admin</option>
        </select>
      </td>
      <td className="px-3 py-3">
        <span
          className={cn(
            'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium',
            user.disabled ? 'bg-slate-200 text-slate-700' : 'bg-emerald-50 text-emerald-800',
          )}
        >
          <span
            aria-hidden="true"
            className={cn('h-1.5 w-1.5 rounded-full', user.disabled ? 'bg-slate-500' : 'bg-emerald-600')}
          />
          {user.disabled ? 'Disabled' : 'Active'}
        </span>
      </td>
      <td className="whitespace-nowrap px-3 py-3 text-right tabular-nums text-slate-700">
        {user.daily_budget === null ? (
          <span className="text-slate-500">
            Default
            <span className="block text-xs">
              {defaultBudget === null ? 'no limit' : formatCredits(defaultBudget)}
            </span>
          </span>
        ) : (
          formatCredits(user.daily_budget)
        )}
      </td>
      <td className="whitespace-nowrap px-3 py-3 text-right tabular-nums text-slate-700">
        <div>{formatCredits(user.spent_today)}</div>
        {budget !== null && budget > 0 && (
          <div className="mt-1 ml-auto h-1 w-16 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
            <div
              className={cn('h-full rounded-full', share >= 0.9 ? 'bg-rose-500' : 'bg-indigo-500')}
              style={{ width: `${share * 100}%` }}
            />
          </div>
        )}
      </td>
      <td className="px-5 py-3">
        <div className="flex justify-end gap-1">
          <Button
            size="sm"
            variant="ghost"
            onClick={onBudget}
            aria-label={`Set the daily budget of ${user.name}`}
          >
            Budget
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={onPassword}
            aria-label={`Reset password of ${user.name}`}
          >
            Reset password
          </Button>
          <Button
            size="sm"
            variant="ghost"
            loading={busy}
            onClick={() => onDisabled(!user.disabled)}
            aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${user.name}`}
            className={user.disabled ? undefined : 'text-rose-700 hover:bg-rose-50 hover:text-rose-800'}
          >
            {user.disabled ? 'Enable' : 'Disable'}
          </Button>
        </div>
      </td>
    </tr>
  );
}
