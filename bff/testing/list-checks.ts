/**
 * The checks the list resolver's HTTP tests run, on the embedded service and on the real-service
 * double alike: random list requests with company size and exclusions (fast-check arbitraries),
 * each read page by page through a running BFF and compared with the truth (list-truth.ts), with
 * what the answers say they cost against what the ledger recorded.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { HEADCOUNT_RANGES, type HeadcountRange } from '../contract/enums';
import type { Filters } from '../contract/filters';
import { COUNTRIES, countriesInRegion } from '../contract/geo';
import { estimateListCost } from '../contract/list-cost';
import { LIST_TOTAL_CAP, type SortBy, type SortOrder } from '../contract/list-params';
import { exclusionMethodOf, HEADCOUNT_KEY } from '../contract/list-rules';
import type { Plan } from '../contract/pricing';
import { ListTooBroadProblem } from '../contract/problem';
import type { RunningBff } from './bff-server';
import { lastLedgerId, ledgerRows, readList } from './list-pages';
import { expectedList, type TruthCompany } from './list-truth';

// ---------------------------------------------------------------------------------------------
// Company size

/**
 * A list of company size gathered slice by slice: distinct companies, each of the bands, up to 500
 * of them (every one when there are fewer), counted so, with the warning that says how they were
 * gathered.
 */
function checkGathered(got: Awaited<ReturnType<typeof readList>>, want: { band: string[] }): void {
  if (!got.ok) throw new Error(`expected a gathered list, got ${got.status} ${JSON.stringify(got.problem)}`);
  const n = Math.min(want.band.length, LIST_TOTAL_CAP);
  expect(new Set(got.uuids).size).toBe(got.uuids.length);
  expect(got.uuids.length).toBe(n);
  const band = new Set(want.band);
  expect(got.uuids.every((u) => band.has(u))).toBe(true);
  for (const page of got.pages) {
    expect(page.total_count).toBe(n);
    expect(page.warnings.map((w) => w.code)).toContain('size_gathered');
  }
}

/** Base filters whose truth the naive evaluator knows, from broad (none) to narrow. */
const narrowFilters: fc.Arbitrary<Filters> = fc
  .record(
    {
      'location.hq.country': fc.subarray(['USA', 'GBR', 'DEU', 'FRA', 'IND', 'CAN', 'JPN'], { minLength: 1 }),
      'firmographic.company_type': fc.subarray(['private', 'public'], { minLength: 1, maxLength: 1 }),
      'business_model.offering_type': fc.subarray(['software', 'services', 'hardware_manufacturing'], {
        minLength: 1,
      }),
      'technology.api_detail.has_api': fc.boolean(),
      'business_model.revenue_model': fc.subarray(['subscription_recurring', 'advertising', 'usage_based'], {
        minLength: 1,
      }),
    },
    { requiredKeys: [] },
  )
  .map((f) => f as Filters);
/** Lists longer than the 500 served, where the bands may lie out of reach of one order or both. */
const broadFilters: fc.Arbitrary<Filters> = fc.constantFrom<Filters>(
  {},
  { 'firmographic.company_type': ['private'] },
  { 'location.hq.country': ['USA', 'GBR'] },
  { 'technology.api_detail.has_api': false },
);
export const baseFilters = fc.oneof(narrowFilters, broadFilters);

const bandSet = fc.subarray([...HEADCOUNT_RANGES], { minLength: 1 });

export type SizeCase = {
  filters: Filters;
  bands: HeadcountRange[];
  direction: SortOrder;
  sortBy: SortBy;
  pageSize: number;
};

export const sizeCases: fc.Arbitrary<SizeCase> = fc.record({
  filters: baseFilters,
  bands: bandSet,
  direction: fc.constantFrom<SortOrder>('asc', 'desc'),
  sortBy: fc.constantFrom<SortBy>('employee_range', 'relevance', 'founded_year'),
  pageSize: fc.integer({ min: 15, max: 150 }),
});

/** Runs one company-size case through a BFF and checks it against the truth; says which kind of answer it was. */
export async function checkSize(
  bff: RunningBff,
  truth: readonly TruthCompany[],
  c: SizeCase,
  plan: Plan,
): Promise<'list' | 'too_broad' | 'gathered'> {
  const want = expectedList(truth, {
    filters: c.filters,
    bands: c.bands,
    sortBy: c.sortBy,
    direction: c.direction,
    sectionsInLists: plan !== 'payg',
  });
  const before = await lastLedgerId(bff);
  const body = {
    filters: { ...c.filters, 'firmographic.headcount_range': c.bands },
    sort_by: c.sortBy,
    sort_order: c.direction,
  };
  const got = await readList(bff, body, c.pageSize);
  const rows = await ledgerRows(bff, before);
  const spent = Math.round(rows.reduce((s, r) => s + r.credits_consumed, 0) * 10000) / 10000;
  if (want.kind === 'too_broad') {
    expect(got.ok).toBe(false);
    if (got.ok) return 'list';
    expect(got.status).toBe(422);
    const p = ListTooBroadProblem.parse(got.problem);
    expect(p.list_size).toBe(want.listSize);
    expect(p.list_size_is_lower_bound).toBe(want.lowerBound);
    expect(p.detail).toMatch(/Add one more filter/);
    return 'too_broad';
  }
  if (want.kind === 'gathered') {
    checkGathered(got, want);
    if (got.ok) expect(got.credits).toBe(spent);
    return 'gathered';
  }
  if (!got.ok) throw new Error(`expected a list, got ${got.status} ${JSON.stringify(got.problem)}`);
  expect(got.uuids).toEqual(want.uuids.slice(0, LIST_TOTAL_CAP));
  for (const page of got.pages) {
    expect(page.total_count).toBe(want.uuids.length);
    expect(page.filters).toEqual(body.filters);
    const codes = page.warnings.map((w) => w.code);
    expect(codes.includes('employee_sort')).toBe(c.sortBy !== 'employee_range' && !want.userSort);
  }
  // What the answers say they cost is what the ledger recorded, probes included.
  expect(got.credits).toBe(spent);
  // The first page's cost stays within the estimate shown before the run.
  const estimate = estimateListCost(
    { filters: body.filters, limit: c.pageSize, sections: [], sort_by: c.sortBy },
    plan,
  );
  expect(got.pages[0]!.credits_consumed).toBeLessThanOrEqual(estimate.credits);
  return 'list';
}

// ---------------------------------------------------------------------------------------------
// Exclusions

const narrow: fc.Arbitrary<Filters> = fc
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

export type ExclusionCase = {
  filters: Filters;
  exclude: Record<string, unknown[]>;
  bands: HeadcountRange[] | undefined;
  excludedBands: HeadcountRange[] | undefined;
  direction: SortOrder;
  sortBy: SortBy;
  pageSize: number;
  sections: 'none' | 'some';
};

export const exclusionCases: fc.Arbitrary<ExclusionCase> = fc
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

/** Runs one exclusion case through a BFF and checks it against the truth; says which kind of answer it was. */
export async function checkExclusion(
  bff: RunningBff,
  truth: readonly TruthCompany[],
  c: ExclusionCase,
  plan: Plan,
): Promise<'list' | 'too_broad' | 'invalid' | 'gathered'> {
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
    sectionsInLists: plan !== 'payg',
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
  if (want.kind === 'gathered') {
    checkGathered(got, want);
    const spent = Math.round(rows.reduce((s, r) => s + r.credits_consumed, 0) * 10000) / 10000;
    if (got.ok) expect(got.credits).toBe(spent);
    return 'gathered';
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
      sort_by: c.sortBy,
      ...(c.sections === 'some' ? { sections: ['location', 'business_model'] } : {}),
    },
    plan,
  );
  expect(got.pages[0]!.credits_consumed).toBeLessThanOrEqual(estimate.credits);
  return 'list';
}
