/**
 * What the browser's first load carries, read from the source's static imports (no build): the
 * frame and the URL's schemas, not every schema of the contract.
 * `npm run bench` measures the built chunks as sent; this keeps the shape that makes them small from
 * drifting back one import at a time. docs/decisions/0012-first-load-budget.md.
 */
import { describe, expect, it } from 'vitest';
import { moduleGraph } from '@/testing/module-graph';

/** The contract's schema modules the servers read and the first load does not need. */
const SERVICE_SCHEMAS = [
  'bff/contract/api.ts',
  'bff/contract/endpoint-schemas.ts',
  'bff/contract/bff-lists.ts',
  'bff/contract/openapi.ts',
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
});
