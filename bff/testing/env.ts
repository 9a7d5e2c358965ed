/**
 * The environment of the tests and their harnesses: the variables they read (with type, default and
 * description: docs/configuration.md is generated from these schemas), the one they set
 * (TEST_DATABASE_URL, by the `postgres` project's setup), and the environment of the processes they
 * start. The only test code that reads `process.env`.
 */
import { z } from 'zod';
import { type Env, envNumber, envOptional, envText, readEnv } from '../contract/env-schema';

/** What Vitest's tests read. */
export const testSchema = z.object({
  TEST_DATABASE_URL: envOptional({
    type: 'postgres:// URL',
    secret: true,
    description: "Set by the postgres project's setup: the test file's database; unset: stores on SQLite.",
  }),
  ROUNDTRIP_RUNS: envNumber({
    default: 300,
    min: 1,
    description: 'Random filters the translation round-trip test renders and reads back.',
  }),
});

/** The real-service double on its own port (bff/testing/real-service-double-cli.ts). */
export const doubleSchema = z.object({
  DATA_DIR: envText({
    default: './data/double',
    type: 'path',
    description: "Folder of the double's embedded service.",
  }),
  DOUBLE_PORT: envNumber({ default: 8797, max: 65535, description: 'Port the double listens on.' }),
  DOUBLE_HOST: envText({
    default: '127.0.0.1',
    type: 'address',
    description: 'Address the double listens on.',
  }),
  DOUBLE_WEBHOOK_URL: envOptional({
    type: 'URL',
    description: 'A BFF receiver to register with the service; its secret goes to DATA_DIR/webhook-secret.',
    check: (v) => (URL.canParse(v) ? undefined : 'must be a URL'),
  }),
});

/**
 * The PostgreSQL database of this test file (the `postgres` project), or undefined on SQLite. Read
 * when called: the project's setup sets it before the file's tests run.
 */
export function testDatabaseUrl(env: Env = process.env): string | undefined {
  return readEnv(testSchema.pick({ TEST_DATABASE_URL: true }), env).TEST_DATABASE_URL;
}

/** Records this file's database for testDatabaseUrl() and for the BFF processes its tests start. */
export function setTestDatabaseUrl(url: string): void {
  process.env.TEST_DATABASE_URL = url;
}

/** How many random filters the translation round trip tries (ROUNDTRIP_RUNS). */
export function roundtripRuns(env: Env = process.env): number {
  return readEnv(testSchema.pick({ ROUNDTRIP_RUNS: true }), env).ROUNDTRIP_RUNS;
}

/** The real-service double's settings. */
export function doubleConfigFromEnv(env: Env = process.env): {
  dataDir: string;
  port: number;
  host: string;
  webhookUrl: string | undefined;
} {
  const v = readEnv(doubleSchema, env);
  return { dataDir: v.DATA_DIR, port: v.DOUBLE_PORT, host: v.DOUBLE_HOST, webhookUrl: v.DOUBLE_WEBHOOK_URL };
}

/** The environment of a process a test starts: this one's, with `extra` over it. */
export function childEnv(extra: Env = {}): Env {
  return { ...process.env, ...extra };
}
