/**
 * The BFF over real HTTP in front of the real embedded service, both in-process (its `fetch`) and
 * on its own port as a remote upstream: every proxied endpoint of the spec.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsageResponse } from '../../contract/bff';
import type { Service } from '../../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { embeddedUpstream, remoteUpstream, type Upstream } from '../upstream/upstream';

const KEY = 'dev-enterprise-key';

type Setup = { bff: RunningBff; service: Service; close: () => Promise<void> };

async function inProcess(service: Service): Promise<Setup> {
  const bff = await startBff({ upstream: embeddedUpstream(service) });
  return { bff, service, close: () => bff.close() };
}

async function overLoopback(service: Service): Promise<Setup> {
  const server = serve({ fetch: service.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const upstream: Upstream = remoteUpstream(
    `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    KEY,
  );
  const bff = await startBff({ upstream });
  return {
    bff,
    service,
    close: async () => {
      await bff.close();
      upstream.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let service: Service;
beforeAll(async () => {
  service = await startEmbedded(1500, { seed: 5 });
});
afterAll(() => service.close());

function upstreamCalls(): number {
  return (service.ctx.db.prepare('SELECT COUNT(*) AS n FROM usage').get() as { n: number }).n;
}

/** Both ways to reach the embedded service: in-process, and on its own port as a remote upstream. */
const WAYS = [
  ['in-process', inProcess],
  ['remote over loopback', overLoopback],
] as const;

/**
 * The BFF `make` builds, set up before the describe's tests (`s`, filled in then) and closed after
 * them; `read` keeps every answer and header the browser got, and none of them, nor any log line,
 * may hold the key.
 */
function bffUnderTest(make: (service: Service) => Promise<Setup>) {
  const s = {} as Setup;
  const texts: string[] = [];
  const read = async (res: Response) => {
    const text = await res.text();
    texts.push(text, JSON.stringify([...res.headers]));
    return text ? JSON.parse(text) : undefined;
  };

  beforeAll(async () => {
    Object.assign(s, await make(service));
  });
  afterAll(async () => {
    // The key is in no answer or header the browser got, nor in any log line.
    expect(texts.join('\n')).not.toContain(KEY);
    expect(s.bff.logs.join('\n')).not.toContain(KEY);
    await s.close();
  });
  return { s, read };
}

describe.each(WAYS)('BFF -> embedded service %s', (_name, make) => {
  const { s, read } = bffUnderTest(make);

  it('list generation, under every path spelling, then from the cache at 0 credits', async () => {
    const body = { filters: { 'location.hq.country': ['DEU'] }, sections: ['firmographic'], limit: 5 };
    const first = await s.bff.post('/api/v1/list/generate/companies', body);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('miss');
    const list = await read(first);
    expect(list.count).toBe(5);
    expect(list.credits_consumed).toBeGreaterThan(0);
    expect(list.data[0].firmographic).toBeDefined();

    // Same user-visible request, keys in another order and another spelling of the path: a hit.
    const before = upstreamCalls();
    const again = await s.bff.post('/v1/list/generate/companies/', {
      limit: 5,
      sections: ['firmographic'],
      filters: { 'location.hq.country': ['DEU'] },
    });
    expect(again.headers.get('x-cache')).toBe('hit');
    // The same answer, but it says what this call cost: nothing.
    expect(await read(again)).toEqual({ ...list, credits_consumed: 0 });
    expect(upstreamCalls()).toBe(before);

    const usage = (await read(await s.bff.call('/bff/usage'))) as UsageResponse;
    expect(usage.recent[0]).toMatchObject({
      method: 'POST',
      endpoint: '/api/v1/list/generate/companies',
      status: 200,
      credits_consumed: 0,
      cache: 'hit',
    });
    expect(usage.recent[1]).toMatchObject({ credits_consumed: list.credits_consumed, cache: 'miss' });
    expect(usage.spent_today).toBe(list.credits_consumed);
  });

  it('filter builder', async () => {
    const res = await s.bff.post('/api/v1/list/filter-builder/', { query: 'software companies in Germany' });
    expect(res.status).toBe(200);
    const body = await read(res);
    expect(body.data.filters['location.hq.country']).toEqual(['DEU']);
    expect(body.credits_consumed).toBe(2.5);
  });

  it('enrichment by GET and by POST give the same answer', async () => {
    const list = await read(await s.bff.post('/api/v1/list/generate/companies', { limit: 1 }));
    const uuid = list.data[0].uuid as string;
    const get = await s.bff.call(
      `/api/v1/company/enrichment?company=${uuid}&sections=firmographics,location`,
    );
    expect(get.status).toBe(200);
    const byGet = await read(get);
    const post = await s.bff.post('/api/v1/company/enrichment/', {
      company: uuid,
      sections: ['firmographics', 'location'],
    });
    expect(post.status).toBe(200);
    expect(await read(post)).toEqual(byGet);
    expect(Object.keys(byGet.data).sort()).toEqual(['firmographics', 'location', 'uuid']);
  });

  it('company search and industry search', async () => {
    const list = await read(await s.bff.post('/api/v1/list/generate/companies', { limit: 1 }));
    const name = list.data[0].name as string;
    const found = await read(await s.bff.call(`/api/v1/company/search?name=${encodeURIComponent(name)}`));
    expect(found.data[0].name).toBe(name);
    const industries = await read(await s.bff.call('/v1/industry/search/?query=software'));
    expect(industries.count).toBeGreaterThan(0);
    expect(industries.credits_consumed).toBe(0);
  });

  it('product reviews (both spellings), employee reviews, posts and news', async () => {
    const list = await read(
      await s.bff.post('/api/v1/list/generate/companies', { limit: 1, sort_by: 'employee_range' }),
    );
    const uuid = list.data[0].uuid as string;

    const catalog = await read(await s.bff.call(`/api/v1/company/product-reviews?company=${uuid}`));
    expect(catalog.credits_consumed).toBe(0);
    const products = catalog.data.product_reviews as { id: string }[];
    expect(products.length).toBeGreaterThan(0);
    const chosen = await s.bff.call(
      `/v1/companies/product-reviews/?company=${uuid}&products=${products[0]?.id}&limit=5`,
    );
    expect(chosen.status).toBe(200);
    const reviewed = await read(chosen);
    expect(reviewed.credits_consumed).toBe(1.5);
    expect(reviewed.data.product_reviews[0].reviews.data.length).toBeGreaterThan(0);
    const unknownProduct = await s.bff.call(`/api/v1/company/product-reviews?company=${uuid}&products=nope`);
    expect(unknownProduct.status).toBe(400);

    const employees = await read(
      await s.bff.call(`/api/v1/company/employee-reviews?company=${uuid}&limit=3`),
    );
    expect(employees.data.uuid).toBe(uuid);
    expect(employees.data.employee_reviews.reviews.data.length).toBeLessThanOrEqual(3);

    const posts = await read(await s.bff.call(`/api/v1/company/posts/?company=${uuid}&limit=10`));
    expect(posts.data.uuid).toBe(uuid);
    expect(posts.limit).toBe(10);
    expect(posts.count).toBeGreaterThanOrEqual(posts.data.posts.length);

    const news = await read(await s.bff.call(`/api/v1/news?company=${uuid}&unique_article=true&limit=5`));
    expect(news.status).toBe('success');
    expect(news.data.length).toBeLessThanOrEqual(5);
    expect(news.credits_consumed).toBeCloseTo(0.1 + 0.01 * news.data.length, 6);

    // Invalid before it costs anything: a limit over the maximum never reaches the service.
    const before = upstreamCalls();
    const tooMany = await s.bff.call(`/api/v1/company/posts?company=${uuid}&limit=51`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.headers.get('content-type')).toContain('application/problem+json');
    expect(upstreamCalls()).toBe(before);
  });
});

describe.each(WAYS)('BFF -> embedded service %s: additions, webhooks and refusals', (_name, make) => {
  const { s, read } = bffUnderTest(make);

  it('company addition, and its status under both paths', async () => {
    const submit = await s.bff.post('/api/v1/company/addition-requests/', {
      company_name: `Brand New ${_name}`,
      website: `https://brand-new-${_name.replace(/\W+/g, '-')}.com`,
    });
    expect([200, 202]).toContain(submit.status);
    const submitted = await read(submit);
    expect(submitted.already_exists).toBe(false);
    const id = submitted.request_id as string;
    const byAddition = await s.bff.call(`/api/v1/company/addition-requests/${id}/`);
    expect(byAddition.status).toBe(200);
    const status = await read(byAddition);
    expect(status.request_id).toBe(id);
    const byStatus = await s.bff.call(`/api/v1/status/${id}`);
    expect((await read(byStatus)).request_id).toBe(id);
    // Statuses change: never from the cache.
    expect(byStatus.headers.get('x-cache')).toBeNull();
  });

  it('webhook endpoints: create, list, delete', async () => {
    const created = await s.bff.post('/api/v1/webhooks/', { url: 'https://hooks.example.org/list-builder' });
    expect(created.status).toBeLessThan(300);
    const endpoint = (await read(created)).data;
    expect(endpoint.secret).toMatch(/^whsec_/);
    const listed = await read(await s.bff.call('/api/v1/webhooks'));
    expect(JSON.stringify(listed)).toContain(endpoint.id);
    const deleted = await s.bff.call(`/api/v1/webhooks/${endpoint.id}/`, { method: 'DELETE' });
    expect(deleted.status, await deleted.clone().text()).toBeLessThan(300);
  });

  it('an invalid request is a 400 from the BFF listing every invalid field, and costs nothing', async () => {
    const before = upstreamCalls();
    const usageBefore = (await read(await s.bff.call('/bff/usage'))) as UsageResponse;
    const res = await s.bff.post('/api/v1/list/generate/companies', {
      filters: { 'location.hq.country': ['DEU'], 'no.such.filter': ['x'] },
      limit: 501,
      sort_by: 'size',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const p = await read(res);
    expect(p.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'filters.no.such.filter',
      'limit',
      'sort_by',
    ]);
    const bad = await read(
      await s.bff.call('/api/v1/company/enrichment?company=acme.com&sections=firmographic,nope'),
    );
    expect(bad.status).toBe(400);
    expect(upstreamCalls()).toBe(before);
    const usageAfter = (await read(await s.bff.call('/bff/usage'))) as UsageResponse;
    expect(usageAfter.calls_today).toBe(usageBefore.calls_today);
  });

  it('a parameter given more than once is a 400 naming each, in the order written, before any call', async () => {
    const before = upstreamCalls();
    const twice = await read(
      await s.bff.call(
        '/api/v1/company/enrichment?sections=firmographic&company=acme.com&sections=location&company=b.com&company=c.com',
      ),
    );
    expect(twice.status).toBe(400);
    expect(twice.errors).toEqual([
      { path: 'sections', message: 'give sections once' },
      { path: 'company', message: 'give company once' },
    ]);
    expect(upstreamCalls()).toBe(before);
  });

  it('a method the endpoint does not allow is 405 with Allow; unknown paths are 404 from the BFF', async () => {
    const res = await s.bff.call('/api/v1/list/generate/companies');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    const enrichPut = await s.bff.call('/api/v1/company/enrichment', { method: 'PUT' });
    expect(enrichPut.headers.get('allow')).toBe('GET, POST');
    const before = upstreamCalls();
    for (const path of [
      '/api/v1/admin/keys',
      '/api/v1/webhooks/abc/deliveries',
      '/api/v2/list/generate/companies',
      '/api//v1/company/search?name=x',
      '/api/v1/company/search/..%2f..%2fhealthz',
      '/bff/nothing',
    ]) {
      const r = await s.bff.call(path);
      expect(r.status, path).toBe(404);
      expect(r.headers.get('content-type')).toBe('application/problem+json');
      await read(r);
    }
    expect(upstreamCalls()).toBe(before);
  });
});
