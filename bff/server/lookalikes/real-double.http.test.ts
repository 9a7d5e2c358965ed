/**
 * `POST /bff/lookalikes` in remote mode on the real-service double (bff/testing/real-service-double.ts):
 * company search by `query` only, enrichment and list generation in the real service's envelopes
 * (no `filters` echo, no warnings), 204 for a search that finds nothing. The same code path as on
 * the embedded service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../contract/endpoints';
import type { LookalikeResponse } from '../../contract/lookalikes';
import type { Problem } from '../../contract/problem';
import type { Service } from '../../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { spentToday } from '../../testing/list-pages';
import { loadTruth, type TruthCompany } from '../../testing/list-truth';
import { type RealServiceDouble, startRealServiceDouble } from '../../testing/real-service-double';
import { remoteUpstream, type Upstream } from '../upstream/upstream';

const PATH = pathOf('bff.lookalikes');

let service: Service;
let truth: TruthCompany[];
let double: RealServiceDouble;
let upstream: Upstream;
let bff: RunningBff;

beforeAll(async () => {
  service = await startEmbedded(2000, { seed: 11 });
  truth = loadTruth(service);
  double = await startRealServiceDouble(service);
  upstream = remoteUpstream(double.url, 'dev-enterprise-key', 'enterprise');
  bff = await startBff({ upstream });
});

afterAll(async () => {
  await bff?.close();
  upstream?.close();
  await double?.close();
  service?.close();
});

describe('lookalikes on the real-service double', () => {
  it('resolves seeds by id and website, and answers ranked lookalikes without them', async () => {
    const industry = truth[0]!.sections.industry.industry[0]!.code;
    const [a, b] = truth.filter((c) => c.sections.industry.industry[0]?.code === industry);
    const website = a!.sections.firmographic.website;
    const res = await bff.post(PATH, { seeds: [website, b?.uuid ?? a!.uuid], limit: 20 });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const answer = JSON.parse(text) as LookalikeResponse;
    const seedIds = [...new Set([a!.uuid, b?.uuid ?? a!.uuid])];
    expect(answer.seeds).toEqual(seedIds);
    expect(answer.data).toHaveLength(20);
    const uuids = answer.data.map((r) => r.uuid);
    expect(new Set(uuids).size).toBe(20);
    for (const s of seedIds) expect(uuids).not.toContain(s);
    expect(answer.ranking).toBe('similarity');
    expect(answer.data.every((r) => r.score !== null && r.reasons.length > 0)).toBe(true);
    expect(answer.credits_consumed).toBeGreaterThan(0);
    expect(await spentToday(bff)).toBeCloseTo(answer.credits_consumed, 4);
    // What the double received: only the real service's spellings (search by `query` alone).
    const searches = double.received.filter((r) => r.path.startsWith('/api/v1/company/search'));
    expect(searches.length).toBeGreaterThan(0);
    for (const s of searches) expect(new URL(s.path, 'http://x').searchParams.has('query')).toBe(true);
  });

  it('names an unknown seed in a 400 (the real search answers 204)', async () => {
    const res = await bff.post(PATH, { seeds: ['nothing-here.example.com'] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Problem).errors).toEqual([
      { path: 'seeds.0', message: 'no company found for "nothing-here.example.com"' },
    ]);
  });
});
