/**
 * What `createBffApp` (app.ts) takes and gives: the BFF's settings, each named by the environment
 * variable that sets it when `npm start` runs it (config.ts), and the app with its services.
 */
import type { Hono } from 'hono';
import type { BffMode } from '../contract/bff';
import type { Accounts } from './accounts/service';
import type { BffDeps, BffEnv } from './context';
import type { Extras, ExtrasOptions } from './extras';
import type { ListResolverOptions } from './lists/resolver';
import type { SavedListScheduler } from './saved-lists/scheduler';
import type { SavedListStore } from './saved-lists/store';
import type { BffStore } from './store/store';
import type { Upstream } from './upstream/upstream';

export type BffConfig = {
  upstream: Upstream;
  /** BFF_MODE: local (one implicit user, loopback only) or team (accounts and sessions). */
  mode?: BffMode;
  /**
   * The BFF's store (`openStore`: PostgreSQL when DATABASE_URL is set); by default SQLite in
   * DATA_DIR/bff.sqlite is opened (and closed by `close`). A store given is the caller's to close.
   */
  store?: BffStore;
  dataDir?: string;
  /** Where the ledger keeps lines its store cannot take (default: dataDir). */
  journalDir?: string;
  /** The built web app; not served when missing. */
  staticDir?: string;
  /** BFF_DAILY_BUDGET: credits per user per UTC day; null = unlimited. A team user's own budget wins. */
  dailyBudget?: number | null;
  /** UPSTREAM_TIMEOUT_MS: per attempt, the whole answer (default 15 s). */
  upstreamTimeoutMs?: number;
  /** UPSTREAM_RETRIES: extra attempts of a read after 502, 503 or a connection error (default 2). */
  retries?: number;
  retryBaseMs?: number;
  /** BFF_RATE_LIMIT: requests per minute per user (default 600; 0 = off). */
  rateLimitPerMinute?: number;
  /** BFF_CACHE_TTL_MS: life of a cached read (default 60 s; 0 = no cache). */
  cacheTtlMs?: number;
  cacheMaxEntries?: number;
  /**
   * BFF_STORE_MAX_AGE in ms: how long the team's company store serves what it bought (companies/);
   * 0 or unset: off, calls pass through (npm start sets the variable's default, 30 days).
   */
  storeMaxAgeMs?: number;
  /**
   * Counting lists past 500 and exporting every match (lists/count.ts): EXPORT_MAX_ROWS and
   * COUNT_MAX_ROWS (default 25,000 each).
   */
  counting?: { exportMaxRows?: number; countMaxRows?: number };
  /** BFF_MAX_BODY_BYTES: largest request body (default 1 MiB, as the service). */
  maxBodyBytes?: number;
  /** Life of a team session (default 7 days). */
  sessionTtlMs?: number;
  /** BFF_TRUST_PROXY: believe X-Forwarded-Proto (behind a TLS-terminating proxy). */
  trustProxy?: boolean;
  /** BFF_ALLOWED_ORIGINS: origins besides the BFF's own that may send unsafe requests. */
  allowedOrigins?: readonly string[];
  /**
   * BFF_ALLOWED_HOSTS and the host of BFF_PUBLIC_URL: the names (host[:port]) the BFF answers for
   * besides loopback on the port a request came in on (security/hosts.ts); any other Host is a 421.
   */
  allowedHosts?: readonly string[];
  /** Options of the extras (exports, webhooks, events); `now` defaults to the BFF's clock. */
  extras?: ExtrasOptions;
  /**
   * The list resolver (company size and exclusions, bff/server/lists/): how long probe readings
   * are kept, and the hook that reads size and negation words of a `query`.
   */
  lists?: Omit<ListResolverOptions, 'plan'>;
  /**
   * Account imports (issue 15): the pace of background matching in requests a minute
   * (ACCOUNTS_MATCH_PER_MINUTE; null or 0 = not paced; default 90% of the plan's rate limit on a
   * remote service, not paced on the embedded one), rows matched at once, and the import's limits.
   */
  accounts?: {
    perMinute?: number | null;
    concurrency?: number;
    /** How long an instance's lease on an import it matches lasts (ms, default 30 s). */
    leaseMs?: number;
    maxRows?: number;
    maxBytes?: number;
    retryBaseMs?: number;
  };
  /**
   * Saved lists (bff/server/saved-lists/): the scheduler of their daily and weekly checks, started
   * with the app unless `false` (tests drive it with `savedLists.scheduler.tick()`), and its clock.
   */
  savedLists?: { scheduler?: false | { intervalMs?: number }; now?: () => Date };
  log?: (line: string) => void;
  now?: () => Date;
};

export type BffApp = {
  app: Hono<BffEnv>;
  /** The app's fetch; `env` carries the Node adapter's bindings (the client's socket). */
  fetch: (req: Request, env?: unknown) => Response | Promise<Response>;
  deps: BffDeps;
  /** The extras' services: event hub, additions, webhooks (what their routes and the proxy share). */
  extras: Extras;
  accounts: Accounts;
  savedLists: { store: SavedListStore; scheduler: SavedListScheduler };
  /** Ends event streams and timers, writes the ledger's pending records, closes a store it opened. */
  close: () => Promise<void>;
};
