/**
 * A real embedded service on a loopback port for HTTP tests: in-memory database, small data set.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { type Service, type ServiceOptions, startService } from '../embedded/service';

export type TestServer = {
  service: Service;
  url: string;
  call: (path: string, init?: RequestInit & { key?: string | null }) => Promise<Response>;
  close: () => Promise<void>;
};

export async function startTestServer(
  companies = 2000,
  seed = 11,
  options: Partial<ServiceOptions> = {},
): Promise<TestServer> {
  const service = await startService({ dataDir: ':memory:', companies, seed, ...options });
  const server = serve({ fetch: service.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    service,
    url,
    call: (path, init = {}) => {
      const { key = 'dev-enterprise-key', ...rest } = init;
      const headers = new Headers(rest.headers);
      if (key !== null) headers.set('x-api-key', key);
      return fetch(`${url}${path}`, { ...rest, headers, redirect: 'manual' });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          service.close();
          resolve();
        });
      }),
  };
}

export function postJson(body: unknown, key?: string | null): RequestInit & { key?: string | null } {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...(key !== undefined ? { key } : {}),
  };
}
