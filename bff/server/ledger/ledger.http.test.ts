/**
 * The credit ledger against the upstream's own books: over a session of calls of every kind (lists,
 * a cache hit, enrichment, reviews, posts, news, searches, a CSV export that pages upstream, an
 * addition and its status, the BFF's own webhook registration, refused and failing calls), what the
 * BFF recorded equals what the embedded service took from the key, in total and call for call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsageResponse } from '../../contract/bff';
import type { Service } from '../../embedded/service';
import { findKey } from '../../embedded/store/keys';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { embeddedUpstream } from '../upstream/upstream';
import { registerWebhookEndpoint, SYSTEM_USER } from '../webhooks/register';

const KEY = 'dev-enterprise-key';
const LIST = '/api/v1/list/generate/companies';

let service: Service;
let bff: RunningBff;

beforeAll(async () => {
  service = await startEmbedded(600, { seed: 11, additionDelayMs: 60_000 });
  bff = await startBff({ upstream: embeddedUpstream(service, KEY) });
});
afterAll(async () => {
  await bff.close();
  service.close();
});

function balance(): number {
  const key = findKey(service.ctx.db, KEY);
  if (!key) throw new Error('the development key is missing');
  return key.credits;
}

/** The service's own record of the key's calls (every call that reached its charge step). */
function upstreamUsage(): { paidCalls: number; credits: number } {
  return service.ctx.db
    .prepare(
      'SELECT COUNT(*) FILTER (WHERE credits_consumed > 0) AS paidCalls, COALESCE(SUM(credits_consumed), 0) AS credits FROM usage',
    )
    .get() as { paidCalls: number; credits: number };
}

type LedgerRow = {
  user_id: string;
  endpoint: string;
  status: number;
  credits_consumed: number;
  cache: string;
};

function ledgerRows(): Promise<LedgerRow[]> {
  // The ledger writes in batches; `/bff/usage` flushes them, and is read first.
  return bff.bff.deps.store.sql.all<LedgerRow>(
    'SELECT user_id, endpoint, status, credits_consumed, cache FROM ledger ORDER BY id',
  );
}

const round = (n: number) => Math.round(n * 1000) / 1000;

describe('the ledger agrees with the upstream key', () => {
  it('over a session of every kind of call', async () => {
    const startBalance = balance();
    const startUsage = upstreamUsage();

    // The BFF's own calls (as on start with the embedded upstream): recorded under the system user.
    await registerWebhookEndpoint(bff.bff.deps, bff.url);

    const list = await bff.post(LIST, {
      limit: 25,
      sections: ['firmographic', 'location'],
      sort_by: 'employee_range',
    });
    expect(list.status, await list.clone().text()).toBe(200);
    const listBody = (await list.json()) as { data: { uuid: string }[]; credits_consumed: number };
    expect(listBody.credits_consumed).toBeGreaterThan(0);
    const uuid = listBody.data[0]?.uuid as string;

    // The same request again: a cache hit, 0 credits, no upstream call.
    const again = await bff.post(LIST, {
      limit: 25,
      sections: ['firmographic', 'location'],
      sort_by: 'employee_range',
    });
    expect(again.headers.get('x-cache')).toBe('hit');

    const calls: Array<Promise<Response>> = [
      bff.call(`/api/v1/company/enrichment?company=${uuid}&sections=location,funding_detail`),
      bff.post('/api/v1/company/enrichment', { company: uuid, sections: ['technology'] }),
      bff.call(`/api/v1/company/employee-reviews?company=${uuid}&limit=60`),
      bff.call(`/api/v1/company/posts?company=${uuid}&limit=15`),
      bff.call(`/api/v1/news?company=${uuid}&limit=7`),
      bff.call('/api/v1/news?query=cloud%20security&limit=20'),
      bff.call('/api/v1/industry/search?query=bank'),
      bff.call('/api/v1/company/search?query=a'),
      bff.post('/api/v1/list/filter-builder', { query: 'software companies in Germany' }),
      bff.post(LIST, { query: 'banks in France', limit: 5 }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status, await res.clone().text()).toBe(200);

    const catalog = (await (await bff.call(`/api/v1/company/product-reviews?company=${uuid}`)).json()) as {
      data: { product_reviews: { id: string }[] };
    };
    const product = catalog.data.product_reviews[0]?.id;
    if (product) {
      const reviews = await bff.call(
        `/api/v1/company/product-reviews?company=${uuid}&products=${product}&limit=40`,
      );
      expect(reviews.status).toBe(200);
    }

    // A CSV export of 130 rows: several upstream pages, each recorded.
    const csv = await bff.post('/bff/exports', {
      request: { sort_by: 'employee_range' },
      columns: ['uuid', 'name'],
    });
    expect(csv.status, await csv.clone().text()).toBe(200);
    await csv.text();

    // An addition (free) and its status (free).
    const added = await bff.post('/api/v1/company/addition-requests', {
      company_name: 'Ledger Test Widgets',
      website: 'https://ledger-test-widgets.com',
    });
    expect(added.status, await added.clone().text()).toBeLessThan(300);
    const { request_id } = (await added.json()) as { request_id: string };
    expect((await bff.call(`/api/v1/status/${request_id}`)).status).toBe(200);

    // Refused by the BFF before any upstream call, and refused by the upstream itself.
    expect((await bff.post(LIST, { limit: 501 })).status).toBe(400);
    expect(
      (await bff.call('/api/v1/company/enrichment?company=no-such-company&sections=location')).status,
    ).toBe(404);

    const usage = (await (await bff.call('/bff/usage')).json()) as UsageResponse;
    const rows = await ledgerRows();
    const spentByBff = round(rows.reduce((sum, r) => sum + r.credits_consumed, 0));
    const takenByUpstream = round(startBalance - balance());
    const upstream = upstreamUsage();

    expect(takenByUpstream).toBeGreaterThan(20);
    expect(spentByBff).toBe(takenByUpstream);
    expect(round(upstream.credits - startUsage.credits)).toBe(takenByUpstream);
    // What the user sees is everything but the BFF's own (free) calls.
    const system = rows.filter((r) => r.user_id === SYSTEM_USER.id);
    expect(system.length).toBeGreaterThanOrEqual(2);
    expect(usage.spent_today).toBe(
      round(takenByUpstream - system.reduce((s, r) => s + r.credits_consumed, 0)),
    );
    expect(usage.calls_today).toBe(rows.length - system.length);
    // Call for call: every call the service charged is one paid ledger line, and the cache hit is a
    // line at 0 credits.
    expect(rows.filter((r) => r.credits_consumed > 0).length).toBe(upstream.paidCalls - startUsage.paidCalls);
    const hits = rows.filter((r) => r.cache === 'hit');
    expect(hits).toEqual([expect.objectContaining({ endpoint: LIST, credits_consumed: 0 })]);
    // The export's pages are in the ledger as list calls of the user.
    const exportPages = rows.filter((r) => r.endpoint === LIST && r.user_id === 'local' && r.cache !== 'hit');
    expect(exportPages.length).toBeGreaterThanOrEqual(3);
  });
});
