/**
 * Company size (`firmographic.headcount_range`) through the BFF over real HTTP, on a real embedded
 * service: the BFF's answer against the truth read from the service's database.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../contract/endpoints';
import { HEADCOUNT_RANGES } from '../../contract/enums';
import { estimateListCost, probeCost } from '../../contract/list-cost';
import { bandRuns, PROBES_PER_RUN } from '../../contract/list-rules';
import { listGenerationCost } from '../../contract/pricing';
import type { Service } from '../../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { checkSize, sizeCases } from '../../testing/list-checks';
import { LIST_PATH, lastLedgerId, ledgerRows, readList } from '../../testing/list-pages';
import { byEmployees, expectedList, loadTruth, type TruthCompany } from '../../testing/list-truth';
import { parseCsv } from '../../testing/parse-csv';
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

const uuidsOf = (companies: readonly TruthCompany[]) => companies.map((c) => c.uuid);

describe('firmographic.headcount_range through the BFF', () => {
  it('serves exactly the companies of the bands asked, in employee order, across pages (property test)', async () => {
    const kinds = { list: 0, too_broad: 0, gathered: 0 };
    await fc.assert(
      fc.asyncProperty(sizeCases, async (c) => {
        kinds[await checkSize(enterprise, truth, c, 'enterprise')]++;
      }),
      { numRuns: 50, seed: 1407 },
    );
    expect(kinds.list).toBeGreaterThan(10);
    // Bands beyond the 500 served either way are gathered slice by slice: no dead end.
    expect(kinds.gathered).toBeGreaterThan(3);
    expect(kinds.too_broad).toBe(0);
  });

  it('the same on Pay-as-you-go, where a probe reads the band by enrichment (property test)', async () => {
    await fc.assert(
      fc.asyncProperty(
        sizeCases.filter((c) => c.filters['location.hq.country'] !== undefined),
        async (c) => {
          await checkSize(payg, truth, c, 'payg');
        },
      ),
      { numRuns: 8, seed: 99 },
    );
  });

  it('the band in the data is the band of the employee count the order sorts by, and companies without a count sort last', () => {
    for (const c of truth) {
      const n = c.sections.headcount.employee_count;
      expect(c.band).toBe(
        HEADCOUNT_RANGES.find((_, i) => n <= [10, 50, 200, 500, 1000, 5000, 10000, Infinity][i]!),
      );
    }
    // The order the probes read is the service's employee order: by count, ties by uuid, companies
    // without a count after every other in both directions (docs/product-rules.md, section 5).
    const uuidAt = service.ctx.db.prepare('SELECT uuid FROM companies WHERE idx = ?');
    for (const order of ['asc', 'desc'] as const) {
      const { positions } = service.ctx.index.search(
        {},
        { by: 'employee_range', order },
        { offset: 0, limit: 500 },
      );
      const served = positions.map((p) => (uuidAt.get(p) as { uuid: string }).uuid);
      expect(served).toEqual(uuidsOf(byEmployees(truth, order)).slice(0, 500));
    }
  });

  it('a stretch only the other order reaches is served from it, turned around: ascending employees, every company of the band', async () => {
    // The largest companies lie past the 500 smallest, but first when descending.
    const want = expectedList(truth, { filters: {}, bands: ['10001+'], direction: 'asc' });
    expect(want.kind).toBe('list');
    const got = await readList(
      enterprise,
      {
        filters: { 'firmographic.headcount_range': ['10001+'] },
        sort_by: 'employee_range',
        sort_order: 'asc',
      },
      100,
    );
    if (!got.ok || want.kind !== 'list') throw new Error('expected a list');
    const all = truth.filter((c) => c.band === '10001+');
    expect(new Set(got.uuids)).toEqual(new Set(uuidsOf(all)));
    expect(got.uuids).toEqual(want.uuids);
    const counts = got.uuids.map((u) => truth.find((c) => c.uuid === u)!.sections.headcount.employee_count);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
  });

  it('bands out of reach of both orders: up to 500 of their companies gathered slice by slice, each slice by employees, never a wrong one', async () => {
    // 2,000 companies: the middle bands are past the first 500 either way.
    const before = await lastLedgerId(enterprise);
    const body = {
      filters: { 'firmographic.headcount_range': ['201-500'] },
      sort_by: 'employee_range',
      sort_order: 'asc',
    };
    const got = await readList(enterprise, body, 100);
    if (!got.ok) throw new Error(`expected a list, got ${got.status}`);
    const band = truth.filter((c) => c.band === '201-500');
    const n = Math.min(band.length, 500);
    expect(got.uuids).toHaveLength(n);
    expect(new Set(got.uuids).size).toBe(n);
    const byUuid = new Map(truth.map((c) => [c.uuid, c]));
    expect(got.uuids.every((u) => byUuid.get(u)!.band === '201-500')).toBe(true);
    if (band.length <= 500) expect(new Set(got.uuids)).toEqual(new Set(uuidsOf(band)));
    const first = got.pages[0]!;
    expect(first.total_count).toBe(n);
    const note = first.warnings.find((w) => w.code === 'size_gathered');
    expect(note?.message).toMatch(/201 to 500 employees/);
    expect(note?.message).toMatch(/slice by slice/);
    // The slices come in HQ countries; within one, by employees ascending (the United States, a
    // country of 500 or more here, is cut further by founded years).
    const countries = got.rows.map((r) => byUuid.get(r.uuid)!.sections.location.hq.country.code);
    let runStart = 0;
    for (let i = 1; i <= countries.length; i++) {
      if (i < countries.length && countries[i] === countries[runStart]) continue;
      if (countries[runStart] === 'USA') {
        runStart = i;
        continue;
      }
      const counts = got.uuids
        .slice(runStart, i)
        .map((u) => byUuid.get(u)!.sections.headcount.employee_count);
      expect(counts).toEqual([...counts].sort((a, b) => a - b));
      runStart = i;
    }
    // What the pages say they cost is the ledger; a second read within minutes pays only its pages.
    const spent = (await ledgerRows(enterprise, before)).reduce((s, r) => s + r.credits_consumed, 0);
    expect(got.credits).toBe(Math.round(spent * 10000) / 10000);
    const again = await readList(enterprise, body, 100);
    if (!again.ok) throw new Error('expected a list');
    expect(again.uuids).toEqual(got.uuids);
    expect(again.credits).toBeLessThan(got.credits / 2);
  });

  it('non-adjacent bands are served as one slice each, ordered by the direction asked', async () => {
    const filters = {
      'location.hq.country': ['DEU', 'FRA'],
      'firmographic.headcount_range': ['1-10', '1001-5000'],
    };
    const desc = await readList(enterprise, { filters, sort_by: 'employee_range', sort_order: 'desc' }, 500);
    if (!desc.ok) throw new Error('expected a list');
    const bands = desc.uuids.map((u) => truth.find((c) => c.uuid === u)!.band);
    const firstSmall = bands.indexOf('1-10');
    expect(firstSmall).toBeGreaterThan(0);
    expect(bands.slice(0, firstSmall).every((b) => b === '1001-5000')).toBe(true);
    expect(bands.slice(firstSmall).every((b) => b === '1-10')).toBe(true);
  });
});

describe('firmographic.headcount_range through the BFF: probes, refusals and exports', () => {
  it("probes are paid once: a second run within the cache window pays only its page, and its credits are the ledger's", async () => {
    const body = {
      filters: { 'location.hq.country': ['USA'], 'firmographic.headcount_range': ['51-200', '201-500'] },
      sort_by: 'employee_range',
      sort_order: 'desc',
      limit: 10,
      sections: ['firmographic'],
    };
    const bff = await startBff({ upstream: embeddedUpstream(service, 'dev-enterprise-key') });
    try {
      let before = await lastLedgerId(bff);
      const first = (await (await bff.post(LIST_PATH, body)).json()) as {
        credits_consumed: number;
        count: number;
      };
      let rows = await ledgerRows(bff, before);
      const page = listGenerationCost({
        matched: true,
        returned: first.count,
        sections: ['firmographic'],
        query: false,
      });
      const probes = rows.length - 1;
      expect(probes).toBeGreaterThan(4);
      expect(probes).toBeLessThanOrEqual(PROBES_PER_RUN);
      // Every row but the page is a probe at the probe's price (or 1.5 past the list's end).
      const probeRows = rows.slice(0, -1).map((r) => r.credits_consumed);
      expect(probeRows.every((c) => c === probeCost('enterprise') || c === 1.5)).toBe(true);
      expect(rows.every((r) => r.endpoint === LIST_PATH && r.cache === 'none')).toBe(true);
      expect(first.credits_consumed).toBeCloseTo(
        rows.reduce((s, r) => s + r.credits_consumed, 0),
        6,
      );
      expect(first.credits_consumed).toBeGreaterThan(page);

      before = await lastLedgerId(bff);
      const again = await bff.post(LIST_PATH, { ...body, offset: 10 });
      expect(again.headers.get('x-cache')).toBe('miss');
      const second = (await again.json()) as { credits_consumed: number; count: number };
      rows = await ledgerRows(bff, before);
      expect(rows).toHaveLength(1);
      expect(second.credits_consumed).toBe(
        listGenerationCost({
          matched: true,
          returned: second.count,
          sections: ['firmographic'],
          query: false,
        }),
      );
      expect(rows[0]!.credits_consumed).toBe(second.credits_consumed);
    } finally {
      await bff.close();
    }
  });
});

describe('firmographic.headcount_range through the BFF: what the service sees, refusals and exports', () => {
  it("a list without the BFF's keys goes to the service unchanged", async () => {
    const direct = await service.fetch(
      new Request(`http://service${LIST_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'dev-enterprise-key' },
        body: JSON.stringify({ filters: { 'location.hq.country': ['DEU'] }, limit: 7 }),
      }),
    );
    const through = await enterprise.post(LIST_PATH, {
      filters: { 'location.hq.country': ['DEU'] },
      limit: 7,
    });
    expect(through.status).toBe(200);
    const [a, b] = [
      (await direct.json()) as Record<string, unknown>,
      (await through.json()) as Record<string, unknown>,
    ];
    expect(b).toEqual(a);
  });

  it('the embedded service refuses the key, as the real one would', async () => {
    const res = await service.fetch(
      new Request(`http://service${LIST_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'dev-enterprise-key' },
        body: JSON.stringify({ filters: { 'firmographic.headcount_range': ['1-10'] } }),
      }),
    );
    expect(res.status).toBe(400);
    const p = (await res.json()) as { errors: { path: string }[] };
    expect(p.errors.map((e) => e.path)).toEqual(['filters.firmographic.headcount_range']);
  });

  it('an unknown band is a 400 naming the field, and costs nothing', async () => {
    const before = await lastLedgerId(enterprise);
    const res = await enterprise.post(LIST_PATH, {
      filters: { 'firmographic.headcount_range': ['11-50', '1-100'] },
    });
    expect(res.status).toBe(400);
    const p = (await res.json()) as { errors: { path: string; message: string }[] };
    expect(p.errors).toEqual([
      { path: 'filters.firmographic.headcount_range.1', message: '"1-100" is not an allowed value' },
    ]);
    expect(await ledgerRows(enterprise, before)).toEqual([]);
  });

  it("the probes do not take the user's rate limit", async () => {
    const bff = await startBff({
      upstream: embeddedUpstream(service, 'dev-enterprise-key'),
      rateLimitPerMinute: 3,
    });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await bff.post(LIST_PATH, {
          filters: {
            'location.hq.country': ['GBR', 'CAN'],
            'firmographic.headcount_range': [HEADCOUNT_RANGES[i]!],
          },
        });
        expect(res.status).toBe(200);
      }
      expect(
        (await bff.post(LIST_PATH, { filters: { 'firmographic.headcount_range': ['1-10'] } })).status,
      ).toBe(429);
    } finally {
      await bff.close();
    }
  });

  it("a daily budget spent during the probes is the budget's 402, relayed", async () => {
    const bff = await startBff({
      upstream: embeddedUpstream(service, 'dev-enterprise-key'),
      dailyBudget: 10,
    });
    try {
      const res = await bff.post(LIST_PATH, {
        filters: { 'location.hq.country': ['USA'], 'firmographic.headcount_range': ['11-50'] },
      });
      expect(res.status).toBe(402);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await bff.close();
    }
  });

  it('CSV exports of a banded list hold exactly its companies, and announce its size', async () => {
    const filters = { 'location.hq.country': ['GBR'], 'firmographic.headcount_range': ['11-50', '51-200'] };
    const want = expectedList(truth, {
      filters: { 'location.hq.country': ['GBR'] },
      bands: ['11-50', '51-200'],
      direction: 'desc',
    });
    if (want.kind !== 'list') throw new Error('expected a list');
    expect(want.uuids.length).toBeGreaterThan(20);
    const res = await enterprise.post(pathOf('bff.exports'), {
      request: { filters, sort_by: 'employee_range', sort_order: 'desc' },
      columns: ['uuid', 'name'],
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-export-total')).toBe(String(want.uuids.length));
    const rows = parseCsv(await res.text());
    expect(rows.slice(1).map((r) => r[0])).toEqual(want.uuids);
  });

  it('the estimate bounds the probes of every run of bands', () => {
    const e = estimateListCost(
      { filters: { 'firmographic.headcount_range': ['1-10', '1001-5000'] }, limit: 50 },
      'enterprise',
    );
    expect(bandRuns(['1-10', '1001-5000'])).toHaveLength(2);
    expect(e.upTo).toBe(true);
    expect(e.parts.map((p) => p.what).join(' | ')).toMatch(`up to ${2 * PROBES_PER_RUN} one-company probes`);
  });
});
