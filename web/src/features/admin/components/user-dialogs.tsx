/** The per-user changes that take a value: the daily budget and a new password, each in a drawer. */

import type { AdminUser } from '@contract/admin';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Drawer } from '@/components/ui/drawer';
import { FormAlert, FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/errors';
import { formatCredits } from '@/lib/format';
import { useUpdateUser } from '../api/update-user';
import {
  BudgetForm,
  type BudgetFormInput,
  type BudgetFormOutput,
  creditsInput,
  PasswordForm,
  type PasswordFormValues,
} from '../forms';

export function BudgetDrawer({
  user,
  defaultBudget,
  onClose,
  onDone,
}: {
  user: AdminUser | null;
  defaultBudget: number | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  return (
    <Drawer
      open={user !== null}
      onClose={onClose}
      title={user ? `Daily budget of ${user.name}` : 'Daily budget'}
      description="Credits they may spend per day (UTC). Their next call is held to it."
    >
      {user && <BudgetFormView user={user} defaultBudget={defaultBudget} onDone={onDone} />}
    </Drawer>
  );
}

function BudgetFormView({
  user,
  defaultBudget,
  onDone,
}: {
  user: AdminUser;
  defaultBudget: number | null;
  onDone: (message: string) => void;
}) {
  const id = useId();
  const update = useUpdateUser();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BudgetFormInput, unknown, BudgetFormOutput>({
    resolver: zodResolver(BudgetForm),
    defaultValues: { daily_budget: creditsInput(user.daily_budget) },
  });
  const submit = handleSubmit(async ({ daily_budget }) => {
    try {
      await update.mutateAsync({ id: user.id, daily_budget });
      onDone(
        `${user.name}'s daily budget is now ${daily_budget === null ? 'the default' : formatCredits(daily_budget)}.`,
      );
    } catch (err) {
      setError('root.server', { message: errorMessage(err, 'Not saved.') });
    }
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={`Daily budget of ${user.name}`}>
      <FormField
        id={`${id}-budget`}
        label="Daily budget (credits)"
        hint={`Leave empty for the default: ${defaultBudget === null ? 'no limit' : formatCredits(defaultBudget)}. Spent today: ${formatCredits(user.spent_today)}.`}
        error={errors.daily_budget?.message}
        input={(p) => <input {...p} {...register('daily_budget')} inputMode="decimal" autoComplete="off" />}
      />
      {errors.root?.server?.message && <FormAlert>{errors.root.server.message}</FormAlert>}
      <Button type="submit" variant="primary" loading={isSubmitting}>
        Save budget
      </Button>
    </form>
  );
}

export function PasswordDrawer({
  user,
  onClose,
  onDone,
}: {
  user: AdminUser | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  return (
    <Drawer
      open={user !== null}
      onClose={onClose}
      title={user ? `Reset the password of ${user.name}` : 'Reset a password'}
      description="Every session of theirs ends at once; they sign in again with the new password."
    >
      {user && <PasswordFormView user={user} onDone={onDone} />}
    </Drawer>
  );
}

function PasswordFormView({ user, onDone }: { user: AdminUser; onDone: (message: string) => void }) {
  const id = useId();
  const update = useUpdateUser();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordFormValues>({
    resolver: zodResolver(PasswordForm),
    defaultValues: { password: '' },
    mode: 'onTouched',
  });
  const submit = handleSubmit(async ({ password }) => {
    try {
      await update.mutateAsync({ id: user.id, password });
      onDone(`${user.name}'s password was reset; their sessions ended.`);
    } catch (err) {
      setError('root.server', { message: errorMessage(err, 'Not saved.') });
    }
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={`New password for ${user.name}`}>
      <FormField
        id={`${id}-password`}
        label="New password"
        hint="At least 10 characters. Share it with them privately."
        error={errors.password?.message}
        input={(p) => <input {...p} {...register('password')} type="password" autoComplete="new-password" />}
      />
      {errors.root?.server?.message && <FormAlert>{errors.root.server.message}</FormAlert>}
      <Button type="submit" variant="primary" loading={isSubmitting}>
        Reset password
      </Button>
    </form>
  );
}
