/**
 * `npm start`: builds the web app when it is missing or older than its sources, then serves it with
 * the BFF on PORT (default 8787), upstream embedded unless UPSTREAM_URL is set.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createBffApp } from '../app';
import { DEFAULT_COMPANIES, DEFAULT_SEED, devKeysNotice, envNumber } from '../embedded/service';
import { createUpstream } from '../upstream/upstream';

function newestMtime(target: string): number {
  const st = statSync(target);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function buildWebIfNeeded(): void {
  const built = 'dist/index.html';
  const sources = ['web', 'bff/contract', 'index.html', 'public', 'vite.config.ts'].filter(existsSync);
  const stale = !existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
  if (!stale) return;
  console.log('Building the web app...');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (!process.env.SKIP_WEB_BUILD) buildWebIfNeeded();

const port = envNumber('PORT', 8787);
const host = process.env.HOST ?? '127.0.0.1';
const upstream = await createUpstream({
  ...(process.env.UPSTREAM_URL ? { upstreamUrl: process.env.UPSTREAM_URL } : {}),
  ...(process.env.UPSTREAM_API_KEY ? { upstreamApiKey: process.env.UPSTREAM_API_KEY } : {}),
  dataDir: process.env.DATA_DIR ?? './data',
  companies: envNumber('COMPANIES', DEFAULT_COMPANIES),
  seed: envNumber('SEED', DEFAULT_SEED),
  log: (line) => console.log(line),
});
const app = createBffApp({ upstream });
const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
  console.log(`List Builder on http://${host}:${info.port}/ (upstream: ${upstream.kind})`);
  if (upstream.kind === 'embedded') console.log(devKeysNotice());
});
const stop = () => {
  server.close();
  upstream.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
