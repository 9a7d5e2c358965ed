/**
 * The benches' knobs (`npm run bench`, bff/bench/*.ts, bff/embedded/query/bench-query.ts): every
 * environment variable they read, with type, default and description (docs/configuration.md is
 * generated from this schema). The only bench code that reads `process.env`.
 */
import { z } from 'zod';
import {
  type Env,
  envChoice,
  envList,
  envNumber,
  envOptional,
  envText,
  readEnv,
} from '../contract/env-schema';

export const BENCH_PARTS = [
  'bff',
  'translate',
  'bffwork',
  'lists',
  'web',
  'lookalikes',
  'savedlists',
  'accounts',
  'payonce',
  'count',
  'screening',
] as const;
export type BenchPart = (typeof BENCH_PARTS)[number];

function wholeNumber(name: string) {
  return (entry: string): number => {
    const n = Number(entry);
    if (!Number.isInteger(n) || n < 1)
      throw new Error(`${name} takes whole numbers ≥ 1, comma-separated; got '${entry}'`);
    return n;
  };
}

export const benchSchema = z.object({
  BENCH: envOptional({
    type: `one of ${BENCH_PARTS.join(', ')}`,
    description: 'Runs only that part of `npm run bench`; unset: list generation first, then every part.',
    check: (v) =>
      (BENCH_PARTS as readonly string[]).includes(v) ? undefined : `must be one of ${BENCH_PARTS.join(', ')}`,
  }),
  BENCH_DIR: envText({
    default: 'data/bench',
    type: 'path',
    description: "Folder of the benches' data sets.",
  }),
  BENCH_SIZES: envList({
    type: 'whole numbers, comma-separated',
    item: wholeNumber('BENCH_SIZES'),
    default: '25000,1000000',
    description: 'Data set sizes of the list generation bench.',
  }),
  BENCH_RUNS: envNumber({
    default: 100,
    min: 1,
    description: 'Runs of each filter combination (list generation, query bench).',
  }),
  BENCH_ROWS_CACHE: envOptional({
    type: 'path',
    description: 'Folder where bench-query.ts keeps generated rows between runs.',
  }),
  BENCH_DATABASE: envChoice(['sqlite', 'postgres'], {
    default: 'sqlite',
    description: "The BFF's store in the overhead, work and profile benches (postgres: an embedded server).",
  }),
  BENCH_BFF_SECONDS: envNumber({
    default: 30,
    min: 1,
    description: 'Seconds of load per target in the overhead bench.',
  }),
  BENCH_BFF_ROUNDS: envNumber({
    default: 15,
    min: 1,
    description: 'Rounds the overhead bench interleaves its targets in.',
  }),
  BENCH_BFF_CONNECTIONS: envList({
    type: 'whole numbers, comma-separated',
    item: wholeNumber('BENCH_BFF_CONNECTIONS'),
    default: '1,32',
    description: 'Concurrent clients of the overhead bench.',
  }),
  BENCH_BFF_AGAINST: envOptional({
    type: 'path',
    description: 'A checkout whose BFF the overhead bench measures beside this one (before and after).',
  }),
  BENCH_WORK_REQUESTS: envNumber({
    default: 4000,
    min: 1,
    description: "Requests per round of the BFF's own work bench.",
  }),
  BENCH_WORK_ROUNDS: envNumber({
    default: 7,
    min: 2,
    description: 'Rounds of the work bench (the first is a warm-up).',
  }),
  BENCH_WORK_CASE: envOptional({
    type: 'text',
    description: 'Only the work bench cases whose name starts so (enrichment, list).',
  }),
  BENCH_WORK_PROFILE: envOptional({
    type: 'path',
    description: 'Where the work bench writes a CPU profile of the BFF.',
  }),
  BENCH_PROFILE_SECONDS: envNumber({ default: 5, min: 1, description: 'Seconds of load of bff-profile.ts.' }),
  BENCH_PROFILE_CONNECTIONS: envNumber({
    default: 32,
    min: 1,
    description: 'Concurrent clients of bff-profile.ts.',
  }),
  BENCH_PROFILE_DIR: envText({
    default: 'data/profile',
    type: 'path',
    description: 'Where bff-profile.ts writes its profiles.',
  }),
  BENCH_PROFILE_TOP: envNumber({ default: 25, min: 1, description: 'Functions bff-profile.ts lists.' }),
  BENCH_WEB_COMPANIES: envNumber({
    default: 25_000,
    min: 1,
    description: "Data set size of the web app's bench.",
  }),
  BENCH_WEB_BUILD: envOptional({
    type: 'path',
    description: 'A web build made before, measured as it is (default: a fresh build).',
  }),
  BENCH_LH_RUNS: envNumber({ default: 5, min: 1, description: 'Lighthouse runs per page.' }),
  BENCH_LH_DIR: envOptional({
    type: 'path',
    description: "Where Lighthouse's reports are kept (default: not kept).",
  }),
  CHROMIUM_PATH: envText({
    default: '/usr/bin/chromium',
    type: 'path',
    description: 'The Chromium Lighthouse drives.',
  }),
  BENCH_ACCOUNT_ROWS: envNumber({ default: 10_000, min: 1, description: 'Rows of the account list bench.' }),
  BENCH_SAVED_LIST_RUNS: envNumber({
    default: 5,
    min: 1,
    description: 'Repeats of each saved list bench case.',
  }),
  COMPANIES: envNumber({
    default: 5000,
    min: 1,
    description: "Data set size of bff/bench/news.ts (not the service's).",
  }),
});

export type BenchConfig = z.output<typeof benchSchema>;

/** The benches' settings, checked; throws an EnvError naming every wrong variable. */
export function benchConfig(env: Env = process.env): BenchConfig {
  return readEnv(benchSchema, env);
}
