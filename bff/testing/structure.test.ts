/**
 * The shape a newcomer can find their way in, checked by reading files: no BFF file past 500 lines
 * and no function past 150 (tests too), and the app's one composition at most 250; the store's engine adapters, the only code
 * written once per engine, small together; the environment read only by the configuration modules;
 * a README short enough to read; every decision record dated and with its status. Each failure
 * names the files to fix.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The store's engine adapters: what differs between SQLite and PostgreSQL (transactions, listening
 * and notifying, upserts, the migration lock). Everything else is portable SQL written once.
 */
const STORE_ADAPTERS = ['bff/server/store/sqlite.ts', 'bff/server/store/postgres.ts'];
const STORE_ADAPTERS_MAX_LINES = 600;

const FILE_MAX_LINES = 500;
/** A function's lines from its first to its last, as ESLint's max-lines-per-function counts them. */
const FUNCTION_MAX_LINES = 150;
const APP_MAX_LINES = 250;
const README_MAX_LINES = 200;

/** Where the environment may be read: a configuration module, or a tool's own top-level config. */
const CONFIG_FILE = /(^|\/)(config|env)\.ts$/;
const TOP_LEVEL_CONFIGS = ['vite.config.ts', 'playwright.config.ts'];

/** The code of a file without its comments (a comment may name the environment without reading it). */
function codeOf(rel: string): string {
  return readFileSync(path.join(ROOT, rel), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report']);

/** Every .ts/.tsx file under `dir` (relative to the root), skipping build output and data. */
function sourcesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const name of readdirSync(path.join(ROOT, rel))) {
      if (SKIP_DIRS.has(name) || name.startsWith('.')) continue;
      const child = `${rel}/${name}`;
      if (statSync(path.join(ROOT, child)).isDirectory()) walk(child);
      else if (/\.tsx?$/.test(name)) out.push(child);
    }
  };
  walk(dir);
  return out.sort();
}

/** Lines as an editor counts them (a last line without its newline counts too). */
function lineCount(rel: string): number {
  const text = readFileSync(path.join(ROOT, rel), 'utf8');
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

const exists = (rel: string) => {
  try {
    return statSync(path.join(ROOT, rel)).isFile();
  } catch {
    return false;
  }
};

describe('the structure', () => {
  it(`has no file in bff/server over ${FILE_MAX_LINES} lines, tests included`, () => {
    const over = sourcesUnder('bff/server')
      .map((f) => ({ f, n: lineCount(f) }))
      .filter(({ n }) => n > FILE_MAX_LINES)
      .map(({ f, n }) => `${f} (${n} lines)`);
    expect(over, `files over ${FILE_MAX_LINES} lines:\n${over.join('\n')}`).toEqual([]);
  });

  it(`has no function in bff/server over ${FUNCTION_MAX_LINES} lines, from its first line to its last, tests included`, () => {
    const over: string[] = [];
    for (const f of sourcesUnder('bff/server')) {
      const text = readFileSync(path.join(ROOT, f), 'utf8');
      const starts = [0];
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
      const lineAt = (offset: number) => {
        let lo = 0;
        let hi = starts.length - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (starts[mid]! <= offset) lo = mid;
          else hi = mid - 1;
        }
        return lo + 1;
      };
      const visit = (node: unknown): void => {
        if (!node || typeof node !== 'object') return;
        if (Array.isArray(node)) {
          for (const child of node) visit(child);
          return;
        }
        const n = node as { type?: string; start?: number; end?: number; body?: unknown };
        if (n.type?.includes('Function') && n.body && n.start !== undefined && n.end !== undefined) {
          const lines = lineAt(n.end) - lineAt(n.start) + 1;
          if (lines > FUNCTION_MAX_LINES) over.push(`${f}:${lineAt(n.start)} (${lines} lines)`);
        }
        for (const [k, v] of Object.entries(n)) if (k !== 'type' && v && typeof v === 'object') visit(v);
      };
      visit(parseAst(text, { lang: f.endsWith('x') ? 'tsx' : 'ts' }));
    }
    expect(over, `functions over ${FUNCTION_MAX_LINES} lines:\n${over.join('\n')}`).toEqual([]);
  });

  it(`composes the BFF in bff/server/app.ts in at most ${APP_MAX_LINES} lines`, () => {
    const n = lineCount('bff/server/app.ts');
    expect(n, `bff/server/app.ts has ${n} lines`).toBeLessThanOrEqual(APP_MAX_LINES);
  });

  it(`keeps the store's engine adapters within ${STORE_ADAPTERS_MAX_LINES} lines together`, () => {
    const missing = STORE_ADAPTERS.filter((f) => !exists(f));
    expect(missing, `STORE_ADAPTERS names files that are not there: ${missing.join(', ')}`).toEqual([]);
    const counts = STORE_ADAPTERS.map((f) => ({ f, n: lineCount(f) }));
    const total = counts.reduce((sum, c) => sum + c.n, 0);
    expect(
      total,
      `the adapters have ${total} lines: ${counts.map(({ f, n }) => `${f} (${n})`).join(', ')}`,
    ).toBeLessThanOrEqual(STORE_ADAPTERS_MAX_LINES);
  });

  it('reads the environment only in configuration modules (config.ts, env.ts) and the top-level configs', () => {
    const files = [...sourcesUnder('bff'), ...sourcesUnder('web'), ...sourcesUnder('e2e')];
    for (const f of readdirSync(ROOT)) if (/\.(ts|tsx|mts|cts|js|mjs)$/.test(f)) files.push(f);
    // process.env, process['env'], or { env } = process; this file names them only in its checks.
    const reads = /\bprocess\s*(\.\s*env\b|\[\s*['"`]env['"`]\s*\])|\{\s*env\s*\}\s*=\s*process\b/;
    const readers = files.filter((f) => f !== 'bff/testing/structure.test.ts' && reads.test(codeOf(f)));
    const stray = readers.filter((f) => !CONFIG_FILE.test(f) && !TOP_LEVEL_CONFIGS.includes(f));
    expect(stray, `process.env read outside a config.ts or env.ts:\n${stray.join('\n')}`).toEqual([]);
  });

  it(`has a README of at most ${README_MAX_LINES} lines`, () => {
    const n = lineCount('README.md');
    expect(n, `README.md has ${n} lines`).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('dates every decision record and gives its status', () => {
    const records = readdirSync(path.join(ROOT, 'docs/decisions')).filter((f) => f.endsWith('.md'));
    expect(records.length).toBeGreaterThan(0);
    const lacking = records.flatMap((f) => {
      const text = readFileSync(path.join(ROOT, 'docs/decisions', f), 'utf8');
      const missing = [
        /^Date: \S/m.test(text) ? null : 'Date:',
        /^Status: \S/m.test(text) ? null : 'Status:',
      ].filter((m) => m !== null);
      return missing.length ? [`docs/decisions/${f} (no ${missing.join(' and no ')} line)`] : [];
    });
    expect(lacking, `decision records without a date or a status:\n${lacking.join('\n')}`).toEqual([]);
  });
});
