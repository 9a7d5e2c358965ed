/**
 * The BFF's own problem details (decisions section 3): the same shape as the service's, for the
 * errors the BFF answers itself (validation, CSRF, limits, faults of the upstream).
 */
import { HTTPException } from 'hono/http-exception';
import { invalidDetail, PROBLEM_CONTENT_TYPE, type ProblemField, problemBody } from '../../contract/problem';

export function problem(
  status: number,
  detail: string,
  opts: { errors?: ProblemField[]; headers?: Record<string, string> } = {},
): Response {
  return new Response(JSON.stringify(problemBody(status, detail, opts.errors)), {
    status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, ...opts.headers },
  });
}

/** Thrown by middleware and handlers; `app.onError` answers with the problem it carries. */
export class BffProblem extends HTTPException {
  constructor(
    status: number,
    detail: string,
    opts: { errors?: ProblemField[]; headers?: Record<string, string> } = {},
  ) {
    super(status as 400, { res: problem(status, detail, opts), message: detail });
  }
}

export function invalidProblem(errors: ProblemField[]): Response {
  return problem(400, invalidDetail(errors), { errors });
}

/** The 403 of an endpoint only an admin may call (the endpoint table's `role: 'admin'`), to a member. */
export const ADMINS_ONLY = 'Only an admin of the team may do this; ask one of your team’s admins.';
