/**
 * The BFF's own problem details (docs/product-rules.md, section 3): the same shape as the service's, for the
 * errors the BFF answers itself (validation, CSRF, limits, faults of the upstream).
 *
 * Refusals are thrown as `BffProblem`s, each with a `code` saying what kind it is; the app's one
 * `onError` answers every one with the problem it carries (docs/decisions/0021-typed-list-planner.md).
 */
import { HTTPException } from 'hono/http-exception';
import { invalidDetail, PROBLEM_CONTENT_TYPE, type ProblemField, problemBody } from '../../contract/problem';

export type ProblemOptions = { errors?: ProblemField[]; headers?: Record<string, string> };

export function problem(status: number, detail: string, opts: ProblemOptions = {}): Response {
  return new Response(JSON.stringify(problemBody(status, detail, opts.errors)), {
    status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, ...opts.headers },
  });
}

/**
 * What kind of refusal a problem is: callers that recover from some (a saved list's run, lookalikes)
 * test the code rather than the status.
 */
export type ProblemCode =
  | 'problem'
  | 'invalid_request'
  | 'service_refusal'
  | 'list_too_broad'
  | 'list_changed'
  | 'unavailable';

/** Thrown by middleware, handlers and the list planner; `app.onError` answers with the problem it carries. */
export class BffProblem extends HTTPException {
  readonly code: ProblemCode;
  constructor(
    status: number,
    detail: string,
    opts: ProblemOptions & {
      code?: ProblemCode;
      /** The answer itself, when it is not the plain problem of `status` and `detail`. */
      answer?: Response;
    } = {},
  ) {
    super(status as 400, { res: opts.answer ?? problem(status, detail, opts), message: detail });
    this.code = opts.code ?? 'problem';
  }
}

/** A request that breaks the contract: a 400 naming every invalid field. */
export class InvalidRequest extends BffProblem {
  constructor(readonly errors: ProblemField[]) {
    super(400, invalidDetail(errors), { errors, code: 'invalid_request' });
  }
}

/**
 * A refusal of the service (402 budget spent, 429, 5xx, 400...) or of the pipeline in front of it,
 * passed on as it came: its status, body, content type and `retry-after`.
 */
export class ServiceRefusal extends BffProblem {
  constructor(readonly response: Response) {
    super(response.status, `The Company Data Service answered ${response.status}.`, {
      answer: response,
      code: 'service_refusal',
    });
  }

  /** A refusal from an answer whose body was read already as `text`. */
  static of(res: Response, text: string): ServiceRefusal {
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'retry-after']) {
      const v = res.headers.get(name);
      if (v) headers[name] = v;
    }
    return new ServiceRefusal(new Response(text, { status: res.status, headers }));
  }
}

/** The answer of a thrown refusal, for the callers that answer with a Response rather than throw. */
export function answerOf(err: unknown): Response {
  if (err instanceof HTTPException) return err.getResponse();
  throw err;
}

export function invalidProblem(errors: ProblemField[]): Response {
  return problem(400, invalidDetail(errors), { errors });
}

/** The 403 of an endpoint only an admin may call (the endpoint table's `role: 'admin'`), to a member. */
export const ADMINS_ONLY = 'Only an admin of the team may do this; ask one of your team’s admins.';
