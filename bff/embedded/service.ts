/**
 * Starting the embedded service: open (and on first start, seed) the database, make sure the
 * development keys exist, build the query index, and hand back the app.
 */
import type { CompanyGenerator } from './additions/generator';
import { AdditionWorker } from './additions/worker';
import { createServiceApp } from './app';
import { backgroundConfigFromEnv, DEFAULT_COMPANIES, DEFAULT_SEED } from './config';
import type { ServiceContext } from './context';
import { datasetState, seedDatabase } from './dataset/seed';
import { CompanyIndex } from './query/index';
import { iterateIndexSource } from './store/companies';
import { type Db, databaseFile, getMeta, openDatabase, rebuildSearchIndex } from './store/db';
import { DEV_KEYS, ensureDevKeys } from './store/keys';
import { DeliverySender } from './webhooks/sender';

export type ServiceOptions = {
  /** Where the database lives; ':memory:' for a throwaway service. */
  dataDir: string;
  /** Companies to seed on first start (COMPANIES, default 25000). */
  companies?: number;
  /** Seed of the generated data set (SEED, default 42). */
  seed?: number;
  now?: () => Date;
  log?: (line: string) => void;
  /** How long an addition request stays in progress before ingestion (ADDITION_DELAY_MS, default 4000). */
  additionDelayMs?: number;
  /** Webhook retries: first delay, doubling (WEBHOOK_RETRY_BASE_MS, default 5000). */
  webhookRetryBaseMs?: number;
  /** Webhook attempts in all (WEBHOOK_MAX_ATTEMPTS, default 6). */
  webhookMaxAttempts?: number;
  /** How long a webhook receiver has to answer (WEBHOOK_TIMEOUT_MS, default 10000). */
  webhookTimeoutMs?: number;
  /** Where added companies are generated; by default a thread of its own (additions/generator.ts). */
  additionGenerator?: CompanyGenerator;
};

export type Service = {
  ctx: ServiceContext;
  app: ReturnType<typeof createServiceApp>;
  fetch: (req: Request) => Promise<Response>;
  close: () => void;
};

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
  // What the caller did not set comes from the environment (config.ts).
  const env = backgroundConfigFromEnv();
  // Background work of company additions (additions/README.md): the queue and webhook deliveries.
  const sender = new DeliverySender(ctx, {
    retryBaseMs: opts.webhookRetryBaseMs ?? env.webhookRetryBaseMs,
    maxAttempts: Math.max(1, opts.webhookMaxAttempts ?? env.webhookMaxAttempts),
    timeoutMs: opts.webhookTimeoutMs ?? env.webhookTimeoutMs,
    log,
  });
  const additions = new AdditionWorker(ctx, {
    delayMs: opts.additionDelayMs ?? env.additionDelayMs,
    onStatusChange: () => sender.kick(),
    log,
    generator: opts.additionGenerator,
  });
  ctx.additionQueued = () => additions.kick();
  sender.start();
  additions.start();
  return {
    ctx,
    app,
    fetch: async (req) => app.fetch(req),
    close: () => {
      additions.stop();
      sender.stop();
      db.close();
    },
  };
}

export function devKeysNotice(): string {
  return `Development keys: ${DEV_KEYS.map((k) => `${k.key} (${k.plan})`).join(', ')}`;
}
