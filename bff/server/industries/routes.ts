/**
 * `GET /bff/industries`: the industry taxonomy as a tree, for the web app's industry picker (sectors
 * as one choice, the typeahead's names). The upstream's own when it can list it (the embedded
 * service: `Upstream.industryTree`), else the copy the BFF ships (`bff/contract/industry-tree.ts`: a
 * remote service documents industry search only, which cannot list a taxonomy). Made once per
 * process; answered with an ETag and a day's `max-age`, so a browser asks again rarely and a 304 is
 * all it gets when nothing changed.
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { INDUSTRY_TREE, type IndustryTreeResponse } from '../../contract/industry-tree';
import type { BffEnv } from '../context';
import { route } from '../routing';
import type { Upstream } from '../upstream/upstream';

/** The tree an upstream gives, or the shipped copy. */
export function industryTreeOf(upstream: Pick<Upstream, 'industryTree'>): IndustryTreeResponse {
  const own = upstream.industryTree?.();
  return own && own.length > 0
    ? { source: 'service', sectors: own }
    : { source: 'builtin', sectors: INDUSTRY_TREE };
}

export function industryRoutes(upstream: Pick<Upstream, 'industryTree'>): Hono<BffEnv> {
  const app = new Hono<BffEnv>();
  let made: { text: string; etag: string } | undefined;
  route(app, 'bff.industries', (c) => {
    if (!made) {
      const text = JSON.stringify(industryTreeOf(upstream));
      made = { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` };
    }
    const headers = { etag: made.etag, 'cache-control': 'private, max-age=86400' };
    if (c.req.header('if-none-match') === made.etag) return c.body(null, 304, headers);
    return c.body(made.text, 200, { ...headers, 'content-type': 'application/json' });
  });
  return app;
}
