import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { getMeta, openDatabase, setMeta } from './db';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('opening the database', () => {
  it('upgrades an older search table, and asks for a rebuild', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'db-'));
    dirs.push(dir);
    const file = path.join(dir, 'service.sqlite');
    const first = openDatabase(file);
    first.exec(
      "DROP TABLE companies_fts; CREATE VIRTUAL TABLE companies_fts USING fts5(name, content='companies', content_rowid='idx')",
    );
    setMeta(first, 'search.built', '2026-01-01T00:00:00Z');
    first.close();

    const old = new Database(file);
    expect(
      (old.prepare("SELECT name FROM pragma_table_info('companies_fts')").all() as { name: string }[]).map(
        (c) => c.name,
      ),
    ).toEqual(['name']);
    old.close();

    const db = openDatabase(file);
    const columns = (
      db.prepare("SELECT name FROM pragma_table_info('companies_fts')").all() as { name: string }[]
    ).map((c) => c.name);
    expect(columns).toEqual(['name', 'product_category', 'description']);
    expect(getMeta(db, 'search.built')).toBeUndefined();
    db.close();
  });
});
