/**
 * Test harness of the BFF: the real app on a loopback port, a browser-like fetch (same-origin Origin
 * and the CSRF header), and a real HTTP server that misbehaves on purpose for fault tests.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../contract/bff';
import { type BffApp, type BffConfig, createBffApp } from '../server/app';
import { serveBff } from '../server/serve';
import { testStore } from './test-store';

export type RunningBff = {
  bff: BffApp;
  url: string;
  logs: string[];
  /** A browser-like call: same-origin Origin and the CSRF header unless overridden. */
  call: (path: string, init?: RequestInit) => Promise<Response>;
  post: (path: string, body: unknown, init?: RequestInit) => Promise<Response>;
  close: () => Promise<void>;
};

export async function startBff(
  config: Partial<BffConfig> & Pick<BffConfig, 'upstream'>,
): Promise<RunningBff> {
  const logs: string[] = [];
  // The harness's own store (in memory, or a fresh PostgreSQL schema) unless the test gives one.
  const own = config.store ? undefined : await testStore();
  // The ledger's journal (written only while a store refuses lines) in a folder of this BFF's own,
  // not the checkout's ./data where another run could find it.
  const journalDir = config.journalDir ?? config.dataDir ?? mkdtempSync(path.join(tmpdir(), 'bff-journal-'));
  const bff = createBffApp({
    journalDir,
    ...(own ? { store: own } : {}),
    staticDir: 'does-not-exist',
    log: (line) => logs.push(line),
    extras: { webhookSecret: undefined, heartbeatMs: 60_000 },
    ...config,
  });
  const server = serveBff(bff, { port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has('origin')) headers.set('origin', url);
    if (!headers.has(CSRF_HEADER)) headers.set(CSRF_HEADER, CSRF_HEADER_VALUE);
    return fetch(`${url}${path}`, { ...init, headers, redirect: 'manual' });
  };
  return {
    bff,
    url,
    logs,
    call,
    post: (path, body, init = {}) => {
      const headers = new Headers(init.headers);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      return call(path, { ...init, method: init.method ?? 'POST', headers, body: JSON.stringify(body) });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          void bff
            .close()
            .then(() => own?.close())
            .then(() => {
              if (config.journalDir === undefined && config.dataDir === undefined)
                rmSync(journalDir, { recursive: true, force: true });
              resolve();
            });
        });
        // Event streams and kept-alive sockets must not hold the close.
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}

export type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: string };

/**
 * A request to `base` (a loopback server's URL) with the Host header given, as a page on another name
 * that resolves to this machine would send it (DNS rebinding): `fetch` sets Host from the URL itself.
 */
export function requestAsHost(
  base: string,
  path: string,
  host: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method: init.method ?? 'GET',
        headers: {
          ...init.headers,
          host,
          ...(init.body !== undefined ? { 'content-length': String(Buffer.byteLength(init.body)) } : {}),
        },
        agent: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

export type ReceivedRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: string };
export type FaultHandler = (req: ReceivedRequest, res: ServerResponse, nth: number) => void;

export type FaultServer = {
  url: string;
  received: ReceivedRequest[];
  /** Sockets opened to this server so far (keep-alive reuse shows as fewer sockets than requests). */
  sockets: () => number;
  handle: (handler: FaultHandler) => void;
  close: () => Promise<void>;
};

/** A real HTTP server whose every answer the test decides; it records what it received. */
export async function startFaultServer(): Promise<FaultServer> {
  const received: ReceivedRequest[] = [];
  let handler: FaultHandler = (_req, res) => {
    res.writeHead(500).end();
  };
  let sockets = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(r);
      handler(r, res, received.length);
    });
  });
  server.on('connection', () => {
    sockets++;
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    sockets: () => sockets,
    handle: (h) => {
      handler = h;
      received.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** A loopback port nothing listens on. */
export async function closedPort(): Promise<number> {
  const s = createServer();
  s.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => s.once('listening', () => resolve()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
