/**
 * Background matching across BFF restarts, cancelled, and paced: real HTTP, a real embedded
 * service, the BFF's store a real SQLite file in a temporary DATA_DIR (on the postgres project, a
 * PostgreSQL schema of its own), each restart a new store on the same state. The company searches that
 * reach the service are counted by a wrapper around the embedded upstream.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
  status,
  upload,
} from '../../testing/accounts';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { reopenTestStore, testStore } from '../../testing/test-store';
import { bffDatabaseFile } from '../store/sqlite';
import type { BffStore } from '../store/store';
import { embeddedUpstream, type Upstream } from '../upstream/upstream';

let service: Service;
let companies: DatasetCompany[];
let dataDir: string;
/** The state every restart opens again; also read directly (matched_at). */
let state: BffStore;
/** Company searches the service answered, by query. */
const searches: string[] = [];

beforeAll(async () => {
  service = await startEmbedded(2000, { seed: 11 });
  companies = datasetCompanies(service);
  dataDir = mkdtempSync(path.join(tmpdir(), 'accounts-resume-'));
  state = await testStore({ file: bffDatabaseFile(dataDir) });
});

afterAll(async () => {
  await state?.close();
  service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The embedded service, counting the company searches it is sent. */
function countingUpstream(): Upstream {
  const inner = embeddedUpstream(service, 'dev-enterprise-key');
  return {
    ...inner,
    send: async (call) => {
      if (call.pathAndQuery.startsWith('/api/v1/company/search')) searches.push(call.pathAndQuery);
      return inner.send(call);
    },
    close: () => undefined,
  };
}

/**
 * A BFF on a store opened anew on the state (a restart, or another instance beside a running one);
 * closing the BFF closes it.
 */
async function bffOn(perMinute: number | null, leaseMs?: number): Promise<RunningBff> {
  const store = await reopenTestStore(state);
  const bff = await startBff({
    upstream: countingUpstream(),
    store,
    dataDir,
    accounts: { perMinute, concurrency: 2, ...(leaseMs !== undefined ? { leaseMs } : {}) },
  });
  return {
    ...bff,
    close: async () => {
      await bff.close();
      await store.close();
    },
  };
}

async function rows(bff: RunningBff, id: string): Promise<RowsResponse['data']> {
  const res = await bff.call(`${pathOf('bff.accounts.rows', { id })}?limit=1000`);
  return ((await res.json()) as RowsResponse).data;
}

/** Reads the store's rows directly (matched_at), with the app closed. */
async function matchedAt(id: string): Promise<Map<number, string | null>> {
  const rs = await state.sql.all<{ line: number; matched_at: string | null }>(
    'SELECT line, matched_at FROM account_import_rows WHERE import_id = ? ORDER BY line',
    [id],
  );
  return new Map(rs.map((r) => [r.line, r.matched_at]));
}

const csv = (n: number, from = 0) =>
  csvOf([['Company name', 'Website'], ...companies.slice(from, from + n).map((c) => [c.name, c.domain])]);

describe('background matching', () => {
  it('resumes after a restart where it stopped: nothing matched twice, every row matched once', async () => {
    searches.length = 0;
    // 6,000 a minute: 10 ms between searches, so the import is mid-way when the BFF stops.
    const first = await bffOn(6000);
    const acc = await accepted(await upload(first, csv(120)));
    let s = await status(first, acc.id);
    expect(s.requests_per_minute).toBe(6000);
    while (s.processed < 30) s = await status(first, acc.id);
    expect(s.status).toBe('matching');
    expect(s.eta_seconds).toBeGreaterThan(0);
    await first.close();

    const before = await matchedAt(acc.id);
    const doneBefore = [...before].filter(([, at]) => at !== null);
    expect(doneBefore.length).toBeGreaterThanOrEqual(30);
    expect(doneBefore.length).toBeLessThan(120);
    const searchesBefore = searches.length;

    const second = await bffOn(null);
    const end = await finished(second, acc.id);
    expect(end).toMatchObject({ status: 'completed', rows: 120, processed: 120, matched: 120, invalid: 0 });
    // Each row has a domain the data has: one search each, made once, the rows in flight at the
    // stop (at most the concurrency, 2) aside.
    expect(end.requests).toBe(120);
    expect(searches.length).toBeLessThanOrEqual(120 + 2);
    expect(searches.length - searchesBefore).toBe(120 - doneBefore.length);
    await second.close();

    // The rows matched before the restart were not matched again.
    const after = await matchedAt(acc.id);
    for (const [line, at] of doneBefore) expect(after.get(line)).toBe(at);
    const third = await bffOn(null);
    const list = (await (
      await third.call(pathOf('bff.accounts.list', { id: acc.account_list_id }))
    ).json()) as {
      size: number;
    };
    expect(list.size).toBe(120);
    expect((await rows(third, acc.id)).every((r) => r.confidence === 5)).toBe(true);
    await third.close();
  });

  it('cancels: matching stops, the rows matched stay, a restart does not resume it', async () => {
    const bff = await bffOn(1200);
    const acc = await accepted(await upload(bff, csv(200, 300)));
    let s = await status(bff, acc.id);
    while (s.processed < 5) s = await status(bff, acc.id);
    const res = await bff.call(pathOf('bff.accounts.cancelImport', { id: acc.id }), { method: 'DELETE' });
    expect(res.status).toBe(200);
    const cancelled = (await res.json()) as typeof s;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.processed).toBeLessThan(200);
    // Nothing is matched after the cancel answered.
    const again = await status(bff, acc.id);
    expect(again.processed).toBe(cancelled.processed);
    expect(again.status).toBe('cancelled');
    // A second cancel: 409.
    const twice = await bff.call(pathOf('bff.accounts.cancelImport', { id: acc.id }), { method: 'DELETE' });
    expect(twice.status).toBe(409);
    await bff.close();

    const next = await bffOn(null);
    const later = await status(next, acc.id);
    expect(later).toMatchObject({ status: 'cancelled', processed: cancelled.processed });
    const list = (await (
      await next.call(pathOf('bff.accounts.list', { id: acc.account_list_id }))
    ).json()) as {
      size: number;
    };
    expect(list.size).toBe(cancelled.matched);
    await next.close();
  });

  it('matches an import on one instance of two sharing the store; a cancel through the other stops it', async () => {
    searches.length = 0;
    // Short leases: the other instance looks for imports to take over every 300 ms.
    const a = await bffOn(3000, 300);
    const b = await bffOn(3000, 300);
    try {
      const acc = await accepted(await upload(a, csv(60, 900)));
      const end = await finished(b, acc.id);
      expect(end).toMatchObject({ status: 'completed', rows: 60, processed: 60, matched: 60 });
      // One search a row: B, looking every 300 ms, never matched A's import beside it.
      expect(searches.length).toBe(60);

      const other = await accepted(await upload(a, csv(300, 1000)));
      let s = await status(b, other.id);
      while (s.processed < 5) s = await status(b, other.id);
      // Cancelled through B while A matches it: A records nothing more, and it stays cancelled.
      const res = await b.call(pathOf('bff.accounts.cancelImport', { id: other.id }), { method: 'DELETE' });
      expect(res.status).toBe(200);
      const cancelled = (await res.json()) as typeof s;
      expect(cancelled.status).toBe('cancelled');
      await new Promise((r) => setTimeout(r, 600));
      expect(await status(a, other.id)).toMatchObject({
        status: 'cancelled',
        processed: cancelled.processed,
      });
      expect(cancelled.processed).toBeLessThan(300);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('shows the pace and the estimate: Pay-as-you-go 90 a minute by default on a remote key', async () => {
    const { defaultPace } = await import('./pacer');
    expect(defaultPace('payg', false)).toBe(90);
    expect(defaultPace('subscription', false)).toBe(180);
    expect(defaultPace('enterprise', true)).toBeNull();
    const bff = await bffOn(90);
    const acc = await accepted(await upload(bff, csv(300, 600)));
    // 300 rows at 1.5 searches each (the guess before any row is matched), 90 a minute: 300 s.
    expect(acc.eta_seconds).toBe(Math.ceil(300 * 1.5 * (60 / 90)));
    const s = await status(bff, acc.id);
    expect(s.requests_per_minute).toBe(90);
    // Once rows are matched, at the searches a row has taken (one each here): 299 rows x 2/3 s.
    expect(s.eta_seconds).toBeGreaterThanOrEqual(Math.floor(((300 - s.processed) * 60) / 90));
    expect(s.eta_seconds).toBeLessThanOrEqual(300);
    await bff.close();
  });
});
