/**
 * The store a test's BFF runs on: SQLite in memory (the `sqlite` Vitest project), or on the
 * `postgres` project a schema of its own in the test file's database (bff/testing/postgres-file.ts
 * sets TEST_DATABASE_URL), so every store a test opens starts empty, as an in-memory SQLite does.
 */
import { randomBytes } from 'node:crypto';
import { openPostgres, type PostgresStore } from '../server/store/postgres';
import { SqliteStore } from '../server/store/sqlite';
import type { BffStore } from '../server/store/store';
import { testDatabaseUrl } from './env';

/** Whether this test run's stores are PostgreSQL (the `postgres` project). */
export const ON_POSTGRES = testDatabaseUrl() !== undefined;

const schemaOf = new WeakMap<BffStore, string>();

/** A fresh, empty store; `file`: a SQLite data file (on PostgreSQL, a schema named after it). */
export async function testStore(o: { file?: string } = {}): Promise<BffStore> {
  const url = testDatabaseUrl();
  if (url === undefined) return new SqliteStore(o.file ?? ':memory:');
  const schema = `s_${randomBytes(6).toString('hex')}`;
  const store = await openPostgres(url, { schema, max: 4 });
  schemaOf.set(store, schema);
  return store;
}

/** Another store on the same state as `store` (a restart, or a second instance). */
export async function reopenTestStore(store: BffStore): Promise<BffStore> {
  if (store instanceof SqliteStore) return new SqliteStore(store.where);
  const schema = schemaOf.get(store);
  const url = testDatabaseUrl();
  if (!schema || !url) throw new Error('not a test store');
  const again: PostgresStore = await openPostgres(url, { schema, max: 4 });
  schemaOf.set(again, schema);
  return again;
}

/**
 * `n` stores opened at the same moment on one fresh state (several instances starting at once):
 * on PostgreSQL they meet in the migrations' advisory lock; SQLite files open one after another.
 */
export async function testStoresAtOnce(n: number, file: string): Promise<BffStore[]> {
  const url = testDatabaseUrl();
  if (url === undefined) return Array.from({ length: n }, () => new SqliteStore(file));
  const schema = `s_${randomBytes(6).toString('hex')}`;
  const stores = await Promise.all(Array.from({ length: n }, () => openPostgres(url, { schema, max: 2 })));
  for (const s of stores) schemaOf.set(s, schema);
  return stores;
}
