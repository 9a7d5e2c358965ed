/**
 * `npm run service`: the embedded Company Data Service alone, on SERVICE_PORT (default 8788); its
 * settings are config.ts's.
 */
import { serve } from '@hono/node-server';
import { serviceConfigFromEnv } from './config';
import { devKeysNotice, startService } from './service';

let cfg: ReturnType<typeof serviceConfigFromEnv>;
try {
  cfg = serviceConfigFromEnv();
} catch (err) {
  console.error(`Cannot start: ${(err as Error).message}`);
  process.exit(1);
}
const { port, host } = cfg;
const service = await startService({
  dataDir: cfg.dataDir,
  companies: cfg.companies,
  seed: cfg.seed,
  additionDelayMs: cfg.additionDelayMs,
  webhookRetryBaseMs: cfg.webhookRetryBaseMs,
  webhookMaxAttempts: cfg.webhookMaxAttempts,
  webhookTimeoutMs: cfg.webhookTimeoutMs,
  log: (line) => console.log(line),
});
const server = serve({ fetch: service.fetch, port, hostname: host }, (info) => {
  console.log(`Company Data Service (embedded) on http://${host}:${info.port}/api/v1/`);
  console.log(devKeysNotice());
});
const stop = () => {
  server.close();
  service.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
