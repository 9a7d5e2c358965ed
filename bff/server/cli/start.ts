/**
 * `npm start`: builds the web app when it is missing or older than its sources, then serves it with
 * the BFF on PORT (default 8787), upstream embedded unless UPSTREAM_URL is set.
 */
import { type DatasetConfig, datasetConfigFromEnv } from '../../embedded/config';
import { devKeysNotice } from '../../embedded/service';
import { createBffApp } from '../app';
import { bffConfigFromEnv } from '../config';
import { assertSafeBind } from '../security/bind';
import { serveBff, stopServing } from '../serve';
import { buildWebIfStale } from '../static/build';
import { openStore } from '../store/open';
import { createUpstream } from '../upstream/upstream';
import { registerWebhookEndpoint } from '../webhooks/register';

let cfg: ReturnType<typeof bffConfigFromEnv>;
// The embedded service's data set (used unless UPSTREAM_URL is set): COMPANIES, SEED.
let dataset: DatasetConfig;
try {
  cfg = bffConfigFromEnv();
  dataset = datasetConfigFromEnv();
  // Before anything else: a local-mode BFF must never be reachable from the network, and one that is
  // must know the names it is reached by (BFF_ALLOWED_HOSTS, BFF_PUBLIC_URL).
  assertSafeBind(cfg.host, cfg.mode, cfg.allowedHosts);
} catch (err) {
  console.error(`Cannot start: ${(err as Error).message}`);
  process.exit(1);
}

if (!cfg.skipWebBuild) {
  try {
    buildWebIfStale({ show: true, log: (line) => console.log(line) });
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}

const upstream = await createUpstream({
  ...(cfg.upstreamUrl ? { upstreamUrl: cfg.upstreamUrl } : {}),
  ...(cfg.upstreamApiKey ? { upstreamApiKey: cfg.upstreamApiKey } : {}),
  ...(cfg.upstreamPlan ? { upstreamPlan: cfg.upstreamPlan } : {}),
  dataDir: cfg.dataDir,
  companies: dataset.companies,
  seed: dataset.seed,
  log: (line) => console.log(line),
}).catch((err: Error) => {
  console.error(`Cannot start: ${err.message}`);
  process.exit(1);
});
// PostgreSQL when DATABASE_URL is set (several instances may share it), else DATA_DIR/bff.sqlite.
const store = await openStore({ databaseUrl: cfg.databaseUrl, dataDir: cfg.dataDir }).catch((err: Error) => {
  console.error(`Cannot start: the BFF's store could not be opened: ${err.message}`);
  upstream.close();
  process.exit(1);
});
const bff = createBffApp({
  upstream,
  store,
  mode: cfg.mode,
  dataDir: cfg.dataDir,
  dailyBudget: cfg.dailyBudget,
  upstreamTimeoutMs: cfg.upstreamTimeoutMs,
  retries: cfg.retries,
  rateLimitPerMinute: cfg.rateLimitPerMinute,
  cacheTtlMs: cfg.cacheTtlMs,
  storeMaxAgeMs: cfg.storeMaxAgeMs,
  counting: { exportMaxRows: cfg.exportMaxRows, countMaxRows: cfg.countMaxRows },
  savedLists: { scheduler: cfg.listCheckIntervalMs > 0 ? { intervalMs: cfg.listCheckIntervalMs } : false },
  maxBodyBytes: cfg.maxBodyBytes,
  trustProxy: cfg.trustProxy,
  allowedOrigins: cfg.allowedOrigins,
  allowedHosts: cfg.allowedHosts,
  ...(cfg.accountsMatchPerMinute !== undefined
    ? { accounts: { perMinute: cfg.accountsMatchPerMinute || null } }
    : {}),
});
const server = serveBff(bff, { port: cfg.port, hostname: cfg.host }, (info) => {
  console.log(
    `List Builder on http://${cfg.host}:${info.port}/ (${cfg.mode} mode; upstream: ${upstream.kind}, ${upstream.plan} plan; store: ${store.where})`,
  );
  if (upstream.kind === 'embedded') {
    console.log(devKeysNotice());
    // The embedded service delivers addition status changes to this BFF's receiver; with a remote
    // upstream the operator registers the BFF's public URL (docs/operations.md, "Webhooks with a remote upstream").
    const host = cfg.host === '0.0.0.0' || cfg.host === '::' ? '127.0.0.1' : cfg.host;
    registerWebhookEndpoint(bff.deps, `http://${host.includes(':') ? `[${host}]` : host}:${info.port}`).catch(
      (err: Error) =>
        console.error(`Webhook registration failed (status updates fall back to polling): ${err.message}`),
    );
  }
});
server.on('error', (err: NodeJS.ErrnoException) => {
  console.error(
    err.code === 'EADDRINUSE'
      ? `Cannot start: ${cfg.host}:${cfg.port} is in use (set PORT to another port).`
      : `Cannot start: ${err.message}`,
  );
  void bff.close().finally(() => {
    upstream.close();
    process.exit(1);
  });
});
/**
 * A graceful stop: no new connections; the requests in flight answered (at most
 * BFF_STOP_TIMEOUT_MS, then their connections are cut); then the app closes, which writes the
 * ledger's last lines (those of the requests just answered too); then the store. Closing the store
 * first lost the ledger lines of every request still running. A second signal cuts the wait short.
 */
let stopping: ReturnType<typeof stopServing> | undefined;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) {
    console.log(`[bff] ${signal} again: the requests in flight are cut now`);
    stopping.cutNow();
    return;
  }
  console.log(`[bff] ${signal}: stopping`);
  stopping = stopServing(server, { timeoutMs: cfg.stopTimeoutMs, log: (line) => console.log(line) });
  // Live event streams last as long as their tab: they end now, not at the bound.
  bff.extras.close();
  let code = 0;
  void stopping.done
    .then(async () => {
      await bff.close();
      console.log('[bff] stopping: the app closed, the ledger written');
      await store.close();
      console.log('[bff] stopping: the store closed');
    })
    .catch((err: Error) => {
      code = 1;
      console.error(`[bff] stopping: ${err.message}`);
    })
    .finally(() => {
      upstream.close();
      process.exit(code);
    });
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
