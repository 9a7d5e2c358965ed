/**
 * The BFF the web bench measures (`web.ts` starts it): a process of its own, as it is deployed, so
 * the browser being measured and the bench's own work (Lighthouse's trace analysis) do not share its
 * event loop. On the embedded service with its own data directory, serving a build of the app, on a
 * port of its own (0 = any free one). Prints `listening <port>` once it answers.
 *
 *   npx tsx bff/bench/web-server.ts <staticDir> <dataDir> [port] [companies]
 *
 * The response cache is off, so every page load asks the service again.
 */
import { createBffApp } from '../server/app';
import { serveBff } from '../server/serve';
import { createUpstream } from '../server/upstream/upstream';

const [staticDir, dataDir, portArg = '0', companiesArg = '25000'] = process.argv.slice(2);
if (!staticDir || !dataDir) {
  console.error('usage: web-server.ts <staticDir> <dataDir> [port] [companies]');
  process.exit(2);
}

const upstream = await createUpstream({ dataDir, companies: Number(companiesArg), seed: 42, log: () => {} });
const bff = createBffApp({ upstream, dataDir, staticDir, cacheTtlMs: 0, log: () => {} });
const server = serveBff(bff, { port: Number(portArg), hostname: '127.0.0.1' }, (info) => {
  console.log(`listening ${info.port}`);
});

function stop(): void {
  server.close(() => {
    bff.close();
    upstream.close();
    process.exit(0);
  });
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
