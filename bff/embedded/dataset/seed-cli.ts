/**
 * `npm run seed`: writes the generated dataset into the embedded service's database (settings:
 * ../config.ts).
 *
 *   DATA_DIR   where the database lives (default ./data)
 *   COMPANIES  how many companies (default 25000)
 *   SEED       dataset seed (default 42)
 *   SEED_WORKERS  worker threads generating rows (default: 2 on machines with 3+ cores for 50,000+)
 *   --force    replace a dataset that is already there
 */

import { type DatasetConfig, datasetConfigFromEnv } from '../config';
import { countCompanies } from '../store/companies';
import { databaseFile, getMeta, openDatabase, rebuildSearchIndex } from '../store/db';
import { clearCompanies, datasetState, seedDatabase } from './seed';

let cfg: DatasetConfig;
try {
  cfg = datasetConfigFromEnv();
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}
const { dataDir, companies: count, seed, workers } = cfg;
const force = process.argv.includes('--force');

const file = databaseFile(dataDir);
const db = openDatabase(file);
const state = datasetState(db);
if (state === 'complete' && !force) {
  const existing = countCompanies(db);
  console.log(
    `${file} already holds ${existing.toLocaleString('en')} companies (seed ${getMeta(db, 'dataset.seed') ?? '?'}); nothing to do. Use --force to replace them.`,
  );
  db.close();
  process.exit(0);
}
if (state !== 'empty') {
  console.error(
    state === 'incomplete' ? 'Removing an interrupted seed...' : 'Removing the existing dataset (--force)...',
  );
  clearCompanies(db);
}

console.error(`Seeding ${count.toLocaleString('en')} companies (seed ${seed}) into ${file}`);
console.error('  planning (one pass over every company, about a minute per million)...');
const started = performance.now();
let lastPrint = 0;
const result = await seedDatabase(db, {
  seed,
  count,
  ...(workers === undefined ? {} : { workers }),
  onProgress: (done, total) => {
    const now = performance.now();
    if (now - lastPrint < 500 && done < total) return;
    lastPrint = now;
    const rate = Math.round(done / ((now - started) / 1000));
    process.stderr.write(
      `\r  ${((done / total) * 100).toFixed(0).padStart(3)}%  ${done.toLocaleString('en')} / ${total.toLocaleString('en')}  ${rate.toLocaleString('en')} companies/s   `,
    );
  },
});
process.stderr.write('\n');
rebuildSearchIndex(db);
db.close();
console.log(
  `Seeded ${result.count.toLocaleString('en')} companies in ${result.seconds.toFixed(1)} s (${Math.round(result.rate).toLocaleString('en')} companies/s).`,
);
