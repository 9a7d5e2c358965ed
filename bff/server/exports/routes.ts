/** `POST /bff/exports`: the CSV of a list request (see export.ts). */
import type { Hono } from 'hono';
import { readJsonBody } from '../../contract/http';
import type { BffDeps, BffEnv } from '../context';
import { problem } from '../proxy/problem';
import { route } from '../routing';
import { type ExportHooks, runExport } from './export';

export function mountExports(
  app: Hono<BffEnv>,
  deps: Pick<BffDeps, 'call' | 'plan' | 'log'>,
  hooks: (userId: string) => ExportHooks,
): void {
  route(app, 'bff.exports', async (c) => {
    const read = await readJsonBody(c.req.raw);
    if (!read.ok) return problem(read.status, read.detail);
    const user = c.get('user');
    return runExport(deps, user, read.value, hooks(user.id));
  });
}
