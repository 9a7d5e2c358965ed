/**
 * The BFF's configuration: every environment variable its programs read (`npm start`, `npm run dev`,
 * `npm run user:add`, `npm run postgres`), one schema each, with type, default and description
 * (docs/configuration.md is generated from them: `npm run docs:config`). This module and
 * bff/embedded/config.ts are the only BFF code that reads `process.env`. Every value is checked
 * here, so a typo stops the start with a message naming the variable instead of running with a
 * surprising default.
 */
// vite.config.ts imports this module, and Vite wants every file its config loads imported with its
// extension: hence the `.ts` below, and the modes and plans named here (as types from the contract,
// whose files import without one; config.test.ts checks the lists against the contract's).
import { z } from 'zod';
import type { BffMode } from '../contract/bff';
import {
  type Env,
  envChoice,
  envDuration,
  envFlag,
  envList,
  envNumber,
  envOptional,
  envOptionalNumber,
  envPort,
  envSwitch,
  envText,
  readEnv,
  readSome,
} from '../contract/env-schema.ts';
import type { Plan } from '../contract/pricing';
import { allowedHostOf, normalHost } from './security/hosts.ts';

export const MODE_CHOICES = ['local', 'team'] as const satisfies readonly BffMode[];
export const PLAN_CHOICES = ['payg', 'subscription', 'enterprise'] as const satisfies readonly Plan[];

function publicUrlProblem(value: string): string | undefined {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  return url && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname
    ? undefined
    : 'must be the address people open, e.g. https://lists.example.com';
}

function originOf(entry: string): string {
  try {
    const url = new URL(entry);
    if (url.origin !== 'null') return url.origin;
  } catch {}
  throw new Error(
    `BFF_ALLOWED_ORIGINS takes origins (scheme://host[:port], comma-separated); got '${entry}'`,
  );
}

/** `npm start`: the BFF, with the embedded service in-process unless UPSTREAM_URL is set. */
export const bffSchema = z.object({
  PORT: envNumber({ default: 8787, max: 65535, description: 'Port the BFF listens on (0: any free port).' }),
  HOST: envText({
    default: '127.0.0.1',
    type: 'address',
    description: 'Address the BFF listens on; anything but loopback needs team mode and BFF_ALLOWED_HOSTS.',
  }),
  BFF_MODE: envChoice(MODE_CHOICES, {
    default: 'local',
    description: 'local: one person, no sign-in, loopback only; team: accounts, sessions, budgets per user.',
  }),
  DATA_DIR: envText({
    default: './data',
    type: 'path',
    description: "Folder of the BFF's SQLite store and journal (and the embedded service's database).",
  }),
  DATABASE_URL: envOptional({
    type: 'postgres:// URL',
    secret: true,
    shown: 'SQLite in DATA_DIR',
    description: "PostgreSQL database of all the BFF's state, which any number of BFF processes may share.",
  }),
  BFF_DAILY_BUDGET: envOptional({
    type: 'number ≥ 0 or unlimited',
    shown: 'unlimited',
    description:
      "Credits per user per UTC day (a paid call that does not fit answers 402); a user's own budget wins.",
    check: (v) =>
      v.toLowerCase() === 'unlimited' || (Number.isFinite(Number(v)) && Number(v) >= 0)
        ? undefined
        : 'must be a non-negative number or unlimited',
  }),
  UPSTREAM_URL: envOptional({
    type: 'URL',
    shown: 'the embedded service',
    description: 'A remote Company Data Service; unset: the embedded service, in-process.',
    check: (v) => (/^https?:\/\/[^/]/.test(v) && URL.canParse(v) ? undefined : 'must be an http(s) URL'),
  }),
  UPSTREAM_API_KEY: envOptional({
    type: 'text',
    secret: true,
    shown: 'dev-enterprise-key (embedded)',
    description:
      'The key the BFF adds to upstream calls (embedded: another dev key tries its plan); never logged.',
    check: (v) =>
      /^[\x20-\x7e]+$/.test(v)
        ? undefined
        : 'must be printable characters on one line (its value is not shown)',
  }),
  UPSTREAM_PLAN: envOptional({
    // Checked where the key's own plan is known (upstream/upstream.ts), which also takes the labels.
    type: `one of ${PLAN_CHOICES.join(', ')}`,
    shown: "the key's plan, or enterprise",
    description:
      "The remote key's plan (the service cannot be asked); the web app fits page sizes and sections to it.",
  }),
  UPSTREAM_TIMEOUT_MS: envNumber({
    default: 15_000,
    min: 1,
    description: 'Per attempt, for the whole answer; then 504.',
  }),
  UPSTREAM_RETRIES: envNumber({
    default: 2,
    description: 'Extra attempts of a GET after 502, 503 or a connection error.',
  }),
  BFF_RATE_LIMIT: envNumber({
    default: 600,
    description: 'Requests per minute per user (token bucket); 0 = off.',
  }),
  ACCOUNTS_MATCH_PER_MINUTE: envOptionalNumber({
    fractions: true,
    shown: "90% of the plan's rate limit (remote); not paced (embedded)",
    description: 'Company searches a minute for account matching and bulk enrichment; 0 = not paced.',
  }),
  BFF_CACHE_TTL_MS: envNumber({ default: 60_000, description: 'Life of a cached read; 0 = no cache.' }),
  BFF_STORE_MAX_AGE: envDuration({
    default: '30d',
    description:
      "How long the team's company store serves what it bought (sections, list orders) at no cost; 0 = off.",
  }),
  EXPORT_MAX_ROWS: envNumber({
    default: 25_000,
    min: 1,
    description:
      'Most rows an export of every match (`all`) writes; a list of more is refused (422) before any row is bought.',
  }),
  COUNT_MAX_ROWS: envNumber({
    default: 25_000,
    min: 1,
    description:
      'Most companies an exact count counts (its credit bound: 2 per 500 of them + 20); a list of more is a 422.',
  }),
  BFF_LIST_CHECK_INTERVAL_MS: envNumber({
    default: 60_000,
    description: 'How often the BFF looks for due checks of saved lists; 0 = this instance runs none.',
  }),
  BFF_MAX_BODY_BYTES: envNumber({
    default: 1024 * 1024,
    min: 1,
    description: 'Largest request body; 413 beyond.',
  }),
  BFF_STOP_TIMEOUT_MS: envNumber({
    default: 10_000,
    description: 'How long a stop (SIGTERM, SIGINT) waits for the requests in flight before it cuts them.',
  }),
  BFF_TRUST_PROXY: envSwitch({
    description:
      "Behind a TLS proxy: believe X-Forwarded-Proto, take the client's address from X-Forwarded-For.",
  }),
  BFF_ALLOWED_ORIGINS: envList({
    type: 'origins, comma-separated',
    item: originOf,
    description: "Origins besides the BFF's own whose unsafe requests are accepted (CSRF check).",
  }),
  BFF_ALLOWED_HOSTS: envList({
    type: 'host[:port], comma-separated',
    item: (entry) => allowedHostOf(entry),
    description: 'Names the BFF answers for besides loopback on its port; any other Host gets a 421.',
  }),
  BFF_PUBLIC_URL: envOptional({
    type: 'URL',
    check: publicUrlProblem,
    description: 'The address people open; its host is allowed as BFF_ALLOWED_HOSTS are.',
  }),
  WEBHOOK_SECRET: envOptional({
    type: 'text',
    secret: true,
    description: 'Secret (whsec_...) of a webhook endpoint registered by hand with a remote upstream.',
  }),
  SKIP_WEB_BUILD: envFlag({
    description: 'Serve dist/ as it is, without rebuilding the web app when it is stale.',
  }),
});

/** `npm run dev`: the BFF as above, plus Vite's dev server. */
export const devSchema = z.object({
  VITE_PORT: envPort({ default: 5173, description: "Port of Vite's dev server (npm run dev)." }),
});

/** `npm run postgres`: a PostgreSQL server for trying several instances. */
export const postgresCliSchema = z.object({
  POSTGRES_DIR: envText({ default: 'data/postgres', type: 'path', description: "The server's data folder." }),
  POSTGRES_PORT: envPort({ default: 5433, description: 'Port it listens on (127.0.0.1).' }),
});

export type BffEnvConfig = {
  port: number;
  host: string;
  mode: BffMode;
  dataDir: string;
  /** DATABASE_URL: PostgreSQL when set, else DATA_DIR/bff.sqlite. */
  databaseUrl: string | undefined;
  dailyBudget: number | null;
  upstreamUrl: string | undefined;
  upstreamApiKey: string | undefined;
  upstreamPlan: string | undefined;
  upstreamTimeoutMs: number;
  retries: number;
  rateLimitPerMinute: number;
  cacheTtlMs: number;
  /** BFF_STORE_MAX_AGE in ms: how long the company store serves what it bought; 0 = off. */
  storeMaxAgeMs: number;
  /** BFF_LIST_CHECK_INTERVAL_MS: how often the BFF looks for due checks of saved lists; 0 = never. */
  listCheckIntervalMs: number;
  /** EXPORT_MAX_ROWS: the most rows an export of every match writes. */
  exportMaxRows: number;
  /** COUNT_MAX_ROWS: the most companies an exact count counts. */
  countMaxRows: number;
  maxBodyBytes: number;
  /**
   * BFF_STOP_TIMEOUT_MS: how long a stop (SIGTERM, SIGINT) waits for the requests in flight before it
   * cuts their connections.
   */
  stopTimeoutMs: number;
  trustProxy: boolean;
  allowedOrigins: string[];
  /**
   * BFF_ALLOWED_HOSTS and the host of BFF_PUBLIC_URL: the names (host[:port]) the BFF answers for
   * besides loopback on its port (security/hosts.ts); any other Host is a 421.
   */
  allowedHosts: string[];
  /**
   * ACCOUNTS_MATCH_PER_MINUTE: the pace of account matching in company searches a minute (0: not
   * paced); undefined: the plan's default (90% of its rate limit; the embedded service not paced).
   */
  accountsMatchPerMinute: number | undefined;
  /** WEBHOOK_SECRET: the secret of an endpoint registered by hand with a remote upstream. */
  webhookSecret: string | undefined;
  skipWebBuild: boolean;
};

/** `npm start`'s settings; throws an EnvError naming every wrong variable. */
export function bffConfigFromEnv(env: Env = process.env): BffEnvConfig {
  const v = readEnv(bffSchema, env);
  const budget = v.BFF_DAILY_BUDGET;
  return {
    port: v.PORT,
    host: v.HOST,
    mode: v.BFF_MODE,
    dataDir: v.DATA_DIR,
    databaseUrl: v.DATABASE_URL,
    dailyBudget: budget === undefined || budget.toLowerCase() === 'unlimited' ? null : Number(budget),
    upstreamUrl: v.UPSTREAM_URL,
    upstreamApiKey: v.UPSTREAM_API_KEY,
    upstreamPlan: v.UPSTREAM_PLAN,
    upstreamTimeoutMs: v.UPSTREAM_TIMEOUT_MS,
    retries: v.UPSTREAM_RETRIES,
    rateLimitPerMinute: v.BFF_RATE_LIMIT,
    accountsMatchPerMinute: v.ACCOUNTS_MATCH_PER_MINUTE,
    cacheTtlMs: v.BFF_CACHE_TTL_MS,
    storeMaxAgeMs: v.BFF_STORE_MAX_AGE,
    listCheckIntervalMs: v.BFF_LIST_CHECK_INTERVAL_MS,
    exportMaxRows: v.EXPORT_MAX_ROWS,
    countMaxRows: v.COUNT_MAX_ROWS,
    maxBodyBytes: v.BFF_MAX_BODY_BYTES,
    stopTimeoutMs: v.BFF_STOP_TIMEOUT_MS,
    trustProxy: v.BFF_TRUST_PROXY,
    allowedOrigins: v.BFF_ALLOWED_ORIGINS,
    allowedHosts: [
      ...new Set([
        ...v.BFF_ALLOWED_HOSTS,
        ...(v.BFF_PUBLIC_URL ? [normalHost(new URL(v.BFF_PUBLIC_URL).host)] : []),
      ]),
    ],
    webhookSecret: v.WEBHOOK_SECRET,
    skipWebBuild: v.SKIP_WEB_BUILD,
  };
}

type BffVariables = z.output<typeof bffSchema>;

/**
 * Some of `npm start`'s variables, checked, for a program that needs only those (`npm run user:add`
 * opens the store; the Vite config proxies to PORT): a wrong variable it does not read stops nothing.
 */
export function bffVariables<const K extends keyof BffVariables & string>(
  names: readonly K[],
  env: Env = process.env,
): Pick<BffVariables, K> {
  return readSome(bffSchema, names, env);
}

/** WEBHOOK_SECRET as set now, for a BFF built without an explicit `webhookSecret`. */
export function webhookSecretFromEnv(env: Env = process.env): string | undefined {
  return bffVariables(['WEBHOOK_SECRET'], env).WEBHOOK_SECRET;
}

/** `npm run dev`'s settings (VITE_PORT). */
export function devConfigFromEnv(env: Env = process.env): { vitePort: number } {
  return { vitePort: readEnv(devSchema, env).VITE_PORT };
}

/** `npm run postgres`'s settings. */
export function postgresCliConfigFromEnv(env: Env = process.env): { dir: string; port: number } {
  const v = readEnv(postgresCliSchema, env);
  return { dir: v.POSTGRES_DIR, port: v.POSTGRES_PORT };
}

/**
 * The environment a child process of a BFF program inherits (this process's, with `extra` over it):
 * the child reads its own configuration from it.
 */
export function inheritedEnv(extra: Env = {}): Env {
  return { ...process.env, ...extra };
}
