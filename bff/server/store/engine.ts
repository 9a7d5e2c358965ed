/**
 * The engine adapter: the one place where SQLite and PostgreSQL differ. Every query of the store is
 * written once in portable SQL over it (the query modules in the folders that own the data, composed
 * by ./engine-store.ts); ./sqlite.ts and ./postgres.ts implement it. What it holds, and nothing else:
 * how a transaction runs (and what locks rows or keys in it), how instances tell each other things
 * (NOTIFY, or this process's listeners), the few spellings the dialects do not share, whether the
 * store belongs to one process, and the migrations' lock (at open, in each adapter).
 * docs/decisions/0022-one-persistence-pattern.md says why.
 */
import type { PortableSql, StoreMessage } from './store';

/** A transaction's statements: portable SQL on its connection, and keys it may lock. */
export type Tx = PortableSql & {
  /**
   * Waits for the lock of `space` (and `key`, when given) and holds it to the transaction's end:
   * PostgreSQL's advisory locks, for rules that span rows (the last admin, a sign-in key's count).
   * SQLite: nothing to do, one transaction writes at a time.
   */
  lock(space: number, key?: string): Promise<void>;
};

export type TransactionOptions = {
  /**
   * The commit waits for the disk. PostgreSQL commits without waiting by default (a crash may lose
   * the last fraction of a second, never consistency); admin changes and ledger lines wait.
   */
  durable?: boolean;
};

/** A column of rows read from a JSON array parameter. */
export type JsonColumn = readonly [name: string, type: 'text' | 'integer' | 'real'];

/** What the two dialects spell differently, as pieces of SQL text. */
export type Dialect = {
  /** Appended to a SELECT of rows a transaction will change: ` FOR UPDATE`; '' on SQLite (one writer). */
  readonly forUpdate: string;
  /** Orders a table's rows by insertion where it has no key for it: SQLite's `rowid`, else `seq`. */
  readonly insertionOrder: string;
  /**
   * A FROM item (aliased `r`) of the rows of one JSON array parameter, with `columns` as its columns
   * (quoted names): a batch of rows bound as one parameter, not one per value.
   */
  jsonRows(columns: readonly JsonColumn[]): string;
};

/** Statements that run when called and return their result (no promise): a one-process engine's. */
export type SyncSql = {
  all<T>(text: string, params?: readonly unknown[]): T[];
  get<T>(text: string, params?: readonly unknown[]): T | undefined;
  run(text: string, params?: readonly unknown[]): { changes: number };
};

/**
 * What an engine owned by one process (SQLite) offers besides: work done at once, start to end,
 * with nothing else between, and state kept in memory by every store of this process on one file.
 */
export interface LocalEngine {
  /**
   * Runs `fn` at once when no transaction is open on the store's file, else as soon as the open one
   * ended. `fn` must not await: it runs start to end, so nothing else reads or writes meanwhile.
   */
  exclusive<T>(fn: (sql: SyncSql) => T): T | Promise<T>;
  /** `fn` in `BEGIN IMMEDIATE` ... `COMMIT` (`ROLLBACK` when it throws); only inside `exclusive`. */
  transactionSync<T>(fn: (sql: SyncSql) => T): T;
  /**
   * The state named `name`, shared by every store this process opened on the same file (a test's
   * second instance, a restart in place), made by `make` the first time; gone when the last closes.
   */
  shared<T extends object>(name: string, make: () => T): T;
}

export interface Engine {
  readonly kind: 'sqlite' | 'postgres';
  /** Where the state is, for a log line: the file, or host/database (never a password). */
  readonly where: string;
  /** Statements outside any transaction (on SQLite they wait for an open one to end). */
  readonly sql: PortableSql;
  readonly dialect: Dialect;
  /**
   * One process owns the store (SQLite): what instances would have to share, such as rate-limit
   * buckets, can stay in this process's memory and answer at once.
   */
  readonly oneProcess: boolean;
  /** Given when one process owns the store (SQLite): see LocalEngine. */
  readonly local?: LocalEngine;
  /**
   * Runs `fn` in one transaction: committed when its promise resolves, rolled back when it rejects.
   * `fn` runs its statements on `tx` only and awaits nothing else (see BffStore.transaction).
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Sends `message` to every instance's listeners, this one's included. */
  publish(message: StoreMessage): Promise<void>;
  onMessage(listener: (message: StoreMessage) => void): () => void;
  close(): Promise<void>;
}

/** `n` placeholders for an IN list: `?, ?, ?`. */
export function placeholders(n: number): string {
  return Array.from({ length: n }, () => '?').join(', ');
}

/** Whether `err` is a unique key's violation, on either engine. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
