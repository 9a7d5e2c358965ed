/**
 * The web app's part of `npm run bench` (BENCH=web runs it alone). It builds the app into a temporary
 * directory (never the `dist/` others serve), starts the BFF on the embedded service in a process of
 * its own (`web-server.ts`: its own port and data directory, the response cache off) and measures:
 * - size as sent: every asset fetched from that BFF once with `Accept-Encoding: br` and once with
 *   `gzip`, the bytes on the wire summed (the BFF serves the build's precompressed copies). The
 *   first-load set is what the entry HTML names (module script, modulepreloads, stylesheets) and every
 *   chunk the entry imports statically, transitively (Vite's manifest): the frame every page loads.
 *   Each page is a chunk of its own, which the app starts at once when the address is that page's;
 *   for the list builder and the company page their own chunks are counted beside, and so what a
 *   first visit to each loads in all. The lazy chunks in all.
 * - Lighthouse 12.2.3 (the last major on Node 20), desktop config, performance category only,
 *   against Debian's Chromium (`--headless --no-sandbox --disable-gpu`, never a downloaded browser):
 *   the list builder with its results, and a company page. BENCH_LH_RUNS runs each (default 5), each
 *   in a fresh browser; the medians of the performance score and of total blocking time with every
 *   run's figure beside them (the machine's 2 cores are shared, so the spread is part of the result),
 *   and what the median run blames. A run that gives no figures (on a loaded machine: `NO_FCP`, a
 *   protocol timeout) is counted and its reason shown; the medians are of the runs that gave figures.
 *   BENCH_LH_DIR keeps each run's report (JSON) there.
 * - first results: navigation to the first grid row in headless Chromium (the median of 5).
 *
 * Targets (issue 18): first-load JS under 150 KB as sent, Lighthouse performance at least 95 and total
 * blocking time under 150 ms on both pages; first results under 1 s (issue 5).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright';
import playwrightConfig from '../../playwright.config';
import type { ListGenerateResponse } from '../contract/api';
import { pathOf } from '../contract/endpoints';
import { benchConfig } from './config';

const cfg = benchConfig();
const COMPANIES = cfg.BENCH_WEB_COMPANIES;
const CHROMIUM = cfg.CHROMIUM_PATH;
const RUNS = 5;
const LH_RUNS = cfg.BENCH_LH_RUNS;
const JS_TARGET_KB = 150;
const LH_SCORE_TARGET = 95;
const TBT_TARGET_MS = 150;
const FIRST_RESULTS_TARGET_MS = 1000;
/** The first company row of the results grid (row 1 is the header). */
const FIRST_ROW = 'table[aria-label="Results"] tbody tr[aria-rowindex="2"]';
/**
 * The two pages a visit usually opens, by their source in Vite's manifest: each is a chunk of its
 * own, which the app starts loading at once when the address is that page's (`page-code.ts`), so
 * a first visit loads the frame and that page's chunks.
 */
const PAGE_SOURCES = {
  'list builder': 'web/src/app/routes/list-page.tsx',
  'company page': 'web/src/app/routes/company-page.tsx',
} as const;
/** Lighthouse's browser: Debian's Chromium, headless. */
const LH_CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu'];

type ManifestChunk = {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const loadNow = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')} (${os.cpus().length} cores)`;

function build(outDir: string): void {
  const r = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
    { stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error('vite build failed');
}

type Server = { baseUrl: string; stop: () => Promise<void> };

/** The BFF serving the build, in a process of its own (`web-server.ts`), once it listens. */
function startServer(outDir: string, dataDir: string): Promise<Server> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'web-server.ts'),
      outDir,
      dataDir,
      '0',
      String(COMPANIES),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /listening (\d+)/.exec(out)?.[1];
      if (port) resolve({ baseUrl: `http://127.0.0.1:${port}`, stop });
    });
    child.once('exit', (code) => reject(new Error(`the bench's BFF exited (${code}) before it listened`)));
  });
}

/** A chunk and everything it imports statically, transitively (manifest keys). */
function staticClosure(manifest: Manifest, from: string): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  visit(from);
  return seen;
}

/** The files (`assets/x.js`, `assets/x.css`) of some manifest chunks and their CSS. */
function filesOf(manifest: Manifest, keys: Iterable<string>): Set<string> {
  const files = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key]!;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return files;
}

/** The assets the entry HTML names: its module script, modulepreloads and stylesheets. */
function htmlAssets(html: string): Set<string> {
  const files = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+)"/g)) files.add(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = /\brel="([^"]+)"/.exec(m[0])?.[1];
    const href = /\bhref="\/([^"]+)"/.exec(m[0])?.[1];
    if (href && (rel === 'modulepreload' || rel === 'stylesheet')) files.add(href);
  }
  return files;
}

const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** Bytes of an answer as sent (node:http never decodes), asking for one encoding. */
function wireSize(url: string, encoding: Encoding): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () => {
          const sent = res.headers['content-encoding'];
          if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
          // Files under 1 KB are sent as they are (`precompress.ts`): their headers would outweigh it.
          else if (sent !== encoding && (sent !== undefined || bytes >= 1024))
            reject(new Error(`${url}: asked for ${encoding}, sent ${sent ?? 'identity'}`));
          else resolve(bytes);
        });
      })
      .on('error', reject);
  });
}

type Sizes = Record<Encoding | 'raw', number>;
type SizeReport = { lines: string[]; firstLoadJs: Sizes };

async function sizeReport(baseUrl: string, outDir: string): Promise<SizeReport> {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error('no entry chunk in the Vite manifest');
  const html = await (await fetch(`${baseUrl}/`)).text();
  const first = new Set([...htmlAssets(html), ...filesOf(manifest, staticClosure(manifest, entryKey))]);
  /** A page's own chunks: its static closure less the frame's. */
  const pageFiles = (source: string) =>
    manifest[source]
      ? [...filesOf(manifest, staticClosure(manifest, source))].filter((f) => !first.has(f))
      : [];
  const all = new Set(Object.values(manifest).flatMap((c) => [c.file, ...(c.css ?? [])]));
  const lazy = [...all].filter((f) => !first.has(f));

  const sizes = new Map<string, Sizes>();
  for (const file of all) {
    const url = `${baseUrl}/${file}`;
    sizes.set(file, {
      br: await wireSize(url, 'br'),
      gzip: await wireSize(url, 'gzip'),
      raw: readFileSync(path.join(outDir, file)).length,
    });
  }
  const sum = (files: Iterable<string>): Sizes => {
    const total: Sizes = { br: 0, gzip: 0, raw: 0 };
    for (const f of files) for (const k of ['br', 'gzip', 'raw'] as const) total[k] += sizes.get(f)![k];
    return total;
  };
  const show = (s: Sizes) => `${kb(s.br)} br, ${kb(s.gzip)} gzip (${kb(s.raw)} raw)`;
  const js = (files: Iterable<string>) => [...files].filter((f) => f.endsWith('.js'));
  const css = (files: Iterable<string>) => [...files].filter((f) => f.endsWith('.css'));
  const list = (files: string[]) =>
    files
      .sort((a, b) => sizes.get(b)!.br - sizes.get(a)!.br)
      .map((f) => `${path.basename(f)} ${kb(sizes.get(f)!.br)}`)
      .join(', ');
  const firstJs = js(first);
  const firstLoadJs = sum(firstJs);
  const pages = Object.entries(PAGE_SOURCES).map(([name, source]) => {
    const own = js(pageFiles(source));
    const visit = sum([...firstJs, ...own]);
    return `  + the ${name}'s own chunks: ${show(sum(own))} (br: ${list(own) || 'none'}); a first visit to it loads ${show(visit)}`;
  });
  return {
    firstLoadJs,
    lines: [
      `first-load JS as sent (the frame every page loads: the entry and its static imports): ${show(firstLoadJs)} in ${firstJs.length} files (br: ${list(firstJs)})  target < ${JS_TARGET_KB} KB: ${firstLoadJs.br / 1024 < JS_TARGET_KB ? 'met' : 'MISSED'}`,
      ...pages,
      `first-load CSS as sent: ${show(sum(css(first)))}`,
      `lazy JS in all: ${show(sum(js(lazy)))} in ${js(lazy).length} chunks; lazy CSS ${show(sum(css(lazy)))}`,
    ],
  };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

type LighthouseRun = {
  score: number;
  tbt: number;
  fcp: number;
  lcp: number;
  si: number;
  cls: number;
  /** What the run blames: the opportunities and diagnostics that cost anything, in its words. */
  blames: string[];
};

/** The audits whose figure says what slowed the page, and how to read it. */
const BLAME_AUDITS: readonly (readonly [id: string, show: (v: number) => string])[] = [
  ['unused-javascript', (v) => `unused JS ${Math.round(v)} ms`],
  ['render-blocking-resources', (v) => `render-blocking ${Math.round(v)} ms`],
  ['bootup-time', (v) => `JS execution ${Math.round(v)} ms`],
  ['mainthread-work-breakdown', (v) => `main-thread work ${Math.round(v)} ms`],
  ['long-tasks', (v) => `${v} long tasks`],
  ['server-response-time', (v) => `document answer ${Math.round(v)} ms`],
];

/** A run that gave no figures: what went wrong, in Lighthouse's words or the launcher's. */
type NoFigures = { failed: string };

/**
 * One Lighthouse run in a browser of its own (desktop, performance only). A run can end without
 * figures on a loaded machine (the browser not starting in time, `NO_FCP`, a protocol timeout, a
 * metric Lighthouse could not compute): that run is counted and its reason reported, not thrown.
 */
async function lighthouseRun(url: string, keepAs?: string): Promise<LighthouseRun | NoFigures> {
  try {
    return await lighthouseRunOrThrow(url, keepAs);
  } catch (e) {
    return { failed: (e instanceof Error ? e.message : String(e)).split('\n')[0]!.slice(0, 160) };
  }
}

async function lighthouseRunOrThrow(url: string, keepAs?: string): Promise<LighthouseRun> {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: LH_CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: ['performance'] },
      desktopConfig,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (keepAs) writeFileSync(keepAs, JSON.stringify(lhr));
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const performance = lhr.categories.performance?.score;
    if (typeof performance !== 'number') throw new Error('Lighthouse: no performance score');
    const missing = ['total-blocking-time', 'first-contentful-paint', 'largest-contentful-paint'].filter(
      (id) => !Number.isFinite(metric(id)),
    );
    if (missing.length) throw new Error(`Lighthouse: no figure for ${missing.join(', ')}`);
    const blames = BLAME_AUDITS.flatMap(([id, show]) => {
      const audit = lhr.audits[id];
      if (!audit || audit.score === null || audit.score === 1) return [];
      const details = audit.details as { overallSavingsMs?: number; items?: unknown[] } | undefined;
      const value =
        id === 'long-tasks'
          ? (details?.items?.length ?? 0)
          : (details?.overallSavingsMs ?? audit.numericValue ?? Number.NaN);
      return value > 0 ? [show(value)] : [];
    });
    return {
      score: Math.round(performance * 100),
      tbt: metric('total-blocking-time'),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      si: metric('speed-index'),
      cls: metric('cumulative-layout-shift'),
      blames,
    };
  } finally {
    chrome.kill();
  }
}

type LighthouseSummary = { lines: string[]; score: number; tbt: number };

async function lighthouseReport(name: string, url: string): Promise<LighthouseSummary> {
  const keepDir = cfg.BENCH_LH_DIR;
  if (keepDir) mkdirSync(keepDir, { recursive: true });
  const slug = name.replace(/\W+/g, '-');
  const runs: LighthouseRun[] = [];
  const failures: string[] = [];
  for (let i = 0; i < LH_RUNS; i++) {
    const run = await lighthouseRun(url, keepDir ? path.join(keepDir, `${slug}-${i + 1}.json`) : undefined);
    if ('failed' in run) failures.push(run.failed);
    else runs.push(run);
  }
  const failed = failures.length
    ? `; ${failures.length} of ${LH_RUNS} runs gave no figures (${[...new Set(failures)].join('; ')})`
    : '';
  if (!runs.length) {
    return {
      score: Number.NaN,
      tbt: Number.NaN,
      lines: [
        `Lighthouse ${name} (desktop): no figures${failed}; ${loadNow()}`,
        `  targets: performance >= ${LH_SCORE_TARGET}: not measured; TBT < ${TBT_TARGET_MS} ms: not measured`,
      ],
    };
  }
  const m = (key: 'score' | 'tbt' | 'fcp' | 'lcp' | 'si' | 'cls') => median(runs.map((r) => r[key]));
  const ms = (v: number) => `${Math.round(v)} ms`;
  const score = m('score');
  const tbt = m('tbt');
  // The run whose score is the median's (the first such), for what Lighthouse blames.
  const typical = runs.find((r) => r.score === score) ?? runs[0]!;
  return {
    score,
    tbt,
    lines: [
      `Lighthouse ${name} (desktop, median of ${runs.length}): performance ${score} (runs: ${runs.map((r) => r.score).join(', ')}), TBT ${ms(tbt)} (runs: ${runs.map((r) => Math.round(r.tbt)).join(', ')})${failed}`,
      `  FCP ${ms(m('fcp'))}, LCP ${ms(m('lcp'))}, speed index ${ms(m('si'))}, CLS ${m('cls').toFixed(3)}; ${loadNow()}`,
      `  blamed (a median run): ${typical.blames.join('; ') || 'nothing'}`,
      `  targets: performance >= ${LH_SCORE_TARGET}: ${score >= LH_SCORE_TARGET ? 'met' : 'MISSED'}; TBT < ${TBT_TARGET_MS} ms: ${tbt < TBT_TARGET_MS ? 'met' : 'MISSED'}`,
    ],
  };
}

async function firstResultsTimes(baseUrl: string): Promise<number[]> {
  const args = playwrightConfig.use?.launchOptions?.args ?? ['--headless', '--no-sandbox'];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args });
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

/** A company of the data set to open: the first of the default list. */
async function someCompanyId(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}${pathOf('list.generate')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'list-builder', origin: baseUrl },
    body: JSON.stringify({ filters: {}, limit: 1 }),
  });
  const body = (await res.json()) as ListGenerateResponse;
  const id = body.data?.[0]?.uuid;
  if (!res.ok || !id) throw new Error(`no company to open (${res.status} ${JSON.stringify(body)})`);
  return id;
}

export async function webBench(benchDir: string): Promise<void> {
  console.log('\n== Web app: size as sent, Lighthouse, first results');
  // BENCH_WEB_BUILD measures a build made before (`vite build --manifest --outDir ...`) as it is.
  // chrome-launcher's failure to spawn a missing browser is an unhandled 'error' event, not a throw.
  if (!existsSync(CHROMIUM))
    throw new Error(`no Chromium at ${CHROMIUM} (Debian's chromium package: e2e/run.sh installs it)`);
  const given = cfg.BENCH_WEB_BUILD;
  const outDir = given ?? mkdtempSync(path.join(os.tmpdir(), 'list-builder-bench-web-'));
  try {
    if (!given) build(outDir);
    const server = await startServer(outDir, path.join(benchDir, 'web'));
    const { baseUrl } = server;
    try {
      for (const line of (await sizeReport(baseUrl, outDir)).lines) console.log(line);

      for (const line of (await lighthouseReport('list builder', `${baseUrl}/`)).lines) console.log(line);
      const companyId = await someCompanyId(baseUrl);
      for (const line of (await lighthouseReport('company page', `${baseUrl}/companies/${companyId}`)).lines)
        console.log(line);

      const times = await firstResultsTimes(baseUrl);
      const m = median(times);
      console.log(
        `first results (navigation to the first grid row, headless Chromium, ${COMPANIES.toLocaleString('en')} companies, page of 50): median ${Math.round(m)} ms of ${RUNS} (${times.map((t) => Math.round(t)).join(', ')} ms)  target < ${FIRST_RESULTS_TARGET_MS} ms: ${m < FIRST_RESULTS_TARGET_MS ? 'met' : 'MISSED'}`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    if (!given) rmSync(outDir, { recursive: true, force: true });
  }
}
