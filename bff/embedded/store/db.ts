/**
 * The embedded service's database: one SQLite file under DATA_DIR, opened with better-sqlite3.
 * Companies keep one row each: identity and sort columns for fast reads, the filterable values
 * (`facets`, JSON) the query index is built from, and one JSON column per data section.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { STORED_SECTIONS, type StoredSection } from '../../contract/section-names';

export type Db = Database.Database;

/** Each connection's statements, compiled once (better-sqlite3 compiles anew on every `prepare`). */
const compiled = new WeakMap<Db, Map<string, Database.Statement>>();

/**
 * The statement of `sql` on `db`, prepared on first use and kept with the connection: for the
 * statements every call runs (the key's lookup and charge, a company's identity and sections).
 * Only for `get`, `all` and `run`: an `iterate` holds its statement until the loop ends.
 */
export function statement(db: Db, sql: string): Database.Statement {
  let byText = compiled.get(db);
  if (!byText) {
    byText = new Map();
    compiled.set(db, byText);
  }
  let stmt = byText.get(sql);
  if (!stmt) {
    stmt = db.prepare(sql);
    byText.set(sql, stmt);
  }
  return stmt;
}

export function sectionColumn(section: StoredSection): string {
  return `s_${section}`;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS companies (
  idx               INTEGER PRIMARY KEY,
  uuid              TEXT NOT NULL UNIQUE,
  name              TEXT NOT NULL,
  website           TEXT NOT NULL,
  domain            TEXT NOT NULL UNIQUE,
  product_category  TEXT,
  company_type      TEXT NOT NULL,
  company_status    TEXT NOT NULL,
  prominence        REAL NOT NULL,
  revenue_usd       INTEGER,
  valuation_usd     INTEGER,
  employee_count    INTEGER,
  total_funding_usd INTEGER,
  founded_year      INTEGER,
  search_name       TEXT NOT NULL,
  facets            TEXT NOT NULL,
  ${STORED_SECTIONS.map((s) => `${sectionColumn(s)} TEXT NOT NULL`).join(',\n  ')},
  origin            TEXT NOT NULL DEFAULT 'seed',
  created_at        TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS companies_search_name ON companies(search_name);


CREATE TABLE IF NOT EXISTS api_keys (
  id          INTEGER PRIMARY KEY,
  key_hash    TEXT NOT NULL UNIQUE,
  name        TEXT NOT NULL,
  plan        TEXT NOT NULL CHECK (plan IN ('payg', 'subscription', 'enterprise')),
  credits     REAL NOT NULL,
  created_at  TEXT NOT NULL,
  revoked_at  TEXT
);

CREATE TABLE IF NOT EXISTS usage (
  id               INTEGER PRIMARY KEY,
  key_id           INTEGER NOT NULL REFERENCES api_keys(id),
  endpoint         TEXT NOT NULL,
  credits_consumed REAL NOT NULL,
  at               TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS usage_key_at ON usage(key_id, at);

-- Company addition requests (docs/product-rules.md, section 9): a durable queue. See additions/README.md.
CREATE TABLE IF NOT EXISTS addition_requests (
  id            TEXT PRIMARY KEY,
  key_id        INTEGER NOT NULL REFERENCES api_keys(id),
  company_name  TEXT NOT NULL,
  website       TEXT NOT NULL,
  domain        TEXT NOT NULL,
  status        TEXT NOT NULL CHECK (status IN ('pending', 'in_progress', 'completed', 'failed')),
  reason        TEXT,
  company_uuid  TEXT,
  claimed_at    TEXT,
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS addition_requests_key_created ON addition_requests(key_id, created_at);
CREATE INDEX IF NOT EXISTS addition_requests_status ON addition_requests(status, created_at);
CREATE INDEX IF NOT EXISTS addition_requests_key_domain ON addition_requests(key_id, domain);
-- The only moves: pending -> in_progress -> completed | failed (the code checks too).
CREATE TRIGGER IF NOT EXISTS addition_requests_transitions
BEFORE UPDATE OF status ON addition_requests
WHEN NOT (OLD.status = NEW.status
  OR (OLD.status = 'pending' AND NEW.status = 'in_progress')
  OR (OLD.status = 'in_progress' AND NEW.status IN ('completed', 'failed')))
BEGIN
  SELECT RAISE(ABORT, 'addition request status cannot move that way');
END;

-- Webhook endpoints and the durable delivery queue (docs/product-rules.md, section 9). See additions/README.md.
CREATE TABLE IF NOT EXISTS webhook_endpoints (
  id          TEXT PRIMARY KEY,
  key_id      INTEGER NOT NULL REFERENCES api_keys(id),
  url         TEXT NOT NULL,
  description TEXT,
  events      TEXT NOT NULL,
  secret      TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  deleted_at  TEXT
);
CREATE INDEX IF NOT EXISTS webhook_endpoints_key ON webhook_endpoints(key_id);

CREATE TABLE IF NOT EXISTS webhook_deliveries (
  id               INTEGER PRIMARY KEY,
  message_id       TEXT NOT NULL,
  endpoint_id      TEXT NOT NULL REFERENCES webhook_endpoints(id),
  event_type       TEXT NOT NULL,
  request_id       TEXT NOT NULL,
  request_status   TEXT NOT NULL,
  payload          TEXT NOT NULL,
  status           TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts         INTEGER NOT NULL DEFAULT 0,
  next_attempt_at  TEXT,
  last_status_code INTEGER,
  last_error       TEXT,
  created_at       TEXT NOT NULL,
  delivered_at     TEXT,
  UNIQUE (message_id, endpoint_id)
);
CREATE INDEX IF NOT EXISTS webhook_deliveries_due ON webhook_deliveries(status, next_attempt_at);
CREATE INDEX IF NOT EXISTS webhook_deliveries_endpoint ON webhook_deliveries(endpoint_id, id);
`;

/**
 * Words of company names, product categories and short descriptions, for company search (names) and
 * for ranking a text query (all three). It keeps its own copy of the text (the description lives in
 * the firmographic JSON), filled by rebuildSearchIndex() after seeding. A database made with an older search table gets the new one (and is
 * rebuilt at start-up).
 */
const SEARCH_SCHEMA = `
CREATE VIRTUAL TABLE companies_fts USING fts5(
  name, product_category, description, tokenize='unicode61 remove_diacritics 2'
);`;

function ensureSearchTable(db: Db): void {
  const columns = (
    db.prepare('SELECT name FROM pragma_table_info(?)').all('companies_fts') as { name: string }[]
  ).map((c) => c.name);
  if (columns.includes('description')) return;
  db.exec(`DROP TABLE IF EXISTS companies_fts; ${SEARCH_SCHEMA}`);
  db.prepare("DELETE FROM meta WHERE key = 'search.built'").run();
}

export function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  // A company row is ~15 KB of section JSON: 16 KB pages keep most rows off overflow chains.
  // (Takes effect only on a new database, before the first table is created.)
  db.pragma('page_size = 16384');
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('cache_size = -65536');
  db.exec(SCHEMA);
  ensureSearchTable(db);
  return db;
}

export function getMeta(db: Db, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare(
    'INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  ).run(key, value);
}

export function databaseFile(dataDir: string): string {
  return path.join(dataDir, 'service.sqlite');
}

export function rebuildSearchIndex(db: Db): void {
  db.transaction(() => {
    db.exec('DELETE FROM companies_fts');
    db.exec(`INSERT INTO companies_fts(rowid, name, product_category, description)
             SELECT idx, name, product_category, json_extract(s_firmographic, '$.company_description_short')
             FROM companies`);
    setMeta(db, 'search.built', new Date().toISOString());
  })();
}
