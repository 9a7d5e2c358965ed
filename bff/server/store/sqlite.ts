/**
 * The engine adapter on SQLite (DATA_DIR/bff.sqlite, better-sqlite3): the default, for one BFF
 * process. It is separate from the embedded service's database because a BFF in front of a remote
 * service has no embedded database at all. Data files from before migrations keep working: the first
 * migration only creates what is missing. The queries themselves are written once (./engine.ts).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Dialect, Engine, JsonColumn, LocalEngine, SyncSql, Tx } from './engine';
import { EngineStore } from './engine-store';
import { MIGRATIONS } from './migrations';
import type { PortableSql, StoreMessage } from './store';

export function bffDatabaseFile(dataDir: string): string {
  return path.join(dataDir, 'bff.sqlite');
}

/** Applies the migrations not yet applied, in one IMMEDIATE transaction (a second opener waits). */
export function migrateSqlite(db: Database.Database): void {
  db.transaction(() => {
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
    const done = new Set(
      (db.prepare('SELECT id FROM schema_migrations').all() as { id: number }[]).map((r) => r.id),
    );
    for (const m of MIGRATIONS) {
      if (done.has(m.id)) continue;
      if (typeof m.sqlite === 'string') db.exec(m.sqlite);
      else m.sqlite(db);
      db.prepare('INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)').run(
        m.id,
        m.name,
        new Date().toISOString(),
      );
    }
  }).immediate();
}

export function openSqlite(file: string): Database.Database {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // The ledger is an account of spending, not money itself: losing the last transactions on power
  // loss is acceptable, an fsync per proxied call is not.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrateSqlite(db);
  return db;
}

const SQLITE_DIALECT: Dialect = {
  forUpdate: '',
  insertionOrder: 'rowid',
  jsonRows: (columns: readonly JsonColumn[]) =>
    `(SELECT ${columns.map(([name]) => `json_extract(value, '$.${name}') AS "${name}"`).join(', ')}
      FROM json_each(?)) AS r`,
};

/**
 * A file's gate: `open` settles when the open transaction ends (undefined when none is open);
 * `shared` is the state LocalEngine.shared keeps for the file; `users` counts the engines open on it.
 */
type Gate = { open: Promise<void> | undefined; shared: Map<string, object>; users: number };
/**
 * The gate of each file this process opened: stores on one file here (a test's second instance, a
 * restart in place) take turns, since a transaction spans several turns of the event loop and
 * SQLite's wait for a lock would block the loop the holder needs to finish.
 */
const gates = new Map<string, Gate>();
function gateOf(file: string): Gate {
  const fresh = (): Gate => ({ open: undefined, shared: new Map(), users: 0 });
  if (file === ':memory:') return fresh();
  const key = path.resolve(file);
  let gate = gates.get(key);
  if (!gate) {
    gate = fresh();
    gates.set(key, gate);
  }
  return gate;
}
function leaveGate(file: string, gate: Gate): void {
  gate.users -= 1;
  if (gate.users > 0 || file === ':memory:') return;
  const key = path.resolve(file);
  if (gates.get(key) === gate) gates.delete(key);
}

export class SqliteEngine implements Engine {
  readonly kind = 'sqlite' as const;
  readonly dialect = SQLITE_DIALECT;
  readonly oneProcess = true;
  readonly local: LocalEngine;
  readonly sql: PortableSql;
  /** Portable SQL that runs at once, also while a transaction is open (the transaction's own). */
  private readonly direct: Tx;
  /** The same, answering without a promise. */
  private readonly now: SyncSql;
  private readonly gate: Gate;
  private closed = false;
  private readonly statements = new Map<string, Database.Statement>();
  private readonly listeners = new Set<(m: StoreMessage) => void>();

  constructor(
    readonly where: string,
    readonly db: Database.Database,
  ) {
    this.gate = gateOf(where);
    this.gate.users += 1;
    const gate = this.gate;
    const q = (text: string) => this.prepared(text);
    const now: SyncSql = {
      all: <T>(text: string, params: readonly unknown[] = []) => q(text).all(...params) as T[],
      get: <T>(text: string, params: readonly unknown[] = []) => q(text).get(...params) as T | undefined,
      run: (text, params = []) => ({ changes: q(text).run(...params).changes }),
    };
    this.now = now;
    this.direct = {
      all: async (text, params) => now.all(text, params),
      get: async (text, params) => now.get(text, params),
      run: async (text, params) => now.run(text, params),
      lock: async () => {},
    };
    this.local = {
      exclusive: <T>(fn: (sql: SyncSql) => T): T | Promise<T> => {
        if (!gate.open) return fn(now);
        return (async () => {
          while (gate.open) await gate.open;
          return fn(now);
        })();
      },
      transactionSync: <T>(fn: (sql: SyncSql) => T): T => {
        q('BEGIN IMMEDIATE').run();
        try {
          const out = fn(now);
          q('COMMIT').run();
          return out;
        } catch (err) {
          if (this.db.inTransaction) q('ROLLBACK').run();
          throw err;
        }
      },
      shared: <T extends object>(name: string, make: () => T): T => {
        let state = gate.shared.get(name) as T | undefined;
        if (!state) {
          state = make();
          gate.shared.set(name, state);
        }
        return state;
      },
    };
    // Outside a transaction a statement runs at once; while one is open, after it (see transaction).
    const d = this.direct;
    this.sql = {
      all: async <T>(text: string, params?: readonly unknown[]) => {
        while (gate.open) await gate.open;
        return d.all<T>(text, params);
      },
      get: async <T>(text: string, params?: readonly unknown[]) => {
        while (gate.open) await gate.open;
        return d.get<T>(text, params);
      },
      run: async (text, params) => {
        while (gate.open) await gate.open;
        return d.run(text, params);
      },
    };
  }

  /**
   * `fn` in `BEGIN IMMEDIATE` ... `COMMIT` (`ROLLBACK` when it rejects) on the one connection.
   * better-sqlite3 runs each of `fn`'s statements when it is called and its promise is settled by
   * then, so `fn`, awaiting only those, holds the connection to its end but for microtask turns.
   * Whatever else could run in such a turn waits: other transactions, and every statement on `sql`
   * (each of the store's queries). So `fn` must be short, on `tx` only, with no other awaits.
   * Commits wait for the disk as the pragma says (`durable` changes nothing here).
   */
  async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const gate = this.gate;
    while (gate.open) await gate.open;
    let end = () => {};
    gate.open = new Promise<void>((resolve) => {
      end = resolve;
    });
    try {
      // Prepared once: `exec` compiled the statement anew on every transaction.
      this.now.run('BEGIN IMMEDIATE');
      try {
        const out = await fn(this.direct);
        this.now.run('COMMIT');
        return out;
      } catch (err) {
        if (this.db.inTransaction) this.now.run('ROLLBACK');
        throw err;
      }
    } finally {
      gate.open = undefined;
      end();
    }
  }

  /** The statement of `sql`, prepared once (better-sqlite3 compiles anew on each `prepare`). */
  private prepared(sql: string): Database.Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  /** One process: a message goes to this process's listeners, at once. */
  async publish(message: StoreMessage): Promise<void> {
    for (const listener of [...this.listeners]) listener(message);
  }

  onMessage(listener: (message: StoreMessage) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
    if (!this.closed) {
      this.closed = true;
      leaveGate(this.where, this.gate);
    }
    if (this.db.open) this.db.close();
  }
}

/** The BFF's store on SQLite. */
export class SqliteStore extends EngineStore {
  /** Opens (creating when missing) the store; ':memory:' gives a throwaway one for tests. */
  constructor(
    file: string,
    /** The handle itself (tests, the bench's direct reads). */
    readonly db: Database.Database = openSqlite(file),
  ) {
    super(new SqliteEngine(file, db));
  }
}
