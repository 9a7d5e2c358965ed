/**
 * `exclude` through the BFF over real HTTP, on a real embedded service: the BFF's answer against
 * the truth ("is none of", decisions section 14) read from the service's database.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_TOTAL_CAP, ListTooBroadProblem, type SortBy, type SortOrder } from '../../contract/api';
import { pathOf } from '../../contract/endpoints';
import { HEADCOUNT_RANGES, type HeadcountRange } from '../../contract/enums';
import type { Filters } from '../../contract/filters';
import { COUNTRIES, countriesInRegion } from '../../contract/geo';
import { estimateListCost } from '../../contract/list-cost';
import { exclusionMethodOf, HEADCOUNT_KEY } from '../../contract/list-rules';
import type { Service } from '../../embedded/service';
import { startService } from '../../embedded/service';
import { type RunningBff, startBff } from '../../testing/bff-server';
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
  service = await startService({ dataDir: ':memory:', companies: 2000, seed: 11 });
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

const narrow = fc
  .record(
    {
      'location.hq.country': fc.subarray(['USA', 'GBR', 'DEU', 'FRA', 'IND', 'CAN', 'JPN', 'CHN'], {
        minLength: 1,
      }),
      'business_model.offering_type': fc.subarray(['software', 'services', 'hardware_manufacturing'], {
        minLength: 1,
      }),
      'business_model.revenue_model': fc.subarray(['subscription_recurring', 'advertising', 'usage_based'], {
        minLength: 1,
      }),
      'location.hq.region': fc.subarray(['150', '142', '021'], { minLength: 1 }),
    },
    { requiredKeys: [] },
  )
  .map((f) => f as Filters);
const broad = fc.constantFrom<Filters>(
  {},
  { 'firmographic.company_type': ['private'] },
  { 'location.hq.region': ['021'] },
);

/** Exclusions of both kinds that never exclude everything the base filters allow. */
const exclusions = fc.record(
  {
    // complements
    'location.hq.country': fc.subarray(['USA', 'GBR', 'DEU'], { minLength: 1, maxLength: 2 }),
    'location.hq.region': fc.subarray(['155', '021', '030'], { minLength: 1, maxLength: 1 }),
    'firmographic.company_type': fc.constant(['public']),
    'business_model.gtm_type': fc.subarray(['b2b', 'b2c'], { minLength: 1, maxLength: 1 }),
    'technology.api_detail.has_api': fc.constantFrom([true], [false]),
    'technology.ai_maturity.scale': fc.subarray([0, 1, 2, 5], { minLength: 1, maxLength: 2 }),
    // differences
    'business_model.revenue_model': fc.subarray(['advertising', 'freemium', 'usage_based'], {
      minLength: 1,
      maxLength: 1,
    }),
    'location.offices.country': fc.subarray(['USA', 'DEU', 'FRA'], { minLength: 1, maxLength: 2 }),
    'industry.industry': fc.subarray(['IND-2008', 'IND-2001', 'IND-2007'], { minLength: 1, maxLength: 2 }),
    'location.hq.city': fc.subarray(['London', 'New York', 'Berlin'], { minLength: 1, maxLength: 1 }),
    'company_assessment.competitive_moat': fc.subarray(['network_effects', 'switching_costs'], {
      minLength: 1,
      maxLength: 1,
    }),
  },
  { requiredKeys: [] },
);

type Case = {
  filters: Filters;
  exclude: Record<string, unknown[]>;
  bands: HeadcountRange[] | undefined;
  excludedBands: HeadcountRange[] | undefined;
  direction: SortOrder;
  sortBy: SortBy;
  pageSize: number;
  sections: 'none' | 'some';
};

const cases: fc.Arbitrary<Case> = fc
  .record({
    filters: fc.oneof({ weight: 3, arbitrary: narrow }, { weight: 1, arbitrary: broad }),
    exclude: exclusions.filter((e) => Object.keys(e).length > 0 && Object.keys(e).length <= 3),
    bands: fc.option(fc.subarray([...HEADCOUNT_RANGES], { minLength: 2 }), { freq: 3 }),
    excludedBands: fc.option(fc.subarray([...HEADCOUNT_RANGES], { minLength: 1, maxLength: 3 }), { freq: 4 }),
    direction: fc.constantFrom<SortOrder>('asc', 'desc'),
    sortBy: fc.constantFrom<SortBy>('relevance', 'employee_range', 'revenue_estimate'),
    pageSize: fc.integer({ min: 10, max: 120 }),
    sections: fc.constantFrom<'none' | 'some'>('none', 'none', 'some'),
  })
  .map((c) => ({
    ...c,
    bands: c.bands ?? undefined,
    excludedBands: c.excludedBands ?? undefined,
    exclude: c.exclude as Record<string, unknown[]>,
  }))
  // Keep the bands an exclusion leaves non-empty (excluding every band is the 400 tested below).
  .filter((c) => (c.bands ?? HEADCOUNT_RANGES).some((b) => !c.excludedBands?.includes(b)));

async function check(
  bff: RunningBff,
  c: Case,
  plan: 'enterprise' | 'payg',
): Promise<'list' | 'too_broad' | 'invalid'> {
  const bandsLeft =
    c.bands || c.excludedBands
      ? (c.bands ?? [...HEADCOUNT_RANGES]).filter((b) => !c.excludedBands?.includes(b))
      : undefined;
  const want = expectedList(truth, {
    filters: c.filters,
    ...(bandsLeft ? { bands: bandsLeft } : {}),
    exclude: c.exclude,
    sortBy: c.sortBy,
    direction: c.direction,
  });
  const exclude = { ...c.exclude, ...(c.excludedBands ? { [HEADCOUNT_KEY]: c.excludedBands } : {}) };
  const body = {
    filters: { ...c.filters, ...(c.bands ? { [HEADCOUNT_KEY]: c.bands } : {}) },
    exclude,
    sort_by: c.sortBy,
    sort_order: c.direction,
    ...(c.sections === 'some' ? { sections: ['location', 'business_model'] } : {}),
  };
  const before = await lastLedgerId(bff);
  const got = await readList(bff, body, c.pageSize);
  const rows = await ledgerRows(bff, before);
  // HQ countries and regions exclude HQ countries: leaving none of those the filters allow is a 400.
  const hqAllowed = COUNTRIES.map((x) => x.code).filter(
    (x) =>
      (c.filters['location.hq.country'] ?? [x]).includes(x) &&
      (c.filters['location.hq.region'] ?? ['001']).some(
        (r) => r === '001' || countriesInRegion(r).includes(x),
      ),
  );
  const hqOut = new Set([
    ...((c.exclude['location.hq.country'] as string[] | undefined) ?? []),
    ...((c.exclude['location.hq.region'] as string[] | undefined) ?? []).flatMap((r) => countriesInRegion(r)),
  ]);
  if (hqOut.size > 0 && hqAllowed.length > 0 && hqAllowed.every((x) => hqOut.has(x))) {
    if (got.ok) throw new Error('expected a 400');
    expect(got.status).toBe(400);
    expect(got.problem.errors?.map((e) => e.path).sort()).toEqual(
      Object.keys(c.exclude)
        .filter((k) => k.startsWith('location.hq.'))
        .map((k) => `exclude.${k}`)
        .sort(),
    );
    expect(rows).toEqual([]);
    return 'invalid';
  }
  if (want.kind === 'too_broad') {
    if (got.ok) throw new Error(`expected 422, got ${got.uuids.length} companies`);
    expect(got.status).toBe(422);
    const p = ListTooBroadProblem.parse(got.problem);
    expect(p.list_size).toBe(want.listSize);
    expect(p.list_size_is_lower_bound).toBe(want.lowerBound);
    return 'too_broad';
  }
  if (!got.ok) throw new Error(`expected a list, got ${got.status} ${JSON.stringify(got.problem)}`);
  expect(got.uuids).toEqual(want.uuids.slice(0, LIST_TOTAL_CAP));
  const complements = Object.keys(exclude).filter((k) => exclusionMethodOf(k) === 'complement');
  const resolved = bandsLeft !== undefined || complements.length < Object.keys(exclude).length;
  for (const page of got.pages) {
    // The BFF counts what it resolves exactly; a plain list the service counts, to 500.
    expect(page.total_count).toBe(resolved ? want.uuids.length : Math.min(want.uuids.length, LIST_TOTAL_CAP));
    expect(page.exclude).toEqual(exclude);
    expect(page.filters).toEqual(body.filters);
    const unknown = page.warnings.filter((w) => w.code === 'exclusion_drops_unknown').map((w) => w.key);
    expect(unknown.sort()).toEqual([...complements].sort());
  }
  if (c.sections === 'some' && plan === 'enterprise')
    for (const row of got.rows) expect(row.location?.hq.country.code).toBeTruthy();
  // Every call the BFF made is in the ledger, and the answers' credits add up to it.
  const spent = Math.round(rows.reduce((s, r) => s + r.credits_consumed, 0) * 10000) / 10000;
  expect(got.credits).toBe(spent);
  const estimate = estimateListCost(
    {
      filters: body.filters,
      exclude,
      limit: c.pageSize,
      ...(c.sections === 'some' ? { sections: ['location', 'business_model'] } : {}),
    },
    plan,
  );
  expect(got.pages[0]!.credits_consumed).toBeLessThanOrEqual(estimate.credits);
  return 'list';
}

describe('exclude through the BFF', () => {
  it('serves exactly the companies with none of the excluded values, across pages (property test)', async () => {
    const kinds = { list: 0, too_broad: 0, invalid: 0 };
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        kinds[await check(enterprise, c, 'enterprise')]++;
      }),
      { numRuns: 40, seed: 2718 },
    );
    expect(kinds.list).toBeGreaterThan(15);
    expect(kinds.too_broad).toBeGreaterThan(2);
  });

  it('the same on Pay-as-you-go (property test)', async () => {
    await fc.assert(
      fc.asyncProperty(
        cases.filter((c) => c.filters['location.hq.country'] !== undefined),
        async (c) => {
          await check(payg, c, 'payg');
        },
      ),
      { numRuns: 8, seed: 31 },
    );
  });

  it("the service never sees exclude nor the BFF's filter key", () => {
    expect(sent.length).toBeGreaterThan(100);
    for (const body of sent) {
      expect(body).not.toContain('"exclude"');
      expect(body).not.toContain(HEADCOUNT_KEY);
    }
  });

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
