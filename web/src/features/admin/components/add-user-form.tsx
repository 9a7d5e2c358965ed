import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormAlert, FormField } from '@/components/ui/form-field';
import { setProblemErrors } from '@/lib/errors';
import { formatCredits } from '@/lib/format';
import { useAddUser } from '../api/add-user';
import { AddUserForm, type AddUserFormInput, type AddUserFormOutput } from '../forms';

/**
 * A new user: name, first password, role and daily budget, checked with the contract's rules before
 * anything is sent; a name already taken is shown at the name (the BFF's 409 names the field).
 */
export function AddUserFormView({
  defaultBudget,
  onAdded,
}: {
  defaultBudget: number | null;
  onAdded: (name: string) => void;
}) {
  const id = useId();
  const add = useAddUser();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddUserFormInput, unknown, AddUserFormOutput>({
    resolver: zodResolver(AddUserForm),
    defaultValues: { name: '', password: '', role: 'member', daily_budget: '' },
    mode: 'onTouched',
  });

  const submit = handleSubmit(async (values) => {
    try {
      const user = await add.mutateAsync(values);
      onAdded(user.name);
    } catch (err) {
      setProblemErrors(setError, err, {
        fields: ['name', 'password', 'role', 'daily_budget'],
        fallback: 'The user could not be added.',
      });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Add a user">
      <FormField
        id={`${id}-name`}
        label="User name"
        hint="What they sign in with: letters, digits and . _ @ -"
        error={errors.name?.message}
        input={(p) => <input {...p} {...register('name')} autoComplete="off" spellCheck={false} />}
      />
      <FormField
        id={`${id}-password`}
        label="First password"
        hint="At least 10 characters. Share it with them privately."
        error={errors.password?.message}
        input={(p) => <input {...p} {...register('password')} type="password" autoComplete="new-password" />}
      />
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700">Role</legend>
        <div className="space-y-1.5">
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input type="radio" value="member" {...register('role')} className="mt-0.5 accent-indigo-600" />
            <span>
              Member <span className="text-slate-500">builds lists, opens companies, exports</span>
            </span>
          </label>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input type="radio" value="admin" {...register('role')} className="mt-0.5 accent-indigo-600" />
            <span>
              Admin <span className="text-slate-500">also runs the team on this page</span>
            </span>
          </label>
        </div>
      </fieldset>
      <FormField
        id={`${id}-budget`}
        label="Daily budget (credits)"
        hint={`Leave empty for the default: ${defaultBudget === null ? 'no limit' : formatCredits(defaultBudget)}.`}
        error={errors.daily_budget?.message}
        input={(p) => <input {...p} {...register('daily_budget')} inputMode="decimal" autoComplete="off" />}
      />
      {errors.root?.server?.message && <FormAlert>{errors.root.server.message}</FormAlert>}
      <Button type="submit" variant="primary" loading={isSubmitting}>
        Add user
      </Button>
    </form>
  );
}
