/**
 * `GET /bff/industries` over real HTTP: on the embedded service, the service's own taxonomy (every
 * sector with the code and name industry search gives it at level l1, every industry with the code
 * and name it gives at level l4, as the service answers through the BFF's proxy); an upstream with
 * another taxonomy has its own served; on a remote upstream (the real service's double), the copy
 * the BFF ships, said so; an ETag answered with 304.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndustryMatch } from '../../contract/api';
import { INDUSTRY_TREE, type IndustryTreeResponse } from '../../contract/industry-tree';
import { INDUSTRIES, INDUSTRY_SECTORS } from '../../embedded/dataset/taxonomy';
import type { Service } from '../../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { type RealServiceDouble, startRealServiceDouble } from '../../testing/real-service-double';
import { embeddedUpstream, remoteUpstream, type Upstream } from '../upstream/upstream';

let service: Service;
let double: RealServiceDouble;
let remote: Upstream;
let bff: RunningBff;
let other: RunningBff;
let viaDouble: RunningBff;

const OTHER_TAXONOMY = [
  {
    code: 'S1',
    name: 'Shipping',
    industries: [
      { code: 'S1-A', name: 'Ocean freight' },
      { code: 'S1-B', name: 'Ports' },
    ],
  },
];

beforeAll(async () => {
  service = await startEmbedded(300);
  double = await startRealServiceDouble(service);
  remote = remoteUpstream(double.url, 'dev-enterprise-key', 'enterprise');
  [bff, other, viaDouble] = await Promise.all([
    startBff({ upstream: embeddedUpstream(service) }),
    startBff({ upstream: { ...embeddedUpstream(service), industryTree: () => OTHER_TAXONOMY } }),
    startBff({ upstream: remote }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([bff?.close(), other?.close(), viaDouble?.close()]);
  remote?.close();
  await double?.close();
  service?.close();
});

async function tree(on: RunningBff): Promise<IndustryTreeResponse> {
  const res = await on.call('/bff/industries');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/json');
  return (await res.json()) as IndustryTreeResponse;
}

async function search(query: string, level: string): Promise<IndustryMatch[]> {
  const res = await bff.call(`/api/v1/industry/search?query=${encodeURIComponent(query)}&level=${level}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: IndustryMatch[] }).data;
}

describe('GET /bff/industries', () => {
  it('serves the embedded service’s taxonomy: its sectors and industries, coded as industry search codes them', async () => {
    const got = await tree(bff);
    expect(got.source).toBe('service');
    expect(got.sectors.map((s) => s.name)).toEqual([...INDUSTRY_SECTORS]);
    for (const sector of got.sectors)
      expect(sector.industries).toEqual(
        INDUSTRIES.filter((i) => i.sector === sector.name).map((i) => ({ code: i.code, name: i.name })),
      );
    // Each sector as the service's industry search names it (level l1), asked through the BFF.
    for (const sector of got.sectors) {
      const [best] = await search(sector.name, 'l1');
      expect(best, sector.name).toMatchObject({
        code: sector.code,
        industry_name: sector.name,
        similarity: 1,
      });
    }
    // And industries (level l4): a sample across the sectors.
    for (const sector of got.sectors) {
      const leaf = sector.industries[sector.industries.length >> 1]!;
      const [best] = await search(leaf.name, 'l4');
      expect(best, leaf.name).toMatchObject({ code: leaf.code, industry_name: leaf.name });
    }
  });

  it('serves an upstream’s own taxonomy, whatever it is', async () => {
    expect(await tree(other)).toEqual({ source: 'service', sectors: OTHER_TAXONOMY });
  });

  it('serves the copy it ships on a remote upstream, which cannot list its taxonomy, and says so', async () => {
    const got = await tree(viaDouble);
    expect(got.source).toBe('builtin');
    expect(got.sectors).toEqual(JSON.parse(JSON.stringify(INDUSTRY_TREE)));
    // The copy is the embedded service's taxonomy (the drift test in bff/contract holds it there).
    expect(got.sectors).toEqual((await tree(bff)).sectors);
  });

  it('is cached: a day’s max-age, and 304 for the ETag it gave', async () => {
    const first = await bff.call('/bff/industries');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('cache-control')).toBe('private, max-age=86400');
    const again = await bff.call('/bff/industries', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // Another upstream's tree has another tag.
    const otherTag = (await other.call('/bff/industries')).headers.get('etag');
    expect(otherTag).not.toBe(etag);
    expect((await other.call('/bff/industries', { headers: { 'if-none-match': etag! } })).status).toBe(200);
  });
});
