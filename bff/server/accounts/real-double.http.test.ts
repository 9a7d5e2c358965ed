/**
 * Account imports in remote mode on the real-service double (bff/testing/real-service-double.ts):
 * company search by `query` alone, records without `domain` or `score`, 204 when nothing is found,
 * remote-mode pacing. The same matching path as on the embedded service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RowsResponse } from '../../contract/accounts';
import { pathOf } from '../../contract/endpoints';
import type { Service } from '../../embedded/service';
import {
  accepted,
  csvOf,
  type DatasetCompany,
  datasetCompanies,
  finished,
  upload,
} from '../../testing/accounts';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { type RealServiceDouble, startRealServiceDouble } from '../../testing/real-service-double';
import { remoteUpstream, type Upstream } from '../upstream/upstream';

let service: Service;
let companies: DatasetCompany[];
let double: RealServiceDouble;
let upstream: Upstream;
let bff: RunningBff;

beforeAll(async () => {
  service = await startEmbedded(2000, { seed: 11 });
  companies = datasetCompanies(service);
  double = await startRealServiceDouble(service);
  upstream = remoteUpstream(double.url, 'dev-enterprise-key', 'enterprise');
  // Remote Enterprise: paced at 600 a minute unless told; fast here.
  bff = await startBff({ upstream, accounts: { perMinute: 60_000 } });
});

afterAll(async () => {
  await bff?.close();
  upstream?.close();
  await double?.close();
  service?.close();
});

describe('account imports on the real-service double', () => {
  it('matches by domain, sister domain and name, and says none where the search answers 204', async () => {
    const plain = companies.filter(
      (c) => /^[a-z0-9-]+\.com$/.test(c.domain) && c.search_name.split(' ').length === 2,
    );
    const [a, b, c] = plain;
    const hsbc = companies.find((x) => x.domain === 'hsbc.com')!;
    const acc = await accepted(
      await upload(
        bff,
        csvOf([
          ['Company', 'Website'],
          [a!.name, `https://www.${a!.domain}/about`],
          ['', `blog.${b!.domain}`],
          ['HSBC', 'hsbc.net'],
          [`${c!.name} Ltd`, ''],
          ['Zyxqv Nonexistent Holdings', 'zyxqv-nowhere-at-all.com'],
        ]),
      ),
    );
    const s = await finished(bff, acc.id);
    expect(s).toMatchObject({ status: 'completed', matched: 4, unmatched: 1, requests_per_minute: 60_000 });
    const rows = (
      (await (await bff.call(`${pathOf('bff.accounts.rows', { id: acc.id })}`)).json()) as RowsResponse
    ).data;
    expect(rows.map((r) => [r.line, r.uuid, r.confidence, r.reason, r.domain])).toEqual([
      [2, a!.uuid, 5, 'exact domain', a!.domain],
      [3, b!.uuid, 4, 'same registrable domain', b!.domain],
      [4, hsbc.uuid, 3, 'sister domain', 'hsbc.com'],
      [5, c!.uuid, 3, 'exact name', c!.domain],
      [6, null, 0, 'none', null],
    ]);
  });
});
