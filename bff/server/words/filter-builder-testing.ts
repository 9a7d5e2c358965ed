/**
 * What the filter-builder's HTTP tests share: a real embedded service behind a BFF whose upstream
 * records the filter-builder's bodies and fails the descriptions of `failing` (a staged fault), the
 * ledger emptied before each test, and readers of the answers, the ledger and the service's credits.
 * The bindings below are set before the file's tests (withFilterBuilderBff) and read live.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { FilterBuilderResponse } from '../../contract/api';
import { pathOf } from '../../contract/endpoints';
import { type Service, startService } from '../../embedded/service';
import type { RunningBff, startBff } from '../../testing/bff-server';
import { embeddedUpstream, type Upstream } from '../upstream/upstream';

export const KEY = 'dev-enterprise-key';
export const FILTER_BUILDER = pathOf('list.filterBuilder');
export const LIST = pathOf('list.generate');
export const ONE_CALL = 2.5;

export let service: Service;
export let bff: RunningBff;
export let upstream: Upstream;
/** The bodies the upstream filter-builder received, as text. */
export const sent: string[] = [];
/** Descriptions the upstream answers with a failure (a staged fault). */
export const failing = new Set<string>();

/**
 * Starts the service and the BFF (with `start`: the test file starts it, so its name runs it on both
 * stores) before the file's tests, empties the ledger before each, and closes both after.
 */
export function withFilterBuilderBff(start: typeof startBff): void {
  beforeAll(async () => {
    service = await startService({ dataDir: ':memory:', companies: 400, seed: 11, log: () => {} });
    const inner = embeddedUpstream(service, KEY);
    upstream = {
      ...inner,
      send: async (c) => {
        if (c.pathAndQuery.startsWith(FILTER_BUILDER)) {
          sent.push(c.body ?? '');
          const query = (JSON.parse(c.body ?? '{}') as { query?: string }).query ?? '';
          if (failing.has(query)) {
            return {
              status: 503,
              headers: new Headers({ 'content-type': 'application/problem+json', 'retry-after': '30' }),
              text: JSON.stringify({
                type: 'about:blank',
                title: 'Service Unavailable',
                status: 503,
                detail: 'down',
              }),
            };
          }
        }
        return inner.send(c);
      },
    };
    // no cache: descriptions here share phrases, and each test counts the calls it makes
    bff = await start({ upstream, cacheTtlMs: 0 });
  });
  afterAll(async () => {
    await bff.close();
    service.close();
  });
  beforeEach(async () => {
    await flushLedger(bff);
    await bff.bff.deps.store.sql.run('DELETE FROM ledger');
    sent.length = 0;
  });
}

/** The ledger writes in batches; reading the usage page writes them. */
export async function flushLedger(on: RunningBff): Promise<void> {
  expect((await on.call(pathOf('bff.usage'))).status).toBe(200);
}

export type Answer = FilterBuilderResponse;

export async function describeCompanies(
  query: string,
  on: RunningBff = bff,
): Promise<{ status: number; body: Answer; cache: string | null }> {
  const res = await on.post(FILTER_BUILDER, { query });
  return { status: res.status, body: (await res.json()) as Answer, cache: res.headers.get('x-cache') };
}

/** The ledger's filter-builder rows. */
export async function ledger(on: RunningBff = bff): Promise<{ credits_consumed: number; cache: string }[]> {
  await flushLedger(on);
  return on.bff.deps.store.sql.all<{ credits_consumed: number; cache: string }>(
    'SELECT credits_consumed, cache FROM ledger WHERE endpoint = ? ORDER BY id',
    [FILTER_BUILDER],
  );
}

/** The service's own record of credits taken for translations. */
export function serviceCredits(): number {
  return (
    service.ctx.db
      .prepare("SELECT COALESCE(SUM(credits_consumed), 0) AS c FROM usage WHERE endpoint LIKE '%filter%'")
      .get() as { c: number }
  ).c;
}

export const sentQueries = () => sent.map((b) => (JSON.parse(b) as { query: string }).query).sort();
