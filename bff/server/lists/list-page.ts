/**
 * A page of a list as the BFF's own callers read it (CSV exports, saved lists, lookalikes), over
 * the typed ways in (docs/decisions/0021-typed-list-planner.md): a request the service takes as it
 * is goes through the port as written, so its body, and with it the read cache's key, is what it
 * was; any other is parsed with the contract's `ListRequest` and planned. The same choice as the
 * proxy route's for a list request.
 */
import { certainlyPlainListRequest, ListRequest } from '../../contract/api';
import { zodFields } from '../../contract/problem';
import type { BffUser } from '../context';
import { InvalidRequest } from '../proxy/problem';
import type { ListPlanner } from './planner';
import type { ListPage, PortInput, RunOptions, ServicePort } from './port';

/** The typed ways in to the service: any endpoint through the port, list pages through the planner. */
export type ServiceWays = { port: ServicePort; planner: ListPlanner };

/**
 * The page of a list request, read as `run` says (`fresh`: no read cache; `memory`: the planner's
 * readings shared by one run's pages). Throws the refusals (`BffProblem`s): a request that breaks
 * the contract, the planner's own, the service's as a `ServiceRefusal`.
 */
export async function listPage(
  ways: ServiceWays,
  user: BffUser,
  input: Record<string, unknown>,
  run: RunOptions = {},
): Promise<ListPage> {
  if (!certainlyPlainListRequest(input)) {
    const parsed = ListRequest.safeParse(input);
    if (!parsed.success) throw new InvalidRequest(zodFields(parsed.error));
    if (!ways.planner.passesOn(parsed.data)) return ways.planner.list(user, parsed.data, run);
  }
  const called = await ways.port(
    user,
    'list.generate',
    input as PortInput<'list.generate'>,
    run.fresh ? { fresh: true } : {},
  );
  return called.data as ListPage;
}
