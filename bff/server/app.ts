/**
 * The backend-for-frontend (docs/decisions/0005-bff-guard.md, 0023-one-way-in.md): serves the built
 * web app and proxies the Company Data Service's endpoints with the API key injected server-side. One
 * Hono app, one way in: the guard (guard.ts) and the error handler registered once, then each
 * folder's sub-app:
 *
 *   guard -> /api/v1/* (route table, validation, cache, budget and team cap, upstream, ledger),
 *      /bff/session, /bff/pricing, /bff/usage, /bff/admin/*, lookalikes, account lists, saved lists,
 *      the extras (exports, webhooks, events)
 *   -> 404 problems for any other /api, /v1 or /bff path -> the web app (SPA fallback).
 *
 * The services behind the routes are built first, in order (services.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import pkg from '../../package.json' with { type: 'json' };
import { API_PREFIXES, SERVICE_PREFIXES } from '../contract/endpoints';
import { openApiDocument } from '../contract/openapi';
import { accountRoutes } from './accounts/routes';
import { adminRoutes } from './admin/routes';
import type { BffApp, BffConfig } from './app-types';
import { resolveSessionUser, sessionRoutes } from './auth/session-routes';
import { companyRoutes } from './companies/routes';
import type { BffEnv } from './context';
import { extrasRoutes } from './extras';
import { createGuard, type Guard } from './guard';
import { industryRoutes } from './industries/routes';
import { ledgerRoutes } from './ledger/routes';
import { CountMemory } from './lists/count';
import { countRoutes } from './lists/count-routes';
import { screenRoutes } from './lists/screen-routes';
import { lookalikeRoutes } from './lookalikes/routes';
import { problem } from './proxy/problem';
import { route } from './routing';
import { savedListRoutes } from './saved-lists/routes';
import { SignInThrottle } from './security/throttle';
import { type BffServices, buildServices, LOCAL_USER } from './services';
import { SYSTEM_USER } from './webhooks/register';

export type { BffApp, BffConfig } from './app-types';

/** The version the API document states. */
export const API_VERSION = pkg.version;

/**
 * `/healthz`: anyone may ask whether the BFF is up; what it runs on (mode, upstream, plan, the
 * service's own figures) is told to an admin only, as the rest of the team's settings. Local mode's
 * one user is an admin: only this machine reaches it, by a host it serves.
 */
function healthRoutes(s: BffServices): Hono<BffEnv> {
  const app = new Hono<BffEnv>();
  const { upstream } = s;
  route(app, 'health', async (c) => {
    const found = s.mode === 'local' ? LOCAL_USER : resolveSessionUser(c.req.raw, s.store, s.now());
    const user = found instanceof Promise ? await found : found;
    if (user?.role !== 'admin') return c.json({ status: 'ok' });
    let upstreamHealth: Record<string, unknown> = { status: 'down' };
    try {
      const res = await upstream.fetch(
        new Request('http://upstream/healthz', { signal: AbortSignal.timeout(5000) }),
      );
      if (res.ok) upstreamHealth = (await res.json()) as Record<string, unknown>;
    } catch {
      // reported as down
    }
    return c.json({
      status: 'ok',
      mode: s.mode,
      upstream: { kind: upstream.kind, plan: upstream.plan, ...upstreamHealth },
    });
  });
  return app;
}

/**
 * The service's endpoints under each prefix, as the user: the pipeline builds the answer with the
 * guard's headers on it.
 */
function proxyRoutes(s: BffServices, guard: Guard): Hono<BffEnv> {
  const app = new Hono<BffEnv>();
  const proxy = (c: Context<BffEnv>) => s.proxyCall(c.get('user'), c.req.raw, guard.apiHeaders(c));
  for (const prefix of SERVICE_PREFIXES) app.all(`${prefix}/*`, proxy);
  return app;
}

/** The BFF's own API: sessions, the ledger, the team, lookalikes, account lists, saved lists, the extras. */
function ownRoutes(s: BffServices, guard: Guard, config: BffConfig): Hono<BffEnv> {
  const { store, now, money, accounts, deps, upstream } = s;
  let document: string | undefined;
  const openapi = new Hono<BffEnv>();
  route(openapi, 'bff.openapi', (c) => {
    document ??= JSON.stringify(openApiDocument({ version: API_VERSION }));
    return c.body(document, 200, { 'content-type': 'application/json', 'cache-control': 'no-cache' });
  });
  const sessions = sessionRoutes({
    mode: s.mode,
    store,
    localUser: LOCAL_USER,
    sessionTtlMs: config.sessionTtlMs ?? 7 * 24 * 3600_000,
    throttle: new SignInThrottle(store),
    secure: guard.isHttps,
    clientAddress: guard.clientAddress,
    now,
  });
  const admin = adminRoutes({
    store,
    ledger: money.ledger,
    teamCap: money.teamCap,
    defaultDailyBudget: config.dailyBudget ?? null,
    builtInUsers: [LOCAL_USER, SYSTEM_USER],
    savedSince: (firstDay) => s.companies.savedSince(firstDay),
    now,
  });
  const lookalikes = lookalikeRoutes({
    port: deps.port,
    planner: deps.planner,
    plan: upstream.plan,
    remaining: money.remaining,
    // The accounts part's own check of `exclude_account_lists`.
    usableAccountLists: async (user, ids) => {
      const lists = await accounts.usableLists(user, ids, 'exclude_account_lists');
      return lists instanceof Response ? lists : undefined;
    },
  });
  const counts = new CountMemory();
  // Every export adds its companies to the user's "Exported before" list; bulk enrichment
  // (`source: {account_list}`) is the accounts part's (bff/server/accounts/).
  const extras = extrasRoutes(s.extras, deps, {
    ...config.extras,
    exports: {
      onRows: (user, rows) => accounts.recordExport(user, rows),
      extension: accounts.exportExtension,
      estimates: { plan: upstream.plan, companies: s.companies, remaining: money.remaining },
      all: {
        counts,
        maxRows: config.counting?.exportMaxRows ?? 25_000,
        remaining: money.remaining,
        companies: s.companies,
      },
    },
  });
  // Exact counts past 500 (issue 33): a count the export of every match reads again at no cost.
  const count = countRoutes({
    port: deps.port,
    planner: deps.planner,
    plan: upstream.plan,
    counts,
    maxRows: config.counting?.countMaxRows ?? 25_000,
    remaining: money.remaining,
    log: deps.log,
  });
  return new Hono<BffEnv>()
    .route('/', openapi)
    .route('/', sessions)
    .route(
      '/',
      ledgerRoutes({
        plan: upstream.plan,
        ledger: money.ledger,
        budgetOf: async (u) => money.budgetOf(u),
        savedToday: (u) => s.companies.savedOn(u.id, now().toISOString().slice(0, 10)),
      }),
    )
    .route('/', companyRoutes(s.companies, { port: deps.port, remaining: money.remaining }))
    .route('/', industryRoutes(upstream))
    .route('/', admin)
    .route('/', lookalikes)
    .route('/', count)
    .route('/', screenRoutes(deps.planner))
    .route('/', extras)
    .route('/', accountRoutes(accounts))
    .route('/', savedListRoutes(s.savedLists));
}

/** The built web app, when there is one: its files, and its entry page for client-side routes. */
function webApp(staticDir: string): Hono<BffEnv> {
  const app = new Hono<BffEnv>();
  if (!existsSync(path.join(staticDir, 'index.html'))) return app;
  app.use(
    '/*',
    serveStatic({
      root: staticDir,
      // The build writes brotli and gzip copies beside each text asset (static/precompress.ts).
      precompressed: true,
      onFound: (file, c) => {
        // Vite names built assets by content hash: they never change under their name.
        c.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) || file.includes('/assets/')
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    }),
  );
  app.get(
    '*',
    serveStatic({
      root: staticDir,
      path: 'index.html',
      precompressed: true,
      onFound: (_file, c) => {
        c.header('cache-control', 'no-cache');
      },
    }),
  );
  return app;
}

/** The one app: the guard, the error handler and the 404s set once, then every sub-app. */
export function createApp(s: BffServices, config: BffConfig): Hono<BffEnv> {
  const guard = createGuard(s, config);
  const app = new Hono<BffEnv>();
  app.onError(guard.onError);
  app.notFound((c) => problem(404, `Nothing at ${new URL(c.req.url).pathname}.`));
  app.use('*', guard.headers);
  app.use('*', guard.admit);
  app.route('/', healthRoutes(s));
  app.route('/', proxyRoutes(s, guard));
  app.route('/', ownRoutes(s, guard, config));
  const notFound = (c: Context) => problem(404, `No endpoint at ${c.req.method} ${c.req.path}.`);
  for (const prefix of API_PREFIXES) {
    app.all(prefix, notFound);
    app.all(`${prefix}/*`, notFound);
  }
  app.route('/', webApp(config.staticDir ?? 'dist'));
  return app;
}

export function createBffApp(config: BffConfig): BffApp {
  const services = buildServices(config);
  const app = createApp(services, config);
  return {
    app,
    // The adapter's bindings must reach the app: the client's address (sign-in throttle, the rate
    // limit of requests without a user) and the port it came in on (the host check) are read there.
    fetch: (req, env) => app.fetch(req, env as object | undefined),
    deps: services.deps,
    extras: services.extras,
    accounts: services.accounts,
    savedLists: services.savedLists,
    close: services.close,
  };
}
