/**
 * Test support for additions and webhooks: a real embedded service on a loopback port with the
 * background workers' knobs set (short delays), and waiting for a request to reach a state.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { AdditionStatusResponse } from '../../contract/api';
import { type Service, type ServiceOptions, startService } from '../service';

export type OwnServer = {
  service: Service;
  url: string;
  call: (path: string, init?: RequestInit & { key?: string | null }) => Promise<Response>;
  close: () => Promise<void>;
};

export async function startOwnServer(opts: Partial<ServiceOptions> = {}): Promise<OwnServer> {
  const service = await startService({ dataDir: ':memory:', companies: 600, seed: 3, ...opts });
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

/** Polls until `check` holds (no timing is asserted; the deadline only ends a hung test). */
export async function eventually<T>(
  probe: () => Promise<T>,
  check: (v: T) => boolean,
  what: string,
): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const v = await probe();
    if (check(v)) return v;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Polls the status endpoint of `id` until the request is in one of `states`. */
export function statusUntil(
  base: string,
  key: string,
  id: string,
  states: readonly string[],
): Promise<AdditionStatusResponse> {
  return eventually(
    async () =>
      AdditionStatusResponse.parse(
        await (await fetch(`${base}/api/v1/status/${id}/`, { headers: { 'x-api-key': key } })).json(),
      ),
    (s) => states.includes(s.status),
    `request ${id} to be ${states.join(' or ')}`,
  );
}
