/**
 * The lookalikes, in place of the list builder's grid: a list of their own, most similar first,
 * with a Similarity column (0 to 100) and each company's reasons in words. The filters derived
 * from the seeds go to the URL, so the filter editor shows them; editing them asks for a re-rank,
 * whose cost shows before it runs.
 */

import { COLUMN_BY_ID } from '@contract/columns';
import { estimateLookalikeCost } from '@contract/lookalike-cost';
import type { LookalikeResponse, LookalikeRow } from '@contract/lookalikes';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useEffect, useId } from 'react';
import { Button } from '@/components/ui/button';
import { SimilarityBar } from '@/components/ui/similarity-bar';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { displayUrl, formatCount, formatCredits } from '@/lib/format';
import { FALLBACK_PRICING, usePricing } from '@/lib/pricing';
import { fieldSentence } from '@/lib/problem-words';
import { lookalikesQueryOptions, useLookalikes } from '../api/find-lookalikes';
import { LOOKALIKE_SIZES, lookalikeLimit, lookalikeRequestOf, requestKey } from '../lookalike-request';
import { askRun, useRunAsked } from '../run-memory';

const SKELETON_ROWS = Array.from({ length: 8 }, (_, i) => `skeleton-${i}`);

/** The catalog's reading of a column, or null when the row lacks its section. */
function cell(id: string, row: LookalikeRow): string | null {
  const text = COLUMN_BY_ID.get(id)?.text(row) ?? '';
  return text === '' ? null : text;
}

function Missing() {
  return <span className="text-hint">—</span>;
}

function ResultsTable({ answer, dimmed }: { answer: LookalikeResponse; dimmed: boolean }) {
  const ranked = answer.ranking === 'similarity';
  // Without sections in lists, rows carry identity fields only: the product category stands in.
  const sections = answer.data.some((r) => r.industry !== undefined);
  const th =
    'border-b border-slate-200 bg-slate-50 px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-600';
  const td = 'border-b border-slate-100 px-3 py-2.5 align-top';
  return (
    <table
      className={`w-full border-separate border-spacing-0 text-sm transition-opacity ${dimmed ? 'opacity-60' : ''}`}
    >
      <caption className="sr-only">
        Lookalikes,{' '}
        {ranked ? 'most similar first' : 'in the order of the filters derived from your companies'}
      </caption>
      <thead className="sticky top-0 z-10">
        <tr>
          <th scope="col" className={`${th} w-10 text-right`}>
            #
          </th>
          <th scope="col" className={`${th} min-w-48`}>
            Company
          </th>
          {ranked && (
            <th scope="col" className={`${th} w-28`}>
              Similarity
            </th>
          )}
          <th scope="col" className={`${th} min-w-72`}>
            Why it is similar
          </th>
          <th scope="col" className={th}>
            {sections ? 'Primary industry' : 'Product category'}
          </th>
          {sections && (
            <>
              <th scope="col" className={th}>
                Employees
              </th>
              <th scope="col" className={th}>
                HQ country
              </th>
            </>
          )}
        </tr>
      </thead>
      <tbody>
        {answer.data.map((row, i) => (
          <tr key={row.uuid} className="hover:bg-slate-50">
            <td className={`${td} text-right text-slate-500 tabular-nums`}>{i + 1}</td>
            <td className={td}>
              <Link
                to="/companies/$companyId"
                params={{ companyId: row.uuid }}
                className="font-medium text-slate-900 hover:text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                {row.name}
              </Link>
              <div className="text-xs text-slate-500">{displayUrl(row.website)}</div>
            </td>
            {ranked && (
              <td className={td}>
                <SimilarityBar score={row.score ?? 0} />
              </td>
            )}
            <td className={td}>
              <ul className="flex flex-col gap-0.5 text-xs leading-5 text-slate-700">
                {row.reasons.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            </td>
            <td className={`${td} text-slate-700`}>
              {(sections ? cell('industry.primary', row) : row.product_category) ?? <Missing />}
            </td>
            {sections && (
              <>
                <td className={`${td} whitespace-nowrap text-slate-700 tabular-nums`}>
                  {cell('firmographic.headcount_range', row) ?? <Missing />}
                </td>
                <td className={`${td} text-slate-700`}>{cell('location.hq.country', row) ?? <Missing />}</td>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What a failed run says, and what to do next. */
function RunError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const problem = error instanceof ApiError ? error.problem : undefined;
  const status = error instanceof ApiError ? error.status : 0;
  const retry = status === 0 || status === 429 || status >= 500;
  const title =
    status === 402
      ? 'Not enough credits left for this run'
      : status === 400
        ? 'These lookalikes cannot be found'
        : 'The lookalikes could not be found';
  return (
    <div role="alert" className="flex max-w-2xl flex-col items-start gap-2 px-6 py-10">
      <p className="font-medium text-slate-900">{title}</p>
      <p className="text-sm text-slate-700">{errorMessage(error)}</p>
      {/* One field error is the sentence above already; several are listed, each in words. */}
      {problem?.errors && problem.errors.length > 1 && (
        <ul className="list-disc pl-5 text-sm text-slate-600">
          {problem.errors.slice(0, 20).map((e) => (
            <li key={`${e.path}:${e.message}`}>{fieldSentence(e)}</li>
          ))}
        </ul>
      )}
      {retry && (
        <Button variant="primary" className="mt-1" onClick={onRetry}>
          Retry
        </Button>
      )}
    </div>
  );
}

type LookalikeResultsProps = {
  /** Names of industry codes an answer brought, so the filter editor and summary can show words. */
  onIndustryNames?: (names: readonly (readonly [string, string])[]) => void;
  /**
   * Controls beside the results once an answer stands for the URL's filters ("Save list": the app
   * layer joins the saved lists in).
   */
  actions?: ((answer: LookalikeResponse) => ReactNode) | undefined;
  /**
   * Controls shown at all times beside the results (the account lists hidden from the lookalikes:
   * the app layer joins the list builder's menu in). A change asks for a re-rank, like a filter's.
   */
  controls?: ReactNode;
};

export function LookalikeResults({ onIndustryNames, actions, controls }: LookalikeResultsProps = {}) {
  const search = useSearch({ from: '/' });
  const navigate = useNavigate({ from: '/' });
  const queryClient = useQueryClient();
  const pricing = usePricing().data ?? FALLBACK_PRICING;
  const sizeId = useId();
  const req = lookalikeRequestOf(search) ?? { seeds: [] };
  const key = requestKey(req);
  const asked = useRunAsked(key);
  const query = useLookalikes(req, asked && req.seeds.length > 0);
  const data = query.data;
  const current = data !== undefined && !query.isPlaceholderData;
  const limit = lookalikeLimit(search.size);
  const estimate = estimateLookalikeCost(
    {
      seeds: req.seeds.length,
      limit,
      derive_filters: req.derive_filters ?? true,
      filters: req.filters,
      exclude: req.exclude,
    },
    pricing.plan,
  );
  // The control pressed goes away while the run lasts: the focus moves to the results' heading.
  const run = () => {
    askRun(key);
    document.getElementById('results-heading')?.focus();
  };

  // The filters derived from the seeds go to the URL, where the filter editor shows them; the same
  // answer stands for the request those filters make, so nothing runs twice.
  useEffect(() => {
    if (!current || !data || req.derive_filters === false || Object.keys(data.filters).length === 0) return;
    const next = lookalikeRequestOf({ ...search, filters: data.filters });
    if (!next) return;
    queryClient.setQueryData(lookalikesQueryOptions(next).queryKey, data);
    askRun(requestKey(next));
    void navigate({
      search: (prev) => ({ ...prev, filters: data.filters }),
      replace: true,
      resetScroll: false,
    });
  }, [current, data, req.derive_filters, search, queryClient, navigate]);

  useEffect(() => {
    if (current && data) onIndustryNames?.(Object.entries(data.industry_names));
  }, [current, data, onIndustryNames]);

  const fetching = query.isFetching;
  const waiting = !asked && !fetching;
  const notes = current ? data.warnings : [];
  const plural = req.seeds.length === 1 ? 'this company' : 'these companies';
  // Without sections in lists nothing is ranked: the run only finds what the filters match.
  const rerank = data?.ranking === 'filters' ? 'Run again' : 'Re-rank';

  let body: ReactNode;
  if (query.error && !fetching) body = <RunError error={query.error} onRetry={() => void query.refetch()} />;
  // Faded only while a new run is on its way (as the grid does); a stale answer waiting for a
  // re-rank stays readable, the banner above says it is stale.
  else if (data) body = <ResultsTable answer={data} dimmed={fetching && !current} />;
  else if (waiting)
    body = (
      <div className="flex max-w-2xl flex-col items-start gap-2 px-6 py-10">
        <p className="font-medium text-slate-900">Find the companies most like {plural}</p>
        <p className="text-sm text-slate-600">
          The run reads each company’s profile and the candidates’ sections: up to ~
          {formatCredits(estimate.credits)}.
        </p>
        <Button variant="primary" className="mt-1" onClick={run}>
          Find lookalikes
        </Button>
      </div>
    );
  else
    body = (
      <div aria-hidden="true" className="flex flex-col">
        {SKELETON_ROWS.map((k) => (
          <div key={k} className="flex items-center gap-4 border-b border-slate-100 px-3 py-3">
            <Skeleton className="h-3 w-6" />
            <Skeleton className="h-3 w-40" />
            <Skeleton className="h-3 w-20" />
            <Skeleton className="h-3 flex-1" />
          </div>
        ))}
      </div>
    );

  return (
    <section aria-labelledby="results-heading" className="flex min-h-0 flex-1 flex-col lg:min-h-[30rem]">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2 pb-3">
        <div className="flex min-w-0 flex-col">
          {/* One line of fixed height from `sm` up; on a phone the count may take a second. */}
          <div className="flex min-w-0 flex-wrap items-center gap-x-3 sm:h-7 sm:flex-nowrap sm:whitespace-nowrap">
            <h2 id="results-heading" tabIndex={-1} className="text-base font-semibold text-slate-900">
              Lookalikes
            </h2>
            <span className="text-sm text-slate-500 tabular-nums" aria-live="polite">
              {current
                ? `${formatCount(data.data.length)} shown · ${formatCount(data.candidates)}${data.candidates >= 500 ? '+' : ''} ${data.candidates === 1 ? 'company matches' : 'companies match'} the filters`
                : ''}
            </span>
          </div>
          <span
            className="inline-flex h-5 items-center gap-1 text-sm whitespace-nowrap text-slate-500 tabular-nums"
            aria-live="polite"
            title={estimate.parts.map((p) => `${p.what}: ${formatCredits(p.credits)}`).join('\n')}
          >
            {fetching && <Spinner className="h-3 w-3" />}
            {current && !fetching
              ? `This run: ${formatCredits(data.credits_consumed)} spent`
              : `This run: up to ~${formatCredits(estimate.credits)}`}
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          {current && data && search.filters && actions?.(data)}
          {controls}
          {/* The label and its select wrap as one. */}
          <span className="flex items-center gap-2">
            <label htmlFor={sizeId}>Show</label>
            <select
              id={sizeId}
              value={limit}
              onChange={(e) =>
                void navigate({
                  search: (prev) => ({ ...prev, size: Number(e.target.value) }),
                  resetScroll: false,
                })
              }
              className="h-8 rounded-md border border-slate-300 bg-white pr-7 pl-2 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600"
            >
              {[...new Set([...LOOKALIKE_SIZES, limit])]
                .sort((a, b) => a - b)
                .map((s) => (
                  <option key={s} value={s}>
                    {s} lookalikes
                  </option>
                ))}
            </select>
          </span>
        </div>
      </div>

      {!asked && data !== undefined && !fetching && (
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2 rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-900">
          <span>
            Your filters changed. {rerank} to find the lookalikes they allow: up to ~
            {formatCredits(estimate.credits)}.
          </span>
          <Button variant="primary" size="compact" onClick={run}>
            {rerank}
          </Button>
        </div>
      )}

      {req.exclude_account_lists && req.exclude_account_lists.length > 0 && (
        <p className="mb-2 text-sm text-slate-600">
          Leaving out the companies of{' '}
          {req.exclude_account_lists.length === 1
            ? 'the account list'
            : `the ${req.exclude_account_lists.length} account lists`}{' '}
          hidden under In CRM.
        </p>
      )}

      {notes.length > 0 && (
        <ul className="mb-2 flex flex-col gap-1 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {notes.map((w) => (
            <li key={w.code}>{w.message}</li>
          ))}
        </ul>
      )}

      <div className="flex h-[max(26rem,calc(100dvh-15rem))] min-h-0 flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm lg:h-auto lg:flex-1">
        <div className="min-h-0 flex-1 overflow-auto overscroll-contain" aria-busy={fetching}>
          {body}
        </div>
      </div>
    </section>
  );
}
