import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { usePricing } from '@/lib/pricing';
import { useEnrichment } from '../api/get-enrichment';
import { HEADER_SECTIONS, sectionsCost } from '../company-tabs';
import { displayHost, websiteHref } from '../format';
import { CostNote, PriceNote } from './cost-note';
import { ErrorState } from './panel-states';

/** The company's identity: name, website, type, HQ, headcount band, founded and a short description. */
export function CompanyHeader({ company }: { company: string }) {
  const q = useEnrichment(company, HEADER_SECTIONS);
  const plan = usePricing();
  if (q.error && !q.data) {
    if (q.error instanceof ApiError && q.error.status === 404)
      return (
        <div className="py-6">
          <h1 className="text-2xl font-semibold text-slate-900">Company not found</h1>
          <p className="mt-1 text-sm text-slate-600">{q.error.message}</p>
        </div>
      );
    return <ErrorState error={q.error} what="this company" onRetry={() => void q.refetch()} />;
  }
  if (!q.data)
    return (
      <div role="status" aria-label="Loading the company" className="py-2">
        <Skeleton className="h-8 w-72" />
        <Skeleton className="mt-3 h-4 w-96" />
        <Skeleton className="mt-3 h-4 w-2/3" />
        {plan.data && (
          <p className="mt-2 text-xs text-slate-500">
            Loading the company profile:{' '}
            <PriceNote credits={sectionsCost(plan.data.prices, HEADER_SECTIONS)} />
          </p>
        )}
      </div>
    );
  const { firmographic: f, location: loc } = q.data.body.sections;
  const name = f?.name || 'Unnamed company';
  const href = f ? websiteHref(f.website) : null;
  const hq = loc ? [loc.hq.city, loc.hq.country.label].filter(Boolean).join(', ') : '';
  const facts: [string, string][] = [];
  if (f?.company_type.label) facts.push(['Type', f.company_type.label]);
  if (hq) facts.push(['Headquarters', hq]);
  if (f?.headcount_range) facts.push(['Employees', f.headcount_range]);
  if (f?.founded_year) facts.push(['Founded', String(f.founded_year)]);
  return (
    <div className="py-2">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-slate-900">{name}</h1>
          {href && (
            <a
              href={href}
              target="_blank"
              rel="noreferrer noopener"
              className="text-sm text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {displayHost(f?.website ?? '')}
            </a>
          )}
        </div>
        <CostNote credits={q.data.credits} cached={q.data.cached} updatedAt={q.dataUpdatedAt} />
      </div>
      {facts.length > 0 && (
        <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
          {facts.map(([k, v]) => (
            <div key={k} className="flex gap-1.5">
              <dt className="text-slate-500">{k}</dt>
              <dd className="font-medium text-slate-900">{v}</dd>
            </div>
          ))}
        </dl>
      )}
      {f?.company_description_short && (
        <p className="mt-3 max-w-3xl text-sm leading-6 text-slate-600">{f.company_description_short}</p>
      )}
    </div>
  );
}
