/**
 * Exact counts past 500 (`POST /bff/lists/count`, docs/decisions/0026-counting-by-slices.md) through
 * the BFF over real HTTP on a real embedded service of 25,000 companies: each count against the truth
 * computed from the service's own database with the reference evaluator, within the cost bound (2
 * credits per 500 companies + 20), at most its estimate, equal to the ledger and to what the
 * service's key lost; 402 before anything is spent; a client that goes away stops the count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListCountEstimate, ListCountStreamLine } from '../../contract/bff-lists';
import type { Filters } from '../../contract/filters';
import { credits } from '../../contract/pricing';
import type { Service } from '../../embedded/service';
import { findKey } from '../../embedded/store/keys';
import { datasetCompanies } from '../../testing/accounts';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { lastLedgerId, ledgerRows, postCount, postCountEstimate } from '../../testing/list-pages';
import { loadTruth, matching, survivesExclusion, type TruthCompany } from '../../testing/list-truth';
import { listOf } from '../accounts/use-lists-testing';
import { embeddedUpstream } from '../upstream/upstream';

let service: Service;
let truth: TruthCompany[];
let bff: RunningBff;
let tight: RunningBff;
let broke: RunningBff;

beforeAll(async () => {
  service = await startEmbedded(25_000, { seed: 42 });
  truth = loadTruth(service);
  [bff, tight, broke] = await Promise.all([
    startBff({ upstream: embeddedUpstream(service, 'dev-enterprise-key'), cacheTtlMs: 0 }),
    // A daily budget of 30 credits: under the bound at 25,000 companies (120), over a small list's.
    startBff({ upstream: embeddedUpstream(service, 'dev-enterprise-key'), cacheTtlMs: 0, dailyBudget: 30 }),
    // A daily budget of 1 credit: not even the first call.
    startBff({ upstream: embeddedUpstream(service, 'dev-enterprise-key'), cacheTtlMs: 0, dailyBudget: 1 }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([bff?.close(), tight?.close(), broke?.close()]);
  service?.close();
});

const balance = () => findKey(service.ctx.db, 'dev-enterprise-key')!.credits;
const bound = (n: number) => (2 * n) / 500 + 20;

const count = postCount;
const estimate = postCountEstimate;

/** Counts a list; checks it against the truth, the bound, the estimate, the ledger and the key. */
async function checkCount(
  body: { filters?: Filters; exclude?: Record<string, unknown[]> },
  truthCount: number,
) {
  const before = await lastLedgerId(bff);
  const key = balance();
  const { credits_max } = await estimate(bff, body);
  const { status, body: answer } = await count(bff, body);
  expect(status).toBe(200);
  expect(answer.exact).toBe(true);
  expect(answer.count).toBe(truthCount);
  expect(answer.credits_consumed).toBeLessThanOrEqual(bound(truthCount));
  expect(answer.credits_consumed).toBeLessThanOrEqual(credits_max);
  const rows = await ledgerRows(bff, before);
  expect(credits(rows.reduce((s, r) => s + r.credits_consumed, 0))).toBe(answer.credits_consumed);
  expect(credits(key - balance())).toBe(answer.credits_consumed);
  return answer;
}

describe('POST /bff/lists/count', () => {
  it('counts lists of 1,000 to 25,000 companies exactly, within 2 credits per 500 + 20', async () => {
    const lists: Filters[] = [
      {},
      { 'business_model.offering_type': ['software'] },
      { 'location.hq.region': ['150'], 'business_model.gtm_type': ['b2b'] },
      { 'firmographic.company_type': ['public'] },
      { 'location.hq.country': ['USA'], 'firmographic.founded_year': { gte: 2010 } },
    ];
    for (const filters of lists) {
      const n = matching(truth, filters).length;
      expect(n).toBeGreaterThan(500);
      const answer = await checkCount({ filters }, n);
      expect(answer.slices).toBeGreaterThanOrEqual(Math.ceil(n / 499));
      // Asked again within minutes: the same count, free.
      const again = await count(bff, { filters });
      expect(again.body).toMatchObject({ count: n, credits_consumed: 0 });
    }
  }, 240_000);

  it('a list under 500 costs its one call', async () => {
    const filters: Filters = { 'location.hq.country': ['FRA'], 'business_model.offering_type': ['software'] };
    const n = matching(truth, filters).length;
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(500);
    const answer = await checkCount({ filters }, n);
    expect(answer).toMatchObject({ slices: 1, credits_consumed: 1.5 });
  });

  it('counts exclusions: a complement as a filter, a set difference as the list less its excluded part', async () => {
    const filters: Filters = { 'business_model.offering_type': ['software'] };
    const exclude = {
      'location.hq.country': ['USA'],
      'business_model.revenue_model': ['advertising'],
    };
    const n = matching(truth, filters).filter((c) =>
      Object.entries(exclude).every(([k, v]) => survivesExclusion(c, k, v)),
    ).length;
    expect(n).toBeGreaterThan(500);
    const answer = await checkCount({ filters, exclude }, n);
    expect(answer.count).toBe(n);
  }, 120_000);

  it('a budget under the bound at COUNT_MAX_ROWS still counts a list its budget covers, and stops with 402 on one it does not', async () => {
    // 30 credits: the bound at 25,000 (120) is not covered, the bound at 2,500 (30) is.
    const small: Filters = { 'location.hq.country': ['DEU'] };
    const n = matching(truth, small).length;
    expect(n).toBeGreaterThan(500);
    expect(bound(n)).toBeLessThanOrEqual(30);
    const e = await estimate(tight, { filters: small });
    expect(e).toMatchObject({ within_budget: false, credits_first: 1.7, rows_within_budget: 2500 });
    expect(e.credits_max).toBeGreaterThan(30);
    let before = await lastLedgerId(tight);
    const counted = await count(tight, { filters: small });
    expect(counted.status).toBe(200);
    expect(counted.body.count).toBe(n);
    expect(counted.body.credits_consumed).toBeLessThanOrEqual(bound(n));
    expect(credits((await ledgerRows(tight, before)).reduce((s, r) => s + r.credits_consumed, 0))).toBe(
      counted.body.credits_consumed,
    );
    // A list of ~4,800: larger than the budget left covers; the count stops there, what it spent
    // within the budget and in the ledger.
    const big = { filters: { 'business_model.gtm_type': ['b2c'] } };
    expect(matching(truth, big.filters as Filters).length).toBeGreaterThan(2500);
    const left = (await estimate(tight, big)).budget_remaining!;
    before = await lastLedgerId(tight);
    const key = balance();
    const res = await tight.post('/bff/lists/count', big);
    expect(res.status).toBe(402);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/credits were spent/);
    const spent = credits((await ledgerRows(tight, before)).reduce((s, r) => s + r.credits_consumed, 0));
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThanOrEqual(left);
    expect(credits(key - balance())).toBe(spent);
  }, 120_000);

  it('refuses with 402 before anything is spent when the budget cannot cover the first call', async () => {
    const before = await lastLedgerId(broke);
    const key = balance();
    const body = { filters: { 'business_model.gtm_type': ['b2c'] } };
    const e = await estimate(broke, body);
    expect(e.within_budget).toBe(false);
    expect(e.credits_first).toBeGreaterThan(1);
    const res = await broke.post('/bff/lists/count', body);
    expect(res.status).toBe(402);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(await ledgerRows(broke, before)).toEqual([]);
    expect(balance()).toBe(key);
  });

  it('counts company size past 500: the bands within each slice found by probes, exactly, within the estimate', async () => {
    const cases: { filters: Filters; bands: string[] }[] = [
      { filters: { 'location.hq.region': ['150'] }, bands: ['51-200'] },
      { filters: { 'business_model.offering_type': ['software'] }, bands: ['1-10', '1001-5000'] },
    ];
    for (const c of cases) {
      const want = new Set(c.bands);
      const n = matching(truth, c.filters).filter((x) => x.band !== null && want.has(x.band)).length;
      expect(n).toBeGreaterThan(500);
      const body = { filters: { ...c.filters, 'firmographic.headcount_range': c.bands } };
      const before = await lastLedgerId(bff);
      const key = balance();
      const e = await estimate(bff, body);
      const { status, body: answer } = await count(bff, body);
      expect(status).toBe(200);
      expect(answer.count).toBe(n);
      expect(answer.credits_consumed).toBeLessThanOrEqual(e.credits_max);
      const rows = await ledgerRows(bff, before);
      expect(credits(rows.reduce((s, r) => s + r.credits_consumed, 0))).toBe(answer.credits_consumed);
      expect(credits(key - balance())).toBe(answer.credits_consumed);
    }
  }, 240_000);

  it('answers 400 naming the field for a bad list request, and spends nothing', async () => {
    const key = balance();
    const res = await bff.post('/bff/lists/count', { filters: { 'firmographic.company_type': ['nope'] } });
    expect(res.status).toBe(400);
    const problem = (await res.json()) as { errors: { path: string }[] };
    expect(problem.errors[0]!.path).toContain('firmographic.company_type');
    expect(balance()).toBe(key);
  });

  it('stops when the client goes away; what was spent stays in the ledger, exactly', async () => {
    const before = await lastLedgerId(bff);
    const key = balance();
    const ac = new AbortController();
    const body = { filters: { 'business_model.gtm_type': ['b2b'] } };
    const pending = bff.post('/bff/lists/count', body, { signal: ac.signal }).catch((e: Error) => e);
    // Stopped once the count is under way (a few calls in), whatever the machine's speed.
    while ((await ledgerRows(bff, before)).length < 3) await new Promise((r) => setTimeout(r, 5));
    ac.abort();
    expect(await pending).toBeInstanceOf(Error);
    await new Promise((r) => setTimeout(r, 300));
    const atStop = (await ledgerRows(bff, before)).length;
    await new Promise((r) => setTimeout(r, 700));
    const rows = await ledgerRows(bff, before);
    // No call after the stop settled; the whole count would have taken ~50 calls.
    expect(rows.length).toBe(atStop);
    expect(rows.length).toBeLessThan(40);
    expect(credits(rows.reduce((s, r) => s + r.credits_consumed, 0))).toBe(credits(key - balance()));
    // Nothing was remembered: counting again counts afresh, exactly.
    const n = matching(truth, body.filters as Filters).length;
    const again = await count(bff, body);
    expect(again.body.count).toBe(n);
    expect(again.body.credits_consumed).toBeGreaterThan(0);
  }, 120_000);
});

/**
 * An account list of the companies `uuids` and `outside` others not among `notIn` (the list's
 * companies); its id.
 */
async function accountListOf(
  on: RunningBff,
  uuids: readonly string[],
  outside: number,
  name: string,
  notIn: readonly TruthCompany[] = [],
) {
  const all = datasetCompanies(service);
  const byUuid = new Map(all.map((c) => [c.uuid, c]));
  const wanted = new Set([...uuids, ...notIn.map((c) => c.uuid)]);
  const picked = [
    ...uuids.map((u) => byUuid.get(u)!),
    ...all.filter((c) => !wanted.has(c.uuid)).slice(0, outside),
  ];
  return listOf(on, picked, name);
}

describe('POST /bff/lists/count leaving out account lists (decision 0035)', () => {
  it('leaves out account lists past 500 exactly: the list without them by slices, less their companies in it', async () => {
    const filters: Filters = { 'business_model.gtm_type': ['b2c'] };
    const list = matching(truth, filters);
    expect(list.length).toBeGreaterThan(2000);
    // Companies spread over the whole list (so over many slices), and a few not in it at all.
    const inCrm = list.filter((_, i) => i % 17 === 3).map((c) => c.uuid);
    const listId = await accountListOf(bff, inCrm, 12, 'In CRM (count)', list);
    const n = list.length - inCrm.length;
    const body = { filters, exclude_account_lists: [listId] };
    const before = await lastLedgerId(bff);
    const key = balance();
    const e = await estimate(bff, body);
    // The membership reading is priced first: 0.2 a company up to the row ceiling and 1.5 a slice.
    expect(e.credits_membership_max).toBeGreaterThan(0.2 * 25_000);
    expect(e.credits_max).toBeGreaterThan(e.credits_membership_max!);
    expect(e.credits_max).toBe(
      credits((await estimate(bff, { filters })).credits_max + e.credits_membership_max!),
    );
    const { status, body: answer } = await count(bff, body);
    expect(status).toBe(200);
    expect(answer).toMatchObject({ count: n, exact: true });
    expect(answer.credits_consumed).toBeLessThanOrEqual(e.credits_max);
    // The count's calls, and one read a slice of its members at 0.2 a company.
    expect(answer.credits_consumed).toBeLessThanOrEqual(
      bound(list.length) + 1.5 * answer.slices + 0.2 * list.length,
    );
    expect(answer.credits_consumed).toBeGreaterThanOrEqual(credits(0.2 * list.length));
    const rows = await ledgerRows(bff, before);
    expect(credits(rows.reduce((s, r) => s + r.credits_consumed, 0))).toBe(answer.credits_consumed);
    expect(credits(key - balance())).toBe(answer.credits_consumed);
    // Both lists left out: their union; another account list over the same list: the count again.
    const fewer = inCrm.filter((_, i) => i % 2 === 0);
    const otherId = await accountListOf(bff, fewer, 0, 'Customers (count)');
    const other = await count(bff, { filters, exclude_account_lists: [otherId] });
    expect(other.body.count).toBe(list.length - fewer.length);
    const both = await count(bff, { filters, exclude_account_lists: [listId, otherId] });
    expect(both.body.count).toBe(n);

    // With the team's company store on, a second count of the list (another account list left
    // out, so not the count remembered) reads its slices and members from the store: free.
    const stored = await startBff({
      upstream: embeddedUpstream(service, 'dev-enterprise-key'),
      cacheTtlMs: 0,
      storeMaxAgeMs: 3_600_000,
    });
    try {
      const first = await count(stored, {
        filters,
        exclude_account_lists: [await accountListOf(stored, inCrm, 0, 'A')],
      });
      expect(first.body.count).toBe(n);
      expect(first.body.credits_consumed).toBeGreaterThan(0);
      const second = await count(stored, {
        filters,
        exclude_account_lists: [await accountListOf(stored, fewer, 0, 'B')],
      });
      expect(second.body).toMatchObject({ count: list.length - fewer.length, credits_consumed: 0 });
    } finally {
      await stored.close();
    }
  }, 240_000);

  it('leaves out account lists from a list under 500, and from one of 500 or more that they bring under 500', async () => {
    const small: Filters = { 'location.hq.country': ['FRA'], 'business_model.offering_type': ['software'] };
    const few = matching(truth, small);
    expect(few.length).toBeLessThan(500);
    const hidden = few.filter((_, i) => i % 5 === 0).map((c) => c.uuid);
    const id = await accountListOf(bff, hidden, 3, 'Few (count)', few);
    const { body: a } = await count(bff, { filters: small, exclude_account_lists: [id] });
    expect(a).toMatchObject({ count: few.length - hidden.length, slices: 1 });
    // A list just past 500 of which enough are hidden to leave fewer than 500.
    const candidates: Filters[] = [
      { 'location.hq.country': ['DEU'] },
      { 'location.hq.country': ['GBR'] },
      { 'firmographic.company_type': ['public'] },
      { 'location.hq.country': ['FRA'] },
    ];
    const near = candidates.map((f) => ({ f, m: matching(truth, f) })).find((x) => x.m.length >= 500)!;
    expect(near).toBeDefined();
    const off = near.m.slice(0, near.m.length - 400).map((c) => c.uuid);
    const big = await accountListOf(bff, off, 0, 'Most (count)');
    const { status, body: b } = await count(bff, { filters: near.f, exclude_account_lists: [big] });
    expect(status).toBe(200);
    expect(b.count).toBe(400);
  }, 240_000);

  it('says slices done as it leaves out account lists past 500, and refuses what it cannot count exactly', async () => {
    const filters: Filters = { 'location.hq.region': ['150'] };
    const list = matching(truth, filters);
    const some = list.filter((_, i) => i % 29 === 1).map((c) => c.uuid);
    const id = await accountListOf(bff, some, 0, 'Europe (count)');
    const res = await bff.post(
      '/bff/lists/count',
      { filters, exclude_account_lists: [id] },
      { headers: { accept: 'application/x-ndjson' } },
    );
    expect(res.status).toBe(200);
    const got = (await res.text())
      .trim()
      .split('\n')
      .map((l) => ListCountStreamLine.parse(JSON.parse(l)));
    const progress = got.flatMap((l) => ('progress' in l ? [l.progress] : []));
    const last = got.at(-1)!;
    if (!('result' in last)) throw new Error(`expected the answer last, got ${JSON.stringify(last)}`);
    expect(last.result.count).toBe(list.length - some.length);
    expect(progress.length).toBe(last.result.slices);
    expect(progress.length).toBeGreaterThan(3);
    for (let i = 1; i < progress.length; i++) expect(progress[i]!.slices).toBe(progress[i - 1]!.slices + 1);
    expect(progress.at(-1)!.counted).toBe(list.length - some.length);

    // Company size past 500 with account lists left out: a 422 that says what to do instead.
    const sized = await bff.post('/bff/lists/count', {
      filters: { ...filters, 'firmographic.headcount_range': ['51-200'] },
      exclude_account_lists: [id],
    });
    expect(sized.status).toBe(422);
    const detail = ((await sized.json()) as { detail: string }).detail;
    expect(detail).toMatch(/without `exclude_account_lists`/);
    expect(detail).toMatch(/this one has company size \(`filters.firmographic.headcount_range`\)/);
    expect(detail).toMatch(/narrow its filters/);

    // An account list the user may not use: 400 naming it, nothing spent.
    const key = balance();
    const before = await lastLedgerId(bff);
    const bad = await bff.post('/bff/lists/count', { filters, exclude_account_lists: ['nope'] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: { path: string }[] }).errors[0]!.path).toBe(
      'exclude_account_lists.0',
    );
    expect(await ledgerRows(bff, before)).toEqual([]);
    expect(balance()).toBe(key);
  }, 240_000);
});

describe('POST /bff/lists/count leaving out account lists on a tight budget or Pay-as-you-go', () => {
  it('a budget that cannot cover reading a list whole is a 402 before anything is spent', async () => {
    // 30 credits a day: a count without account lists starts; with them, reading a list under 500
    // whole (up to 101.3 credits) is not covered.
    const filters: Filters = { 'location.hq.country': ['DEU'] };
    const id = await accountListOf(tight, [matching(truth, filters)[0]!.uuid], 0, 'Tight (count)');
    const body = { filters, exclude_account_lists: [id] };
    const e = (await (await tight.post('/bff/lists/count/estimate', body)).json()) as ListCountEstimate;
    expect(e.within_budget).toBe(false);
    expect(e.credits_first).toBeGreaterThan(e.budget_remaining!);
    const before = await lastLedgerId(tight);
    const key = balance();
    const res = await tight.post('/bff/lists/count', body);
    expect(res.status).toBe(402);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(((await res.json()) as { detail: string }).detail).toMatch(/Nothing was spent/);
    expect(await ledgerRows(tight, before)).toEqual([]);
    expect(balance()).toBe(key);
  });

  it('on Pay-as-you-go reads each slice 20 companies a call, still exact and within its estimate', async () => {
    const payg = await startBff({ upstream: embeddedUpstream(service, 'dev-payg-key'), cacheTtlMs: 0 });
    try {
      const filters: Filters = { 'location.hq.country': ['DEU'] };
      const list = matching(truth, filters);
      expect(list.length).toBeGreaterThan(500);
      const some = list.filter((_, i) => i % 11 === 5).map((c) => c.uuid);
      const id = await accountListOf(payg, some, 0, 'PAYG (count)');
      const body = { filters, exclude_account_lists: [id] };
      const e = (await (await payg.post('/bff/lists/count/estimate', body)).json()) as ListCountEstimate;
      const before = await lastLedgerId(payg);
      const { status, body: answer } = await count(payg, body);
      expect(status).toBe(200);
      expect(answer.count).toBe(list.length - some.length);
      expect(answer.credits_consumed).toBeLessThanOrEqual(e.credits_max);
      // At least a call per 20 companies of the list.
      expect(answer.credits_consumed).toBeGreaterThanOrEqual(credits(Math.ceil(list.length / 20) * 1.5));
      const rows = await ledgerRows(payg, before);
      expect(credits(rows.reduce((s, r) => s + r.credits_consumed, 0))).toBe(answer.credits_consumed);
    } finally {
      await payg.close();
    }
  }, 240_000);
});

describe('POST /bff/lists/count with its progress (accept: application/x-ndjson)', () => {
  const NDJSON = { accept: 'application/x-ndjson' };
  async function lines(on: RunningBff, body: unknown): Promise<ListCountStreamLine[]> {
    const res = await on.post('/bff/lists/count', body, { headers: NDJSON });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/x-ndjson');
    const text = await res.text();
    expect(text.endsWith('\n')).toBe(true);
    return text
      .trim()
      .split('\n')
      .map((l) => ListCountStreamLine.parse(JSON.parse(l)));
  }

  it('says slices done, companies and credits so far after each slice, then the answer the JSON gives', async () => {
    const filters: Filters = { 'location.hq.region': ['150'] };
    const n = matching(truth, filters).length;
    expect(n).toBeGreaterThan(2000);
    const before = await lastLedgerId(bff);
    const got = await lines(bff, { filters });
    const progress = got.flatMap((l) => ('progress' in l ? [l.progress] : []));
    const last = got.at(-1)!;
    if (!('result' in last)) throw new Error(`expected the answer last, got ${JSON.stringify(last)}`);
    expect(last.result).toMatchObject({ count: n, exact: true });
    // One line a slice, each further along than the one before, the last the whole count.
    expect(progress.length).toBe(last.result.slices);
    expect(progress.length).toBeGreaterThan(3);
    for (let i = 1; i < progress.length; i++) {
      expect(progress[i]!.slices).toBe(progress[i - 1]!.slices + 1);
      expect(progress[i]!.counted).toBeGreaterThanOrEqual(progress[i - 1]!.counted);
      expect(progress[i]!.credits).toBeGreaterThanOrEqual(progress[i - 1]!.credits);
    }
    expect(progress.at(-1)!.counted).toBe(n);
    expect(progress.at(-1)!.credits).toBe(last.result.credits_consumed);
    const spent = credits((await ledgerRows(bff, before)).reduce((s, r) => s + r.credits_consumed, 0));
    expect(spent).toBe(last.result.credits_consumed);
    // Counted a moment ago: the answer again at no cost, one line.
    expect(await lines(bff, { filters })).toEqual([{ result: { ...last.result, credits_consumed: 0 } }]);
  }, 120_000);

  it('a refusal mid-count is the last line, with its status; one before anything is spent stays a plain problem', async () => {
    // 30 credits a day, spent in part above: a list of ~4,800 stops with 402 part way.
    const big = { filters: { 'business_model.gtm_type': ['b2c'], 'firmographic.company_type': ['private'] } };
    expect(matching(truth, big.filters as Filters).length).toBeGreaterThan(2500);
    const got = await lines(tight, big);
    const last = got.at(-1)!;
    if (!('problem' in last)) throw new Error(`expected a refusal last, got ${JSON.stringify(last)}`);
    expect(last.problem.status).toBe(402);
    expect(last.problem.detail).toMatch(/credits were spent/);
    const res = await broke.post('/bff/lists/count', big, { headers: NDJSON });
    expect(res.status).toBe(402);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  }, 120_000);
});
