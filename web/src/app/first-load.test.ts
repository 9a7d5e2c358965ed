/**
 * What the browser's first load carries, read from the source's static imports (no build): the
 * frame and the URL's schemas, not every schema of the contract nor the code of every page.
 * `npm run bench` measures the built chunks as sent; this keeps the shape that makes them small from
 * drifting back one import at a time. docs/decisions/0012-first-load-budget.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleGraph } from '@/testing/module-graph';

/** The contract's schema modules the servers read and the first load does not need. */
const SERVICE_SCHEMAS = [
  'bff/contract/api.ts',
  'bff/contract/endpoint-schemas.ts',
  'bff/contract/bff-lists.ts',
  'bff/contract/openapi.ts',
];

/** Each page's own module: loaded when the router first shows it (`router.tsx`, `page-code.ts`). */
const PAGES = [
  'web/src/features/list-builder/components/list-builder-page.tsx',
  'web/src/app/routes/company-page.tsx',
  'web/src/app/routes/requests-page.tsx',
  'web/src/app/routes/accounts-page.tsx',
  'web/src/app/routes/api-reference-page.tsx',
  'web/src/features/auth/components/sign-in-page.tsx',
];

describe('the first load', () => {
  it('reads the endpoint table without zod: the client needs methods and paths, not schemas', () => {
    const graph = moduleGraph('web/src/lib/api-client.ts');
    expect(graph).toContain('bff/contract/endpoints.ts');
    expect([...graph].filter((m) => m === 'zod' || m.startsWith('zod/'))).toEqual([]);
    for (const m of SERVICE_SCHEMAS) expect(graph).not.toContain(m);
  });

  it('carries none of the service schemas the servers validate with', () => {
    const graph = moduleGraph('web/src/main.tsx');
    for (const m of SERVICE_SCHEMAS) expect(graph, m).not.toContain(m);
  });

  it("nor do the two pages a visit usually opens: their first render builds none of the service's schemas", () => {
    // The list builder (`/`, with "More like this") and the company page read the lookalikes'
    // numbers and estimate from `lookalike-cost.ts` and the reviews' rating types from
    // `employee-ratings.ts`, not from the modules that build the schemas (main-thread time after
    // the first paint, and 4.6 KB br on each page).
    for (const page of ['web/src/app/routes/list-page.tsx', 'web/src/app/routes/company-page.tsx']) {
      const graph = moduleGraph(page);
      for (const m of [...SERVICE_SCHEMAS, 'bff/contract/lookalikes.ts'])
        expect(graph, `${page}: ${m}`).not.toContain(m);
    }
  });

  it('carries no page: each is its own chunk, loaded when it is first shown', () => {
    const graph = moduleGraph('web/src/main.tsx');
    for (const page of PAGES) {
      expect(graph, page).not.toContain(page);
      // The page module exists (a renamed page would make this test pass for nothing).
      expect(moduleGraph(page)).toContain(page);
    }
  });

  it('carries no copy of the industry taxonomy: the sector picker reads it from the BFF', () => {
    // GET /bff/industries (bff/server/industries/); the contract's copy is the BFF's, for a remote upstream.
    for (const from of ['web/src/main.tsx', 'web/src/features/list-builder/industry-tree.ts'])
      expect(moduleGraph(from), from).not.toContain('bff/contract/industry-tree.ts');
    const sources = readdirSync('web/src', { recursive: true, encoding: 'utf8' }).filter((f) =>
      /\.tsx?$/.test(f),
    );
    const loaders = sources.filter((f) =>
      /import\(\s*['"]@contract\/industry-tree['"]\s*\)/.test(readFileSync(path.join('web/src', f), 'utf8')),
    );
    expect(loaders).toEqual([]);
  });
});
