/**
 * The service proxy's own ways in (app.ts, `directProxyPath` and `nodeWayPath`; decision 0005): which
 * requests take them, and that each answers exactly as the same request through Hono's router and
 * middleware does. One BFF app is served three times over real HTTP: as it runs (`serveBff`: its GETs
 * and list requests below the Node adapter, the rest straight past Hono), through the adapter to
 * `bff.fetch` (straight past Hono), and through Hono alone (`bff.app.fetch`); every request of the
 * matrix goes to all three, in turn, and the answers must agree in status, headers and body.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../contract/bff';
import { type Service, startService } from '../../embedded/service';
import { type RawAnswer, type RunningBff, requestAsHost, startBff } from '../../testing/bff-server';
import { testStore } from '../../testing/test-store';
import { directProxyPath } from '../app';
import { addUser } from '../auth/users';
import type { BffStore } from '../store/store';
import { embeddedUpstream } from '../upstream/upstream';

describe('which requests the service proxy takes straight', () => {
  const req = (method: string, url: string, headers: Record<string, string> = {}, body?: string) =>
    new Request(`http://127.0.0.1:1${url}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  const declared = { 'content-type': 'application/json', 'content-length': '2' };

  it('takes the service paths under either prefix, for GET and unsafe methods with a declared length', () => {
    expect(directProxyPath(req('GET', '/api/v1/industry/search?query=bank'))).toBe('/api/v1/industry/search');
    expect(directProxyPath(req('GET', '/v1/news'))).toBe('/v1/news');
    expect(directProxyPath(req('POST', '/api/v1/list/generate/companies', declared, '{}'))).toBe(
      '/api/v1/list/generate/companies',
    );
    expect(directProxyPath(req('DELETE', '/api/v1/webhooks/x', { 'content-length': '0' }))).toBe(
      '/api/v1/webhooks/x',
    );
  });

  it('leaves to Hono every other path, HEAD and OPTIONS, escapes, and bodies of undeclared size', () => {
    expect(directProxyPath(req('GET', '/bff/usage'))).toBeUndefined();
    expect(directProxyPath(req('GET', '/api/v1'))).toBeUndefined();
    expect(directProxyPath(req('GET', '/api/v10/news'))).toBeUndefined();
    expect(directProxyPath(req('GET', '/apiv1/news'))).toBeUndefined();
    expect(directProxyPath(req('GET', '/companies/abc'))).toBeUndefined();
    expect(directProxyPath(req('HEAD', '/api/v1/news'))).toBeUndefined();
    expect(directProxyPath(req('OPTIONS', '/api/v1/news'))).toBeUndefined();
    expect(directProxyPath(req('GET', '/api/v1/%6Eews'))).toBeUndefined();
    expect(directProxyPath(req('POST', '/api/v1/list/generate/companies', {}, '{}'))).toBeUndefined();
    expect(
      directProxyPath(
        req('POST', '/api/v1/list/generate/companies', { ...declared, 'transfer-encoding': 'chunked' }, '{}'),
      ),
    ).toBeUndefined();
  });
});

type Target = { url: string; close: () => Promise<void> };

/**
 * The same BFF app served through the Node adapter: to Hono alone (its router, middleware and proxy
 * route), or to `bff.fetch` (the service proxy straight past Hono, every request read by the adapter).
 */
async function serveThrough(bff: RunningBff, way: 'hono' | 'adapter'): Promise<Target> {
  const server = serve({
    fetch: way === 'hono' ? (req, env) => bff.bff.app.fetch(req, env as object) : bff.bff.fetch,
    port: 0,
    hostname: '127.0.0.1',
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        (server as unknown as { closeAllConnections: () => void }).closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Call = {
  name: string;
  status?: number;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
};
type Seen = { status: number; headers: Record<string, string>; body: string };

/**
 * The headers of the connection and of the body's framing: whether a body goes with its length or in
 * chunks is the server's choice per answer, and says nothing of the answer (its bytes are compared).
 */
const FRAMING = new Set(['date', 'keep-alive', 'content-length', 'transfer-encoding']);

/** An answer as compared: its status, its headers but the framing's, its body. */
async function seen(res: Response): Promise<Seen> {
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    if (!FRAMING.has(k)) headers[k] = v;
  });
  return { status: res.status, headers, body: await res.text() };
}

let service: Service;
let db: BffStore;
let bff: RunningBff;
let hono: Target;
let adapter: Target;
let aliceCookie = '';
let bobCookie = '';
const ALICE = { name: 'alice', password: 'correct horse battery', role: 'admin' as const };
const BOB = { name: 'bob', password: 'another long secret', dailyBudget: 1 };

beforeAll(async () => {
  service = await startService({ dataDir: ':memory:', companies: 300, seed: 5 });
  db = await testStore();
  await addUser(db, { ...ALICE, dailyBudget: null });
  await addUser(db, BOB);
  // Cache off, so that the same request twice reaches the upstream twice and pays twice alike.
  bff = await startBff({
    upstream: embeddedUpstream(service),
    mode: 'team',
    store: db,
    cacheTtlMs: 0,
    maxBodyBytes: 2048,
  });
  hono = await serveThrough(bff, 'hono');
  adapter = await serveThrough(bff, 'adapter');
  const signIn = async (who: { name: string; password: string }) => {
    const res = await bff.post('/bff/session', { username: who.name, password: who.password });
    expect(res.status).toBe(200);
    return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  };
  aliceCookie = await signIn(ALICE);
  bobCookie = await signIn(BOB);
  // Bob's budget of 1 credit holds no list call (a list's worst case is more): refused (402).
});
afterAll(async () => {
  await hono.close();
  await adapter.close();
  await bff.close();
  await db.close();
  service.close();
});

/** Sends the call to `base` as a browser of this BFF's origin would (Origin and CSRF header unless given). */
function send(base: string, call: Call, cookie: string): Promise<Response> {
  const headers: Record<string, string> = {
    origin: base,
    [CSRF_HEADER]: CSRF_HEADER_VALUE,
    ...(cookie ? { cookie } : {}),
    ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...call.headers,
  };
  for (const [k, v] of Object.entries(headers)) if (v === '') delete headers[k];
  return fetch(`${base}${call.path}`, {
    method: call.method ?? 'GET',
    headers,
    ...(call.body !== undefined ? { body: call.body } : {}),
    redirect: 'manual',
  });
}

const LIST = '/api/v1/list/generate/companies';
const listBody = JSON.stringify({ filters: { 'location.hq.country': ['USA'] }, limit: 3 });

/** The call's answer through the adapter and through Hono, each held equal to the one given. */
async function expectSameElsewhere(call: Call, cookie: string, given: Seen): Promise<void> {
  expect(await seen(await send(adapter.url, call, cookie))).toEqual(given);
  expect(await seen(await send(hono.url, call, cookie))).toEqual(given);
}

describe('a request answers the same below the adapter, straight and through Hono', () => {
  const asAlice: Call[] = [
    { name: 'a paid read', status: 200, path: '/api/v1/industry/search?query=bank' },
    { name: 'the other prefix', status: 200, path: '/v1/industry/search?query=bank' },
    { name: 'list generation', status: 200, method: 'POST', path: LIST, body: listBody },
    // Taken past the account lists' and the resolver's layers straight, these two through them.
    {
      name: 'a list with exclusions (the resolver)',
      status: 200,
      method: 'POST',
      path: LIST,
      body: JSON.stringify({
        filters: { 'location.hq.country': ['USA'] },
        exclude: { 'firmographic.company_type': ['public'] },
        limit: 3,
      }),
    },
    {
      name: 'a list hiding a malformed account list id (the account lists)',
      status: 400,
      method: 'POST',
      path: LIST,
      body: JSON.stringify({ ...JSON.parse(listBody), exclude_account_lists: ['no-such-list'] }),
    },
    {
      name: 'no CSRF header',
      status: 403,
      method: 'POST',
      path: LIST,
      body: listBody,
      headers: { [CSRF_HEADER]: '' },
    },
    {
      name: 'a foreign Origin',
      status: 403,
      method: 'POST',
      path: LIST,
      body: listBody,
      headers: { origin: 'https://evil.example' },
    },
    {
      name: 'a body over the limit',
      status: 413,
      method: 'POST',
      path: LIST,
      body: JSON.stringify({ query: 'x'.repeat(3000) }),
    },
    { name: 'a body that is not JSON', status: 400, method: 'POST', path: LIST, body: '{"filters":' },
    {
      name: 'an invalid filter',
      status: 400,
      method: 'POST',
      path: LIST,
      body: JSON.stringify({ filters: { 'location.hq.country': ['Atlantis'] } }),
    },
    {
      name: 'a wrong content type',
      status: 415,
      method: 'POST',
      path: LIST,
      body: listBody,
      headers: { 'content-type': 'text/plain' },
    },
    { name: 'no such endpoint', status: 404, path: '/api/v1/nothing-here' },
    { name: 'a method the endpoint lacks', status: 405, method: 'DELETE', path: '/api/v1/news' },
    { name: 'an invalid query', status: 400, path: '/api/v1/industry/search?query=bank&query=card' },
    { name: 'webhook endpoints, as an admin', status: 200, path: '/api/v1/webhooks' },
  ];

  for (const call of asAlice) {
    it(`as an admin: ${call.name}`, async () => {
      const straight = await seen(await send(bff.url, call, aliceCookie));
      expect(straight.status, straight.body).toBe(call.status);
      await expectSameElsewhere(call, aliceCookie, straight);
      // Every answer carries the guard's headers, and an API answer is not stored by caches.
      expect(straight.headers['x-content-type-options']).toBe('nosniff');
      expect(straight.headers['cache-control']).toBe('no-store');
    });
  }

  it('without a session: 401 on every way', async () => {
    for (const call of [
      { name: 'signed out', path: '/api/v1/industry/search?query=bank' },
      { name: 'signed out list', method: 'POST', path: LIST, body: listBody },
    ]) {
      const straight = await seen(await send(bff.url, call, ''));
      expect(straight.status).toBe(401);
      await expectSameElsewhere(call, '', straight);
    }
  });

  it('as a member: 403 on webhook endpoints and 402 past the daily budget, on every way', async () => {
    const webhooks = { name: 'webhooks', path: '/api/v1/webhooks' };
    const refused = await seen(await send(bff.url, webhooks, bobCookie));
    expect(refused.status).toBe(403);
    await expectSameElsewhere(webhooks, bobCookie, refused);

    const list = { name: 'over budget', method: 'POST', path: LIST, body: listBody };
    const overBudget = await seen(await send(bff.url, list, bobCookie));
    expect(overBudget.status).toBe(402);
    expect(overBudget.headers['retry-after']).toMatch(/^\d+$/);
    await expectSameElsewhere(list, bobCookie, overBudget);
  });

  it('as a member: another user’s addition request is a 404 on every way, as an unknown id is', async () => {
    const submit = {
      name: 'an addition request',
      method: 'POST',
      path: '/api/v1/company/addition-requests',
      body: JSON.stringify({ company_name: 'Pangolin Tools', website: 'https://pangolin-tools.example' }),
    };
    const submitted = await send(bff.url, submit, aliceCookie);
    expect(submitted.status).toBe(202);
    const id = ((await submitted.json()) as { request_id: string }).request_id;
    const unknown = randomUUID();
    for (const path of [`/api/v1/status/${id}`, `/v1/company/addition-requests/${id}/`]) {
      const call = { name: 'her request', path };
      const theirs = await seen(await send(bff.url, call, bobCookie));
      expect(theirs.status).toBe(404);
      await expectSameElsewhere(call, bobCookie, theirs);
      const none = await seen(
        await send(bff.url, { name: 'unknown', path: path.replace(id, unknown) }, bobCookie),
      );
      expect({ ...none, body: none.body.replace(unknown, id) }).toEqual(theirs);
      const own = await send(bff.url, call, aliceCookie);
      expect(own.status).toBe(200);
      await own.arrayBuffer();
    }
  });

  it('a signed-out session is refused at once on every way', async () => {
    const res = await bff.post('/bff/session', { username: BOB.name, password: BOB.password });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const call = { name: 'free read', path: '/api/v1/industry/search?query=bank' };
    expect((await send(bff.url, call, cookie)).status).not.toBe(401);
    const out = await send(bff.url, { name: 'sign out', method: 'DELETE', path: '/bff/session' }, cookie);
    expect(out.ok).toBe(true);
    const straight = await seen(await send(bff.url, call, cookie));
    expect(straight.status).toBe(401);
    await expectSameElsewhere(call, cookie, straight);
  });
});

describe('a host the BFF does not serve: 421 on every way, before anything runs', () => {
  /** An answer as compared (`seen`), from node:http's: the connection's own headers left out too. */
  const seenRaw = (res: RawAnswer): Seen => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers))
      if (!FRAMING.has(k) && k !== 'connection' && v !== undefined) headers[k] = String(v);
    return { status: res.status, headers, body: res.body };
  };
  /** The call as a page on `host` sends it: its own Origin, the CSRF header, Alice's session. */
  const asHost = async (base: string, call: Call, host: string): Promise<Seen> =>
    seenRaw(
      await requestAsHost(base, call.path, host, {
        method: call.method ?? 'GET',
        headers: {
          origin: `http://${host}`,
          [CSRF_HEADER]: CSRF_HEADER_VALUE,
          cookie: aliceCookie,
          ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(call.body !== undefined ? { body: call.body } : {}),
      }),
    );
  const portOf = (base: string) => new URL(base).port;
  /** Upstream calls so far, and the ledger's lines once its pending records are written. */
  const spent = async () => {
    await (await send(bff.url, { name: 'usage', path: '/bff/usage' }, aliceCookie)).text();
    const ledger = (await db.sql.get('SELECT COUNT(*) AS n FROM ledger')) as { n: number | string };
    const upstream = service.ctx.db.prepare('SELECT COUNT(*) AS n FROM usage').get() as { n: number };
    return { ledger: Number(ledger.n), upstream: upstream.n };
  };

  const calls: Call[] = [
    { name: 'a paid read', path: '/api/v1/industry/search?query=bank' },
    { name: 'list generation', method: 'POST', path: LIST, body: listBody },
    {
      name: 'a webhook endpoint registered',
      method: 'POST',
      path: '/api/v1/webhooks',
      body: JSON.stringify({ url: 'https://rebind.attacker.example/hook' }),
    },
    { name: 'the usage', path: '/bff/usage' },
    {
      name: 'the webhook receiver',
      method: 'POST',
      path: '/bff/webhooks/company-addition',
      body: JSON.stringify({ type: 'company_addition.completed' }),
    },
    { name: 'the web app', path: '/lists' },
  ];
  // Another name that resolves here; loopback on another port; loopback without a port (port 80).
  const hosts = ['rebind.attacker.example', 'localhost:1', '127.0.0.1'];

  it('refuses every call for a host it does not serve, alike on the three ways, spending nothing', async () => {
    const before = await spent();
    for (const host of hosts) {
      for (const call of calls) {
        const straight = await asHost(bff.url, call, host);
        expect(straight.status, `${host} ${call.name}: ${straight.body}`).toBe(421);
        expect(JSON.parse(straight.body)).toMatchObject({
          type: expect.stringContaining('misdirected-request'),
          status: 421,
          detail: expect.stringContaining(JSON.stringify(host)),
        });
        expect(straight.headers['content-type']).toBe('application/problem+json');
        expect(straight.headers['x-content-type-options']).toBe('nosniff');
        expect(await asHost(adapter.url, call, host), `${host} ${call.name} (adapter)`).toEqual(straight);
        expect(await asHost(hono.url, call, host), `${host} ${call.name} (Hono)`).toEqual(straight);
      }
    }
    // No upstream call, no ledger line, no webhook endpoint registered.
    expect(await spent()).toEqual(before);
    const endpoints = await send(bff.url, { name: 'webhooks', path: '/api/v1/webhooks' }, aliceCookie);
    expect(await endpoints.text()).not.toContain('rebind.attacker.example');
  });

  it('serves loopback names and addresses on the port the request came in on', async () => {
    for (const way of [bff, adapter, hono]) {
      const port = portOf(way.url);
      for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `127.7.8.9:${port}`, `[::1]:${port}`]) {
        const read = await asHost(way.url, calls[0]!, host);
        expect(read.status, `${way.url} ${host}: ${read.body}`).toBe(200);
        const list = await asHost(way.url, calls[1]!, host);
        expect(list.status, `${way.url} ${host}: ${list.body}`).toBe(200);
      }
    }
  });

  it('tells a probe on any host that the BFF is up, and nothing more', async () => {
    const before = await spent();
    for (const way of [bff, adapter, hono]) {
      const probe = await asHost(way.url, { name: 'health', path: '/healthz' }, '10.0.0.7:8787');
      expect(probe.status).toBe(200);
      expect(JSON.parse(probe.body)).toEqual({ status: 'ok' });
    }
    expect(await spent()).toEqual(before);
  });
});

describe('the rate limit, on every way in', () => {
  it('counts calls of every way in one bucket and refuses with the same 429', async () => {
    const limited = await startBff({
      upstream: embeddedUpstream(service),
      cacheTtlMs: 0,
      rateLimitPerMinute: 6,
    });
    const ways = [limited, await serveThrough(limited, 'adapter'), await serveThrough(limited, 'hono')];
    try {
      const call = { name: 'read', path: '/api/v1/industry/search?query=bank' };
      const statuses: number[] = [];
      for (const way of [...ways, ...ways]) statuses.push((await send(way.url, call, '')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
      const refused = await Promise.all(ways.map(async (way) => seen(await send(way.url, call, ''))));
      for (const answer of refused) {
        expect(answer.status).toBe(429);
        // The seconds to wait may have ticked between them.
        expect(Object.keys(answer.headers).sort()).toEqual(Object.keys(refused[0]!.headers).sort());
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      await ways[2]!.close();
      await ways[1]!.close();
      await limited.close();
    }
  });
});
