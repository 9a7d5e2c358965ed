/**
 * The store's migration 11 on SQLite (static lists): a data file with saved searches keeps each of
 * them as it was, now of kind `search`, with its request, schedule and runs; a static list's
 * companies go with it when it is deleted. (PostgreSQL runs the same text: the `postgres` project's
 * HTTP tests make static lists beside saved searches on it.)
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../store/migrations';
import { migrateSqlite } from '../store/sqlite';
import { LIST_COLUMNS, type ListRow, toList } from './rows';

const AT = '2030-01-01T00:00:00.000Z';
const REQUEST = { filters: { 'firmographic.company_type': ['private'] }, sort: 'relevance', limit: 25 };

/** A database as the store left it before migration 11, with a scheduled saved search that ran once. */
function before11(): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  db.exec(
    'CREATE TABLE schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
  );
  for (const m of MIGRATIONS.filter((m) => m.id < 11)) {
    if (typeof m.sqlite === 'string') db.exec(m.sqlite);
    else m.sqlite(db);
    db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(m.id, m.name, AT);
  }
  db.prepare(
    `INSERT INTO saved_lists (id, owner_id, owner_name, name, request, columns, shared, schedule, next_check_at,
       created_at, updated_at) VALUES ('s1', 'ada', 'ada', 'Fintech', ?, '["website"]', 1, 'daily', ?, ?, ?)`,
  ).run(JSON.stringify(REQUEST), AT, AT, AT);
  db.exec(`INSERT INTO saved_list_runs (id, list_id, seq, at, run_by_id, run_by_name, run_trigger, total_count,
       size, added_count, removed_count, credits_consumed, members, added, removed, companies)
     VALUES ('r1', 's1', 1, '${AT}', 'ada', 'ada', 'manual', 2, 2, 2, 0, 1.9, '["a","b"]', '["a","b"]', '[]', '{}')`);
  return db;
}

describe('migration 11: static lists', () => {
  it('keeps every saved search as a search, with its request, schedule and runs', () => {
    const db = before11();
    migrateSqlite(db);
    const row = db.prepare(`SELECT ${LIST_COLUMNS} FROM saved_lists WHERE id = 's1'`).get() as ListRow;
    expect(toList(row)).toMatchObject({
      id: 's1',
      kind: 'search',
      name: 'Fintech',
      request: REQUEST,
      columns: ['website'],
      shared: true,
      schedule: 'daily',
      nextCheckAt: AT,
    });
    expect(db.prepare("SELECT COUNT(*) AS n FROM saved_list_runs WHERE list_id = 's1'").get()).toEqual({
      n: 1,
    });

    expect(() =>
      db.exec(`INSERT INTO saved_lists (id, kind, owner_id, owner_name, name, request, created_at, updated_at)
               VALUES ('x', 'other', 'ada', 'ada', 'x', 'null', '${AT}', '${AT}')`),
    ).toThrow(/CHECK/);
    db.exec(`INSERT INTO saved_lists (id, kind, owner_id, owner_name, name, request, created_at, updated_at)
             VALUES ('t1', 'static', 'ada', 'ada', 'Picked', 'null', '${AT}', '${AT}')`);
    db.exec(`INSERT INTO saved_list_companies VALUES ('t1', 'a', 'A', 'a.com', NULL, 1, '${AT}')`);
    expect(() =>
      db.exec(`INSERT INTO saved_list_companies VALUES ('t1', 'a', 'A', 'a.com', NULL, 2, '${AT}')`),
    ).toThrow(/UNIQUE|PRIMARY/);
    db.exec("DELETE FROM saved_lists WHERE id = 't1'");
    expect(db.prepare('SELECT COUNT(*) AS n FROM saved_list_companies').get()).toEqual({ n: 0 });
    db.close();
  });
});
