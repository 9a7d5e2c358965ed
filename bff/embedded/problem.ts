/**
 * Errors as RFC 9457 problem details (docs/product-rules.md, section 3). Handlers throw `ApiProblem`; the app's
 * error handler writes it. Validation failures list every invalid field at once in `errors`.
 */
import type { z } from 'zod';
import {
  invalidDetail,
  PROBLEM_CONTENT_TYPE,
  type Problem,
  type ProblemField,
  problemBody,
  problemTitle,
  zodFields,
} from '../contract/problem';

export class ApiProblem extends Error {
  readonly status: number;
  readonly errors?: ProblemField[];
  readonly headers?: Record<string, string>;
  readonly title: string;

  constructor(
    status: number,
    detail: string,
    opts: { errors?: ProblemField[]; headers?: Record<string, string>; title?: string } = {},
  ) {
    super(detail);
    this.status = status;
    this.title = opts.title ?? problemTitle(status);
    if (opts.errors) this.errors = opts.errors;
    if (opts.headers) this.headers = opts.headers;
  }

  toJSON(): Problem {
    return problemBody(this.status, this.message, this.errors, this.title);
  }
}

export function problemResponse(p: ApiProblem): Response {
  return new Response(JSON.stringify(p.toJSON()), {
    status: p.status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, ...p.headers },
  });
}

export function invalid(errors: ProblemField[], detail?: string): ApiProblem {
  return new ApiProblem(400, detail ?? invalidDetail(errors), { errors });
}

/** Parses with a zod schema or throws a 400 problem naming every invalid field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, prefix = ''): z.output<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw invalid(zodFields(r.error, prefix));
  return r.data;
}
