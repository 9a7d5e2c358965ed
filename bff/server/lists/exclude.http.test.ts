/**
 * `exclude` through the BFF over real HTTP, on a real embedded service: the BFF's answer against
 * the truth ("is none of", docs/product-rules.md, section 14) read from the service's database.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListGenerateResponse } from '../../contract/api';
import { pathOf } from '../../contract/endpoints';
import type { Filters } from '../../contract/filters';
import { LIST_TOTAL_CAP } from '../../contract/list-params';
import { HEADCOUNT_KEY } from '../../contract/list-rules';
import { ListTooBroadProblem } from '../../contract/problem';
import type { Service } from '../../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { checkExclusion, exclusionCases } from '../../testing/list-checks';
import { LIST_PATH, lastLedgerId, ledgerRows, readList } from '../../testing/list-pages';
import {
  expectedList,
  loadTruth,
  matching,
  survivesExclusion,
  type TruthCompany,
} from '../../testing/list-truth';
import { parseCsv } from '../../testing/parse-csv';
import { embeddedUpstream, type Upstream } from '../upstream/upstream';

let service: Service;
let truth: TruthCompany[];
let enterprise: RunningBff;
let payg: RunningBff;
/** The bodies every BFF of this file sent upstream. */
const sent: string[] = [];

/** The embedded service as the upstream, every body it is sent written down. */
function recorded(upstream: Upstream): Upstream {
  return {
    ...upstream,
    send: async (call) => {
      if (call.body !== undefined) sent.push(call.body);
      return upstream.send(call);
    },
  };
}

beforeAll(async () => {
  service = await startEmbedded(2000, { seed: 11 });
  truth = loadTruth(service);
  [enterprise, payg] = await Promise.all([
    startBff({ upstream: recorded(embeddedUpstream(service, 'dev-enterprise-key')) }),
    startBff({ upstream: recorded(embeddedUpstream(service, 'dev-payg-key')) }),
  ]);
});

afterAll(async () => {
  await Promise.all([enterprise?.close(), payg?.close()]);
  service?.close();
});

describe('exclude through the BFF', () => {
  it('serves exactly the companies with none of the excluded values, across pages (property test)', async () => {
    const kinds = { list: 0, too_broad: 0, invalid: 0, gathered: 0 };
    await fc.assert(
      fc.asyncProperty(exclusionCases, async (c) => {
        kinds[await checkExclusion(enterprise, truth, c, 'enterprise')]++;
      }),
      { numRuns: 40, seed: 2718 },
    );
    expect(kinds.list).toBeGreaterThan(15);
    expect(kinds.too_broad).toBeGreaterThan(2);
  }, 240_000);

  it('the same on Pay-as-you-go (property test)', async () => {
    await fc.assert(
      fc.asyncProperty(
        exclusionCases.filter((c) => c.filters['location.hq.country'] !== undefined),
        async (c) => {
          await checkExclusion(payg, truth, c, 'payg');
        },
      ),
      { numRuns: 8, seed: 31 },
    );
  }, 240_000);

  it("the service never sees exclude nor the BFF's filter key", () => {
    expect(sent.length).toBeGreaterThan(100);
    for (const body of sent) {
      expect(body).not.toContain('"exclude"');
      expect(body).not.toContain(HEADCOUNT_KEY);
    }
  });

  it('a request without exclude or BFF keys reaches the service as the browser wrote it', async () => {
    const text = '{ "limit": 3,\n  "filters": {"location.hq.country": ["deu"]} }';
    const res = await enterprise.call(LIST_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: text,
    });
    expect(res.status).toBe(200);
    expect(sent.at(-1)).toBe(text);
  });

  it('the words of a query go through translateQuery; null passes the query on unchanged', async () => {
    const asked: string[] = [];
    const bff = await startBff({
      upstream: recorded(embeddedUpstream(service, 'dev-enterprise-key')),
      lists: {
        translateQuery: async (_user, query) => {
          asked.push(query);
          if (!query.includes('not in')) return null;
          return {
            filters: { 'location.hq.region': ['155'] },
            exclude: { 'location.hq.country': ['DEU'], 'industry.industry': ['IND-2008'] },
            credits: 2.5,
            matches: [],
            unmatched: ['widgets'],
          };
        },
      },
    });
    try {
      const before = await lastLedgerId(bff);
      const res = await bff.post(LIST_PATH, {
        query: 'Western European widgets not in Germany nor IND-2008',
        limit: 5,
      });
      const body = (await res.json()) as ListGenerateResponse;
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(body.query_translated).toBe(true);
      expect(body.filters).toEqual({ 'location.hq.region': ['155'] });
      expect(body.exclude).toEqual({ 'location.hq.country': ['DEU'], 'industry.industry': ['IND-2008'] });
      expect(body.warnings.map((w) => w.code)).toContain('query_words_unmatched');
      const want = expectedList(truth, {
        filters: { 'location.hq.region': ['155'] },
        exclude: { 'location.hq.country': ['DEU'], 'industry.industry': ['IND-2008'] },
        direction: 'desc',
      });
      if (want.kind === 'list') expect(body.data.map((r) => r.uuid)).toEqual(want.uuids.slice(0, 5));
      else expect(want.kind).toBe('list');
      const rows = await ledgerRows(bff, before);
      // The translation's credits (here not through the ledger) are added to what the calls cost.
      expect(body.credits_consumed).toBeCloseTo(2.5 + rows.reduce((s, r) => s + r.credits_consumed, 0), 6);

      const plain = await bff.post(LIST_PATH, { query: 'software companies in Germany', limit: 5 });
      expect(plain.status).toBe(200);
      expect(sent.at(-1)).toContain('"query":"software companies in Germany"');
      expect(asked).toEqual([
        'Western European widgets not in Germany nor IND-2008',
        'software companies in Germany',
      ]);
    } finally {
      await bff.close();
    }
  });
});

describe('exclude through the BFF: set differences, refusals and exports', () => {
  it('a multi-valued key is a set difference: a company with an excluded value goes, whatever else it has', async () => {
    const base: Filters = { 'location.hq.country': ['DEU', 'FRA'] };
    const both = matching(truth, base).filter((c) => {
      const models = c.sections.business_model.revenue_model.map((e) => e.type.code);
      return models.includes('advertising') && models.length > 1;
    });
    expect(both.length).toBeGreaterThan(0);
    const got = await readList(
      enterprise,
      { filters: base, exclude: { 'business_model.revenue_model': ['advertising'] } },
      500,
    );
    if (!got.ok) throw new Error('expected a list');
    for (const c of both) expect(got.uuids).not.toContain(c.uuid);
    // ... which "any of the other models" would have kept.
    expect(
      matching(truth, {
        ...base,
        'business_model.revenue_model': [
          'freemium',
          'subscription_recurring',
          'usage_based',
          'transaction_fee',
          'professional_services',
          'managed_services',
          'hardware_sales',
          'licensing_royalties',
          'marketplace_commission',
          'one_time_license',
          'affiliate_referral',
          'data_monetisation',
          'grants_donations',
        ],
      }).some((c) => both.includes(c)),
    ).toBe(true);
    expect(got.uuids.length).toBe(
      matching(truth, base).filter((c) =>
        survivesExclusion(c, 'business_model.revenue_model', ['advertising']),
      ).length,
    );
    expect(got.pages[0]!.warnings.some((w) => w.code === 'exclusion_drops_unknown')).toBe(false);
  });

  it('"Europe excluding Germany" is one call with the European countries other than Germany', async () => {
    const before = await lastLedgerId(enterprise);
    const res = await enterprise.post(LIST_PATH, {
      filters: { 'location.hq.region': ['150'] },
      exclude: { 'location.hq.country': ['DEU'] },
      limit: 20,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      data: { uuid: string }[];
      total_count: number;
      warnings: { code: string; key?: string; message: string }[];
      credits_consumed: number;
    };
    const want = matching(truth, { 'location.hq.region': ['150'] }).filter(
      (c) => c.sections.location.hq.country.code !== 'DEU',
    );
    expect(body.total_count).toBe(Math.min(want.length, LIST_TOTAL_CAP));
    const rows = await ledgerRows(enterprise, before);
    expect(rows).toHaveLength(1);
    expect(body.credits_consumed).toBe(rows[0]!.credits_consumed);
    expect(body.warnings).toContainEqual({
      code: 'exclusion_drops_unknown',
      key: 'location.hq.country',
      message: expect.stringMatching(/companies whose HQ country is unknown/),
    });
  });

  it('a set difference past the 500 served is a 422 with the list size', async () => {
    const res = await enterprise.post(LIST_PATH, {
      filters: { 'firmographic.company_type': ['private'] },
      exclude: { 'industry.industry': ['IND-2008'] },
    });
    expect(res.status).toBe(422);
    const p = ListTooBroadProblem.parse(await res.json());
    expect(p).toMatchObject({ list_size: 500, list_size_is_lower_bound: true });
    expect(p.detail).toMatch(/Add one more filter/);
  });
});

describe('exclude through the BFF: refusals and exports', () => {
  it('unknown keys and values, and excluding everything a key allows, are one 400 naming every field, and cost nothing', async () => {
    const before = await lastLedgerId(enterprise);
    const bad = await enterprise.post(LIST_PATH, {
      filters: { 'location.hq.country': ['DEU'] },
      exclude: {
        'no.such.key': ['x'],
        'firmographic.founded_year': [2000],
        'location.offices.country': ['XXX'],
      },
    });
    expect(bad.status).toBe(400);
    const p1 = (await bad.json()) as { errors: { path: string }[] };
    expect(p1.errors.map((e) => e.path).sort()).toEqual(
      [
        'exclude.firmographic.founded_year',
        'exclude.location.offices.country.0',
        'exclude.no.such.key',
      ].sort(),
    );

    // Codes only the service knows: the filters' and the exclusions' named together.
    const codes = await enterprise.post(LIST_PATH, {
      filters: { 'industry.industry': ['IND-2008', 'IND-0000'] },
      exclude: { 'industry.industry': ['IND-2001', 'IND-9999'] },
    });
    expect(codes.status).toBe(400);
    const p2 = (await codes.json()) as { errors: { path: string }[] };
    expect(p2.errors.map((e) => e.path).sort()).toEqual([
      'exclude.industry.industry.1',
      'filters.industry.industry.1',
    ]);

    const everything = await enterprise.post(LIST_PATH, {
      filters: { 'firmographic.company_type': ['public'], 'business_model.gtm_type': ['b2b'] },
      exclude: {
        'firmographic.company_type': ['public'],
        'business_model.gtm_type': ['b2b', 'b2c'],
        'technology.api_detail.has_api': [true],
      },
    });
    expect(everything.status).toBe(400);
    const p3 = (await everything.json()) as { errors: { path: string; message: string }[] };
    expect(p3.errors.map((e) => e.path).sort()).toEqual([
      'exclude.business_model.gtm_type',
      'exclude.firmographic.company_type',
    ]);

    const bands = await enterprise.post(LIST_PATH, {
      filters: { 'firmographic.headcount_range': ['1-10'] },
      exclude: { 'firmographic.headcount_range': ['1-10'] },
    });
    expect(bands.status).toBe(400);
    expect(((await bands.json()) as { errors: { path: string }[] }).errors[0]!.path).toBe(
      'exclude.firmographic.headcount_range',
    );

    const withQuery = await enterprise.post(LIST_PATH, {
      query: 'software in Germany',
      exclude: { 'location.hq.country': ['DEU'] },
    });
    expect(withQuery.status).toBe(400);

    const rows = await ledgerRows(enterprise, before);
    expect(rows.reduce((s, r) => s + r.credits_consumed, 0)).toBe(0);
  });

  it('CSV exports of a list with exclusions hold exactly its companies, and announce its size', async () => {
    const filters: Filters = { 'location.hq.country': ['DEU', 'FRA'] };
    const exclude = { 'location.offices.country': ['USA'], 'business_model.gtm_type': ['b2c'] };
    const want = expectedList(truth, { filters, exclude, sortBy: 'founded_year', direction: 'asc' });
    if (want.kind !== 'list') throw new Error('expected a list');
    expect(want.uuids.length).toBeGreaterThan(20);
    const res = await enterprise.post(pathOf('bff.exports'), {
      request: { filters, exclude, sort_by: 'founded_year', sort_order: 'asc' },
      columns: ['uuid', 'name', 'location.hq.country'],
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-export-total')).toBe(String(want.uuids.length));
    const rows = parseCsv(await res.text());
    expect(rows.slice(1).map((r) => r[0])).toEqual(want.uuids);
  });
});

describe('exclude an investor ("not funded by X")', () => {
  it('leaves out exactly the companies with a round naming the investor, and nothing else', async () => {
    const direct = async (body: Record<string, unknown>) => {
      const res = await service.fetch(
        new Request(`http://service${LIST_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': 'dev-enterprise-key' },
          body: JSON.stringify({ limit: 500, ...body }),
        }),
      );
      expect(res.status).toBe(200);
      return (await res.json()) as {
        data: { uuid: string; funding_detail?: { funding_rounds: { investors: { uuid: string }[] }[] } }[];
      };
    };
    const country = { 'location.hq.country': ['DEU', 'FRA'] };
    const all = await direct({ filters: country, sections: ['funding_detail'] });
    expect(all.data.length).toBeLessThan(LIST_TOTAL_CAP);
    const counts = new Map<string, number>();
    for (const c of all.data)
      for (const r of c.funding_detail?.funding_rounds ?? [])
        for (const i of r.investors) counts.set(i.uuid, (counts.get(i.uuid) ?? 0) + 1);
    const [investor] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    const backed = new Set(
      (
        await direct({
          filters: { ...country, 'funding_detail.funding_rounds': { 'investors.uuid': [investor] } },
        })
      ).data.map((c) => c.uuid),
    );
    expect(backed.size).toBeGreaterThan(0);
    const res = await enterprise.post(LIST_PATH, {
      filters: country,
      exclude: { 'funding_detail.funding_rounds.investors.uuid': [investor] },
      limit: 500,
    });
    expect(res.status).toBe(200);
    const got = (await res.json()) as { data: { uuid: string }[] };
    expect(got.data.map((c) => c.uuid)).toEqual(all.data.map((c) => c.uuid).filter((u) => !backed.has(u)));
  });
});
