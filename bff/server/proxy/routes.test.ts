import { describe, expect, it } from 'vitest';
import { matchProxyRoute } from './routes';

const ID = '0b6b1f52-3f0e-4c57-9a51-4d3f0f0a7e11';

function route(method: string, path: string) {
  const m = matchProxyRoute(method, path);
  return m?.kind === 'route' ? m.route : undefined;
}

/** Each spelling the spec allows: method, path, endpoint, canonical path, upstream spelling. */
const SPELLINGS: [string, string, string, string, string][] = [
  [
    'POST',
    '/api/v1/list/generate/companies',
    'list.generate',
    '/api/v1/list/generate/companies',
    '/api/v1/list/generate/companies/',
  ],
  [
    'POST',
    '/v1/list/generate/companies/',
    'list.generate',
    '/api/v1/list/generate/companies',
    '/api/v1/list/generate/companies/',
  ],
  [
    'POST',
    '/api/v1/list/filter-builder/',
    'list.filterBuilder',
    '/api/v1/list/filter-builder',
    '/api/v1/list/filter-builder/',
  ],
  [
    'GET',
    '/api/v1/company/enrichment/',
    'company.enrichment',
    '/api/v1/company/enrichment',
    '/api/v1/company/enrichment',
  ],
  [
    'POST',
    '/api/v1/company/enrichment',
    'company.enrichment.post',
    '/api/v1/company/enrichment',
    '/api/v1/company/enrichment',
  ],
  [
    'GET',
    '/api/v1/companies/product-reviews',
    'company.productReviews',
    '/api/v1/company/product-reviews',
    '/api/v1/company/product-reviews',
  ],
  [
    'GET',
    '/v1/company/product-reviews/',
    'company.productReviews',
    '/api/v1/company/product-reviews',
    '/api/v1/company/product-reviews',
  ],
  [
    'GET',
    '/api/v1/company/employee-reviews',
    'company.employeeReviews',
    '/api/v1/company/employee-reviews',
    '/api/v1/company/employee-reviews',
  ],
  ['GET', '/api/v1/company/posts', 'company.posts', '/api/v1/company/posts', '/api/v1/company/posts/'],
  [
    'GET',
    '/api/v1/industry/search',
    'industry.search',
    '/api/v1/industry/search',
    '/api/v1/industry/search/',
  ],
  ['GET', '/api/v1/company/search/', 'company.search', '/api/v1/company/search', '/api/v1/company/search'],
  ['GET', '/api/v1/news', 'news', '/api/v1/news', '/api/v1/news/'],
  [
    'POST',
    '/api/v1/company/addition-requests/',
    'additions.submit',
    '/api/v1/company/addition-requests',
    '/api/v1/company/addition-requests/',
  ],
  // Status lookups go upstream to the one spelling the real service documents.
  [
    'GET',
    `/api/v1/company/addition-requests/${ID}/`,
    'additions.status',
    `/api/v1/status/${ID}`,
    `/api/v1/status/${ID}/`,
  ],
  ['GET', `/api/v1/status/${ID}/`, 'additions.status', `/api/v1/status/${ID}`, `/api/v1/status/${ID}/`],
  ['GET', `/v1/status/${ID}`, 'additions.status', `/api/v1/status/${ID}`, `/api/v1/status/${ID}/`],
  ['GET', '/api/v1/webhooks', 'webhooks.list', '/api/v1/webhooks', '/api/v1/webhooks/'],
  ['POST', '/api/v1/webhooks', 'webhooks.create', '/api/v1/webhooks', '/api/v1/webhooks/'],
  [
    'DELETE',
    '/api/v1/webhooks/wh_123/',
    'webhooks.delete',
    '/api/v1/webhooks/wh_123',
    '/api/v1/webhooks/wh_123/',
  ],
  [
    'GET',
    '/api/v1/webhooks/wh_123/deliveries',
    'webhooks.deliveries',
    '/api/v1/webhooks/wh_123/deliveries',
    '/api/v1/webhooks/wh_123/deliveries/',
  ],
];

describe('the proxy route table, derived from the endpoint table', () => {
  it('maps every spelling of the spec to its endpoint, canonical path and upstream spelling', () => {
    for (const [method, path, id, canonical, upstream] of SPELLINGS) {
      const r = route(method, path);
      expect(r?.id, path).toBe(id);
      expect(r?.path, path).toBe(canonical);
      expect(r?.upstream, path).toBe(upstream);
    }
  });

  it('names exactly the methods each path allows', () => {
    const allow = (p: string) => {
      const m = matchProxyRoute('PATCH', p);
      return m?.kind === 'method' ? m.allow : undefined;
    };
    expect(allow('/api/v1/list/generate/companies')).toBe('POST');
    expect(allow('/api/v1/company/enrichment')).toBe('GET, POST');
    expect(allow('/api/v1/news')).toBe('GET');
    expect(allow('/api/v1/webhooks')).toBe('GET, POST');
    expect(allow('/api/v1/webhooks/abc')).toBe('DELETE');
    expect(allow(`/api/v1/status/${ID}`)).toBe('GET');
    expect(allow(`/api/v1/company/addition-requests/${ID}`)).toBe('GET');
  });

  it('knows which answers are a deletion', () => {
    expect(route('DELETE', '/api/v1/webhooks/abc')?.noContent).toBe(true);
    expect(route('GET', '/api/v1/news')?.noContent).toBe(false);
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
      '/api/v1/x\\y',
      '/api/v1/webhooks/a/b',
      '/healthz',
      '/api/openapi.json',
      '/v1',
      '/bff/session',
    ]) {
      expect(matchProxyRoute('GET', p), p).toBeUndefined();
    }
  });
});
