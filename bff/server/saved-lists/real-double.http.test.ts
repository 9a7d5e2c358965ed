/**
 * Saved lists in remote mode on the real-service double (bff/testing/real-service-double.ts): list
 * pages in the real service's envelope, company search by `query` only (an id looked up that way).
 * A run, a narrowed run with its reasons, credits as the ledger has them: the same code path as on
 * the embedded service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestOf } from '../../contract/endpoints';
import type { SavedList, SavedListRun } from '../../contract/saved-lists';
import type { Service } from '../../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { spentToday } from '../../testing/list-pages';
import { type RealServiceDouble, startRealServiceDouble } from '../../testing/real-service-double';
import { remoteUpstream, type Upstream } from '../upstream/upstream';

let service: Service;
let double: RealServiceDouble;
let upstream: Upstream;
let bff: RunningBff;

beforeAll(async () => {
  service = await startEmbedded(400, { seed: 17 });
  double = await startRealServiceDouble(service);
  upstream = remoteUpstream(double.url, 'dev-enterprise-key', 'enterprise');
  bff = await startBff({ upstream, savedLists: { scheduler: false } });
});

afterAll(async () => {
  await bff?.close();
  upstream?.close();
  await double?.close();
  service?.close();
});

async function call<T>(id: Parameters<typeof requestOf>[0], input: unknown, status: number): Promise<T> {
  const req = requestOf(id, input);
  const res = await bff.call(req.url, {
    method: req.method,
    ...(req.body !== undefined ? { headers: { 'content-type': 'application/json' }, body: req.body } : {}),
  });
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return (text ? JSON.parse(text) : undefined) as T;
}

describe('saved lists on the real-service double', () => {
  it('runs a list, and tells why companies left a narrowed one, at the ledger’s credits', async () => {
    const list = await call<SavedList>(
      'bff.savedLists.create',
      { name: 'Remote', request: { filters: { 'firmographic.company_type': ['private', 'public'] } } },
      201,
    );
    const before = await spentToday(bff);
    const first = await call<SavedListRun>('bff.savedList.run', { id: list.id }, 201);
    expect(first.size).toBe(400);
    expect(first.added).toHaveLength(400);
    expect(Object.keys(first.companies)).toHaveLength(400);
    expect(await spentToday(bff)).toBeCloseTo(before + first.credits_consumed, 4);
    await call('bff.savedList.seen', { id: list.id }, 204);

    await call(
      'bff.savedList.update',
      { id: list.id, request: { filters: { 'firmographic.company_type': ['public'] } } },
      200,
    );
    const narrowed = await call<SavedListRun>('bff.savedList.run', { id: list.id }, 201);
    expect(narrowed.removed.length).toBe(400 - narrowed.size);
    expect(narrowed.removed.length).toBeGreaterThan(0);
    for (const r of narrowed.removed) {
      expect(r.reason).toBe('no_longer_matching');
      expect(narrowed.companies[r.uuid]).toEqual(first.companies[r.uuid]);
    }
  });

  it('saves a list with seeds found by id, and ranks its run without them, at the ledger’s credits', async () => {
    const page = await call<{ data: { uuid: string }[] }>(
      'list.generate',
      { filters: { 'firmographic.company_type': ['public'] }, limit: 3 },
      200,
    );
    const seeds = page.data.map((c) => c.uuid);
    const list = await call<SavedList>(
      'bff.savedLists.create',
      { name: 'Remote lookalikes', request: { filters: { 'firmographic.company_type': ['public'] } }, seeds },
      201,
    );
    expect(list.seeds).toEqual(seeds);
    expect(list.seed_companies?.every((s) => s.name !== '')).toBe(true);
    const before = await spentToday(bff);
    const ranked = await call<SavedListRun>('bff.savedList.run', { id: list.id }, 201);
    expect(await spentToday(bff)).toBeCloseTo(before + ranked.credits_consumed, 4);
    expect(ranked.ranking).toBe('similarity');
    expect(ranked.size).toBeGreaterThan(0);
    for (const s of seeds) expect(ranked.added).not.toContain(s);
    expect(Object.keys(ranked.scores ?? {})).toHaveLength(ranked.size);
  });
});
