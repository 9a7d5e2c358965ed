/**
 * Seeding the embedded service's database with the generated dataset.
 *
 * Streams: companies are generated and inserted in batches of SEED_BATCH per transaction, so memory
 * stays flat whatever the count. With `workers` > 0, worker threads generate and serialise rows
 * (seed-worker.ts) while this thread only inserts; rows are inserted in index order either way, so
 * the database is identical.
 *
 * Crash safety: `dataset.complete` is '0' while seeding and '1' once every row and the meta keys are
 * written. A database whose companies table holds rows but is not complete is an interrupted seed:
 * `datasetState` reports it as 'incomplete', and `seedDatabase` clears it before seeding again.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { companyRowValues, countCompanies, prepareCompanyRowInsert } from '../store/companies';
import { type Db, getMeta, setMeta } from '../store/db';
import { siblingModule, startModuleWorker } from '../worker-thread';
import { companyAt, DATASET_VERSION } from './generate';
import { buildPlan, DEFAULT_TODAY, type Plan, type PlanData } from './plan';

const SEED_BATCH = 5000;
/** Rows a worker hands over per message (smaller than a transaction keeps messages cheap). */
const WORKER_CHUNK = 1000;

type SeedOptions = {
  seed: number;
  count: number;
  onProgress?: (done: number, total: number) => void;
  /** Worker threads generating rows; default: 2 when the machine has 3+ cores and count >= 50,000. */
  workers?: number;
  today?: string;
};

type SeedResult = { count: number; seconds: number; rate: number };

type DatasetState = 'empty' | 'complete' | 'incomplete';

export function datasetState(db: Db): DatasetState {
  if (getMeta(db, 'dataset.complete') === '1') return 'complete';
  return countCompanies(db) === 0 && getMeta(db, 'dataset.complete') === undefined ? 'empty' : 'incomplete';
}

/** Remove every company (and the search index built from them). */
export function clearCompanies(db: Db): void {
  db.exec('DELETE FROM companies');
  db.exec('DELETE FROM companies_fts');
  db.prepare("DELETE FROM meta WHERE key LIKE 'dataset.%' OR key = 'search.built'").run();
}

export async function seedDatabase(db: Db, opts: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const state = datasetState(db);
  if (state === 'complete') throw new Error('the companies table already holds a complete dataset');
  if (state === 'incomplete') clearCompanies(db);
  const today = opts.today ?? DEFAULT_TODAY;
  setMeta(db, 'dataset.complete', '0');
  setMeta(db, 'dataset.seed', String(opts.seed));
  setMeta(db, 'dataset.count', String(opts.count));

  // An interrupted seed is discarded anyway (see above), so skip fsyncs while seeding.
  const synchronous = db.pragma('synchronous', { simple: true });
  db.pragma('synchronous = OFF');
  try {
    await writeCompanies(db, opts, today);
  } finally {
    db.pragma(`synchronous = ${synchronous}`);
  }
  setMeta(db, 'dataset.generated_at', new Date().toISOString());
  setMeta(db, 'dataset.version', DATASET_VERSION);
  setMeta(db, 'dataset.today', today);
  setMeta(db, 'dataset.complete', '1');
  db.pragma('wal_checkpoint(TRUNCATE)');
  const seconds = (performance.now() - started) / 1000;
  return { count: opts.count, seconds, rate: opts.count / Math.max(seconds, 1e-9) };
}

async function writeCompanies(db: Db, opts: SeedOptions, today: string): Promise<void> {
  const plan = buildPlan(opts.seed, opts.count, today);
  const createdAt = `${today}T00:00:00.000Z`;
  const workers = opts.workers ?? (availableParallelism() >= 3 && opts.count >= 50_000 ? 2 : 0);
  const insert = prepareCompanyRowInsert(db);
  const insertRows = db.transaction((rows: unknown[][]) => {
    for (const row of rows) insert(row);
  });

  if (workers > 0) {
    await seedWithWorkers(plan, workers, createdAt, insertRows, opts);
  } else {
    for (let start = 0; start < opts.count; start += SEED_BATCH) {
      const end = Math.min(opts.count, start + SEED_BATCH);
      const rows: unknown[][] = [];
      for (let idx = start; idx < end; idx++)
        rows.push(companyRowValues(idx, companyAt(plan, idx), 'seed', createdAt));
      insertRows(rows);
      opts.onProgress?.(end, opts.count);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Workers

export type WorkerInit = { seed: number; count: number; today: string; createdAt: string; plan: PlanData };
export type WorkerRequest = { start: number; end: number };
export type WorkerReply = { start: number; rows: unknown[][] } | { error: string };

function startWorker(init: WorkerInit): Worker {
  return startModuleWorker(siblingModule(import.meta.url, 'seed-worker'), { workerData: init });
}

async function seedWithWorkers(
  plan: Plan,
  workerCount: number,
  createdAt: string,
  insertRows: (rows: unknown[][]) => void,
  opts: SeedOptions,
): Promise<void> {
  const init: WorkerInit = {
    seed: plan.seed,
    count: plan.count,
    today: plan.today,
    createdAt,
    plan: plan.data(),
  };
  const pool = Array.from({ length: workerCount }, () => startWorker(init));
  const chunks: WorkerRequest[] = [];
  for (let start = 0; start < plan.count; start += WORKER_CHUNK)
    chunks.push({ start, end: Math.min(plan.count, start + WORKER_CHUNK) });
  const ready = new Map<number, unknown[][]>();
  let next = 0;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const maxAhead = workerCount * 3;
  const dispatch = (worker: Worker) => {
    if (next < chunks.length) worker.postMessage(chunks[next++]);
  };
  try {
    for (const worker of pool) {
      worker.on('message', (reply: WorkerReply) => {
        if ('error' in reply) failure = new Error(reply.error);
        else ready.set(reply.start, reply.rows);
        wake?.();
      });
      worker.on('error', (err) => {
        failure = err;
        wake?.();
      });
    }
    // Prime every worker with a few chunks; more are handed out as rows are inserted.
    for (let i = 0; i < maxAhead && next < chunks.length; i++) dispatch(pool[i % workerCount]!);
    let done = 0;
    let batch: unknown[][] = [];
    for (let k = 0; k < chunks.length; k++) {
      const chunk = chunks[k]!;
      while (!ready.has(chunk.start)) {
        if (failure) throw failure;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = null;
      }
      const rows = ready.get(chunk.start)!;
      ready.delete(chunk.start);
      dispatch(pool[k % workerCount]!);
      for (const row of rows) batch.push(row);
      done = chunk.end;
      if (batch.length >= SEED_BATCH || done === plan.count) {
        insertRows(batch);
        batch = [];
        opts.onProgress?.(done, plan.count);
      }
    }
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
}
