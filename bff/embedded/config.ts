/**
 * The embedded Company Data Service's configuration: every environment variable it reads, as
 * `npm run service`, `npm run seed`, `npm run keys`, or in-process inside `npm start`, with type,
 * default and description (docs/configuration.md is generated from it: `npm run docs:config`). The
 * only code of the service that reads `process.env`; a wrong value stops the start with a message
 * naming the variable.
 */
import { z } from 'zod';
import { type Env, envNumber, envOptionalNumber, envText, readSome } from '../contract/env-schema';

export const DEFAULT_ADDITION_DELAY_MS = 4000;
export const DEFAULT_WEBHOOK_RETRY_BASE_MS = 5000;
export const DEFAULT_WEBHOOK_MAX_ATTEMPTS = 6;
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;
export const DEFAULT_COMPANIES = 25_000;
export const DEFAULT_SEED = 42;

export const embeddedSchema = z.object({
  SERVICE_PORT: envNumber({
    default: 8788,
    max: 65535,
    description: 'Port of `npm run service` (0: any free port).',
  }),
  SERVICE_HOST: envText({
    default: '127.0.0.1',
    type: 'address',
    description: 'Address `npm run service` listens on.',
  }),
  DATA_DIR: envText({
    default: './data',
    type: 'path',
    description: "Folder of the service's database (service.sqlite).",
  }),
  COMPANIES: envNumber({
    default: DEFAULT_COMPANIES,
    description: 'Companies generated on the first start (or by `npm run seed`).',
  }),
  SEED: envNumber({
    default: DEFAULT_SEED,
    description: 'Seed of the generated data set: the same seed, the same companies.',
  }),
  SEED_WORKERS: envOptionalNumber({
    description: 'Threads `npm run seed` generates rows with; default 2 on 3+ cores for 50,000+ companies.',
  }),
  ADDITION_DELAY_MS: envNumber({
    default: DEFAULT_ADDITION_DELAY_MS,
    description: 'How long a company addition request stays in progress before it is taken in.',
  }),
  WEBHOOK_RETRY_BASE_MS: envNumber({
    default: DEFAULT_WEBHOOK_RETRY_BASE_MS,
    description: 'First delay before a failed webhook delivery is retried (doubling each time).',
  }),
  WEBHOOK_MAX_ATTEMPTS: envNumber({
    default: DEFAULT_WEBHOOK_MAX_ATTEMPTS,
    description: 'Delivery attempts of one webhook event in all (at least 1 is made).',
  }),
  WEBHOOK_TIMEOUT_MS: envNumber({
    default: DEFAULT_WEBHOOK_TIMEOUT_MS,
    description: 'How long a webhook receiver has to answer a delivery.',
  }),
});

function variables<const K extends keyof z.output<typeof embeddedSchema> & string>(
  names: readonly K[],
  env: Env,
) {
  return readSome(embeddedSchema, names, env);
}

/** The data set: where it lives, how many companies, which seed, how many threads seed it. */
export type DatasetConfig = { dataDir: string; companies: number; seed: number; workers: number | undefined };

/** `npm run seed`, `npm run keys` and the data set of `npm start`'s in-process service. */
export function datasetConfigFromEnv(env: Env = process.env): DatasetConfig {
  const v = variables(['DATA_DIR', 'COMPANIES', 'SEED', 'SEED_WORKERS'], env);
  return { dataDir: v.DATA_DIR, companies: v.COMPANIES, seed: v.SEED, workers: v.SEED_WORKERS };
}

/** The service's background work: company additions and webhook deliveries. */
export type BackgroundConfig = {
  additionDelayMs: number;
  webhookRetryBaseMs: number;
  webhookMaxAttempts: number;
  webhookTimeoutMs: number;
};

/** What a started service uses where its caller gave nothing (startService). */
export function backgroundConfigFromEnv(env: Env = process.env): BackgroundConfig {
  const v = variables(
    ['ADDITION_DELAY_MS', 'WEBHOOK_RETRY_BASE_MS', 'WEBHOOK_MAX_ATTEMPTS', 'WEBHOOK_TIMEOUT_MS'],
    env,
  );
  return {
    additionDelayMs: v.ADDITION_DELAY_MS,
    webhookRetryBaseMs: v.WEBHOOK_RETRY_BASE_MS,
    webhookMaxAttempts: v.WEBHOOK_MAX_ATTEMPTS,
    webhookTimeoutMs: v.WEBHOOK_TIMEOUT_MS,
  };
}

/** `npm run service`: everything above, and where it listens. */
export function serviceConfigFromEnv(
  env: Env = process.env,
): DatasetConfig & BackgroundConfig & { port: number; host: string } {
  const v = variables(['SERVICE_PORT', 'SERVICE_HOST'], env);
  return {
    ...datasetConfigFromEnv(env),
    ...backgroundConfigFromEnv(env),
    port: v.SERVICE_PORT,
    host: v.SERVICE_HOST,
  };
}
