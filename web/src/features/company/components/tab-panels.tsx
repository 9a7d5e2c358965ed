/**
 * Each tab's panel: it loads its data when first opened (the panels of closed tabs are not mounted),
 * shows a skeleton meanwhile, the service's problem on failure, and what the answer cost.
 * Answers stay in the query cache, so returning to a tab costs nothing.
 */
import type { JobListing } from '@contract/api';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { ApiError } from '@/lib/api-client';
import { type Pricing, usePricing } from '@/lib/pricing';
import { EMPLOYEE_REVIEWS_PAGE, useEmployeeReviews } from '../api/get-employee-reviews';
import { useEnrichment, useRefreshEnrichment } from '../api/get-enrichment';
import { useHeadcountTrends } from '../api/get-headcount-trends';
import { JOBS_PAGE, useJobs } from '../api/get-jobs';
import { NEWS_PAGE, useNews } from '../api/get-news';
import { POSTS_PAGE, usePosts } from '../api/get-posts';
import { PRODUCT_REVIEWS_PAGE, useProductCatalog, useProductReviews } from '../api/get-product-reviews';
import { useWebsiteTraffic } from '../api/get-website-traffic';
import { HEADER_SECTIONS, productReviewsEstimate, TAB_SECTIONS } from '../company-tabs';
import { CostNote, PriceNote, type Refresh } from './cost-note';
import { EmptyState, ErrorState, PanelSkeleton } from './panel-states';
import { BusinessView } from './tabs/business-view';
import { EmployeesView } from './tabs/employees-view';
import { FundingView } from './tabs/funding-view';
import { GrowthView } from './tabs/growth-view';
import { JobsView } from './tabs/jobs-view';
import { NewsView } from './tabs/news-view';
import { OverviewView } from './tabs/overview-view';
import { PostsView } from './tabs/posts-view';
import { ProductCatalogView, ProductDetailView } from './tabs/products-view';
import { SignalsView } from './tabs/signals-view';
import { TrafficView } from './tabs/traffic-view';

type QueryLike<T> = {
  data: { body: T; credits: number; cached: boolean; saved?: number; asOf?: string | null } | undefined;
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData?: boolean;
  dataUpdatedAt: number;
  refetch: () => unknown;
};

/** The frame every panel shares: a toolbar line with the cost, then loading, error or content. */
function Loaded<T>({
  query,
  what,
  toolbar,
  refresh,
  children,
}: {
  query: QueryLike<T>;
  what: string;
  toolbar?: ReactNode;
  /** Sections' panels: buying their data afresh, offered when it is more than a day old. */
  refresh?: Refresh;
  children: (body: T) => ReactNode;
}) {
  const { data } = query;
  return (
    <div aria-busy={query.isFetching || undefined}>
      <div className="mb-3 flex min-h-7 flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">{toolbar}</div>
        {data && (
          <CostNote
            credits={data.credits}
            cached={data.cached}
            saved={data.saved ?? 0}
            asOf={data.asOf ?? null}
            refresh={refresh}
            updatedAt={query.dataUpdatedAt}
          />
        )}
      </div>
      {query.error && !data ? (
        <ErrorState error={query.error} what={what} onRetry={() => void query.refetch()} />
      ) : query.isPending || !data ? (
        <PanelSkeleton label={`Loading ${what}`} />
      ) : (
        <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          {children(data.body)}
        </div>
      )}
    </div>
  );
}

export function OverviewPanel({ company }: { company: string }) {
  const header = useEnrichment(company, HEADER_SECTIONS);
  const industry = useEnrichment(company, TAB_SECTIONS.overview);
  const refresh = useRefreshEnrichment(company, TAB_SECTIONS.overview);
  return (
    <Loaded query={industry} what="the overview" refresh={refresh}>
      {(body) => (
        <OverviewView
          firmographic={header.data?.body.sections.firmographic}
          location={header.data?.body.sections.location}
          industry={body.sections.industry}
        />
      )}
    </Loaded>
  );
}

export function BusinessPanel({ company }: { company: string }) {
  const q = useEnrichment(company, TAB_SECTIONS.business);
  const refresh = useRefreshEnrichment(company, TAB_SECTIONS.business);
  return (
    <Loaded query={q} what="the business model" refresh={refresh}>
      {(body) => <BusinessView {...body.sections} />}
    </Loaded>
  );
}

export function SignalsPanel({ company }: { company: string }) {
  const q = useEnrichment(company, TAB_SECTIONS.signals);
  const refresh = useRefreshEnrichment(company, TAB_SECTIONS.signals);
  return (
    <Loaded query={q} what="the signals" refresh={refresh}>
      {(body) => <SignalsView {...body.sections} />}
    </Loaded>
  );
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * The signal endpoints answer 404 for a company the provider has no such data on (free): the tab
 * says so, as it would of an empty answer, rather than showing an error.
 */
function NoSignal({ title }: { title: string }) {
  return <EmptyState title={title}>The data provider has none for it; nothing was charged.</EmptyState>;
}

export function GrowthPanel({ company }: { company: string }) {
  const q = useHeadcountTrends(company);
  if (!q.data && isNotFound(q.error)) return <NoSignal title="No headcount data for this company" />;
  return (
    <Loaded query={q} what="headcount trends">
      {(trends) => <GrowthView trends={trends} />}
    </Loaded>
  );
}

/**
 * Jobs: 50 roles a call, kept together as more are loaded, so the filters and counts read them all.
 * The cost note adds up what the loaded pages cost.
 */
export function JobsPanel({ company }: { company: string }) {
  const q = useJobs(company);
  const plan = usePricing();
  const pages = q.data?.pages ?? [];
  const first = pages[0];
  const query: QueryLike<{ jobs: JobListing[]; total: number }> = {
    data: first && {
      body: { jobs: pages.flatMap((p) => p.body.data), total: pages.at(-1)?.body.count ?? 0 },
      credits: Math.round(pages.reduce((sum, p) => sum + p.credits, 0) * 100) / 100,
      cached: pages.every((p) => p.cached),
      saved: pages.reduce((sum, p) => sum + p.saved, 0),
    },
    error: q.error,
    isPending: q.isPending,
    isFetching: q.isFetching,
    dataUpdatedAt: q.dataUpdatedAt,
    refetch: q.refetch,
  };
  const prices = plan.data?.prices;
  /** The next call's price: 0.1 a role of those left (up to a page), at least 0.5. */
  const priceOf = (next: number) =>
    prices ? Math.round(Math.max(prices.jobsMinimum, prices.jobsPerListing * next) * 100) / 100 : null;
  if (!q.data && isNotFound(q.error)) return <NoSignal title="No open roles listed for this company" />;
  return (
    <Loaded query={query} what="job listings">
      {({ jobs, total }) => {
        const next = Math.min(JOBS_PAGE, total - jobs.length);
        const price = priceOf(next);
        return (
          <JobsView
            jobs={jobs}
            total={total}
            more={
              (q.hasNextPage || (q.isFetchNextPageError && !q.isFetchingNextPage)) && (
                <div className="flex flex-wrap items-center justify-center gap-3">
                  <Button
                    variant="secondary"
                    onClick={() => void q.fetchNextPage()}
                    loading={q.isFetchingNextPage}
                  >
                    Load {next} more roles
                  </Button>
                  {price !== null && <PriceNote credits={price} upTo />}
                  {q.isFetchNextPageError && <ErrorState error={q.error} what="more job listings" />}
                </div>
              )
            }
          />
        );
      }}
    </Loaded>
  );
}

export function TrafficPanel({ company }: { company: string }) {
  const q = useWebsiteTraffic(company);
  if (!q.data && isNotFound(q.error)) return <NoSignal title="No traffic estimates for this website" />;
  return (
    <Loaded query={q} what="website traffic">
      {(traffic) => <TrafficView traffic={traffic} />}
    </Loaded>
  );
}

/** Funding is Enterprise-only: a plan without it says why instead of spending a failing call. */
export function FundingPanel({ company }: { company: string }) {
  const plan = usePricing();
  if (plan.isPending) return <PanelSkeleton label="Loading the plan" rows={2} />;
  const allowed = plan.data ? fundingAllowed(plan.data) : { ok: true as const };
  if (!allowed.ok)
    return <EmptyState title="Funding is not available on your plan">{allowed.reason}</EmptyState>;
  return <FundingLoaded company={company} />;
}

export function fundingAllowed(plan: Pricing): { ok: true } | { ok: false; reason: string } {
  if (plan.rules.sections.includes('funding_detail')) return { ok: true };
  return {
    ok: false,
    reason:
      plan.unavailable.funding_detail ??
      `The ${plan.planLabel} plan does not include funding details; they are part of the Enterprise plan.`,
  };
}

function FundingLoaded({ company }: { company: string }) {
  const q = useEnrichment(company, TAB_SECTIONS.funding);
  const refresh = useRefreshEnrichment(company, TAB_SECTIONS.funding);
  return (
    <Loaded query={q} what="funding" refresh={refresh}>
      {(body) => <FundingView funding={body.sections.funding_detail} />}
    </Loaded>
  );
}

export function ProductsPanel({ company }: { company: string }) {
  const catalog = useProductCatalog(company);
  const plan = usePricing();
  const [selected, setSelected] = useState<string[]>([]);
  const [offset, setOffset] = useState(0);
  const reviews = useProductReviews(company, selected, offset);
  const toggle = (id: string, on: boolean) => {
    setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));
    setOffset(0);
  };
  const estimate = plan.data
    ? productReviewsEstimate(plan.data.prices, Math.max(1, selected.length), PRODUCT_REVIEWS_PAGE)
    : null;
  const details = reviews.data?.body ?? [];
  const total = Math.max(0, ...details.map((p) => p.reviews?.total ?? 0));
  return (
    <Loaded
      query={catalog}
      what="the product catalog"
      toolbar={
        estimate !== null && (
          <span className="text-xs text-slate-500">
            Catalog free · ratings and reviews of the chosen products <PriceNote credits={estimate} upTo />{' '}
            per page
          </span>
        )
      }
    >
      {(products) => (
        <div className="space-y-4">
          <ProductCatalogView products={products} selected={selected} onToggle={toggle} />
          {selected.length > 0 && (
            <div className="space-y-4">
              <div className="flex min-h-7 items-center justify-end">
                {reviews.data && (
                  <CostNote
                    credits={reviews.data.credits}
                    cached={reviews.data.cached}
                    updatedAt={reviews.dataUpdatedAt}
                  />
                )}
              </div>
              {reviews.error && !reviews.data ? (
                <ErrorState
                  error={reviews.error}
                  what="the product reviews"
                  onRetry={() => void reviews.refetch()}
                />
              ) : !reviews.data ? (
                <PanelSkeleton label="Loading product reviews" rows={2} />
              ) : (
                <div className={reviews.isPlaceholderData ? 'space-y-4 opacity-60' : 'space-y-4'}>
                  {details
                    .filter((p) => selected.includes(p.id))
                    .map((p) => (
                      <ProductDetailView key={p.id} product={p} offset={offset} />
                    ))}
                  <Pager
                    noun="reviews"
                    offset={offset}
                    pageSize={PRODUCT_REVIEWS_PAGE}
                    total={total}
                    onOffsetChange={setOffset}
                    busy={reviews.isFetching}
                  />
                </div>
              )}
            </div>
          )}
        </div>
      )}
    </Loaded>
  );
}

export function EmployeesPanel({ company }: { company: string }) {
  const [offset, setOffset] = useState(0);
  const q = useEmployeeReviews(company, offset);
  return (
    <Loaded query={q} what="employee reviews">
      {(data) => (
        <div className="space-y-4">
          <EmployeesView data={data} offset={offset} />
          <Pager
            noun="employee reviews"
            offset={offset}
            pageSize={EMPLOYEE_REVIEWS_PAGE}
            total={data.reviews.total}
            onOffsetChange={setOffset}
            busy={q.isFetching}
          />
        </div>
      )}
    </Loaded>
  );
}

export function PostsPanel({ company }: { company: string }) {
  const [offset, setOffset] = useState(0);
  const q = usePosts(company, offset);
  return (
    <Loaded query={q} what="posts">
      {(page) => (
        <div className="space-y-4">
          <PostsView posts={page.posts} offset={offset} />
          <Pager
            noun="posts"
            offset={offset}
            pageSize={POSTS_PAGE}
            total={page.count}
            onOffsetChange={setOffset}
            busy={q.isFetching}
          />
        </div>
      )}
    </Loaded>
  );
}

export function NewsPanel({ company }: { company: string }) {
  const [unique, setUnique] = useState(false);
  const [offset, setOffset] = useState(0);
  const q = useNews(company, unique, offset);
  return (
    <Loaded
      query={q}
      what="news"
      toolbar={
        <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            role="switch"
            aria-checked={unique}
            checked={unique}
            onChange={(e) => {
              setUnique(e.target.checked);
              setOffset(0);
            }}
            className="h-4 w-4 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          />
          Unique stories only
        </label>
      }
    >
      {(page) => (
        <div className="space-y-4">
          <NewsView articles={page.data} offset={offset} />
          <Pager
            noun="articles"
            offset={offset}
            pageSize={NEWS_PAGE}
            total={page.total}
            onOffsetChange={setOffset}
            busy={q.isFetching}
          />
        </div>
      )}
    </Loaded>
  );
}
