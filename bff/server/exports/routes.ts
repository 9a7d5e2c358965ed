/** `POST /bff/exports`: the CSV of a list request (see export.ts). */
import { Hono } from 'hono';
import { readJsonBody } from '../../contract/http';
import type { BffDeps, BffEnv, BffUser } from '../context';
import { problem } from '../proxy/problem';
import { route } from '../routing';
import { type ExportHooks, runExport } from './export';

/**
 * What another part of the BFF adds to exports: it may answer an export body itself (bulk
 * enrichment of an account list), or hand back the body to export as a list request.
 */
export type ExportExtension = {
  /** A Response to answer, or the body (possibly rewritten) for the list export. */
  handle: (user: BffUser, body: unknown, hooks: ExportHooks) => Promise<Response | { body: unknown }>;
};

export function exportRoutes(
  deps: Pick<BffDeps, 'call' | 'plan' | 'log'>,
  hooks: (user: BffUser) => ExportHooks,
  extension?: ExportExtension,
): Hono<BffEnv> {
  const app = new Hono<BffEnv>();
  route(app, 'bff.exports', async (c) => {
    const read = await readJsonBody(c.req.raw);
    if (!read.ok) return problem(read.status, read.detail);
    const user = c.get('user');
    const h = hooks(user);
    if (extension) {
      const handled = await extension.handle(user, read.value, h);
      if (handled instanceof Response) return handled;
      return runExport(deps, user, handled.body, h);
    }
    return runExport(deps, user, read.value, h);
  });
  return app;
}
