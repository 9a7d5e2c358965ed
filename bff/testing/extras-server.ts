/**
 * A real HTTP server carrying only the BFF's extras (exports, webhooks, events, additions), with a
 * `BffDeps.call` that forwards to a real embedded service under a plan's development key. Tests of
 * the extras use it until they can run against the whole BFF; `stage` lets a test stand in for a
 * misbehaving upstream on chosen calls (faults, hostile data), everything else is real.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { matchEndpoint, type ServiceEndpointId } from '../contract/endpoints';
import type { Plan } from '../contract/pricing';
import { type Service, type ServiceOptions, startService } from '../embedded/service';
import type { BffDeps, BffEnv, BffUser } from '../server/context';
import { createExtras, type Extras, type ExtrasOptions, extrasRoutes } from '../server/extras';
import type { BffStore } from '../server/store/store';
import { testStore } from './test-store';

export const TEST_USER_HEADER = 'x-test-user';

export type RecordedCall = { user: string; method: string; path: string; body: unknown };

export type ExtrasServer = {
  url: string;
  deps: BffDeps;
  store: BffStore;
  calls: RecordedCall[];
  logs: string[];
  extras: Extras;
  /** Replaces upstream answers: return a Response to stand in, or undefined to let the call through. */
  stage: (fn: StageFn | undefined) => void;
  close: () => Promise<void>;
};

export type StageFn = (
  call: RecordedCall,
  n: number,
  real: () => Promise<Response>,
) => Promise<Response | undefined>;

const KEYS: Record<Plan, string> = {
  payg: 'dev-payg-key',
  subscription: 'dev-subscription-key',
  enterprise: 'dev-enterprise-key',
};

export function startEmbedded(companies = 2000, opts: Partial<ServiceOptions> = {}): Promise<Service> {
  return startService({ dataDir: ':memory:', companies, seed: 11, ...opts });
}

export async function startExtrasServer(
  service: Service,
  opts: { plan?: Plan; extras?: ExtrasOptions } = {},
): Promise<ExtrasServer> {
  const plan = opts.plan ?? 'enterprise';
  const store = await testStore();
  const calls: RecordedCall[] = [];
  const logs: string[] = [];
  let staged: StageFn | undefined;
  const log = (line: string) => logs.push(line);
  const extrasOptions: ExtrasOptions = { webhookSecret: undefined, ...opts.extras };
  const extras = createExtras({ store, log }, extrasOptions);

  const deps: BffDeps = {
    plan,
    store,
    log,
    call: async (user: BffUser, req: Request) => {
      const text = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.text();
      const path = new URL(req.url).pathname;
      const call: RecordedCall = {
        user: user.id,
        method: req.method,
        path,
        body: text ? JSON.parse(text) : undefined,
      };
      calls.push(call);
      const headers = new Headers(req.headers);
      headers.set('x-api-key', KEYS[plan]);
      const real = () =>
        service.fetch(new Request(req.url, { method: req.method, headers, ...(text ? { body: text } : {}) }));
      const substitute = staged ? await staged(call, calls.length, real) : undefined;
      const res = substitute ?? (await real());
      // As the proxy pipeline does: tell the extras of every relayed answer.
      const json = res.headers.get('content-type')?.includes('json')
        ? await res
            .clone()
            .json()
            .catch(() => undefined)
        : undefined;
      const matched = matchEndpoint(req.method, path, ['service']);
      if (matched?.kind !== 'endpoint')
        throw new Error(`${req.method} ${path} is no endpoint of the service`);
      await extras.onProxied({
        user,
        id: matched.id as ServiceEndpointId,
        method: req.method,
        endpoint: matched.path,
        status: res.status,
        body: json,
        request: call.body,
      });
      return res;
    },
  };

  const app = new Hono<BffEnv>();
  app.use('*', async (c, next) => {
    const id = c.req.header(TEST_USER_HEADER) ?? 'alice';
    c.set('user', { id, name: id });
    await next();
  });
  app.route('/', extrasRoutes(extras, deps, extrasOptions));

  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deps,
    store,
    calls,
    logs,
    extras,
    stage: (fn) => {
      staged = fn;
    },
    close: () =>
      new Promise<void>((resolve) => {
        extras.close();
        server.close(() => {
          void store.close().then(() => resolve());
        });
        // Open event streams would keep the server from closing.
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
