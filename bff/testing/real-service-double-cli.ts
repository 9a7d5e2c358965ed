/**
 * The real-service double on its own port, for browser journeys (playwright.config.ts, project
 * `real-double`): an embedded service in DATA_DIR (COMPANIES, SEED, ADDITION_DELAY_MS as for
 * `npm run service`) behind the double on DOUBLE_PORT (default 8797).
 *
 * DOUBLE_WEBHOOK_URL (optional): a BFF receiver to register with the service, the way docs/operations.md's
 * "Webhooks with a remote upstream" tells an operator to: any endpoint already at that URL is removed,
 * a new one is created, and its `whsec_` secret is written to DATA_DIR/webhook-secret for the BFF's
 * WEBHOOK_SECRET.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { datasetConfigFromEnv } from '../embedded/config';
import { type Service, startService } from '../embedded/service';
import { doubleConfigFromEnv } from './env';
import { startRealServiceDouble } from './real-service-double';

const KEY = 'dev-enterprise-key';

async function registerReceiver(service: Service, url: string, dataDir: string): Promise<void> {
  const call = (method: string, p: string, body?: unknown) =>
    service.fetch(
      new Request(`http://embedded/api/v1/webhooks${p}`, {
        method,
        headers: { 'x-api-key': KEY, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }),
    );
  const listed = (await (await call('GET', '/')).json()) as { data: { id: string; url: string }[] };
  for (const old of listed.data.filter((e) => e.url === url)) await call('DELETE', `/${old.id}/`);
  const res = await call('POST', '/', { url, description: 'BFF on the real-service double' });
  const created = (await res.json()) as { data?: { id: string; secret?: string } };
  if (!res.ok || !created.data?.secret) throw new Error(`Webhook registration failed (${res.status}).`);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path.join(dataDir, 'webhook-secret'), created.data.secret, { mode: 0o600 });
  console.log(`Webhook endpoint ${created.data.id} registered for ${url}.`);
}

const cfg = doubleConfigFromEnv();
// COMPANIES and SEED as for `npm run service` (bff/embedded/config.ts); DATA_DIR the double's own.
const { companies, seed } = datasetConfigFromEnv();
const { dataDir, webhookUrl } = cfg;
const service = await startService({ dataDir, companies, seed, log: (line) => console.log(line) });
if (webhookUrl) await registerReceiver(service, webhookUrl, dataDir);
const double = await startRealServiceDouble(service, { port: cfg.port, hostname: cfg.host });
console.log(`Real-service double on ${double.url}/api/v1/ (embedded service in ${dataDir})`);

const stop = () => {
  void double.close().finally(() => {
    service.close();
    process.exit(0);
  });
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
