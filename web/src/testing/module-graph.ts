/**
 * The static import graph of the app's source, read from the files (no build): what loading a module
 * loads with it before anything else can run. `import type` and `export type` are left out (erased
 * at build time), and so are dynamic `import()`s: those are where the app loads on demand. Packages
 * are named by their bare specifier (`zod`, `react-dom/client`).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const ALIASES: readonly (readonly [prefix: string, dir: string])[] = [
  ['@contract/', path.join(ROOT, 'bff/contract/')],
  ['@/', path.join(ROOT, 'web/src/')],
];
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

// `import x from`, `import {a, b} from`, `import * as x from`, `export {a} from`, `export * from`,
// each possibly over several lines (statements end at their semicolon); and `import 'x'`.
const FROM = /^(?:import|export)(\s+type\b)?[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/gm;
const BARE = /^import\s*['"]([^'"]+)['"]/gm;

/** The modules one file imports at load time: project files as absolute paths, packages by name. */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [
    ...[...text.matchAll(FROM)].filter((m) => !m[1]).map((m) => m[2]!),
    ...[...text.matchAll(BARE)].map((m) => m[1]!),
  ];
  return specs.flatMap((spec) => {
    const resolved = resolve(spec, path.dirname(file));
    return resolved === null ? [] : [resolved];
  });
}

/** A project file (absolute path) or a package name; null for assets (CSS, JSON of the project). */
function resolve(spec: string, fromDir: string): string | null {
  const alias = ALIASES.find(([prefix]) => spec.startsWith(prefix));
  const base = alias
    ? path.join(alias[1], spec.slice(alias[0].length))
    : spec.startsWith('.')
      ? path.join(fromDir, spec)
      : null;
  if (base === null) return spec;
  for (const ext of EXTENSIONS) {
    const candidate = `${base}${ext}`;
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  if (/\.(css|json|svg)$/.test(base)) return null;
  throw new Error(`cannot resolve ${spec} from ${fromDir}`);
}

/** Every module loaded with `entry`, itself included: project paths relative to the repository. */
export function moduleGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (path.isAbsolute(file)) for (const dep of staticImports(file)) visit(dep);
  };
  visit(path.resolve(ROOT, entry));
  return new Set([...seen].map((m) => (path.isAbsolute(m) ? path.relative(ROOT, m) : m)));
}
