/**
 * `POST /bff/lists/count`: the exact number of companies of a list request (./count.ts), 402 before
 * anything is spent when the budget left cannot cover the count's bound; `POST
 * /bff/lists/count/estimate`: that bound. A count made a few minutes ago is answered again at no cost.
 */
import { Hono } from 'hono';
import { ListRequest, type ParsedListRequest } from '../../contract/api';
import {
  COUNT_STREAM_TYPE,
  type ListCountEstimate,
  type ListCountResponse,
  type ListCountStreamLine,
} from '../../contract/bff-lists';
import { readJsonBody } from '../../contract/http';
import type { Plan } from '../../contract/pricing';
import { credits } from '../../contract/pricing';
import { zodFields } from '../../contract/problem';
import type { BffEnv, BffUser } from '../context';
import { answerOf, invalidProblem, problem } from '../proxy/problem';
import { route } from '../routing';
import { type CountMemory, type CountOptions, countList, type ListCount, rememberedAs } from './count';
import { affordableRows, countCreditsFirst, countCreditsMax, countMembershipMax } from './count-price';
import type { ServiceWays } from './list-page';

export type CountDeps = ServiceWays & {
  plan: Plan;
  counts: CountMemory;
  /** COUNT_MAX_ROWS: the most companies a count counts. */
  maxRows: number;
  remaining: (user: BffUser) => Promise<number | null>;
  /** Where a count that failed for no refusal is said (never the API key). */
  log?: ((line: string) => void) | undefined;
};

async function readRequest(req: Request): Promise<ParsedListRequest | Response> {
  const read = await readJsonBody(req);
  if (!read.ok) return problem(read.status, read.detail);
  const parsed = ListRequest.safeParse(read.value);
  if (!parsed.success) return invalidProblem(zodFields(parsed.error));
  return parsed.data;
}

async function estimateOf(
  deps: CountDeps,
  user: BffUser,
  request: ParsedListRequest,
): Promise<ListCountEstimate> {
  const counted = deps.counts.get(user, await rememberedAs(deps, user, request)) !== undefined;
  const max = counted ? 0 : countCreditsMax(request, deps.maxRows, deps.plan);
  const first = counted ? 0 : Math.min(max, countCreditsFirst(request, deps.plan));
  const membership = counted ? 0 : countMembershipMax(request, deps.maxRows, deps.plan);
  const remaining = await deps.remaining(user);
  const within = remaining === null || remaining >= max;
  return {
    credits_max: max,
    credits_first: first,
    ...(membership > 0 ? { credits_membership_max: membership } : {}),
    rows_within_budget: within ? null : affordableRows(request, deps.plan, remaining ?? 0, deps.maxRows),
    counted,
    budget_remaining: remaining,
    within_budget: within,
  };
}

/** Whether the client asked for the count's progress as it runs (`COUNT_STREAM_TYPE`). */
const wantsStream = (req: Request): boolean => (req.headers.get('accept') ?? '').includes(COUNT_STREAM_TYPE);

const line = (l: ListCountStreamLine): string => `${JSON.stringify(l)}\n`;

function ndjson(lines: ListCountStreamLine[]): Response {
  return new Response(lines.map(line).join(''), {
    status: 200,
    headers: { 'content-type': COUNT_STREAM_TYPE, 'cache-control': 'no-store' },
  });
}

/**
 * The count as a stream of lines: its progress after each slice (slices, companies and credits so
 * far), then its answer or the refusal that stopped it. The client going away (or cancelling the
 * stream) stops the count before its next call; what was spent stays in the ledger.
 */
function countStream(
  deps: CountDeps,
  user: BffUser,
  request: ParsedListRequest,
  options: Omit<CountOptions, 'signal' | 'onProgress'>,
  signal: AbortSignal,
  answer: (counted: ListCount) => ListCountResponse,
): Response {
  const stop = new AbortController();
  signal.addEventListener('abort', () => stop.abort(signal.reason), { once: true });
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (l: ListCountStreamLine) => {
        if (!stop.signal.aborted) controller.enqueue(encoder.encode(line(l)));
      };
      try {
        const counted = await countList(deps, user, request, {
          ...options,
          signal: stop.signal,
          onProgress: (p) => send({ progress: { slices: p.slices, counted: p.counted, credits: p.credits } }),
        });
        send({ result: answer(counted) });
      } catch (e) {
        if (!stop.signal.aborted) {
          let refusal: Response;
          try {
            refusal = answerOf(e);
          } catch {
            deps.log?.(`[bff] count of ${user.id} failed: ${e instanceof Error ? e.message : String(e)}`);
            refusal = problem(500, 'The count failed.');
          }
          const body = (await refusal.json()) as { detail: string } & Record<string, unknown>;
          send({ problem: { ...body, status: refusal.status } });
        }
      }
      try {
        controller.close();
      } catch {
        // Cancelled by the client already.
      }
    },
    cancel() {
      stop.abort();
    },
  });
  return new Response(stream, {
    status: 200,
    headers: { 'content-type': COUNT_STREAM_TYPE, 'cache-control': 'no-store' },
  });
}

export function countRoutes(deps: CountDeps): Hono<BffEnv> {
  const app = new Hono<BffEnv>();
  route(app, 'bff.lists.count.estimate', async (c) => {
    const request = await readRequest(c.req.raw);
    if (request instanceof Response) return request;
    return c.json(await estimateOf(deps, c.get('user'), request));
  });
  route(app, 'bff.lists.count', async (c) => {
    const request = await readRequest(c.req.raw);
    if (request instanceof Response) return request;
    const user = c.get('user');
    const part = await rememberedAs(deps, user, request);
    const known = deps.counts.get(user, part);
    if (known) {
      const body: ListCountResponse = {
        count: known.count,
        exact: true,
        slices: known.parts.length,
        credits_consumed: 0,
      };
      return wantsStream(c.req.raw) ? ndjson([{ result: body }]) : c.json(body);
    }
    // The budget left must cover learning whether the list is under 500; past that, a count
    // the budget cannot cover whole counts as far as it covers (decision 0026, amended).
    const estimate = await estimateOf(deps, user, request);
    if ((estimate.budget_remaining ?? Infinity) < estimate.credits_first)
      return problem(
        402,
        `Counting this list exactly costs at least ${estimate.credits_first} credits (up to ${estimate.credits_max}); you have ${credits(estimate.budget_remaining ?? 0)} left. Nothing was spent.`,
      );
    const options = {
      plan: deps.plan,
      max: deps.maxRows,
      affordable: estimate.rows_within_budget ?? undefined,
      maxWhat: 'a count counts (COUNT_MAX_ROWS)',
    };
    const answer = (counted: ListCount): ListCountResponse => {
      deps.counts.set(user, part, counted);
      return { count: counted.count, exact: true, slices: counted.slices, credits_consumed: counted.credits };
    };
    if (wantsStream(c.req.raw)) return countStream(deps, user, request, options, c.req.raw.signal, answer);
    // Thrown refusals (the planner's, the service's, a list past COUNT_MAX_ROWS) are answered by
    // the app's onError; a client that went away stops the count before its next call.
    const counted = await countList(deps, user, request, { ...options, signal: c.req.raw.signal });
    return c.json(answer(counted));
  });
  return app;
}
