/**
 * The route table of the proxy: every endpoint and path spelling of the spec (decisions section 2)
 * with exactly the methods it allows. Nothing outside this table is forwarded.
 *
 * A browser path is first brought to its canonical form (`/v1/...` -> `/api/v1/...`, no trailing
 * slash, plural product-reviews -> singular, the status alias -> the addition-request path); the
 * request is then sent upstream under the spelling the spec's endpoint reference gives, which the
 * real service answers without a redirect.
 */
import type { z } from 'zod';
import {
  AdditionRequest,
  CompanySearchQuery,
  EmployeeReviewsQuery,
  EnrichmentBody,
  EnrichmentQuery,
  FilterBuilderRequest,
  IndustrySearchQuery,
  ListGenerateRequest,
  NewsQuery,
  PostsQuery,
  ProductReviewsQuery,
  WebhookEndpointRequest,
} from '../../contract/api';

export type ProxyMethod = 'GET' | 'POST' | 'DELETE';

export type MethodRule = {
  /** The contract schema of the query (GET, DELETE) or JSON body (POST). */
  schema?: z.ZodType;
  /** Query parameters that may repeat (an array in the contract). */
  repeated?: readonly string[];
  /** Identical requests may be answered from the short-lived cache (pure reads; see docs/decisions/0005). */
  cacheable: boolean;
  /**
   * What a 204 with no body means for this endpoint (decisions section 1): its empty result. Endpoints
   * without one (a single company's data) treat a 204 as "nothing found" (404).
   */
  empty?: (input: { query: URLSearchParams; body: unknown }) => unknown;
  /** A 204 is this endpoint's success (a deletion) and is relayed as such. */
  noContent?: boolean;
};

export type RouteRule = {
  /** Matches the canonical path; captures its one parameter, if any. */
  pattern: RegExp;
  /** The canonical path, parameter filled in (ledger, cache key, `onProxied`). */
  canonical: (param: string) => string;
  /** The path sent upstream (the spec's spelling). */
  upstream: (param: string) => string;
  methods: Partial<Record<ProxyMethod, MethodRule>>;
};

const searchEmpty = () => ({ data: [], count: 0, credits_consumed: 0 });

function numberOr(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isInteger(v) ? v : fallback;
}

const UUID = '([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})';
const WEBHOOK_ID = '([A-Za-z0-9_-]{1,100})';

export const ROUTES: readonly RouteRule[] = [
  {
    pattern: /^\/api\/v1\/list\/generate\/companies$/,
    canonical: () => '/api/v1/list/generate/companies',
    upstream: () => '/api/v1/list/generate/companies/',
    methods: {
      POST: {
        schema: ListGenerateRequest,
        cacheable: true,
        empty: ({ body }) => {
          const b = (body ?? {}) as { offset?: unknown; filters?: unknown; query?: unknown };
          return {
            data: [],
            count: 0,
            total_count: 0,
            offset: numberOr(b.offset, 0),
            filters: b.filters && typeof b.filters === 'object' ? b.filters : {},
            query_translated: typeof b.query === 'string',
            warnings: [],
            skipped_sections: [],
            credits_consumed: 0,
          };
        },
      },
    },
  },
  {
    pattern: /^\/api\/v1\/list\/filter-builder$/,
    canonical: () => '/api/v1/list/filter-builder',
    upstream: () => '/api/v1/list/filter-builder/',
    methods: {
      POST: {
        schema: FilterBuilderRequest,
        cacheable: true,
        empty: () => ({ data: { filters: {} }, credits_consumed: 0 }),
      },
    },
  },
  {
    pattern: /^\/api\/v1\/company\/enrichment$/,
    canonical: () => '/api/v1/company/enrichment',
    upstream: () => '/api/v1/company/enrichment',
    methods: {
      GET: { schema: EnrichmentQuery, cacheable: true },
      POST: { schema: EnrichmentBody, cacheable: true },
    },
  },
  {
    pattern: /^\/api\/v1\/company\/product-reviews$/,
    canonical: () => '/api/v1/company/product-reviews',
    upstream: () => '/api/v1/company/product-reviews',
    methods: { GET: { schema: ProductReviewsQuery, repeated: ['products'], cacheable: true } },
  },
  {
    pattern: /^\/api\/v1\/company\/employee-reviews$/,
    canonical: () => '/api/v1/company/employee-reviews',
    upstream: () => '/api/v1/company/employee-reviews',
    methods: { GET: { schema: EmployeeReviewsQuery, cacheable: true } },
  },
  {
    pattern: /^\/api\/v1\/company\/posts$/,
    canonical: () => '/api/v1/company/posts',
    upstream: () => '/api/v1/company/posts/',
    methods: { GET: { schema: PostsQuery, cacheable: true } },
  },
  {
    pattern: /^\/api\/v1\/industry\/search$/,
    canonical: () => '/api/v1/industry/search',
    upstream: () => '/api/v1/industry/search/',
    methods: { GET: { schema: IndustrySearchQuery, cacheable: true, empty: searchEmpty } },
  },
  {
    pattern: /^\/api\/v1\/company\/search$/,
    canonical: () => '/api/v1/company/search',
    upstream: () => '/api/v1/company/search',
    methods: { GET: { schema: CompanySearchQuery, cacheable: true, empty: searchEmpty } },
  },
  {
    pattern: /^\/api\/v1\/news$/,
    canonical: () => '/api/v1/news',
    upstream: () => '/api/v1/news/',
    methods: {
      GET: {
        schema: NewsQuery,
        cacheable: true,
        empty: () => ({ status: 'success', data: [], total: 0, credits_consumed: 0 }),
      },
    },
  },
  {
    pattern: /^\/api\/v1\/company\/addition-requests$/,
    canonical: () => '/api/v1/company/addition-requests',
    upstream: () => '/api/v1/company/addition-requests/',
    methods: { POST: { schema: AdditionRequest, cacheable: false } },
  },
  {
    // The status changes over time: never cached.
    pattern: new RegExp(`^/api/v1/company/addition-requests/${UUID}$`),
    canonical: (id) => `/api/v1/company/addition-requests/${id}`,
    upstream: (id) => `/api/v1/company/addition-requests/${id}/`,
    methods: { GET: { cacheable: false } },
  },
  {
    pattern: /^\/api\/v1\/webhooks$/,
    canonical: () => '/api/v1/webhooks',
    upstream: () => '/api/v1/webhooks/',
    methods: { GET: { cacheable: false }, POST: { schema: WebhookEndpointRequest, cacheable: false } },
  },
  {
    pattern: new RegExp(`^/api/v1/webhooks/${WEBHOOK_ID}$`),
    canonical: (id) => `/api/v1/webhooks/${id}`,
    upstream: (id) => `/api/v1/webhooks/${id}/`,
    methods: { DELETE: { cacheable: false, noContent: true } },
  },
];

/**
 * The canonical form of a browser path, or undefined when it is not a spelling the spec uses
 * (doubled slashes, other prefixes and encoded separators are not forwarded).
 */
export function canonicalProxyPath(pathname: string): string | undefined {
  if (pathname.includes('//') || /%2f|%5c|\\/i.test(pathname)) return undefined;
  let p = pathname;
  if (p.startsWith('/v1/')) p = `/api${p}`;
  else if (!p.startsWith('/api/v1/')) return undefined;
  if (p.endsWith('/')) p = p.slice(0, -1);
  p = p.replace(/^\/api\/v1\/companies\/product-reviews$/, '/api/v1/company/product-reviews');
  p = p.replace(/^\/api\/v1\/status\/(?=[^/]+$)/, '/api/v1/company/addition-requests/');
  return p;
}

export type MatchedRoute = { rule: RouteRule; param: string; canonical: string };

export function matchRoute(pathname: string): MatchedRoute | undefined {
  const canonical = canonicalProxyPath(pathname);
  if (canonical === undefined) return undefined;
  for (const rule of ROUTES) {
    const m = rule.pattern.exec(canonical);
    if (m) {
      const param = m[1] ?? '';
      return { rule, param, canonical: rule.canonical(param) };
    }
  }
  return undefined;
}

/** The `Allow` header value of a route (HEAD is not offered: no endpoint of the spec uses it). */
export function allowHeader(rule: RouteRule): string {
  return Object.keys(rule.methods).join(', ');
}
