/**
 * `npm run service`: the embedded Company Data Service alone, on SERVICE_PORT (default 8788).
 */
import { serve } from '@hono/node-server';
import { DEFAULT_COMPANIES, DEFAULT_SEED, devKeysNotice, envNumber, startService } from './service';

const port = envNumber('SERVICE_PORT', 8788);
const host = process.env.SERVICE_HOST ?? '127.0.0.1';
const service = await startService({
  dataDir: process.env.DATA_DIR ?? './data',
  companies: envNumber('COMPANIES', DEFAULT_COMPANIES),
  seed: envNumber('SEED', DEFAULT_SEED),
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
