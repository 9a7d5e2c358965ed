/**
 * Setup of each test file of the `postgres` Vitest project: a database of the file's own on the
 * run's cluster (./postgres-global.ts), named in TEST_DATABASE_URL for ./test-store.ts and for BFF
 * processes a test starts (DATABASE_URL). Files stay independent; the cluster goes at the end.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { inject } from 'vitest';
import { setTestDatabaseUrl } from './env';

const base = inject('postgresUrl');
const name = `f_${randomBytes(6).toString('hex')}`;
const admin = postgres(base, { max: 1, onnotice: () => {} });
try {
  await admin.unsafe(`CREATE DATABASE ${name}`);
} finally {
  await admin.end({ timeout: 1 });
}
const url = new URL(base);
url.pathname = `/${name}`;
setTestDatabaseUrl(url.href);
