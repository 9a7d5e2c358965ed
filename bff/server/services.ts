/**
 * The BFF's services, built once and in order, each from those before it: the store; the money
 * (ledger, holds, the team's cap, budgets); the extras (events, additions, webhooks), which the
 * pipeline tells of every proxied answer; the pipeline and, over it, the typed ways every part calls
 * the service by (the port and the list planner, `deps`) and the proxy's call; the accounts part;
 * the saved lists and their scheduler. `createApp` (app.ts) puts routes in front of them.
 */
import { IMPORT_MAX_BYTES } from '../contract/accounts';
import type { BffMode } from '../contract/bff';
import { credits } from '../contract/pricing';
import { accountListLookup } from './accounts/exclusion';
import { defaultPace } from './accounts/pacer';
import { type Accounts, createAccounts, type ExportRecording, exportRecording } from './accounts/service';
import { SqlAccountStore } from './accounts/store';
import { TeamCap } from './admin/team-cap';
import type { BffConfig } from './app-types';
import { ResponseCache } from './cache/cache';
import type { SectionReader } from './companies/sections';
import { CompanyStore } from './companies/store';
import type { BffDeps, BffUser } from './context';
import { createExtras, type Extras } from './extras';
import { Holds } from './ledger/budget';
import { LedgerJournal } from './ledger/journal';
import { Ledger } from './ledger/ledger';
import { createServiceCall } from './lists/service-call';
import { createPipeline } from './proxy/pipeline';
import { scrub } from './proxy/tolerant';
import type { RunnerOptions } from './saved-lists/runs';
import { type BudgetLeft, SavedListScheduler } from './saved-lists/scheduler';
import { SqlSavedListStore } from './saved-lists/store';
import { bffDatabaseFile, SqliteStore } from './store/sqlite';
import type { BffStore, HoldLimits } from './store/store';
import { withinDeadline } from './store/unavailable';
import type { Upstream } from './upstream/upstream';
import { SYSTEM_USER } from './webhooks/register';

/** Local mode's one user: an admin (nobody else could run the team's settings). */
export const LOCAL_USER: BffUser = { id: 'local', name: 'Local user', role: 'admin' };

const NO_LIMITS: HoldLimits = { budget: null, cap: null };

/** The ledger, the holds on credits, the team's cap and what a user may still spend. */
export type Money = {
  ledger: Ledger;
  holds: Holds;
  teamCap: TeamCap;
  /** The user's daily budget: known at once for a signed-in user (read with the session). */
  budgetOf: (user: BffUser) => number | null | Promise<number | null>;
  /** What a paid call must fit: the user's daily budget and the team's monthly cap. */
  limitsOf: (user: BffUser) => Promise<HoldLimits>;
  /** What a user may still spend: their daily budget's rest, and the team's monthly cap's. */
  budgetLeft: (user: BffUser) => Promise<BudgetLeft>;
  /** What a user may still spend, in one figure (the lowest of the two rests; null: unlimited). */
  remaining: (user: BffUser) => Promise<number | null>;
};

export type BffServices = {
  mode: BffMode;
  upstream: Upstream;
  store: BffStore;
  log: (line: string) => void;
  now: () => Date;
  money: Money;
  cache: ResponseCache | undefined;
  /** Answers the pipeline built with the security headers already on them. */
  secured: WeakSet<Response>;
  deps: BffDeps;
  /** The team's company store (companies/): off when `storeMaxAgeMs` is 0. */
  companies: CompanyStore;
  /** The service proxy's call (a plain list request straight to the pipeline; lists/service-call.ts). */
  proxyCall: ReturnType<typeof createServiceCall>['proxyCall'];
  extras: Extras;
  accounts: Accounts;
  savedLists: {
    store: SqlSavedListStore;
    scheduler: SavedListScheduler;
    runner: RunnerOptions;
    now: () => Date;
    columns: SectionReader;
  };
  /** The largest request body, and the account import's (a CSV of up to 50,000 rows). */
  maxBodyBytes: number;
  importMaxBytes: number;
  close: () => Promise<void>;
};

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

function buildMoney(config: BffConfig, store: BffStore, log: (line: string) => void, now: () => Date): Money {
  const mode = config.mode ?? 'local';
  const defaultBudget = config.dailyBudget ?? null;
  // The ledger's journal, for lines the store cannot take while it is down (a store in memory would
  // lose them with the process anyway: none).
  const journal =
    store.where === ':memory:'
      ? undefined
      : new LedgerJournal(config.journalDir ?? config.dataDir ?? './data', store.where);
  const ledger = new Ledger(store, now, log, journal);
  void ledger
    .recover()
    .catch((err: Error) => log(`[bff] the ledger's journal could not be read: ${err.message}`));
  const timeoutMs = config.upstreamTimeoutMs ?? 15_000;
  const retries = config.retries ?? 2;
  // A hold outlives its call only when the call's instance died: the longest a call can take (every
  // attempt, the one redirect followed, the backoffs) and a minute for its line to be written.
  const holds = new Holds(store, timeoutMs * (retries + 2) + 60_000, now);
  const teamCap = new TeamCap(store, ledger, now);
  const budgetOf = (user: BffUser): number | null | Promise<number | null> => {
    if (mode === 'local') return defaultBudget;
    if (user.dailyBudget !== undefined) return user.dailyBudget ?? defaultBudget;
    return withinDeadline(store.findUserById(user.id)).then((u) => u?.daily_budget ?? defaultBudget);
  };
  const budgetLeft = async (user: BffUser): Promise<BudgetLeft> => {
    const budget = await budgetOf(user);
    const cap = await teamCap.current();
    return {
      daily: budget === null ? null : Math.max(0, credits(budget - (await ledger.spentToday(user.id)))),
      team: cap === null ? null : Math.max(0, credits(cap - (await teamCap.spentThisMonth()))),
    };
  };
  return {
    ledger,
    holds,
    teamCap,
    budgetOf,
    limitsOf: async (user) => ({ budget: await budgetOf(user), cap: await teamCap.current() }),
    budgetLeft,
    remaining: async (user) => {
      const { daily, team } = await budgetLeft(user);
      return daily === null ? team : team === null ? daily : Math.min(daily, team);
    },
  };
}

function buildCache(config: BffConfig): ResponseCache | undefined {
  const cacheTtlMs = config.cacheTtlMs ?? 60_000;
  return cacheTtlMs > 0
    ? new ResponseCache({
        ttlMs: cacheTtlMs,
        maxEntries: config.cacheMaxEntries ?? 1000,
        maxBytes: 64 * 1024 * 1024,
      })
    : undefined;
}

/** Account imports and lists (bff/server/accounts/), paced unless the configuration says otherwise. */
function buildAccounts(
  config: BffConfig,
  base: {
    store: SqlAccountStore;
    recording: ExportRecording;
    upstream: Upstream;
    deps: BffDeps;
    money: Money;
    extras: Extras;
    now: () => Date;
  },
  importMaxBytes: number,
): Accounts {
  const { upstream } = base;
  const o = config.accounts;
  return createAccounts({
    store: base.store,
    recording: base.recording,
    port: base.deps.port,
    plan: upstream.plan,
    remaining: base.money.remaining,
    hub: base.extras.hub,
    perMinute:
      o?.perMinute === undefined
        ? defaultPace(upstream.plan, upstream.kind === 'embedded')
        : o.perMinute || null,
    ...(o?.concurrency !== undefined ? { concurrency: o.concurrency } : {}),
    ...(o?.leaseMs !== undefined ? { leaseMs: o.leaseMs } : {}),
    ...(o?.maxRows !== undefined ? { maxRows: o.maxRows } : {}),
    maxBytes: importMaxBytes,
    ...(o?.retryBaseMs !== undefined ? { retryBaseMs: o.retryBaseMs } : {}),
    log: base.deps.log,
    now: base.now,
  });
}

/** Saved lists (bff/server/saved-lists/): their store, and the scheduler of their checks. */
function buildSavedLists(
  config: BffConfig,
  base: {
    store: BffStore;
    deps: BffDeps;
    money: Money;
    extras: Extras;
    companies: CompanyStore;
    now: () => Date;
  },
): BffServices['savedLists'] {
  const { store, deps } = base;
  const now = config.savedLists?.now ?? base.now;
  // Its tables are migration 3 of the BFF's store (store/migrations.ts), on either engine.
  const savedListStore = new SqlSavedListStore(store.sql, {
    applySchema: false,
    transaction: (fn) => store.transaction(fn),
  });
  const runner: RunnerOptions = {
    port: deps.port,
    planner: deps.planner,
    plan: deps.plan,
    store: savedListStore,
    now,
  };
  const schedulerConfig = config.savedLists?.scheduler;
  const scheduler = new SavedListScheduler({
    runner,
    store: savedListStore,
    // Checks run as the list's owner, while the owner may still sign in.
    ownerOf: async (list) => {
      if ((config.mode ?? 'local') === 'local')
        return list.ownerId === LOCAL_USER.id ? LOCAL_USER : undefined;
      const u = await store.findUserById(list.ownerId);
      return u && !u.disabled
        ? { id: u.id, name: u.name, dailyBudget: u.daily_budget, role: u.role }
        : undefined;
    },
    budgetLeft: base.money.budgetLeft,
    hub: base.extras.hub,
    now,
    ...(schedulerConfig ? { intervalMs: schedulerConfig.intervalMs } : {}),
    log: deps.log,
  });
  if (schedulerConfig !== false) scheduler.start();
  // A static list's CSV reads its paid columns as the list's page does (companies/sections.ts).
  const columns = { port: deps.port, store: base.companies, remaining: base.money.remaining };
  return { store: savedListStore, scheduler, runner, now, columns };
}

export function buildServices(config: BffConfig): BffServices {
  const { upstream } = config;
  const now = config.now ?? (() => new Date());
  const store: BffStore = config.store ?? new SqliteStore(bffDatabaseFile(config.dataDir ?? './data'));
  const log = (line: string) => (config.log ?? console.log)(scrub(line, upstream.apiKey));
  const money = buildMoney(config, store, log, now);
  const cache = buildCache(config);
  const extras = createExtras(
    { store, log },
    // Team mode: a live event stream ends with its session (events/session-streams.ts).
    { now, ...config.extras, teamSessions: (config.mode ?? 'local') === 'team' },
  );
  const secured = new WeakSet<Response>();
  const pipeline = createPipeline({
    upstream,
    secured,
    ledger: money.ledger,
    ...(cache ? { cache } : {}),
    // The BFF's own calls (webhook registration, free) are the team's housekeeping, never refused.
    limitsOf: (user) => (user.id === SYSTEM_USER.id ? NO_LIMITS : money.limitsOf(user)),
    holds: money.holds,
    plan: upstream.plan,
    timeoutMs: config.upstreamTimeoutMs ?? 15_000,
    retries: config.retries ?? 2,
    retryBaseMs: config.retryBaseMs ?? 100,
    onProxied: extras.onProxied,
    // A status lookup of another user's addition request is a 404 (additions/ownership.ts).
    additionOwner: (id) => store.additionOwner(id),
    log,
    now,
  });
  // Account lists to hide or mark in a list (issue 15): the accounts' store, and the exports still
  // recording companies in "Exported before".
  const accountStore = new SqlAccountStore(store);
  const recording = exportRecording();
  // The team's company store: what was bought, served again at no cost while young enough.
  const companies = new CompanyStore(store.sql, {
    maxAgeMs: config.storeMaxAgeMs ?? 0,
    plan: upstream.plan,
    now,
    log,
    onSaved: (userId, endpoint) =>
      extras.hub.publish(userId, 'usage.changed', { endpoint, credits_consumed: 0 }),
  });
  const { port, planner, proxyCall } = createServiceCall(pipeline, {
    plan: upstream.plan,
    log,
    // Company size gathered slice by slice: refused (402) when the budget left cannot cover it.
    lists: { ...config.lists, remaining: money.remaining },
    accountLists: accountListLookup(accountStore, recording.recorded),
    companies,
    // Signal filters (decisions section 15): screening priced against what the user may still spend.
    // "Posted within N days" counts from the data's today: the embedded data set's, else the clock's.
    signals: {
      remaining: money.remaining,
      now: () => {
        const day = upstream.dataToday?.();
        return day ? new Date(`${day}T00:00:00Z`) : now();
      },
    },
  });
  const deps: BffDeps = { port, planner, store, plan: upstream.plan, log };
  const importMaxBytes = config.accounts?.maxBytes ?? IMPORT_MAX_BYTES;
  const accounts = buildAccounts(
    config,
    { store: accountStore, recording, upstream, deps, money, extras, now },
    importMaxBytes,
  );
  const savedLists = buildSavedLists(config, { store, deps, money, extras, companies, now });
  return {
    mode: config.mode ?? 'local',
    upstream,
    store,
    log,
    now,
    money,
    cache,
    secured,
    deps,
    companies,
    proxyCall,
    extras,
    accounts,
    savedLists,
    maxBodyBytes: config.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    importMaxBytes,
    close: async () => {
      await savedLists.scheduler.stop();
      // Stops matching at once (rows in flight are not recorded; a restart resumes them).
      await accounts.close();
      extras.close();
      cache?.clear();
      // Every line written (or, the store down, in the journal for the next start) before the store goes.
      await money.ledger.close();
      if (!config.store) await store.close();
    },
  };
}
