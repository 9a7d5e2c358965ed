import type { CompanySearchRecord } from '@contract/api';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { displayUrl, websiteHref } from '@/lib/format';
import { usePricing } from '@/lib/pricing';
import { useEnrichment, useRefreshEnrichment } from '../api/get-enrichment';
import { HEADER_SECTIONS, sectionsCost } from '../company-tabs';
import { CostNote, PriceNote } from './cost-note';
import { ErrorState, Missing } from './panel-states';

/** Up to two initials, standing in for a logo the data set does not have. */
function initials(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  return (
    words.length > 1 ? `${words[0]?.[0]}${words[1]?.[0]}` : (words[0]?.slice(0, 2) ?? '?')
  ).toUpperCase();
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <section
      aria-label="Company profile"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      {children}
    </section>
  );
}

function Identity({
  name,
  website,
  status,
  category,
  aside,
}: {
  name: string;
  website: string;
  /** The operating status (Operating, Acquired, Closed...): a going concern reads green. */
  status?: string | undefined;
  category?: string | null | undefined;
  aside?: ReactNode;
}) {
  const href = websiteHref(website);
  return (
    // The cost and freshness line sits beside the name where there is room, and below it on a phone
    // (beside it, it would leave the name no width at all).
    <div className="flex flex-wrap items-start gap-x-4 gap-y-2 sm:flex-nowrap">
      <div
        aria-hidden="true"
        className="flex h-14 w-14 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-lg font-semibold text-indigo-700 ring-1 ring-indigo-100 ring-inset"
      >
        {initials(name)}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h1 className="truncate text-2xl font-semibold text-slate-900">{name}</h1>
          {status && (
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${
                status === 'Operating'
                  ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
                  : 'bg-amber-50 text-amber-800 ring-amber-200'
              }`}
            >
              {status}
            </span>
          )}
        </div>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-slate-500">
          {href && (
            <a
              href={href}
              target="_blank"
              rel="noreferrer noopener"
              className="font-medium text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {displayUrl(website)} <span aria-hidden="true">↗</span>
            </a>
          )}
          {href && category && <span aria-hidden="true">·</span>}
          {category && <span>{category}</span>}
        </p>
      </div>
      <div className="w-full sm:w-auto sm:shrink-0 sm:pt-1">{aside}</div>
    </div>
  );
}

/**
 * The company's identity: name, website, type, HQ, headcount band, founded and a short description.
 * While the paid profile loads, the free search record (`preview`) already gives name and website.
 */
export function CompanyHeader({
  company,
  preview = null,
  enabled = true,
}: {
  company: string;
  preview?: CompanySearchRecord | null;
  /** False until the company is known to exist: nothing is bought for a wrong id. */
  enabled?: boolean;
}) {
  const q = useEnrichment(company, HEADER_SECTIONS, { enabled });
  const refresh = useRefreshEnrichment(company, HEADER_SECTIONS);
  const plan = usePricing();
  if (q.error && !q.data)
    return <ErrorState error={q.error} what="this company" onRetry={() => void q.refetch()} />;
  const sections = q.data?.body.sections;
  const f = sections?.firmographic;
  const loc = sections?.location;
  const name = f?.name || preview?.name || 'Unnamed company';
  const website = f?.website || preview?.website || '';
  const hq = loc ? [loc.hq.city, loc.hq.country.label].filter(Boolean).join(', ') : '';
  const facts: [string, string | null][] = [
    ['Type', f?.company_type.label || null],
    ['Headquarters', hq || null],
    ['Employees', f?.headcount_range || null],
    ['Founded', f?.founded_year ? String(f.founded_year) : null],
  ];
  // One tree while loading and loaded: the name's h1 shown from the free search stays the same
  // element when the profile arrives, so the focus the page gave it on arrival stays there.
  return (
    <Frame>
      <div {...(q.data ? {} : { role: 'status', 'aria-label': 'Loading the company' })}>
        {q.data || preview ? (
          <Identity
            name={name}
            website={website}
            status={f?.operating_status.label || undefined}
            category={preview?.product_category}
            aside={
              q.data && (
                <CostNote
                  credits={q.data.credits}
                  cached={q.data.cached}
                  saved={q.data.saved}
                  asOf={q.data.asOf}
                  refresh={refresh}
                  updatedAt={q.dataUpdatedAt}
                />
              )
            }
          />
        ) : (
          <div className="flex items-start gap-4">
            <Skeleton className="h-14 w-14 rounded-xl" />
            <div className="flex-1">
              <Skeleton className="h-7 w-72" />
              <Skeleton className="mt-2 h-4 w-40" />
            </div>
          </div>
        )}
        {q.data ? (
          <>
            <dl className="mt-5 grid grid-cols-2 gap-4 border-t border-slate-100 pt-4 md:grid-cols-4">
              {facts.map(([k, v]) => (
                <div key={k} className="min-w-0">
                  <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{k}</dt>
                  <dd className="mt-0.5 truncate text-sm font-medium text-slate-900">{v ?? <Missing />}</dd>
                </div>
              ))}
            </dl>
            {f?.company_description_short && (
              <p className="mt-4 max-w-4xl text-sm leading-6 text-slate-600">{f.company_description_short}</p>
            )}
          </>
        ) : (
          // The placeholders take the room the profile will (the facts' two lines, one line of
          // description, where the price of the profile shows while it loads), so nothing below
          // moves when it arrives (layout shift).
          <>
            <div className="mt-5 grid grid-cols-2 gap-4 border-t border-slate-100 pt-4 md:grid-cols-4">
              {[0, 1, 2, 3].map((i) => (
                <div key={i}>
                  <Skeleton className="my-0.5 h-3 w-20" />
                  <Skeleton className="mt-1 mb-0.5 h-4 w-28" />
                </div>
              ))}
            </div>
            <div className="mt-4 flex h-6 items-center">
              {plan.data ? (
                <p className="text-xs text-slate-500">
                  Loading the company profile:{' '}
                  <PriceNote credits={sectionsCost(plan.data.prices, HEADER_SECTIONS)} />
                </p>
              ) : (
                <Skeleton className="h-4 w-2/3" />
              )}
            </div>
          </>
        )}
      </div>
    </Frame>
  );
}

/** A page address that names no company: said plainly, with the ways on. */
export function CompanyNotFound({ company, detail }: { company: string; detail?: string | undefined }) {
  return (
    <Frame>
      <div className="py-6 text-center">
        <h1 className="text-2xl font-semibold text-slate-900">Company not found</h1>
        <p className="mx-auto mt-2 max-w-xl text-sm text-slate-600">
          {detail ?? (
            <>
              No company in the data set has the id <code className="text-slate-800">{company}</code>. Nothing
              was charged.
            </>
          )}
        </p>
        <p className="mt-4 text-sm text-slate-600">
          Look it up with <span className="font-medium text-slate-800">Search companies</span> above, add it
          with <span className="font-medium text-slate-800">Add company</span>, or{' '}
          <Link
            to="/"
            className="font-medium text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-700"
          >
            go to the list builder
          </Link>
          .
        </p>
      </div>
    </Frame>
  );
}
