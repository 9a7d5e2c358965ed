/**
 * Starting the embedded service: open (and on first start, seed) the database, make sure the
 * development keys exist, build the query index, and hand back the app.
 */
import { createServiceApp } from './app';
import type { ServiceContext } from './context';
import { datasetState, seedDatabase } from './dataset/seed';
import { CompanyIndex } from './query/index';
import { iterateIndexSource } from './store/companies';
import { type Db, databaseFile, getMeta, openDatabase, rebuildSearchIndex } from './store/db';
import { DEV_KEYS, ensureDevKeys } from './store/keys';

export type ServiceOptions = {
  /** Where the database lives; ':memory:' for a throwaway service. */
  dataDir: string;
  /** Companies to seed on first start (COMPANIES, default 25000). */
  companies?: number;
  /** Seed of the generated data set (SEED, default 42). */
  seed?: number;
  now?: () => Date;
  log?: (line: string) => void;
};

export type Service = {
  ctx: ServiceContext;
  app: ReturnType<typeof createServiceApp>;
  fetch: (req: Request) => Promise<Response>;
  close: () => void;
};

export const DEFAULT_COMPANIES = 25_000;
export const DEFAULT_SEED = 42;

export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return n;
}

async function ensureDataset(db: Db, opts: ServiceOptions, log: (line: string) => void): Promise<void> {
  // An interrupted seed (crash, Ctrl-C) is cleared and redone by seedDatabase, never served half-made.
  const state = datasetState(db);
  if (state !== 'complete') {
    if (state === 'incomplete') log('The last seeding did not finish; seeding again.');
    const count = opts.companies ?? DEFAULT_COMPANIES;
    const seed = opts.seed ?? DEFAULT_SEED;
    log(`Seeding ${count.toLocaleString('en')} companies (seed ${seed}), first start only...`);
    const r = await seedDatabase(db, { seed, count });
    log(`Seeded ${r.count.toLocaleString('en')} companies in ${r.seconds.toFixed(1)} s.`);
  }
  if (getMeta(db, 'search.built') === undefined) rebuildSearchIndex(db);
}

export async function startService(opts: ServiceOptions): Promise<Service> {
  const log = opts.log ?? (() => {});
  const db = openDatabase(opts.dataDir === ':memory:' ? ':memory:' : databaseFile(opts.dataDir));
  await ensureDataset(db, opts, log);
  ensureDevKeys(db);
  const started = performance.now();
  const index = CompanyIndex.build(iterateIndexSource(db));
  log(
    `Query index over ${index.size.toLocaleString('en')} companies built in ${Math.round(performance.now() - started)} ms.`,
  );
  const ctx: ServiceContext = { db, index, now: opts.now ?? (() => new Date()) };
  const app = createServiceApp(ctx);
  return {
    ctx,
    app,
    fetch: async (req) => app.fetch(req),
    close: () => db.close(),
  };
}

export function devKeysNotice(): string {
  return `Development keys: ${DEV_KEYS.map((k) => `${k.key} (${k.plan})`).join(', ')}`;
}
