/**
 * The account lists' tables (issue 15), one text for both engines (docs/decisions/0013): the store's
 * migration 4 applies it.
 */
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
