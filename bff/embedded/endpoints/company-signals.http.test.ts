/**
 * The real service's three signal endpoints on the embedded service over real HTTP (decisions section
 * 15): headcount trends, job listings and website traffic. Every documented field, coherent with the
 * company's own sections as enrichment answers them, dated from the data set's today, paged, priced
 * (credits charged = credits_consumed = the price), and the errors: 400, 401, 402, 404 free, 405.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMPLOYMENT_TYPES,
  EnrichmentResponse,
  GROWTH_PERIODS,
  HeadcountTrendsResponse,
  JOB_FUNCTIONS,
  JOB_SENIORITIES,
  JobsResponse,
  TRAFFIC_SOURCES,
  WebsiteTrafficResponse,
} from '../../contract/api';
import { countryByAlpha2 } from '../../contract/geo';
import { headcountTrendsCost, jobsCost, websiteTrafficCost } from '../../contract/pricing';
import { Problem } from '../../contract/problem';
import type { Sections } from '../../contract/sections';
import { startTestServer, type TestServer } from '../../testing/embedded-server';
import { getMeta } from '../store/db';
import { createKey } from '../store/keys';

let t: TestServer;
let today: string;
/** The largest operating company: many listings. */
let big: { uuid: string; website: string; domain: string };

beforeAll(async () => {
  t = await startTestServer(1500, 21);
  today = getMeta(t.service.ctx.db, 'dataset.today')!;
  big = t.service.ctx.db
    .prepare(
      `SELECT uuid, website, domain FROM companies
       WHERE json_extract(s_firmographic, '$.operating_status.code') <> 'closed'
       ORDER BY employee_count DESC LIMIT 1`,
    )
    .get() as typeof big;
});
afterAll(async () => {
  await t.close();
});

const get = (path: string, key?: string | null) => t.call(path, key === undefined ? {} : { key });

function balance(keyName: string): number {
  return (
    t.service.ctx.db.prepare('SELECT credits FROM api_keys WHERE name = ?').get(keyName) as {
      credits: number;
    }
  ).credits;
}

/** Calls with the enterprise key; exactly credits_consumed was taken. */
async function charged<T extends { credits_consumed: number }>(path: string, parse: (b: unknown) => T) {
  const before = balance('dev-enterprise-key');
  const res = await get(path);
  expect(res.status, path).toBe(200);
  const body = parse(await res.json());
  expect(before - balance('dev-enterprise-key')).toBeCloseTo(body.credits_consumed, 9);
  return body;
}

async function expectProblem(res: Response, status: number, field?: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  const body = Problem.parse(await res.json());
  if (field) expect(body.errors?.map((e) => e.path)).toContain(field);
  return body;
}

/** The company's own sections, as enrichment answers them. */
async function sectionsOf(uuid: string) {
  const res = await get(
    `/api/v1/company/enrichment?company=${uuid}&sections=headcount,digital_presence,location,firmographic`,
  );
  const d = EnrichmentResponse.parse(await res.json()).data as unknown as Sections;
  return d;
}

const trends = (b: unknown) => HeadcountTrendsResponse.parse(b);
const jobs = (b: unknown) => JobsResponse.parse(b);
const traffic = (b: unknown) => WebsiteTrafficResponse.parse(b);
const daysBefore = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;

/** A sample of companies spread over sizes and growth. */
function sample(n: number): { uuid: string }[] {
  return t.service.ctx.db.prepare('SELECT uuid FROM companies ORDER BY idx LIMIT ?').all(n) as {
    uuid: string;
  }[];
}

describe('headcount trends', () => {
  it('every documented field, coherent with the headcount section, charged 2.5', async () => {
    for (const { uuid } of sample(40)) {
      const body = await charged(`/api/v1/company/headcount-trends?company=${uuid}`, trends);
      expect(body.credits_consumed).toBe(headcountTrendsCost());
      expect(body.credits_consumed).toBe(2.5);
      const d = body.data;
      const s = await sectionsOf(uuid);
      expect(d.uuid).toBe(uuid);
      expect(d.linkedin_official_name).toBe(s.firmographic.name);
      const page = s.digital_presence.social_profiles.find((p) => p.platform === 'linkedin');
      if (page) expect(page.url).toContain(`/company/${d.linkedin_username}`);
      else expect(d.linkedin_username).toBeNull();
      expect(d.total_employees).toBe(s.headcount.employee_count);
      const [lo, hi] = s.headcount.headcount_range.replace('+', '-Infinity').split('-').map(Number);
      expect(d.total_employees).toBeGreaterThanOrEqual(lo!);
      expect(d.total_employees).toBeLessThanOrEqual(hi!);
      expect(d.date <= today).toBe(true);
      const closed = s.firmographic.operating_status.code === 'closed';
      if (!closed) expect(daysBefore(d.date, today)).toBeLessThanOrEqual(31);
      expect(d.growth_periods).toEqual([...GROWTH_PERIODS]);
      expect(d.headcount_growth.map((g) => g.period)).toEqual(d.growth_periods);
      for (const g of d.headcount_growth) {
        expect(g.end_count).toBe(d.total_employees);
        expect(g.end_date).toBe(d.date);
        expect(g.change).toBe(g.end_count - g.start_count);
        if (g.start_count === 0) expect(g.percent).toBeNull();
        else
          expect(Math.abs(g.percent! - (g.end_count / g.start_count - 1) * 100)).toBeLessThanOrEqual(0.0501);
        // The period's start is its length before the reading (to a month-end when shorter).
        const back = new Date(`${g.end_date}T12:00:00Z`);
        back.setUTCDate(1);
        back.setUTCMonth(back.getUTCMonth() - g.months);
        expect(g.start_date.slice(0, 7)).toBe(back.toISOString().slice(0, 7));
        if (g.months <= 23) expect(g.start_count).toBe(s.headcount.history.at(-1 - g.months)!.employee_count);
      }
      const byPeriod = new Map(d.headcount_growth.map((g) => [g.period, g]));
      if (byPeriod.get('6m')!.start_count > 0)
        expect(byPeriod.get('6m')!.percent).toBe(s.headcount.growth_6m_pct);
      if (byPeriod.get('12m')!.start_count > 0)
        expect(byPeriod.get('12m')!.percent).toBe(s.headcount.growth_12m_pct);
      // The workforce by function sums to the total now and at each period's start.
      const fns = d.headcount_by_function;
      expect(fns.reduce((n, f) => n + f.count, 0)).toBe(d.total_employees);
      for (const f of fns) {
        expect(JOB_FUNCTIONS).toContain(f.function);
        expect(f.growth.map((g) => g.period)).toEqual(d.growth_periods);
        if (d.total_employees > 0) expect(f.share).toBeCloseTo(f.count / d.total_employees, 3);
      }
      for (const g of d.headcount_growth)
        expect(fns.reduce((n, f) => n + f.growth.find((x) => x.period === g.period)!.start_count, 0)).toBe(
          g.start_count,
        );
      expect(new Set(fns.map((f) => f.function)).size).toBe(fns.length);
    }
  });

  it('a software company is engineering-heavy; the same seed gives the same answer', async () => {
    const soft = t.service.ctx.db
      .prepare(
        `SELECT uuid FROM companies WHERE json_extract(s_business_model, '$.offering_type.code') = 'software'
         AND employee_count >= 200 LIMIT 1`,
      )
      .get() as { uuid: string };
    const a = await charged(`/api/v1/company/headcount-trends?company=${soft.uuid}`, trends);
    const eng = a.data.headcount_by_function.find((f) => f.function === 'engineering')!;
    expect(eng.share).toBeGreaterThan(0.12);
    const again = await charged(`/api/v1/company/headcount-trends?company=${soft.uuid}`, trends);
    expect(again).toEqual(a);
    const other = await startTestServer(1500, 21);
    try {
      const res = await other.call(`/api/v1/company/headcount-trends?company=${soft.uuid}`);
      expect(trends(await res.json())).toEqual(a);
    } finally {
      await other.close();
    }
  });
});

describe('job listings', () => {
  it('10 by default, at most 50, paged by count/limit/offset, priced per listing with a 0.5 floor', async () => {
    const path = `/api/v1/company/jobs?company=${big.uuid}`;
    const first = await charged(path, jobs);
    expect(first.status).toBe('success');
    expect(first.count).toBeGreaterThan(60);
    expect(first.data).toHaveLength(10);
    expect([first.limit, first.offset]).toEqual([10, 0]);
    expect(first.credits_consumed).toBe(jobsCost(10));
    expect(first.credits_consumed).toBe(1);
    const one = await charged(`${path}&limit=1`, jobs);
    expect(one.credits_consumed).toBe(0.5);
    expect(one.data[0]).toEqual(first.data[0]);
    const max = await charged(`${path}&limit=50`, jobs);
    expect(max.data).toHaveLength(50);
    expect(max.credits_consumed).toBe(5);
    const next = await charged(`${path}&limit=50&offset=50`, jobs);
    const seen = new Set(max.data.map((j) => j.id));
    expect(next.data.some((j) => seen.has(j.id))).toBe(false);
    expect(next.data.length).toBe(Math.min(50, first.count - 50));
    const last = await charged(`${path}&limit=50&offset=${first.count - 3}`, jobs);
    expect(last.data).toHaveLength(3);
    expect(last.credits_consumed).toBe(0.5);
    const past = await charged(`${path}&offset=${first.count}`, jobs);
    expect(past.data).toEqual([]);
    expect(past.credits_consumed).toBe(0);
    expect(past.count).toBe(first.count);
    // Newest first, within the last 90 days.
    const dates = [...max.data, ...next.data].map((j) => j.posted_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const d of dates) expect(daysBefore(d, today)).toBeLessThan(90);
    for (const d of dates) expect(daysBefore(d, today)).toBeGreaterThanOrEqual(0);
  });

  it('every documented field of a listing, placed in an office country', async () => {
    const s = await sectionsOf(big.uuid);
    const countries = new Set([s.location.hq.country.code, ...s.location.offices.map((o) => o.country.code)]);
    const body = await charged(`/api/v1/company/jobs?company=${big.uuid}&limit=50`, jobs);
    const sources = new Set<string>();
    for (const j of body.data) {
      expect(JOB_FUNCTIONS).toContain(j.function);
      expect(JOB_SENIORITIES).toContain(j.seniority);
      expect(EMPLOYMENT_TYPES).toContain(j.employment_type);
      expect(j.title.length).toBeGreaterThan(3);
      expect(j.description).toContain(j.title);
      expect(j.key_skills.length).toBeGreaterThanOrEqual(3);
      expect(countries).toContain(countryByAlpha2(j.country!)!.code);
      expect(j.location).toContain(countryByAlpha2(j.country!)!.name.split(' ')[0]!);
      if (j.remote) expect(j.location).toMatch(/^Remote, /);
      if (j.compensation) {
        expect(j.compensation.min).toBeGreaterThan(0);
        expect(j.compensation.max).toBeGreaterThanOrEqual(j.compensation.min);
        expect(['year', 'month', 'hour']).toContain(j.compensation.period);
        expect(j.compensation.currency).toMatch(/^[A-Z]{3}$/);
      }
      sources.add(j.source);
      if (j.source === 'linkedin') expect(j.url).toBe(`https://www.linkedin.com/jobs/view/${j.id}/`);
      else expect(j.url).toBe(`https://www.indeed.com/viewjob?jk=${j.id}`);
    }
    expect([...sources].sort()).toEqual(['indeed', 'linkedin']);
    expect(body.data.some((j) => j.compensation !== null)).toBe(true);
    expect(new Set(body.data.map((j) => j.id)).size).toBe(body.data.length);
  });

  it('growing companies hire more per employee than shrinking ones; closed ones not at all', async () => {
    const rows = t.service.ctx.db
      .prepare(
        `SELECT uuid, employee_count AS n, json_extract(s_firmographic, '$.operating_status.code') AS status,
                json_extract(s_headcount, '$.growth_12m_pct') AS growth
         FROM companies WHERE employee_count >= 50 ORDER BY idx LIMIT 400`,
      )
      .all() as { uuid: string; n: number; status: string; growth: number }[];
    const rate: Record<'growing' | 'shrinking', [listings: number, employees: number]> = {
      growing: [0, 0],
      shrinking: [0, 0],
    };
    for (const r of rows) {
      const body = jobs(await (await get(`/api/v1/company/jobs?company=${r.uuid}&limit=1`)).json());
      if (r.status === 'closed') {
        expect(body.count).toBe(0);
        continue;
      }
      const bucket = r.growth >= 15 ? rate.growing : r.growth < 0 ? rate.shrinking : undefined;
      if (!bucket) continue;
      bucket[0] += body.count;
      bucket[1] += r.n;
    }
    expect(rate.growing[1]).toBeGreaterThan(0);
    expect(rate.shrinking[1]).toBeGreaterThan(0);
    const perEmployee = (b: number[]) => b[0]! / b[1]!;
    expect(perEmployee(rate.growing)).toBeGreaterThan(2 * perEmployee(rate.shrinking));
  });

  it('refuses limit 51, a bad limit or offset and unknown parameters with 400, charging nothing', async () => {
    const before = balance('dev-enterprise-key');
    const path = `/api/v1/company/jobs?company=${big.uuid}`;
    await expectProblem(await get(`${path}&limit=51`), 400, 'limit');
    await expectProblem(await get(`${path}&limit=ten`), 400, 'limit');
    await expectProblem(await get(`${path}&limit=2.5`), 400, 'limit');
    await expectProblem(await get(`${path}&offset=-1`), 400, 'offset');
    await expectProblem(await get(`${path}&function=sales`), 400);
    await expectProblem(await get('/api/v1/company/jobs'), 400, 'company');
    await expectProblem(await get('/api/v1/company/headcount-trends?company='), 400, 'company');
    await expectProblem(await get(`/api/v1/company/website-traffic?company=${big.uuid}&limit=1`), 400);
    expect(balance('dev-enterprise-key')).toBe(before);
  });
});

describe('website traffic', () => {
  it('12 months up to last month, the latest the digital presence’s visits, shares summing to 1', async () => {
    const [y, m] = today.split('-').map(Number) as [number, number];
    const lastMonth = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
    for (const { uuid } of sample(30)) {
      const body = await charged(`/api/v1/company/website-traffic?company=${uuid}`, traffic);
      expect(body.credits_consumed).toBe(websiteTrafficCost());
      expect(body.credits_consumed).toBe(1);
      const d = body.data;
      const s = await sectionsOf(uuid);
      expect(d.uuid).toBe(uuid);
      const months = Object.keys(d.estimated_monthly_visits);
      expect(months).toHaveLength(12);
      expect([...months].sort()).toEqual(months);
      expect(months.at(-1)).toBe(lastMonth);
      for (let i = 1; i < months.length; i++) {
        const prev = new Date(`${months[i - 1]}-01T00:00:00Z`);
        prev.setUTCMonth(prev.getUTCMonth() + 1);
        expect(prev.toISOString().slice(0, 7)).toBe(months[i]);
      }
      expect(d.estimated_monthly_visits[lastMonth]).toBe(s.digital_presence.monthly_website_visits);
      expect(Object.keys(d.traffic_sources).sort()).toEqual([...TRAFFIC_SOURCES].sort());
      const shares = Object.values(d.traffic_sources);
      for (const v of shares) expect(v).toBeGreaterThanOrEqual(0);
      expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
      expect(d.engagements.bounce_rate).toBeGreaterThan(0);
      expect(d.engagements.bounce_rate).toBeLessThan(1);
      expect(d.engagements.pages_per_visit).toBeGreaterThanOrEqual(1);
      expect(d.engagements.avg_visit_duration_seconds).toBeGreaterThan(0);
    }
  });
});

describe('errors shared by the three endpoints', () => {
  const paths = () => [
    `/api/v1/company/headcount-trends?company=${big.uuid}`,
    `/api/v1/company/jobs?company=${big.uuid}`,
    `/api/v1/company/website-traffic?company=${big.uuid}`,
  ];

  it('answers on every path and company spelling alike', async () => {
    for (const p of paths()) {
      const [path, query] = p.split('?') as [string, string];
      const variants = [
        p,
        `${path}/?${query}`,
        `${path.replace('/api/v1', '/v1')}?${query}`,
        `${path}?company=${encodeURIComponent(`https://www.${big.domain}/about`)}`,
        `${path}?company=${big.domain.toUpperCase()}`,
      ];
      const bodies = [];
      for (const v of variants) bodies.push(await (await get(v)).json());
      for (const b of bodies) expect(b).toEqual(bodies[0]);
    }
  });

  it('404 for an unknown company, charging nothing', async () => {
    const before = balance('dev-enterprise-key');
    for (const p of paths()) {
      const body = await expectProblem(await get(p.replace(big.uuid, 'no-such-company.example.org')), 404);
      expect(body.detail).toContain('no-such-company.example.org');
    }
    expect(balance('dev-enterprise-key')).toBe(before);
  });

  it('401 without a key, 405 naming GET, 402 when the balance is short (taking nothing), every plan reads', async () => {
    for (const p of paths()) {
      await expectProblem(await get(p, null), 401);
      const res = await t.call(p, { method: 'POST' });
      await expectProblem(res, 405);
      expect(res.headers.get('allow')).toBe('GET');
    }
    const { key } = createKey(t.service.ctx.db, 'short-company-signals', 'payg', 0.4);
    for (const p of paths()) await expectProblem(await get(p, key), 402);
    const empty = await get(`/api/v1/company/jobs?company=${big.uuid}&offset=1000000`, key);
    expect(jobs(await empty.json()).credits_consumed).toBe(0);
    expect(balance('short-company-signals')).toBe(0.4);
    for (const k of ['dev-payg-key', 'dev-subscription-key', 'dev-enterprise-key'])
      for (const p of paths()) expect((await get(p, k)).status).toBe(200);
  });
});
