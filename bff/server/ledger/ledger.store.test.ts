import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startService } from '../../embedded/service';
import { reopenTestStore, testStore } from '../../testing/test-store';
import { createBffApp } from '../app';
import { bffDatabaseFile } from '../store/sqlite';
import type { BffStore } from '../store/store';
import { embeddedUpstream } from '../upstream/upstream';
import { LedgerJournal } from './journal';
import { Ledger, type LedgerRecord, lineId } from './ledger';

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
    const n = 600;
    const written = Array.from({ length: n }, (_, i) =>
      ledger.record(call(i, i % 3 === 0 ? 'bob' : ALICE.id)),
    );
    await Promise.all(written);
    const lines = await rows(db);
    expect(lines).toHaveLength(n);
    lines.forEach((r, i) => {
      expect(r.endpoint).toBe(`/api/v1/company/enrichment#${i}`);
      expect(r.user_id).toBe(i % 3 === 0 ? 'bob' : ALICE.id);
      expect(r.duration_ms).toBeCloseTo(i / 3, 3);
    });
  });

  it('answers a record only once its line is in the store', async () => {
    const ledger = new Ledger(db);
    const first = ledger.record(call(0));
    let done = false;
    void first.then(() => {
      done = true;
    });
    expect(await rows(db)).toHaveLength(0);
    expect(done).toBe(false);
    await first;
    expect(await rows(db)).toHaveLength(1);
    // Records made while a batch is written go in the next one, and wait for it.
    const more = Array.from({ length: 5 }, (_, i) => ledger.record(call(i + 1)));
    await Promise.all(more);
    expect(await rows(db)).toHaveLength(6);
  });

  it('counts records not yet written: the usage writes them first', async () => {
    const ledger = new Ledger(db);
    for (let i = 0; i < 5; i++) void ledger.record(call(i));
    expect(await ledger.spentToday(ALICE.id)).toBe(2.5);
    const usage = await ledger.usage(ALICE, 10);
    expect(usage.calls_today).toBe(5);
    expect(usage.spent_today).toBe(2.5);
    expect(usage.recent.map((r) => r.endpoint)[0]).toBe('/api/v1/company/enrichment#4');
  });

  it("counts a user's first record of the day once", async () => {
    const ledger = new Ledger(db);
    void ledger.record(call(0));
    void ledger.record(call(1));
    expect(await ledger.spentToday(ALICE.id)).toBe(1);
    expect(await new Ledger(db).spentToday(ALICE.id)).toBe(1);
  });

  it('gives each line an id of its own that sorts by when it was made (a UUID of version 7)', async () => {
    const ids = Array.from({ length: 1000 }, (_, i) => lineId(1_764_000_000_000 + Math.floor(i / 10)));
    expect(new Set(ids).size).toBe(1000);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Ids of different milliseconds sort by them; lines written today carry such ids.
    expect(ids[990]! > ids[0]!).toBe(true);
    expect([...ids].sort().map((id) => id.slice(0, 13))).toEqual(ids.map((id) => id.slice(0, 13)));
    const ledger = new Ledger(db);
    await ledger.record(call(1));
    const row = await db.sql.get<{ line_id: string }>('SELECT line_id FROM ledger');
    const made = Number.parseInt(row!.line_id.slice(0, 8) + row!.line_id.slice(9, 13), 16);
    expect(Math.abs(made - Date.now())).toBeLessThan(60_000);
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

/** The store with its ledger writes failing while `down` is set (a database outage, staged). */
function flaky(store: BffStore): { store: BffStore; down: { on: boolean } } {
  const down = { on: true };
  const wrapped = new Proxy(store, {
    get(target, prop, receiver) {
      if (prop === 'insertLedger')
        return (...args: Parameters<BffStore['insertLedger']>) =>
          down.on
            ? Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'))
            : target.insertLedger(...args);
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store: wrapped, down };
}

describe('the ledger while its store is down', () => {
  it('keeps each line on disk before the call is answered, and writes them all once the store is back', async () => {
    const { store, down } = flaky(db);
    const journal = new LedgerJournal(path.join(dir, 'journal'), db.where);
    const ledger = new Ledger(
      store,
      () => new Date(),
      () => {},
      journal,
    );
    await Promise.all(Array.from({ length: 12 }, (_, i) => ledger.record(call(i))));
    // Answered: every line is in the journal file, synced, though the store took none.
    const kept = readFileSync(journal.file, 'utf8')
      .trim()
      .split('\n')
      .flatMap((l) => (JSON.parse(l) as { rows: unknown[] }).rows);
    expect(kept).toHaveLength(12);
    expect(await rows(db)).toHaveLength(0);
    down.on = false;
    // Retried by itself within a few seconds (first after RETRY_MS), each line once.
    await expect.poll(() => rows(db).then((r) => r.length), { timeout: 10_000 }).toBe(12);
    // The journal goes once the store has the lines: just after their commit, not with it.
    await expect.poll(() => existsSync(journal.file)).toBe(false);
    await ledger.close();
    expect(await rows(db)).toHaveLength(12);
  });

  it('writes what a process killed during an outage left in its journal when the next one starts', async () => {
    const { store } = flaky(db);
    const journalDir = path.join(dir, 'journal');
    const first = new Ledger(
      store,
      () => new Date(),
      () => {},
      new LedgerJournal(journalDir, db.where),
    );
    await Promise.all(Array.from({ length: 5 }, (_, i) => first.record(call(i))));
    // The process is gone (kill -9): its journal now names a process that no longer runs.
    const [file] = readdirSync(journalDir);
    renameSync(path.join(journalDir, file!), path.join(journalDir, 'ledger-journal-4194303-deadbeef.jsonl'));
    // Another store's journal is left alone.
    const foreign = new LedgerJournal(journalDir, 'another.sqlite');
    await foreign.append({ rows: [], released: ['h1'] });
    renameSync(foreign.file, path.join(journalDir, 'ledger-journal-4194302-cafebabe.jsonl'));

    const next = new Ledger(
      db,
      () => new Date(),
      () => {},
      new LedgerJournal(journalDir, db.where),
    );
    await next.recover();
    expect(await rows(db)).toHaveLength(5);
    expect(readdirSync(journalDir)).toEqual(['ledger-journal-4194302-cafebabe.jsonl']);
    // Written once: recovering again adds nothing.
    await new Ledger(
      db,
      () => new Date(),
      () => {},
      new LedgerJournal(journalDir, db.where),
    ).recover();
    expect(await rows(db)).toHaveLength(5);
    await next.close();
  });
});
