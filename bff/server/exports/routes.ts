/** `POST /bff/exports`: the CSV of a list request (see export.ts). */
import type { Hono } from 'hono';
import type { BffDeps, BffEnv } from '../context';
import { invalidProblem, problem } from '../proxy/problem';
import { type ExportHooks, runExport } from './export';

export function mountExports(
  app: Hono<BffEnv>,
  deps: Pick<BffDeps, 'call' | 'plan' | 'log'>,
  hooks: (userId: string) => ExportHooks,
): void {
  app.post('/bff/exports', async (c) => {
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
      return problem(415, 'Send the export request as application/json.');
    }
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return invalidProblem([{ path: '', message: 'the body is not valid JSON' }]);
    }
    const user = c.get('user');
    return runExport(deps, user, body, hooks(user.id));
  });
}
