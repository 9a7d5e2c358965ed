/**
 * The configuration: one schema per program, checked at start with messages naming the variable;
 * docs/configuration.md generated from the schemas; no other code reading the environment.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { e2eConfig } from '../../e2e/fixtures/env';
import { benchConfig } from '../bench/config';
import { BFF_MODES } from '../contract/bff';
import { EnvError } from '../contract/env-schema';
import { PLANS } from '../contract/pricing';
import { backgroundConfigFromEnv, datasetConfigFromEnv, serviceConfigFromEnv } from '../embedded/config';
import { CONFIG_PAGE, configPage } from '../testing/config-page';
import { childEnv } from '../testing/env';
import {
  bffConfigFromEnv,
  bffVariables,
  MODE_CHOICES,
  PLAN_CHOICES,
  postgresCliConfigFromEnv,
} from './config';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The message the configuration stops with, or undefined when it reads. */
function problemOf(read: () => unknown): string | undefined {
  try {
    read();
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(EnvError);
    return (err as Error).message;
  }
}

describe('docs/configuration.md', () => {
  it('is what the schemas generate', () => {
    const page = readFileSync(path.join(ROOT, CONFIG_PAGE), 'utf8');
    expect(page, `${CONFIG_PAGE} differs from the configuration schemas: run \`npm run docs:config\``).toBe(
      configPage(),
    );
  });

  it('lists every variable under its program, a secret without its value', () => {
    const page = configPage();
    for (const name of [
      'BFF_DAILY_BUDGET',
      'SERVICE_PORT',
      'TEST_DATABASE_URL',
      'E2E_PORT',
      'BENCH_BFF_AGAINST',
    ])
      expect(page).toMatch(new RegExp(`^\\| \`${name}\` \\|`, 'm'));
    expect(page).toMatch(/^\| `UPSTREAM_API_KEY` \|.*Secret: never shown\. \|$/m);
  });
});

describe("the BFF's configuration", () => {
  it('has the defaults the README promised when nothing is set, and when values are empty', () => {
    const cfg = bffConfigFromEnv({});
    expect(cfg).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      mode: 'local',
      dataDir: './data',
      databaseUrl: undefined,
      dailyBudget: null,
      upstreamUrl: undefined,
      upstreamTimeoutMs: 15_000,
      retries: 2,
      rateLimitPerMinute: 600,
      cacheTtlMs: 60_000,
      listCheckIntervalMs: 60_000,
      maxBodyBytes: 1024 * 1024,
      stopTimeoutMs: 10_000,
      trustProxy: false,
      allowedOrigins: [],
      allowedHosts: [],
      accountsMatchPerMinute: undefined,
      skipWebBuild: false,
    });
    expect(bffConfigFromEnv({ PORT: '', BFF_MODE: ' ', BFF_DAILY_BUDGET: '', DATABASE_URL: '' })).toEqual(
      cfg,
    );
  });

  it('reads what is set', () => {
    const cfg = bffConfigFromEnv({
      PORT: '9000',
      BFF_MODE: 'Team',
      BFF_DAILY_BUDGET: '12.5',
      DATABASE_URL: 'postgres://u:p@db:5432/lists',
      UPSTREAM_URL: 'https://api.example.com/',
      UPSTREAM_API_KEY: 'sk-123',
      UPSTREAM_PLAN: 'Pay-as-you-go',
      BFF_TRUST_PROXY: 'yes',
      BFF_ALLOWED_ORIGINS: 'http://localhost:5173/, https://a.example',
      ACCOUNTS_MATCH_PER_MINUTE: '0',
      SKIP_WEB_BUILD: '1',
    });
    expect(cfg).toMatchObject({
      port: 9000,
      mode: 'team',
      dailyBudget: 12.5,
      databaseUrl: 'postgres://u:p@db:5432/lists',
      upstreamUrl: 'https://api.example.com/',
      upstreamApiKey: 'sk-123',
      upstreamPlan: 'Pay-as-you-go',
      trustProxy: true,
      allowedOrigins: ['http://localhost:5173', 'https://a.example'],
      accountsMatchPerMinute: 0,
      skipWebBuild: true,
    });
    expect(bffConfigFromEnv({ BFF_DAILY_BUDGET: 'Unlimited' }).dailyBudget).toBeNull();
  });

  it('stops on a wrong value, naming the variable and what is wrong', () => {
    expect(problemOf(() => bffConfigFromEnv({ BFF_DAILY_BUDGET: 'abc' }))).toBe(
      "BFF_DAILY_BUDGET must be a non-negative number or unlimited, got 'abc'",
    );
    expect(problemOf(() => bffConfigFromEnv({ PORT: '80.5' }))).toBe(
      "PORT must be a whole number from 0 to 65535, got '80.5'",
    );
    expect(problemOf(() => bffConfigFromEnv({ BFF_MODE: 'solo' }))).toBe(
      "BFF_MODE must be one of local, team, got 'solo'",
    );
    expect(problemOf(() => bffConfigFromEnv({ UPSTREAM_TIMEOUT_MS: '0' }))).toBe(
      "UPSTREAM_TIMEOUT_MS must be a whole number of at least 1, got '0'",
    );
    expect(problemOf(() => bffConfigFromEnv({ BFF_TRUST_PROXY: 'maybe' }))).toBe(
      "BFF_TRUST_PROXY must be 1, true, yes, 0, false or no, got 'maybe'",
    );
    expect(problemOf(() => bffConfigFromEnv({ BFF_ALLOWED_ORIGINS: 'localhost:5173' }))).toMatch(
      /^BFF_ALLOWED_ORIGINS takes origins/,
    );
  });

  it("names the contract's modes and plans", () => {
    expect(MODE_CHOICES).toEqual(BFF_MODES);
    expect(PLAN_CHOICES).toEqual(PLANS);
  });

  it('names every wrong variable at once', () => {
    expect(
      problemOf(() => bffConfigFromEnv({ PORT: 'http', BFF_RATE_LIMIT: '-1', UPSTREAM_RETRIES: 'two' })),
    ).toBe(
      [
        "PORT must be a whole number from 0 to 65535, got 'http'",
        "UPSTREAM_RETRIES must be a non-negative whole number, got 'two'",
        "BFF_RATE_LIMIT must be a non-negative whole number, got '-1'",
      ].join('; '),
    );
  });

  it('never repeats the API key in its message', () => {
    const key = 'sk-live-SECRET\nsecond-line';
    const message = problemOf(() => bffConfigFromEnv({ UPSTREAM_API_KEY: key }));
    expect(message).toBe(
      'UPSTREAM_API_KEY must be printable characters on one line (its value is not shown)',
    );
    expect(message).not.toContain('SECRET');
    // Nor does anything the error carries (its problems, a cause).
    let thrown: unknown;
    try {
      bffConfigFromEnv({ UPSTREAM_API_KEY: key });
    } catch (err) {
      thrown = err;
    }
    expect(JSON.stringify(thrown)).not.toContain('SECRET');
  });

  it('reads only the variables a program asks for', () => {
    // user:add opens the store: a wrong PORT is none of its business.
    expect(bffVariables(['DATA_DIR', 'DATABASE_URL'], { PORT: 'x', DATA_DIR: '/srv/lists' })).toEqual({
      DATA_DIR: '/srv/lists',
      DATABASE_URL: undefined,
    });
    expect(problemOf(() => postgresCliConfigFromEnv({ POSTGRES_PORT: '0' }))).toBe(
      "POSTGRES_PORT must be a whole number from 1 to 65535, got '0'",
    );
  });
});

describe("the embedded service's configuration", () => {
  it('has its defaults', () => {
    expect(serviceConfigFromEnv({})).toEqual({
      port: 8788,
      host: '127.0.0.1',
      dataDir: './data',
      companies: 25_000,
      seed: 42,
      workers: undefined,
      additionDelayMs: 4000,
      webhookRetryBaseMs: 5000,
      webhookMaxAttempts: 6,
      webhookTimeoutMs: 10_000,
    });
  });

  it('stops on a wrong value, naming the variable', () => {
    expect(problemOf(() => datasetConfigFromEnv({ COMPANIES: '-5' }))).toBe(
      "COMPANIES must be a non-negative whole number, got '-5'",
    );
    expect(problemOf(() => backgroundConfigFromEnv({ ADDITION_DELAY_MS: '1.5s' }))).toBe(
      "ADDITION_DELAY_MS must be a non-negative whole number, got '1.5s'",
    );
    expect(problemOf(() => serviceConfigFromEnv({ SERVICE_PORT: '70000' }))).toBe(
      "SERVICE_PORT must be a whole number from 0 to 65535, got '70000'",
    );
  });
});

describe("the benches' and journeys' knobs", () => {
  it('have defaults and name a wrong value', () => {
    expect(benchConfig({}).BENCH_BFF_CONNECTIONS).toEqual([1, 32]);
    expect(benchConfig({ BENCH_SIZES: '300, 5000' }).BENCH_SIZES).toEqual([300, 5000]);
    expect(problemOf(() => benchConfig({ BENCH: 'everything' }))).toBe(
      "BENCH must be one of bff, translate, bffwork, lists, web, lookalikes, savedlists, accounts, payonce, count, screening, got 'everything'",
    );
    expect(problemOf(() => benchConfig({ BENCH_BFF_CONNECTIONS: '1,many' }))).toBe(
      "BENCH_BFF_CONNECTIONS takes whole numbers ≥ 1, comma-separated; got 'many'",
    );
    expect(e2eConfig({}).E2E_PORT).toBe(8799);
    expect(e2eConfig({ CI: 'true' }).CI).toBe(true);
  });
});

describe('the programs take their settings from the configuration', () => {
  const run = (script: string, env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', script], {
      cwd: ROOT,
      env: childEnv({ SKIP_WEB_BUILD: '1', ...env }),
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('npm start stops before doing anything on a wrong value', () => {
    const r = run('bff/server/cli/start.ts', { BFF_DAILY_BUDGET: 'abc', DATA_DIR: 'data/should-not-exist' });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(
      "Cannot start: BFF_DAILY_BUDGET must be a non-negative number or unlimited, got 'abc'",
    );
  });

  it('npm run service does too', () => {
    const r = run('bff/embedded/service-cli.ts', {
      SERVICE_PORT: 'eighty',
      DATA_DIR: 'data/should-not-exist',
    });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(
      "Cannot start: SERVICE_PORT must be a whole number from 0 to 65535, got 'eighty'",
    );
  });
});

// That nothing else reads the environment: bff/testing/structure.test.ts.
