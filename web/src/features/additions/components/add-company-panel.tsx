import type { AdditionSubmitResponse } from '@contract/api';
import { PLAN_LABELS, PLAN_RULES } from '@contract/pricing';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { usePricing } from '@/lib/pricing';
import { useSubmitAddition } from '../api/submit-addition';
import type { AddCompanyForm } from '../website';
import { AddCompanyFormView } from './add-company-form';
import { AdditionStatus } from './addition-status';

/**
 * The whole add-company flow in one panel: the form, then either the company that already exists
 * (with a link) or the new request's live status.
 */
export function AddCompanyPanel({
  defaultValues,
  onNavigate,
}: {
  defaultValues?: Partial<AddCompanyForm>;
  /** Called when the user follows a link out of the panel (the drawer closes). */
  onNavigate?: () => void;
}) {
  const submit = useSubmitAddition();
  const [result, setResult] = useState<AdditionSubmitResponse | null>(null);
  // The name as submitted: shown while the first status answer is on its way.
  const [submittedName, setSubmittedName] = useState('');

  const pricing = usePricing().data;
  // The plan says so before anything is typed (Pay-as-you-go cannot add companies); the service
  // would refuse the submission with a 403 anyway.
  if (!result && pricing?.fromServer && pricing.rules.additionsPerDay === 0)
    return (
      <div role="note" className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
        <p className="font-medium">Adding companies is not part of your {pricing.planLabel} plan.</p>
        <p className="mt-1 text-amber-800">
          A {PLAN_LABELS.subscription} plan can ask for {PLAN_RULES.subscription.additionsPerDay} missing
          companies a day, {PLAN_LABELS.enterprise} without a daily limit. You can still search every company
          already in the data set.
        </p>
      </div>
    );

  if (!result)
    return (
      <AddCompanyFormView
        defaultValues={defaultValues}
        onSubmit={async (values) => {
          setSubmittedName(values.company_name);
          setResult(await submit.mutateAsync(values));
        }}
      />
    );

  return (
    <div className="space-y-5">
      {result.already_exists && result.company ? (
        <div role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm">
          <p className="font-medium text-emerald-900">This company is already in the data set.</p>
          <p className="mt-1 text-emerald-800">
            <Link
              to="/companies/$companyId"
              params={{ companyId: result.company.uuid }}
              search={{}}
              onClick={onNavigate}
              className="font-medium text-indigo-700 underline hover:no-underline"
            >
              {result.company.name}
            </Link>{' '}
            <span className="text-emerald-700">({result.company.domain || result.domain})</span>
          </p>
        </div>
      ) : result.request_id ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-600">
            Request for <span className="font-medium text-slate-900">{result.domain}</span> submitted.
          </p>
          <div onClickCapture={(e) => (e.target as HTMLElement).closest('a') && onNavigate?.()}>
            <AdditionStatus
              requestId={result.request_id}
              domain={result.domain}
              companyName={submittedName}
            />
          </div>
        </div>
      ) : (
        <p className="text-sm text-slate-600">The service accepted the submission without a request id.</p>
      )}
      <div className="flex gap-3 border-t border-slate-100 pt-4">
        <Button onClick={() => setResult(null)}>Add another company</Button>
        <Link
          to="/requests"
          onClick={onNavigate}
          className="inline-flex h-9 items-center text-sm font-medium text-indigo-700 hover:underline"
        >
          See all requests
        </Link>
      </div>
    </div>
  );
}
