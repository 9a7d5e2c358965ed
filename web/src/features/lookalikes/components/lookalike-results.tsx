/**
 * The lookalikes, in place of the list builder's grid: a list of their own, most similar first,
 * with a Similarity column (0 to 100) and each company's reasons in words. The filters derived
 * from the seeds go to the URL, so the filter editor shows them; editing them asks for a re-rank,
 * whose cost shows before it runs.
 */

import type { CompanyListItem, ListRequest } from '@contract/api';
import { estimateLookalikeCost } from '@contract/lookalike-cost';
import type { LookalikeResponse, LookalikeRow } from '@contract/lookalikes';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useEffect, useId } from 'react';
import { Button } from '@/components/ui/button';
import { SimilarityBar } from '@/components/ui/similarity-bar';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { formatCount, formatCredits } from '@/lib/format';
import { FALLBACK_PRICING, usePricing } from '@/lib/pricing';
import { fieldSentence } from '@/lib/problem-words';
import { lookalikesQueryOptions, useLookalikes } from '../api/find-lookalikes';
import { LOOKALIKE_SIZES, lookalikeLimit, lookalikeRequestOf, requestKey } from '../lookalike-request';
import { askRun, useRunAsked } from '../run-memory';

const SKELETON_ROWS = Array.from({ length: 8 }, (_, i) => `skeleton-${i}`);

/** A grid column of the lookalikes' own, read from a row of the answer (the grid's `ExtraColumn`). */
export type LookalikeColumn = {
  id: string;
  header: string;
  size: number;
  cell: (row: CompanyListItem) => ReactNode;
};

/** What the grid the app layer joins in gets to show one answer (see `LookalikeResultsProps.grid`). */
export type LookalikeGridProps = {
  answer: LookalikeResponse;
  /** The catalog's columns, in order: the lookalikes' own follow the company's name. */
  columnIds: readonly string[];
  extraColumns: readonly LookalikeColumn[];
  /** The list the lookalikes were found in (their filters), which "Export selected" reads. */
  request: ListRequest;
  /** A new answer: the grid starts again at its top. */
  pageKey: string;
  /** A newer run is on its way while this answer is shown. */
  refreshing: boolean;
};

/** The row as the lookalikes answered it (the grid hands back the rows it was given). */
const asLookalike = (row: CompanyListItem) => row as LookalikeRow;

function Reasons({ reasons }: { reasons: readonly string[] }) {
  if (reasons.length === 0) return <span className="text-hint">—</span>;
  // One line in a compact row; every reason in the tooltip and to assistive technology.
  return (
    <span className="truncate" title={reasons.join('\n')}>
      {reasons[0]}
      {reasons.length > 1 && (
        <>
          <span aria-hidden="true" className="ml-1 text-xs text-slate-500">
            +{reasons.length - 1} more
          </span>
          <span className="sr-only">; {reasons.slice(1).join('; ')}</span>
        </>
      )}
    </span>
  );
}

const SIMILARITY: LookalikeColumn = {
  id: 'similarity',
  header: 'Similarity',
  size: 120,
  cell: (row) => {
    const score = asLookalike(row).score;
    return score === null ? <span className="text-hint">—</span> : <SimilarityBar score={score} />;
  },
};
const REASONS: LookalikeColumn = {
  id: 'reasons',
  header: 'Why it is similar',
  size: 320,
  cell: (row) => <Reasons reasons={asLookalike(row).reasons} />,
};

/** The lookalikes' columns: Similarity (when ranked) and the reasons, then what the rows carry. */
export function lookalikeGridColumns(answer: LookalikeResponse): {
  columnIds: string[];
  extraColumns: LookalikeColumn[];
} {
  // Without sections in lists, rows carry identity fields only: the product category stands in.
  const sections = answer.data.some((r) => r.industry !== undefined);
  return {
    columnIds: sections
      ? ['name', 'website', 'industry.primary', 'firmographic.headcount_range', 'location.hq.country']
      : ['name', 'website', 'product_category'],
    extraColumns: answer.ranking === 'similarity' ? [SIMILARITY, REASONS] : [REASONS],
  };
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
  /**
   * The grid an answer is shown in: the list builder's results grid, with its selection and bar
   * (the app layer joins it in, as features do not import each other).
   */
  grid: (props: LookalikeGridProps) => ReactNode;
};

export function LookalikeResults({ onIndustryNames, actions, controls, grid }: LookalikeResultsProps) {
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
  const inGrid = !(query.error && !fetching) && data !== undefined;
  if (query.error && !fetching) body = <RunError error={query.error} onRetry={() => void query.refetch()} />;
  // Faded only while a new run is on its way (as the grid does); a stale answer waiting for a
  // re-rank stays readable, the banner above says it is stale.
  else if (data)
    body = grid({
      answer: data,
      ...lookalikeGridColumns(data),
      request: {
        filters: data.filters,
        ...(req.exclude ? { exclude: req.exclude } : {}),
        ...(req.exclude_account_lists ? { exclude_account_lists: req.exclude_account_lists } : {}),
      } as ListRequest,
      pageKey: data.data.map((r) => r.uuid).join(','),
      refreshing: fetching && !current,
    });
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
          {notes.map((w, i) => (
            // One warning per key may share a code (`exclusion_drops_unknown`, one per excluded key).
            <li key={`${w.code}:${w.key ?? i}`}>{w.message}</li>
          ))}
        </ul>
      )}

      {/* The grid brings its own box (and the selection's bar above it). */}
      {inGrid ? (
        body
      ) : (
        <div className="flex h-[max(26rem,calc(100dvh-15rem))] min-h-0 flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm lg:h-auto lg:flex-1">
          <div className="min-h-0 flex-1 overflow-auto overscroll-contain" aria-busy={fetching}>
            {body}
          </div>
        </div>
      )}
    </section>
  );
}
