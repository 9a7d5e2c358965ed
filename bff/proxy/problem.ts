/**
 * The BFF's own problem details (decisions section 3): the same shape as the service's, for the
 * errors the BFF answers itself (validation, CSRF, limits, faults of the upstream).
 */
import { HTTPException } from 'hono/http-exception';
import type { z } from 'zod';
import { PROBLEM_CONTENT_TYPE, type Problem, type ProblemField } from '../contract/api';

const TITLES: Record<number, string> = {
  400: 'Invalid request',
  401: 'Unauthorized',
  402: 'Insufficient credits',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Request body too large',
  415: 'Unsupported media type',
  422: 'Unprocessable content',
  429: 'Too many requests',
  500: 'Internal error',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
};

const SLUGS: Record<number, string> = {
  400: 'invalid-request',
  401: 'unauthorized',
  402: 'insufficient-credits',
  403: 'forbidden',
  404: 'not-found',
  405: 'method-not-allowed',
  409: 'conflict',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  422: 'unprocessable',
  429: 'rate-limited',
  500: 'internal-error',
  502: 'bad-gateway',
  503: 'unavailable',
  504: 'gateway-timeout',
};

export function problemTitle(status: number): string {
  return TITLES[status] ?? (status >= 500 ? 'Upstream error' : 'Error');
}

export function problemBody(status: number, detail: string, errors?: ProblemField[]): Problem {
  return {
    type: `https://docs.company-data.local/problems/${SLUGS[status] ?? 'error'}`,
    title: problemTitle(status),
    status,
    detail,
    ...(errors && errors.length > 0 ? { errors } : {}),
  };
}

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

/** Every zod issue as a problem field; an unknown key is named by its own path. */
export function zodFields(error: z.ZodError, prefix = ''): ProblemField[] {
  const join = (path: readonly PropertyKey[]) => [prefix, ...path.map(String)].filter(Boolean).join('.');
  const fields: ProblemField[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      const where = join(issue.path);
      for (const key of issue.keys) {
        fields.push({
          path: join([...issue.path, key]),
          message: where.endsWith('filters') ? `unknown filter key "${key}"` : `unknown field "${key}"`,
        });
      }
    } else {
      fields.push({ path: join(issue.path), message: issue.message });
    }
  }
  return fields;
}

export function invalidProblem(errors: ProblemField[]): Response {
  const first = errors[0];
  const detail =
    errors.length === 1 && first
      ? `${first.path ? `${first.path}: ` : ''}${first.message}`
      : `${errors.length} fields are invalid`;
  return problem(400, detail, { errors });
}
