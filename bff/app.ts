/**
 * The backend-for-frontend: serves the built web app and forwards the Company Data Service's
 * endpoints (`/api/v1/...`) to the upstream with the API key injected server-side. The browser's
 * own credentials (x-api-key, Authorization, cookies) are never forwarded, and upstream cookies
 * never reach the browser.
 */
import { existsSync } from 'node:fs';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { PROBLEM_CONTENT_TYPE } from './contract/api';
import type { Upstream } from './upstream/upstream';

const FORWARDED_REQUEST_HEADERS = ['content-type', 'accept', 'accept-language'];
const DROPPED_RESPONSE_HEADERS = [
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
];

export type BffOptions = { upstream: Upstream; staticDir?: string };

function problem(status: number, title: string, detail: string): Response {
  return new Response(JSON.stringify({ type: 'about:blank', title, status, detail }), {
    status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE },
  });
}

export function createBffApp({ upstream, staticDir = 'dist' }: BffOptions) {
  const app = new Hono();

  app.get('/healthz', async () => {
    const res = await upstream.fetch(new Request('http://upstream/healthz'));
    const upstreamHealth = res.ok ? ((await res.json()) as Record<string, unknown>) : { status: 'down' };
    return Response.json({ status: 'ok', upstream: { kind: upstream.kind, ...upstreamHealth } });
  });

  app.all('/api/v1/*', async (c) => {
    const url = new URL(c.req.url);
    const headers = new Headers();
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const v = c.req.header(name);
      if (v) headers.set(name, v);
    }
    headers.set('x-api-key', upstream.apiKey);
    const method = c.req.method;
    const body = method === 'GET' || method === 'HEAD' ? undefined : await c.req.arrayBuffer();
    let res: Response;
    try {
      res = await upstream.fetch(
        new Request(`http://upstream${url.pathname}${url.search}`, {
          method,
          headers,
          ...(body ? { body } : {}),
        }),
      );
    } catch {
      return problem(502, 'Bad gateway', 'The Company Data Service could not be reached.');
    }
    const out = new Headers(res.headers);
    for (const h of DROPPED_RESPONSE_HEADERS) out.delete(h);
    return new Response(res.body, { status: res.status, headers: out });
  });

  app.all('/api/*', () => problem(404, 'Not found', 'No such endpoint.'));

  if (existsSync(staticDir)) {
    app.use('/*', serveStatic({ root: staticDir }));
    // Client-side routes get the app's entry page.
    app.get('*', serveStatic({ root: staticDir, path: 'index.html' }));
  }
  return app;
}
