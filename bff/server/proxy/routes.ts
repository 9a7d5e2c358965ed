/**
 * The proxy's route table, derived from the one list of endpoints (`bff/contract/endpoints.ts`):
 * the Company Data Service's endpoints and path spellings, each with exactly its method. Nothing
 * outside the table is forwarded. A request is matched on its canonical spelling and sent upstream
 * under the spelling the real service answers without a redirect (`upstream` in the table).
 *
 * What the table cannot say, because it is about reading the upstream rather than the interface,
 * lives here: what a 204 with no body means for each endpoint (docs/product-rules.md, section 1).
 */
import { type EndpointWithSchemas, endpointWithSchemas } from '../../contract/endpoint-schemas';
import { matchEndpoint, type ServiceEndpointId, upstreamPathOf } from '../../contract/endpoints';

export type ProxyRoute = {
  id: ServiceEndpointId;
  /** The table's entry with its schemas (the proxy validates with `input`). */
  def: EndpointWithSchemas;
  /** The path parameters, decoded. */
  params: Record<string, string>;
  /** The canonical path, parameters filled in (ledger, cache key, `onProxied`). */
  path: string;
  /** The path sent upstream. */
  upstream: string;
  /** A 204 is this endpoint's success (a deletion) and is relayed as such. */
  noContent: boolean;
};

export type ProxyMatch = { kind: 'route'; route: ProxyRoute } | { kind: 'method'; allow: string };

/** The route of a browser request; undefined when the path is no endpoint of the service (404). */
export function matchProxyRoute(method: string, pathname: string): ProxyMatch | undefined {
  const m = matchEndpoint(method, pathname, ['service']);
  if (!m) return undefined;
  if (m.kind === 'method') return m;
  const id = m.id as ServiceEndpointId;
  const def = endpointWithSchemas(id);
  return {
    kind: 'route',
    route: {
      id,
      def,
      params: m.params,
      path: m.path,
      upstream: upstreamPathOf(id, m.params),
      noContent: def.success?.includes(204) ?? false,
    },
  };
}

type EmptyInput = { query: URLSearchParams; body: unknown };

function numberOr(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isInteger(v) ? v : fallback;
}

const searchEmpty = () => ({ data: [], count: 0, credits_consumed: 0 });

/**
 * What a 204 with no body means (the real service's habit where nothing matches): the endpoint's
 * empty result. Endpoints without one (a single company's data) treat a 204 as "nothing found" (404).
 */
export const EMPTY_RESULTS: Partial<Record<ServiceEndpointId, (input: EmptyInput) => unknown>> = {
  'list.generate': ({ body }) => {
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
  'list.filterBuilder': () => ({ data: { filters: {} }, credits_consumed: 0 }),
  'industry.search': searchEmpty,
  'company.search': searchEmpty,
  news: () => ({ status: 'success', data: [], total: 0, warnings: [], credits_consumed: 0 }),
};
