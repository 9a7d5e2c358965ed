/**
 * The store's migrations on the project's engine: applied once each, in order, also when several
 * instances open the same state at once; what a later open finds is left as it is.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reopenTestStore, testStoresAtOnce } from '../../testing/test-store';
import { addUser } from '../auth/users';
import { MIGRATIONS } from './migrations';
import { numbered } from './postgres';
import { bffDatabaseFile } from './sqlite';
import type { BffStore } from './store';

let dir: string;
let stores: BffStore[] = [];
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'bff-migrations-'));
});
afterEach(async () => {
  for (const s of stores) await s.close();
  stores = [];
  rmSync(dir, { recursive: true, force: true });
});

describe('migrations', () => {
  it('are applied once each, in order, when four instances open one store at once', async () => {
    stores = await testStoresAtOnce(4, bffDatabaseFile(dir));
    const applied = await stores[0]!.sql.all<{ id: number; name: string }>(
      'SELECT id, name FROM schema_migrations ORDER BY id',
    );
    expect(applied).toEqual(MIGRATIONS.map((m) => ({ id: m.id, name: m.name })));
    // Every instance works on the one schema.
    await addUser(stores[1]!, { name: 'olga', password: 'a long enough secret', dailyBudget: 3 });
    for (const s of stores) expect((await s.findUserByName('OLGA'))?.daily_budget).toBe(3);
  });

  it('leave a migrated store as it is when it opens again', async () => {
    stores = await testStoresAtOnce(1, bffDatabaseFile(dir));
    const first = stores[0]!;
    await addUser(first, {
      name: 'piet',
      password: 'a long enough secret',
      dailyBudget: null,
      role: 'admin',
    });
    const before = await first.sql.all('SELECT id, applied_at FROM schema_migrations ORDER BY id');
    const again = await reopenTestStore(first);
    stores.push(again);
    expect(await again.sql.all('SELECT id, applied_at FROM schema_migrations ORDER BY id')).toEqual(before);
    expect((await again.findUserByName('piet'))?.role).toBe('admin');
  });
});

describe('portable SQL', () => {
  it('numbers ? placeholders for PostgreSQL, not those in quoted text', () => {
    expect(numbered("SELECT * FROM t WHERE a = ? AND b = '?' AND c IN (?, ?)")).toBe(
      "SELECT * FROM t WHERE a = $1 AND b = '?' AND c IN ($2, $3)",
    );
  });
});
