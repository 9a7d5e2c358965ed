/**
 * The one way in (app.ts, guard.ts): every request through Hono's middleware chain, served as
 * `npm start` serves it (`serveBff`). The guard's answers on the service proxy and on every
 * folder's sub-app (401, 402, 403, 404, 413, 421, 429, in the guard's order), the security headers
 * on each, and a list request's body read over a real socket (in pieces, or never whole).
 */
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../contract/bff';
import { type Service, startService } from '../../embedded/service';
import { type RawAnswer, type RunningBff, requestAsHost, startBff } from '../../testing/bff-server';
import { testStore } from '../../testing/test-store';
import { addUser } from '../auth/users';
import type { BffStore } from '../store/store';
import { embeddedUpstream } from '../upstream/upstream';

type Call = { method?: string; path: string; headers?: Record<string, string>; body?: string };

let service: Service;
let db: BffStore;
let bff: RunningBff;
let aliceCookie = '';
let bobCookie = '';
const ALICE = { name: 'alice', password: 'correct horse battery', role: 'admin' as const };
const BOB = { name: 'bob', password: 'another long secret', dailyBudget: 1 };
const LIST = '/api/v1/list/generate/companies';
const listBody = JSON.stringify({ filters: { 'location.hq.country': ['USA'] }, limit: 3 });

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
  const signIn = async (who: { name: string; password: string }) => {
    const res = await bff.post('/bff/session', { username: who.name, password: who.password });
    expect(res.status).toBe(200);
    return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  };
  aliceCookie = await signIn(ALICE);
  bobCookie = await signIn(BOB);
});
afterAll(async () => {
  await bff.close();
  await db.close();
  service.close();
});

/** Sends the call as a browser of this BFF's origin would (Origin and CSRF header unless given as ''). */
function send(call: Call, cookie: string, base = bff.url): Promise<Response> {
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

/** The guard's headers: on every answer, and an API answer not stored by caches. */
function expectGuardHeaders(res: Response): void {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('cache-control')).toBe('no-store');
}

/** Calls an admin makes, each with the answer the guard (or the route behind it) gives. */
const AS_ADMIN: (Call & { name: string; status: number })[] = [
  { name: 'a paid read', status: 200, path: '/api/v1/industry/search?query=bank' },
  { name: 'the other prefix', status: 200, path: '/v1/industry/search?query=bank' },
  { name: 'list generation', status: 200, method: 'POST', path: LIST, body: listBody },
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
    name: 'a list hiding an unknown account list',
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

describe("the service proxy's answers through the guard", () => {
  for (const call of AS_ADMIN) {
    it(`as an admin: ${call.name}`, async () => {
      const res = await send(call, aliceCookie);
      const body = await res.text();
      expect(res.status, body).toBe(call.status);
      expectGuardHeaders(res);
    });
  }

  it('a body of undeclared size is counted as it is read: 413 over the limit, answered under it', async () => {
    const chunked = (text: string) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(text));
          controller.close();
        },
      });
    const over = await fetch(`${bff.url}${LIST}`, {
      method: 'POST',
      headers: {
        origin: bff.url,
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
        cookie: aliceCookie,
        'content-type': 'application/json',
      },
      body: chunked(JSON.stringify({ query: 'x'.repeat(3000) })),
      duplex: 'half',
    } as RequestInit);
    expect(over.status).toBe(413);
    const under = await fetch(`${bff.url}${LIST}`, {
      method: 'POST',
      headers: {
        origin: bff.url,
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
        cookie: aliceCookie,
        'content-type': 'application/json',
      },
      body: chunked(listBody),
      duplex: 'half',
    } as RequestInit);
    expect(under.status, await under.text()).toBe(200);
  });

  it('as a member: 403 on webhook endpoints and 402 past the daily budget', async () => {
    const refused = await send({ path: '/api/v1/webhooks' }, bobCookie);
    expect(refused.status).toBe(403);
    expectGuardHeaders(refused);
    // Bob's budget of 1 credit holds no list call (a list's worst case is more).
    const overBudget = await send({ method: 'POST', path: LIST, body: listBody }, bobCookie);
    expect(overBudget.status).toBe(402);
    expect(overBudget.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('as a member: another user’s addition request is a 404, as an unknown id is', async () => {
    const submitted = await send(
      {
        method: 'POST',
        path: '/api/v1/company/addition-requests',
        body: JSON.stringify({ company_name: 'Pangolin Tools', website: 'https://pangolin-tools.example' }),
      },
      aliceCookie,
    );
    expect(submitted.status).toBe(202);
    const id = ((await submitted.json()) as { request_id: string }).request_id;
    const unknown = randomUUID();
    for (const path of [`/api/v1/status/${id}`, `/v1/company/addition-requests/${id}/`]) {
      const theirs = await send({ path }, bobCookie);
      expect(theirs.status).toBe(404);
      const none = await send({ path: path.replace(id, unknown) }, bobCookie);
      expect(none.status).toBe(404);
      expect((await none.text()).replace(unknown, id)).toBe(await theirs.text());
      const own = await send({ path }, aliceCookie);
      expect(own.status).toBe(200);
      await own.arrayBuffer();
    }
  });

  it('a signed-out session is refused at once', async () => {
    const res = await bff.post('/bff/session', { username: BOB.name, password: BOB.password });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const read = { path: '/api/v1/industry/search?query=bank' };
    expect((await send(read, cookie)).status).not.toBe(401);
    expect((await send({ method: 'DELETE', path: '/bff/session' }, cookie)).ok).toBe(true);
    expect((await send(read, cookie)).status).toBe(401);
  });
});

describe("every folder's sub-app behind the guard registered before it", () => {
  // One route of each sub-app `createApp` mounts after the guard's middleware.
  const routes: Call[] = [
    { path: '/api/v1/industry/search?query=bank' },
    { method: 'POST', path: LIST, body: listBody },
    { path: '/bff/usage' },
    { path: '/bff/pricing' },
    { path: '/bff/admin/users' },
    { method: 'POST', path: '/bff/lookalikes', body: '{}' },
    { method: 'POST', path: '/bff/exports', body: '{}' },
    { path: '/bff/events' },
    { path: '/bff/additions' },
    { path: '/bff/accounts/lists' },
    { path: '/bff/accounts/imports' },
    { path: '/bff/lists' },
    { path: '/bff/lists/alerts' },
  ];

  it('refuses a team-mode request without a session (401) on each, before its handler runs', async () => {
    for (const call of routes) {
      const res = await send(call, '');
      const body = await res.text();
      expect(res.status, `${call.method ?? 'GET'} ${call.path}: ${body}`).toBe(401);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expectGuardHeaders(res);
    }
  });

  it('refuses an unsafe request without the CSRF header (403) on each, even signed in', async () => {
    for (const call of routes.filter((c) => c.method === 'POST')) {
      const res = await send({ ...call, headers: { [CSRF_HEADER]: '' } }, aliceCookie);
      expect(res.status, call.path).toBe(403);
    }
  });

  it('answers a member 403 on an admin route, and the session-free routes without a session', async () => {
    expect((await send({ path: '/bff/admin/users' }, bobCookie)).status).toBe(403);
    const session = await send({ path: '/bff/session' }, '');
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({ mode: 'team', user: null });
    expect((await send({ path: '/api/openapi.json' }, '')).status).toBe(200);
    // A webhook's signature, not a session or a CSRF header, proves it: the receiver's own 400.
    const hook = await send(
      { method: 'POST', path: '/bff/webhooks/company-addition', body: '{}', headers: { [CSRF_HEADER]: '' } },
      '',
    );
    expect(hook.status).toBe(400);
  });

  it('runs who, CSRF, body size in that order', async () => {
    const big = { method: 'POST', path: '/bff/lookalikes', body: JSON.stringify({ x: 'x'.repeat(3000) }) };
    expect((await send({ ...big, headers: { [CSRF_HEADER]: '' } }, '')).status).toBe(401);
    expect((await send({ ...big, headers: { [CSRF_HEADER]: '' } }, aliceCookie)).status).toBe(403);
    expect((await send(big, aliceCookie)).status).toBe(413);
  });
});

describe('a host the BFF does not serve: 421 before anything runs', () => {
  /** The call as a page on `host` sends it: its own Origin, the CSRF header, Alice's session. */
  const asHost = (call: Call, host: string): Promise<RawAnswer> =>
    requestAsHost(bff.url, call.path, host, {
      method: call.method ?? 'GET',
      headers: {
        origin: `http://${host}`,
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
        cookie: aliceCookie,
        ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(call.body !== undefined ? { body: call.body } : {}),
    });
  /** Upstream calls so far, and the ledger's lines once its pending records are written. */
  const spent = async () => {
    await (await send({ path: '/bff/usage' }, aliceCookie)).text();
    const ledger = (await db.sql.get('SELECT COUNT(*) AS n FROM ledger')) as { n: number | string };
    const upstream = service.ctx.db.prepare('SELECT COUNT(*) AS n FROM usage').get() as { n: number };
    return { ledger: Number(ledger.n), upstream: upstream.n };
  };
  const calls: Call[] = [
    { path: '/api/v1/industry/search?query=bank' },
    { method: 'POST', path: LIST, body: listBody },
    {
      method: 'POST',
      path: '/api/v1/webhooks',
      body: JSON.stringify({ url: 'https://rebind.attacker.example/hook' }),
    },
    { path: '/bff/usage' },
    {
      method: 'POST',
      path: '/bff/webhooks/company-addition',
      body: JSON.stringify({ type: 'company_addition.completed' }),
    },
    { path: '/lists' },
  ];
  // Another name that resolves here; loopback on another port; loopback without a port (port 80).
  const hosts = ['rebind.attacker.example', 'localhost:1', '127.0.0.1'];

  it('refuses every call for a host it does not serve, spending nothing', async () => {
    const before = await spent();
    for (const host of hosts) {
      for (const call of calls) {
        const res = await asHost(call, host);
        expect(res.status, `${host} ${call.path}: ${res.body}`).toBe(421);
        expect(JSON.parse(res.body)).toMatchObject({
          type: expect.stringContaining('misdirected-request'),
          status: 421,
          detail: expect.stringContaining(JSON.stringify(host)),
        });
        expect(res.headers['content-type']).toBe('application/problem+json');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    }
    expect(await spent()).toEqual(before);
    const endpoints = await send({ path: '/api/v1/webhooks' }, aliceCookie);
    expect(await endpoints.text()).not.toContain('rebind.attacker.example');
  });

  it('serves loopback names and addresses on the port the request came in on', async () => {
    const port = new URL(bff.url).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `127.7.8.9:${port}`, `[::1]:${port}`]) {
      for (const call of calls.slice(0, 2)) {
        const res = await asHost(call, host);
        expect(res.status, `${host}: ${res.body}`).toBe(200);
      }
    }
  });

  it('tells a probe on any host that the BFF is up, and nothing more', async () => {
    const before = await spent();
    const probe = await asHost({ path: '/healthz' }, '10.0.0.7:8787');
    expect(probe.status).toBe(200);
    expect(JSON.parse(probe.body)).toEqual({ status: 'ok' });
    expect(await spent()).toEqual(before);
  });
});

describe('the rate limit', () => {
  it('refuses past the limit with a 429 and the seconds to wait', async () => {
    const limited = await startBff({
      upstream: embeddedUpstream(service),
      cacheTtlMs: 0,
      rateLimitPerMinute: 6,
    });
    try {
      const call = { path: '/api/v1/industry/search?query=bank' };
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await send(call, '', limited.url)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
      // Own routes and the proxy share the user's bucket.
      for (const path of [call.path, '/bff/usage']) {
        const refused = await send({ path }, '', limited.url);
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        expectGuardHeaders(refused);
      }
    } finally {
      await limited.close();
    }
  });
});

/** Sends raw bytes on a fresh connection and reads until `complete` says the answers are whole. */
function raw(
  port: number,
  parts: readonly (string | { waitMs: number })[],
  complete: (t: string) => boolean,
) {
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (complete(text)) {
        socket.destroy();
        resolve(text);
      }
    });
    socket.on('error', reject);
    socket.on('connect', async () => {
      for (const part of parts) {
        if (typeof part === 'string') socket.write(part);
        else await new Promise((r) => setTimeout(r, part.waitMs));
      }
    });
  });
}

/** Whole answers so far (a body by its content-length, or chunked to its last chunk). */
function answersIn(text: string): { status: number; body: string }[] {
  const out: { status: number; body: string }[] = [];
  let rest = text;
  for (;;) {
    const head = rest.indexOf('\r\n\r\n');
    if (head < 0) return out;
    const headers = rest.slice(0, head);
    const length = /content-length: *(\d+)/i.exec(headers);
    let end: number;
    let body: string;
    if (length) {
      end = head + 4 + Number(length[1]);
      if (Buffer.byteLength(rest) < end) return out;
      body = rest.slice(head + 4, end);
    } else {
      const last = rest.indexOf('\r\n0\r\n\r\n', head);
      if (last < 0) return out;
      end = last + 7;
      body = rest.slice(head + 4, last + 2).replace(/(?:^|\r\n)[0-9a-f]+\r\n/gi, '');
    }
    out.push({ status: Number(rest.slice(9, 12)), body });
    rest = rest.slice(end);
  }
}

describe('a list request over a socket', () => {
  let local: RunningBff;
  let port = 0;
  const head = (length: number, at = port) =>
    `POST ${LIST} HTTP/1.1\r\nHost: 127.0.0.1:${at}\r\n` +
    `Origin: http://127.0.0.1:${at}\r\nX-Requested-With: list-builder\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  beforeAll(async () => {
    local = await startBff({ upstream: embeddedUpstream(service), cacheTtlMs: 0 });
    port = Number(new URL(local.url).port);
  });
  afterAll(() => local.close());

  it('reads a body that comes in pieces, then answers the next request on the connection', async () => {
    const bytes = Buffer.byteLength(listBody);
    const text = await raw(
      port,
      [
        head(bytes),
        listBody.slice(0, 10),
        { waitMs: 30 },
        listBody.slice(10),
        `GET /api/v1/industry/search?query=bank HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`,
      ],
      (t) => answersIn(t).length === 2,
    );
    const [list, next] = answersIn(text);
    expect(list?.status).toBe(200);
    const expected = await (await local.post(LIST, JSON.parse(listBody))).json();
    expect(JSON.parse(list!.body)).toEqual(expected);
    expect(next?.status).toBe(200);
  });

  it('lets a client go before its body is whole, quietly, and goes on answering', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(head(Buffer.byteLength(listBody)) + listBody.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 30));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 30));
    const res = await local.post(LIST, JSON.parse(listBody));
    expect(res.status).toBe(200);
    expect(local.logs.filter((line) => !line.includes('webhook'))).toEqual([]);
  });
});
