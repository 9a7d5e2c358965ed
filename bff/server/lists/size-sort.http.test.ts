/**
 * Company size in a sort of the user's own (./size-sort.ts) through the BFF over real HTTP, on a
 * real embedded service: the rows and their order against the truth of the service's own evaluator
 * (`sortCompare`), across pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadcountRange } from '../../contract/enums';
import type { SortBy, SortOrder } from '../../contract/list-params';
import { sortCompare } from '../../embedded/query/evaluate';
import type { Service } from '../../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { readList } from '../../testing/list-pages';
import { byEmployees, loadTruth, matching, type TruthCompany } from '../../testing/list-truth';
import { embeddedUpstream } from '../upstream/upstream';

let service: Service;
let truth: TruthCompany[];
let enterprise: RunningBff;
let payg: RunningBff;

beforeAll(async () => {
  service = await startEmbedded(2000, { seed: 11 });
  truth = loadTruth(service);
  [enterprise, payg] = await Promise.all([
    startBff({ upstream: embeddedUpstream(service, 'dev-enterprise-key') }),
    startBff({ upstream: embeddedUpstream(service, 'dev-payg-key') }),
  ]);
});

afterAll(async () => {
  await Promise.all([enterprise?.close(), payg?.close()]);
  service?.close();
});

/** The truth: the companies of the filters and bands, in the service's order for that sort. */
function expected(
  filters: Record<string, unknown>,
  bands: readonly HeadcountRange[],
  by: SortBy,
  order: SortOrder,
): string[] {
  return matching(truth, filters as never)
    .filter((c) => c.band !== null && bands.includes(c.band))
    .sort((a, b) => sortCompare(a, b, { by, order }))
    .map((c) => c.uuid);
}

/** The HQ country with the most companies under 500 (a list the service orders whole). */
function countryUnder500(): string {
  const counts = new Map<string, number>();
  for (const c of truth) {
    const code = c.sections.location.hq.country?.code;
    if (code) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return [...counts].filter(([, n]) => n < 500).sort((a, b) => b[1] - a[1])[0]![0];
}

const body = (filters: Record<string, unknown>, bands: HeadcountRange[], by: SortBy, order: SortOrder) => ({
  filters: { ...filters, 'firmographic.headcount_range': bands },
  sort_by: by,
  sort_order: order,
});

describe('company size in another sort than employees', () => {
  it('a list under 500 without its size: "51-200 employees, newest first" in the service’s own order, across pages', async () => {
    const filters = { 'location.hq.country': [countryUnder500()] };
    const bands: HeadcountRange[] = ['51-200'];
    const want = expected(filters, bands, 'founded_year', 'desc');
    expect(want.length).toBeGreaterThan(15);
    const got = await readList(enterprise, body(filters, bands, 'founded_year', 'desc'), 7);
    if (!got.ok) throw new Error(`expected a list, got ${got.status}`);
    expect(got.uuids).toEqual(want);
    expect(got.pages[0]!.total_count).toBe(want.length);
    expect(got.pages.flatMap((p) => p.warnings).map((w) => w.code)).not.toContain('employee_sort');
    // Not employee order: the sort asked really changed it.
    expect(got.uuids).not.toEqual(
      byEmployees(
        truth.filter((c) => want.includes(c.uuid)),
        'desc',
      ).map((c) => c.uuid),
    );
    // The readings are kept: the later pages read only their own companies.
    for (const page of got.pages.slice(1)) expect(page.credits_consumed).toBe(0);
  });

  it('a page asked with sections carries them, for the same companies in the same order', async () => {
    const filters = { 'location.hq.country': [countryUnder500()] };
    const bands: HeadcountRange[] = ['11-50', '201-500'];
    const want = expected(filters, bands, 'revenue_estimate', 'asc');
    const got = await readList(
      enterprise,
      { ...body(filters, bands, 'revenue_estimate', 'asc'), sections: ['firmographic'] },
      9,
    );
    if (!got.ok) throw new Error(`expected a list, got ${got.status}`);
    expect(got.uuids).toEqual(want);
    for (const row of got.rows)
      expect(bands).toContain((row.firmographic as { headcount_range: string }).headcount_range);
  });

  it('a list past 500 without its size: the size’s companies (at most 500) sorted by the BFF as the service sorts', async () => {
    // 2,000 companies; the largest companies are within reach of the descending employee order.
    for (const [by, order] of [
      ['founded_year', 'desc'],
      ['total_funding', 'asc'],
    ] as const) {
      const bands: HeadcountRange[] = ['10001+'];
      const want = expected({}, bands, by, order);
      expect(want.length).toBeGreaterThan(5);
      expect(want.length).toBeLessThanOrEqual(500);
      const got = await readList(enterprise, { ...body({}, bands, by, order), sections: ['location'] }, 6);
      if (!got.ok) throw new Error(`expected a list, got ${got.status}`);
      expect(got.uuids).toEqual(want);
      // Only the sections asked: the sort's own section was read, not handed on.
      expect(got.rows.every((r) => r.location !== undefined)).toBe(true);
      if (by === 'founded_year') expect(got.rows.some((r) => r.firmographic !== undefined)).toBe(false);
    }
  });

  it('relevance past 500, or a plan without sections in lists: employee order, and the warning says why', async () => {
    const bands: HeadcountRange[] = ['10001+'];
    const relevance = await enterprise.post('/api/v1/list/generate/companies', {
      ...body({}, bands, 'relevance', 'desc'),
      limit: 20,
    });
    const page = (await relevance.json()) as {
      data: { uuid: string }[];
      warnings: { code: string; message: string }[];
    };
    const warning = page.warnings.find((w) => w.code === 'employee_sort');
    expect(warning?.message).toMatch(
      /^Sorted by employees \(most first\) instead of relevance: relevance is the service’s own score/,
    );
    const wantEmployees = byEmployees(
      truth.filter((c) => c.band === '10001+'),
      'desc',
    ).map((c) => c.uuid);
    expect(page.data.map((r) => r.uuid)).toEqual(wantEmployees.slice(0, 20));

    const paygPage = (await (
      await payg.post('/api/v1/list/generate/companies', {
        ...body({}, bands, 'founded_year', 'desc'),
        limit: 20,
      })
    ).json()) as { warnings: { code: string; message: string }[] };
    expect(paygPage.warnings.find((w) => w.code === 'employee_sort')?.message).toContain(
      'needs each company’s firmographic section',
    );
  });
});
