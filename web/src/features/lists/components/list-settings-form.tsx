/** The fields of a list's settings (name, shared or private, schedule), for saving and for changing a list. */

import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormAlert, FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/errors';
import { ListForm, type ListFormOutput, type ListFormValues, listSettingsOf } from '../list-form';
import type { Schedule } from '../types';

type ListSettings = ReturnType<typeof listSettingsOf>;

const VISIBILITY = [
  { value: 'private', label: 'Private', hint: 'only you see it' },
  { value: 'shared', label: 'Shared with the team', hint: 'read-only for the others; they can duplicate it' },
] as const;

const SCHEDULE_CHOICES = [
  { value: 'none', label: 'Never', hint: 'run it when you open it' },
  { value: 'daily', label: 'Daily', hint: 'an alert when new companies match, within your budget' },
  { value: 'weekly', label: 'Weekly', hint: 'the same, once a week' },
] as const satisfies readonly { value: Schedule | 'none'; label: string; hint: string }[];

function Choices({
  legend,
  choices,
  register,
}: {
  legend: string;
  choices: readonly { value: string; label: string; hint: string }[];
  register: () => ReturnType<ReturnType<typeof useForm<ListFormValues>>['register']>;
}) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="space-y-1.5">
        {choices.map((c) => (
          <label key={c.value} className="flex items-start gap-2 text-sm text-slate-700">
            <input type="radio" value={c.value} {...register()} className="mt-0.5 accent-indigo-600" />
            <span>
              {c.label} <span className="text-slate-500">{c.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function ListSettingsForm({
  label,
  defaultValues,
  submitLabel,
  onSubmit,
  children,
  schedule = true,
}: {
  /** The form's accessible name. */
  label: string;
  defaultValues: ListFormValues;
  submitLabel: string;
  /** Saves; a thrown error is shown above the button. */
  onSubmit: (settings: ListSettings) => Promise<void>;
  /** Shown above the button (what is saved). */
  children?: ReactNode;
  /** Offer the schedule (a list of picked companies has none: it never runs). */
  schedule?: boolean;
}) {
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ListFormValues, unknown, ListFormOutput>({
    resolver: zodResolver(ListForm),
    defaultValues,
  });
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(listSettingsOf(values));
    } catch (err) {
      setError('root.server', { message: errorMessage(err, 'Not saved.') });
    }
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={label}>
      <FormField
        id={`${id}-name`}
        label="Name"
        error={errors.name?.message}
        input={(p) => <input {...p} {...register('name')} autoComplete="off" />}
      />
      <Choices legend="Who sees it" choices={VISIBILITY} register={() => register('visibility')} />
      {schedule && (
        <Choices
          legend="Check it for new companies"
          choices={SCHEDULE_CHOICES}
          register={() => register('schedule')}
        />
      )}
      {children}
      {errors.root?.server?.message && <FormAlert>{errors.root.server.message}</FormAlert>}
      <Button type="submit" variant="primary" loading={isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
