import type { ParsedListRequest, SkippedSection, Warning } from '../../contract/api';
import { type InputOf, requestOf, type ServiceEndpointId } from '../../contract/endpoints';
import { buyingRefused, NotStored } from '../companies/stored-only';
import type { BffUser } from '../context';
import type { CallUpstream } from '../proxy/pipeline';
import { problem, ServiceRefusal } from '../proxy/problem';

/** The input an endpoint takes, as its schema reads it, and its path parameters by name. */
export type PortInput<Id extends ServiceEndpointId> = InputOf<Id>;

export type PortOptions = {
  /**
   * Neither answered from nor stored in the read cache (the planner's own reads ask afresh); the
   * company store asks a list's order afresh and keeps none (../companies/port.ts).
   */
  fresh?: boolean;
  /**
   * A `Cache-Control: no-cache` request: everything bought afresh, and the company store refreshed
   * with what was bought.
   */
  refresh?: boolean;
};

export type Called = {
  /** The answer's JSON, in the embedded service's shape (the pipeline adapts the real service's). */
  data: unknown;
  /** What the call cost: the answer's `credits_consumed` (0 when served from the cache). */
  credits: number;
  /** `hit` when the read cache answered, `miss` when it could have and did not, null otherwise. */
  cache: string | null;
};

export type ServicePort = <Id extends ServiceEndpointId>(
  user: BffUser,
  endpoint: Id,
  input: PortInput<Id>,
  options?: PortOptions,
) => Promise<Called>;

/** How a planned list is read: the options of one run of the planner. */
export type RunOptions = {
  /**
   * Asked afresh: no read cache, and of the planner's memory only what the calls sharing `memory`
   * wrote (a saved list's run pages with one set: its probes once per run, none older than the run).
   */
  fresh?: boolean;
  memory?: Set<string>;
};

export type ListRow = { uuid: string } & Record<string, unknown>;

/**
 * A page of a list as a step answers it: the contract's `ListGenerateResponse`, read only as far as
 * the steps need (a page the service answered is passed on with every field it has).
 */
export type ListPage = {
  data: ListRow[];
  total_count: number;
  warnings?: Warning[];
  skipped_sections?: SkippedSection[];
  credits_consumed?: number;
} & Record<string, unknown>;

/** The port over the pipeline: each call one Request to it, as the browser would make it. */
export function servicePort(pipeline: CallUpstream): ServicePort {
  return async (user, endpoint, input, options = {}) => {
    // Reading only what the company store holds (../companies/stored-only.ts): nothing goes out.
    if (buyingRefused()) throw new NotStored(endpoint, input);
    const r = requestOf(endpoint, input);
    const res = await pipeline(
      user,
      new Request(`http://bff${r.url}`, {
        method: r.method,
        headers: {
          accept: 'application/json',
          ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(r.body !== undefined ? { body: r.body } : {}),
      }),
      options.fresh || options.refresh ? { fresh: true } : {},
    );
    const text = await res.text();
    if (!res.ok) throw ServiceRefusal.of(res, text);
    // A success with no body (a deletion's 204) has no JSON to read.
    if (text === '') return { data: undefined, credits: 0, cache: res.headers.get('x-cache') };
    let data: unknown;
    try {
      data = JSON.parse(text) as unknown;
    } catch {
      throw new ServiceRefusal(
        problem(502, 'The Company Data Service answered with a body the BFF cannot read.'),
      );
    }
    const spent = (data as { credits_consumed?: unknown } | null)?.credits_consumed;
    return {
      data,
      credits: typeof spent === 'number' ? spent : 0,
      cache: res.headers.get('x-cache'),
    };
  };
}

/**
 * A step of the list planner: a typed list request in, a page out; refusals thrown. A step that
 * wraps another (account lists around the rest) takes it as `next`.
 */
export type ListStep = (user: BffUser, request: ParsedListRequest, run: RunOptions) => Promise<ListPage>;
