import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startService } from '../../embedded/service';
import { createBffApp } from '../app';
import { type BffDb, bffDatabaseFile, openBffDatabase } from '../store/db';
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
const rows = (db: BffDb): Row[] =>
  db
    .prepare('SELECT user_id, endpoint, credits_consumed, duration_ms FROM ledger ORDER BY id')
    .all() as Row[];

let dir: string;
let db: BffDb;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ledger-'));
  db = openBffDatabase(bffDatabaseFile(dir));
});
afterEach(() => {
  if (db.open) db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the ledger, written in batches', () => {
  it('keeps every record, in order, whatever the batch sizes', () => {
    const ledger = new Ledger(db);
    // More than one full batch, and a remainder that fills no whole multi-row insert.
    const n = FLUSH_ROWS * 2 + 37;
    for (let i = 0; i < n; i++) ledger.record(call(i, i % 3 === 0 ? 'bob' : ALICE.id));
    ledger.flush();
    const written = rows(db);
    expect(written).toHaveLength(n);
    written.forEach((r, i) => {
      expect(r.endpoint).toBe(`/api/v1/company/enrichment#${i}`);
      expect(r.user_id).toBe(i % 3 === 0 ? 'bob' : ALICE.id);
      expect(r.duration_ms).toBeCloseTo(i / 3, 3);
    });
  });

  it('counts records not yet written: the budget and the usage read them at once', () => {
    const ledger = new Ledger(db);
    ledger.spentToday(ALICE.id); // today's total read once: the later records stay in memory
    for (let i = 0; i < 5; i++) ledger.record(call(i));
    expect(rows(db)).toHaveLength(0); // still pending
    expect(ledger.spentToday(ALICE.id)).toBe(2.5);
    const usage = ledger.usage(ALICE, 10);
    expect(usage.calls_today).toBe(5);
    expect(usage.spent_today).toBe(2.5);
    expect(usage.recent.map((r) => r.endpoint)[0]).toBe('/api/v1/company/enrichment#4');
  });

  it("counts a user's first record of the day once", () => {
    const ledger = new Ledger(db);
    ledger.record(call(0));
    ledger.record(call(1));
    expect(ledger.spentToday(ALICE.id)).toBe(1);
    ledger.flush();
    expect(new Ledger(db).spentToday(ALICE.id)).toBe(1);
  });

  it('writes a batch by itself within FLUSH_MS', async () => {
    const ledger = new Ledger(db);
    ledger.record(call(1));
    await new Promise((resolve) => setTimeout(resolve, FLUSH_MS * 3));
    expect(rows(db)).toHaveLength(1);
  });

  it('loses nothing when the BFF closes before a batch is due', async () => {
    const service = await startService({ dataDir: ':memory:', companies: 200, seed: 3 });
    try {
      const bff = createBffApp({ upstream: embeddedUpstream(service), db, cacheTtlMs: 0, log: () => {} });
      for (let i = 0; i < 7; i++) {
        const res = await bff.fetch(new Request('http://127.0.0.1/api/v1/industry/search?query=bank'));
        expect(res.status).toBe(200);
        await res.arrayBuffer();
      }
      bff.close();
      db.close();
      const reopened = openBffDatabase(bffDatabaseFile(dir));
      try {
        expect(rows(reopened)).toHaveLength(7);
      } finally {
        reopened.close();
      }
    } finally {
      service.close();
    }
  });
});
