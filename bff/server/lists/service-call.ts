/**
 * The call every part of the BFF makes to the service, built over the proxy pipeline: a list request
 * is read once at the edge into a typed request (./request.ts) and planned (./planner.ts: account
 * lists, a description's words, company size and exclusions) over the typed port (./port.ts);
 * a filter-builder request has its size and negation words read (bff/server/words); anything else
 * goes to the pipeline as it came.
 *
 * - `proxyCall`: the proxy route's. Throws the planner's refusals (`BffProblem`s) for `onError`.
 * - `call`: `deps.call`, Request-shaped, for the BFF's own callers (CSV exports, saved lists,
 *   lookalikes, enrichment): never throws for a refusal, answers it.
 * - `port` and `planner`: the typed ways in, for callers that need no Request.
 */
import { matchEndpoint } from '../../contract/endpoints';
import type { Plan } from '../../contract/pricing';
import type { AccountListLookup } from '../accounts/exclusion';
import type { BffUser } from '../context';
import { type CallOptions, type CallUpstream, splitUrl } from '../proxy/pipeline';
import { answerOf } from '../proxy/problem';
import { createWordsReader } from '../words/filter-builder';
import { createListPlanner, type ListPlanner } from './planner';
import { type ListPage, type ServicePort, servicePort } from './port';
import { readListRequest } from './request';
import type { ListResolverOptions } from './resolver';

export type ServiceCallOptions = {
  plan: Plan;
  log: (line: string) => void;
  lists?: Omit<ListResolverOptions, 'plan'> | undefined;
  /** The account lists a request may hide or mark (`accountListLookup` over the accounts' store). */
  accountLists: AccountListLookup;
};

export type ServiceCall = {
  call: CallUpstream;
  proxyCall: (user: BffUser, req: Request, headers: Readonly<Record<string, string>>) => Promise<Response>;
  port: ServicePort;
  planner: ListPlanner;
};

/** A page the planner made, as the proxy answers it (never from the read cache as such). */
function pageAnswer(page: ListPage): Response {
  return new Response(JSON.stringify(page), {
    status: 200,
    headers: { 'content-type': 'application/json', 'x-cache': 'miss' },
  });
}

const isListGeneration = (method: string, path: string): boolean => {
  if (method !== 'POST') return false;
  const m = matchEndpoint('POST', path, ['service']);
  return m?.kind === 'endpoint' && m.id === 'list.generate';
};

export function createServiceCall(pipeline: CallUpstream, o: ServiceCallOptions): ServiceCall {
  const words = createWordsReader(pipeline);
  const port = servicePort(pipeline);
  const planner = createListPlanner(port, {
    plan: o.plan,
    log: o.log,
    lists: o.lists,
    accountLists: o.accountLists,
    words: { reads: words.reads, translate: words.translateQuery },
  });

  /**
   * A list request, its body read once: one the service takes as it is goes to the pipeline with
   * the body as read (no second read or parse, the same text upstream); any other is planned.
   */
  async function list(user: BffUser, req: Request, opts: CallOptions): Promise<Response> {
    const edge = readListRequest(req.headers.get('content-type'), await req.text());
    const { fresh, freshMemory, headers } = opts;
    if (edge.kind === 'plain' || planner.passesOn(edge.request)) {
      return pipeline(user, req, {
        ...(fresh ? { fresh } : {}),
        ...(headers ? { headers } : {}),
        body: edge.body,
      });
    }
    const page = await planner.list(user, edge.request, {
      ...(fresh ? { fresh } : {}),
      ...(freshMemory ? { memory: freshMemory } : {}),
    });
    return pageAnswer(page);
  }

  return {
    port,
    planner,
    // Not async: every call but a list's goes on as it came, without a promise of its own.
    call: (user, req, opts = {}) => {
      if (opts.body || !isListGeneration(req.method, splitUrl(req.url).pathname))
        return words.call(user, req, opts);
      return list(user, req, opts).catch(answerOf);
    },
    // The endpoint is matched from the path as sent (escapes and all), as the pipeline matches it.
    proxyCall: (user, req, headers) => {
      if (!isListGeneration(req.method, splitUrl(req.url).pathname))
        return words.call(user, req, { headers });
      return list(user, req, { headers });
    },
  };
}
