import { describe, expect, it } from 'vitest';
import {
  canonicalPath,
  ENDPOINT_IDS,
  ENDPOINTS,
  type EndpointDef,
  matchEndpoint,
  methodsByPath,
  paramNames,
  requestOf,
} from './endpoints';
import { openApiDocument } from './openapi';

const SAMPLE_PARAMS: Record<string, string> = {
  id: '0b6b1f52-3f0e-4c57-9a51-4d3f0f0a7e11',
  line: '12',
};

describe('the endpoint table', () => {
  it('has one entry per method and path: no endpoint is written twice', () => {
    const seen = new Set<string>();
    for (const id of ENDPOINT_IDS) {
      const d: EndpointDef = ENDPOINTS[id];
      for (const p of [d.path, ...(d.aliases ?? [])]) {
        const key = `${d.method} ${p}`;
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
    }
  });

  it('matches every path and alias of every endpoint back to that endpoint, also under /v1/ and with a slash', () => {
    for (const id of ENDPOINT_IDS) {
      const d: EndpointDef = ENDPOINTS[id];
      for (const p of [d.path, ...(d.aliases ?? [])]) {
        const filled = p.replace(/\{(\w+)\}/g, (_, n: string) => SAMPLE_PARAMS[n] ?? 'x');
        const spellings = [filled, `${filled}/`];
        if (filled.startsWith('/api/v1/')) spellings.push(filled.slice(4));
        for (const s of spellings) {
          const m = matchEndpoint(d.method, s, [d.scope]);
          expect(m, `${d.method} ${s}`).toMatchObject({ kind: 'endpoint', id });
        }
      }
    }
  });

  it('answers a known path with another method by the methods it allows', () => {
    expect(matchEndpoint('DELETE', '/api/v1/company/enrichment', ['service'])).toEqual({
      kind: 'method',
      allow: 'GET, POST',
    });
    expect(methodsByPath(['bff']).get('/bff/session')).toEqual(['GET', 'POST', 'DELETE']);
  });

  it('checks path parameters against their pattern, unless told to leave that to the resource', () => {
    expect(matchEndpoint('GET', '/api/v1/status/not-a-uuid', ['service'])).toBeUndefined();
    expect(
      matchEndpoint('GET', '/api/v1/status/not-a-uuid', ['service'], { looseParams: true }),
    ).toMatchObject({
      id: 'additions.status',
      params: { id: 'not-a-uuid' },
      path: '/api/v1/status/not-a-uuid',
    });
    expect(
      matchEndpoint('GET', '/api/v1/status/%E0%A4%A', ['service'], { looseParams: true }),
    ).toBeUndefined();
  });

  it('refuses spellings no endpoint uses', () => {
    for (const p of ['/api//v1/news', '/api/v1/news//', '/api/v1/a%2Fb', '/api/v1/a\\b']) {
      expect(canonicalPath(p), p).toBeUndefined();
    }
    expect(canonicalPath('/v1/news/')).toBe('/api/v1/news');
  });
});

describe('requestOf: a call written as HTTP', () => {
  it('puts path parameters in the path and the rest in the query, arrays repeated', () => {
    expect(requestOf('additions.status', { id: 'a b' })).toEqual({
      method: 'GET',
      url: '/api/v1/status/a%20b',
    });
    expect(
      requestOf('company.productReviews', {
        company: 'acme.com',
        products: ['p1', 'p2'],
        limit: 5,
        offset: undefined,
      }),
    ).toEqual({
      method: 'GET',
      url: '/api/v1/company/product-reviews?company=acme.com&products=p1&products=p2&limit=5',
    });
    expect(requestOf('bff.pricing')).toEqual({ method: 'GET', url: '/bff/pricing' });
  });

  it('sends the input of a POST as its JSON body', () => {
    const r = requestOf('list.generate', { filters: { 'location.hq.country': ['DEU'] }, limit: 5 });
    expect(r.method).toBe('POST');
    expect(r.url).toBe('/api/v1/list/generate/companies');
    expect(JSON.parse(r.body!)).toEqual({ filters: { 'location.hq.country': ['DEU'] }, limit: 5 });
  });
});

describe('the OpenAPI document', () => {
  const doc = openApiDocument({ version: 'test' });

  it('is OpenAPI 3.1 with one operation per endpoint and alias, each with its parameters and answers', () => {
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method, op })),
    );
    expect(operations.length).toBe(
      ENDPOINT_IDS.reduce((n, id) => n + 1 + ((ENDPOINTS[id] as EndpointDef).aliases?.length ?? 0), 0),
    );
    for (const { path, method, op } of operations) {
      expect(Object.keys(op.responses as object).length, `${method} ${path}`).toBeGreaterThan(0);
      const inPath = ((op.parameters ?? []) as { in: string; name: string }[]).filter((p) => p.in === 'path');
      expect(inPath.map((p) => p.name)).toEqual(paramNames(path));
    }
  });

  it('resolves every schema reference to a component', () => {
    const text = JSON.stringify(doc);
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    const schemas = (doc.components as { schemas: Record<string, unknown> }).schemas;
    for (const ref of new Set(refs)) expect(schemas[ref], ref).toBeDefined();
  });

  it('describes query parameters from the input schemas, with what is required', () => {
    const op = doc.paths['/api/v1/company/employee-reviews']!.get as {
      parameters: { name: string; required: boolean }[];
    };
    const byName = Object.fromEntries(op.parameters.map((p) => [p.name, p.required]));
    expect(byName).toMatchObject({ company: true, limit: false, offset: false });
    const list = doc.paths['/api/v1/list/generate/companies']!.post as {
      requestBody: unknown;
      'x-credits': string;
    };
    expect(list.requestBody).toBeDefined();
    expect(list['x-credits']).toMatch(/per company returned/);
  });
});
