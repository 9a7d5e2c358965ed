/**
 * `POST /bff/exports`: the CSV of a list request (see export.ts); `POST /bff/exports/estimate`: its
 * price before it is made (estimate.ts). Bulk enrichment of an account list (`source`) is the
 * accounts part's, through the extension.
 */
import { Hono } from 'hono';
import { readJsonBody } from '../../contract/http';
import type { BffEnv, BffUser } from '../context';
import { problem } from '../proxy/problem';
import { route } from '../routing';
import { estimateListExport, type ListEstimateDeps } from './estimate';
import { type ExportDeps, type ExportHooks, runExport } from './export';
import { type AllExportDeps, estimateAllExport, runAllExport } from './export-all';

/**
 * What another part of the BFF adds to exports: it may answer an export body itself (bulk
 * enrichment of an account list), or hand back the body to export as a list request.
 */
export type ExportExtension = {
  /** A Response to answer, or the body (possibly rewritten) for the list export. */
  handle: (user: BffUser, body: unknown, hooks: ExportHooks) => Promise<Response | { body: unknown }>;
  /** The price of an export body it serves (with `source`); undefined: a list export's. */
  estimate?: (user: BffUser, body: unknown) => Promise<Response | undefined>;
};

/** Whether an export body asks for every match (`all: true`). */
const wantsAll = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && (body as { all?: unknown }).all === true;

export function exportRoutes(
  deps: ExportDeps,
  hooks: (user: BffUser) => ExportHooks,
  extension?: ExportExtension,
  estimates?: ListEstimateDeps,
  all?: AllExportDeps,
): Hono<BffEnv> {
  const app = new Hono<BffEnv>();
  // Signal columns are priced against the company store and the budget left (export.ts).
  if (estimates) deps = { ...deps, companies: estimates.companies, remaining: estimates.remaining };
  route(app, 'bff.exports.estimate', async (c) => {
    const read = await readJsonBody(c.req.raw);
    if (!read.ok) return problem(read.status, read.detail);
    const user = c.get('user');
    const theirs = await extension?.estimate?.(user, read.value);
    if (theirs) return theirs;
    if (all && wantsAll(read.value)) {
      const estimate = await estimateAllExport(deps, all, user, read.value);
      return estimate instanceof Response ? estimate : c.json(estimate);
    }
    if (!estimates) return problem(404, 'Export estimates are not available here.');
    const estimate = await estimateListExport(estimates, user, read.value);
    return estimate instanceof Response ? estimate : c.json(estimate);
  });
  route(app, 'bff.exports', async (c) => {
    const read = await readJsonBody(c.req.raw);
    if (!read.ok) return problem(read.status, read.detail);
    const user = c.get('user');
    const h = hooks(user);
    if (extension) {
      const handled = await extension.handle(user, read.value, h);
      if (handled instanceof Response) return handled;
      if (all && wantsAll(handled.body))
        return runAllExport(deps, all, user, handled.body, h, c.req.raw.signal);
      return runExport(deps, user, handled.body, h);
    }
    if (all && wantsAll(read.value)) return runAllExport(deps, all, user, read.value, h, c.req.raw.signal);
    return runExport(deps, user, read.value, h);
  });
  return app;
}
