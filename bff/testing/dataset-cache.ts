/**
 * The embedded service's generated data sets, seeded once and then copied: seeding 2,000 companies
 * takes seconds, and the HTTP tests start a service of the same seed and size in file after file,
 * on both stores. A data set is seeded by `startService` itself into a folder, kept under the
 * system's temp folder, and each service starts on a copy of its own (so it may write: keys,
 * additions). The cache is keyed by seed and size and by the sources a data set is made from (the
 * generator, the service's schema, the contract, the locked packages), so a change to any of them
 * seeds afresh; what a service serves is exactly what seeding it would have made.
 */
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Service, type ServiceOptions, startService } from '../embedded/service';
import { databaseFile } from '../embedded/store/db';

// From the path, not a URL object: in a jsdom test, URL is jsdom's.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** What a seeded data set is made from. */
const SOURCES = ['bff/embedded/dataset', 'bff/embedded/store', 'bff/contract', 'package-lock.json'];
const CACHE = path.join(tmpdir(), 'list-builder-test-datasets');
/** Caches of other sources are removed once this old (a run of older sources may still read them). */
const STALE_MS = 3600_000;

function filesUnder(p: string): string[] {
  if (!statSync(p).isDirectory()) return [p];
  return readdirSync(p, { withFileTypes: true })
    .filter((e) => e.isDirectory() || /\.(ts|json)$/.test(e.name))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => filesUnder(path.join(p, e.name)));
}

let sourcesKey: string | undefined;
/** A hash of every source file a data set is made from, read once per process. */
function sourcesHash(): string {
  if (sourcesKey === undefined) {
    const hash = createHash('sha256');
    for (const file of SOURCES.flatMap((s) => filesUnder(path.join(ROOT, s)))) {
      hash.update(path.relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
    }
    sourcesKey = hash.digest('hex').slice(0, 16);
  }
  return sourcesKey;
}

function pruneStale(keep: string): void {
  for (const name of readdirSync(CACHE)) {
    const dir = path.join(CACHE, name);
    if (name !== keep && Date.now() - statSync(dir).mtimeMs > STALE_MS)
      rmSync(dir, { recursive: true, force: true });
  }
}

/** The cached database file of a data set, seeded by `startService` when there is none yet. */
async function seededFile(companies: number, seed: number): Promise<string> {
  const key = sourcesHash();
  const file = path.join(CACHE, key, `seed-${seed}-companies-${companies}.sqlite`);
  if (existsSync(file)) return file;
  mkdirSync(path.dirname(file), { recursive: true });
  pruneStale(key);
  const dir = mkdtempSync(path.join(CACHE, 'seeding-'));
  try {
    const service = await startService({ dataDir: dir, companies, seed });
    service.close();
    // Atomic: a process that finds the file finds it whole (two seeding at once both write it).
    renameSync(databaseFile(dir), file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return file;
}

/**
 * The embedded service on a data set of `companies` companies of `seed`, in a folder of its own
 * (removed when it closes), started from a copy of the cached data set.
 */
export async function startSeededService(
  companies: number,
  seed: number,
  opts: Omit<Partial<ServiceOptions>, 'dataDir' | 'companies' | 'seed'> = {},
): Promise<Service> {
  const source = await seededFile(companies, seed);
  const dir = mkdtempSync(path.join(tmpdir(), 'embedded-service-'));
  try {
    copyFileSync(source, databaseFile(dir));
    const service = await startService({ ...opts, dataDir: dir, companies, seed });
    return {
      ...service,
      close: () => {
        service.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}
