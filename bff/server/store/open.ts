/**
 * Opens the BFF's store the environment asks for: PostgreSQL when DATABASE_URL is set
 * (`postgres://` or `postgresql://`), else SQLite in DATA_DIR/bff.sqlite.
 */
import { openPostgres } from './postgres';
import { bffDatabaseFile, SqliteStore } from './sqlite';
import type { BffStore } from './store';

export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(?:ql)?:\/\//i.test(url.trim());
}

export async function openStore(o: { databaseUrl?: string | undefined; dataDir: string }): Promise<BffStore> {
  if (o.databaseUrl !== undefined && o.databaseUrl.trim() !== '') {
    if (!isPostgresUrl(o.databaseUrl))
      throw new Error('DATABASE_URL must be a postgres:// (or postgresql://) URL');
    return openPostgres(o.databaseUrl.trim());
  }
  return new SqliteStore(bffDatabaseFile(o.dataDir));
}
