import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startService } from '../../embedded/service';
import { reopenTestStore, testStore } from '../../testing/test-store';
import { createBffApp } from '../app';
import { bffDatabaseFile } from '../store/sqlite';
import type { BffStore } from '../store/store';
import { embeddedUpstream } from '../upstream/upstream';
import { FLUSH_MS, FLUSH_ROWS, Ledger, type LedgerRecord } from './ledger';

const ALICE = { id: 'alice', name: 'Alice' };
const call = (i: number, userId = ALICE.id): LedgerRecord => ({
  userId,
  method: 'GET',
  endpoint: `/api/v1/company/enrichment#${i}`,
  status: 200,
  creditsConsumed: 0.5,
  cache: 'none',
  durationMs: i / 3,
});

type Row = { user_id: string; endpoint: string; credits_consumed: number; duration_ms: number };
const rows = (db: BffStore): Promise<Row[]> =>
  db.sql.all<Row>('SELECT user_id, endpoint, credits_consumed, duration_ms FROM ledger ORDER BY id');

let dir: string;
let db: BffStore;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'ledger-'));
  db = await testStore({ file: bffDatabaseFile(dir) });
});
afterEach(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the ledger, written in batches', () => {
  it('keeps every record, in order, whatever the batch sizes', async () => {
    const ledger = new Ledger(db);
    // More than one full batch, and a remainder that fills no whole multi-row insert.
    const n = FLUSH_ROWS * 2 + 37;
    for (let i = 0; i < n; i++) ledger.record(call(i, i % 3 === 0 ? 'bob' : ALICE.id));
    await ledger.flush();
    const written = await rows(db);
    expect(written).toHaveLength(n);
    written.forEach((r, i) => {
      expect(r.endpoint).toBe(`/api/v1/company/enrichment#${i}`);
      expect(r.user_id).toBe(i % 3 === 0 ? 'bob' : ALICE.id);
      expect(r.duration_ms).toBeCloseTo(i / 3, 3);
    });
  });

  it('counts records not yet written: the usage writes them first', async () => {
    const ledger = new Ledger(db);
    for (let i = 0; i < 5; i++) ledger.record(call(i));
    expect(await rows(db)).toHaveLength(0); // still pending
    expect(await ledger.spentToday(ALICE.id)).toBe(2.5);
    const usage = await ledger.usage(ALICE, 10);
    expect(usage.calls_today).toBe(5);
    expect(usage.spent_today).toBe(2.5);
    expect(usage.recent.map((r) => r.endpoint)[0]).toBe('/api/v1/company/enrichment#4');
  });

  it("counts a user's first record of the day once", async () => {
    const ledger = new Ledger(db);
    ledger.record(call(0));
    ledger.record(call(1));
    expect(await ledger.spentToday(ALICE.id)).toBe(1);
    await ledger.flush();
    expect(await new Ledger(db).spentToday(ALICE.id)).toBe(1);
  });

  it('writes a batch by itself within FLUSH_MS', async () => {
    const ledger = new Ledger(db);
    ledger.record(call(1));
    await new Promise((resolve) => setTimeout(resolve, FLUSH_MS * 3));
    await expect.poll(() => rows(db).then((r) => r.length)).toBe(1);
  });

  it('loses nothing when the BFF closes before a batch is due', async () => {
    const service = await startService({ dataDir: ':memory:', companies: 200, seed: 3 });
    try {
      const bff = createBffApp({
        upstream: embeddedUpstream(service),
        store: db,
        cacheTtlMs: 0,
        log: () => {},
      });
      for (let i = 0; i < 7; i++) {
        const res = await bff.fetch(new Request('http://127.0.0.1/api/v1/industry/search?query=bank'));
        expect(res.status).toBe(200);
        await res.arrayBuffer();
      }
      await bff.close();
      await db.close();
      const reopened = await reopenTestStore(db);
      try {
        expect(await rows(reopened)).toHaveLength(7);
      } finally {
        await reopened.close();
      }
    } finally {
      service.close();
    }
  });
});
