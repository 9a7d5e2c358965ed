/**
 * The BFF's own routes, written by endpoint id: method and path come from the endpoint table
 * (`bff/contract/endpoints.ts`), never from a string here, so the table, the OpenAPI document and
 * what the BFF answers cannot drift apart.
 */
import type { Context, Env, Handler, Hono } from 'hono';
import type { z } from 'zod';
import { type BffEndpointId, ENDPOINTS, type EndpointDef, honoPath } from '../contract/endpoints';
import { readJsonBody } from '../contract/http';
import { zodFields } from '../contract/problem';
import type { BffUser } from './context';
import { ADMINS_ONLY, invalidProblem, problem } from './proxy/problem';

/**
 * Registers the handler of one of the BFF's own endpoints. An endpoint the table gives to admins
 * (`role: 'admin'`) answers 403 to anyone else before its handler runs.
 */
export function route<E extends Env>(app: Hono<E>, id: BffEndpointId, handler: Handler<E>): void {
  const d: EndpointDef = ENDPOINTS[id];
  const guarded: Handler<E> =
    d.role === 'admin'
      ? (c, next) => {
          const user = (c.var as { user?: BffUser }).user;
          return user?.role === 'admin' ? handler(c, next) : problem(403, ADMINS_ONLY);
        }
      : handler;
  app.on(d.method, honoPath(d.path), guarded);
}

/** The path of one of the BFF's own endpoints (those have no parameters). */
export function bffPath(id: BffEndpointId): string {
  return ENDPOINTS[id].path;
}

/**
 * The JSON body of a request parsed with a schema, or the problem to answer (415, 400 for a body
 * that is not JSON, 400 naming every invalid field).
 */
export async function jsonInput<S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<{ ok: true; value: z.output<S> } | { ok: false; response: Response }> {
  const read = await readJsonBody(c.req.raw);
  if (!read.ok) return { ok: false, response: problem(read.status, read.detail) };
  const parsed = schema.safeParse(read.value);
  if (!parsed.success) return { ok: false, response: invalidProblem(zodFields(parsed.error)) };
  return { ok: true, value: parsed.data };
}

/**
 * The query of a request parsed with a schema (each parameter once; a repeated one is invalid), or
 * the 400 naming every invalid parameter.
 */
export function queryInput<S extends z.ZodType>(
  c: Context,
  schema: S,
): { ok: true; value: z.output<S> } | { ok: false; response: Response } {
  const all = c.req.queries();
  const repeated = Object.keys(all).filter((k) => (all[k]?.length ?? 0) > 1);
  if (repeated.length > 0)
    return {
      ok: false,
      response: invalidProblem(repeated.map((path) => ({ path, message: `give ${path} once` }))),
    };
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) return { ok: false, response: invalidProblem(zodFields(parsed.error)) };
  return { ok: true, value: parsed.data };
}
