/**
 * The BFF in front of a real HTTP server that misbehaves on purpose (docs/product-rules.md, sections 1 and 3):
 * each fault and the BFF's exact answer.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  closedPort,
  type FaultServer,
  json,
  type RunningBff,
  startBff,
  startFaultServer,
} from '../../testing/bff-server';
import { remoteUpstream } from '../upstream/upstream';

const KEY = 'upstream-secret-key-7f3a9c';
const TIMEOUT_MS = 300;
const PROBLEM = 'application/problem+json';

let upstream: FaultServer;
let bff: RunningBff;

beforeAll(async () => {
  upstream = await startFaultServer();
  bff = await startBff({
    upstream: remoteUpstream(upstream.url, KEY),
    upstreamTimeoutMs: TIMEOUT_MS,
    retries: 2,
    retryBaseMs: 5,
    cacheTtlMs: 0,
  });
});
afterAll(async () => {
  await bff.close();
  await upstream.close();
});
afterEach(() => {
  // No answer, error text or log line ever carries the key.
  expect(bff.logs.join('\n')).not.toContain(KEY);
});

const industrySearch = '/api/v1/industry/search?query=fintech';
const listBody = { filters: { 'location.hq.country': ['DEU'] }, limit: 5 };

async function expectProblem(res: Response, status: number, detail: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe(PROBLEM);
  const body = await res.json();
  expect(body).toEqual({
    type: expect.stringMatching(/^https:\/\//),
    title: expect.any(String),
    status,
    detail,
  });
  return body;
}

describe('an upstream that is down', () => {
  it('answers 502 after retrying a read, and never retries a POST', async () => {
    const dead = await startBff({
      upstream: remoteUpstream(`http://127.0.0.1:${await closedPort()}`, KEY),
      retries: 2,
      retryBaseMs: 1,
    });
    try {
      const res = await dead.call(industrySearch);
      const body = await expectProblem(
        res,
        502,
        'The Company Data Service could not be reached (ECONNREFUSED).',
      );
      expect(body.title).toBe('Bad gateway');
      const post = await dead.post('/api/v1/list/generate/companies', listBody);
      await expectProblem(post, 502, 'The Company Data Service could not be reached (ECONNREFUSED).');
      expect(dead.logs.join('\n')).not.toContain(KEY);
    } finally {
      await dead.close();
    }
  });
});

describe('faults of a running upstream', () => {
  it('504 when no answer comes within the timeout', async () => {
    upstream.handle(() => {
      // never answers
    });
    const res = await bff.call(industrySearch);
    const body = await expectProblem(
      res,
      504,
      `The Company Data Service did not answer within ${TIMEOUT_MS} ms.`,
    );
    expect(body.title).toBe('Gateway timeout');
    expect(upstream.received).toHaveLength(1); // a timeout is not retried
  });

  it('500 with {detail} becomes a 500 problem with that detail', async () => {
    upstream.handle((_r, res) => json(res, 500, { detail: 'Internal failure in ranking' }));
    const res = await bff.post('/api/v1/list/generate/companies', listBody);
    const body = await expectProblem(res, 500, 'Internal failure in ranking');
    expect(body.title).toBe('Internal error');
    expect(upstream.received).toHaveLength(1);
  });

  it('503 then 200: a GET is retried and succeeds', async () => {
    upstream.handle((_r, res, nth) =>
      nth === 1
        ? json(res, 503, { detail: 'busy' })
        : json(res, 200, { data: [], count: 0, credits_consumed: 0 }),
    );
    const res = await bff.call(industrySearch);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: [], count: 0, credits_consumed: 0 });
    expect(upstream.received.map((r) => r.method)).toEqual(['GET', 'GET']);
  });

  it('503 then 200: a POST that costs credits is not retried', async () => {
    upstream.handle((_r, res, nth) =>
      nth === 1 ? json(res, 503, { detail: 'busy' }, { 'retry-after': '1' }) : json(res, 200, {}),
    );
    const res = await bff.post('/api/v1/list/generate/companies', listBody);
    await expectProblem(res, 503, 'busy');
    expect(res.headers.get('retry-after')).toBe('1');
    expect(upstream.received).toHaveLength(1);
  });

  it('502 is retried a bounded number of times for a GET', async () => {
    upstream.handle((_r, res) => json(res, 502, { status: 502, message: 'bad gateway upstream' }));
    const res = await bff.call(industrySearch);
    await expectProblem(res, 502, 'bad gateway upstream');
    expect(upstream.received).toHaveLength(3); // 1 + 2 retries
  });

  it('a body that is not JSON is a 502', async () => {
    upstream.handle((_r, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data": [tru'),
    );
    const res = await bff.call(industrySearch);
    await expectProblem(res, 502, 'The Company Data Service answered 200 with a body that is not JSON.');
  });

  it('an HTML error page is a 502', async () => {
    upstream.handle((_r, res) => res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>oops</h1>'));
    const res = await bff.post('/api/v1/list/generate/companies', listBody);
    await expectProblem(res, 502, 'The Company Data Service answered 500 with a body that is not JSON.');
  });

  it('204 with no body is the empty result of each endpoint', async () => {
    upstream.handle((_r, res) => res.writeHead(204).end());
    const search = await bff.call(industrySearch);
    expect(search.status).toBe(200);
    expect(await search.json()).toEqual({ data: [], count: 0, credits_consumed: 0 });
    const companies = await bff.call('/api/v1/company/search?name=nobody');
    expect(await companies.json()).toEqual({ data: [], count: 0, credits_consumed: 0 });
    const news = await bff.call('/api/v1/news/?company=acme.com&unique_article=true');
    expect(await news.json()).toEqual({
      status: 'success',
      data: [],
      total: 0,
      warnings: [],
      credits_consumed: 0,
    });
    const list = await bff.post('/api/v1/list/generate/companies', { ...listBody, offset: 20 });
    expect(await list.json()).toEqual({
      data: [],
      count: 0,
      total_count: 0,
      offset: 20,
      filters: listBody.filters,
      query_translated: false,
      warnings: [],
      skipped_sections: [],
      credits_consumed: 0,
    });
    // A single company's data has no empty result: 204 there means nothing was found.
    const enrich = await bff.call('/api/v1/company/enrichment?company=acme.com&sections=firmographic');
    await expectProblem(enrich, 404, 'The Company Data Service has no data for this request.');
  });
});

describe('faults of a running upstream: redirects, errors and the key', () => {
  it('a 307 to the slashed path is followed once, with the same method and body', async () => {
    upstream.handle((r, res) => {
      if (r.path === '/api/v1/company/enrichment') {
        res.writeHead(307, { location: '/api/v1/company/enrichment/' }).end();
      } else
        json(res, 200, {
          data: { uuid: 'c1', firmographic: { name: 'Acme' } },
          credits_consumed: 2,
          extra: 1,
        });
    });
    const body = { company: 'acme.com', sections: ['firmographic'] };
    const res = await bff.post('/api/v1/company/enrichment', body);
    expect(res.status).toBe(200);
    // Fields the BFF does not know pass through.
    expect(await res.json()).toEqual({
      data: { uuid: 'c1', firmographic: { name: 'Acme' } },
      credits_consumed: 2,
      extra: 1,
    });
    expect(upstream.received.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/api/v1/company/enrichment', JSON.stringify(body)],
      ['POST', '/api/v1/company/enrichment/', JSON.stringify(body)],
    ]);
    expect(upstream.received[1]?.headers['x-api-key']).toBe(KEY);
  });

  it('a second redirect, or one to another host, is not followed (502)', async () => {
    upstream.handle((r, res) =>
      res.writeHead(307, { location: `${r.path.split('?')[0]?.replace(/\/?$/, '/')}` }).end(),
    );
    const loop = await bff.call('/api/v1/company/search?name=acme');
    await expectProblem(loop, 502, 'The Company Data Service redirected more than once.');

    const elsewhere = await startFaultServer();
    try {
      upstream.handle((_r, res) =>
        res.writeHead(307, { location: `${elsewhere.url}/api/v1/company/search/` }).end(),
      );
      const res = await bff.call('/api/v1/company/search?name=acme');
      await expectProblem(
        res,
        502,
        'The Company Data Service answered with a redirect the BFF does not follow.',
      );
      expect(elsewhere.received).toHaveLength(0); // the key never went there
    } finally {
      await elsewhere.close();
    }
  });

  it('{status, message} and {detail} errors become problems with the upstream status', async () => {
    upstream.handle((_r, res) => json(res, 422, { status: 422, message: 'limit is too large' }));
    await expectProblem(
      await bff.post('/api/v1/list/generate/companies', listBody),
      422,
      'limit is too large',
    );

    upstream.handle((_r, res) => json(res, 404, { detail: 'Company not found' }));
    const notFound = await bff.call('/api/v1/company/enrichment?company=nope.example&sections=firmographic');
    const body = await expectProblem(notFound, 404, 'Company not found');
    expect(body.title).toBe('Not found');

    upstream.handle((_r, res) =>
      json(res, 422, {
        detail: [{ loc: ['body', 'limit'], msg: 'must be at most 500', type: 'value_error' }],
      }),
    );
    const fastapi = await bff.post('/api/v1/list/generate/companies', listBody);
    expect(fastapi.status).toBe(422);
    expect(await fastapi.json()).toMatchObject({
      status: 422,
      detail: 'limit: must be at most 500',
      errors: [{ path: 'limit', message: 'must be at most 500' }],
    });
  });

  it('429 and Retry-After pass through', async () => {
    upstream.handle((_r, res) => json(res, 429, { detail: 'Daily limit reached' }, { 'retry-after': '120' }));
    const res = await bff.call(industrySearch);
    await expectProblem(res, 429, 'Daily limit reached');
    expect(res.headers.get('retry-after')).toBe('120');
    expect(upstream.received).toHaveLength(1);
  });

  it("a refused key is the BFF's fault (502), not the browser's 401", async () => {
    upstream.handle((_r, res) => json(res, 401, { detail: `Invalid key ${KEY}` }));
    const res = await bff.call(industrySearch);
    await expectProblem(
      res,
      502,
      "The Company Data Service refused the BFF's API key; check UPSTREAM_API_KEY.",
    );
  });

  it('scrubs the key from upstream error texts', async () => {
    upstream.handle((_r, res) => json(res, 403, { detail: `Key ${KEY} may not use this endpoint` }));
    const res = await bff.call(industrySearch);
    await expectProblem(res, 403, 'Key [redacted] may not use this endpoint');
  });

  it("injects the key, forwards none of the browser's credentials, relays no upstream cookie", async () => {
    upstream.handle((_r, res) =>
      json(
        res,
        200,
        { data: [], count: 0, credits_consumed: 0 },
        { 'set-cookie': 'track=1; Path=/', 'x-internal': 'yes' },
      ),
    );
    const res = await bff.call(industrySearch, {
      headers: {
        'x-api-key': 'browser-key',
        authorization: 'Bearer browser-token',
        cookie: 'lb_session=abc; other=1',
        'x-forwarded-for': '10.0.0.1',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('x-internal')).toBeNull();
    const seen = upstream.received[0]?.headers ?? {};
    expect(seen['x-api-key']).toBe(KEY);
    expect(seen.authorization).toBeUndefined();
    expect(seen.cookie).toBeUndefined();
    expect(seen['x-forwarded-for']).toBeUndefined();
    expect(seen['x-requested-with']).toBeUndefined();
    expect(upstream.received[0]?.path).toBe('/api/v1/industry/search/?query=fintech');
  });

  it('keeps connections to the upstream alive', async () => {
    upstream.handle((_r, res) => json(res, 200, { data: [], count: 0, credits_consumed: 0 }));
    const before = upstream.sockets();
    for (let i = 0; i < 5; i++) expect((await bff.call(`${industrySearch}${i}`)).status).toBe(200);
    expect(upstream.sockets() - before).toBeLessThanOrEqual(1);
  });
});
