/**
 * The way in below Hono's Node adapter (node-way-in.ts; decision 0005, "Below the Node adapter"):
 * that it reads a request's headers as the adapter does, which requests take it, and that a list
 * request whose body comes in pieces, or never comes whole, is handled over a real socket.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { getRequestListener, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Service, startService } from '../embedded/service';
import { type RunningBff, startBff } from '../testing/bff-server';
import { nodeWayPath } from './app';
import { NodeRequest, plainUrl } from './node-way-in';
import { embeddedUpstream } from './upstream/upstream';

/** Sends raw bytes on a fresh connection and reads until `complete` says the answers are whole. */
function raw(
  port: number,
  parts: readonly (string | { waitMs: number })[],
  complete: (text: string) => boolean,
): Promise<string> {
  return new Promise((resolve, reject) => {
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

/** Whole answers so far: each head's content-length of body after it. */
function answersIn(text: string): { status: number; body: string }[] {
  const out: { status: number; body: string }[] = [];
  let rest = text;
  for (;;) {
    const head = rest.indexOf('\r\n\r\n');
    if (head < 0) return out;
    const length = /content-length: *(\d+)/i.exec(rest.slice(0, head));
    const end = head + 4 + Number(length?.[1] ?? 0);
    if (Buffer.byteLength(rest) < end) return out;
    out.push({ status: Number(rest.slice(9, 12)), body: rest.slice(head + 4, end) });
    rest = rest.slice(end);
  }
}

const NAMES = [
  'content-type',
  'content-length',
  'cookie',
  'origin',
  'x-requested-with',
  'x-forwarded-proto',
  'sec-fetch-site',
  'accept',
  'user-agent',
  'host',
  'x-absent',
];

describe('NodeRequest reads headers as the Node adapter does', () => {
  let server: Server;
  let port = 0;
  let ours: Record<string, string | null> = {};
  let theirs: Record<string, string | null> = {};

  beforeAll(async () => {
    const adapter = getRequestListener((req) => {
      theirs = Object.fromEntries(NAMES.map((name) => [name, req.headers.get(name)]));
      return new Response('ok');
    });
    server = createServer((incoming, outgoing) => {
      const req = new NodeRequest(incoming, 'http://127.0.0.1/');
      ours = Object.fromEntries(NAMES.map((name) => [name, req.headers.get(name)]));
      adapter(incoming, outgoing);
    });
    server.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const cases: [string, string][] = [
    [
      'repeated headers: joined ones, kept-once ones (content type, user agent) and cookies',
      'POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Type: text/plain\r\n' +
        'Cookie: a=1\r\nCookie: b=2\r\nAccept: text/html\r\naccept: application/json\r\n' +
        'User-Agent: one\r\nUser-Agent: two\r\nContent-Length: 2\r\n\r\n{}',
    ],
    [
      'padded values and names in any case',
      'POST / HTTP/1.1\r\nHOST: 127.0.0.1\r\nX-Requested-With:   list-builder  \r\nOrigin:\thttp://127.0.0.1\t\r\n' +
        'X-Forwarded-Proto: https, http\r\nsec-fetch-site: same-origin\r\ncontent-length: 0\r\n\r\n',
    ],
    ['none of them', 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'],
  ];
  for (const [name, request] of cases) {
    it(name, async () => {
      const answer = await raw(port, [request], (t) => answersIn(t).length === 1);
      expect(answersIn(answer)[0]?.status).toBe(200);
      expect(ours).toEqual(theirs);
    });
  }
});

describe('which requests are answered below the adapter', () => {
  const incoming = (method: string, url: string, headers: Record<string, string>) =>
    ({
      method,
      url,
      headers,
      rawHeaders: Object.entries(headers).flat(),
      socket: null,
    }) as unknown as IncomingMessage;
  const wayOf = (method: string, url: string, headers: Record<string, string> = {}) => {
    const all = { host: '127.0.0.1:8787', ...headers };
    const href = plainUrl(incoming(method, url, all));
    return href === undefined ? undefined : nodeWayPath(new NodeRequest(incoming(method, url, all), href));
  };
  const declared = { 'content-type': 'application/json', 'content-length': '2' };

  it("the service proxy's GETs and list generation of a declared size, under either prefix", () => {
    expect(wayOf('GET', '/api/v1/company/enrichment?company=x')).toBe('/api/v1/company/enrichment');
    expect(wayOf('GET', '/v1/news')).toBe('/v1/news');
    expect(wayOf('POST', '/api/v1/list/generate/companies', declared)).toBe(
      '/api/v1/list/generate/companies',
    );
    expect(wayOf('POST', '/v1/list/generate/companies', declared)).toBe('/v1/list/generate/companies');
  });

  it('not other unsafe requests, nor bodies of undeclared size, nor anything the adapter would parse', () => {
    expect(wayOf('POST', '/api/v1/list/filter-builder', declared)).toBeUndefined();
    expect(wayOf('DELETE', '/api/v1/webhooks/x', { 'content-length': '0' })).toBeUndefined();
    expect(
      wayOf('POST', '/api/v1/list/generate/companies', { 'content-type': 'application/json' }),
    ).toBeUndefined();
    expect(
      wayOf('POST', '/api/v1/list/generate/companies', { ...declared, 'transfer-encoding': 'chunked' }),
    ).toBeUndefined();
    expect(wayOf('HEAD', '/api/v1/news')).toBeUndefined();
    expect(wayOf('GET', '/bff/usage')).toBeUndefined();
    expect(wayOf('GET', '/companies/abc')).toBeUndefined();
    // Escapes, dot segments and hosts the adapter would parse with URL.
    expect(wayOf('GET', '/api/v1/%6Eews')).toBeUndefined();
    expect(wayOf('GET', '/api/v1/../bff/usage')).toBeUndefined();
    expect(wayOf('GET', '/api/v1/news', { host: 'EXAMPLE.com' })).toBeUndefined();
    expect(wayOf('GET', '/api/v1/news', { host: '' })).toBeUndefined();
  });
});

describe('a list request below the adapter, over a socket', () => {
  let service: Service;
  let bff: RunningBff;
  let port = 0;
  const body = JSON.stringify({ filters: { 'location.hq.country': ['USA'] }, limit: 3 });
  const head = (length: number, at = port) =>
    `POST /api/v1/list/generate/companies HTTP/1.1\r\nHost: 127.0.0.1:${at}\r\n` +
    `Origin: http://127.0.0.1:${at}\r\nX-Requested-With: list-builder\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  beforeAll(async () => {
    service = await startService({ dataDir: ':memory:', companies: 300, seed: 5 });
    bff = await startBff({ upstream: embeddedUpstream(service), cacheTtlMs: 0 });
    port = Number(new URL(bff.url).port);
  });
  afterAll(async () => {
    await bff.close();
    service.close();
  });

  it('reads a body that comes in pieces, then answers the next request on the connection', async () => {
    const bytes = Buffer.byteLength(body);
    const text = await raw(
      port,
      [
        head(bytes),
        body.slice(0, 10),
        { waitMs: 30 },
        body.slice(10),
        `GET /api/v1/industry/search?query=bank HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`,
      ],
      (t) => answersIn(t).length === 2,
    );
    const [list, next] = answersIn(text);
    expect(list?.status).toBe(200);
    const expected = await (await bff.post('/api/v1/list/generate/companies', JSON.parse(body))).json();
    expect(JSON.parse(list!.body)).toEqual(expected);
    expect(next?.status).toBe(200);
  });

  /** A client that sends half its list body to `at`, then goes; the BFF must go on answering, quietly. */
  async function goneMidBody(at: number): Promise<void> {
    const socket = net.connect(at, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(head(Buffer.byteLength(body), at) + body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 30));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 30));
    const res = await bff.post('/api/v1/list/generate/companies', JSON.parse(body));
    expect(res.status).toBe(200);
    expect(bff.logs.filter((line) => !line.includes('webhook'))).toEqual([]);
  }

  it('lets a client go before its body is whole, and goes on answering', async () => {
    await goneMidBody(port);
  });

  it('and so through the adapter: a client gone mid-body is no unexpected error there either', async () => {
    const server = serve({ fetch: bff.bff.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      await goneMidBody((server.address() as AddressInfo).port);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
