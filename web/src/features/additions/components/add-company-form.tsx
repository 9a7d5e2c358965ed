import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { setProblemErrors } from '@/lib/errors';
import {
  AddCompanyForm as AddCompanySchema,
  type AddCompanyForm as AddCompanyValues,
  toAdditionRequest,
} from '../website';

/** A refusal by status, named before the service's own explanation. */
const REFUSAL_TITLES: Readonly<Record<string, string>> = {
  '403': 'Adding companies is not part of your plan.',
  '429': 'Request limit reached.',
};

type AddCompanyFormProps = {
  defaultValues?: Partial<AddCompanyValues>;
  /** Sends the request; a thrown `ApiError` with field errors is shown next to the fields. */
  onSubmit: (values: AddCompanyValues) => Promise<void>;
};

/**
 * Company name and website, checked before anything is sent (react-hook-form with the zod schema
 * that wraps the contract's). Errors show under each field once it was touched or submitted;
 * a refusal by the service (plan, daily limit) shows above the button.
 */
export function AddCompanyFormView({ defaultValues, onSubmit }: AddCompanyFormProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddCompanyValues>({
    resolver: zodResolver(AddCompanySchema),
    defaultValues: { company_name: '', website: '', ...defaultValues },
    mode: 'onTouched',
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(toAdditionRequest(values));
    } catch (err) {
      setProblemErrors(setError, err, {
        fields: ['company_name', 'website'],
        fallback: 'The request could not be sent.',
      });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Add a company">
      <FormField
        id={`${id}-name`}
        label="Company name"
        error={errors.company_name?.message}
        input={(p) => (
          <input
            {...p}
            {...register('company_name')}
            autoComplete="organization"
            placeholder="Acme Robotics"
          />
        )}
      />
      <FormField
        id={`${id}-website`}
        label="Website"
        hint="The company's main site, e.g. acme.com"
        error={errors.website?.message}
        input={(p) => (
          <input {...p} {...register('website')} inputMode="url" autoComplete="url" placeholder="acme.com" />
        )}
      />
      {errors.root?.server?.message && (
        <p
          role="alert"
          className="rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-900"
        >
          {REFUSAL_TITLES[String(errors.root.server.type)] && (
            <span className="block font-medium">{REFUSAL_TITLES[String(errors.root.server.type)]}</span>
          )}
          {errors.root.server.message}
        </p>
      )}
      <Button type="submit" variant="primary" loading={isSubmitting}>
        Add company
      </Button>
    </form>
  );
}
