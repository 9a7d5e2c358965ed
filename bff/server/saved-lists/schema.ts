/**
 * The saved lists' tables (docs/decisions/0016-saved-lists.md), one text for both engines: the BFF
 * store's migrations 3, 6, 9 and 11, or `applySavedListsSchema` for a database they do not manage.
 */
import type { PortableSql } from '../store/store';

export const SAVED_LISTS_SCHEMA = `
CREATE TABLE IF NOT EXISTS saved_lists (
  id                  TEXT PRIMARY KEY,
  owner_id            TEXT NOT NULL,
  owner_name          TEXT NOT NULL,
  name                TEXT NOT NULL,
  request             TEXT NOT NULL,
  columns             TEXT,
  shared              INTEGER NOT NULL DEFAULT 0 CHECK (shared IN (0, 1)),
  schedule            TEXT CHECK (schedule IS NULL OR schedule IN ('daily', 'weekly')),
  next_check_at       TEXT,
  last_check_at       TEXT,
  last_check_outcome  TEXT CHECK (last_check_outcome IS NULL OR last_check_outcome IN ('ran', 'skipped', 'failed')),
  last_check_detail   TEXT,
  last_check_run_id   TEXT,
  created_at          TEXT NOT NULL,
  updated_at          TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS saved_lists_owner ON saved_lists(owner_id);
CREATE INDEX IF NOT EXISTS saved_lists_shared ON saved_lists(shared);
CREATE INDEX IF NOT EXISTS saved_lists_due ON saved_lists(next_check_at);

CREATE TABLE IF NOT EXISTS saved_list_runs (
  id               TEXT PRIMARY KEY,
  list_id          TEXT NOT NULL REFERENCES saved_lists(id) ON DELETE CASCADE,
  seq              INTEGER NOT NULL,
  at               TEXT NOT NULL,
  run_by_id        TEXT NOT NULL,
  run_by_name      TEXT NOT NULL,
  run_trigger      TEXT NOT NULL CHECK (run_trigger IN ('manual', 'schedule')),
  total_count      INTEGER NOT NULL,
  size             INTEGER NOT NULL,
  added_count      INTEGER NOT NULL,
  removed_count    INTEGER NOT NULL,
  credits_consumed DOUBLE PRECISION NOT NULL,
  members          TEXT NOT NULL,
  added            TEXT NOT NULL,
  removed          TEXT NOT NULL,
  companies        TEXT NOT NULL,
  UNIQUE (list_id, seq)
);

CREATE TABLE IF NOT EXISTS saved_list_seen (
  list_id  TEXT NOT NULL REFERENCES saved_lists(id) ON DELETE CASCADE,
  user_id  TEXT NOT NULL,
  run_id   TEXT NOT NULL REFERENCES saved_list_runs(id) ON DELETE CASCADE,
  at       TEXT NOT NULL,
  PRIMARY KEY (list_id, user_id)
);

CREATE TABLE IF NOT EXISTS saved_list_alerts (
  id        TEXT PRIMARY KEY,
  user_id   TEXT NOT NULL,
  list_id   TEXT NOT NULL REFERENCES saved_lists(id) ON DELETE CASCADE,
  run_id    TEXT NOT NULL REFERENCES saved_list_runs(id) ON DELETE CASCADE,
  at        TEXT NOT NULL,
  new_count INTEGER NOT NULL,
  read_at   TEXT
);
CREATE INDEX IF NOT EXISTS saved_list_alerts_user ON saved_list_alerts(user_id, read_at);
`;

/**
 * Lists with seeds (issue 16): the list's seed companies (JSON `[{uuid, name, website}]`, null for
 * none); per run how it was ordered, why it was not ranked, and its members' scores (JSON
 * `{uuid: {score, reasons, cells}}`, kept for a list's newest runs only). The store's migration 6, on
 * either engine; SQLite checks a new column's CHECK against the rows already there (all null).
 */
export const SAVED_LISTS_SEEDS_MIGRATION = `
ALTER TABLE saved_lists ADD COLUMN seeds TEXT;
ALTER TABLE saved_list_runs ADD COLUMN ranking TEXT CHECK (ranking IS NULL OR ranking IN ('similarity', 'filters'));
ALTER TABLE saved_list_runs ADD COLUMN ranking_note TEXT;
ALTER TABLE saved_list_runs ADD COLUMN scores TEXT;
`;

/**
 * Scheduled checks as attempts (issue 30): the store's migration 9, on either engine. The attempt
 * running now (its id, the instance running it, when it started, the lease it renews while it
 * runs), how many attempts the check's slot has had, when the next may start, and where
 * `next_check_at` moves once the slot ends; which attempt the last check was. An attempt whose lease
 * ended without an end (its instance died) is recorded as failed by the instance that finds it, and
 * tried again within its slot. Rows from before are lists with no attempt under way.
 */
export const SAVED_LISTS_CHECK_ATTEMPTS_MIGRATION = `
ALTER TABLE saved_lists ADD COLUMN check_attempt_id TEXT;
ALTER TABLE saved_lists ADD COLUMN check_owner TEXT;
ALTER TABLE saved_lists ADD COLUMN check_started_at TEXT;
ALTER TABLE saved_lists ADD COLUMN check_lease_until TEXT;
ALTER TABLE saved_lists ADD COLUMN check_attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE saved_lists ADD COLUMN check_retry_at TEXT;
ALTER TABLE saved_lists ADD COLUMN check_slot_end TEXT;
ALTER TABLE saved_lists ADD COLUMN last_check_attempt INTEGER;
`;

/**
 * Static lists (issue 35): a list is a saved search (`kind = 'search'`, its request) or companies
 * picked by hand (`kind = 'static'`, its `request` the JSON text `null`, never scheduled), whose
 * companies are rows of `saved_list_companies` in the list's order (`position`), named as the
 * company search found them when they were added. The store's migration 11, on either engine
 * (IF NOT EXISTS: `applySavedListsSchema` runs it again on a database it manages itself).
 */
export const SAVED_LISTS_STATIC_MIGRATION = `
ALTER TABLE saved_lists ADD COLUMN kind TEXT NOT NULL DEFAULT 'search' CHECK (kind IN ('search', 'static'));
CREATE TABLE IF NOT EXISTS saved_list_companies (
  list_id           TEXT NOT NULL REFERENCES saved_lists(id) ON DELETE CASCADE,
  uuid              TEXT NOT NULL,
  name              TEXT NOT NULL,
  website           TEXT NOT NULL,
  product_category  TEXT,
  position          INTEGER NOT NULL,
  added_at          TEXT NOT NULL,
  PRIMARY KEY (list_id, uuid)
);
CREATE INDEX IF NOT EXISTS saved_list_companies_order ON saved_list_companies(list_id, position);
`;

/** What the store asks of a database: the BFF store's portable SQL (`?` parameters, either engine). */
export type SqlRunner = PortableSql;

/**
 * The schema's statements one by one (each runner takes one statement at a time), for a database
 * the BFF store's migrations do not manage (migrations 3 and 6 otherwise).
 */
export async function applySavedListsSchema(sql: SqlRunner): Promise<void> {
  for (const statement of SAVED_LISTS_SCHEMA.split(';')) if (statement.trim()) await sql.run(statement);
  for (const statement of [
    ...SAVED_LISTS_SEEDS_MIGRATION.split(';'),
    ...SAVED_LISTS_CHECK_ATTEMPTS_MIGRATION.split(';'),
    ...SAVED_LISTS_STATIC_MIGRATION.split(';'),
  ]) {
    if (!statement.trim()) continue;
    try {
      await sql.run(statement);
    } catch (e) {
      // Tables made by an earlier start already have the column.
      if (!/duplicate column|already exists/i.test(String(e))) throw e;
    }
  }
}
