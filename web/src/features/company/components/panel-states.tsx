import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { fieldSentence } from '@/lib/problem-words';

/** Placeholder rows in the shape of a panel, so nothing jumps when the data arrives. */
export function PanelSkeleton({ rows = 4, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-4">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="rounded-lg border border-slate-200 bg-white p-4">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="mt-3 h-3 w-full" />
          <Skeleton className="mt-2 h-3 w-5/6" />
        </div>
      ))}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <p className="text-sm font-medium text-slate-700">{title}</p>
      {children && <div className="mt-1 text-sm text-slate-500">{children}</div>}
    </div>
  );
}

/** A failed load, with the service's own explanation (problem details) and a way to try again. */
export function ErrorState({ error, onRetry, what }: { error: unknown; onRetry?: () => void; what: string }) {
  const problem = error instanceof ApiError ? error.problem : undefined;
  const detail = errorMessage(error, 'Something went wrong.');
  return (
    <div
      role="alert"
      className="rounded-lg border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-900"
    >
      <p className="font-medium">
        Could not load {what}
        {problem?.title ? `: ${problem.title}` : ''}
      </p>
      <p className="mt-0.5 text-rose-800">{detail}</p>
      {problem?.errors && problem.errors.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-rose-800">
          {problem.errors.map((e) => (
            <li key={`${e.path}:${e.message}`}>{fieldSentence(e)}</li>
          ))}
        </ul>
      )}
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="mt-2 font-medium text-rose-900 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-rose-600"
        >
          Try again
        </button>
      )}
    </div>
  );
}

/** A titled card of the company page. */
export function Block({
  title,
  children,
  aside,
  className,
}: {
  title: string;
  children: ReactNode;
  aside?: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-label={title}
      className={`rounded-lg border border-slate-200 bg-white p-4 ${className ?? ''}`}
    >
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** "—" for a value the data does not have (null, empty string, empty list). */
export function Missing({ label = 'Not available' }: { label?: string }) {
  return (
    <span className="text-hint" title={label}>
      —<span className="sr-only">{label}</span>
    </span>
  );
}

/** Definition-list rows; a null or empty value shows as missing instead of disappearing. */
export function Facts({ items }: { items: readonly (readonly [string, ReactNode | null | undefined])[] }) {
  return (
    <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-500">{term}</dt>
          <dd className="min-w-0 text-slate-900">
            {value === null || value === undefined || value === '' ? <Missing /> : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The sources of a statement, as small links to their hosts. */
export function Sources({ urls }: { urls: readonly string[] }) {
  const safe = urls.filter((u) => /^https?:\/\//i.test(u));
  if (safe.length === 0) return null;
  return (
    <p className="mt-1 flex flex-wrap gap-x-2 text-xs text-hint">
      <span>Sources:</span>
      {safe.map((u) => (
        <a
          key={u}
          href={u}
          target="_blank"
          rel="noreferrer noopener"
          className="text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-700"
        >
          {hostOf(u)}
        </a>
      ))}
    </p>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}
