/**
 * The embedded service over real HTTP: authentication, list generation, enrichment, company and
 * industry search, health, path spellings, plans, credits and every error as problem details.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanySearchResponse, EnrichmentResponse, ListGenerateResponse } from '../../contract/api';
import { enrichmentCost, listGenerationCost, PLAN_RULES, PRICES } from '../../contract/pricing';
import { Problem } from '../../contract/problem';
import { SECTION_SCHEMAS } from '../../contract/sections';
import { postJson, startTestServer, type TestServer } from '../../testing/embedded-server';
import { setCredits } from '../store/keys';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer(2000, 11);
});
afterAll(async () => {
  await t.close();
});

const LIST = '/api/v1/list/generate/companies/';

async function list(body: unknown, key?: string) {
  const res = await t.call(LIST, postJson(body, key));
  return { res, body: (await res.json()) as Record<string, unknown> };
}

async function expectProblem(res: Response, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  const body = Problem.parse(await res.json());
  expect(body.status).toBe(status);
  expect(body.detail.length).toBeGreaterThan(0);
  return body;
}

function balance(keyName: string): number {
  return (
    t.service.ctx.db.prepare('SELECT credits FROM api_keys WHERE name = ?').get(keyName) as {
      credits: number;
    }
  ).credits;
}

describe('health and authentication', () => {
  it('answers /healthz without a key once ready', async () => {
    const res = await t.call('/healthz', { key: null });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; companies: number };
    expect(body.status).toBe('ok');
    expect(body.companies).toBe(2000);
  });

  it('refuses a missing key and an invalid key with 401 problems', async () => {
    await expectProblem(await t.call(LIST, postJson({}, null)), 401);
    await expectProblem(await t.call(LIST, postJson({}, 'not-a-key')), 401);
    await expectProblem(await t.call('/api/v1/company/search?name=a', { key: null }), 401);
  });
});

describe('list generation', () => {
  it('returns identity records with the defaults of the spec', async () => {
    const { res, body } = await list({});
    expect(res.status).toBe(200);
    const parsed = ListGenerateResponse.parse(body);
    expect(parsed.count).toBe(50);
    expect(parsed.data).toHaveLength(50);
    expect(parsed.total_count).toBe(500);
    expect(parsed.offset).toBe(0);
    expect(parsed.query_translated).toBe(false);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.skipped_sections).toEqual([]);
    expect(Object.keys(parsed.data[0]!).sort()).toEqual([
      'company_type',
      'name',
      'product_category',
      'uuid',
      'website',
    ]);
    expect(parsed.credits_consumed).toBe(
      listGenerationCost({ matched: true, returned: 50, sections: [], query: false }),
    );
  });

  it('adds requested sections, valid against the contract, and charges for them', async () => {
    const before = balance('dev-enterprise-key');
    const { body } = await list({ sections: ['firmographic', 'location', 'funding_detail'], limit: 5 });
    const parsed = ListGenerateResponse.parse(body);
    for (const item of parsed.data) {
      expect(SECTION_SCHEMAS.firmographic.parse(item.firmographic)).toEqual(item.firmographic);
      expect(SECTION_SCHEMAS.location.parse(item.location)).toEqual(item.location);
      expect(item.funding_detail).toBeDefined();
    }
    const expected = listGenerationCost({
      matched: true,
      returned: 5,
      sections: ['firmographic', 'location', 'funding_detail'],
      query: false,
    });
    expect(parsed.credits_consumed).toBe(expected);
    expect(before - balance('dev-enterprise-key')).toBeCloseTo(expected, 6);
  });

  it('filters, and shows in the section of the same name the value that matched', async () => {
    const { body } = await list({
      filters: { 'location.hq.country': ['deu', 'DEU'], 'firmographic.company_type': ['PRIVATE'] },
      sections: ['location', 'firmographic'],
      limit: 100,
    });
    const parsed = ListGenerateResponse.parse(body);
    expect(parsed.filters).toEqual({
      'location.hq.country': ['DEU'],
      'firmographic.company_type': ['private'],
    });
    expect(parsed.count).toBeGreaterThan(0);
    for (const item of parsed.data) {
      expect(item.location!.hq.country.code).toBe('DEU');
      expect(item.firmographic!.company_type.code).toBe('private');
    }
  });

  it("takes a funding round's investors dotted (as the spec writes them) or nested, and echoes them dotted", async () => {
    const { body: source } = await list({
      filters: { 'funding_detail.funding_overview.num_funding_rounds': { gte: 2 } },
      sections: ['funding_detail'],
      limit: 20,
    });
    const rounds = ListGenerateResponse.parse(source).data.flatMap(
      (c) => c.funding_detail?.funding_rounds ?? [],
    );
    const lead = rounds.flatMap((r) => r.investors).find((i) => i.lead_investor);
    expect(lead).toBeDefined();
    const dotted = { 'investors.uuid': [lead!.uuid], 'investors.lead_investor': true };
    const answers = await Promise.all(
      [dotted, { investors: { uuid: [lead!.uuid], lead_investor: true } }].map(async (rounds) =>
        ListGenerateResponse.parse(
          (await list({ filters: { 'funding_detail.funding_rounds': rounds }, limit: 100 })).body,
        ),
      ),
    );
    for (const a of answers) expect(a.filters).toEqual({ 'funding_detail.funding_rounds': dotted });
    expect(answers[0]!.total_count).toBeGreaterThan(0);
    expect(answers[1]!.data.map((c) => c.uuid)).toEqual(answers[0]!.data.map((c) => c.uuid));
  });

  it('ignores an empty array filter with a warning', async () => {
    const { body } = await list({ filters: { 'business_model.gtm_type': [] }, limit: 1 });
    const parsed = ListGenerateResponse.parse(body);
    expect(parsed.filters).toEqual({});
    expect(parsed.warnings).toEqual([
      { code: 'empty_filter_ignored', message: expect.stringContaining('gtm_type') },
    ]);
  });

  it('sorts on the server with ties broken so pages never overlap', async () => {
    const seen = new Set<string>();
    let previous = Number.POSITIVE_INFINITY;
    for (const offset of [0, 40, 80]) {
      const { body } = await list({
        sort_by: 'revenue_estimate',
        sort_order: 'desc',
        limit: 40,
        offset,
        sections: ['financial_estimate'],
      });
      const parsed = ListGenerateResponse.parse(body);
      expect(parsed.offset).toBe(offset);
      for (const item of parsed.data) {
        expect(seen.has(item.uuid)).toBe(false);
        seen.add(item.uuid);
        const revenue = item.financial_estimate!.revenue_usd;
        expect(revenue).toBeLessThanOrEqual(previous);
        previous = revenue;
      }
    }
    expect(seen.size).toBe(120);
  });

  it('serves only the first 500 matches', async () => {
    const { body } = await list({ offset: 480, limit: 50 });
    const parsed = ListGenerateResponse.parse(body);
    expect(parsed.total_count).toBe(500);
    expect(parsed.count).toBe(20);
  });

  it('charges nothing for a list that matches nothing', async () => {
    const { body } = await list({ filters: { 'location.hq.city': ['Nowhere Such Town Qq'] } });
    const parsed = ListGenerateResponse.parse(body);
    expect(parsed.total_count).toBe(0);
    expect(parsed.data).toEqual([]);
    expect(parsed.credits_consumed).toBe(0);
  });

  it('applies the Pay-as-you-go plan: 20 companies at most and no sections', async () => {
    const { body } = await list({ limit: 50, sections: ['firmographic'] }, 'dev-payg-key');
    const parsed = ListGenerateResponse.parse(body);
    expect(parsed.count).toBe(20);
    expect(parsed.warnings.map((w) => w.code)).toEqual(['limit_lowered']);
    expect(parsed.skipped_sections).toEqual([
      { section: 'firmographic', reason: expect.stringContaining('Pay-as-you-go') },
    ]);
    expect(parsed.data[0]!.firmographic).toBeUndefined();
  });

  it('keeps funding and M&A sections for Enterprise', async () => {
    const { body } = await list(
      { limit: 2, sections: ['funding_detail', 'mna_and_investment', 'technology'] },
      'dev-subscription-key',
    );
    const parsed = ListGenerateResponse.parse(body);
    expect(parsed.skipped_sections.map((s) => s.section)).toEqual(['funding_detail', 'mna_and_investment']);
    expect(parsed.data[0]!.technology).toBeDefined();
    expect(parsed.data[0]!.funding_detail).toBeUndefined();
  });

  it('answers 402 and charges nothing when the balance is short', async () => {
    const db = t.service.ctx.db;
    const id = (
      db.prepare("SELECT id FROM api_keys WHERE name = 'dev-subscription-key'").get() as { id: number }
    ).id;
    const saved = balance('dev-subscription-key');
    setCredits(db, id, 1);
    try {
      await expectProblem(await t.call(LIST, postJson({ limit: 10 }, 'dev-subscription-key')), 402);
      expect(balance('dev-subscription-key')).toBe(1);
    } finally {
      setCredits(db, id, saved);
    }
  });

  it.each([
    ['an unknown filter key', { filters: { 'firmographic.colour': ['red'] } }, 'filters.firmographic.colour'],
    [
      'a value outside the allowed list',
      { filters: { 'firmographic.company_type': ['governmental'] } },
      'filters.firmographic.company_type.0',
    ],
    [
      'gte greater than lte',
      { filters: { 'firmographic.founded_year': { gte: 2020, lte: 2010 } } },
      'filters.firmographic.founded_year',
    ],
    [
      'an empty range',
      { filters: { 'funding_detail.funding_overview.total_funding_usd': {} } },
      'filters.funding_detail.funding_overview.total_funding_usd',
    ],
    ['limit over 500', { limit: 501 }, 'limit'],
    ['offset of 500', { offset: 500 }, 'offset'],
    ['query and filters together', { query: 'fintechs', filters: {} }, 'query'],
    ['an unknown section', { sections: ['weather'] }, 'sections.0'],
    ['an unknown NAICS code', { filters: { 'industry.naics': ['999999'] } }, 'filters.industry.naics.0'],
    ['an unknown sort', { sort_by: 'name' }, 'sort_by'],
    ['an unknown body field', { filter: {} }, 'filter'],
    ['an empty query', { query: '   ' }, 'query'],
  ])('rejects %s with a 400 naming the field', async (_name, body, path) => {
    const before = balance('dev-enterprise-key');
    const problem = await expectProblem(await t.call(LIST, postJson(body)), 400);
    expect(problem.errors?.map((e) => e.path)).toContain(path);
    expect(balance('dev-enterprise-key')).toBe(before);
  });

  it('lists every invalid field at once', async () => {
    const problem = await expectProblem(
      await t.call(LIST, postJson({ limit: 0, offset: -1, filters: { 'location.hq.country': ['XXX'] } })),
      400,
    );
    expect(problem.errors?.map((e) => e.path).sort()).toEqual([
      'filters.location.hq.country.0',
      'limit',
      'offset',
    ]);
  });

  it('names a schema error and a code that does not exist in one 400, charging nothing', async () => {
    const before = balance('dev-enterprise-key');
    const both = await expectProblem(
      await t.call(LIST, postJson({ limit: 501, filters: { 'industry.naics': ['99'] } })),
      400,
    );
    expect(both.errors?.map((e) => e.path).sort()).toEqual(['filters.industry.naics.0', 'limit']);
    const all = await expectProblem(
      await t.call(
        LIST,
        postJson({
          query: 'fintech',
          filters: {
            // The index is the position in the body as sent, duplicates included.
            'industry.naics': ['5112', '5112', '999999', 'x1'],
            'industry.sic': ['0000'],
            'industry.industry': ['IND-1001', 'IND-0000', 'IND-10'],
          },
          sections: ['weather'],
        }),
      ),
      400,
    );
    expect(all.errors?.map((e) => e.path).sort()).toEqual([
      'filters.industry.industry.1',
      'filters.industry.industry.2',
      'filters.industry.naics.2',
      'filters.industry.naics.3',
      'filters.industry.sic.0',
      'query',
      'sections.0',
    ]);
    expect(all.errors?.find((e) => e.path === 'filters.industry.naics.2')?.message).toContain('"999999"');
    expect(all.errors?.find((e) => e.path === 'filters.industry.industry.2')?.message).toContain(
      'sector Software',
    );
    expect(balance('dev-enterprise-key')).toBe(before);
  });

  it('rejects malformed JSON (400), a wrong content type (415), a huge body (413) and GET (405)', async () => {
    await expectProblem(
      await t.call(LIST, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"limit":',
      }),
      400,
    );
    await expectProblem(
      await t.call(LIST, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' }),
      415,
    );
    const huge = JSON.stringify({
      filters: { 'location.hq.city': Array.from({ length: 300 }, () => 'x'.repeat(4000)) },
    });
    await expectProblem(
      await t.call(LIST, { method: 'POST', headers: { 'content-type': 'application/json' }, body: huge }),
      413,
    );
    const res = await t.call(LIST);
    await expectProblem(res, 405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});

describe('path spellings', () => {
  it.each([
    '/api/v1/list/generate/companies',
    '/api/v1/list/generate/companies/',
    '/v1/list/generate/companies',
    '/v1/list/generate/companies/',
  ])('%s answers the same, without a redirect', async (path) => {
    const res = await t.call(path, postJson({ limit: 3 }));
    expect(res.status).toBe(200);
    const parsed = ListGenerateResponse.parse(await res.json());
    expect(parsed.count).toBe(3);
  });

  it('answers 404 problems for unknown paths', async () => {
    await expectProblem(await t.call('/api/v1/nothing-here'), 404);
  });
});

describe('enrichment', () => {
  async function someCompany() {
    const { body } = await list({ limit: 1, sections: ['firmographic'] });
    return ListGenerateResponse.parse(body).data[0]!;
  }

  it('GET and POST give the same answer, keyed by the names asked for', async () => {
    const c = await someCompany();
    const get = await t.call(
      `/api/v1/company/enrichment?company=${encodeURIComponent(c.uuid)}&sections=firmographics,gtm_and_business_model,headcount`,
    );
    expect(get.status).toBe(200);
    const a = (await get.json()) as { data: Record<string, unknown>; credits_consumed: number };
    const post = await t.call(
      '/api/v1/company/enrichment',
      postJson({ company: c.uuid, sections: ['firmographics', 'gtm_and_business_model', 'headcount'] }),
    );
    const b = (await post.json()) as typeof a;
    expect(b).toEqual(a);
    expect(Object.keys(a.data).sort()).toEqual([
      'firmographics',
      'gtm_and_business_model',
      'headcount',
      'uuid',
    ]);
    expect(SECTION_SCHEMAS.headcount.parse(a.data.headcount)).toEqual(a.data.headcount);
    expect(a.credits_consumed).toBe(2 + 2 + 2.5);
  });

  it('resolves a website in any common spelling to the same company', async () => {
    const c = await someCompany();
    const domain = new URL(c.website).hostname.replace(/^www\./, '');
    for (const spelling of [`https://www.${domain}/pricing`, domain, `WWW.${domain.toUpperCase()}`]) {
      const res = await t.call(
        `/api/v1/company/enrichment?company=${encodeURIComponent(spelling)}&sections=location`,
      );
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: { uuid: string } }).data.uuid).toBe(c.uuid);
    }
  });

  it("without sections answers every section the key's plan includes, charged as their sum", async () => {
    const c = await someCompany();
    for (const plan of ['enterprise', 'subscription', 'payg'] as const) {
      const keyName = `dev-${plan}-key`;
      const sections = PLAN_RULES[plan].sections;
      const before = balance(keyName);
      const get = await t.call(`/api/v1/company/enrichment?company=${encodeURIComponent(c.website)}`, {
        key: keyName,
      });
      expect(get.status).toBe(200);
      const a = EnrichmentResponse.parse(await get.json());
      expect(Object.keys(a.data).sort()).toEqual(['uuid', ...sections].sort());
      for (const s of sections) expect(SECTION_SCHEMAS[s].parse(a.data[s])).toEqual(a.data[s]);
      expect(a.credits_consumed).toBe(enrichmentCost(sections));
      expect(before - balance(keyName)).toBeCloseTo(a.credits_consumed, 6);
      const post = await t.call('/api/v1/company/enrichment', postJson({ company: c.uuid }, keyName));
      expect(await post.json()).toEqual(a);
    }
    expect(enrichmentCost(PLAN_RULES.enterprise.sections)).toBe(27.5);
    expect(PLAN_RULES.subscription.sections).not.toContain('funding_detail');
    // Naming no section at all is still an error, in either form.
    await expectProblem(await t.call(`/api/v1/company/enrichment?company=${c.uuid}&sections=`), 400);
    await expectProblem(await t.call(`/api/v1/company/enrichment?company=${c.uuid}&sections=,`), 400);
    await expectProblem(
      await t.call('/api/v1/company/enrichment', postJson({ company: c.uuid, sections: [] })),
      400,
    );
  });

  it('answers 404 for an unknown company, 400 for an unknown section, 403 for a section the plan lacks', async () => {
    await expectProblem(
      await t.call('/api/v1/company/enrichment?company=no-such-company.example.org&sections=location'),
      404,
    );
    await expectProblem(await t.call('/api/v1/company/enrichment?company=no-such-company.example.org'), 404);
    const c = await someCompany();
    await expectProblem(await t.call(`/api/v1/company/enrichment?company=${c.uuid}&sections=weather`), 400);
    await expectProblem(await t.call('/api/v1/company/enrichment?sections=location'), 400);
    await expectProblem(
      await t.call(`/api/v1/company/enrichment?company=${c.uuid}&sections=funding`, {
        key: 'dev-subscription-key',
      }),
      403,
    );
  });
});

describe('company search', () => {
  it('finds a company by exact name first, by website and by id, free of charge', async () => {
    const { body } = await list({ limit: 1, offset: 7 });
    const c = ListGenerateResponse.parse(body).data[0]!;
    const byName = (await (
      await t.call(`/api/v1/company/search?name=${encodeURIComponent(c.name)}`)
    ).json()) as {
      data: { uuid: string; score: number }[];
      credits_consumed: number;
    };
    expect(byName.data[0]!.uuid).toBe(c.uuid);
    expect(byName.data[0]!.score).toBe(1);
    expect(byName.credits_consumed).toBe(0);

    const host = new URL(c.website).hostname;
    const byQuery = (await (
      await t.call(`/api/v1/company/search?query=${encodeURIComponent(`https://${host}/about`)}`)
    ).json()) as {
      data: { uuid: string; domain: string; company_status: string }[];
    };
    expect(byQuery.data.map((d) => d.uuid)).toEqual([c.uuid]);
    expect(['public', 'private', 'acquired', 'delisted', 'unknown']).toContain(
      byQuery.data[0]!.company_status,
    );

    const byId = (await (await t.call(`/api/v1/company/search?uuid=${c.uuid}`)).json()) as {
      data: { uuid: string }[];
    };
    expect(byId.data.map((d) => d.uuid)).toEqual([c.uuid]);
  });

  it('query resolves a company id and a website in any spelling, as uuid= and website= do', async () => {
    const { body } = await list({ limit: 3, offset: 11 });
    const search = async (params: string) =>
      CompanySearchResponse.parse(await (await t.call(`/api/v1/company/search?${params}`)).json());
    for (const c of ListGenerateResponse.parse(body).data) {
      const byUuid = await search(`uuid=${c.uuid}`);
      expect(byUuid.data.map((d) => d.uuid)).toEqual([c.uuid]);
      expect(await search(`query=${c.uuid}`)).toEqual(byUuid);
      expect(await search(`query=${encodeURIComponent(` ${c.uuid} `)}`)).toEqual(byUuid);
      const domain = new URL(c.website).hostname.replace(/^www\./, '');
      const byWebsite = await search(`website=${domain}`);
      expect(byWebsite.data.map((d) => d.uuid)).toEqual([c.uuid]);
      for (const spelling of [
        c.website,
        `https://www.${domain}/pricing?ref=x`,
        `http://${domain}`,
        domain,
        `WWW.${domain.toUpperCase()}`,
        `${domain}/about`,
      ]) {
        expect(await search(`query=${encodeURIComponent(spelling)}`), spelling).toEqual(byWebsite);
        expect(await search(`website=${encodeURIComponent(spelling)}`), spelling).toEqual(byWebsite);
      }
    }
  });

  it('answers 200 with an empty array when nothing matches, and 400 without a parameter', async () => {
    const res = await t.call('/api/v1/company/search?name=zzqxv%20nonexistent');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown[] }).data).toEqual([]);
    await expectProblem(await t.call('/api/v1/company/search'), 400);
  });
});

describe('industry search', () => {
  it('ranks close industries first with similarity in 0..1, free of charge', async () => {
    const res = await t.call('/api/v1/industry/search/?query=fintech');
    const body = (await res.json()) as {
      data: { code: string; industry_name: string; similarity: number }[];
      count: number;
      credits_consumed: number;
    };
    expect(res.status).toBe(200);
    expect(body.count).toBe(body.data.length);
    expect(body.data[0]!.industry_name.toLowerCase()).toContain('fintech');
    expect(body.credits_consumed).toBe(0);
    for (let i = 0; i < body.data.length; i++) {
      expect(body.data[i]!.similarity).toBeGreaterThan(0);
      expect(body.data[i]!.similarity).toBeLessThanOrEqual(1);
      if (i > 0) expect(body.data[i]!.similarity).toBeLessThanOrEqual(body.data[i - 1]!.similarity);
    }
  });

  it('refuses an unknown level with a 400 naming level', async () => {
    for (const level of ['l5', 'l1,sector', '', 'L4,,x']) {
      const problem = await expectProblem(
        await t.call(`/api/v1/industry/search?query=bank&level=${encodeURIComponent(level)}`),
        400,
      );
      expect(problem.errors?.map((e) => e.path)).toEqual(['level']);
    }
  });

  it('answers an empty array when nothing is close', async () => {
    const body = (await (await t.call('/api/v1/industry/search?query=qwzx%20blorf')).json()) as {
      data: unknown[];
      count: number;
    };
    expect(body.data).toEqual([]);
    expect(body.count).toBe(0);
  });
});

describe('natural-language queries', () => {
  it('translate in list generation: translated filters echoed, query_translated set, +2.5 credits', async () => {
    const { res, body } = await list({
      query: 'software companies in germany',
      sections: ['location', 'business_model'],
      limit: 5,
    });
    expect(res.status).toBe(200);
    const parsed = ListGenerateResponse.parse(body);
    expect(parsed.query_translated).toBe(true);
    expect(parsed.filters).toEqual({
      'location.hq.country': ['DEU'],
      'business_model.offering_type': ['software'],
    });
    expect(parsed.count).toBeGreaterThan(0);
    for (const item of parsed.data) {
      expect(item.location!.hq.country.code).toBe('DEU');
      expect(item.business_model!.offering_type.code).toBe('software');
    }
    expect(parsed.credits_consumed).toBe(
      listGenerationCost({
        matched: true,
        returned: parsed.count,
        sections: ['location', 'business_model'],
        query: true,
      }),
    );
  });

  it('a query of which nothing became a filter and no word matches answers no company, for 2.5 credits', async () => {
    for (const query of ['qwzx blorf', 'the best companies']) {
      const before = balance('dev-enterprise-key');
      const { res, body } = await list({ query, sections: ['firmographic'] });
      expect(res.status).toBe(200);
      const parsed = ListGenerateResponse.parse(body);
      expect(parsed.total_count).toBe(0);
      expect(parsed.count).toBe(0);
      expect(parsed.data).toEqual([]);
      expect(parsed.filters).toEqual({});
      expect(parsed.query_translated).toBe(true);
      expect(parsed.warnings).toEqual([{ code: 'query_not_understood', message: expect.any(String) }]);
      expect(parsed.credits_consumed).toBe(PRICES.query);
      expect(before - balance('dev-enterprise-key')).toBeCloseTo(2.5, 6);
    }
    const words = ListGenerateResponse.parse((await list({ query: 'qwzx blorf' })).body);
    expect(words.warnings[0]!.message).toContain('"qwzx", "blorf"');
  });

  it('a query without filters whose words match companies still lists them, best match first', async () => {
    const { body } = await list({ limit: 1, offset: 3 });
    const c = ListGenerateResponse.parse(body).data[0]!;
    const word = c.name.split(' ').find((w) => w.length > 3) ?? c.name;
    const ranked = ListGenerateResponse.parse((await list({ query: `zorblax ${word}`, limit: 5 })).body);
    expect(ranked.filters).toEqual({});
    expect(ranked.warnings).toEqual([]);
    expect(ranked.total_count).toBeGreaterThan(0);
    expect(ranked.data[0]!.name.toLowerCase()).toContain(word.toLowerCase());
    expect(ranked.credits_consumed).toBe(
      listGenerationCost({ matched: true, returned: ranked.count, sections: [], query: true }),
    );
  });

  it('ranks by the words that did not become filters', async () => {
    const { body } = await list({ filters: {}, limit: 1, sections: ['product_offering'] });
    const category = ListGenerateResponse.parse(body).data[0]!.product_offering!.product_category;
    const ranked = ListGenerateResponse.parse((await list({ query: category, limit: 3 })).body);
    expect(ranked.data[0]!.product_category?.toLowerCase()).toContain(category.toLowerCase().split(' ')[0]);
  });

  it('the filter-builder returns filters, what matched and what was ignored, for 2.5 credits', async () => {
    const res = await t.call(
      '/api/v1/list/filter-builder/',
      postJson({ query: 'B2B SaaS in the US founded after 2015 zorblax' }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      data: {
        filters: Record<string, unknown>;
        matches: { text: string; key: string }[];
        unmatched: string[];
      };
      credits_consumed: number;
    };
    expect(body.data.filters).toMatchObject({
      'business_model.gtm_type': ['b2b'],
      'business_model.offering_type': ['software'],
      'location.hq.country': ['USA'],
      'firmographic.founded_year': { gte: 2016 },
    });
    expect(body.data.matches.map((m) => m.key)).toContain('location.hq.country');
    expect(body.data.unmatched).toContain('zorblax');
    expect(body.credits_consumed).toBe(2.5);
  });

  it('resolves investors by name to their company ids', async () => {
    const found = (await (await t.call('/api/v1/company/search?name=Sequoia%20Capital')).json()) as {
      data: { uuid: string; name: string }[];
    };
    const sequoia = found.data.find((d) => d.name === 'Sequoia Capital');
    const res = await t.call(
      '/api/v1/list/filter-builder',
      postJson({ query: 'companies backed by Sequoia' }),
    );
    const body = (await res.json()) as {
      data: { filters: Record<string, { 'investors.uuid'?: string[] }> };
    };
    expect(sequoia, 'the data set carries the real investor Sequoia Capital').toBeDefined();
    expect(body.data.filters['funding_detail.funding_rounds']?.['investors.uuid']).toContain(sequoia!.uuid);
  });

  it('gives {} for text that maps to nothing, and 400 without a query', async () => {
    const res = await t.call('/api/v1/list/filter-builder', postJson({ query: 'qwzx blorf' }));
    expect(((await res.json()) as { data: { filters: unknown } }).data.filters).toEqual({});
    await expectProblem(await t.call('/api/v1/list/filter-builder', postJson({})), 400);
  });
});
