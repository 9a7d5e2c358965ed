/**
 * Company addition over real HTTP (service endpoints 10 and 11, docs/api.md, docs/product-rules.md, section 9): submission,
 * both status paths in every spelling, plan rules and the Subscription daily limit, scoping by key,
 * reserved and unreal domains, every error as problem details, and a completed company served by
 * company search, enrichment and list generation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdditionStatusResponse, AdditionSubmitResponse } from '../../contract/api';
import { Problem } from '../../contract/problem';
import { eventually, type OwnServer, startOwnServer, statusUntil } from '../../testing/embedded-additions';
import { postJson } from '../../testing/embedded-server';
import { insertRequest } from '../additions/queue';
import { countCompanies } from '../store/companies';
import { findKey } from '../store/keys';

const SUBMIT = '/api/v1/company/addition-requests/';

async function expectProblem(res: Response, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  const body = Problem.parse(await res.json());
  expect(body.status).toBe(status);
  expect(body.detail.length).toBeGreaterThan(0);
  return body;
}

async function submit(t: OwnServer, body: unknown, key = 'dev-enterprise-key') {
  const res = await t.call(SUBMIT, postJson(body, key));
  const json = (await res.json()) as unknown;
  return { res, json };
}

function keyId(t: OwnServer, key: string): number {
  return findKey(t.service.ctx.db, key)!.id;
}

function requestCount(t: OwnServer): number {
  return (t.service.ctx.db.prepare('SELECT COUNT(*) AS n FROM addition_requests').get() as { n: number }).n;
}

describe('a fast service (ingestion delay 30 ms)', () => {
  let t: OwnServer;
  beforeAll(async () => {
    t = await startOwnServer({ additionDelayMs: 30 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('queues a new company, reports it on both status paths, and completes it with a real company', async () => {
    const before = countCompanies(t.service.ctx.db);
    const { res, json } = await submit(t, {
      company_name: 'Quillmate Robotics',
      website: 'https://www.Quillmate.io/about',
    });
    expect(res.status).toBe(202);
    const sub = AdditionSubmitResponse.parse(json);
    expect(sub).toMatchObject({
      already_exists: false,
      company: null,
      status: 'pending',
      domain: 'quillmate.io',
      credits_consumed: 0,
    });
    expect(sub.request_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const id = sub.request_id!;

    const done = await statusUntil(t.url, 'dev-enterprise-key', id, ['completed', 'failed']);
    expect(done.status).toBe('completed');
    expect(done).toMatchObject({
      request_id: id,
      request_type: 'company_addition',
      credits_consumed: 0,
      detail: {
        company_addition_request_id: id,
        company_name: 'Quillmate Robotics',
        domain: 'quillmate.io',
        status: 'completed',
        reason: null,
      },
    });
    expect(Date.parse(done.detail.updated_at)).toBeGreaterThanOrEqual(Date.parse(done.detail.created_at));
    const uuid = done.detail.company_uuid!;
    expect(uuid).toMatch(/^[0-9a-z]{6}-quillmate-robotics$/);
    expect(countCompanies(t.service.ctx.db)).toBe(before + 1);

    // Both paths, /v1 and /api/v1, with and without the trailing slash, answer the same.
    for (const path of [
      `/api/v1/company/addition-requests/${id}/`,
      `/api/v1/company/addition-requests/${id}`,
      `/v1/company/addition-requests/${id}/`,
      `/api/v1/status/${id}`,
      `/v1/status/${id}/`,
      `/v1/status/${id.toUpperCase()}`,
    ]) {
      const r = await t.call(path);
      expect(r.status, path).toBe(200);
      expect(AdditionStatusResponse.parse(await r.json())).toEqual(done);
    }

    // Company search by website and by name, enrichment and list generation serve the new company.
    const byWebsite = (await (await t.call('/api/v1/company/search?website=quillmate.io')).json()) as {
      data: { uuid: string; name: string; domain: string }[];
    };
    expect(byWebsite.data[0]).toMatchObject({ uuid, name: 'Quillmate Robotics', domain: 'quillmate.io' });
    const byName = (await (await t.call('/api/v1/company/search?name=Quillmate')).json()) as {
      data: { uuid: string }[];
    };
    expect(byName.data.map((d) => d.uuid)).toContain(uuid);
    const enriched = (await (
      await t.call(`/api/v1/company/enrichment?company=${uuid}&sections=firmographic,location,industry`)
    ).json()) as {
      data: {
        uuid: string;
        firmographic: { name: string; website: string; founded_year: number };
        location: { hq: { country: { code: string } } };
        industry: { industry: { code: string }[] };
      };
    };
    expect(enriched.data.uuid).toBe(uuid);
    expect(enriched.data.firmographic).toMatchObject({
      name: 'Quillmate Robotics',
      website: 'https://www.quillmate.io',
    });
    const sameBySite = (await (
      await t.call('/api/v1/company/enrichment?company=quillmate.io&sections=firmographic')
    ).json()) as { data: { uuid: string } };
    expect(sameBySite.data.uuid).toBe(uuid);
    const list = await t.call(
      '/api/v1/list/generate/companies/',
      postJson({
        filters: {
          'location.hq.country': [enriched.data.location.hq.country.code],
          'industry.industry': [enriched.data.industry.industry[0]!.code],
          'firmographic.founded_year': {
            gte: enriched.data.firmographic.founded_year,
            lte: enriched.data.firmographic.founded_year,
          },
        },
        limit: 500,
      }),
    );
    expect(list.status).toBe(200);
    const listed = (await list.json()) as { data: { uuid: string }[] };
    expect(listed.data.map((d) => d.uuid)).toContain(uuid);

    // Submitted again, in another spelling: it exists now, and nothing is queued.
    const requests = requestCount(t);
    const again = await submit(t, { company_name: 'Quillmate', website: 'QUILLMATE.IO' });
    expect(again.res.status).toBe(200);
    expect(AdditionSubmitResponse.parse(again.json)).toMatchObject({
      already_exists: true,
      company: {
        uuid,
        name: 'Quillmate Robotics',
        domain: 'quillmate.io',
        website: 'https://www.quillmate.io',
      },
      request_id: null,
      status: null,
      domain: 'quillmate.io',
      credits_consumed: 0,
    });
    expect(requestCount(t)).toBe(requests);
  });

  it('answers already_exists for a company of the dataset, in any spelling of its website', async () => {
    const row = t.service.ctx.db
      .prepare('SELECT uuid, name, website, domain FROM companies WHERE idx = 5')
      .get() as {
      uuid: string;
      name: string;
      website: string;
      domain: string;
    };
    const requests = requestCount(t);
    for (const website of [
      row.website,
      `https://WWW.${row.domain.toUpperCase()}/pricing?x=1`,
      `http://shop.${row.domain}`,
    ]) {
      const { res, json } = await submit(t, { company_name: 'Anything', website }, 'dev-subscription-key');
      expect(res.status).toBe(200);
      const body = AdditionSubmitResponse.parse(json);
      expect(body).toMatchObject({
        already_exists: true,
        request_id: null,
        status: null,
        domain: row.domain,
        credits_consumed: 0,
      });
      expect(body.company).toMatchObject({
        uuid: row.uuid,
        name: row.name,
        website: row.website,
        domain: row.domain,
      });
      expect(body.company!.legal_name).toContain(row.name.split(' ')[0]!);
    }
    expect(requestCount(t)).toBe(requests);
  });

  it('accepts a reserved or unreal domain, then fails it with a reason', async () => {
    const cases: [string, RegExp][] = [
      ['https://www.acme.invalid', /\.invalid is a reserved top-level domain/],
      ['acme.test', /\.test is a reserved top-level domain/],
      ['shop.acme.example', /\.example is a reserved top-level domain/],
      ['http://10.20.30.40/', /IP address/],
      ['acme.notatld', /not under a public top-level domain/],
      ['https://example.com', /reserved for documentation/],
    ];
    const before = countCompanies(t.service.ctx.db);
    for (const [website, reason] of cases) {
      const { res, json } = await submit(t, { company_name: 'Acme', website });
      expect(res.status, website).toBe(202);
      const id = AdditionSubmitResponse.parse(json).request_id!;
      const failed = await statusUntil(t.url, 'dev-enterprise-key', id, ['completed', 'failed']);
      expect(failed.status, website).toBe('failed');
      expect(failed.detail.reason).toMatch(reason);
      expect(failed.detail.company_uuid).toBeNull();
    }
    expect(countCompanies(t.service.ctx.db)).toBe(before);
  });

  it('creates one company for one domain when two keys add it', async () => {
    const before = countCompanies(t.service.ctx.db);
    const a = AdditionSubmitResponse.parse(
      (await submit(t, { company_name: 'Brightloom', website: 'brightloom.co.uk' })).json,
    );
    const b = AdditionSubmitResponse.parse(
      (
        await submit(
          t,
          { company_name: 'Brightloom Ltd', website: 'https://www.brightloom.co.uk' },
          'dev-subscription-key',
        )
      ).json,
    );
    expect(a.request_id).not.toBe(b.request_id);
    const da = await statusUntil(t.url, 'dev-enterprise-key', a.request_id!, ['completed', 'failed']);
    const db = await statusUntil(t.url, 'dev-subscription-key', b.request_id!, ['completed', 'failed']);
    expect([da.status, db.status]).toEqual(['completed', 'completed']);
    expect(db.detail.company_uuid).toBe(da.detail.company_uuid);
    expect(countCompanies(t.service.ctx.db)).toBe(before + 1);
    const country = (await (
      await t.call(`/api/v1/company/enrichment?company=${da.detail.company_uuid}&sections=location`)
    ).json()) as {
      data: { location: { hq: { country: { code: string } } } };
    };
    expect(country.data.location.hq.country.code).toBe('GBR');
  });
});

describe('a slow service (requests stay pending or in progress)', () => {
  let t: OwnServer;
  let clock = new Date('2026-11-21T23:59:00.000Z');
  beforeAll(async () => {
    t = await startOwnServer({ additionDelayMs: 600_000, now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the open request again instead of queueing a duplicate for the same key', async () => {
    const first = AdditionSubmitResponse.parse(
      (await submit(t, { company_name: 'Dupe Co', website: 'dupeco.com' })).json,
    );
    const again = await submit(t, { company_name: 'Dupe Company', website: 'https://www.dupeco.com/' });
    expect(again.res.status).toBe(200);
    const body = AdditionSubmitResponse.parse(again.json);
    expect(body.request_id).toBe(first.request_id);
    expect(body).toMatchObject({ already_exists: false, company: null, domain: 'dupeco.com' });
    expect(['pending', 'in_progress']).toContain(body.status);
    const rows = t.service.ctx.db
      .prepare("SELECT COUNT(*) AS n FROM addition_requests WHERE domain = 'dupeco.com'")
      .get() as {
      n: number;
    };
    expect(rows.n).toBe(1);
  });

  it('keeps requests to the key that made them: another key gets 404', async () => {
    const { json } = await submit(t, { company_name: 'Private Co', website: 'privateco.com' });
    const id = AdditionSubmitResponse.parse(json).request_id!;
    expect((await t.call(`/api/v1/status/${id}`)).status).toBe(200);
    await expectProblem(await t.call(`/api/v1/status/${id}`, { key: 'dev-subscription-key' }), 404);
    await expectProblem(
      await t.call(`/api/v1/company/addition-requests/${id}/`, { key: 'dev-subscription-key' }),
      404,
    );
  });

  it('gives Subscription keys 100 new requests per UTC day, then 429 with Retry-After until midnight', async () => {
    const key = 'dev-subscription-key';
    const id = keyId(t, key);
    const already = (
      t.service.ctx.db.prepare('SELECT COUNT(*) AS n FROM addition_requests WHERE key_id = ?').get(id) as {
        n: number;
      }
    ).n;
    let last = '';
    for (let i = already; i < 100; i++) {
      const { res, json } = await submit(t, { company_name: `Daily ${i}`, website: `daily-${i}.com` }, key);
      expect(res.status).toBe(202);
      last = AdditionSubmitResponse.parse(json).request_id!;
    }
    const before = requestCount(t);
    const refused = await t.call(
      SUBMIT,
      postJson({ company_name: 'One Too Many', website: 'onetoomany.com' }, key),
    );
    const problem = await expectProblem(refused, 429);
    expect(problem.detail).toMatch(/100 addition requests/);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(requestCount(t)).toBe(before);

    // What creates nothing is still answered: an existing company, the key's own open request.
    const existing = t.service.ctx.db.prepare('SELECT website FROM companies WHERE idx = 1').get() as {
      website: string;
    };
    const exists = await submit(t, { company_name: 'X', website: existing.website }, key);
    expect(exists.res.status).toBe(200);
    expect(AdditionSubmitResponse.parse(exists.json).already_exists).toBe(true);
    const open = await submit(t, { company_name: 'Daily 99', website: 'daily-99.com' }, key);
    expect(open.res.status).toBe(200);
    expect(AdditionSubmitResponse.parse(open.json).request_id).toBe(last);

    // The next UTC day has a new allowance.
    clock = new Date('2026-11-22T00:00:01.000Z');
    const next = await submit(t, { company_name: 'One Too Many', website: 'onetoomany.com' }, key);
    expect(next.res.status).toBe(202);
  });

  it('lets Enterprise keys add without a daily limit', async () => {
    const id = keyId(t, 'dev-enterprise-key');
    for (let i = 0; i < 150; i++)
      insertRequest(t.service.ctx.db, {
        keyId: id,
        companyName: `Bulk ${i}`,
        website: `bulk-${i}.com`,
        domain: `bulk-${i}.com`,
        now: clock,
      });
    const { res } = await submit(t, { company_name: 'Still Fine', website: 'stillfine.com' });
    expect(res.status).toBe(202);
  });

  it('refuses Pay-as-you-go keys with 403, whatever the body', async () => {
    const before = requestCount(t);
    const p = await expectProblem(
      await t.call(SUBMIT, postJson({ company_name: 'Acme', website: 'acme-payg.com' }, 'dev-payg-key')),
      403,
    );
    expect(p.detail).toMatch(/Pay-as-you-go/);
    await expectProblem(await t.call(SUBMIT, postJson({}, 'dev-payg-key')), 403);
    expect(requestCount(t)).toBe(before);
  });

  it('shows requests in progress as in_progress, with no company yet', async () => {
    const { json } = await submit(t, { company_name: 'Slowpoke', website: 'slowpoke.dev' });
    const id = AdditionSubmitResponse.parse(json).request_id!;
    // Four requests are worked on at once; the others wait as pending.
    const s = await eventually(
      async () => AdditionStatusResponse.parse(await (await t.call(`/api/v1/status/${id}`)).json()),
      (v) => v.status === 'pending' || v.status === 'in_progress',
      'a state',
    );
    expect(s.detail.company_uuid).toBeNull();
    expect(s.detail.reason).toBeNull();
    const states = t.service.ctx.db
      .prepare('SELECT status, COUNT(*) AS n FROM addition_requests GROUP BY status')
      .all() as {
      status: string;
      n: number;
    }[];
    expect(states.find((r) => r.status === 'in_progress')?.n).toBe(4);
  });
});

describe('errors', () => {
  let t: OwnServer;
  beforeAll(async () => {
    t = await startOwnServer({ additionDelayMs: 600_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('400: names every invalid field at once, and creates nothing', async () => {
    const before = requestCount(t);
    const missing = await expectProblem(await t.call(SUBMIT, postJson({})), 400);
    expect(missing.errors?.map((e) => e.path).sort()).toEqual(['company_name', 'website']);
    const unknown = await expectProblem(
      await t.call(SUBMIT, postJson({ company_name: 'A', website: 'a.com', uuid: 'x' })),
      400,
    );
    expect(unknown.errors?.[0]?.path).toBe('uuid');
    const blank = await expectProblem(
      await t.call(SUBMIT, postJson({ company_name: '  ', website: '' })),
      400,
    );
    expect(blank.errors).toHaveLength(2);
    await expectProblem(await t.call(SUBMIT, postJson({ company_name: '!!!', website: 'acme.com' })), 400);
    // The website's verdict is the service's, given beside the schema's.
    const both = await expectProblem(
      await t.call(SUBMIT, postJson({ company_name: '!!!', website: 'ftp://acme.com', note: 1 })),
      400,
    );
    expect(both.errors?.map((e) => e.path).sort()).toEqual(['company_name', 'note', 'website']);
    await expectProblem(await t.call(SUBMIT, postJson({ company_name: 42, website: ['acme.com'] })), 400);
    for (const website of [
      'not a website',
      'localhost',
      'ftp://acme.com',
      'mailto:sales@acme.com',
      'http://',
      'acme..com',
    ]) {
      const p = await expectProblem(await t.call(SUBMIT, postJson({ company_name: 'Acme', website })), 400);
      expect(p.errors?.[0]?.path, website).toBe('website');
    }
    await expectProblem(
      await t.call(SUBMIT, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"company_name":',
      }),
      400,
    );
    await expectProblem(await t.call(SUBMIT, postJson([])), 400);
    expect(requestCount(t)).toBe(before);
  });

  it('401 without a key or with a wrong one, on every addition path', async () => {
    await expectProblem(await t.call(SUBMIT, postJson({ company_name: 'A', website: 'a.com' }, null)), 401);
    await expectProblem(await t.call(SUBMIT, postJson({ company_name: 'A', website: 'a.com' }, 'nope')), 401);
    await expectProblem(
      await t.call('/api/v1/status/00000000-0000-4000-8000-000000000000', { key: null }),
      401,
    );
    await expectProblem(await t.call('/v1/company/addition-requests/x/', { key: 'nope' }), 401);
  });

  it('404 for an unknown id and for one that is not a UUID', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '%20'])
      for (const path of [`/api/v1/status/${id}`, `/api/v1/company/addition-requests/${id}/`]) {
        const p = await expectProblem(await t.call(path), 404);
        expect(p.detail, path).toMatch(/No company addition request/);
      }
  });

  it('405 naming the allowed method, 415 for a body that is not JSON, 413 for a huge one', async () => {
    const r1 = await t.call(SUBMIT);
    await expectProblem(r1, 405);
    expect(r1.headers.get('allow')).toBe('POST');
    const r2 = await t.call('/api/v1/status/abc/', { method: 'POST' });
    await expectProblem(r2, 405);
    expect(r2.headers.get('allow')).toBe('GET');
    const r3 = await t.call('/v1/company/addition-requests/abc', { method: 'DELETE' });
    await expectProblem(r3, 405);
    expect(r3.headers.get('allow')).toBe('GET');
    await expectProblem(
      await t.call(SUBMIT, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'company_name=Acme',
      }),
      415,
    );
    await expectProblem(
      await t.call(SUBMIT, postJson({ company_name: 'A'.repeat(2 * 1024 * 1024), website: 'a.com' })),
      413,
    );
  });
});
