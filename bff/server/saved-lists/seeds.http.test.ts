/**
 * Saved lists with seeds (issue 16's "the list can be saved, with its seeds") over real HTTP: a BFF
 * in front of a real embedded service, on the Vitest project's store (SQLite, or PostgreSQL in the
 * `postgres` project). The seeds are checked and named when saved, returned, kept by a duplicate,
 * never members of a run, and on a plan with sections a run is ranked by similarity to them exactly
 * as `POST /bff/lookalikes` ranks, at the credits the ledger records and within the estimate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../contract/endpoints';
import type { Filters } from '../../contract/filters';
import type { LookalikeResponse } from '../../contract/lookalikes';
import { credits, enrichmentCost } from '../../contract/pricing';
import type { Problem } from '../../contract/problem';
import {
  estimateSavedListRun,
  type SavedList,
  type SavedListEstimate,
  type SavedListRun,
  type SavedListRunDetail,
  type SavedListRunsResponse,
  type SavedListsResponse,
} from '../../contract/saved-lists';
import type { Service } from '../../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { lastLedgerId, ledgerRows } from '../../testing/list-pages';
import { loadTruth, matching, type TruthCompany } from '../../testing/list-truth';
import { embeddedUpstream, type Upstream } from '../upstream/upstream';

let service: Service;
let truth: TruthCompany[];
let enterprise: RunningBff;
let payg: RunningBff;
/** Two companies of the data set's largest industry and one outside the list's industries: the seeds. */
let seeds: TruthCompany[];
/** The data set's 8 largest industries (about 50 companies): the list's filter. */
let industries: string[];
/** Companies the staged upstream hides, as if the service no longer had them. */
const hidden = new Set<string>();

const primary = (c: TruthCompany) => c.sections.industry.industry[0]?.code ?? '';

/** The embedded service, with the companies of `hidden` gone from list pages and company searches. */
function withHidden(real: Upstream): Upstream {
  return {
    ...real,
    send: async (call) => {
      const answer = await real.send(call);
      const path = call.pathAndQuery;
      if (hidden.size === 0 || answer.status !== 200) return answer;
      if (!path.startsWith('/api/v1/list/generate/') && !path.startsWith('/api/v1/company/search'))
        return answer;
      const body = JSON.parse(answer.text) as { data: { uuid: string }[]; count?: number };
      body.data = body.data.filter((c) => !hidden.has(c.uuid));
      if (body.count !== undefined) body.count = body.data.length;
      return { ...answer, text: JSON.stringify(body) };
    },
  };
}

/** The list request of those industries, in relevance order (as the lookalikes read lists). */
const request = () => ({
  filters: { 'industry.industry': industries },
  sort_by: 'relevance',
  sort_order: 'desc',
  limit: 25,
});

async function ok<T>(res: Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text).toBe(status);
  return (text ? JSON.parse(text) : undefined) as T;
}

const create = (bff: RunningBff, body: Record<string, unknown>) =>
  ok<SavedList>(bff.post(pathOf('bff.savedLists.create'), body), 201);
const run = (bff: RunningBff, id: string) => ok<SavedListRun>(bff.post(`/bff/lists/${id}/runs`, {}), 201);
const listsOf = async (bff: RunningBff) =>
  (await ok<SavedListsResponse>(bff.call(pathOf('bff.savedLists')))).data;

beforeAll(async () => {
  service = await startEmbedded(800, { seed: 17 });
  truth = loadTruth(service);
  const counts = new Map<string, number>();
  for (const c of truth) counts.set(primary(c), (counts.get(primary(c)) ?? 0) + 1);
  industries = [...counts.entries()]
    .filter(([code]) => code !== '')
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 8)
    .map(([code]) => code);
  const inList = matching(truth, { 'industry.industry': industries } as Filters);
  expect(inList.length).toBeGreaterThan(30);
  expect(inList.length).toBeLessThanOrEqual(100);
  const top = inList.filter((c) => primary(c) === industries[0]);
  const outlier = truth.find((c) => primary(c) !== '' && !inList.includes(c))!;
  seeds = [top[1]!, top[4]!, outlier];
  [enterprise, payg] = await Promise.all([
    startBff({ upstream: withHidden(embeddedUpstream(service, 'dev-enterprise-key')) }),
    startBff({ upstream: withHidden(embeddedUpstream(service, 'dev-payg-key')) }),
  ]);
});

afterAll(async () => {
  await Promise.all([enterprise?.close(), payg?.close()]);
  service?.close();
});

describe('saving a list with its seeds', () => {
  it('names the seeds, returns them, keeps them in a duplicate, and changes or clears them', async () => {
    const ids = seeds.map((s) => s.uuid);
    const list = await create(enterprise, { name: 'Like three', request: request(), seeds: ids });
    expect(list.seeds).toEqual(ids);
    expect(list.seed_companies?.map((s) => s.uuid)).toEqual(ids);
    for (const [i, s] of (list.seed_companies ?? []).entries()) {
      expect(s.name).toBe(seeds[i]!.sections.firmographic.name);
      expect(s.website).toBeTruthy();
    }
    expect(await ok<SavedList>(enterprise.call(`/bff/lists/${list.id}`))).toEqual(list);
    expect((await listsOf(enterprise)).find((l) => l.id === list.id)).toEqual(list);

    // Duplicate (what the app's Duplicate sends): the copy has the same seeds.
    const copy = await create(enterprise, {
      name: `${list.name} (copy)`,
      request: list.request,
      columns: list.columns,
      seeds: list.seeds,
    });
    expect(copy.id).not.toBe(list.id);
    expect(copy.seeds).toEqual(list.seeds);
    expect(copy.seed_companies).toEqual(list.seed_companies);

    // A list without seeds says null; PATCH changes or clears them.
    const plain = await create(enterprise, { name: 'Plain', request: request() });
    expect(plain).toMatchObject({ seeds: null, seed_companies: null });
    const changed = await ok<SavedList>(
      enterprise.call(`/bff/lists/${copy.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ seeds: [ids[1]] }),
      }),
    );
    expect(changed.seeds).toEqual([ids[1]]);
    expect(changed.seed_companies).toEqual([list.seed_companies![1]]);
    const cleared = await ok<SavedList>(
      enterprise.call(`/bff/lists/${copy.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ seeds: null }),
      }),
    );
    expect(cleared).toMatchObject({ seeds: null, seed_companies: null, request: list.request });
  });

  it('refuses invalid seeds with 400 naming each, and saves nothing', async () => {
    const before = (await listsOf(enterprise)).length;
    const id = seeds[0]!.uuid;
    const cases: [unknown, string[]][] = [
      [[], ['seeds']],
      [Array.from({ length: 21 }, (_, i) => `${id}-${i}`), ['seeds']],
      [[id, 'acme.com'], ['seeds.1']],
      [
        [id, '', id],
        ['seeds.1', 'seeds.2'],
      ],
      ['not-a-list', ['seeds']],
      [[id, 42], ['seeds.1']],
      [
        [id, '000000-no-such-company', 'zz-nobody'],
        ['seeds.1', 'seeds.2'],
      ],
    ];
    for (const [value, paths] of cases) {
      const res = await enterprise.post(pathOf('bff.savedLists.create'), {
        name: 'Bad seeds',
        request: request(),
        seeds: value,
      });
      const body = (await res.json()) as Problem;
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(body.errors?.map((e) => e.path).sort(), JSON.stringify(body)).toEqual(paths);
    }
    // Unknown seeds are named as such.
    const res = await enterprise.post(pathOf('bff.savedLists.create'), {
      name: 'Bad seeds',
      request: request(),
      seeds: ['000000-no-such-company'],
    });
    expect(((await res.json()) as Problem).errors?.[0]?.message).toBe(
      'no company found with the id "000000-no-such-company"',
    );
    expect((await listsOf(enterprise)).length).toBe(before);

    // PATCH likewise, and the list is unchanged.
    const list = await create(enterprise, { name: 'Keeps its seeds', request: request(), seeds: [id] });
    const patch = await enterprise.call(`/bff/lists/${list.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seeds: ['000000-no-such-company'] }),
    });
    expect(patch.status).toBe(400);
    expect(((await patch.json()) as Problem).errors?.map((e) => e.path)).toEqual(['seeds.0']);
    expect(await ok<SavedList>(enterprise.call(`/bff/lists/${list.id}`))).toEqual(list);
  });
});

describe('running a list with seeds', () => {
  it('on Enterprise: no seed is a member, the members ranked as POST /bff/lookalikes ranks them, at the ledger’s credits', async () => {
    const ids = seeds.map((s) => s.uuid);
    const list = await create(enterprise, { name: 'Ranked', request: request(), seeds: ids });
    const plain = await create(enterprise, { name: 'Unranked', request: request() });

    // The estimate adds the score's sections per company and the seeds' profiles.
    const estimate = await ok<SavedListEstimate>(enterprise.call(`/bff/lists/${list.id}/estimate`));
    expect(estimate.credits).toBe(estimateSavedListRun(list.request!, 'enterprise', 3).credits);
    expect(estimate.parts.at(-1)?.credits).toBe(
      credits(
        3 *
          enrichmentCost([
            'industry',
            'firmographic',
            'business_model',
            'customer_profile',
            'financial_estimate',
            'funding_detail',
            'location',
            'technology',
          ]),
      ),
    );
    const plainEstimate = await ok<SavedListEstimate>(enterprise.call(`/bff/lists/${plain.id}/estimate`));
    expect(plainEstimate.credits).toBe(estimateSavedListRun(plain.request!, 'enterprise').credits);
    expect(estimate.credits).toBeGreaterThan(plainEstimate.credits);

    const plainRun = await run(enterprise, plain.id);
    expect(plainRun.ranking).toBeNull();
    expect(plainRun.scores).toBeNull();
    // The two in-industry seeds are in the plain list; a ranked run leaves them out.
    expect(plainRun.added).toEqual(expect.arrayContaining(ids.slice(0, 2)));

    const from = await lastLedgerId(enterprise);
    const first = await run(enterprise, list.id);
    const rows = await ledgerRows(enterprise, from);
    expect(first.credits_consumed).toBe(credits(rows.reduce((s, r) => s + r.credits_consumed, 0)));
    expect(first.credits_consumed).toBeLessThanOrEqual(estimate.credits);
    // One page with sections, and the outlier's search (free) and enrichment: the two seeds the
    // page held were read from their rows.
    expect(rows.map((r) => r.endpoint).sort()).toEqual(
      ['/api/v1/company/enrichment', '/api/v1/company/search', '/api/v1/list/generate/companies'].sort(),
    );

    expect(first.ranking).toBe('similarity');
    expect(first.ranking_note).toBeNull();
    for (const s of ids) expect(first.added).not.toContain(s);
    expect(first.size).toBe(plainRun.size - 2);
    expect(new Set(first.added)).toEqual(new Set(plainRun.added.filter((u) => !ids.includes(u))));
    const detail = await ok<SavedListRunDetail>(enterprise.call(`/bff/lists/${list.id}/runs/${first.id}`));
    for (const s of ids) expect(detail.members).not.toContain(s);
    expect(Object.keys(detail.scores ?? {}).sort()).toEqual([...detail.members].sort());
    const scores = detail.members.map((u) => detail.scores![u]!.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    for (const u of detail.members) {
      const s = detail.scores![u]!;
      expect(s.score).toBeGreaterThanOrEqual(0);
      expect(s.score).toBeLessThanOrEqual(1);
      expect(s.reasons.length).toBeGreaterThan(0);
      expect(s.cells['industry.primary']).toBeTruthy();
    }

    // The same ranking as the lookalikes of these seeds read with the list's filters.
    expect(detail.members.length).toBeLessThanOrEqual(100);
    const res = await enterprise.post(pathOf('bff.lookalikes'), {
      seeds: ids,
      filters: list.request!.filters,
      derive_filters: false,
      limit: 100,
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as LookalikeResponse;
    expect(answer.data.map((r) => r.uuid)).toEqual(detail.members);
    expect(answer.data.map((r) => r.score)).toEqual(detail.members.map((u) => detail.scores![u]!.score));
    expect(answer.data.map((r) => r.reasons)).toEqual(detail.members.map((u) => detail.scores![u]!.reasons));

    // The history says how each run was ordered.
    const history = await ok<SavedListRunsResponse>(enterprise.call(`/bff/lists/${list.id}/runs`));
    expect(history.data[0]).toMatchObject({ id: first.id, ranking: 'similarity' });
  });

  it('ranks by the seeds still found, and says so; with none found, keeps the list’s order', async () => {
    const ids = seeds.map((s) => s.uuid);
    const list = await create(enterprise, { name: 'Seeds gone', request: request(), seeds: ids });
    hidden.add(ids[2]!);
    try {
      const some = await run(enterprise, list.id);
      expect(some.ranking).toBe('similarity');
      expect(some.ranking_note).toBe(
        `Ranked by 2 of its 3 seeds: no company search finds ${list.seed_companies![2]!.name} any longer.`,
      );
      for (const s of ids) hidden.add(s);
      const none = await run(enterprise, list.id);
      expect(none.ranking).toBe('filters');
      expect(none.scores).toBeNull();
      expect(none.ranking_note).toMatch(/^No company search finds any of this list’s seeds any longer/);
    } finally {
      hidden.clear();
    }
  });

  it('on Pay-as-you-go: the list’s order without the seeds, and a note; no extra credits', async () => {
    const ids = seeds.map((s) => s.uuid);
    const list = await create(payg, { name: 'Unranked seeds', request: request(), seeds: ids });
    const plain = await create(payg, { name: 'No seeds', request: request() });
    const estimate = await ok<SavedListEstimate>(payg.call(`/bff/lists/${list.id}/estimate`));
    expect(estimate.credits).toBe(estimateSavedListRun(plain.request!, 'payg').credits);

    const plainRun = await run(payg, plain.id);
    const from = await lastLedgerId(payg);
    const first = await run(payg, list.id);
    const rows = await ledgerRows(payg, from);
    expect(first.credits_consumed).toBe(credits(rows.reduce((s, r) => s + r.credits_consumed, 0)));
    expect(rows.every((r) => r.endpoint === '/api/v1/list/generate/companies')).toBe(true);
    expect(first.ranking).toBe('filters');
    expect(first.ranking_note).toMatch(/^Ranking by similarity to the seeds needs a plan with sections/);
    expect(first.scores).toBeNull();
    expect(first.added).toEqual(plainRun.added.filter((u) => !ids.includes(u)));
  });
});
