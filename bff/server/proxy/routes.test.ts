import { describe, expect, it } from 'vitest';
import { allowHeader, canonicalProxyPath, matchRoute } from './routes';

const ID = '0b6b1f52-3f0e-4c57-9a51-4d3f0f0a7e11';

describe('route table', () => {
  it('maps every spelling of the spec to its canonical path and the upstream spelling', () => {
    const cases: [string, string, string][] = [
      [
        '/api/v1/list/generate/companies',
        '/api/v1/list/generate/companies',
        '/api/v1/list/generate/companies/',
      ],
      ['/v1/list/generate/companies/', '/api/v1/list/generate/companies', '/api/v1/list/generate/companies/'],
      ['/api/v1/list/filter-builder/', '/api/v1/list/filter-builder', '/api/v1/list/filter-builder/'],
      ['/api/v1/company/enrichment/', '/api/v1/company/enrichment', '/api/v1/company/enrichment'],
      [
        '/api/v1/companies/product-reviews',
        '/api/v1/company/product-reviews',
        '/api/v1/company/product-reviews',
      ],
      ['/v1/company/product-reviews/', '/api/v1/company/product-reviews', '/api/v1/company/product-reviews'],
      [
        '/api/v1/company/employee-reviews',
        '/api/v1/company/employee-reviews',
        '/api/v1/company/employee-reviews',
      ],
      ['/api/v1/company/posts', '/api/v1/company/posts', '/api/v1/company/posts/'],
      ['/api/v1/industry/search', '/api/v1/industry/search', '/api/v1/industry/search/'],
      ['/api/v1/company/search/', '/api/v1/company/search', '/api/v1/company/search'],
      ['/api/v1/news', '/api/v1/news', '/api/v1/news/'],
      [
        '/api/v1/company/addition-requests/',
        '/api/v1/company/addition-requests',
        '/api/v1/company/addition-requests/',
      ],
      [
        `/api/v1/company/addition-requests/${ID}/`,
        `/api/v1/company/addition-requests/${ID}`,
        `/api/v1/company/addition-requests/${ID}/`,
      ],
      [
        `/api/v1/status/${ID}/`,
        `/api/v1/company/addition-requests/${ID}`,
        `/api/v1/company/addition-requests/${ID}/`,
      ],
      [
        `/v1/status/${ID}`,
        `/api/v1/company/addition-requests/${ID}`,
        `/api/v1/company/addition-requests/${ID}/`,
      ],
      ['/api/v1/webhooks', '/api/v1/webhooks', '/api/v1/webhooks/'],
      ['/api/v1/webhooks/wh_123/', '/api/v1/webhooks/wh_123', '/api/v1/webhooks/wh_123/'],
    ];
    for (const [path, canonical, upstream] of cases) {
      const m = matchRoute(path);
      expect(m?.canonical, path).toBe(canonical);
      expect(m?.rule.upstream(m.param), path).toBe(upstream);
    }
  });

  it('names exactly the methods each endpoint allows', () => {
    const allow = (p: string) => {
      const m = matchRoute(p);
      return m ? allowHeader(m.rule) : undefined;
    };
    expect(allow('/api/v1/list/generate/companies')).toBe('POST');
    expect(allow('/api/v1/company/enrichment')).toBe('GET, POST');
    expect(allow('/api/v1/news')).toBe('GET');
    expect(allow('/api/v1/webhooks')).toBe('GET, POST');
    expect(allow('/api/v1/webhooks/abc')).toBe('DELETE');
    expect(allow(`/api/v1/status/${ID}`)).toBe('GET');
  });

  it('forwards nothing else', () => {
    for (const p of [
      '/api/v1/admin',
      '/api/v2/news',
      '/api//v1/news',
      '/api/v1//news',
      '/api/v1/news//',
      '/api/v1/status/not-a-uuid',
      '/api/v1/company/search/..%2Fadmin',
      '/api/v1/webhooks/a/deliveries',
      '/healthz',
      '/v1',
      '/bff/session',
    ]) {
      expect(matchRoute(p), p).toBeUndefined();
    }
    expect(canonicalProxyPath('/api/v1/x\\y')).toBeUndefined();
  });
});
