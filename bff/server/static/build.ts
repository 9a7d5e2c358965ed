/**
 * The built web app in `dist/`, built by `vite build` when it is missing or older than its sources:
 * what `npm start` serves, and what the BFF's tests of the built app read, so that one `npm test`
 * builds it once (the first test that needs it) and its browser journeys' `npm start` finds it built.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { inheritedEnv } from '../config';

/** The repository's root, where `vite build` runs and writes `dist/`. */
const ROOT = path.resolve(import.meta.dirname, '../../..');
/** The built web app's folder. */
export const WEB_BUILD_DIR = path.join(ROOT, 'dist');
/** What the built web app is made from: a change to any of them makes `dist/` stale. */
const SOURCES = ['web', 'bff/contract', 'index.html', 'public', 'vite.config.ts'];

function newestMtime(target: string): number {
  const st = statSync(target);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Whether `dist/` is missing or older than a source of the web app. */
export function webBuildIsStale(): boolean {
  const built = path.join(WEB_BUILD_DIR, 'index.html');
  if (!existsSync(built)) return true;
  const sources = SOURCES.map((s) => path.join(ROOT, s)).filter(existsSync);
  return Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
}

/**
 * Builds the web app into `dist/` when it is stale; says whether it built. `show`: the build's output
 * on this process's own (as `npm start` shows it), else kept and put in the error when it fails.
 */
export function buildWebIfStale(o: { show: boolean; log?: (line: string) => void }): boolean {
  if (!webBuildIsStale()) return false;
  o.log?.('Building the web app...');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    // A production build whoever asks: under Vitest NODE_ENV is `test`, which vite would build React's
    // development code with (its warnings in the console, and slower), and the journeys serve dist/.
    env: inheritedEnv({ NODE_ENV: 'production' }),
    stdio: o.show ? 'inherit' : 'pipe',
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`vite build failed (exit ${r.status ?? r.signal}): ${r.stderr ?? ''}`);
  return true;
}
