/**
 * The guard on every kind of answer and every unsafe route: security headers on static files, the
 * SPA fallback, 404s, event streams and CSV; CSRF and body limits on each POST/DELETE route of the
 * BFF's own; the key kept out of answers and logs when an upstream echoes it back in any spelling;
 * event streams bounded per user; a new session id on every sign-in.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Service, startService } from '../../embedded/service';
import { json, type RunningBff, startBff, startFaultServer } from '../../testing/bff-server';
import { testStore } from '../../testing/test-store';
import { addUser } from '../auth/users';
import { embeddedUpstream, remoteUpstream } from '../upstream/upstream';

let service: Service;
let bff: RunningBff;
let staticDir: string;

beforeAll(async () => {
  service = await startService({ dataDir: ':memory:', companies: 300, seed: 4 });
  // A stand-in for dist/: the guard's headers on static files do not depend on what Vite built.
  staticDir = mkdtempSync(path.join(tmpdir(), 'bff-static-'));
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(staticDir, 'assets', 'app-abc123.js'), 'console.log(1);');
  bff = await startBff({ upstream: embeddedUpstream(service), staticDir, maxBodyBytes: 2048 });
});
afterAll(async () => {
  await bff.close();
  service.close();
  rmSync(staticDir, { recursive: true, force: true });
});

function expectGuardHeaders(res: Response, what: string): void {
  expect(res.headers.get('content-security-policy'), what).toContain("default-src 'self'");
  expect(res.headers.get('content-security-policy'), what).not.toContain('unsafe-inline');
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
  expect(res.headers.get('referrer-policy'), what).toBe('no-referrer');
  expect(res.headers.get('cross-origin-resource-policy'), what).toBe('same-origin');
}

describe('security headers on every kind of answer', () => {
  it('static files, the SPA fallback, 404s, 405s, 413s, CSV and event streams', async () => {
    const asset = await bff.call('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectGuardHeaders(asset, 'asset');
    const page = await bff.call('/companies/some-id');
    expect(await page.text()).toContain('<div id="root">');
    expectGuardHeaders(page, 'SPA fallback');
    const missingAsset = await bff.call('/api/v1/nothing-here');
    expect(missingAsset.status).toBe(404);
    expectGuardHeaders(missingAsset, '404');
    const wrongMethod = await bff.call('/api/v1/news', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expectGuardHeaders(wrongMethod, '405');
    const tooBig = await bff.post('/api/v1/list/generate/companies', { query: 'x'.repeat(3000) });
    expect(tooBig.status).toBe(413);
    expectGuardHeaders(tooBig, '413');

    const csv = await bff.post('/bff/exports', { request: { limit: 3 }, columns: ['name'] });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expectGuardHeaders(csv, 'CSV');
    await csv.text();

    const controller = new AbortController();
    const events = await bff.call('/bff/events', { signal: controller.signal });
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expectGuardHeaders(events, 'SSE');
    controller.abort();
  });
});

describe('CSRF and body limits on the BFF routes', () => {
  const routes: Array<[string, string, unknown]> = [
    ['POST', '/bff/exports', { request: { limit: 1 }, columns: ['name'] }],
    ['POST', '/bff/session', { username: 'x', password: 'y' }],
    ['DELETE', '/bff/session', undefined],
    ['POST', '/api/v1/company/addition-requests', { company_name: 'A', website: 'https://a-b-c.com' }],
    ['DELETE', '/api/v1/webhooks/abc', undefined],
  ];

  it.each(routes)(
    '%s %s is refused without the header or from another origin',
    async (method, route, body) => {
      const init = (headers: Record<string, string>) => ({
        method,
        headers: { 'content-type': 'application/json', ...headers },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const noHeader = await fetch(`${bff.url}${route}`, init({ origin: bff.url }));
      expect(noHeader.status).toBe(403);
      const crossOrigin = await fetch(
        `${bff.url}${route}`,
        init({ origin: 'https://evil.example', 'x-requested-with': 'list-builder' }),
      );
      expect(crossOrigin.status).toBe(403);
    },
  );

  it.each([
    '/bff/exports',
    '/bff/session',
    '/bff/webhooks/company-addition',
    '/api/v1/company/addition-requests',
  ])('POST %s over the body limit is 413', async (route) => {
    const res = await bff.post(route, { padding: 'x'.repeat(4000) });
    expect(res.status).toBe(413);
  });
});

describe('the key in an upstream answer that echoes the request', () => {
  // A key with characters that JSON and URLs spell differently.
  const KEY = 'k3y/with+odd"chars=';

  it('is redacted in every spelling, in the answer and in the logs', async () => {
    const upstream = await startFaultServer();
    const echo = await startBff({ upstream: remoteUpstream(upstream.url, KEY) });
    try {
      upstream.handle((req, res, nth) => {
        const seen = String(req.headers['x-api-key']);
        if (nth === 1) json(res, 400, { detail: `bad request; headers were ${JSON.stringify(req.headers)}` });
        else if (nth === 2)
          json(res, 403, { message: `key=${encodeURIComponent(seen)} refused`, status: 403 });
        else res.writeHead(500, { 'content-type': 'text/plain' }).end(`crash with key ${seen}`);
      });
      const answers: string[] = [];
      for (const p of ['/api/v1/news?query=a', '/api/v1/news?query=b', '/api/v1/news?query=c']) {
        const res = await echo.call(p);
        expect(res.status).toBeGreaterThanOrEqual(400);
        answers.push(await res.text(), JSON.stringify([...res.headers]));
      }
      expect(answers[0]).toContain('[redacted]');
      expect(answers[2]).toContain('[redacted]');
      const everything = [...answers, ...echo.logs].join('\n');
      for (const form of [KEY, JSON.stringify(KEY).slice(1, -1), encodeURIComponent(KEY)])
        expect(everything).not.toContain(form);
    } finally {
      await echo.close();
      upstream.close();
    }
  });
});

describe('event streams', () => {
  it('are bounded per user: one more is 429 until a tab closes', async () => {
    const bounded = await startBff({
      upstream: embeddedUpstream(service),
      extras: { webhookSecret: undefined, heartbeatMs: 60_000, maxStreamsPerUser: 2 },
    });
    const tabs: AbortController[] = [];
    const open = async () => {
      const controller = new AbortController();
      const res = await bounded.call('/bff/events', { signal: controller.signal });
      if (res.status === 200) tabs.push(controller);
      return res;
    };
    try {
      expect((await open()).status).toBe(200);
      expect((await open()).status).toBe(200);
      const third = await open();
      expect(third.status).toBe(429);
      expect(third.headers.get('content-type')).toBe('application/problem+json');
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      tabs.shift()?.abort();
      // The server learns of the closed socket asynchronously.
      let again = await open();
      for (let i = 0; i < 50 && again.status === 429; i++) {
        await new Promise((r) => setTimeout(r, 20));
        again = await open();
      }
      expect(again.status).toBe(200);
    } finally {
      for (const t of tabs) t.abort();
      await bounded.close();
    }
  });
});

describe('sessions', () => {
  it('a sign-in always issues a new session id; one planted beforehand stays worthless', async () => {
    const db = await testStore();
    await addUser(db, { name: 'carol', password: 'a long enough secret', dailyBudget: null });
    const team = await startBff({ upstream: embeddedUpstream(service), mode: 'team', store: db });
    try {
      const signIn = (cookie?: string) =>
        team.post(
          '/bff/session',
          { username: 'carol', password: 'a long enough secret' },
          cookie ? { headers: { cookie } } : {},
        );
      const idOf = (res: Response) => /lb_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];

      const planted = 'A'.repeat(43);
      const first = await signIn(`lb_session=${planted}`);
      expect(first.status).toBe(200);
      const firstId = idOf(first);
      expect(firstId).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(firstId).not.toBe(planted);
      expect((await team.call('/bff/usage', { headers: { cookie: `lb_session=${planted}` } })).status).toBe(
        401,
      );

      // Signing in again over a live session replaces it: the old id no longer works.
      const second = await signIn(`lb_session=${firstId}`);
      const secondId = idOf(second);
      expect(secondId).not.toBe(firstId);
      expect((await team.call('/bff/usage', { headers: { cookie: `lb_session=${firstId}` } })).status).toBe(
        401,
      );
      expect((await team.call('/bff/usage', { headers: { cookie: `lb_session=${secondId}` } })).status).toBe(
        200,
      );
    } finally {
      await team.close();
      await db.close();
    }
  });
});
