/**
 * The BFF's own SQLite store (DATA_DIR/bff.sqlite): team accounts, sessions and the credit ledger.
 * It is separate from the embedded service's database because a BFF in front of a remote service
 * has no embedded database at all. Other BFF parts (webhooks seen) add their own tables to it.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type BffDb = Database.Database;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS users (
  id            TEXT PRIMARY KEY,
  name          TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  salt          TEXT NOT NULL,
  daily_budget  REAL,
  created_at    TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS sessions (
  id_hash     TEXT PRIMARY KEY,
  user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at  TEXT NOT NULL,
  expires_at  TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_user ON sessions(user_id);

CREATE TABLE IF NOT EXISTS ledger (
  id               INTEGER PRIMARY KEY,
  user_id          TEXT NOT NULL,
  day              TEXT NOT NULL,
  at               TEXT NOT NULL,
  method           TEXT NOT NULL,
  endpoint         TEXT NOT NULL,
  status           INTEGER NOT NULL,
  credits_consumed REAL NOT NULL,
  cache            TEXT NOT NULL CHECK (cache IN ('hit', 'miss', 'none')),
  duration_ms      REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS ledger_user_day ON ledger(user_id, day);
`;

// ---------------------------------------------------------------------------------------------
// Roles and administration (issue 13; the queries are in bff/server/admin/store.ts). Applied to
// every store, old ones included: a column is added only when the table lacks it, so a database
// file from before this keeps its users (each a member) and its ledger.

const ADMIN_COLUMNS: ReadonlyArray<{ table: string; column: string; definition: string }> = [
  {
    table: 'users',
    column: 'role',
    definition: "TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('admin', 'member'))",
  },
  { table: 'users', column: 'disabled', definition: 'INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1))' },
];

const ADMIN_SCHEMA = `
CREATE TABLE IF NOT EXISTS team_settings (
  id          INTEGER PRIMARY KEY CHECK (id = 1),
  monthly_cap REAL CHECK (monthly_cap IS NULL OR monthly_cap >= 0),
  updated_at  TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS audit (
  id         INTEGER PRIMARY KEY,
  at         TEXT NOT NULL,
  actor_id   TEXT NOT NULL,
  actor_name TEXT NOT NULL,
  action     TEXT NOT NULL,
  target     TEXT NOT NULL,
  details    TEXT NOT NULL DEFAULT '{}'
);

-- The spend dashboard and the team's monthly total read the ledger by day across users.
CREATE INDEX IF NOT EXISTS ledger_day ON ledger(day);
`;

function applyAdminSchema(db: Database.Database): void {
  db.transaction(() => {
    for (const { table, column, definition } of ADMIN_COLUMNS) {
      const columns = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
      if (!columns.some((c) => c.name === column))
        db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
    }
    db.exec(ADMIN_SCHEMA);
  })();
}

const statements = new WeakMap<BffDb, Map<string, Database.Statement>>();

/**
 * The statement of `sql` on `db`, prepared once: better-sqlite3 compiles a statement anew on each
 * `prepare`, which on a per-request path (the session lookup) cost more than running it.
 */
export function prepared(db: BffDb, sql: string): Database.Statement {
  let byDb = statements.get(db);
  if (!byDb) {
    byDb = new Map();
    statements.set(db, byDb);
  }
  let stmt = byDb.get(sql);
  if (!stmt) {
    stmt = db.prepare(sql);
    byDb.set(sql, stmt);
  }
  return stmt;
}

export function bffDatabaseFile(dataDir: string): string {
  return path.join(dataDir, 'bff.sqlite');
}

/** Opens (creating when missing) the store; ':memory:' gives a throwaway one for tests. */
export function openBffDatabase(file: string): BffDb {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // The ledger is an account of spending, not money itself: losing the last transactions on power
  // loss is acceptable, an fsync per proxied call is not.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  applyAdminSchema(db);
  return db;
}
