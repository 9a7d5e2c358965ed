/**
 * The web app's part of `npm run bench` (BENCH=web runs it alone):
 * - size: the production build's JavaScript and CSS, gzip. First-load JS is the entry chunk and
 *   the chunks it imports statically (read from Vite's manifest); lazy chunks load later and are
 *   counted apart. The build goes to a temporary directory, never to the `dist/` others serve.
 * - speed: time from navigation to the first rendered results in headless Chromium (Debian's, with
 *   the flags of playwright.config.ts) against the BFF on the embedded service: from the page's
 *   time origin to the moment the grid's first company row enters the DOM, measured in the page by
 *   a MutationObserver. One warm-up load, then the median of 5, each in a fresh browser context (no
 *   HTTP cache) with the BFF's response cache off, so every load asks the service again.
 *
 * Targets (issue 5): first-load JS under 250 KB gzip, first results under 1 s.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { chromium } from 'playwright';
import playwrightConfig from '../../playwright.config';
import { createBffApp } from '../server/app';
import { createUpstream } from '../server/upstream/upstream';

const COMPANIES = Number(process.env.BENCH_WEB_COMPANIES ?? 25_000);
const RUNS = 5;
const JS_TARGET_KB = 250;
const FIRST_RESULTS_TARGET_MS = 1000;
/** The first company row of the results grid (row 1 is the header). */
const FIRST_ROW = 'table[aria-label="Results"] tbody tr[aria-rowindex="2"]';

type ManifestChunk = {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (file: string) => gzipSync(readFileSync(file)).length;

function build(outDir: string): void {
  const r = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) throw new Error('vite build failed');
}

/** The entry chunk and everything it imports statically, transitively: what the first load fetches. */
function firstLoadChunks(manifest: Manifest): ManifestChunk[] {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error('no entry chunk in the Vite manifest');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  visit(entryKey);
  return [...seen].map((k) => manifest[k]!);
}

export function sizeReport(outDir: string): { lines: string[]; firstLoadJsGzip: number } {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const first = firstLoadChunks(manifest);
  const firstFiles = new Set(first.map((c) => c.file));
  const allJs = [...new Set(Object.values(manifest).map((c) => c.file))].filter((f) => f.endsWith('.js'));
  const allCss = [...new Set(Object.values(manifest).flatMap((c) => c.css ?? []))];
  const firstCss = [...new Set(first.flatMap((c) => c.css ?? []))];
  const sum = (files: string[], size: (f: string) => number) =>
    files.reduce((s, f) => s + size(path.join(outDir, f)), 0);
  const raw = (f: string) => readFileSync(f).length;
  const firstJs = [...firstFiles].filter((f) => f.endsWith('.js'));
  const lazyJs = allJs.filter((f) => !firstFiles.has(f));
  const firstLoadJsGzip = sum(firstJs, gzipSize);
  return {
    firstLoadJsGzip,
    lines: [
      `first-load JS: ${kb(firstLoadJsGzip)} gzip (${kb(sum(firstJs, raw))} raw, ${firstJs.length} files)  target < ${JS_TARGET_KB} KB: ${firstLoadJsGzip / 1024 < JS_TARGET_KB ? 'met' : 'MISSED'}`,
      `lazy JS: ${kb(sum(lazyJs, gzipSize))} gzip in ${lazyJs.length} chunks (${lazyJs.map((f) => path.basename(f)).join(', ') || 'none'})`,
      `CSS: ${kb(sum(firstCss, gzipSize))} gzip first load (${kb(sum(allCss, gzipSize))} in all)`,
    ],
  };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

async function firstResultsTimes(baseUrl: string): Promise<number[]> {
  const args = playwrightConfig.use?.launchOptions?.args ?? ['--headless', '--no-sandbox'];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args,
  });
  try {
    const times: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.addInitScript((selector: string) => {
        const w = window as unknown as { __firstResults?: number };
        const observer = new MutationObserver(() => {
          if (document.querySelector(selector)) {
            w.__firstResults = performance.now();
            observer.disconnect();
          }
        });
        observer.observe(document, { childList: true, subtree: true });
      }, FIRST_ROW);
      await page.goto(`${baseUrl}/`);
      await page.waitForSelector(FIRST_ROW, { timeout: 30_000 });
      const ms = await page.evaluate(() => (window as unknown as { __firstResults?: number }).__firstResults);
      await context.close();
      if (typeof ms !== 'number') throw new Error('the first results were not observed');
      if (run > 0) times.push(ms); // run 0 warms the server and the browser up
    }
    return times;
  } finally {
    await browser.close();
  }
}

export async function webBench(benchDir: string): Promise<void> {
  console.log('\n== Web app: bundle size and first results');
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'list-builder-bench-web-'));
  try {
    build(outDir);
    const size = sizeReport(outDir);
    for (const line of size.lines) console.log(line);

    const dataDir = path.join(benchDir, 'web');
    const upstream = await createUpstream({ dataDir, companies: COMPANIES, seed: 42, log: () => {} });
    const bff = createBffApp({ upstream, dataDir, staticDir: outDir, cacheTtlMs: 0, log: () => {} });
    const server = serve({ fetch: bff.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const { port } = server.address() as AddressInfo;
    try {
      const times = await firstResultsTimes(`http://127.0.0.1:${port}`);
      const m = median(times);
      console.log(
        `first results (navigation to the first grid row, headless Chromium, ${COMPANIES.toLocaleString('en')} companies, page of 50): median ${Math.round(m)} ms of ${RUNS} (${times.map((t) => Math.round(t)).join(', ')} ms)  target < ${FIRST_RESULTS_TARGET_MS} ms: ${m < FIRST_RESULTS_TARGET_MS ? 'met' : 'MISSED'}`,
      );
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      bff.close();
      upstream.close();
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
