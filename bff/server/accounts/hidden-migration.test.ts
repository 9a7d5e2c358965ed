/**
 * The store's migration 12 on SQLite (a third source of account lists, `hidden`): SQLite cannot
 * alter a CHECK, so the account lists' four tables are made again. A data file with an account
 * list, its members and its enrichment keeps all of them, the foreign keys still cascade, and the
 * new source is accepted, one per user. (PostgreSQL alters the CHECK in place: the `postgres`
 * project's HTTP tests make hidden lists on it.)
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../store/migrations';
import { migrateSqlite } from '../store/sqlite';

const AT = '2030-01-01T00:00:00.000Z';

/** A database as the store left it before migration 12, with one account list in use. */
function before12(): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  db.exec(
    'CREATE TABLE schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
  );
  for (const m of MIGRATIONS.filter((m) => m.id < 12)) {
    if (typeof m.sqlite === 'string') db.exec(m.sqlite);
    else m.sqlite(db);
    db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(m.id, m.name, AT);
  }
  db.exec(`
    INSERT INTO account_lists VALUES ('l1', 'ada', 'ada', 'CRM', 'import', 1, 'i1', '${AT}', '${AT}');
    INSERT INTO account_lists VALUES ('l2', 'ada', 'ada', 'Exported before', 'exported', 0, NULL, '${AT}', '${AT}');
    INSERT INTO account_list_members VALUES ('l1', 'u1', 'One', 'one.com', '${AT}');
    INSERT INTO account_list_members VALUES ('l1', 'u2', 'Two', 'two.com', '${AT}');
    INSERT INTO account_enrichment VALUES ('l1', 'u1', 'location', '{}', '${AT}');
    INSERT INTO account_enrichment_runs VALUES ('l1', 'ada', 'completed', '[]', 2, 2, 3.5, NULL, '${AT}', '${AT}');`);
  return db;
}

describe('migration 12: account lists hidden by hand', () => {
  it('keeps every list, member and enrichment, and accepts one hidden list per user', () => {
    const db = before12();
    const count = (t: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n;
    migrateSqlite(db);
    expect(db.prepare('SELECT id, source, shared FROM account_lists ORDER BY id').all()).toEqual([
      { id: 'l1', source: 'import', shared: 1 },
      { id: 'l2', source: 'exported', shared: 0 },
    ]);
    expect([
      count('account_list_members'),
      count('account_enrichment'),
      count('account_enrichment_runs'),
    ]).toEqual([2, 1, 1]);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'm12_%'").all()).toEqual([]);

    const hidden = db.prepare(
      `INSERT INTO account_lists VALUES (?, 'ada', 'ada', 'Hidden companies', 'hidden', 0, NULL, '${AT}', '${AT}')`,
    );
    hidden.run('h1');
    expect(() => hidden.run('h2')).toThrow(/UNIQUE/);
    expect(() =>
      db.exec(
        `INSERT INTO account_lists VALUES ('x', 'ada', 'ada', 'x', 'other', 0, NULL, '${AT}', '${AT}')`,
      ),
    ).toThrow(/CHECK/);
    expect(() =>
      db.exec(`INSERT INTO account_list_members VALUES ('nope', 'u', 'U', 'u.com', '${AT}')`),
    ).toThrow(/FOREIGN KEY/);
    db.exec("DELETE FROM account_lists WHERE id = 'l1'");
    expect([
      count('account_list_members'),
      count('account_enrichment'),
      count('account_enrichment_runs'),
    ]).toEqual([0, 0, 0]);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    db.close();
  });
});
