/**
 * `POST /bff/lists/screen/estimate`: what screening a list request by its signal filters may cost
 * before anything is spent (./screening.ts, docs/decisions/0028-signal-filters-by-screening.md): the
 * list's first 500 companies x the signal calls' prices, plus the list calls and the page's sections;
 * 0 but the sections when the list was screened a few minutes ago. Free.
 */
import { Hono } from 'hono';
import { ListRequest } from '../../contract/api';
import { readJsonBody } from '../../contract/http';
import { zodFields } from '../../contract/problem';
import type { BffEnv } from '../context';
import { invalidProblem, problem } from '../proxy/problem';
import { route } from '../routing';
import type { ListPlanner } from './planner';

export function screenRoutes(planner: Pick<ListPlanner, 'screenEstimate'>): Hono<BffEnv> {
  const app = new Hono<BffEnv>();
  route(app, 'bff.lists.screen.estimate', async (c) => {
    const read = await readJsonBody(c.req.raw);
    if (!read.ok) return problem(read.status, read.detail);
    const parsed = ListRequest.safeParse(read.value);
    if (!parsed.success) return invalidProblem(zodFields(parsed.error));
    if (parsed.data.query !== undefined)
      return invalidProblem([
        {
          path: 'query',
          message:
            'send filters: the signals a description asks for are known once it is translated (POST /api/v1/list/filter-builder)',
        },
      ]);
    // An invalid exclusion or company size is refused here as the list would refuse it (400).
    return c.json(await planner.screenEstimate(c.get('user'), parsed.data));
  });
  return app;
}
