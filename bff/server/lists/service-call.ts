/**
 * The call every part of the BFF makes to the service, built over the proxy pipeline: a list request
 * is read once at the edge into a typed request (./request.ts) and planned (./planner.ts: account
 * lists, a description's words, company size and exclusions) over the typed port (./port.ts);
 * a filter-builder request has its size and negation words read (bff/server/words); anything else
 * goes to the pipeline as it came. With the team's company store on (../companies/), list pages,
 * enrichments, reviews, posts and news are answered through it.
 *
 * - `proxyCall`: the proxy route's. Throws the planner's refusals (`BffProblem`s) for `onError`.
 * - `port` and `planner`: the typed ways in, for the BFF's own callers (CSV exports, saved lists,
 *   lookalikes, bulk enrichment; `deps`, and ./list-page.ts to choose between them).
 */
import { AS_OF_HEADER, CREDITS_SAVED_HEADER } from '../../contract/company-store';
import { endpointWithSchemas } from '../../contract/endpoint-schemas';
import { matchEndpoint, type ServiceEndpointId } from '../../contract/endpoints';
import type { Plan } from '../../contract/pricing';
import type { AccountListLookup } from '../accounts/exclusion';
import { KEPT_ENDPOINTS, storedPort } from '../companies/port';
import { type Receipt, withReceipt } from '../companies/receipt';
import type { CompanyStore } from '../companies/store';
import type { BffUser } from '../context';
import { type CallUpstream, splitUrl } from '../proxy/pipeline';
import { createWordsReader } from '../words/filter-builder';
import { createListPlanner, type ListPlanner, type ListPlannerOptions } from './planner';
import { type ListPage, type ServicePort, servicePort } from './port';
import { readListRequest, serviceRequest } from './request';
import type { ListResolverOptions } from './resolver';

export type ServiceCallOptions = {
  plan: Plan;
  log: (line: string) => void;
  lists?: Omit<ListResolverOptions, 'plan'> | undefined;
  /** The account lists a request may hide or mark (`accountListLookup` over the accounts' store). */
  accountLists: AccountListLookup;
  /** The team's company store (../companies/): list pages and enrichments served from it. */
  companies?: CompanyStore | undefined;
  /** Signal filters' screening: the budget left (a 402 before anything is spent), the clock. */
  signals?: ListPlannerOptions['signals'];
};

export type ServiceCall = {
  proxyCall: (user: BffUser, req: Request, headers: Readonly<Record<string, string>>) => Promise<Response>;
  port: ServicePort;
  planner: ListPlanner;
};

/**
 * A page the planner or the company store made, as the proxy answers it (never from the read cache
 * as such), with what the store saved and when each row's data was fetched.
 */
function pageAnswer(page: ListPage, receipt?: Receipt): Response {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-cache': receipt && !receipt.bought ? 'hit' : 'miss',
  };
  if (receipt) {
    if (receipt.saved > 0) headers[CREDITS_SAVED_HEADER] = String(receipt.saved);
    const fallback = receipt.oldest ?? new Date().toISOString();
    if (page.data.length > 0)
      headers[AS_OF_HEADER] = page.data.map((r) => receipt.asOf.get(r.uuid) ?? fallback).join(',');
  }
  return new Response(JSON.stringify(page), { status: 200, headers });
}

/** An answer the company store made (an enrichment, reviews, posts, news). */
function storedAnswer(data: unknown, receipt: Receipt): Response {
  // `hit`: nothing was bought upstream for it (the app says "no charge").
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-cache': receipt.bought ? 'miss' : 'hit',
  };
  if (receipt.saved > 0) headers[CREDITS_SAVED_HEADER] = String(receipt.saved);
  if (receipt.oldest) headers[AS_OF_HEADER] = receipt.oldest;
  return new Response(JSON.stringify(data), { status: 200, headers });
}

const STORED: readonly string[] = ['company.enrichment', 'company.enrichment.post', ...KEPT_ENDPOINTS];

/** The endpoint of the service a request is for, when it is a list or one the company store serves. */
function storedEndpoint(method: string, path: string): ServiceEndpointId | undefined {
  const m = matchEndpoint(method, path, ['service']);
  if (m?.kind !== 'endpoint') return undefined;
  return m.id === 'list.generate' || STORED.includes(m.id) ? (m.id as ServiceEndpointId) : undefined;
}

/** `Cache-Control: no-cache` (or `Pragma: no-cache`): bought afresh, the store refreshed. */
const asksRefresh = (req: Request): boolean =>
  /\bno-cache\b/i.test(req.headers.get('cache-control') ?? '') ||
  /\bno-cache\b/i.test(req.headers.get('pragma') ?? '');

/**
 * A request's input as the port takes it: a GET's query (undefined when a parameter is repeated:
 * the pipeline says why), a POST's JSON (undefined when it is none).
 */
async function storedInput(req: Request): Promise<unknown> {
  if (req.method === 'GET') {
    const params = new URL(req.url).searchParams;
    const input = Object.fromEntries(params);
    return Object.keys(input).length === [...params.keys()].length ? input : undefined;
  }
  try {
    return JSON.parse(await req.clone().text()) as unknown;
  } catch {
    return undefined;
  }
}

export function createServiceCall(pipeline: CallUpstream, o: ServiceCallOptions): ServiceCall {
  const companies = o.companies?.on ? o.companies : undefined;
  const port = companies ? storedPort(servicePort(pipeline), companies) : servicePort(pipeline);
  const words = createWordsReader(pipeline, port);
  const planner = createListPlanner(port, {
    plan: o.plan,
    log: o.log,
    lists: o.lists,
    accountLists: o.accountLists,
    words: { reads: words.reads, translate: words.translateQuery },
    ...(o.signals ? { signals: o.signals } : {}),
  });

  /**
   * A list request, its body read once: with the company store on, answered through it (the port,
   * or the planner over it); else one the service takes as it is goes to the pipeline with the body
   * as read (no second read or parse, the same text upstream), and any other is planned.
   */
  async function list(
    user: BffUser,
    req: Request,
    headers: Readonly<Record<string, string>>,
  ): Promise<Response> {
    const edge = readListRequest(req.headers.get('content-type'), await req.text());
    const plain = edge.kind === 'plain' || planner.passesOn(edge.request);
    if (companies) {
      const refresh = asksRefresh(req);
      const { value, receipt } = await withReceipt(refresh, async () => {
        if (!plain) return planner.list(user, edge.request);
        const input = edge.kind === 'plain' ? edge.body.value : serviceRequest(edge.request);
        return (await port(user, 'list.generate', input as never, { refresh })).data as ListPage;
      });
      return pageAnswer(value, receipt);
    }
    if (plain) return pipeline(user, req, { headers, body: edge.body });
    return pageAnswer(await planner.list(user, edge.request));
  }

  /** An answer from the company store; undefined when its input cannot be read (the pipeline says why). */
  async function fromStore(
    user: BffUser,
    req: Request,
    id: ServiceEndpointId,
  ): Promise<Response | undefined> {
    const input = await storedInput(req);
    if (input === undefined) return undefined;
    const parsed = endpointWithSchemas(id).input?.safeParse(input);
    if (parsed && !parsed.success) return undefined;
    const refresh = asksRefresh(req);
    const { value, receipt } = await withReceipt(refresh, () => port(user, id, input as never, { refresh }));
    return storedAnswer(value.data, receipt);
  }

  /** A filter-builder request: the words reader's when it has words to read, else the store's. */
  async function describe(user: BffUser, req: Request, headers: Readonly<Record<string, string>>) {
    const input = (await storedInput(req)) as { query?: unknown } | undefined;
    if (typeof input?.query === 'string' && !words.reads(input.query))
      return (await fromStore(user, req, 'list.filterBuilder')) ?? words.call(user, req, { headers });
    return words.call(user, req, { headers });
  }

  /** A request for an endpoint the store or the planner serves; undefined: the pipeline's as it came. */
  function served(
    user: BffUser,
    req: Request,
    headers: Readonly<Record<string, string>>,
  ): Promise<Response> | undefined {
    // The endpoint is matched from the path as sent (escapes and all), as the pipeline matches it.
    const id = storedEndpoint(req.method, splitUrl(req.url).pathname);
    if (id === 'list.generate') return list(user, req, headers);
    // A description with words the BFF reads is the words reader's (its calls go through the store).
    if (id === 'list.filterBuilder' && companies) return describe(user, req, headers);
    if (id && companies) return fromStore(user, req, id).then((r) => r ?? words.call(user, req, { headers }));
    return undefined;
  }

  return {
    port,
    planner,
    // Not async: every call but those served here goes on as it came, without a promise of its own.
    proxyCall: (user, req, headers) => served(user, req, headers) ?? words.call(user, req, { headers }),
  };
}
