/**
 * The OpenAPI 3.1 document of everything the BFF serves, generated from the endpoint table: the
 * Company Data Service's endpoints it proxies (under the same paths, aliases included) and its own
 * `/bff/` API. Schemas come from the contract's zod schemas (zod 4's JSON Schema output is JSON
 * Schema 2020-12, the dialect of OpenAPI 3.1): request schemas as the caller writes them, response
 * schemas as the server answers.
 */
import { z } from 'zod';
import { type EndpointWithSchemas, endpointWithSchemas } from './endpoint-schemas';
import { ENDPOINT_IDS, ENDPOINTS, type EndpointId, paramNames } from './endpoints';
import { PLAN_LABELS, PLANS } from './pricing';
import { Problem } from './problem';
import { SECTION_SCHEMAS } from './sections';

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

const REF = '#/components/schemas/';

const PROBLEM_STATUSES: Readonly<Record<number, string>> = {
  400: 'Invalid input: `errors` names every invalid field',
  401: 'Not signed in (team mode)',
  402: 'The daily budget, or the key’s credits, cannot cover the call',
  403: 'Refused: the plan lacks it, a CSRF check failed, or the endpoint is an admin’s',
  404: 'No such resource',
  405: 'The path does not allow this method (`Allow` names those it does)',
  409: 'Conflicts with the current state',
  413: 'The body is too large',
  415: 'The body is not JSON',
  421: 'The request names a host this BFF does not serve (`BFF_ALLOWED_HOSTS`)',
  429: 'Too many requests (`Retry-After`)',
  502: 'The upstream service is unreachable or answered something unreadable',
  504: 'The upstream service did not answer in time',
};

function problemsFor(d: EndpointWithSchemas): number[] {
  const out = [400];
  if (d.auth === 'user') out.push(401, 429);
  if (d.method !== 'GET') out.push(403, 413, 415);
  if (d.role === 'admin') out.push(403);
  if (d.scope === 'service') {
    out.push(402, 404, 405, 502, 504);
    if (d.method === 'GET') out.push(403);
  }
  if (d.method === 'GET' && d.scope !== 'service' && !d.input) out.splice(out.indexOf(400), 1);
  // Every request for a host the BFF does not serve (DNS rebinding); /healthz answers any host.
  if (d.path !== '/healthz') out.push(421);
  return [...new Set(out)].sort((a, b) => a - b);
}

/** Schemas of one direction (`input`: as written by callers; `output`: as answered) as components. */
type Components = { schemas: Record<string, JsonSchema>; nameOf: (schema: z.ZodType) => string };

function components(io: 'input' | 'output', named: ReadonlyArray<[string, z.ZodType]>): Components {
  const registry = z.registry<{ id: string }>();
  const names = new Map<z.ZodType, string>();
  for (const [id, schema] of named) {
    if (registry.has(schema)) continue; // one schema, one component (the first name it is given)
    registry.add(schema, { id });
    names.set(schema, id);
  }
  const { schemas } = z.toJSONSchema(registry, {
    io,
    unrepresentable: 'any',
    uri: (id) => `${REF}${id}`,
  }) as { schemas: Record<string, JsonSchema> };
  const out: Record<string, JsonSchema> = {};
  for (const [id, s] of Object.entries(schemas)) {
    const { $schema: _schema, $id: _id, ...rest } = s;
    out[id] = rest;
  }
  return {
    schemas: out,
    nameOf: (schema) => {
      const name = names.get(schema);
      if (!name) throw new Error('a schema of the endpoint table is missing from the components');
      return name;
    },
  };
}

function schemaName(id: string, suffix: string): string {
  return `${id
    .split(/[.-]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('')}${suffix}`;
}

/** The query parameters of a GET/DELETE input schema: one per property of its JSON Schema. */
function queryParameters(d: EndpointWithSchemas, schema: JsonSchema | undefined): Operation[] {
  if (!schema) return [];
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: 'query',
    required: required.has(name) && !('default' in s),
    schema: s,
    ...(d.repeated?.includes(name) ? { style: 'form', explode: true } : {}),
  }));
}

function operation(id: EndpointId, inputs: Components, outputs: Components, alias?: string): Operation {
  const d = endpointWithSchemas(id);
  const path = alias ?? d.path;
  const inputName = d.input ? inputs.nameOf(d.input) : '';
  const outputName = d.output ? outputs.nameOf(d.output) : '';
  const parameters: Operation[] = paramNames(path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string', ...(d.params?.[name] ? { pattern: `^${d.params[name]}$` } : {}) },
  }));
  const op: Operation = {
    operationId: alias ? `${id}@${alias}` : id,
    summary: d.summary,
    tags: [d.tag],
    ...(alias ? { description: `Another spelling of \`${d.method} ${d.path}\` (${id}).` } : {}),
    'x-credits': d.price,
    'x-cacheable': d.cacheable,
    'x-served-by': d.scope === 'service' ? 'Company Data Service (proxied)' : 'BFF',
  };
  if (d.role === 'admin')
    op.description = `${op.description ? `${op.description} ` : ''}Admins only: a member gets 403.`;
  if (d.auth === 'public') op.security = [];
  if (d.auth === 'signature') {
    op.security = [];
    op.description =
      'Signed the Standard Webhooks way (`webhook-id`, `webhook-timestamp`, `webhook-signature`).';
  }
  if (d.input && (d.method === 'GET' || d.method === 'DELETE')) {
    parameters.push(...queryParameters(d, inputs.schemas[inputName]));
  } else if (d.input) {
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: { $ref: `${REF}${inputName}` } } },
    };
  }
  if (parameters.length > 0) op.parameters = parameters;
  const responses: Record<string, unknown> = {};
  for (const status of d.success ?? [200]) {
    if (status === 204) responses[status] = { description: 'Done; no body' };
    else if (d.output)
      responses[status] = {
        description: 'Success',
        content: { 'application/json': { schema: { $ref: `${REF}${outputName}` } } },
      };
    else if (d.media) responses[status] = { description: 'Success', content: { [d.media]: {} } };
    else responses[status] = { description: 'Success' };
  }
  for (const status of problemsFor(d)) {
    responses[status] = {
      description: PROBLEM_STATUSES[status] ?? 'Error',
      content: { 'application/problem+json': { schema: { $ref: `${REF}Problem` } } },
    };
  }
  op.responses = responses;
  return op;
}

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: Record<string, unknown>;
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown>;
  [key: string]: unknown;
};

export function openApiDocument(opts: { version: string }): OpenApiDocument {
  const inputs = components(
    'input',
    ENDPOINT_IDS.flatMap((id): [string, z.ZodType][] => {
      const d = endpointWithSchemas(id);
      return d.input ? [[schemaName(id, 'Input'), d.input]] : [];
    }),
  );
  const outputs = components('output', [
    ['Problem', Problem],
    ...Object.entries(SECTION_SCHEMAS).map(([name, s]): [string, z.ZodType] => [
      schemaName(name, 'Section'),
      s,
    ]),
    ...ENDPOINT_IDS.flatMap((id): [string, z.ZodType][] => {
      const d = endpointWithSchemas(id);
      return d.output ? [[schemaName(id, 'Output'), d.output]] : [];
    }),
  ]);

  const paths: Record<string, Record<string, Operation>> = {};
  for (const id of ENDPOINT_IDS) {
    const d = endpointWithSchemas(id);
    for (const p of [d.path, ...(d.aliases ?? [])]) {
      const item = paths[p] ?? {};
      item[d.method.toLowerCase()] = operation(id, inputs, outputs, p === d.path ? undefined : p);
      paths[p] = item;
    }
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'List Builder API',
      version: opts.version,
      description: [
        'Everything the list builder’s server (the BFF) serves. Paths under `/api/v1/` are the Company Data',
        'Service’s endpoints, proxied with the API key added by the server: the browser never holds a key.',
        'Every one is also answered under `/v1/` and with a trailing slash. Paths under `/bff/` are the',
        'BFF’s own API. Errors are RFC 9457 problem details. Unsafe requests (POST, PATCH, DELETE) must send',
        '`x-requested-with: list-builder` and a same-origin `Origin`. In team mode a session cookie, set by',
        '`POST /bff/session`, is required. `x-credits` gives each call’s price in credits, in words.',
        `Upstream plans: ${PLANS.map((p) => PLAN_LABELS[p]).join(', ')}.`,
      ].join(' '),
    },
    servers: [{ url: '/' }],
    security: [{ session: [] }, {}],
    tags: [...new Set(ENDPOINT_IDS.map((id) => ENDPOINTS[id].tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...inputs.schemas, ...outputs.schemas },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'lb_session',
          description: 'Team mode only (`__Host-lb_session` under HTTPS). Local mode has one implicit user.',
        },
      },
    },
  };
}
