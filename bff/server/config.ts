/**
 * The BFF's configuration from the environment (README, "BFF configuration"). Every value is checked
 * here, so a typo stops the start with a message instead of running with a surprising default.
 */
import { BFF_MODES, type BffMode } from '../contract/bff';
import { allowedHostOf, normalHost } from './security/hosts';

export type BffEnvConfig = {
  port: number;
  host: string;
  mode: BffMode;
  dataDir: string;
  dailyBudget: number | null;
  upstreamUrl: string | undefined;
  upstreamApiKey: string | undefined;
  upstreamPlan: string | undefined;
  upstreamTimeoutMs: number;
  retries: number;
  rateLimitPerMinute: number;
  cacheTtlMs: number;
  /** BFF_LIST_CHECK_INTERVAL_MS: how often the BFF looks for due checks of saved lists; 0 = never. */
  listCheckIntervalMs: number;
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
};

type Env = Record<string, string | undefined>;

function num(
  env: Env,
  name: string,
  fallback: number,
  opts: { integer?: boolean; min?: number } = {},
): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || (opts.integer && !Number.isInteger(n)) || n < (opts.min ?? 0)) {
    throw new Error(
      `${name} must be ${opts.integer ? 'a whole number' : 'a number'} of at least ${opts.min ?? 0}; got "${raw}"`,
    );
  }
  return n;
}

export function bffConfigFromEnv(env: Env = process.env): BffEnvConfig {
  const modeRaw = (env.BFF_MODE?.trim() || 'local').toLowerCase();
  if (!(BFF_MODES as readonly string[]).includes(modeRaw)) {
    throw new Error(`BFF_MODE must be one of ${BFF_MODES.join(', ')}; got "${env.BFF_MODE}"`);
  }
  const budgetRaw = env.BFF_DAILY_BUDGET?.trim().toLowerCase();
  return {
    port: num(env, 'PORT', 8787, { integer: true }),
    host: env.HOST?.trim() || '127.0.0.1',
    mode: modeRaw as BffMode,
    dataDir: env.DATA_DIR ?? './data',
    dailyBudget:
      budgetRaw === undefined || budgetRaw === '' || budgetRaw === 'unlimited'
        ? null
        : num(env, 'BFF_DAILY_BUDGET', 0),
    upstreamUrl: env.UPSTREAM_URL || undefined,
    upstreamApiKey: env.UPSTREAM_API_KEY || undefined,
    upstreamPlan: env.UPSTREAM_PLAN || undefined,
    upstreamTimeoutMs: num(env, 'UPSTREAM_TIMEOUT_MS', 15_000, { integer: true, min: 1 }),
    retries: num(env, 'UPSTREAM_RETRIES', 2, { integer: true }),
    rateLimitPerMinute: num(env, 'BFF_RATE_LIMIT', 600, { integer: true }),
    accountsMatchPerMinute: env.ACCOUNTS_MATCH_PER_MINUTE?.trim()
      ? num(env, 'ACCOUNTS_MATCH_PER_MINUTE', 0)
      : undefined,
    cacheTtlMs: num(env, 'BFF_CACHE_TTL_MS', 60_000, { integer: true }),
    listCheckIntervalMs: num(env, 'BFF_LIST_CHECK_INTERVAL_MS', 60_000, { integer: true }),
    maxBodyBytes: num(env, 'BFF_MAX_BODY_BYTES', 1024 * 1024, { integer: true, min: 1 }),
    stopTimeoutMs: num(env, 'BFF_STOP_TIMEOUT_MS', 10_000, { integer: true }),
    trustProxy: ['1', 'true', 'yes'].includes((env.BFF_TRUST_PROXY ?? '').toLowerCase()),
    allowedOrigins: (env.BFF_ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((o) => new URL(o).origin),
    allowedHosts: allowedHostsOf(env),
  };
}

function allowedHostsOf(env: Env): string[] {
  const hosts = (env.BFF_ALLOWED_HOSTS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((h) => allowedHostOf(h));
  const publicUrl = env.BFF_PUBLIC_URL?.trim();
  if (publicUrl) {
    let url: URL | undefined;
    try {
      url = new URL(publicUrl);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) {
      throw new Error(
        `BFF_PUBLIC_URL must be the address people open, e.g. https://lists.example.com; got "${publicUrl}"`,
      );
    }
    hosts.push(normalHost(url.host));
  }
  return [...new Set(hosts)];
}
