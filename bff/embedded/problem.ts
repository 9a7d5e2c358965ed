/**
 * Errors as RFC 9457 problem details (decisions section 3). Handlers throw `ApiProblem`; the app's
 * error handler writes it. Validation failures list every invalid field at once in `errors`.
 */
import type { z } from 'zod';
import { PROBLEM_CONTENT_TYPE, type Problem, type ProblemField } from '../contract/api';

const TITLES: Record<number, string> = {
  400: 'Invalid request',
  401: 'Unauthorized',
  402: 'Insufficient credits',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Request body too large',
  415: 'Unsupported media type',
  429: 'Too many requests',
  500: 'Internal error',
  503: 'Service unavailable',
};

const SLUGS: Record<number, string> = {
  400: 'invalid-request',
  401: 'unauthorized',
  402: 'insufficient-credits',
  403: 'forbidden',
  404: 'not-found',
  405: 'method-not-allowed',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  429: 'rate-limited',
  500: 'internal-error',
  503: 'unavailable',
};

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
    this.title = opts.title ?? TITLES[status] ?? 'Error';
    if (opts.errors) this.errors = opts.errors;
    if (opts.headers) this.headers = opts.headers;
  }

  toJSON(): Problem {
    return {
      type: `https://docs.company-data.local/problems/${SLUGS[this.status] ?? 'error'}`,
      title: this.title,
      status: this.status,
      detail: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}

export function problemResponse(p: ApiProblem): Response {
  return new Response(JSON.stringify(p.toJSON()), {
    status: p.status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, ...p.headers },
  });
}

function pathOf(prefix: string, path: readonly PropertyKey[]): string {
  return [prefix, ...path.map(String)].filter(Boolean).join('.');
}

/** Every zod issue as a problem field; an unknown key is named by its own path. */
export function zodFields(error: z.ZodError, prefix = ''): ProblemField[] {
  const fields: ProblemField[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const where = pathOf(prefix, issue.path);
        fields.push({
          path: pathOf(prefix, [...issue.path, key]),
          message: where.endsWith('filters') ? `unknown filter key "${key}"` : `unknown field "${key}"`,
        });
      }
    } else {
      fields.push({ path: pathOf(prefix, issue.path), message: issue.message });
    }
  }
  return fields;
}

export function invalid(errors: ProblemField[], detail?: string): ApiProblem {
  const first = errors[0];
  return new ApiProblem(
    400,
    detail ??
      (errors.length === 1 && first
        ? `${first.path ? `${first.path}: ` : ''}${first.message}`
        : `${errors.length} fields are invalid`),
    { errors },
  );
}

/** Parses with a zod schema or throws a 400 problem naming every invalid field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, prefix = ''): z.output<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw invalid(zodFields(r.error, prefix));
  return r.data;
}
