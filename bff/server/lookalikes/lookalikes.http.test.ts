/**
 * `POST /bff/lookalikes` over real HTTP: a BFF in front of a real embedded service (2,000
 * companies), its answers read against the truth in the service's database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../contract/endpoints';
import type { Filters } from '../../contract/filters';
import { HEADCOUNT_KEY } from '../../contract/list-rules';
import { estimateLookalikeCost, type LookalikeResponse } from '../../contract/lookalikes';
import type { Problem } from '../../contract/problem';
import type { Service } from '../../embedded/service';
import { accepted, csvOf, finished, upload } from '../../testing/accounts';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { lastLedgerId, ledgerRows, spentToday } from '../../testing/list-pages';
import { loadTruth, matching, type TruthCompany } from '../../testing/list-truth';
import { embeddedUpstream } from '../upstream/upstream';

const PATH = pathOf('bff.lookalikes');

let service: Service;
let truth: TruthCompany[];
let byUuid: Map<string, TruthCompany>;
let enterprise: RunningBff;
let payg: RunningBff;
/** Three companies of the data set's largest industry, and its code. */
let seeds: TruthCompany[];
let industry: string;

const primary = (c: TruthCompany) => c.sections.industry.industry[0]?.code;

beforeAll(async () => {
  service = await startEmbedded(2000, { seed: 11 });
  truth = loadTruth(service);
  byUuid = new Map(truth.map((c) => [c.uuid, c]));
  const counts = new Map<string, number>();
  for (const c of truth) counts.set(primary(c) ?? '', (counts.get(primary(c) ?? '') ?? 0) + 1);
  industry = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  seeds = truth.filter((c) => primary(c) === industry).slice(0, 3);
  [enterprise, payg] = await Promise.all([
    startBff({ upstream: embeddedUpstream(service, 'dev-enterprise-key') }),
    startBff({ upstream: embeddedUpstream(service, 'dev-payg-key') }),
  ]);
});

afterAll(async () => {
  await Promise.all([enterprise?.close(), payg?.close()]);
  service?.close();
});

async function lookalikes(bff: RunningBff, body: unknown): Promise<LookalikeResponse> {
  const res = await bff.post(PATH, body);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as LookalikeResponse;
}

/** The companies a lookalike answer's filters select, as the truth has them. */
function selected(filters: Record<string, unknown>): Set<string> {
  const { [HEADCOUNT_KEY]: bands, ...service } = filters;
  return new Set(
    matching(truth, service as Filters)
      .filter((c) => !Array.isArray(bands) || (c.band !== null && bands.includes(c.band)))
      .map((c) => c.uuid),
  );
}

function expectWellFormed(answer: LookalikeResponse, seedIds: readonly string[], limit: number) {
  const uuids = answer.data.map((r) => r.uuid);
  expect(new Set(uuids).size, 'no company twice').toBe(uuids.length);
  for (const s of seedIds) expect(uuids, 'seeds never come back').not.toContain(s);
  expect(answer.seeds).toEqual(seedIds);
  expect(answer.data.length).toBeLessThanOrEqual(limit);
  // Every row is a company the answer's filters select: they are the filters it was read with.
  const inFilters = selected(answer.filters);
  for (const u of uuids)
    expect(inFilters.has(u), `${u} matches ${JSON.stringify(answer.filters)}`).toBe(true);
  for (const row of answer.data) expect(row.reasons.length).toBeGreaterThan(0);
}

describe('POST /bff/lookalikes: seeds, hidden lists and refusals', () => {
  it('answers the companies most like the seeds: ranked, with reasons, without the seeds, each once', async () => {
    const ids = seeds.map((s) => s.uuid);
    const answer = await lookalikes(enterprise, { seeds: ids });
    expectWellFormed(answer, ids, 25);
    expect(answer.data).toHaveLength(25);
    expect(answer.ranking).toBe('similarity');
    expect(answer.seed_companies.map((s) => s.uuid)).toEqual(ids);
    const scores = answer.data.map((r) => r.score ?? -1);
    for (const s of scores) expect(s).toBeGreaterThanOrEqual(0);
    for (const s of scores) expect(s).toBeLessThanOrEqual(1);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    // The filters are derived from the seeds, industry first, as list generation takes them.
    expect(answer.filters['industry.industry']).toContain(industry);
    const list = await enterprise.post(pathOf('list.generate'), { filters: answer.filters, limit: 5 });
    expect(list.status).toBe(200);
    // The best matches share the seeds' industry, and say so.
    const top = answer.data.slice(0, 10);
    expect(top.filter((r) => primary(byUuid.get(r.uuid)!) === industry).length).toBeGreaterThanOrEqual(8);
    expect(top[0]!.reasons.some((r) => r.startsWith('same industry'))).toBe(true);
    // Rows carry the sections the grid shows.
    expect(answer.data[0]!.firmographic?.headcount_range).toBeTruthy();
    expect(answer.data[0]!.location?.hq.country.code).toBeTruthy();
  });

  it('resolves websites and ids alike; a seed given twice counts once', async () => {
    const [a, b] = seeds;
    const website = a!.sections.firmographic.website.replace(/^https?:\/\/(www\.)?/, '').toUpperCase();
    const answer = await lookalikes(enterprise, { seeds: [a!.uuid, website, b!.uuid], limit: 10 });
    expect(answer.seeds).toEqual([a!.uuid, b!.uuid]);
    expectWellFormed(answer, [a!.uuid, b!.uuid], 10);
    expect(answer.data).toHaveLength(10);
  });

  it('names every unknown seed in one 400, and spends nothing', async () => {
    const before = await spentToday(enterprise);
    const from = await lastLedgerId(enterprise);
    const res = await enterprise.post(PATH, {
      seeds: [seeds[0]!.uuid, '000000-no-such-company', 'acme.invalid'],
    });
    expect(res.status).toBe(400);
    const problem = (await res.json()) as Problem;
    expect(problem.errors).toEqual([
      { path: 'seeds.1', message: 'no company found for "000000-no-such-company"' },
      { path: 'seeds.2', message: 'no company found for "acme.invalid"' },
    ]);
    expect(await spentToday(enterprise)).toBe(before);
    expect((await ledgerRows(enterprise, from)).every((r) => r.credits_consumed === 0)).toBe(true);
  });

  it('never answers the companies of hidden account lists, and still answers `limit` rows', async () => {
    const ids = seeds.map((s) => s.uuid);
    const first = await lookalikes(enterprise, { seeds: ids, limit: 10 });
    expect(first.data).toHaveLength(10);
    // The best five of the first answer go into an account list ("already customers").
    const inCrm = first.data.slice(0, 5);
    const acc = await accepted(
      await upload(
        enterprise,
        csvOf([['Company name', 'Website'], ...inCrm.map((c) => [c.name, c.website])]),
        {
          name: 'Customers',
        },
      ),
    );
    expect((await finished(enterprise, acc.id)).matched).toBe(5);
    const answer = await lookalikes(enterprise, {
      seeds: ids,
      limit: 10,
      exclude_account_lists: [acc.account_list_id],
    });
    expectWellFormed(answer, ids, 10);
    expect(answer.data, 'pages kept full: more candidates read').toHaveLength(10);
    const uuids = answer.data.map((r) => r.uuid);
    for (const c of inCrm) expect(uuids, `${c.name} is hidden`).not.toContain(c.uuid);
    expect(answer.exclude_account_lists).toEqual([acc.account_list_id]);
  });

  it('refuses an account list the user cannot use: a 400 naming it, nothing spent', async () => {
    const before = await spentToday(enterprise);
    const unknown = '1b6b1f52-3f0e-4c57-9a51-4d3f0f0a7e11';
    const res = await enterprise.post(PATH, {
      seeds: [seeds[0]!.uuid],
      exclude_account_lists: [unknown],
    });
    expect(res.status).toBe(400);
    const problem = (await res.json()) as Problem;
    expect(problem.errors).toEqual([
      { path: 'exclude_account_lists.0', message: `no account list "${unknown}" (or not shared with you)` },
    ]);
    expect(await spentToday(enterprise)).toBe(before);
  });

  it('refuses no seeds, more than 20 and a limit out of range, naming each field at once', async () => {
    const none = await enterprise.post(PATH, { seeds: [], limit: 0 });
    expect(none.status).toBe(400);
    expect(((await none.json()) as Problem).errors?.map((e) => e.path).sort()).toEqual(['limit', 'seeds']);
    const many = await enterprise.post(PATH, { seeds: truth.slice(0, 21).map((c) => c.uuid) });
    expect(many.status).toBe(400);
    expect(((await many.json()) as Problem).errors?.[0]).toMatchObject({ path: 'seeds' });
    const big = await enterprise.post(PATH, { seeds: [seeds[0]!.uuid], limit: 101 });
    expect(((await big.json()) as Problem).errors).toEqual([
      { path: 'limit', message: 'limit must be at most 100' },
    ]);
    const unknown = await enterprise.post(PATH, { seeds: [seeds[0]!.uuid], mark_account_lists: ['x'] });
    expect(((await unknown.json()) as Problem).errors?.[0]?.path).toBe('mark_account_lists');
  });
});

describe('POST /bff/lookalikes: budget, widening and plans', () => {
  it('answers 402 before anything is spent when the budget left cannot cover the estimate, and keeps within it', async () => {
    const estimate = estimateLookalikeCost(
      { seeds: 3, limit: 25, derive_filters: true },
      'enterprise',
    ).credits;
    const short = await startBff({
      upstream: embeddedUpstream(service, 'dev-enterprise-key'),
      dailyBudget: estimate - 1,
    });
    const enough = await startBff({
      upstream: embeddedUpstream(service, 'dev-enterprise-key'),
      dailyBudget: estimate,
    });
    try {
      const res = await short.post(PATH, { seeds: seeds.map((s) => s.uuid) });
      expect(res.status).toBe(402);
      expect(((await res.json()) as Problem).detail).toContain(`up to ${estimate} credits`);
      expect(await spentToday(short)).toBe(0);

      const answer = await lookalikes(enough, { seeds: seeds.map((s) => s.uuid) });
      expect(answer.credits_consumed).toBeGreaterThan(0);
      expect(answer.credits_consumed).toBeLessThanOrEqual(estimate);
      // Every upstream call is in the ledger, and the answer's credits are their sum.
      expect(await spentToday(enough)).toBeCloseTo(answer.credits_consumed, 4);
      const endpoints = new Set((await ledgerRows(enough, 0)).map((r) => r.endpoint));
      expect([...endpoints].sort()).toEqual([
        pathOf('company.enrichment'),
        pathOf('company.search'),
        pathOf('list.generate'),
      ]);
    } finally {
      await Promise.all([short.close(), enough.close()]);
    }
  });

  it('answers 402 too when the team’s monthly cap left cannot cover the estimate', async () => {
    const estimate = estimateLookalikeCost(
      { seeds: 3, limit: 25, derive_filters: true },
      'enterprise',
    ).credits;
    const capped = await startBff({ upstream: embeddedUpstream(service, 'dev-enterprise-key') });
    try {
      // Local mode: the one user is an admin, who sets the cap.
      const set = await capped.call(pathOf('bff.admin.updateTeam'), {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ monthly_cap: Math.floor(estimate / 2) }),
      });
      expect(set.status).toBe(200);
      const res = await capped.post(PATH, { seeds: seeds.map((s) => s.uuid) });
      expect(res.status).toBe(402);
      expect(await spentToday(capped)).toBe(0);
    } finally {
      await capped.close();
    }
  });

  it('answers `limit` rows whenever that many companies exist, widening the filters to find them', async () => {
    const loner = truth.find(
      (c) => matching(truth, { 'industry.industry': [primary(c)!] } as Filters).length < 10,
    )!;
    const before = await spentToday(enterprise);
    const answer = await lookalikes(enterprise, { seeds: [loner.uuid], limit: 100 });
    expect(await spentToday(enterprise)).toBeCloseTo(before + answer.credits_consumed, 4);
    expectWellFormed(answer, [loner.uuid], 100);
    expect(answer.data).toHaveLength(100);
    expect(answer.warnings.map((w) => w.code)).toContain('lookalikes_widened');
  });

  it('narrows to the filters the user adds: a country, or a size that replaces the seeds’ sizes', async () => {
    const ids = seeds.map((s) => s.uuid);
    const country = seeds[0]!.sections.location.hq.country.code;
    const inCountry = await lookalikes(enterprise, {
      seeds: ids,
      filters: { 'location.hq.country': [country] },
    });
    expectWellFormed(inCountry, ids, 25);
    expect(inCountry.data.length).toBeGreaterThan(0);
    expect(inCountry.filters['location.hq.country']).toEqual([country]);
    for (const row of inCountry.data) expect(row.location?.hq.country.code).toBe(country);

    const small = await lookalikes(enterprise, { seeds: ids, filters: { [HEADCOUNT_KEY]: ['1-10'] } });
    expectWellFormed(small, ids, 25);
    expect(small.filters[HEADCOUNT_KEY]).toEqual(['1-10']);
    for (const row of small.data) expect(row.firmographic?.headcount_range).toBe('1-10');
  });

  it('with derive_filters false reads the filters as given (widened or narrowed by the user), still ranked by the seeds', async () => {
    const ids = seeds.map((s) => s.uuid);
    const filters = { 'business_model.offering_type': ['software'], 'location.hq.region': ['150'] };
    const answer = await lookalikes(enterprise, { seeds: ids, filters, derive_filters: false, limit: 15 });
    expect(answer.filters).toEqual(filters);
    expectWellFormed(answer, ids, 15);
    expect(answer.data).toHaveLength(15);
    expect(answer.warnings.map((w) => w.code)).not.toContain('lookalikes_widened');
  });

  it('on Pay-as-you-go works from filters alone and says ranking by similarity needs a plan with sections', async () => {
    const ids = seeds.map((s) => s.uuid);
    const answer = await lookalikes(payg, { seeds: ids, limit: 30 });
    expectWellFormed(answer, ids, 30);
    expect(answer.data).toHaveLength(30);
    expect(answer.ranking).toBe('filters');
    for (const row of answer.data) expect(row.score).toBeNull();
    const warning = answer.warnings.find((w) => w.code === 'ranking_needs_sections');
    expect(warning?.message).toContain('needs a plan with sections');
    expect(answer.data[0]!.reasons.some((r) => r.includes('industr'))).toBe(true);
    expect(answer.credits_consumed).toBeLessThanOrEqual(
      estimateLookalikeCost({ seeds: 3, limit: 30, derive_filters: true }, 'payg').credits,
    );
  });
});
