/**
 * The account lists' tables (issue 15), one text for both engines (docs/decisions/0013): the store's
 * migration 4 applies it.
 */
import type Database from 'better-sqlite3';

/**
 * The tables, one text for both engines (the store's migration 4; DOUBLE PRECISION is REAL to
 * SQLite). IF NOT EXISTS: SQLite files from before the migration may hold them, made by this store.
 */
export const ACCOUNTS_SCHEMA = `
CREATE TABLE IF NOT EXISTS account_lists (
  id          TEXT PRIMARY KEY,
  owner_id    TEXT NOT NULL,
  owner_name  TEXT NOT NULL,
  name        TEXT NOT NULL,
  source      TEXT NOT NULL CHECK (source IN ('import', 'exported')),
  shared      INTEGER NOT NULL DEFAULT 0 CHECK (shared IN (0, 1)),
  import_id   TEXT,
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS account_lists_owner ON account_lists(owner_id);
CREATE UNIQUE INDEX IF NOT EXISTS account_lists_exported ON account_lists(owner_id) WHERE source = 'exported';

CREATE TABLE IF NOT EXISTS account_list_members (
  list_id   TEXT NOT NULL REFERENCES account_lists(id) ON DELETE CASCADE,
  uuid      TEXT NOT NULL,
  name      TEXT NOT NULL,
  domain    TEXT NOT NULL,
  added_at  TEXT NOT NULL,
  PRIMARY KEY (list_id, uuid)
);
CREATE INDEX IF NOT EXISTS account_list_members_uuid ON account_list_members(uuid);

CREATE TABLE IF NOT EXISTS account_imports (
  id              TEXT PRIMARY KEY,
  owner_id        TEXT NOT NULL,
  owner_name      TEXT NOT NULL,
  owner_role      TEXT NOT NULL,
  name            TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('queued', 'matching', 'completed', 'cancelled', 'failed')),
  columns         TEXT NOT NULL,
  name_column     TEXT,
  domain_column   TEXT,
  delimiter       TEXT NOT NULL,
  rows            INTEGER NOT NULL,
  requests        INTEGER NOT NULL DEFAULT 0,
  account_list_id TEXT NOT NULL,
  error           TEXT,
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS account_imports_owner ON account_imports(owner_id, created_at);
CREATE INDEX IF NOT EXISTS account_imports_status ON account_imports(status);

CREATE TABLE IF NOT EXISTS account_import_rows (
  import_id      TEXT NOT NULL REFERENCES account_imports(id) ON DELETE CASCADE,
  line           INTEGER NOT NULL,
  cells          TEXT NOT NULL,
  in_name        TEXT,
  in_domain      TEXT,
  state          TEXT NOT NULL CHECK (state IN ('pending', 'done', 'invalid')),
  uuid           TEXT,
  company_name   TEXT,
  company_domain TEXT,
  confidence     INTEGER,
  reason         TEXT,
  candidates     TEXT NOT NULL DEFAULT '[]',
  matched_at     TEXT,
  PRIMARY KEY (import_id, line)
);
CREATE INDEX IF NOT EXISTS account_import_rows_state ON account_import_rows(import_id, state, line);

CREATE TABLE IF NOT EXISTS account_enrichment (
  list_id  TEXT NOT NULL REFERENCES account_lists(id) ON DELETE CASCADE,
  uuid     TEXT NOT NULL,
  section  TEXT NOT NULL,
  data     TEXT NOT NULL,
  at       TEXT NOT NULL,
  PRIMARY KEY (list_id, uuid, section)
);

CREATE TABLE IF NOT EXISTS account_enrichment_runs (
  list_id         TEXT PRIMARY KEY REFERENCES account_lists(id) ON DELETE CASCADE,
  user_id         TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('running', 'completed', 'stopped', 'failed')),
  sections        TEXT NOT NULL,
  done            INTEGER NOT NULL,
  total           INTEGER NOT NULL,
  credits         DOUBLE PRECISION NOT NULL,
  stopped_reason  TEXT,
  started_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL
);
`;

const OLD_SOURCES = "source IN ('import', 'exported')";
const NEW_SOURCES = "source IN ('import', 'exported', 'hidden')";
/** The account lists' tables that `account_lists` or its children are (children reference it). */
const REBUILT = ['account_lists', 'account_list_members', 'account_enrichment', 'account_enrichment_runs'];

/**
 * A third source of account lists (issue 35's "Hide"): `hidden`, the companies a user hid by hand,
 * one such list per user (a partial unique index, as "Exported before"). The store's migration 12.
 *
 * PostgreSQL changes the CHECK in place. SQLite cannot alter a CHECK: the four tables are copied
 * aside, dropped children first (dropping `account_lists` while members reference it would delete
 * them by cascade, and the foreign keys cannot be turned off inside the migrations' transaction),
 * made again from the schema above with the new CHECK, and filled again, all in that transaction.
 */
export const ACCOUNTS_HIDDEN_MIGRATION = {
  id: 12,
  name: 'account lists hidden by hand: a third source, one such list per user',
  sqlite: (db: Database.Database) => {
    for (const t of REBUILT) db.exec(`CREATE TABLE m12_${t} AS SELECT * FROM ${t}`);
    for (const t of [...REBUILT].reverse()) db.exec(`DROP TABLE ${t}`);
    db.exec(ACCOUNTS_SCHEMA.replace(OLD_SOURCES, NEW_SOURCES));
    for (const t of REBUILT) {
      const columns = (db.prepare(`PRAGMA table_info(m12_${t})`).all() as { name: string }[])
        .map((c) => c.name)
        .join(', ');
      db.exec(`INSERT INTO ${t} (${columns}) SELECT ${columns} FROM m12_${t}`);
      db.exec(`DROP TABLE m12_${t}`);
    }
    db.exec("CREATE UNIQUE INDEX account_lists_hidden ON account_lists(owner_id) WHERE source = 'hidden'");
  },
  postgres: `
ALTER TABLE account_lists DROP CONSTRAINT account_lists_source_check;
ALTER TABLE account_lists ADD CONSTRAINT account_lists_source_check CHECK (${NEW_SOURCES});
CREATE UNIQUE INDEX account_lists_hidden ON account_lists(owner_id) WHERE source = 'hidden';`,
};
