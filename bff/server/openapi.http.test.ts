/**
 * The OpenAPI document the BFF serves, checked against what the BFF really answers: every documented
 * operation is routed (never "no endpoint", never 405), every other method on a documented path is
 * refused, and every route the BFF registers for its own API is documented. Also: no API path is
 * written outside the endpoint table (tests and docs aside).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIXES, HTTP_METHODS } from '../contract/endpoints';
import type { OpenApiDocument } from '../contract/openapi';
import type { Service } from '../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../testing/bff-server';
import { embeddedUpstream } from './upstream/upstream';

let service: Service;
let bff: RunningBff;
let doc: OpenApiDocument;

beforeAll(async () => {
  service = await startEmbedded(300, { seed: 7 });
  bff = await startBff({ upstream: embeddedUpstream(service) });
  const res = await bff.call('/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  doc = (await res.json()) as OpenApiDocument;
});
afterAll(async () => {
  await bff.close();
  service.close();
});

const SAMPLE_ID = '0b6b1f52-3f0e-4c57-9a51-4d3f0f0a7e11';
const fill = (p: string) => p.replace(/\{(\w+)\}/g, SAMPLE_ID);

async function answer(method: string, p: string): Promise<{ status: number; detail: string }> {
  const res = await bff.call(fill(p), {
    method,
    ...(method === 'POST' || method === 'PATCH'
      ? { headers: { 'content-type': 'application/json' }, body: '{}' }
      : {}),
  });
  // Event streams stay open: the status line is the answer.
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    await res.body?.cancel();
    return { status: res.status, detail: '' };
  }
  const text = await res.text();
  let detail = '';
  try {
    detail = String((JSON.parse(text) as { detail?: unknown }).detail ?? '');
  } catch {
    // CSV or empty
  }
  return { status: res.status, detail };
}

describe('GET /api/openapi.json against the routes', () => {
  it('is served to anyone, as OpenAPI 3.1', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).length).toBeGreaterThan(20);
  });

  it('routes every documented operation: none answers "no endpoint" or 405', async () => {
    for (const [p, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item)) {
        const a = await answer(method.toUpperCase(), p);
        expect(a.status, `${method} ${p}`).not.toBe(405);
        expect(a.detail, `${method} ${p}`).not.toMatch(/^No endpoint at/);
      }
    }
  });

  it('refuses every undocumented method on a documented path', async () => {
    for (const [p, item] of Object.entries(doc.paths)) {
      const documented = Object.keys(item).map((m) => m.toUpperCase());
      for (const method of HTTP_METHODS.filter((m) => !documented.includes(m))) {
        const a = await answer(method, p);
        expect([404, 405], `${method} ${p}`).toContain(a.status);
        if (p.startsWith('/api/v1/')) expect(a.status, `${method} ${p}`).toBe(405);
      }
    }
  });

  it('documents every route the BFF registers for its API', () => {
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([p, item]) =>
        Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`),
      ),
    );
    const apiRoute = new RegExp(`^(?:${API_PREFIXES.join('|')})(?:/|$)`);
    const registered = bff.bff.app.routes
      .filter((r) => apiRoute.test(r.path) && !r.path.endsWith('*') && r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(registered.length).toBeGreaterThan(5);
    for (const r of registered) expect(documented.has(r), r).toBe(true);
  });
});

describe('no API path outside the endpoint table', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  function files(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return files(full);
      return /\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) ? [full] : [];
    });
  }

  it('has no /api/ or /bff/ path string in the web app or the servers but the contract', () => {
    const literal = /['"`](?:https?:\/\/[^'"`/]+)?\/(?:api\/v1|v1|bff|api)\/[a-z]/;
    const offenders = ['web/src', 'bff/server', 'bff/embedded']
      .flatMap((d) => files(path.join(root, d)))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${path.relative(root, f)}:${i + 1}` }))
          // Comments may name paths: they explain, they do not route.
          .filter(({ line }) => !/^\s*(?:\*|\/\/|\/\*)/.test(line) && literal.test(line)),
      )
      .map((o) => `${o.at}: ${o.line.trim()}`);
    expect(offenders).toEqual([]);
  });
});
