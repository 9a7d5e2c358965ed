/** `POST /bff/lookalikes` (bff/contract/lookalikes.ts): parse, find, answer. */
import { Hono } from 'hono';
import { LookalikeRequest } from '../../contract/lookalikes';
import type { BffEnv } from '../context';
import { jsonInput, route } from '../routing';
import { findLookalikes, type LookalikeOptions } from './find';

export function lookalikeRoutes(opts: LookalikeOptions): Hono<BffEnv> {
  const app = new Hono<BffEnv>();
  route(app, 'bff.lookalikes', async (c) => {
    const input = await jsonInput(c, LookalikeRequest);
    if (!input.ok) return input.response;
    const answer = await findLookalikes(opts, c.get('user'), input.value);
    return answer instanceof Response ? answer : c.json(answer);
  });
  return app;
}
