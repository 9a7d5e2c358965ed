/**
 * The BFF's guard over real HTTP: security headers, CSRF, body size, rate limit, daily budget,
 * pricing for the key's plan, the key kept out of the built web app, and the loopback rule.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PricingResponse, UsageResponse } from '../../contract/bff';
import type { Service } from '../../embedded/service';
import { DEV_KEYS } from '../../embedded/store/keys';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { childEnv } from '../../testing/env';
import { bffVariables } from '../config';
import { buildWebIfStale, WEB_BUILD_DIR } from '../static/build';
import { embeddedUpstream } from '../upstream/upstream';
import { assertSafeBind, isLoopbackHost } from './bind';

let service: Service;
let bff: RunningBff;

/** The built web app, `dist/`: built when it is missing or older than its sources, as `npm start` does. */
function webBuild(): string {
  buildWebIfStale({ show: false });
  return WEB_BUILD_DIR;
}

beforeAll(async () => {
  service = await startEmbedded(400, { seed: 3 });
  bff = await startBff({ upstream: embeddedUpstream(service), maxBodyBytes: 4096 });
});
afterAll(async () => {
  await bff.close();
  service.close();
});

function upstreamCalls(): number {
  return (service.ctx.db.prepare('SELECT COUNT(*) AS n FROM usage').get() as { n: number }).n;
}

const LIST = '/api/v1/list/generate/companies';

describe('security headers', () => {
  it('are on every answer: API, BFF, errors', async () => {
    for (const res of [
      await bff.call('/api/v1/industry/search?query=bank'),
      await bff.call('/bff/pricing'),
      await bff.call('/api/v1/nope'),
      await bff.call('/healthz'),
    ]) {
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
      // Plain HTTP: no HSTS (it would be ignored, and is wrong on localhost).
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
    expect((await bff.call('/bff/pricing')).headers.get('cache-control')).toBe('no-store');
  });

  it("are on proxied answers and the proxy's own problems alike, with no-store", async () => {
    for (const [what, res] of [
      ['relayed', await bff.call('/api/v1/industry/search?query=bank')],
      ['relayed POST', await bff.post(LIST, { filters: {}, limit: 1 })],
      ['invalid', await bff.post(LIST, { limit: 'many' })],
      ['405', await bff.call('/api/v1/news', { method: 'DELETE' })],
    ] as const) {
      expect(res.headers.get('content-security-policy'), what).toContain("default-src 'self'");
      expect(res.headers.get('x-frame-options'), what).toBe('DENY');
      expect(res.headers.get('cache-control'), what).toBe('no-store');
      expect(res.headers.get('strict-transport-security'), what).toBeNull();
      await res.arrayBuffer();
    }
  });

  it('HSTS under HTTPS behind a trusted proxy', async () => {
    const behind = await startBff({ upstream: embeddedUpstream(service), trustProxy: true });
    try {
      const res = await behind.call('/bff/pricing', { headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
      const proxied = await behind.call('/api/v1/industry/search?query=bank', {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(proxied.status).toBe(200);
      expect(proxied.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
      expect(proxied.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    } finally {
      await behind.close();
    }
  });

  it('the built web app is served with them and a SPA fallback, unknown API paths are not', async () => {
    const withApp = await startBff({ upstream: embeddedUpstream(service), staticDir: webBuild() });
    try {
      const page = await withApp.call('/lists/some-client-route');
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
      const api = await withApp.call('/api/v1/unknown');
      expect(api.status).toBe(404);
      expect(api.headers.get('content-type')).toBe('application/problem+json');
    } finally {
      await withApp.close();
    }
  });
});

describe('CSRF', () => {
  const body = JSON.stringify({ limit: 1 });
  const post = (headers: Record<string, string>) =>
    fetch(`${bff.url}${LIST}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  it('refuses an unsafe request without the custom header, or from another origin, before any upstream call', async () => {
    const before = upstreamCalls();
    const noHeader = await post({ origin: bff.url });
    expect(noHeader.status).toBe(403);
    expect((await noHeader.json()).detail).toBe(
      'Requests that change something must carry the x-requested-with: list-builder header.',
    );
    const crossOrigin = await post({ origin: 'https://evil.example', 'x-requested-with': 'list-builder' });
    expect(crossOrigin.status).toBe(403);
    expect((await crossOrigin.json()).detail).toBe('Cross-origin requests are refused.');
    const nullOrigin = await post({ origin: 'null', 'x-requested-with': 'list-builder' });
    expect(nullOrigin.status).toBe(403);
    const neither = await post({ 'x-requested-with': 'list-builder' });
    expect(neither.status).toBe(403);
    const crossSite = await post({ 'x-requested-with': 'list-builder', 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(upstreamCalls()).toBe(before);
  });

  it('lets the web app through: header plus same Origin, or header plus Sec-Fetch-Site same-origin', async () => {
    expect((await post({ origin: bff.url, 'x-requested-with': 'list-builder' })).status).toBe(200);
    expect((await post({ 'x-requested-with': 'list-builder', 'sec-fetch-site': 'same-origin' })).status).toBe(
      200,
    );
  });

  it('leaves reads alone', async () => {
    const res = await fetch(`${bff.url}/api/v1/industry/search?query=bank`);
    expect(res.status).toBe(200);
  });
});

describe('limits', () => {
  it('an oversized body is 413 and reaches nothing', async () => {
    const before = upstreamCalls();
    const res = await bff.post(LIST, { query: 'x'.repeat(5000) });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      status: 413,
      detail: 'The request body is larger than 4096 bytes.',
    });
    expect(upstreamCalls()).toBe(before);
  });

  it('an oversized chunked body (no Content-Length) is 413 too', async () => {
    const before = upstreamCalls();
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${bff.url}${LIST}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: bff.url,
          'x-requested-with': 'list-builder',
          'transfer-encoding': 'chunked',
        },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.write('{"query": "');
      for (let i = 0; i < 10; i++) req.write('x'.repeat(1000));
      req.end('"}');
    });
    expect(status).toBe(413);
    expect(JSON.parse(body).detail).toBe('The request body is larger than 4096 bytes.');
    expect(upstreamCalls()).toBe(before);
  });

  it('rate limit per user: 429 with Retry-After', async () => {
    const limited = await startBff({ upstream: embeddedUpstream(service), rateLimitPerMinute: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited.call('/bff/pricing')).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const res = await limited.call('/bff/usage');
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await res.json()).title).toBe('Too many requests');
    } finally {
      await limited.close();
    }
  });

  it('daily budget: a call that may cost more than is left is 402 before any upstream call; cache hits stay free', async () => {
    const budgeted = await startBff({ upstream: embeddedUpstream(service), dailyBudget: 6 });
    try {
      const first = await budgeted.post(LIST, { limit: 20 }); // 1.5 + 20 x 0.2 = 5.5 credits
      expect(first.status).toBe(200);
      expect((await first.json()).credits_consumed).toBe(5.5);
      const before = upstreamCalls();
      const refused = await budgeted.post(LIST, { limit: 2 }); // 1.9 at most, 0.5 left
      expect(refused.status).toBe(402);
      expect(await refused.json()).toMatchObject({
        status: 402,
        detail:
          'This call may cost up to 1.9 credits, and your daily budget of 6 has only 0.5 left (5.5 used today). Ask for fewer companies, sections or results, or wait: it renews at 00:00 UTC.',
      });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(upstreamCalls()).toBe(before);
      const cached = await budgeted.post(LIST, { limit: 20 });
      expect(cached.status).toBe(200);
      expect(cached.headers.get('x-cache')).toBe('hit');
      const usage = (await (await budgeted.call('/bff/usage')).json()) as UsageResponse;
      expect(usage).toMatchObject({ spent_today: 5.5, budget: 6, remaining: 0.5, calls_today: 2 });
      expect(usage.user).toEqual({ id: 'local', name: 'Local user' });
    } finally {
      await budgeted.close();
    }
  });
});

describe('pricing', () => {
  it('gives the price table and the plan of the key, with the reasons the service gives', async () => {
    const sub = await startBff({ upstream: embeddedUpstream(service, 'dev-subscription-key') });
    try {
      const p = (await (await sub.call('/bff/pricing')).json()) as PricingResponse;
      expect(p.plan).toBe('subscription');
      expect(p.plan_label).toBe('Subscription');
      expect(p.prices.listBase).toBe(1.5);
      expect(p.prices.sections.headcount).toBe(2.5);
      expect(Object.keys(p.unavailable_sections).sort()).toEqual(['funding_detail', 'mna_and_investment']);
      // The same reason the service writes in skipped_sections.
      const list = await (
        await sub.post(LIST, { limit: 1, sections: ['funding_detail', 'location'] })
      ).json();
      expect(list.skipped_sections).toEqual([
        { section: 'funding_detail', reason: p.unavailable_sections.funding_detail },
      ]);
    } finally {
      await sub.close();
    }
    const payg = await startBff({ upstream: embeddedUpstream(service, 'dev-payg-key') });
    try {
      const p = (await (await payg.call('/bff/pricing')).json()) as PricingResponse;
      expect(p.rules.maxListLimit).toBe(20);
      const list = await (await payg.post(LIST, { limit: 1, sections: ['location'] })).json();
      expect(list.skipped_sections).toEqual([
        { section: 'location', reason: p.unavailable_sections.location },
      ]);
    } finally {
      await payg.close();
    }
  });
});

describe('the key stays server-side', () => {
  it('is in no file of the built web app', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir)) {
        const p = path.join(dir, e);
        if (statSync(p).isDirectory()) walk(p);
        else files.push(p);
      }
    };
    walk(webBuild());
    expect(files.length).toBeGreaterThan(0);
    // The key this environment would give the BFF, if any (bff/server/config.ts reads it).
    const upstreamKey = bffVariables(['UPSTREAM_API_KEY']).UPSTREAM_API_KEY;
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      for (const k of DEV_KEYS) expect(text.includes(k.key), `${k.key} in ${f}`).toBe(false);
      if (upstreamKey) expect(text.includes(upstreamKey)).toBe(false);
    }
  });
});

describe('local mode listens on loopback only', () => {
  it('knows loopback addresses', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'app.localhost'])
      expect(isLoopbackHost(h)).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.5', '10.0.0.1', 'example.com'])
      expect(isLoopbackHost(h)).toBe(false);
    expect(() => assertSafeBind('0.0.0.0', 'local')).toThrow(/Refusing to listen on 0\.0\.0\.0/);
    expect(() => assertSafeBind('0.0.0.0', 'team', ['lists.example.com'])).not.toThrow();
  });

  it('npm start refuses HOST=0.0.0.0 without team mode, before doing anything', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'bff/server/cli/start.ts'], {
      env: childEnv({
        HOST: '0.0.0.0',
        BFF_MODE: '',
        DATA_DIR: 'data/should-not-exist',
        SKIP_WEB_BUILD: '1',
      }),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Cannot start: Refusing to listen on 0.0.0.0');
    expect(existsSync('data/should-not-exist')).toBe(false);
  });

  it('npm start refuses HOST=0.0.0.0 in team mode without the names it is reached by, saying which to set', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'bff/server/cli/start.ts'], {
      env: childEnv({
        HOST: '0.0.0.0',
        BFF_MODE: 'team',
        BFF_ALLOWED_HOSTS: '',
        BFF_PUBLIC_URL: '',
        DATA_DIR: 'data/should-not-exist',
        SKIP_WEB_BUILD: '1',
      }),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Cannot start: Refusing to listen on 0.0.0.0 without the names');
    expect(r.stderr).toContain('Set BFF_ALLOWED_HOSTS');
    expect(existsSync('data/should-not-exist')).toBe(false);
  });
});
