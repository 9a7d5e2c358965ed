/**
 * The BFF's store: everything the BFF keeps (accounts, sessions, the credit ledger and budgets, the
 * team's settings and audit log, addition requests, webhooks, rate limits) and the channel that
 * carries live events and session ends between instances. One implementation (./engine-store.ts)
 * whose queries are written once in portable SQL, in the folders that own the data, over an engine
 * adapter (./engine.ts): SQLite in DATA_DIR/bff.sqlite (./sqlite.ts, one BFF process) or PostgreSQL
 * when DATABASE_URL is set (./postgres.ts, any number of BFF processes on one database).
 * docs/decisions/0013-postgresql-store.md and 0022-one-persistence-pattern.md say why and how.
 *
 * Every method answers a Promise, on SQLite too, so the BFF's code is the same on both; only
 * `takeToken` answers at once where the buckets are in memory. The schema is in ./migrations.ts
 * (versioned, applied at open).
 */
import type { AdminUser, AuditAction, AuditDetails, AuditEntry, Role } from '../../contract/admin';
import type { AdditionState, AdditionStatus } from '../../contract/api';
import type { BffEventType, LedgerEntry } from '../../contract/bff';
import type { AdditionRecord } from '../../contract/bff-lists';
import type { PasswordHash } from '../auth/passwords';
import type { BffUser } from '../context';

/** Who acted: an admin (by id and name as they were then), or the command line. */
export type Actor = { id: string; name: string };

export type StoredUser = BffUser &
  PasswordHash & { daily_budget: number | null; role: Role; disabled: boolean };

export type NewUserRow = {
  id: string;
  name: string;
  hash: string;
  salt: string;
  role: Role;
  dailyBudget: number | null;
};

export type UserChanges = {
  role?: Role;
  disabled?: boolean;
  dailyBudget?: number | null;
  password?: PasswordHash;
};

export type CreateUserResult = { kind: 'created' } | { kind: 'exists'; name: string };

export type UpdateResult =
  | {
      kind: 'updated';
      /** The user's sessions must end (disabled, or a new password). */
      endSessions: boolean;
      /** Something the user's sessions carry changed (role, budget): they must be read again. */
      refreshSessions: boolean;
    }
  | { kind: 'not_found' }
  /** The change would leave no enabled admin. */
  | { kind: 'last_admin' };

/** The user of a live session of an enabled account, with when the session expires (ISO). */
export type SessionRow = BffUser & { dailyBudget: number | null; role: Role; expiresAt: string };

/** One ledger line as written. */
export type LedgerRow = {
  userId: string;
  day: string;
  at: string;
  method: string;
  endpoint: string;
  status: number;
  creditsConsumed: number;
  cache: LedgerEntry['cache'];
  durationMs: number;
  /** The line's own id: writing a line twice (a journal replayed) keeps one. */
  lineId?: string;
  /** The hold (placeHold) this line settles: it ends with the line, in the same transaction. */
  holdId?: string;
};

/** Credits by day, user and endpoint (the spend dashboard). */
export type SpendRow = {
  day: string;
  user_id: string;
  /** The account's name; null for the BFF's own users (local mode's user, the BFF itself). */
  name: string | null;
  endpoint: string;
  credits: number;
};

export type LedgerCsvRow = {
  id: number;
  at: string;
  day: string;
  user_id: string;
  name: string | null;
  method: string;
  endpoint: string;
  status: number;
  credits_consumed: number;
  cache: string;
  duration_ms: number;
};

/**
 * What a paid call may cost at most, held against the user's day budget and the team's month cap
 * from before it goes upstream until its ledger line settles it (docs/decisions/0019).
 */
export type Hold = {
  id: string;
  userId: string;
  /** UTC day, YYYY-MM-DD (its first seven characters are the month). */
  day: string;
  amount: number;
  /** ISO time after which the hold no longer counts: its call died with its instance. */
  expiresAt: string;
};

/** The limits a hold must fit; null: none. */
export type HoldLimits = { budget: number | null; cap: number | null };

export type HoldOutcome =
  | { ok: true }
  | {
      ok: false;
      /** Which limit the call would pass. */
      limit: 'daily' | 'team';
      /** That limit, what was settled against it, and what calls in flight hold of it. */
      of: number;
      spent: number;
      held: number;
    };

export type AdditionSubmission = {
  requestId: string;
  userId: string;
  companyName: string | null;
  domain: string | null;
  status: AdditionState;
  at: string;
};

export type StatusUpdate = {
  /** Whether the stored state changed (an event is worth sending). */
  changed: boolean;
  /** The user who submitted the request, when known. */
  userId: string | null;
};

export type StoredEndpoint = { endpoint_id: string; url: string; secret: string; created_at: string };

export type WebhookOutcome = 'duplicate' | 'ignored' | StatusUpdate;

export type Decision = { ok: true } | { ok: false; retryAfterS: number };

/** An attempt counted under each of its keys (`ids`, in the keys' order), or refused. */
export type AttemptTake = { ok: true; ids: readonly number[] } | { ok: false; retryAfterS: number };

/** What instances tell each other (PostgreSQL NOTIFY; on SQLite, this process's listeners). */
export type StoreMessage =
  | { kind: 'event'; userId: string; type: BffEventType; data: unknown }
  /**
   * Sessions ended or changed: forget what was remembered of them (by session hash, or a user's).
   * `ended`: they ended (sign-out, a password reset, the user disabled), so their live event streams
   * end at once; absent (a new role or budget, or a sender from before the field), streams read their
   * session again and end only if it is gone.
   */
  | { kind: 'sessions'; idHash?: string; userId?: string; ended?: true };

/**
 * Portable SQL for tests and for a room's own queries: `?` placeholders on both engines (numbered
 * for PostgreSQL), rows as plain objects. Write SQL both engines read alike (README of migrations).
 */
export type PortableSql = {
  all<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  get<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  run(sql: string, params?: readonly unknown[]): Promise<{ changes: number }>;
};

export interface BffStore {
  readonly kind: 'sqlite' | 'postgres';
  /** Where the state is, for a log line: the file, or host/database (never a password). */
  readonly where: string;
  readonly sql: PortableSql;
  /**
   * Runs `fn` in one transaction: committed when its promise resolves, rolled back when it rejects
   * (the rejection passes on). `fn` must run its statements on the `sql` it is given, not on
   * `store.sql` (which waits for the transaction to end: a deadlock), and await nothing but them.
   * PostgreSQL: `BEGIN`/`COMMIT` on one reserved connection of the pool. SQLite: `BEGIN IMMEDIATE`
   * on the one connection, transactions one after another, and `store.sql` callers wait meanwhile.
   */
  transaction<T>(fn: (sql: PortableSql) => Promise<T>): Promise<T>;

  // --- accounts --------------------------------------------------------------------------------
  findUserByName(name: string): Promise<StoredUser | undefined>;
  findUserById(id: string): Promise<StoredUser | undefined>;
  /** Every account by name, with what it spent on `day` (UTC, YYYY-MM-DD). */
  listUsers(day: string): Promise<AdminUser[]>;
  getUser(id: string, day: string): Promise<AdminUser | undefined>;
  /** Adds an account and its audit entry, in one transaction; `exists` when the name is taken. */
  createUser(user: NewUserRow, actor: Actor, at: Date): Promise<CreateUserResult>;
  /**
   * Changes an account with one audit entry per change, in one transaction; refused when it would
   * demote or disable the last enabled admin. A disabled user's sessions are deleted in it.
   */
  updateUser(id: string, changes: UserChanges, actor: Actor, at: Date): Promise<UpdateResult>;

  // --- sessions (ids stored as their SHA-256 hash) ---------------------------------------------
  createSession(s: { idHash: string; userId: string; createdAt: string; expiresAt: string }): Promise<void>;
  /** The session's user when the session lives at `now` (ISO) and the account is enabled. */
  sessionUser(idHash: string, now: string): Promise<SessionRow | undefined>;
  deleteSession(idHash: string): Promise<void>;
  deleteSessionsOf(userId: string): Promise<void>;

  // --- the credit ledger -------------------------------------------------------------------------
  /**
   * Writes ledger lines in one transaction, and in it ends the holds they settle (`holdId`) and the
   * holds `released` (calls that ended without a line), and adds the lines' credits to the settled
   * spend of their user's day and the team's month. A line whose `lineId` is already written is
   * left out, its credits too: writing a batch again changes nothing.
   */
  insertLedger(rows: readonly LedgerRow[], released?: readonly string[]): Promise<void>;
  spentOn(userId: string, day: string): Promise<{ credits: number; calls: number }>;
  recentLedger(userId: string, limit: number): Promise<LedgerEntry[]>;
  /** Credits the whole team spent from `fromDay` (UTC, YYYY-MM-DD) on. */
  teamSpendSince(fromDay: string): Promise<number>;
  spendRows(fromDay: string, toDay: string): Promise<SpendRow[]>;
  lastLedgerId(): Promise<number>;
  /** Ledger entries with `after < id <= last`, by id, at most `limit`. */
  ledgerPage(after: number, last: number, limit: number): Promise<LedgerCsvRow[]>;

  // --- what calls in flight hold -------------------------------------------------------------------
  /**
   * Holds `hold.amount` for a paid call when it fits both limits: the user's settled spend of the
   * day, plus what the user's live holds hold, plus this one, within `budget`; the team's settled
   * spend of the month, plus every live hold of the month, plus this one, within `cap`. Checked and
   * written in one transaction under the spend rows' locks: calls on any number of instances at
   * once never hold more than is left. `now` (ISO) tells live holds from expired ones.
   */
  placeHold(hold: Hold, limits: HoldLimits, now: string): HoldOutcome | Promise<HoldOutcome>;
  /** The settled spend of a user's day and of the team's month (ledger lines written so far). */
  settledSpend(userId: string, day: string): Promise<{ day: number; month: number }>;

  // --- the team ------------------------------------------------------------------------------------
  monthlyCap(): Promise<number | null>;
  setMonthlyCap(cap: number | null, actor: Actor, at: Date): Promise<void>;
  recordAudit(
    actor: Actor,
    at: Date,
    action: AuditAction,
    target: string,
    details?: AuditDetails,
  ): Promise<void>;
  auditEntries(limit: number): Promise<AuditEntry[]>;

  // --- company addition requests -----------------------------------------------------------------
  recordSubmission(s: AdditionSubmission): Promise<void>;
  /**
   * Applies a status lookup answer (from a webhook or a relayed lookup). `userId` claims an unowned
   * request for the user who looked it up; an owned request keeps its owner.
   */
  applyAdditionStatus(status: AdditionStatus, userId?: string | null): Promise<StatusUpdate>;
  additionOwner(requestId: string): Promise<string | null>;
  /** The user's requests, newest first. */
  additionsOf(userId: string, limit: number): Promise<AdditionRecord[]>;

  // --- webhooks --------------------------------------------------------------------------------------
  webhookEndpoints(): Promise<StoredEndpoint[]>;
  saveWebhookEndpoint(e: StoredEndpoint): Promise<void>;
  forgetWebhookEndpoint(endpointId: string): Promise<void>;
  /**
   * A delivery, exactly once: marks `webhookId` handled and applies `status` (null: an event type
   * the BFF does not know, acknowledged) in one transaction; `duplicate` when any instance handled
   * it before, also one receiving it at the same moment.
   */
  applyWebhook(webhookId: string, now: Date, status: AdditionStatus | null): Promise<WebhookOutcome>;

  // --- rate limits ---------------------------------------------------------------------------------
  /**
   * Takes a token of `key`'s bucket (`perMinute`, bursts as large): shared by every instance. Answered
   * at once where the buckets are in memory (SQLite: one process owns the file).
   */
  takeToken(key: string, perMinute: number, nowMs: number): Decision | Promise<Decision>;
  /**
   * Counts an attempt (a sign-in about to be checked) under every one of `keys`, atomically across
   * instances: granted only while each key has fewer than `max` attempts after `nowMs - windowMs`;
   * otherwise nothing is counted and the answer says when the oldest attempt in the way leaves the
   * window. Concurrent takes never grant more than `max` per key.
   */
  takeAttempts(keys: readonly string[], max: number, windowMs: number, nowMs: number): Promise<AttemptTake>;
  /** Forgets every attempt of `keys` and the attempts `ids` (a sign-in that succeeded). */
  forgetAttempts(keys: readonly string[], ids: readonly number[]): Promise<void>;

  // --- between instances -----------------------------------------------------------------------------
  /** Sends `message` to every instance's listeners, this one's included. */
  publish(message: StoreMessage): Promise<void>;
  /** Listens to messages; the returned function stops. */
  onMessage(listener: (message: StoreMessage) => void): () => void;

  close(): Promise<void>;
}
