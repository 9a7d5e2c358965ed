/**
 * Problem details (RFC 9457, docs/product-rules.md, section 3) as both the embedded service and the BFF write
 * them: the body's schema, one table of titles and type slugs, one way to turn a zod error into the
 * `errors` list.
 */
import { z } from 'zod';

export const ProblemField = z.object({ path: z.string(), message: z.string() });
export const Problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  errors: z.array(ProblemField).optional(),
});
export type Problem = z.infer<typeof Problem>;
export type ProblemField = z.infer<typeof ProblemField>;

/**
 * 422 from the BFF: a list whose company-size slice or exclusions it cannot serve exactly, because
 * the service serves only the first 500 companies of any order. Says how large the list is (500
 * with `list_size_is_lower_bound` when it is larger) so the app can ask for one more filter.
 */
export const ListTooBroadProblem = Problem.extend({
  status: z.literal(422),
  list_size: z.number().int(),
  list_size_is_lower_bound: z.boolean(),
});
export type ListTooBroadProblem = z.infer<typeof ListTooBroadProblem>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

const TITLES: Readonly<Record<number, string>> = {
  400: 'Invalid request',
  401: 'Unauthorized',
  402: 'Insufficient credits',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Request body too large',
  415: 'Unsupported media type',
  421: 'Misdirected request',
  422: 'Unprocessable content',
  429: 'Too many requests',
  500: 'Internal error',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
};

const SLUGS: Readonly<Record<number, string>> = {
  400: 'invalid-request',
  401: 'unauthorized',
  402: 'insufficient-credits',
  403: 'forbidden',
  404: 'not-found',
  405: 'method-not-allowed',
  409: 'conflict',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  421: 'misdirected-request',
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

export function problemBody(
  status: number,
  detail: string,
  errors?: ProblemField[],
  title?: string,
): Problem {
  return {
    type: `https://docs.company-data.local/problems/${SLUGS[status] ?? 'error'}`,
    title: title ?? problemTitle(status),
    status,
    detail,
    ...(errors && errors.length > 0 ? { errors } : {}),
  };
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
          message: where.endsWith('filters')
            ? `unknown filter key "${key}"`
            : where.endsWith('exclude')
              ? `"${key}" is no filter key whose values can be excluded`
              : `unknown field "${key}"`,
        });
      }
    } else {
      fields.push({ path: join(issue.path), message: issue.message });
    }
  }
  return fields;
}

/** The `detail` of a 400: the one invalid field in words, or how many there are. */
export function invalidDetail(errors: readonly ProblemField[]): string {
  const first = errors[0];
  return errors.length === 1 && first
    ? `${first.path ? `${first.path}: ` : ''}${first.message}`
    : `${errors.length} fields are invalid`;
}
