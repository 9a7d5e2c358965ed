/**
 * The layers lint enforces (biome.json's `overrides`): the web app imports only the contract from
 * bff/; the contract imports nothing outside itself; the embedded service never imports the BFF; no
 * import cycles anywhere; no function in bff/server over 150 lines. Each rule is shown failing on a
 * small file that breaks it, written for the moment of one Biome run and removed after, beside files
 * that keep to the rules and must pass (so a rule that flags everything fails too). Test files
 * (`*.test.ts(x)`) stand outside the import layers: a test may start the BFF or the embedded service
 * to check a layer against another (the web app's `*.bff.test.tsx`, the contract's column tests).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TAG = `layers-fixture-${randomBytes(4).toString('hex')}`;

/** Each fixture: where it sits, what it says, and the rules Biome must report on it (none: it must pass). */
const FIXTURES: Record<string, { source: string; rules: string[] }> = {
  webImportsServer: {
    // The path in two pieces: this file opens no store, and projects.test.ts reads imports by their text.
    source: `import { createBffApp } from '../../bff/server/${'app'}';\n\nexport const q = createBffApp;\n`,
    rules: ['lint/style/noRestrictedImports'],
  },
  webImportsEmbedded: {
    source: `import { startService } from '../../bff/embedded/service';\n\nexport const q = startService;\n`,
    rules: ['lint/style/noRestrictedImports'],
  },
  webImportsContract: {
    source:
      `import { problemBody } from '@contract/problem';\n` +
      `import { PROBLEM_CONTENT_TYPE } from '../../bff/contract/problem';\n\n` +
      `export const q = [problemBody, PROBLEM_CONTENT_TYPE];\n`,
    rules: [],
  },
  contractImportsEmbedded: {
    source: `import { generateCompanies } from '../embedded/dataset/generate';\n\nexport const q = generateCompanies;\n`,
    rules: ['lint/style/noRestrictedImports'],
  },
  contractImportsWeb: {
    source: `import { formatMoney } from '@/lib/format';\n\nexport const q = formatMoney;\n`,
    rules: ['lint/style/noRestrictedImports'],
  },
  contractImportsItselfAndPackages: {
    source:
      `import { z } from 'zod';\n` +
      `import { PROBLEM_CONTENT_TYPE } from './problem';\n\n` +
      `export const q = [z, PROBLEM_CONTENT_TYPE];\n`,
    rules: [],
  },
  embeddedImportsServer: {
    source: `import { createBffApp } from '../server/${'app'}';\n\nexport const q = createBffApp;\n`,
    rules: ['lint/style/noRestrictedImports'],
  },
  embeddedImportsContract: {
    source: `import { PROBLEM_CONTENT_TYPE } from '../contract/problem';\n\nexport const q = PROBLEM_CONTENT_TYPE;\n`,
    rules: [],
  },
  cycleA: {
    source: `import { b } from './${TAG}-cycle-b';\n\nexport const a = (): unknown => b;\n`,
    rules: ['lint/suspicious/noImportCycles'],
  },
  cycleB: {
    source: `import { a } from './${TAG}-cycle-a';\n\nexport const b = (): unknown => a;\n`,
    rules: ['lint/suspicious/noImportCycles'],
  },
  serverLongFunction: {
    source: `export function long(): number {\n  let n = 0;\n${'  n += 1;\n'.repeat(150)}  return n;\n}\n`,
    rules: ['lint/complexity/noExcessiveLinesPerFunction'],
  },
};

const PATHS: Record<keyof typeof FIXTURES, string> = {
  webImportsServer: `web/src/${TAG}-server.ts`,
  webImportsEmbedded: `web/src/${TAG}-embedded.ts`,
  webImportsContract: `web/src/${TAG}-contract.ts`,
  contractImportsEmbedded: `bff/contract/${TAG}-embedded.ts`,
  contractImportsWeb: `bff/contract/${TAG}-web.ts`,
  contractImportsItselfAndPackages: `bff/contract/${TAG}-own.ts`,
  embeddedImportsServer: `bff/embedded/${TAG}-server.ts`,
  embeddedImportsContract: `bff/embedded/${TAG}-contract.ts`,
  cycleA: `web/src/${TAG}-cycle-a.ts`,
  cycleB: `web/src/${TAG}-cycle-b.ts`,
  serverLongFunction: `bff/server/${TAG}-long.ts`,
};

type Diagnostic = { category?: string; location?: { path?: string } };
let reported = new Map<string, string[]>();

beforeAll(() => {
  for (const [name, fixture] of Object.entries(FIXTURES)) {
    writeFileSync(path.join(ROOT, PATHS[name] as string), fixture.source);
  }
  let out: string;
  try {
    out = execFileSync(
      path.join(ROOT, 'node_modules/.bin/biome'),
      ['lint', '--reporter=json', '--max-diagnostics=none', ...Object.values(PATHS)],
      { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } catch (err) {
    // Biome exits 1 when it reports errors, which is what most fixtures are for.
    out = String((err as { stdout?: unknown }).stdout ?? '');
  } finally {
    for (const p of Object.values(PATHS)) rmSync(path.join(ROOT, p), { force: true });
  }
  const diagnostics = (JSON.parse(out) as { diagnostics: Diagnostic[] }).diagnostics;
  reported = new Map();
  for (const d of diagnostics) {
    const file = d.location?.path ?? '';
    reported.set(file, [...(reported.get(file) ?? []), d.category ?? '']);
  }
}, 60_000);

afterAll(() => {
  for (const p of Object.values(PATHS)) rmSync(path.join(ROOT, p), { force: true });
});

describe('layers lint enforces', () => {
  for (const [name, fixture] of Object.entries(FIXTURES)) {
    const file = PATHS[name] as string;
    const verdict = fixture.rules.length ? `fails (${fixture.rules.join(', ')})` : 'passes';
    it(`${name}: ${file.replace(TAG, '*')} ${verdict}`, () => {
      expect([...new Set(reported.get(file) ?? [])].sort()).toEqual([...fixture.rules].sort());
    });
  }
});
